"""Prints how fast the rules engine is: legal-action generations per second on mid-game positions,
applied actions per second, and seeded random games per second.

Run with ``python bench/bench_rules.py`` (the target is 20,000 generations per second or more).
"""
from __future__ import annotations

import time
from statistics import mean
from typing import Callable

from generator.rules import Rules, State
from generator.rules.selfplay import random_game

#: Positions between these action counts of a random game count as mid-game.
MID_GAME = range(40, 160)
#: How long each measurement runs, in seconds.
SECONDS = 3.0


def mid_game_positions(rules: Rules, games: int = 30) -> list[State]:
    """Positions from the middle of seeded random games (several pieces out, items in play)."""
    return [ply.state for seed in range(games) for ply in random_game(rules, seed, max(MID_GAME) + 1)
            if ply.state.ply in MID_GAME and not ply.state.winner]


def per_second(work: list[State], step: Callable[[State], object]) -> float:
    """How many times per second ``step`` runs over the states of ``work``, over about SECONDS."""
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < SECONDS:
        for state in work:
            step(state)
        done += len(work)
    return done / (time.perf_counter() - start)


def main() -> None:
    """Measure and print the three figures."""
    rules = Rules.for_game("dravakron")
    positions = mid_game_positions(rules)
    actions = [len(rules.legal_actions(s)) for s in positions]
    out = [sum(p.count for p in s.pieces.values()) for s in positions]
    print(f"{len(positions)} mid-game positions: {mean(actions):.1f} legal actions and "
          f"{mean(out):.1f} pieces on the board on average")
    generations = per_second(positions, rules.legal_actions)
    print(f"legal-action generations: {generations:,.0f} per second (target 20,000)")
    pairs = [(s, rules.legal_actions(s)[0]) for s in positions]
    applied, start = 0, time.perf_counter()
    while time.perf_counter() - start < SECONDS:
        for state, action in pairs:
            rules.apply(state, action, checked=False)
        applied += len(pairs)
    print(f"applied actions: {applied / (time.perf_counter() - start):,.0f} per second")
    games = plies = 0
    start = time.perf_counter()
    while time.perf_counter() - start < SECONDS:
        plies += sum(1 for _ in random_game(rules, 10_000 + games, 300))
        games += 1
    took = time.perf_counter() - start
    print(f"random games (up to 300 actions): {games / took:,.1f} per second, {plies / took:,.0f} positions per second")


if __name__ == "__main__":
    main()
