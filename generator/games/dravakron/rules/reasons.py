"""Why an action is illegal: stable kebab-case reason codes and the sentence for each.

The codes are part of the public API: diagrams and the printed rulebook
refer to them, so a code is never renamed or reused for something else.
Each sentence is a template filled from the details of the refused action, and
names the forbidden thing (diagrams print it as "Not allowed: <sentence>.").
"""
from __future__ import annotations

from typing import Any, NamedTuple

#: Every reason code and its sentence template, grouped by what they concern.
REASONS: dict[str, str] = {
    # turn and game
    "game-over": "an action after the game has been won",
    "unknown-action": "an action called '{kind}', which this game does not have",
    "not-your-turn": "an action out of turn",
    "setup-phase": "anything but the free drop, or declining it, during set-up",
    "setup-over": "declining the free drop once set-up is over",
    # squares and pieces
    "unknown-square": "a square called {square}, which this board does not have",
    "square-missing": "an action without {role}",
    "no-piece": "acting from {square}, where no piece stands",
    "not-your-piece": "moving the opponent's piece on {square}",
    "piece-frozen": "an action of the frozen piece on {square}",
    "piece-merged": "a single piece's action for the merged pair on {square}",
    "piece-not-merged": "a merged pair's action for the single piece on {square}",
    "carries-nothing": "giving up an item the piece on {square} does not have",
    "hands-full": "merging the piece on {square}, which carries an item",
    "lacks-weapon": "using {weapon}, which the piece on {square} does not carry",
    "not-a-flag": "throwing the weapon carried on {square}, as only flags are thrown",
    "not-a-weapon": "discarding the flag carried on {square}, as only weapons are discarded",
    # dropping
    "home-empty": "a drop with no piece left in the home base",
    "not-start": "a drop anywhere but the starting point {start}",
    "start-full": "a drop onto the starting point {square}, which holds a merged pair",
    # shape of a move
    "not-adjacent": "going from {frm} to {to}, which are not next to each other",
    "not-straight-line": "a line from {frm} to {to} that is neither a row nor a column",
    "not-on-line": "a shot from {frm} at {to}, off every row, column and diagonal through {frm}",
    "wrong-distance": "a merged pair moving {distance}, from {frm} to {to}, instead of exactly two",
    "too-far": "reaching {to} from {frm}, {distance} squares away, past the limit of {limit}",
    # squares a move may not enter or cross
    "enters-home-base": "entering the home base at {square}",
    "enters-start": "entering the starting point {square} from the board",
    "enters-flag-square": "entering the flag square {square}",
    "enters-storage": "entering the weapon storage at {square}",
    "enters-gate": "setting a piece lifted off a pair down on the main gate {square}",
    "enters-landing": "entering the landing square {square} other than through the {gate} gate",
    "path-crosses-home-base": "a path across the home base at {square}",
    "path-crosses-start": "a path across the starting point {square}",
    "path-crosses-flag-square": "a path across the flag square {square}",
    "path-crosses-storage": "a path across the weapon storage at {square}",
    "path-crosses-own-flag": "a path across the mover's own thrown flag on {square}",
    "own-piece-there": "moving onto {square}, where a piece of the same side stands",
    "own-flag-there": "ending on {square}, where the mover's own flag lies thrown",
    "target-in-stronghold": "striking the piece on the landing square {square} other than through the {gate} gate",
    "landing-missing": "going into the {gate} gate without choosing a landing square ({landings})",
    "not-a-landing": "coming out of the {gate} gate on {land}, which is not one of its landing squares ({landings})",
    "landing-without-gate": "choosing a landing square when going into no main gate",
    # merging
    "no-partner": "merging with {square}, where no piece stands",
    "partner-not-own": "merging with the opponent's piece on {square}",
    "partner-merged": "merging with the piece on {square}, which is merged already",
    "partner-frozen": "merging with the frozen piece on {square}",
    "partner-hands-full": "merging with the piece on {square}, which carries an item",
    # putting items down
    "square-occupied": "setting something down on {square}, where a piece stands",
    "flag-there": "throwing a flag onto {square}, where a thrown flag lies already",
    "onto-acquisition-square": "throwing a flag onto the acquisition square {square}",
    "on-acquisition-square": "throwing, discarding, sending or swapping from the acquisition square {square}",
    # weapons
    "no-target": "a shot at {square}, where no opposing piece stands",
    "own-target": "a shot at the piece on {square}, which is on the shooter's own side",
    "blocked-by-home-base": "a line through the home base at {square}",
    "blocked-by-start": "a line through the starting point {square}",
    "blocked-by-flag-square": "a line through the flag square {square}",
    "blocked-by-storage": "a line through the weapon storage at {square}",
    "blocked-by-gate": "a line through the {gate} main gate at {square}",
    "blocked-by-landing": "a line through the landing square {square}",
    "blocked-by-own-piece": "a shot past the shooter's own piece on {square}",
    "blocked-by-piece": "a hand-over past the piece on {square}",
    "target-frozen": "freezing the piece on {square}, which is frozen already",
    "target-protected": "freezing the piece on {square}, which its teammate on {friend} guards",
    # sending and exchanging
    "no-receiver": "handing an item to {square}, where no piece stands",
    "receiver-not-own": "handing an item to the opponent's piece on {square}",
    "receiver-frozen": "handing an item to the frozen piece on {square}",
    "receiver-merged": "handing an item to the merged pair on {square}",
    "receiver-hands-full": "sending an item to the piece on {square}, which carries one already",
    "receiver-empty-handed": "an exchange with the piece on {square}, which carries nothing",
    "receiver-on-acquisition-square": "handing an item to the piece on the acquisition square {square}",
    "into-stronghold": "handing an item into the landing square {square} other than through its main gate",
    "sender-in-stronghold": "an exchange, or a send through a gate, from the landing square {square}",
    "gate-sends-only": "an exchange through the {gate} gate",
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
