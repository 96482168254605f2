"""Why an action is refused: stable reason codes, each with a sentence template.

The codes are what rule examples claim (``expect: {illegal: <code>}``); a
code is never renamed or reused for something else.
"""
from __future__ import annotations

from typing import Any

from ...play.contract import Verdict

#: Each code's sentence names the thing refused (a diagram prints it as "Not allowed: <sentence>.").
REASONS: dict[str, str] = {
    # the game and its order of decisions
    "game-over": "any action once the game is over",
    "chance-turn": "a player's choice while a card is coming off a shuffled deck",
    "not-drawing": "a card dealt when nobody is drawing",
    "card-not-in-deck": "dealing {card}, a card the deck does not hold",
    "wounds-pending": "any other action before the dwarf player lays the dragon's wounds on its mat",
    "no-wounds-to-place": "a wound laid on the dragon's mat when none is waiting",
    "ability-full": "a wound on the dragon's {ability}, whose spaces are all wounded already",
    "reaction-pending": "any other action before the {defender} answers the attack on {target}",
    "nothing-to-block": "a block, or a blow taken, with no attack waiting",
    "not-a-defence": "blocking with {card}, a card without a Defence",
    "discard-pending": "any other action before the {player}, holding {count} cards, discards down to {limit}",
    "hand-within-limit": "a discard from a hand of {count} cards, which the limit of {limit} allows",
    "exchange-pending": "any other action before the {player} keeps or exchanges the opening hand",
    "no-exchange-now": "exchanging a hand once play has begun",
    "placing-pending": "any other action before the dwarves stand on the board",
    "no-placing-now": "placing a dwarf who already stands on the board",
    "place-in-order": "placing the dwarves out of their order on the mat ({dwarf} comes next)",
    "next-to-dragon": "a dwarf starting on {cell}, next to the dragon",
    # a turn's actions
    "unknown-target": "naming {what}, which this game does not have",
    "dwarves-only": "the dragon doing what only the dwarves do",
    "dragon-only": "the dwarves doing what only the dragon does",
    "deck-empty": "a draw from the {player}'s empty deck",
    "card-not-in-hand": "playing {card}, a card the {player} does not hold",
    "not-an-option": "an option card {card} does not show ({option})",
    "defence-is-reaction": "a Defence played as an action of one's own turn",
    "wrong-targets": "{option} played with the wrong targets (it takes {needs})",
    "dwarf-dead": "an action of {dwarf}, who has been killed",
    "same-dwarf-twice": "naming one dwarf twice",
    "dwarves-out-of-order": "naming the dwarves out of their order on the mat ({order})",
    "stays-put-in-pair": "naming {dwarf} in a move that leaves him where he stands",
    "hex-occupied": "a figure ending on {cell}, a hex another figure holds",
    "too-far": "a walk of {distance} hexes from {start} to {cell} on a card of {value}",
    "path-blocked": "a walk to {cell}: every way of at most {value} steps crosses another figure",
    "not-adjacent": "an attack between {dwarf} and the dragon, who do not stand side by side",
    "ability-lost": "the dragon using its {ability}, lost since every {ability} space is wounded",
    "netted": "the netted dragon walking or flying",
    "ability-dwarf-dead": "the {ability} of {dwarf}, who has been killed",
    "not-in-line": "a crossbow shot by {dwarf}, who shares no straight line of hexes with the dragon",
    "line-blocked": "a crossbow shot through {blocker}, who stands between {dwarf} and the dragon",
    "already-netted": "a second net over the netted dragon",
    "fire-hits-nobody": "fire breathed {direction}, where no dwarf stands",
    "fury-used": "a second Fury turn in one game",
    "not-netted": "escaping a net that does not hold the dragon",
    "escape-needs-whole-turn": "escaping the net with only {left} of the turn left",
    "must-act": "a pass while the dragon can still draw or play",
    "no-pass": "a pass by the dwarves",
}
#: The six directions of the board in words (the notation's ``n ne se s sw nw``).
DIRECTION_WORDS = {"n": "north", "ne": "north-east", "se": "south-east", "s": "south", "sw": "south-west",
                   "nw": "north-west"}


def refuse(code: str, **details: Any) -> Verdict:
    """An illegal verdict with the reason's sentence filled in."""
    return Verdict(False, code, REASONS[code].format(**details))
