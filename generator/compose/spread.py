"""Spreading hidden things over a sheet: which piece or card of a kind goes in which place, seeded and balanced.

Things that are played face down (Dragon Eyes' pieces, a deck's cards) share
one back, so the only clue a printed back can give is where on the sheets it
was printed: a back turned, shrunk or shifted a little by the printer differs
from sheet to sheet and from one side of a sheet to the other. :func:`spread`
deals the kinds over the places so that every group of places (a sheet, a row,
a column, a half) holds each kind in proportion to its count, as nearly as
whole numbers allow; the rest is a seeded shuffle, the same on every build.
"""
from __future__ import annotations

import functools
import math
import random
from collections.abc import Hashable, Sequence

#: The seed of every arrangement: a fixed number, so the same specs print the same sheets.
SEED = 24
#: Swaps tried per place when the arrangement is balanced, and how readily a swap that balances worse is taken at
#: first (so that the search does not stop at the first arrangement no single swap improves).
ROUNDS, HEAT = 1000, 2.0


def spread(kinds: Sequence[Hashable], groups: Sequence[Sequence[Hashable]], seed: int = SEED) -> list[int]:
    """An order of ``kinds`` for the places: ``order[i]`` is the index in ``kinds`` of the thing put in place ``i``.

    ``groups[i]`` names the groups place ``i`` belongs to (its sheet, row, column, half...). The order starts as
    a seeded shuffle, and swaps of two places are kept when they bring each group's count of each kind nearer to its
    share (the group's size times the kind's share of all things); early on, some that do not are kept too. The
    search is worked out once per process for the same things, places and seed (a kit plans its sheets more than
    once): the answer depends on nothing else.
    """
    return list(_spread(tuple(kinds), tuple(tuple(place) for place in groups), seed))


@functools.lru_cache(maxsize=256)
def _spread(kinds: tuple[Hashable, ...], groups: tuple[tuple[Hashable, ...], ...], seed: int) -> tuple[int, ...]:
    n = len(kinds)
    if n != len(groups):
        raise ValueError(f"{n} things for {len(groups)} places")
    rng = random.Random(seed)
    order = list(range(n))
    rng.shuffle(order)
    names = sorted(set(kinds), key=kinds.index)
    if n < 2 or len(names) < 2:
        return tuple(order)
    kind = [names.index(k) for k in kinds]
    ids: dict[Hashable, int] = {}
    member = [[ids.setdefault(g, len(ids)) for g in place] for place in groups]
    total = [kind.count(k) for k in range(len(names))]
    size = [0] * len(ids)
    count = [[0] * len(names) for _ in ids]
    for i, place in enumerate(member):
        for g in place:
            size[g] += 1
            count[g][kind[order[i]]] += 1
    # How far each group's count of each kind is from its share (size * total / n), times n: whole numbers. A group
    # that gives up a ``ka`` for a ``kb`` gets (2 / n) * (n - off[ka] + off[kb]) farther from its shares (in squared
    # distance), so a swap's change is 2 * x / n with ``x`` summed below, exactly, in whole numbers.
    off = [[n * count[g][k] - size[g] * total[k] for k in range(len(names))] for g in range(len(ids))]
    # For a pair of places: the groups only the first is in, those only the second is in (groups both places
    # share keep their counts), and n for each of them.
    apart: dict[int, tuple[list[list[int]], list[list[int]], int]] = {}
    steps = ROUNDS * n
    bits, draw = n.bit_length(), rng.getrandbits
    for step in range(steps):
        a = draw(bits)  # an even draw below n: drawn again while out of range (what randrange(n) does, inline)
        while a >= n:
            a = draw(bits)
        b = draw(bits)
        while b >= n:
            b = draw(bits)
        ka, kb = kind[order[a]], kind[order[b]]
        if ka == kb:
            continue
        pair = apart.get(a * n + b)
        if pair is None:
            only_a = [off[g] for g in member[a] if g not in member[b]]
            only_b = [off[g] for g in member[b] if g not in member[a]]
            pair = apart[a * n + b] = (only_a, only_b, n * (len(only_a) + len(only_b)))
        only_a, only_b, x = pair
        for o in only_a:
            x += o[kb] - o[ka]
        for o in only_b:
            x += o[ka] - o[kb]
        if x >= 0:  # a swap that balances worse, or no better, is taken now and then early on, never at the end
            heat = HEAT * (1 - step / steps) ** 2
            if not (heat > 1e-3 and rng.random() < math.exp(-(2 * x / n) / heat)):
                continue
        for o in only_a:
            o[ka] -= n
            o[kb] += n
        for o in only_b:
            o[kb] -= n
            o[ka] += n
        order[a], order[b] = order[b], order[a]
    return tuple(order)


def place_groups(sheet: int, x: float, y: float, middle: tuple[float, float]) -> tuple[Hashable, ...]:
    """The groups a place at (x, y) mm on sheet ``sheet`` belongs to: its sheet, its row, its column, its halves and
    its quarter of the sheet; ``middle`` is the point that halves the sheet's places. (A row or column across the
    sheets is balanced when it is on each sheet.)"""
    right, low = x > middle[0] + 1e-6, y > middle[1] + 1e-6
    return (("sheet", sheet), ("row", sheet, round(y, 1)), ("column", sheet, round(x, 1)), ("right", sheet, right),
            ("low", sheet, low), ("quarter", sheet, right, low))
