"""Prove game specs sound with their rules engines: layout, seeded self-play with invariants, rule examples.

For every game folder (default: all under specs/), ``verify``:

* loads the specs and finds the engine that ``rules:`` names in the registry
  (a name with no engine is an error, never a skip) and builds it, which
  checks the layout the engine plays on;
* plays a seeded batch of self-play games in which, after every action,
  every invariant holds (nothing lost or doubled), the chosen action passes
  the engine's check, a decision always has a legal action, and, over the
  batch, every kind of action the engine declares occurs;
* checks every rule example under the game's examples folder.

Written once against :mod:`generator.play.contract`: it knows no game.
Run ``boardkit verify [--games N] [--seed S] [game ...]`` (or ``make verify``);
the exit status is 0 when every game passes.
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from ..errors import Problem, SpecError
from ..model.game import Game, find_game, game_folders, load_game
from ..play.contract import CHANCE, GameRules
from ..play.examples import example_standing
from ..play.registry import rules_for
from ..play.setup import setup_problems
from ..play.selfplay import random_game
from ..wording import counted

#: Problems reported per game before the rest are only counted.
MAX_REPORTED = 5


@dataclass
class GameReport:
    """What verifying one game found."""

    name: str
    folder: Path
    problems: list[Problem] = field(default_factory=list)
    games: int = 0
    plies: int = 0
    endings: Counter[str] = field(default_factory=Counter)
    unfinished: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    declared_kinds: tuple[str, ...] = ()
    examples: int = 0
    left_out: str | None = None

    @property
    def ok(self) -> bool:
        """True when nothing is wrong."""
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
                 max_plies: int | None = None) -> VerifyReport:
    """Verify game folders (default: every game under specs/) with ``games`` self-play games each.

    Game ``i`` of the batch uses seed ``seed + i``, so a failure can be replayed on its own.
    """
    chosen = [Path(f) for f in folders] if folders else game_folders()
    return VerifyReport([verify_game(folder, games, seed, max_plies) for folder in chosen])


def verify_game(folder: Path, games: int = 200, seed: int = 0, max_plies: int | None = None) -> GameReport:
    """Verify one game folder: load it, build its engine, play the batch, check its examples."""
    report = GameReport(folder.name, folder)
    try:
        game = load_game(folder)
        rules = rules_for(game)
        report.problems = setup_problems(game, rules)
    except SpecError as exc:
        report.problems = exc.problems
        return report
    if report.problems:
        return report
    where = game.folder / game.files["board"]
    report.declared_kinds = tuple(rules.action_kinds)
    shown = _examples(game, report)
    _play(rules, where, games, seed, max_plies, report, shown)
    return report


def _examples(game: Game, report: GameReport) -> set[str]:
    """Check every rule example under the options it was written for (and note those this game's options
    leave out of the books); return the kinds of action the sound ones show played legally."""
    standing = example_standing(game)
    report.problems += standing.problems
    report.left_out = standing.warning()
    report.examples = len(list(standing.folder.glob("*.yaml"))) if standing.folder else 0
    shown: set[str] = set()
    for example in standing.checked:
        legal = example.actions if example.expect == "legal" else example.actions[:-1]
        shown |= {example.engine.action_kind(a) for a in legal}
    return shown


def _play(rules: GameRules[Any, Any], where: Path, games: int, seed: int, max_plies: int | None,
          report: GameReport, shown: set[str]) -> None:
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
                result = rules.result(state)
                if result is not None:
                    report.endings["draw" if result.draw else result.reason] += 1
                elif ply.decider is not None and not ply.legal:
                    problem(f"self-play game {game_seed}, after {ply.number} actions: {ply.decider} must decide "
                            f"but has no legal action\n{rules.state_text(state)}",
                            "a game must end (result) when a player has nothing to do: change the layout "
                            "or the rule reading")
                else:
                    report.unfinished += 1
                break
            report.plies += 1
            if ply.decider != CHANCE:
                report.kinds[rules.action_kind(action)] += 1
                verdict = rules.check(state, action)
                if not verdict:
                    problem(f"self-play game {game_seed}, action {ply.number + 1}: the engine offered "
                            f"'{rules.action_text(action)}', which its check refuses ({verdict.code})")
            broken = rules.invariants(outcome.state)
            if broken:
                problem(f"self-play game {game_seed}, action {ply.number + 1} ('{rules.action_text(action)}'): "
                        + "; ".join(broken) + "\n" + rules.state_text(outcome.state))
                break
    missing = [k for k in rules.action_kinds if not report.kinds[k] and not (k in rules.rare_kinds and k in shown)]
    if games and missing:
        rare = [k for k in missing if k in rules.rare_kinds]
        problem(f"never played in {games} self-play games: {', '.join(missing)}"
                + (f" (rare in self-play: show {', '.join(rare)} in a rule example)" if rare else ""),
                "play more games (--games), or check that the layout makes these actions possible")
    if reported > MAX_REPORTED:
        more = counted(reported - MAX_REPORTED, "more problem")
        report.problems.append(Problem(where, None, None, f"... and {more}"))


def print_report(report: VerifyReport, out: TextIO = sys.stdout) -> int:
    """Print a readable report; return the exit status (0 when everything passed)."""
    for game in report.games:
        status = "ok" if game.ok else f"FAILED ({counted(len(game.problems), 'problem')})"
        print(f"{game.name}: {status}", file=out)
        if game.games:
            endings = ", ".join(f"{reason} {n}" for reason, n in sorted(game.endings.items())) or "none"
            print(f"  {game.games} self-play games, {game.plies} actions; endings: {endings}; "
                  f"stopped at the action cap: {game.unfinished}", file=out)
            print("  actions played: " + ", ".join(f"{k} {game.kinds[k]}" for k in game.declared_kinds), file=out)
            print(f"  rule examples checked: {game.examples}", file=out)
        if game.left_out:
            print(f"  note: {game.left_out}", file=out)
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
