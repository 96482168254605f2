"""Why a move action is refused: stable reason codes and the sentence for each.

Rule examples and the rulebook refer to these codes, so a code is never renamed
or given another meaning. The sentences are templates filled from the refused action;
each names the forbidden thing, as diagrams print it ("Not allowed: <sentence>."),
in words a player reads (player names, squares and counts in words, never ids).
"""
from __future__ import annotations

from typing import Any

from ...play.contract import Verdict

#: Every reason code and its sentence template.
REASONS: dict[str, str] = {
    "game-over": "any action after {winner} has won",
    "no-step": "a move action that never leaves its square",
    "not-a-square": "a path through a square that is not on this board",
    "empty-square": "picking up a token from the empty square {square}",
    "not-your-dragon": "moving the other player's token on {square}",
    "dragon-stunned": "moving the stunned dragon on {square}, which rests {rest}",
    "same-token": "moving the token on {square} a second time in one turn",
    "token-pinned": "picking up the token on {square}, which holds its dragon together between two squares",
    "not-a-step": "a step from {frm} to {to}, which are not next to each other",
    "path-revisits": "a path that enters {square} a second time",
    "path-off-dragon": "a path through {square}, which holds no token of the moving dragon",
    "square-taken": "putting the token down on {square}, which holds another dragon",
    "dragon-apart": "putting the token down on {square}, away from the rest of its dragon",
    "nothing-to-push": "a push {where}",
    "own-dragon": "pushing your own dragon on {square} without the variant that allows it",
    "push-too-weak": "a push of {mine} against {theirs}",
    "won-before-push": "a push after a move that has already won",
    "choice-missing": "a push that leaves out the choice of left or right at {square}",
    "choice-extra": "naming {extra} of left or right where the rules give none",
    "choice-word": "the push choice '{word}', which is neither left nor right",
}


#: Small counts in words, for the sentences.
_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def count_words(count: int) -> str:
    """A small count in words ('three'), a larger one in digits."""
    return _WORDS[count] if 0 <= count < len(_WORDS) else str(count)


def stack_words(height: int) -> str:
    """How many tokens a square holds, in words: 'one token', 'a stack of two'."""
    return "one token" if height == 1 else f"a stack of {count_words(height)}"


def rest_words(turns: int) -> str:
    """How long a stunned dragon still rests, counted in its owner's turns from the current one."""
    return "this turn" if turns <= 1 else "this turn and the next" if turns == 2 else \
        f"this turn and the next {count_words(turns - 1)}"


def choices_words(count: int) -> str:
    """'a choice', 'two choices'."""
    return "a choice" if count == 1 else f"{count_words(count)} choices"


def refuse(code: str, **details: Any) -> Verdict:
    """The verdict refusing an action for ``code``, its sentence filled from ``details``."""
    return Verdict(False, code, REASONS[code].format(**details))
