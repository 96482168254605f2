"""The push: moving a pushed dragon point by point under rules 3a, 3b and 3c.

The pushed "mass" starts as the token or stack on the target square and grows
as it gathers tokens of its dragon. At each strength point:

* 3c, the mass is the whole dragon: it moves on in its current direction to an
  empty square; if that is taken (off the board counts as taken) to the left
  or right one as seen facing that direction, the pusher choosing when both
  are free; with all three taken the push ends;
* 3a, the mass has its dragon on exactly one neighbouring square: it moves on
  top of it;
* 3b, the mass has its dragon on two neighbouring squares: the square behind
  (straight on) is chosen if it is one of them, otherwise the pusher chooses;
  all the dragon's tokens gather there.

The direction after each point is the one from the mass's old square to its
new one (ledger entry 15).
"""
from __future__ import annotations

from typing import NamedTuple

from .layout import Layout, turned
from .state import EMPTY


class PushStep(NamedTuple):
    """One strength point: the mass went from ``frm`` to ``to`` by ``rule``; ``gathered`` squares
    whose tokens joined it there (rule 3b); ``choice`` the side the pusher chose ('' when forced)."""

    frm: int
    to: int
    rule: str
    gathered: tuple[int, ...] = ()
    choice: str = ""


class PushRoute(NamedTuple):
    """A push carried out (or stopped at a choice the action does not make).

    ``dragon_at``/``height`` are the board after the push; ``used`` how many choices
    it consumed; ``missing_at`` the square where it needed a choice the action did
    not give (-1 when none was missing).
    """

    steps: tuple[PushStep, ...]
    dragon_at: tuple[int, ...]
    height: tuple[int, ...]
    used: int
    missing_at: int


def run_push(layout: Layout, dragon_at: tuple[int, ...], height: tuple[int, ...], target: int, direction: int,
             strength: int, choices: tuple[str, ...]) -> PushRoute:
    """Carry out a push of ``strength`` points on the mass at ``target`` going ``direction``."""
    at, high = list(dragon_at), list(height)
    step = layout.step
    dragon = at[target]
    mass, facing, used = target, direction, 0
    steps: list[PushStep] = []

    def free(square: int) -> bool:
        """On the board and holding no token."""
        return square >= 0 and at[square] == EMPTY

    for _ in range(strength):
        gathered: tuple[int, ...] = ()
        options: list[tuple[str | None, int]]
        if high[mass] == layout.tokens:
            rule = "3c"
            options = [(None, facing)] if free(step[mass][facing]) else \
                [(side, turned(facing, side)) for side in ("left", "right") if free(step[mass][turned(facing, side)])]
            if not options:
                break
        else:
            near = [d for d in range(4) if step[mass][d] >= 0 and at[step[mass][d]] == dragon]
            rule = "3a" if len(near) == 1 else "3b"
            if len(near) == 1 or facing in near:
                options = [(None, near[0] if len(near) == 1 else facing)]
            else:
                options = [(side, turned(facing, side)) for side in ("left", "right") if turned(facing, side) in near]
            gathered = tuple(step[mass][d] for d in near)
        side = ""
        if len(options) > 1:
            if used == len(choices):
                return PushRoute(tuple(steps), tuple(at), tuple(high), used, mass)
            side = choices[used]
            used += 1
            facing = next(d for s, d in options if s == side)
        else:
            facing = options[0][1]
        dest = step[mass][facing]
        moving = high[mass] + sum(high[g] for g in gathered if g != dest)
        for square in (mass,) + gathered:
            if square != dest:
                at[square], high[square] = EMPTY, 0
        at[dest], high[dest] = dragon, high[dest] + moving
        steps.append(PushStep(mass, dest, rule, tuple(g for g in gathered if g != dest) if rule == "3b" else (), side))
        mass = dest
    return PushRoute(tuple(steps), tuple(at), tuple(high), used, -1)


def push_routes(layout: Layout, dragon_at: tuple[int, ...], height: tuple[int, ...], target: int, direction: int,
                strength: int) -> list[tuple[tuple[str, ...], PushRoute]]:
    """Every way the pusher may carry out a push: each complete choice list with its route, left before right."""
    found: list[tuple[tuple[str, ...], PushRoute]] = []
    pending: list[tuple[str, ...]] = [()]
    while pending:
        choices = pending.pop(0)
        route = run_push(layout, dragon_at, height, target, direction, strength, choices)
        if route.missing_at >= 0:
            pending[0:0] = [choices + ("left",), choices + ("right",)]
        else:
            found.append((choices, route))
    return found
