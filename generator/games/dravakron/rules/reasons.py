"""Why an action is illegal: stable kebab-case reason codes and the sentence for each.

The codes are part of the public API: diagrams and the printed rulebook
refer to them, so a code is never renamed or reused for something else.
Each sentence is a template filled from the details of the refused action.
"""
from __future__ import annotations

from typing import Any, NamedTuple

#: Every reason code and its sentence template, grouped by what they concern.
REASONS: dict[str, str] = {
    # turn and game
    "game-over": "the game is over: {winner} has won",
    "unknown-action": "'{kind}' is not an action of this game",
    "not-your-turn": "it is {actor}'s turn, not {player}'s",
    "setup-phase": "during set-up a player may only drop a piece for free or decline to",
    "setup-over": "set-up is over: the free drop can no longer be declined",
    # squares and pieces
    "unknown-square": "{square} is not a square of this board",
    "square-missing": "this action needs {role}",
    "no-piece": "there is no piece on {square}",
    "not-your-piece": "the piece on {square} belongs to {owner}",
    "piece-frozen": "the piece on {square} is frozen and cannot act",
    "piece-merged": "the piece on {square} is merged: it moves two squares at a time and carries nothing",
    "piece-not-merged": "the piece on {square} is not merged",
    "carries-nothing": "the piece on {square} carries nothing",
    "hands-full": "the piece on {square} already carries {item}",
    "lacks-weapon": "the piece on {square} does not carry {weapon}",
    "not-a-flag": "the piece on {square} carries {item}, which is not a flag",
    "not-a-weapon": "the piece on {square} carries {item}, which is not a weapon",
    # dropping
    "home-empty": "{player} has no piece left in the home base",
    "not-start": "pieces enter the board only on the starting point {start}",
    "start-full": "the starting point {square} already holds a merged pair",
    # shape of a move
    "not-adjacent": "{to} is not next to {frm}",
    "not-straight-line": "{to} is not on the same row or column as {frm}",
    "not-on-line": "{to} is not on a straight or diagonal line from {frm}",
    "wrong-distance": "a merged pair moves exactly two squares, and {to} is {distance} from {frm}",
    "too-far": "{to} is {distance} squares from {frm}, more than the {limit} allowed",
    # squares a move may not enter or cross
    "enters-home-base": "{square} is part of a home base, which pieces and items never enter",
    "enters-start": "{square} is a starting point: pieces leave it and never come back",
    "enters-flag-square": "{square} is a flag square, which pieces and items never enter",
    "enters-storage": "{square} is weapon storage, which pieces and items never enter",
    "enters-gate": "a piece set down by unmerging cannot be put on the main gate {square}",
    "enters-landing": "{square} is a landing square of the {gate} gate and is reached only through that gate",
    "path-crosses-home-base": "path crosses the home base at {square}",
    "path-crosses-start": "path crosses the starting point at {square}",
    "path-crosses-flag-square": "path crosses the flag square at {square}",
    "path-crosses-storage": "path crosses the weapon storage at {square}",
    "path-crosses-own-flag": "path crosses {player}'s own thrown flag at {square}",
    "own-piece-there": "{square} already holds a piece of {player}'s",
    "own-flag-there": "{player}'s own thrown flag lies on {square}, where {player} may not stand",
    "target-in-stronghold": "the piece on the landing square {square} can be struck only through the {gate} gate",
    "landing-missing": "the move ends on the {gate} gate: choose one of its landing squares ({landings})",
    "not-a-landing": "{land} is not a landing square of the {gate} gate ({landings})",
    "landing-without-gate": "a landing square is chosen only when the action goes into a main gate",
    # merging
    "no-partner": "there is no piece on {square} to merge with",
    "partner-not-own": "the piece on {square} belongs to {owner}",
    "partner-merged": "the piece on {square} is already merged",
    "partner-frozen": "the piece on {square} is frozen",
    "partner-hands-full": "the piece on {square} carries {item}; only pieces carrying nothing merge",
    # putting items down
    "square-occupied": "a piece stands on {square}",
    "flag-there": "a thrown flag already lies on {square}",
    "onto-acquisition-square": "a flag may not be left on the acquisition square {square}",
    "on-acquisition-square": "the piece on {square} stands on an acquisition square, "
                             "where items are not thrown, discarded, sent or swapped",
    # weapons
    "no-target": "there is no opponent piece on {square}",
    "own-target": "the piece on {square} is {player}'s own; weapons never hit their own side",
    "blocked-by-home-base": "the home base at {square} is in the way",
    "blocked-by-start": "the starting point at {square} is in the way",
    "blocked-by-flag-square": "the flag square at {square} is in the way",
    "blocked-by-storage": "the weapon storage at {square} is in the way",
    "blocked-by-gate": "the {gate} main gate at {square} is in the way",
    "blocked-by-landing": "the landing square {square} is in the way",
    "blocked-by-own-piece": "{player}'s own piece on {square} is in the way",
    "blocked-by-piece": "the piece on {square} is in the way",
    "target-frozen": "the piece on {square} is frozen already",
    "target-protected": "the piece on {square} has a piece of its own side beside it at {friend}, "
                        "so it cannot be frozen",
    # sending and exchanging
    "no-receiver": "there is no piece on {square} to receive anything",
    "receiver-not-own": "the piece on {square} belongs to {owner}",
    "receiver-frozen": "the piece on {square} is frozen and cannot receive anything",
    "receiver-merged": "the piece on {square} is merged and cannot carry anything",
    "receiver-hands-full": "the piece on {square} already carries {item}",
    "receiver-empty-handed": "the piece on {square} has nothing to swap; send instead",
    "receiver-on-acquisition-square": "the piece on {square} stands on an acquisition square, "
                                      "where pieces do not receive items",
    "into-stronghold": "{square} is a landing square: items reach it only through its main gate, "
                       "from a square next to that gate",
    "sender-in-stronghold": "from the landing square {square} items only go out along a row or column",
    "gate-sends-only": "a gate carries items one way: nothing can be swapped through the {gate} gate",
}

#: Codes for squares nothing may enter, by square kind.
ENTERS = {"home": "enters-home-base", "start": "enters-start", "flag": "enters-flag-square",
          "storage": "enters-storage"}
#: Codes for squares a move may not cross, by square kind.
CROSSES = {"home": "path-crosses-home-base", "start": "path-crosses-start", "flag": "path-crosses-flag-square",
           "storage": "path-crosses-storage"}
#: Codes for squares that stop weapons and passed items, by square kind.
BLOCKS = {"home": "blocked-by-home-base", "start": "blocked-by-start", "flag": "blocked-by-flag-square",
          "storage": "blocked-by-storage", "gate": "blocked-by-gate", "landing": "blocked-by-landing"}

#: A refusal as the engine makes it: the code and the details for its sentence.
Refusal = tuple[str, dict[str, Any]]


class Verdict(NamedTuple):
    """The answer to "is this action legal?": a flag, a reason code and a sentence."""

    legal: bool
    code: str | None = None
    message: str = ""

    def __bool__(self) -> bool:
        return self.legal


def explain(code: str, details: dict[str, Any]) -> str:
    """The sentence for a reason code, filled in with the details of the refusal."""
    return REASONS[code].format(**details)


def verdict(refusal: Refusal | None) -> Verdict:
    """Turn the engine's refusal (or None for a legal action) into a :class:`Verdict`."""
    if refusal is None:
        return Verdict(True)
    code, details = refusal
    return Verdict(False, code, explain(code, details))


class IllegalAction(ValueError):
    """Raised when an illegal action is applied; carries the verdict that explains it."""

    def __init__(self, action: object, found: Verdict):
        self.action = action
        self.verdict = found
        super().__init__(f"{action}: {found.code}: {found.message}")
