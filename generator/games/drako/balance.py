"""Measure Drako's balance for the current specs: seeded games between the sensible players of both sides.

    python -m generator.games.drako.balance [--games N] [--seed S] [--game FOLDER]

prints how often each side wins, how each game ended, and how long games
last (in turns and in decisions). Change specs/drako/decks.yaml, mats.yaml or
board.yaml and run it again.
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
from dataclasses import dataclass, field

from ...errors import SpecError
from ...model.game import load_game
from ...play.selfplay import random_game
from .cards import SIDES
from .engine import DrakoRules
from .spec import load_spec


@dataclass
class Balance:
    """What a batch of games showed: wins and endings by count, and the length of every game."""

    games: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    endings: Counter[str] = field(default_factory=Counter)
    turns: list[int] = field(default_factory=list)
    decisions: list[int] = field(default_factory=list)

    def share(self, side: str) -> float:
        """The fraction of games ``side`` won."""
        return self.wins[side] / self.games if self.games else 0.0


def measure(rules: DrakoRules, games: int, seed: int = 0) -> Balance:
    """Play ``games`` seeded games (seeds ``seed``, ``seed + 1``, ...) and collect the figures."""
    found = Balance()
    for number in range(games):
        turns, decisions = 0, 0
        last = None
        for ply in random_game(rules, seed + number):
            last = ply
            if ply.decider in SIDES:
                decisions += 1
            if ply.outcome is not None and any(e.kind == "turn" for e in ply.outcome.events):
                turns += 1
        assert last is not None
        result = rules.result(last.state)
        found.games += 1
        found.endings[result.reason if result else "stopped at the self-play cap"] += 1
        if result is not None:
            found.wins[result.winners[0]] += 1
        found.turns.append(turns + 1)
        found.decisions.append(decisions)
    return found


def report(balance: Balance) -> str:
    """The figures as lines of text."""
    lines = [f"{balance.games} games between the sensible players"]
    for side in SIDES:
        lines.append(f"  {side:8} win {balance.wins[side]:4} ({100 * balance.share(side):.1f} %)")
    lines.append("  endings: " + ", ".join(f"{reason} {count}" for reason, count in balance.endings.most_common()))
    for name, values in (("turns", balance.turns), ("decisions", balance.decisions)):
        ordered = sorted(values)
        lines.append(f"  {name}: mean {sum(values) / len(values):.1f}, median {ordered[len(ordered) // 2]}, "
                     f"min {ordered[0]}, max {ordered[-1]}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Command line: measure and print."""
    parser = argparse.ArgumentParser(prog="python -m generator.games.drako.balance", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=400, help="how many games (default 400)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--game", default="drako", help="the spec folder (default: specs/drako)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    try:
        rules = DrakoRules(load_spec(load_game(args.game)))
    except SpecError as exc:
        print(exc.format(), file=sys.stderr)
        return 1
    print(report(measure(rules, args.games, args.seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
