"""Prove game specs sound: the board's structure, then a seeded batch of random games.

``verify_games`` checks every game folder whose game.yaml says
``rules: dravakron``:

* structure: the counts the rulebook fixes, the declared symmetry, every
  standable square reachable from each starting point, landing squares that
  can be left, one acquisition square per storage, three per flag;
* behaviour: random games in which, after every action, no piece or item is
  lost or doubled, the chosen action passes the checker, a legal action
  exists whenever nobody has won, and, over the batch, every kind of action
  occurs.

Run ``boardkit verify [--games N] [--seed S] [game ...]`` (or ``make verify``); the exit
status is 0 when every game passes.
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from .errors import Problem, SpecError
from .game import find_game, game_folders, load_game
from .rules import ACTION_KINDS, LayoutError, Rules
from .rules.check import refusal
from .rules.invariants import state_problems
from .rules.selfplay import random_game
from .examples import check_all_examples
from .rules.structure import board_file, structure_problems
from .rules.text import render_state

#: The rules model this module knows how to verify.
RULES = "dravakron"
#: Positions reported per game before the rest are only counted.
MAX_REPORTED = 5


@dataclass
class GameReport:
    """What verifying one game found."""

    name: str
    folder: Path
    problems: list[Problem] = field(default_factory=list)
    skipped: str = ""
    games: int = 0
    plies: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    unfinished: int = 0
    kinds: Counter[str] = field(default_factory=Counter)

    @property
    def ok(self) -> bool:
        """True when nothing is wrong (a skipped game is not wrong)."""
        return not self.problems


@dataclass
class VerifyReport:
    """The reports of every verified game."""

    games: list[GameReport]

    @property
    def ok(self) -> bool:
        """True when every game passed."""
        return all(g.ok for g in self.games)


def verify_games(folders: list[Path | str] | None = None, games: int = 200, seed: int = 0,
                 max_plies: int = 300) -> VerifyReport:
    """Verify game folders (default: every game under specs/) with ``games`` random games each.

    Game ``i`` of the batch uses seed ``seed + i``, so a failure can be
    replayed on its own.
    """
    chosen = [Path(f) for f in folders] if folders else game_folders()
    return VerifyReport([verify_game(folder, games, seed, max_plies) for folder in chosen])


def verify_game(folder: Path, games: int = 200, seed: int = 0, max_plies: int = 300) -> GameReport:
    """Verify one game folder: load it, check its structure, then play the random batch."""
    report = GameReport(folder.name, folder)
    try:
        game = load_game(folder)
    except SpecError as exc:
        report.problems = exc.problems
        return report
    if game.rules != RULES:
        report.skipped = f"rules '{game.rules}' have no model to verify"
        return report
    report.problems = structure_problems(game)
    if report.problems:
        return report
    try:
        rules = Rules.for_game(game)
    except LayoutError as exc:
        report.problems = [Problem(board_file(game), None, None, str(exc))]
        return report
    _play(rules, board_file(game), games, seed, max_plies, report)
    report.problems += check_all_examples(game, rules)
    return report


def _play(rules: Rules, where: Path, games: int, seed: int, max_plies: int, report: GameReport) -> None:
    tb = rules.tables
    reported = 0

    def problem(message: str, hint: str = "") -> None:
        nonlocal reported
        reported += 1
        if reported <= MAX_REPORTED:
            report.problems.append(Problem(where, None, None, message, hint))

    for number in range(games):
        game_seed = seed + number
        report.games += 1
        for ply in random_game(rules, game_seed, max_plies):
            state, action, outcome = ply.state, ply.action, ply.outcome
            if action is None or outcome is None:
                if state.winner:
                    report.wins[state.win_reason or "?"] += 1
                elif not ply.legal:
                    problem(f"random game {game_seed}, after {state.ply} actions: {state.actor} has no legal "
                            f"action\n{render_state(tb, state)}",
                            "the rulebook promises a move in every position: change the layout or the rule reading")
                else:
                    report.unfinished += 1
                break
            report.plies += 1
            report.kinds[action.kind] += 1
            refused = refusal(tb, state, action)
            if refused:
                problem(f"random game {game_seed}, action {state.ply + 1}: the generator offered "
                        f"'{action}', which the checker refuses ({refused[0]})")
            broken = state_problems(tb, outcome.state)
            if broken:
                problem(f"random game {game_seed}, action {state.ply + 1} ('{action}'): "
                        + "; ".join(broken) + "\n" + render_state(tb, outcome.state))
                break
    missing = [k for k in ACTION_KINDS if not report.kinds[k]]
    if games and missing:
        problem(f"never played in {games} random games: {', '.join(missing)}",
                "play more games (--games), or check that the layout makes these actions possible")
    if reported > MAX_REPORTED:
        report.problems.append(Problem(where, None, None, f"... and {reported - MAX_REPORTED} more problem(s)"))


def print_report(report: VerifyReport, out: TextIO = sys.stdout) -> int:
    """Print a readable report; return the exit status (0 when everything passed)."""
    for game in report.games:
        if game.skipped:
            print(f"{game.name}: skipped ({game.skipped})", file=out)
            continue
        status = "ok" if game.ok else f"FAILED ({len(game.problems)} problem(s))"
        print(f"{game.name}: {status}", file=out)
        if game.games:
            wins = ", ".join(f"{reason} {n}" for reason, n in sorted(game.wins.items())) or "none"
            print(f"  {game.games} random games, {game.plies} actions; wins: {wins}; "
                  f"unfinished at the ply limit: {game.unfinished}", file=out)
            print("  actions played: " + ", ".join(f"{k} {game.kinds[k]}" for k in ACTION_KINDS), file=out)
        for found in game.problems:
            print("  " + found.format().replace("\n", "\n  "), file=out)
    if not report.games:
        print("no game to verify", file=out)
    return 0 if report.ok and report.games else 1


def run(args: argparse.Namespace) -> int:
    """Verify what parsed arguments ask for, print the report, return the exit status."""
    try:
        folders: list[Path | str] | None = [find_game(n) for n in args.names] or None
    except SpecError as exc:
        print(exc.format(), file=sys.stderr)
        return 2
    return print_report(verify_games(folders, args.games, args.seed, args.max_plies))
