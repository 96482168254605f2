"""The symbols printed on Drako's cards, drawn as the shared emblems are: paths in a 100 x 100 box.

The shared emblem table (:data:`generator.render.emblems.EMBLEMS`) has no
axes, crossbows or flames, and shared modules are not this game's to edit, so
:func:`register` adds Drako's symbols to it under names that start with
``drako-`` (nothing else uses that prefix). A card with two options gets one
emblem that shows both symbols, the first above and left, the second below and
right, so that the card's shared corner index and central art show both.

Every path uses absolute ``M``, ``L``, ``Q``, ``C`` and ``Z`` commands only,
so that :func:`_place` can scale and move it by rewriting its numbers.
"""
from __future__ import annotations

import re
from itertools import permutations

from ....render.emblems import EMBLEMS, Shape

#: Prefix of every emblem this module adds.
PREFIX = "drako-"

_K = 0.5523  # a circle of cubic curves


def _circle(cx: float, cy: float, r: float) -> str:
    """A circle as four cubic curves (absolute commands only)."""
    k = r * _K
    return (f"M{cx - r:g},{cy:g} C{cx - r:g},{cy - k:g} {cx - k:g},{cy - r:g} {cx:g},{cy - r:g} "
            f"C{cx + k:g},{cy - r:g} {cx + r:g},{cy - k:g} {cx + r:g},{cy:g} "
            f"C{cx + r:g},{cy + k:g} {cx + k:g},{cy + r:g} {cx:g},{cy + r:g} "
            f"C{cx - k:g},{cy + r:g} {cx - r:g},{cy + k:g} {cx - r:g},{cy:g} Z")


#: Each symbol of either deck. Card option names map onto these in :data:`SYMBOL_OF`.
SHAPES: dict[str, list[Shape]] = {
    # Two chevrons: a walk of one or two hexes.
    "move": [Shape("M-44,-34 L-14,-34 L18,0 L-14,34 L-44,34 L-12,0 Z"),
             Shape("M-2,-34 L12,-34 L44,0 L12,34 L-2,34 L30,0 Z")],
    # Two small figures' chevrons stacked: one or two dwarves walk.
    "move-two": [Shape("M-44,-44 L-20,-44 L4,-22 L-20,0 L-44,0 L-20,-22 Z"),
                 Shape("M-4,0 L20,0 L44,22 L20,44 L-4,44 L20,22 Z")],
    # An axe: a handle and a broad curved blade.
    "attack": [Shape("M-32,42 L22,-30", "stroke"),
               Shape("M4,-46 C26,-46 46,-30 46,-6 C34,-14 24,-14 14,-4 L-2,-24 C4,-30 6,-38 4,-46 Z")],
    # Two crossed axes: one or two dwarves strike.
    "attack-two": [Shape("M-38,40 L30,-28", "stroke"), Shape("M38,40 L-30,-28", "stroke"),
                   Shape("M14,-44 C32,-44 46,-32 46,-14 C38,-20 30,-20 24,-12 L12,-28 C16,-32 16,-38 14,-44 Z"),
                   Shape("M-14,-44 C-32,-44 -46,-32 -46,-14 C-38,-20 -30,-20 -24,-12 L-12,-28 C-16,-32 -16,-38 "
                         "-14,-44 Z")],
    # A crossbow seen from above: the bow, its string, the stock and the bolt.
    "crossbow": [Shape("M-44,-2 Q0,-40 44,-2", "stroke"), Shape("M0,-46 L0,44", "stroke"),
                 Shape("M-10,-34 L0,-48 L10,-34 Z"),
                 Shape("M-42,0 L0,18 L42,0", "stroke")],
    # A net: a ring with crossing cords.
    "net": [Shape(_circle(0, 0, 40), "stroke"),
            Shape("M-28,-28 L28,28 M-28,28 L28,-28 M-40,0 L40,0 M0,-40 L0,40", "stroke")],
    # A shield with a boss.
    "defence": [Shape("M0,-46 L38,-32 L38,0 C38,24 20,38 0,48 C-20,38 -38,24 -38,0 L-38,-32 Z"),
                Shape(_circle(0, -2, 10), "detail")],
    # A wing: the dragon's flight.
    "flight": [Shape("M-46,30 C-34,-20 0,-44 46,-42 C36,-30 38,-22 26,-16 C36,-10 32,-2 20,2 C28,10 22,18 8,18 "
                     "C10,26 2,32 -10,30 C-22,30 -34,32 -46,30 Z")],
    # Three claw marks: the dragon's bite and claws.
    "claw": [Shape("M-30,-40 Q-44,0 -22,42", "stroke"), Shape("M0,-44 Q-12,0 6,44", "stroke"),
             Shape("M30,-40 Q18,0 34,42", "stroke")],
    # A flame: the dragon's fire.
    "fire": [Shape("M0,-48 C22,-22 38,-6 32,18 C28,36 14,46 0,46 C-14,46 -30,36 -32,18 C-36,-2 -20,-12 -12,-30 "
                   "C-8,-16 -2,-10 6,-8 C10,-22 6,-36 0,-48 Z")],
    # Dragon walk: a clawed footprint.
    "step": [Shape(_circle(0, 14, 24)), Shape(_circle(-30, -18, 10)), Shape(_circle(0, -32, 10)),
             Shape(_circle(30, -18, 10))],
}

#: Which symbol each card option shows, by side and option name.
SYMBOL_OF: dict[str, dict[str, str]] = {
    "dwarves": {"move": "move", "move-two": "move-two", "attack": "attack", "attack-two": "attack-two",
                "crossbow": "crossbow", "net": "net", "defence": "defence"},
    "dragon": {"move": "step", "flight": "flight", "attack": "claw", "fire": "fire", "defence": "defence"},
}

_COMMAND = re.compile(r"([MLQCZ])([^MLQCZ]*)")
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def _place(d: str, dx: float, dy: float, scale: float) -> str:
    """Path ``d`` scaled by ``scale`` about the origin and moved by (dx, dy)."""
    out = []
    for command, args in _COMMAND.findall(d):
        numbers = [float(n) for n in _NUMBER.findall(args)]
        pairs = [f"{numbers[i] * scale + dx:.2f},{numbers[i + 1] * scale + dy:.2f}" for i in range(0, len(numbers), 2)]
        out.append(command + " ".join(pairs))
    return " ".join(out)


def emblem_name(symbols: tuple[str, ...]) -> str:
    """The emblem of a card showing ``symbols`` (one or two symbol names of :data:`SHAPES`)."""
    return PREFIX + "-".join(symbols) if len(symbols) == 1 else PREFIX + "+".join(symbols)


#: Drako's symbols are drawn this much larger than the nominal 100-unit box, so that they fill the cards'
#: art and corner indexes (the shared card layout leaves room round an emblem for the title).
GROW = 1.3


def single_shapes(name: str) -> list[Shape]:
    """One symbol, grown by :data:`GROW`."""
    return [Shape(_place(s.d, 0, 0, GROW), s.role) for s in SHAPES[name]]


def pair_shapes(first: str, second: str) -> list[Shape]:
    """One emblem showing two symbols: ``first`` top-left, ``second`` bottom-right, each a little over half size."""
    scale, shift = 0.52 * GROW, 24 * GROW
    return ([Shape(_place(s.d, -shift, -shift, scale), s.role) for s in SHAPES[first]]
            + [Shape(_place(s.d, shift, shift, scale), s.role) for s in SHAPES[second]])


def register() -> None:
    """Add every Drako symbol, and every pair of two symbols, to the shared emblem table (once)."""
    for name in SHAPES:
        EMBLEMS.setdefault(emblem_name((name,)), single_shapes(name))
    for first, second in permutations(SHAPES, 2):
        EMBLEMS.setdefault(emblem_name((first, second)), pair_shapes(first, second))
