"""Prints, for one game (Dravakron unless named), each part of the kit built alone in a fresh process, and the
size of every file of the kit.

Targets on the 2-core reference machine: a board PDF under 300 KB, the rulebook under 3 MB. The whole kit's
figures are printed by ``bench/bench_kit.py``.

    python bench/bench_parts.py [game]
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def _timed(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "generator", *args], check=True, cwd=REPO, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main(argv: list[str]) -> None:
    """Build each part in a fresh process, then the whole kit, and print the timings and the files' sizes."""
    from generator.model.game import load_game
    from generator.kit import parts_of

    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("game", nargs="?", default="dravakron", help="the game (default: dravakron)")
    game = load_game(parser.parse_args(argv).game)
    with tempfile.TemporaryDirectory() as tmp:
        for part in parts_of(game):
            took = _timed(["print", game.id, "--part", part, "--out", f"{tmp}/{part}"])
            print(f"  part {part:<20} {took:6.2f} s")
        _timed(["print", game.id, "--out", f"{tmp}/all"])
        sizes: dict[str, list[tuple[str, int]]] = defaultdict(list)
        for path in sorted((Path(tmp) / "all" / game.id).glob("*.pdf")):
            sizes[path.name.split("-")[0]].append((path.name, path.stat().st_size))
        print("file sizes:")
        for group, files in sizes.items():
            for name, size in files:
                print(f"  {name:<40} {size / 1000:8.0f} KB")


if __name__ == "__main__":
    main(sys.argv[1:])
