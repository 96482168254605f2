"""Actions a player can take, and their one-line text form.

An action names its kind, the player, the square of the acting piece
(``frm``), a destination or target (``to``) and, when ``to`` is a main gate,
the landing square chosen on the far side (``land``). The text form is
``"<player> <kind> [<frm>] [<to>[><land>]]"``, e.g. ``"red step d9 e10>l3"``.
"""
from __future__ import annotations

from typing import NamedTuple

#: Every kind of action, with what ``frm`` / ``to`` / ``land`` mean for it.
ACTION_KINDS: dict[str, str] = {
    "drop": "put a piece from the home base onto the starting point (free during set-up); "
            "onto a lone own piece there it merges",
    "skip-free-drop": "during set-up, decline the free drop",
    "step": "move a single piece one square in any of the eight directions, frm -> to "
            "(onto an opponent: eliminate; onto a main gate: cross to land)",
    "merged-move": "move a merged pair exactly two squares straight along a row or column, frm -> to",
    "rapid-transport": "use the Arxval to move one to five squares along a row or column, frm -> to",
    "merge": "move a single piece onto an adjacent own single piece at to; they become one merged pair",
    "unmerge": "split the merged pair at frm, setting one piece down on the adjacent square to",
    "unmerge-merge": "take one piece off the merged pair at frm and merge it with the own single piece at to",
    "throw-flag": "put the carried flag down on the adjacent square to, or through the main gate to onto land",
    "discard-weapon": "send the carried weapon back to its storage without using it",
    "bomb": "use the Zagmora on the opponent piece at to",
    "freeze": "use the Elvindra on the opponent piece at to",
    "send": "pass the carried item to the own piece at to (through a main gate when to is a landing square "
            "of a gate next to frm)",
    "exchange": "swap carried items with the own piece at to",
}

#: Action kinds that move the acting piece itself.
MOVE_KINDS = ("step", "merged-move", "rapid-transport")


class Action(NamedTuple):
    """One action: kind, player, and the squares it concerns."""

    kind: str
    player: str
    frm: str | None = None
    to: str | None = None
    land: str | None = None

    def __str__(self) -> str:
        words = [self.player, self.kind]
        if self.frm:
            words.append(self.frm)
        if self.to:
            words.append(self.to + (f">{self.land}" if self.land else ""))
        return " ".join(words)

    @classmethod
    def parse(cls, text: str) -> "Action":
        """Read the text form written by ``str(action)``."""
        words = text.split()
        if len(words) < 2 or words[1] not in ACTION_KINDS:
            raise ValueError(f"'{text}': expected '<player> <kind> [<from>] [<to>[><landing>]]', "
                             f"kinds: {', '.join(ACTION_KINDS)}")
        player, kind, squares = words[0], words[1], words[2:]
        if len(squares) > 2:
            raise ValueError(f"'{text}': at most two squares")
        frm = to = land = None
        if kind == "drop":
            to = squares[0] if squares else None
        elif squares:
            frm = squares[0]
            if len(squares) == 2:
                to, _, land = squares[1].partition(">")
                land = land or None
        return cls(kind, player, frm, to, land)
