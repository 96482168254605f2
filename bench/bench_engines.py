"""Prints how fast every game's rules engine is, through the shared contract, beside python-chess.

For each game under specs/ (or those named): legal-action generations per
second on mid-game positions, and the same figure for python-chess on chess
mid-game positions measured in the same process just before, with the ratio
of the two (the target: at least 1.5); then applied actions per second and
seeded self-play games per second.

Run with ``python bench/bench_engines.py [game ...]`` (python-chess comes with
the test extra: ``pip install -e '.[test]'``).
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from statistics import mean, median
from typing import Any, Callable

from generator.model.game import game_folders, load_game
from generator.play.contract import CHANCE, GameRules
from generator.play.registry import rules_for
from generator.play.selfplay import random_game

#: How long each measurement runs, in seconds.
SECONDS = 2.0
#: The least ratio of an engine's generations per second to python-chess's that the project accepts.
CHESS_RATIO_TARGET = 1.5
#: Turns of python-chess and the engine measured one after the other (the ratio is their median).
ROUNDS = 5


def mid_game_positions(rules: GameRules[Any, Any], games: int = 20) -> list[Any]:
    """Positions from the middle third of seeded self-play games where a player decides."""
    found = []
    for seed in range(games):
        plies = list(random_game(rules, seed))
        third = len(plies) // 3
        found += [p.state for p in plies[third:2 * third] if p.decider not in (None, CHANCE) and p.legal]
    return found


def chess_positions(games: int = 20, first: int = 20, last: int = 60) -> list[Any]:
    """Chess mid-game positions: plies ``first`` to ``last`` of seeded games of random legal moves."""
    import chess

    found = []
    for seed in range(games):
        pick, board = random.Random(seed), chess.Board()
        for ply in range(last):
            moves = list(board.legal_moves)
            if not moves:
                break
            if ply >= first:
                found.append(board.copy(stack=False))
            board.push(pick.choice(moves))
    return found


def per_second(work: list[Any], step: Callable[[Any], object], seconds: float = SECONDS) -> float:
    """How many times per second ``step`` runs over ``work``, over about ``seconds``."""
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for item in work:
            step(item)
        done += len(work)
    return done / (time.perf_counter() - start)


def bench(name: str) -> None:
    """Measure and print one game's figures."""
    rules = rules_for(load_game(name))
    positions = mid_game_positions(rules)
    if not positions:
        print(f"{name}: no mid-game position found")
        return
    sizes = [len(rules.legal_actions(s)) for s in positions]
    print(f"{name}: {len(positions)} mid-game positions, {mean(sizes):.1f} legal actions on average")
    boards = chess_positions()
    chess, rates = [], []
    for _ in range(ROUNDS):  # in turns, so that a change of the machine's load touches both alike
        chess.append(per_second(boards, lambda board: list(board.legal_moves), SECONDS / ROUNDS))
        rates.append(per_second(positions, rules.legal_actions, SECONDS / ROUNDS))
    ratio = median(r / c for r, c in zip(rates, chess))
    verdict = "ok" if ratio >= CHESS_RATIO_TARGET else f"below the target of {CHESS_RATIO_TARGET:g}"
    print(f"  legal-action generations: {median(rates):,.0f} per second; python-chess {median(chess):,.0f} per "
          f"second; ratio {ratio:.2f} ({verdict})")
    pairs = [(s, rules.legal_actions(s)[0]) for s in positions]
    print(f"  applied actions:          {per_second(pairs, lambda p: rules.apply(*p)):,.0f} per second")
    games = plies = 0
    start = time.perf_counter()
    while time.perf_counter() - start < SECONDS:
        plies += sum(1 for _ in random_game(rules, 10_000 + games))
        games += 1
    took = time.perf_counter() - start
    print(f"  self-play games (cap {rules.max_plies} actions): {games / took:,.1f} per second, "
          f"{plies / took:,.0f} positions per second")


def main(argv: list[str]) -> None:
    """Benchmark the games named, or every game under specs/."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", help="games to measure (default: every game under specs/)")
    known = [folder.name for folder in game_folders()]
    names = parser.parse_args(argv).games or known
    unknown = [n for n in names if n not in known]
    if unknown:
        parser.error(f"no game named {', '.join(unknown)}; games: {', '.join(known)}")
    for name in names:
        bench(name)


if __name__ == "__main__":
    main(sys.argv[1:])
