"""A second, independent model of the Ejderhalar rules, compared with the engine on self-play positions.

The model below is written straight from the source rulebook and the ledger's readings
(specs/ejderhalar/rules-interpretations.md), on board coordinates instead of the engine's
tables, without using moves.py, push.py or generate.py. For every position of some seeded
self-play games it must offer exactly the engine's legal actions, and each action must leave
the same board and the same stuns.
"""
from __future__ import annotations

from typing import Any, Iterator

import pytest
from ejderhalar_support import engine

from generator.games.ejderhalar.engine import EjderhalarRules
from generator.games.ejderhalar.state import Action, State
from generator.play.selfplay import random_game

#: North, east, south, west as (file, rank) steps; "left" turns three quarters, "right" one.
STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))
Board = tuple[list[int], list[int]]


class Model:
    """The rules on square names: dragons by index, squares by (file, rank)."""

    def __init__(self, rules: EjderhalarRules):
        self.layout = rules.layout
        self.columns, self.rows = rules.layout.grid.columns, rules.layout.grid.rows

    def near(self, c: int, d: int) -> int:
        """The square next to ``c`` in direction ``d``, -1 off the board."""
        name = self.layout.cells[c]
        col, row = ord(name[0]) - ord("a") + STEPS[d][0], int(name[1:]) + STEPS[d][1]
        if 0 <= col < self.columns and 1 <= row <= self.rows:
            return self.layout.index[f"{chr(ord('a') + col)}{row}"]
        return -1

    def won(self, at: list[int]) -> bool:
        """Whether a player has a token on enough control points."""
        held = [0] * len(self.layout.players)
        for c in self.layout.control:
            if at[c] >= 0:
                held[self.layout.owner_of[at[c]]] += 1
        return max(held) >= self.layout.needed

    def paths(self, state: State) -> Iterator[tuple[tuple[int, ...], int]]:
        """Every legal path with its last direction: top token, not stunned, not moved, not pinned;
        over its own dragon only, no square twice, ending on its dragon or on an empty square
        touching what is left of it."""
        at, high = state.dragon_at, state.height
        for s, k in enumerate(at):
            if k < 0 or self.layout.owner_of[k] != state.player or state.stun[k] or s == state.moved:
                continue
            if sum(1 for d in range(4) if self.near(s, d) >= 0 and at[self.near(s, d)] == k) >= 2:
                continue
            rest = {c for c, j in enumerate(at) if j == k and (c != s or high[s] > 1)}
            todo = [(s,)]
            while todo:
                path = todo.pop()
                for d in range(4):
                    n = self.near(path[-1], d)
                    if n < 0 or n in path:
                        continue
                    if at[n] == k:
                        yield path + (n,), d
                        todo.append(path + (n,))
                    elif at[n] < 0 and any(self.near(n, e) in rest for e in range(4)):
                        yield path + (n,), d

    def push(self, board: Board, target: int, facing: int, strength: int,
             choices: tuple[str, ...]) -> tuple[Board, int, bool] | None:
        """Rules 3a/3b/3c point by point: the board after, the choices used, whether the dragon moved;
        None when a choice is needed beyond ``choices``."""
        at, high = list(board[0]), list(board[1])
        k, mass, used, moved = at[target], target, 0, False
        for _ in range(strength):
            if high[mass] == self.layout.tokens:  # 3c: on, else a free side, else stop
                ahead = self.near(mass, facing)
                if ahead >= 0 and at[ahead] < 0:
                    sides = {"": facing}
                else:
                    sides = {side: (facing + turn) % 4 for side, turn in (("left", 3), ("right", 1))
                             if self.near(mass, (facing + turn) % 4) >= 0 and at[self.near(mass, (facing + turn) % 4)] < 0}
                    if not sides:
                        break
                gather = False
            else:
                near = [d for d in range(4) if self.near(mass, d) >= 0 and at[self.near(mass, d)] == k]
                if len(near) == 1:  # 3a
                    sides = {"": near[0]}
                elif facing in near:  # 3b behind
                    sides = {"": facing}
                else:  # 3b: the pusher picks a side
                    sides = {"left": (facing + 3) % 4, "right": (facing + 1) % 4}
                gather = len(near) == 2
            if len(sides) == 2:
                if used == len(choices):
                    return None
                facing = sides[choices[used]]
                used += 1
            else:
                facing = next(iter(sides.values()))
            dest = self.near(mass, facing)
            if gather:
                for c, j in enumerate(at):
                    if j == k and c != dest:
                        high[dest] += high[c]
                        at[c], high[c] = -1, 0
            else:
                high[dest] += high[mass]
                at[dest], at[mass], high[mass] = k, -1, 0
            mass, moved = dest, True
        return (at, high), used, moved

    def outcomes(self, state: State) -> dict[Action, tuple[Board, int, bool]]:
        """Every legal action with the board after it, the pushed dragon (-1 for none) and whether
        the push moved it."""
        found: dict[Action, tuple[Board, int, bool]] = {}
        if self.won(list(state.dragon_at)):
            return found
        for path, d in self.paths(state):
            at, high = list(state.dragon_at), list(state.height)
            k, last = at[path[0]], path[-1]
            high[path[0]] -= 1
            if not high[path[0]]:
                at[path[0]] = -1
            at[last], high[last] = k, high[last] + 1
            found[Action(path)] = ((at, high), -1, False)
            target = self.near(last, d)
            if target < 0 or at[target] < 0 or at[target] == k or self.won(at):
                continue
            if self.layout.owner_of[at[target]] == state.player or high[last] < high[target]:
                continue
            pending: list[tuple[str, ...]] = [()]
            while pending:
                choices = pending.pop()
                done = self.push((at, high), target, d, high[last] - high[target] + 1, choices)
                if done is None:
                    pending += [choices + ("left",), choices + ("right",)]
                elif done[1] == len(choices):
                    found[Action(path, True, choices)] = (done[0], at[target], done[2])
        return found


@pytest.mark.parametrize("options", [{}, {"tokens": 2}])
def test_an_independent_model_of_the_rules_agrees_with_the_engine(options: dict[str, Any]) -> None:
    rules = engine(**options)
    model = Model(rules)
    pushes = 0
    for seed in range(12):
        for ply in random_game(rules, seed, 120):
            state = ply.state
            expected = model.outcomes(state)
            assert set(rules.legal_actions(state)) == set(expected), rules.state_text(state)
            for action, ((at, high), pushed, moved) in expected.items():
                after = rules.apply(state, action).state
                assert (list(after.dragon_at), list(after.height)) == (at, high), rules.action_text(action)
                handed_over = after.player != state.player or after.action == 2  # no turn skipped
                if pushed >= 0 and handed_over and not model.won(at):
                    # stunned when it moved; a push that could not move it leaves its stun alone
                    assert (after.stun[pushed] == 1) if moved else (after.stun[pushed] == state.stun[pushed]), \
                        rules.action_text(action)
                pushes += action.push
    assert pushes > 300
