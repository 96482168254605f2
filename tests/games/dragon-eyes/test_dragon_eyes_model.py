"""A second, independent model of the Dragon Eyes rules, compared with the engine on many positions.

The model below is written straight from the source rulebook and the readings of the ledger
(specs/dragon-eyes/rules-interpretations.md, cited by entry number), without the engine's rule code:
it uses none of captures.py, check.py or ending.py, nor the engine's legal_actions, apply,
chance_outcomes or invariants (those are only what it is compared with). From the engine it takes
only the board layout (the cell order of ``rules.tables.names``, which cells are Dragon Eyes from
``rules.tables.eye``, and the grid's axial coordinates ``board.grid.axial``), the seat order and the
``declare_draw`` option (``rules.players``, ``rules.declare_draw``) and the types: :class:`State`
with its cell codes (EMPTY, DOWN; a face-up piece of seat s is s + 1), the action tuples and the
contract's :class:`Result`. Lines and neighbours are walked here on the coordinates, and the pieces
per side are derived from the board (ledger 19). For every position of seeded self-play games (with
and without the declared-draw variant) and of random positions the engine's invariants accept
(face-down pieces, pieces on eyes, a flip awaiting its reveal, second-phase eye counts, boxed-in
pieces), the model must offer exactly the engine's legal actions and chance outcomes (with their
probabilities), each must leave exactly the engine's next state, and the game must end the same way.
"""
from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import takewhile
from typing import Iterator

import pytest

from generator.model.game import load_game
from generator.model.geometry import HexGrid
from generator.games.dragon_eyes.actions import Action, Capture, DeclareDraw, Flip, Reveal, Step
from generator.games.dragon_eyes.engine import DragonEyesRules
from generator.games.dragon_eyes.state import DOWN, EMPTY, State
from generator.play.contract import Result
from generator.play.registry import rules_for
from generator.play.selfplay import random_game

#: The six directions of a hex grid in axial (q, r) coordinates.
AXES = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
Chain = tuple[tuple[int, ...], frozenset[str]]  # the pieces taken, in order; tags for the coverage counts


class Model:
    """The rules on cell numbers: a position is the engine's State, read and built as plain values."""

    def __init__(self, rules: DragonEyesRules):
        grid = load_game("dragon-eyes").board.grid
        assert isinstance(grid, HexGrid)
        names = rules.tables.names
        self.players, self.eye, self.variant = rules.players, rules.tables.eye, rules.declare_draw
        self.per_side = (len(names) - sum(self.eye)) // 2  # 19
        where = {grid.axial(name): i for i, name in enumerate(names)}
        self.lines: list[list[list[int]]] = []  # per cell, per direction: the cells met going out, nearest first
        for name in names:
            q, r = grid.axial(name) or (0, 0)
            self.lines.append([[where[(q + k * dq, r + k * dr)] for k in range(1, 12) if (q + k * dq, r + k * dr) in where]
                               for dq, dr in AXES])

    def hops(self, board: list[int] | tuple[int, ...], cell: int, seat: int, enchanted: bool) -> dict[int, list[int]]:
        """Every single capture of ``seat``'s piece on ``cell``: the enemy taken -> the hexes it may land on.

        Source: a normal piece jumps an adjacent enemy onto the empty hex directly behind it; an enchanted
        piece flies along a line with no piece between it and the enemy nor between the enemy and an empty
        landing hex, never passing through or landing on an eye. Face-down pieces are nobody's enemy but
        block (1); an ordinary piece may jump over or land on an eye (2); flying over an enemy on an eye
        crosses that eye (3); the shortest flight obeys the ban too (11); leaving one's own eye is no
        crossing (12: the start is not on the line).
        """
        enemy = 2 - seat  # the cell code of the other seat's face-up pieces
        found: dict[int, list[int]] = {}
        for line in self.lines[cell]:
            way = line if enchanted else line[:2]
            t = next((k for k, c in enumerate(way) if board[c] != EMPTY), None)  # the first piece on the line
            if t is None or board[way[t]] != enemy or (t and not enchanted):
                continue
            if enchanted and any(self.eye[c] for c in way[:t + 1]):
                continue
            lands = list(takewhile(lambda c: board[c] == EMPTY and not (enchanted and self.eye[c]), way[t + 1:]))
            if lands:
                found[way[t]] = lands
        return found

    def chains(self, board: tuple[int, ...], start: int, seat: int) -> dict[tuple[int, ...], Chain]:
        """Every complete capture chain of the piece on ``start``: its path (start, then each landing)."""
        work = list(board)
        work[start] = EMPTY  # 14: the start is free once the piece sets off
        found: dict[tuple[int, ...], Chain] = {}

        def go(path: tuple[int, ...], taken: tuple[int, ...], enchanted: bool, tags: frozenset[str]) -> None:
            options = self.hops(work, path[-1], seat, enchanted)
            if not options:  # 15: the chain goes on while the piece can capture, and only then stops
                if taken:
                    found[path] = (taken, tags | ({"chain"} if len(taken) > 1 else set()))
                return
            for target, lands in options.items():  # source: free choice between captures
                work[target] = EMPTY  # source: the captured piece is removed immediately
                going = [c for c in lands if enchanted and self.hops(work, c, seat, True)]
                more = {"enchanted"} if enchanted else set()
                more |= {"duty"} if going and len(going) < len(lands) else set()  # 4: within the chosen capture
                for land in going or lands:
                    lit = not enchanted and self.eye[land]  # 13: landing on an eye enchants for the rest of the chain
                    far = enchanted and all(line[1:2] != [land] for line in self.lines[path[-1]])
                    go(path + (land,), taken + (target,), enchanted or lit,
                       tags | more | ({"eye-mid-chain"} if lit else set()) | ({"flight"} if far else set()))
                work[target] = 2 - seat

        go((start,), (), self.eye[start], frozenset())  # 12, 13: a piece beginning its turn on an eye is enchanted
        return found

    def own(self, board: tuple[int, ...], seat: int) -> list[int]:
        return [c for c, code in enumerate(board) if code == seat + 1]

    def can_capture(self, board: tuple[int, ...], seat: int) -> bool:
        return any(self.hops(board, c, seat, self.eye[c]) for c in self.own(board, seat))

    def steps(self, board: tuple[int, ...], seat: int) -> list[tuple[int, int]]:
        """16: to any of the six touching hexes that is empty, eyes included."""
        return [(c, line[0]) for c in self.own(board, seat) for line in self.lines[c] if line and board[line[0]] == EMPTY]

    def ending(self, st: State) -> Result | None:
        """How ``st`` (its ``over`` aside) ends the game, or None."""
        if st.declared:  # 17
            return Result((), "draw-declared")
        for seat in (0, 1):  # 5: face-down pieces still count
            if st.board.count(seat + 1) + st.hidden[seat] == 0:
                return Result((self.players[1 - seat],), "last-piece-lost")
        if st.flipped is not None or any(st.hidden):  # 8: phase 2 starts with the turn after the last reveal
            return None
        me = st.to_move
        if self.can_capture(st.board, me):  # 9: a capture first, nothing else looked at
            return None
        held = [sum(st.board[c] == seat + 1 for c in range(len(st.board)) if self.eye[c]) for seat in (0, 1)]  # 10
        if held[me] > held[1 - me]:
            return Result((self.players[me],), "eye-majority")
        if held[me] == held[1 - me]:  # 6: none against none is level too; 17: the variant waits for a declaration
            return None if self.variant else Result((), "eyes-level")
        return None if self.steps(st.board, me) else Result((self.players[1 - me],), "cannot-act")  # 9

    def settle(self, st: State) -> State:
        return st._replace(over=self.ending(st))

    def moves(self, st: State) -> dict[Action, tuple[State, frozenset[str]]]:
        """Every legal action with the state it leaves and its coverage tags."""
        if st.over is not None or st.flipped is not None:
            return {}
        me, board = st.to_move, st.board
        out: dict[Action, tuple[State, frozenset[str]]] = {}
        for start in self.own(board, me):  # source: a capture or chain if there is one, in both phases
            for path, (taken, tags) in self.chains(board, start, me).items():
                after = list(board)
                for c in (*taken, start):
                    after[c] = EMPTY
                after[path[-1]] = me + 1
                lost = (st.captured[0] + len(taken) * me, st.captured[1] + len(taken) * (1 - me))
                out[Capture(path)] = (self.settle(State(tuple(after), 1 - me, st.hidden, lost)), tags)
        if out:
            return out
        if sum(st.hidden):  # phase 1: flip a face-down piece; chance then shows whose it is (7)
            return {Flip(c): (self.settle(st._replace(flipped=c)), frozenset())
                    for c, code in enumerate(board) if code == DOWN}
        for frm, to in self.steps(board, me):  # phase 2 (16)
            after = list(board)
            after[frm], after[to] = EMPTY, me + 1
            out[Step(frm, to)] = (self.settle(st._replace(board=tuple(after), to_move=1 - me)), frozenset())
        held = [sum(board[c] == s + 1 for c in range(len(board)) if self.eye[c]) for s in (0, 1)]
        if self.variant and held[0] == held[1]:  # 17
            out[DeclareDraw()] = (self.settle(st._replace(declared=True)), frozenset())
        return out

    def chance(self, st: State) -> dict[Action, tuple[Fraction, State]]:
        """7: the flipped piece is each side's with that side's share of the face-down pieces; 8: the
        reveal ends the flipper's turn."""
        if st.over is not None or st.flipped is None:
            return {}
        out: dict[Action, tuple[Fraction, State]] = {}
        for seat in (0, 1):
            if st.hidden[seat]:
                board = list(st.board)
                board[st.flipped] = seat + 1
                hidden = (st.hidden[0] - (seat == 0), st.hidden[1] - (seat == 1))
                after = State(tuple(board), 1 - st.to_move, hidden, st.captured)
                out[Reveal(st.flipped, seat)] = (Fraction(st.hidden[seat], sum(st.hidden)), self.settle(after))
        return out


def random_position(model: Model, rng: random.Random) -> State:
    """Up to 24 face-up pieces, eyes often held, face-down pieces in half of them, sometimes a flip pending;
    one time in ten a second-phase piece boxed in by two rings of enemies that hold more eyes (cannot-act)."""
    size = len(model.eye)
    board = [EMPTY] * size
    plain = [c for c in range(size) if not model.eye[c]]
    rng.shuffle(plain)
    if rng.random() < 0.1:
        seat = rng.randrange(2)
        for c in rng.sample([c for c in range(size) if model.eye[c]], rng.randint(1, 3)):
            board[c] = 2 - seat
        for line in model.lines[plain[0]]:
            for c in line[:2]:
                board[c] = 2 - seat
        board[plain[0]] = seat + 1
        captured = (model.per_side - board.count(1), model.per_side - board.count(2))
        return model.settle(State(tuple(board), seat, (0, 0), captured))
    for c in range(size):
        if model.eye[c] and rng.random() < 0.3:
            board[c] = rng.choice((1, 2))
    up, down = rng.randint(1, 24), rng.choice((0, 0, rng.randint(1, 3), rng.randint(1, 20)))
    for c in plain[:up]:
        board[c] = rng.choice((1, 2))
    for c in plain[up:up + down]:
        board[c] = DOWN
    light = rng.randint(0, down)
    hidden = (light, down - light)
    captured = (model.per_side - board.count(1) - light, model.per_side - board.count(2) - hidden[1])
    flipped = rng.choice(plain[up:up + down]) if down and rng.random() < 0.2 else None
    return model.settle(State(tuple(board), rng.randrange(2), hidden, captured, flipped))


def positions(rules: DragonEyesRules, model: Model, seeds: int, count: int) -> Iterator[tuple[str, State]]:
    """Every position of some seeded self-play games, then random positions."""
    for seed in range(seeds):
        for ply in random_game(rules, seed, 400):
            yield f"self-play seed {seed}, ply {ply.number}", ply.state
    rng = random.Random(14)
    for number in range(count):
        state = random_position(model, rng)
        problems = rules.invariants(state)  # also: the engine's ending must be the model's
        assert not problems, f"random position {number}: {problems}\n{rules.state_text(state)}"
        yield f"random position {number}", state


@pytest.mark.parametrize("declare_draw", [False, True])
def test_an_independent_model_of_the_rules_agrees_with_the_engine(declare_draw: bool) -> None:
    base = rules_for(load_game("dragon-eyes"))
    assert isinstance(base, DragonEyesRules)
    rules = DragonEyesRules((base.players[0], base.players[1]), base.tables, base.per_side, True) if declare_draw else base
    model = Model(rules)
    seen: Counter[str] = Counter()
    for where, state in positions(rules, model, 6 if declare_draw else 10, 1000 if declare_draw else 1500):
        board = f"{where}\n{rules.state_text(state)}"
        ended = model.ending(state._replace(over=None))
        assert rules.result(state) == ended, f"{board}\nengine result {rules.result(state)}, model {ended}"
        engine_legal, expected = rules.legal_actions(state), model.moves(state)
        legal = set(engine_legal)
        assert len(legal) == len(engine_legal), f"{board}\nthe engine lists an action twice"
        assert legal == set(expected), (
            f"{board}\nengine only: {sorted(rules.action_text(a) for a in legal - set(expected))}"
            f"\nmodel only: {sorted(rules.action_text(a) for a in set(expected) - legal)}")
        chance, odds = dict(rules.chance_outcomes(state)), model.chance(state)
        assert chance == {a: p for a, (p, _) in odds.items()}, \
            f"{board}\nchance outcomes: engine {chance}, model {({a: p for a, (p, _) in odds.items()})}"
        outcomes = [(a, mine, tags) for a, (mine, tags) in expected.items()] + \
            [(a, mine, frozenset({"phase two"} if not sum(mine.hidden) else ())) for a, (_, mine) in odds.items()]
        tags = {"positions"} | ({f"end {state.over.reason}"} if state.over else set())
        for action, mine, more in outcomes:
            after = rules.apply(state, action).state
            assert after == mine, (f"{board}\n{rules.action_text(action)}\nengine ({after.over}):\n"
                                   f"{rules.state_text(after)}\nmodel ({mine.over}):\n{rules.state_text(mine)}")
            tags |= more | {type(action).__name__} | ({f"end {mine.over.reason}"} if mine.over else set())
            seen.update(more | {type(action).__name__})
        seen.update({f"{where.split()[0]} {tag}" for tag in tags} | {t for t in tags if t.startswith(("end", "pos"))})
    wanted = {"positions": 2000, "Capture": 3000, "chain": 1000, "enchanted": 1000, "flight": 500, "duty": 100,
              "eye-mid-chain": 100, "Flip": 10000, "Reveal": 500, "phase two": 15, "Step": 500,  # actions
              "end last-piece-lost": 10, "end eye-majority": 60, "end cannot-act": 30,  # positions from here on
              "self-play Capture": 150, "self-play chain": 50, "self-play enchanted": 20, "self-play flight": 15,
              "self-play duty": 8, "self-play eye-mid-chain": 25, "self-play Reveal": 300, "self-play Step": 4,
              "self-play end eye-majority": 8}
    wanted.update({"DeclareDraw": 20, "end draw-declared": 15} if declare_draw else {"end eyes-level": 60})
    short = {k: (seen[k], n) for k, n in wanted.items() if seen[k] < n}
    assert not short, f"too few cases (seen, wanted): {short}\n{seen}"
