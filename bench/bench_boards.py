"""Prints how long building every board PDF takes (all formats, all themes), from a cold start."""
from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from generator.model.game import load_game
from generator.kit import KitOptions, build


def main() -> None:
    """Build all boards twice (with and without previews) and print the timings and sizes."""
    argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0]).parse_args()
    start = time.perf_counter()
    game = load_game("dravakron")
    loaded = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for previews in (False, True):
            t0 = time.perf_counter()
            written = build(game, KitOptions(parts=("board",), out=Path(tmp), previews=previews), quiet=True)
            took = time.perf_counter() - t0
            print(f"{len(written)} board PDFs {'with' if previews else 'without'} previews: {took:.2f} s "
                  f"({took / len(written) * 1000:.0f} ms each)")
        biggest = max(written, key=lambda w: w.size)
        print(f"largest board PDF: {biggest.path.name} {biggest.size / 1000:.0f} KB")
    print(f"spec loading: {(loaded - start) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
