"""Recorded playthroughs: seeded random games written out position by position.

Each file under ``tests/playthroughs/`` shows, for every position of one
game, the board, where every item is, the legal actions, the action chosen
and what it did. The tests regenerate the files and compare, so any change
in the engine's behaviour shows up as a readable diff.

Regenerate them after an intended change of behaviour with::

    python -m generator.rules.playthrough --write

and read the diff before committing. Without ``--write`` the command only
reports which files differ (exit status 1 if any).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import NamedTuple

from .engine import Rules
from .selfplay import random_game
from .text import LEGEND, render_actions, render_state

#: Where the recorded playthroughs live.
PLAYTHROUGH_DIR = Path(__file__).resolve().parents[2] / "tests" / "playthroughs"


class Recording(NamedTuple):
    """One recorded game: which spec, which seed, how many actions at most, how it ends, why it was chosen."""

    game: str
    seed: int
    max_plies: int
    ending: str | None
    note: str

    @property
    def filename(self) -> str:
        """The file the playthrough is stored in."""
        return f"{self.game}-seed-{self.seed}.txt"


#: The recorded games: one ending in each way a random game can win, and one long varied game.
RECORDINGS = (
    Recording("dravakron", 2885, 80, "flag-home", "ends with a flag carried home"),
    Recording("dravakron", 748, 80, "siege", "ends with a siege of the flag"),
    Recording("dravakron", 974, 80, "elimination", "ends with the elimination of the last free piece"),
    Recording("dravakron", 2274, 80, None, "a varied game: gates, weapons, throws, sends, merges"),
)


def playthrough_text(rules: Rules, recording: Recording) -> str:
    """The full text of one playthrough."""
    lines = [f"# {recording.game} playthrough, random game seed {recording.seed}, "
             f"at most {recording.max_plies} actions: {recording.note}",
             "# Regenerate with: python -m generator.rules.playthrough --write"]
    lines += [f"# {line}" for line in LEGEND] + [""]
    for ply in random_game(rules, recording.seed, recording.max_plies):
        lines.append(f"== position {ply.state.ply} ==")
        lines.append(render_state(rules.tables, ply.state))
        lines.append(f"legal actions ({len(ply.legal)}):")
        if ply.legal:
            lines.append(render_actions(ply.legal))
        if ply.action is not None and ply.outcome is not None:
            lines.append(f"chosen: {ply.action}")
            lines += [f"  {event.describe()}" for event in ply.outcome.events]
        lines.append("")
    return "\n".join(lines)


def regenerate(folder: Path = PLAYTHROUGH_DIR) -> dict[str, tuple[str, str | None]]:
    """Every recording's fresh text and the stored one (None when missing), by file name."""
    rules_by_game: dict[str, Rules] = {}
    found: dict[str, tuple[str, str | None]] = {}
    for recording in RECORDINGS:
        rules = rules_by_game.setdefault(recording.game, Rules.for_game(recording.game))
        path = folder / recording.filename
        stored = path.read_text(encoding="utf-8") if path.is_file() else None
        found[recording.filename] = (playthrough_text(rules, recording), stored)
    return found


def main(argv: list[str] | None = None) -> int:
    """Command line: compare the recorded playthroughs, or rewrite them with ``--write``."""
    parser = argparse.ArgumentParser(prog="python -m generator.rules.playthrough",
                                     description="Compare or rewrite the recorded playthroughs.")
    parser.add_argument("--write", action="store_true", help="rewrite the files under tests/playthroughs/")
    args = parser.parse_args(argv)
    changed = 0
    for name, (fresh, stored) in regenerate().items():
        if fresh == stored:
            print(f"{name}: unchanged")
            continue
        changed += 1
        if args.write:
            PLAYTHROUGH_DIR.mkdir(parents=True, exist_ok=True)
            (PLAYTHROUGH_DIR / name).write_text(fresh, encoding="utf-8")
            print(f"{name}: written")
        else:
            print(f"{name}: {'missing' if stored is None else 'differs'}")
    return 0 if args.write or not changed else 1


if __name__ == "__main__":
    sys.exit(main())
