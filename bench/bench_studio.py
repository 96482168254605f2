"""Prints the studio's figures (issue 27): time to ready, colour-change redraw, and a kit's build time against
`boardkit print`'s.

    .venv/bin/python bench/bench_studio.py [GAME]     (default: dravakron; builds its whole kit twice)

Targets: ready within 2 s of start; a colour change redraws the board preview within 0.5 s; the studio's build
takes no longer than `boardkit print` with the same options.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

from generator.model.game import game_folders


def _get(url: str, token: str, data: dict[str, str] | None = None) -> bytes:
    body = urllib.parse.urlencode(data).encode() if data is not None else None
    request = urllib.request.Request(url, data=body, headers={"X-Boardkit-Token": token})
    with urllib.request.urlopen(request, timeout=300) as answer:
        return bytes(answer.read())


def main() -> None:
    """Start a studio, time it, time a build through it and through the command line; print the figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("game", nargs="?", default="dravakron", choices=[f.name for f in game_folders()],
                        help="the game whose kit is built (default: dravakron)")
    game = parser.parse_args().game
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        process = subprocess.Popen([sys.executable, "-m", "generator", "studio", "--no-browser", "--out", tmp],
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            assert process.stdout is not None
            address = process.stdout.readline().strip()
            printed = time.perf_counter() - start
            root, token = address.split("/?token=")
            while True:
                try:
                    _get(root + "/", token)
                    break
                except (urllib.error.URLError, ConnectionError):
                    time.sleep(0.02)
            ready = time.perf_counter() - start
            print(f"address printed after {printed:.2f} s; games page answered after {ready:.2f} s (target 2 s)")
            for folder in game_folders():
                url = f"{root}/games/{folder.name}/colours/preview"
                _get(url, token, {"name": "bench", "base": "classic"})  # the game loaded, its engine made
                times = []
                for n in range(5):
                    t0 = time.perf_counter()
                    _get(url, token, {"name": "bench", "base": "classic", "c:text": f"#2{n}1c15"})
                    times.append(time.perf_counter() - t0)
                print(f"colour change, {folder.name}: board and pieces redrawn in {statistics.median(times):.2f} s "
                      f"(median of 5; target 0.5 s)")
            t0 = time.perf_counter()
            build = _get(f"{root}/games/{game}/build", token, {"paper": "A4"})
            build_id = build.decode().split('data-build="')[1].split('"')[0]
            while json.loads(_get(f"{root}/builds/{build_id}/status", token))["state"] == "running":
                time.sleep(0.05)
            studio_build = time.perf_counter() - t0
        finally:
            process.terminate()
            process.wait(timeout=10)
        formats = ",".join(f for f in ("a3", "a4", "a4x4"))
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-m", "generator", "print", game, "--format", formats, "--out",
                        str(Path(tmp) / "cli"), "-q"], check=True)
        cli_build = time.perf_counter() - t0
        print(f"{game}'s A4 kit: {studio_build:.1f} s from the studio (build, zip, download ready), "
              f"{cli_build:.1f} s with boardkit print ({studio_build - cli_build:+.1f} s)")


if __name__ == "__main__":
    main()
