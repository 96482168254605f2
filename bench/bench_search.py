"""Prints how strong and how fast the search player is, game by game.

For each game under specs/ (or those named): games between the search player and the game's own policy
player (``GameRules.choose``), the search player holding the last seat in half of them (Patrakill's dragon,
Drako's dwarves, the second player) and every other seat in the other half; its wins with 95 % Wilson
intervals, overall and by side, and the playouts and rollout actions it runs per second of processor time.

    python bench/bench_search.py [game ...] [--games 200] [--budget N] [--rollout policy|random]
                                 [--seed 0] [--jobs N] [--variant KEY=VALUE ...]

The project's target: the search player with its default budget wins at least 90 % of 200 games.
"""
from __future__ import annotations

import argparse
import sys
import time

from generator.model.game import game_folders, load_game
from generator.search.balance import AGAINST, Played, Setup, engine, parse_changes, run, search_seats
from generator.search.player import Budget, Settings, budget_for, horizon_for, tree_for
from generator.search.stats import percent, wilson


def bench(name: str, args: argparse.Namespace) -> None:
    """Play one game's benchmark and print its figures."""
    game = load_game(name)
    changes = parse_changes(args.variant or [])
    rules = engine(game, changes)
    settings = Settings(budget_for(rules, Budget.parse(args.budget) if args.budget else None), args.rollout, exploration=args.exploration, urgency=args.urgency,
                        horizon=horizon_for(rules, args.horizon), **tree_for(rules, args.widening, args.bias, args.halving))
    setup = Setup(str(game.folder), changes, args.games, settings, args.seed, args.side)
    cost = {"playouts": 0, "actions": 0, "seconds": 0.0}
    wins = {True: [0, 0], False: [0, 0]}  # by "search holds the last seat": [wins, games]
    lengths: list[int] = []

    def done(played: Played) -> None:
        seats = search_seats(rules, setup, played.index)
        won = bool(set(played.record.winners) & set(seats))
        tally = wins[seats == rules.players[-1:]]
        tally[0] += won
        tally[1] += 1
        lengths.append(played.record.decisions)
        cost["playouts"] += played.playouts
        cost["actions"] += played.actions
        cost["seconds"] += played.seconds
        if args.verbose:
            print(f"  game {played.index}: search as {'+'.join(seats)}: "
                  f"{'won' if won else 'lost' if played.record.winners else played.record.ending}, "
                  f"{played.record.decisions} actions", file=sys.stderr, flush=True)

    start = time.perf_counter()
    run(rules, setup, args.jobs, done)
    took = time.perf_counter() - start
    total = wins[True][0] + wins[False][0]
    low, high = wilson(total, args.games)
    label = game.id + (" " + " ".join(args.variant) if args.variant else "")
    print(f"{label}: search ({settings.text()}; exploration {settings.exploration:g}, urgency "
          f"{settings.urgency:g}) wins {total}/{args.games} = "
          f"{percent(total / args.games)} (95 % {percent(low)} - {percent(high)})")
    for last, (won, played) in sorted(wins.items()):
        if not played:
            continue
        seats = rules.players[-1:] if last else rules.players[:-1]
        low, high = wilson(won, played)
        print(f"  as {'+'.join(seats):<28} {won:>4}/{played:<4} {percent(won / max(played, 1)):>8} "
              f"(95 % {percent(low)} - {percent(high)})")
    seconds = max(cost["seconds"], 1e-9)
    print(f"  {cost['playouts'] / seconds:,.0f} playouts and {cost['actions'] / seconds:,.0f} rollout actions per "
          f"processor second; {cost['seconds'] / args.games:.1f} s of search a game; mean length "
          f"{sum(lengths) / len(lengths):.0f} actions; {took:.0f} s on the clock")


def main(argv: list[str]) -> None:
    """Benchmark the games named, or every game under specs/."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games_named", nargs="*", metavar="game")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--budget", help="playouts per decision (default: the game's own budget, else the search's default)")
    parser.add_argument("--rollout", choices=("policy", "random"), default="policy")
    parser.add_argument("--horizon", type=int, help="actions a playout runs before it is judged (0: to the end; "
                                                     "default: the engine's own horizon)")
    parser.add_argument("--exploration", type=float, default=Settings.exploration)
    parser.add_argument("--urgency", type=float, default=Settings.urgency)
    parser.add_argument("--widening", type=float, help="default: the game's own (GameRules.search_widening), "
                                                       f"else {Settings.widening:g}")
    parser.add_argument("--bias", type=float, help="default: the game's own (GameRules.search_bias), "
                                                   f"else {Settings.bias:g}")
    parser.add_argument("--halving", type=int, help="the root weighs this many actions by sequential halving (0: "
                                                    "UCT; default: the game's own, GameRules.search_halving)")
    parser.add_argument("--side", choices=AGAINST, default="alternate", help="the seats the search player holds")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int)
    parser.add_argument("--variant", action="append")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    for name in args.games_named or [folder.name for folder in game_folders()]:
        bench(name, args)


if __name__ == "__main__":
    main(sys.argv[1:])
