"""Why an action is refused: stable reason codes, each with a sentence template.

The codes are what rule examples claim (``expect: {illegal: <code>}``); a
code is never renamed or reused for something else.
"""
from __future__ import annotations

from typing import Any

from ...play.contract import Verdict

REASONS: dict[str, str] = {
    # the game and its order of decisions
    "game-over": "the game has ended: {winner} won",
    "chance-turn": "a card is coming off a shuffled deck; only chance decides here",
    "not-drawing": "no card is being drawn now",
    "card-not-in-deck": "the deck being drawn from holds no {card}",
    "wounds-pending": "the dwarf player must first put the dragon's wounds on its mat",
    "no-wounds-to-place": "no wound of the dragon waits to be placed",
    "ability-full": "every {ability} space of the dragon's mat is already wounded",
    "reaction-pending": "the {defender} must first answer the attack on {target}: block it or take it",
    "nothing-to-block": "no attack waits for an answer",
    "not-a-defence": "{card} shows no defence symbol and cannot block",
    "discard-pending": "the {player} holds {count} cards and must discard down to {limit} first",
    "hand-within-limit": "the {player} holds {count} cards, within the limit of {limit}: nothing to discard",
    "exchange-pending": "the {player} must first keep or exchange the opening hand",
    "no-exchange-now": "opening hands can be exchanged only before play begins (advanced rule)",
    "placing-pending": "the dwarf player must first place the dwarves on the board",
    "no-placing-now": "the dwarves are already on the board",
    "place-in-order": "dwarves are placed in the order of the mat: {dwarf} comes next",
    "next-to-dragon": "{cell} is next to the dragon, where no dwarf may start",
    # a turn's actions
    "unknown-target": "{what} is not part of this game (numbers out of range)",
    "dwarves-only": "only the dwarves can do that",
    "dragon-only": "only the dragon can do that",
    "deck-empty": "the {player}'s deck is empty: there is nothing to draw",
    "card-not-in-hand": "the {player} holds no {card}",
    "not-an-option": "card {card} does not show {option}",
    "defence-is-reaction": "a defence is played only to block an attack, never as an action of one's own",
    "wrong-targets": "{option} needs {needs}",
    "dwarf-dead": "{dwarf} has been killed",
    "same-dwarf-twice": "one dwarf is named twice",
    "dwarves-out-of-order": "name the dwarves in the order of the mat ({order})",
    "stays-put-in-pair": "{dwarf} would stay where he is: leave him out and name the other dwarf alone",
    "hex-occupied": "{cell} is taken by another figure",
    "too-far": "{cell} is {distance} steps from {start}, more than {value}",
    "path-blocked": "no way of at most {value} steps through empty hexes leads to {cell}",
    "not-adjacent": "{dwarf} is not next to the dragon",
    "ability-lost": "the dragon has lost its {ability}: every {ability} space is wounded",
    "netted": "the dragon is caught in the net and cannot move or fly",
    "ability-dwarf-dead": "{dwarf}, who holds the {ability}, has been killed",
    "not-in-line": "{dwarf} and the dragon are not on one line of hexes",
    "line-blocked": "{blocker} stands between {dwarf} and the dragon",
    "already-netted": "the net already holds the dragon",
    "fire-hits-nobody": "no dwarf stands on the line {direction} of the dragon",
    "fury-used": "Fury has already been used in this game",
    "not-netted": "the dragon is not in the net",
    "escape-needs-whole-turn": "escaping the net takes both actions of a turn, and {left} is left",
    "must-act": "the dragon can still act; passing is allowed only when it can do nothing",
    "no-pass": "the dwarves never pass: they draw or play",
}


def refuse(code: str, **details: Any) -> Verdict:
    """An illegal verdict with the reason's sentence filled in."""
    return Verdict(False, code, REASONS[code].format(**details))
