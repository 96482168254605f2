"""Golden playthroughs for every game: seeded self-play games written out position by position.

Each registered game lists its :class:`~.registry.Recording` values; the file
of each is under ``tests/games/<game>/playthroughs/``. Tests regenerate them
and compare, so any change in an engine's behaviour shows as a readable diff.
After an intended change::

    python -m generator.play.playthrough --write [game ...]

and read the diff before committing. Without ``--write`` the command reports
which files differ (exit status 1 if any).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..model.game import load_game
from ..wording import counted
from .contract import CHANCE, GameRules
from .registry import Recording, plugins, rules_for
from .selfplay import random_game

#: Where the tests of each game live; playthroughs go in ``<game>/playthroughs/`` below it.
TESTS_DIR = Path(__file__).resolve().parents[2] / "tests" / "games"


def recording_path(recording: Recording) -> Path:
    """Where a recording is stored."""
    return TESTS_DIR / recording.game / "playthroughs" / recording.filename


def playthrough_text(rules: GameRules[Any, Any], recording: Recording) -> str:
    """The full text of one recorded game."""
    lines = [f"# {recording.game} playthrough, self-play seed {recording.seed}, at most {recording.max_plies} "
             f"actions: {recording.note}",
             "# Regenerate with: python -m generator.play.playthrough --write " + recording.game, ""]
    for ply in random_game(rules, recording.seed, recording.max_plies):
        lines.append(f"== position {ply.number} ==")
        lines.append(rules.state_text(ply.state))
        who = "chance" if ply.decider == CHANCE else ply.decider or "nobody (game over)"
        lines.append(f"to decide: {who}; {counted(len(ply.legal), 'choice')}")
        if ply.legal:
            lines.append("  " + " | ".join(rules.action_text(a) for a in ply.legal))
        if ply.action is not None and ply.outcome is not None:
            lines.append(f"chosen: {rules.action_text(ply.action)}")
            lines += [f"  {event.describe()}" for event in ply.outcome.events]
        else:
            result = rules.result(ply.state)
            lines.append("result: " + ("none (stopped at the cap)" if result is None else
                                       f"draw ({result.reason})" if result.draw else
                                       f"{', '.join(result.winners)} win ({result.reason})"))
        lines.append("")
    return "\n".join(lines)


def regenerate(games: list[str] | None = None) -> dict[Path, tuple[str, str | None]]:
    """Each recording's fresh text and the stored one (None when missing), by path."""
    found: dict[Path, tuple[str, str | None]] = {}
    engines: dict[str, GameRules[Any, Any]] = {}
    for plugin in plugins().values():
        for recording in plugin.recordings:
            if games and recording.game not in games:
                continue
            if recording.game not in engines:
                engines[recording.game] = rules_for(load_game(recording.game))
            path = recording_path(recording)
            stored = path.read_text(encoding="utf-8") if path.is_file() else None
            found[path] = (playthrough_text(engines[recording.game], recording), stored)
    return found


def main(argv: list[str] | None = None) -> int:
    """Command line: compare the recorded playthroughs, or rewrite them with ``--write``."""
    parser = argparse.ArgumentParser(prog="python -m generator.play.playthrough",
                                     description="Compare or rewrite the recorded playthroughs of every game.")
    parser.add_argument("--write", action="store_true", help="rewrite the files that differ")
    parser.add_argument("games", nargs="*", help="only these games (spec folder names)")
    args = parser.parse_args(argv)
    changed = 0
    for path, (fresh, stored) in regenerate(args.games).items():
        if fresh == stored:
            print(f"{path.name}: unchanged")
            continue
        changed += 1
        if args.write:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(fresh, encoding="utf-8")
            print(f"{path.name}: written")
        else:
            print(f"{path.name}: {'missing' if stored is None else 'differs'}")
    return 0 if args.write or not changed else 1


if __name__ == "__main__":
    sys.exit(main())
