"""Seeded self-play on the shipped specs: invariants, check against legal actions, chance, hidden information."""
from __future__ import annotations

import random
from fractions import Fraction
from itertools import islice

from drako_support import rules

from generator.games.drako.actions import Action, Block, Discard, Place, PlaceWound, Play
from generator.games.drako.state import HIDDEN, State
from generator.play.contract import CHANCE
from generator.play.selfplay import final_state, random_game

GAMES = 50


def candidates(state: State, rng: random.Random) -> list[Action]:
    """Actions worth checking beside the legal ones: every card and option with random targets, and the rest."""
    engine = rules()
    core = engine.core
    cells = range(len(core.tables.names))
    found: list[Action] = []
    for side in (0, 1):
        for code, card in core.cards[side].items():
            found += [Block(code), Discard(code)]
            for option in card.options:
                for _ in range(2):
                    figures = tuple(sorted(rng.sample(range(3), rng.choice((1, 1, 2)))))
                    found.append(Play(code, option.code, figures, tuple(rng.choice(cells) for _ in figures)))
                    found.append(Play(code, option.code, cells=(rng.choice(cells),)))
                    found.append(Play(code, option.code, figures=figures[:1]))
                    found.append(Play(code, option.code, direction=rng.randrange(6)))
                    found.append(Play(code, option.code))
    found += [PlaceWound(i) for i in range(3)] + [Place(d, rng.choice(cells)) for d in range(3)]
    found += [engine.parse_action(state, word) for word in ("draw", "take", "fury", "escape", "pass", "keep",
                                                            "exchange")]
    return found


def test_self_play_keeps_invariants_and_check_agrees() -> None:
    engine = rules()
    rng = random.Random(5)
    endings = set()
    for seed in range(GAMES):
        ply = None
        for ply in random_game(engine, seed):
            state = ply.state
            assert engine.invariants(state) == [], engine.state_text(state)
            if ply.decider == CHANCE:
                outcomes = engine.chance_outcomes(state)
                assert sum(p for _, p in outcomes) == Fraction(1)
                assert all(engine.check(state, a) for a, _ in outcomes)
                continue
            if ply.decider is None:
                break
            legal = set(ply.legal)
            assert len(legal) == len(ply.legal), "legal actions are listed once each"
            for action in ply.legal if len(ply.legal) <= 80 else rng.sample(ply.legal, 80):
                assert engine.check(state, action), engine.action_text(action)
                assert engine.parse_action(state, engine.action_text(action)) == action
            if ply.number % 11 == 0:
                for action in candidates(state, rng):
                    verdict = engine.check(state, action)
                    assert bool(verdict) == (action in legal), (engine.action_text(action), verdict)
                    assert verdict.legal or verdict.code in engine.reasons
        assert ply is not None
        result = engine.result(ply.state)
        assert result is not None, f"seed {seed} reached the cap"
        endings.add(result.reason)
    assert endings == {"dragon-killed", "dwarves-killed", "dwarf-cards-exhausted"}


def test_same_seed_same_game() -> None:
    engine = rules()
    first = [(p.decider, p.action) for p in random_game(engine, 11)]
    again = [(p.decider, p.action) for p in random_game(engine, 11)]
    assert first == again
    assert final_state(engine, 12) != final_state(engine, 11)


def test_variants_play_through() -> None:
    engine = rules(first_game=False, exchange_opening_hand=True)
    kinds = set()
    for seed in range(6):
        for ply in random_game(engine, seed):
            assert engine.invariants(ply.state) == []
            if ply.action is not None and ply.decider != CHANCE:
                kinds.add(engine.action_kind(ply.action))
    assert {"place", "keep"} <= kinds


def test_view_hides_the_other_hand_and_resample_keeps_the_view() -> None:
    engine = rules()
    rng = random.Random(3)
    for ply in islice(random_game(engine, 4), 20, 60):
        state = ply.state
        for player, other in (("dragon", 1), ("dwarves", 0)):
            view = engine.view(state, player)
            own = 1 - other
            assert view.hands[own] == state.hands[own]
            assert view.hands[other] == (HIDDEN,) * len(state.hands[other])
            assert view.decks[other] == (HIDDEN,) * len(state.decks[other])
            assert view.dragon == state.dragon and view.dwarves == state.dwarves
            other_truths = {engine.resample(state, player, rng).hands[other] for _ in range(8)}
            for _ in range(3):
                again = engine.resample(state, player, rng)
                assert engine.view(again, player) == view
                assert engine.invariants(again) == []
            if len(state.decks[other]) > 4 and state.hands[other]:
                assert len(other_truths) > 1, "resampling deals other hands"


def test_games_are_finite_under_the_cap() -> None:
    engine = rules()
    lengths = [sum(1 for _ in random_game(engine, seed)) for seed in range(10)]
    assert max(lengths) < engine.max_plies
