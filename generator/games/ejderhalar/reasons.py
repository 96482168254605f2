"""Why a move action is refused: stable reason codes and the sentence for each.

Rule examples and the rulebook refer to these codes, so a code is never renamed
or given another meaning. The sentences are templates filled from the refused action.
"""
from __future__ import annotations

from typing import Any

from ...play.contract import Verdict

#: Every reason code and its sentence template.
REASONS: dict[str, str] = {
    "game-over": "the game is over: {winner} holds enough control points",
    "no-step": "a move action picks a token up and enters at least one square",
    "not-a-square": "the path names a square that is not on this board",
    "empty-square": "there is no token on {square} to pick up",
    "not-your-dragon": "the top token on {square} belongs to {owner}, not to {player}",
    "dragon-stunned": "{dragon} was pushed and is stunned for {turns} more turn(s) of its owner",
    "same-token": "the token on {square} already moved in this turn's first action",
    "token-pinned": "the token on {square} has tokens of {dragon} on two neighbouring squares: "
                    "moving it would split the dragon",
    "not-a-step": "{to} is not orthogonally next to {frm}",
    "path-revisits": "the path enters {square} a second time; a token never goes back over its own path",
    "path-off-dragon": "the token may only advance over its own dragon, and {square} holds none of {dragon}",
    "square-taken": "{square} holds {other}; a token is placed only on its own dragon or an empty square",
    "dragon-apart": "an empty square {square} is not next to any other token of {dragon}: the dragon would "
                    "come apart",
    "nothing-to-push": "the target square {square} holds no dragon that may be pushed",
    "own-dragon": "{dragon} on the target square {square} is the player's own; pushing it is a variant",
    "push-too-weak": "{mine} token(s) cannot push the {theirs} on {square}: a push needs at least as many",
    "won-before-push": "the move alone already wins the game, so no push follows it",
    "choice-missing": "the push needs a left/right choice at {square} and the action gives none",
    "choice-extra": "the action gives {count} left/right choice(s) that the rules never ask for",
    "choice-word": "a push choice is 'left' or 'right', not '{word}'",
}


def refuse(code: str, **details: Any) -> Verdict:
    """The verdict refusing an action for ``code``, its sentence filled from ``details``."""
    return Verdict(False, code, REASONS[code].format(**details))
