"""The actions of Dragon Eyes and their notation.

=================  =====================================================
``flip c3``         turn the face-down piece on c3 over (a player's action)
``reveal c3 light`` chance shows whose piece the flipped one on c3 is
``c3xc5xe5``        a capture chain: the start, then every landing
``c3-c4``           a step to a neighbouring empty hex (phase 2)
``draw``            declare a draw (only with the ``declare_draw`` variant)
=================  =====================================================
"""
from __future__ import annotations

from typing import NamedTuple, Union

from .tables import Tables


class Flip(NamedTuple):
    """Turn the face-down piece on ``cell`` over."""

    cell: int


class Reveal(NamedTuple):
    """Chance's outcome after a flip: the piece on ``cell`` belongs to ``seat``."""

    cell: int
    seat: int


class Capture(NamedTuple):
    """A capture chain: ``path`` is the starting hex, then each landing in turn."""

    path: tuple[int, ...]


class Step(NamedTuple):
    """Move one's own piece from ``frm`` to the neighbouring hex ``to``."""

    frm: int
    to: int


class DeclareDraw(NamedTuple):
    """Declare the draw the level eye counts allow (``declare_draw`` variant)."""


Action = Union[Flip, Reveal, Capture, Step, DeclareDraw]

#: The kinds of action a player chooses, as :func:`action_kind` names them.
ACTION_KINDS = ("flip", "capture", "step", "draw")


def action_kind(action: Action) -> str:
    """The kind of an action: one of :data:`ACTION_KINDS`, or 'reveal' for chance's outcome after a flip."""
    if isinstance(action, Flip):
        return "flip"
    if isinstance(action, Reveal):
        return "reveal"
    if isinstance(action, Capture):
        return "capture"
    if isinstance(action, Step):
        return "step"
    return "draw"


def action_text(tables: Tables, players: tuple[str, ...], action: Action) -> str:
    """An action in the notation of this module."""
    names = tables.names
    if isinstance(action, Flip):
        return f"flip {names[action.cell]}"
    if isinstance(action, Reveal):
        return f"reveal {names[action.cell]} {players[action.seat]}"
    if isinstance(action, Capture):
        return "x".join(names[cell] for cell in action.path)
    if isinstance(action, Step):
        return f"{names[action.frm]}-{names[action.to]}"
    return "draw"


def parse_action(tables: Tables, players: tuple[str, ...], text: str) -> Action:
    """Read an action written in the notation of this module; ValueError saying what is wrong."""
    words = text.split()
    if not words:
        raise ValueError("an action cannot be empty (write e.g. 'flip c3', 'c3xc5', 'c3-c4')")
    if words[0] == "flip":
        if len(words) != 2:
            raise ValueError(f"'{text}': a flip names one hex, e.g. 'flip c3'")
        return Flip(tables.cell(words[1]))
    if words[0] == "reveal":
        if len(words) != 3 or words[2] not in players:
            raise ValueError(f"'{text}': a reveal names the flipped hex and its owner, "
                             f"e.g. 'reveal c3 {players[0]}' (owners: {', '.join(players)})")
        return Reveal(tables.cell(words[1]), players.index(words[2]))
    if words == ["draw"]:
        return DeclareDraw()
    if len(words) != 1:
        raise ValueError(f"'{text}' is not an action: write 'flip c3', 'reveal c3 {players[0]}', "
                         "a capture 'c3xc5xe5', a step 'c3-c4' or 'draw'")
    word = words[0]
    if "x" in word:
        cells = word.split("x")
        if len(cells) < 2 or "" in cells:
            raise ValueError(f"'{text}': a capture lists its start and each landing joined by 'x', e.g. 'c3xc5'")
        return Capture(tuple(tables.cell(cell) for cell in cells))
    if word.count("-") == 1:
        frm, to = word.split("-")
        return Step(tables.cell(frm), tables.cell(to))
    raise ValueError(f"'{text}' is not an action: write 'flip c3', 'reveal c3 {players[0]}', "
                     "a capture 'c3xc5xe5', a step 'c3-c4' or 'draw'")
