"""Prints, from a cold start: time to build the whole kit, time per part, a single rule diagram, and file sizes.

Targets on the 2-core reference machine: whole Dravakron kit under 10 s, a
rule diagram under 0.3 s, a board PDF under 300 KB, the rulebook under 3 MB.
"""
from __future__ import annotations

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


def main() -> None:
    """Run the cold builds in fresh processes and print a small report."""
    from generator.game import load_game
    from generator.kit import PARTS

    game = load_game("dravakron")
    with tempfile.TemporaryDirectory() as tmp:
        whole = _timed(["print", "dravakron", "--out", f"{tmp}/all"])
        again = _timed(["print", "dravakron", "--out", f"{tmp}/all"])
        print(f"whole kit, cold process:         {whole:6.2f} s  (target < 10 s)")
        print(f"whole kit again, nothing changed: {again:6.2f} s  (target < 1 s)")
        for part in PARTS:
            took = _timed(["print", "dravakron", "--part", part, "--out", f"{tmp}/{part}"])
            print(f"  part {part:<20} {took:6.2f} s")
        example = next(iter(sorted((game.folder / "examples").glob("*.yaml"))), None)
        if example:
            took = _timed(["diagram", example.stem, "--out", f"{tmp}/one.svg"])
            start = time.perf_counter()
            from generator.play.diagram_files import write_diagram
            write_diagram(game, example.stem, Path(tmp) / "warm.svg")
            warm = time.perf_counter() - start
            print(f"one rule diagram ({example.stem}): {took:.2f} s in a fresh process, {warm:.3f} s warm "
                  "(target < 0.3 s)")
        sizes: dict[str, list[tuple[str, int]]] = defaultdict(list)
        for path in sorted((Path(tmp) / "all" / game.id).glob("*.pdf")):
            sizes[path.name.split("-")[0]].append((path.name, path.stat().st_size))
        print("file sizes:")
        for group, files in sizes.items():
            for name, size in files:
                print(f"  {name:<40} {size / 1000:8.0f} KB")


if __name__ == "__main__":
    main()
