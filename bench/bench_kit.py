"""Prints how long whole kits take to build, as medians of whole-process runs.

For every game under specs/ (or those named): the whole kit cold and forced
(a fresh process, an empty output folder, ``--force``), a no-op rebuild (the
same command again: nothing to do), and ``make print-all`` (the six cold
builds one after the other, as its recipe runs them). Then one rule diagram
drawn in a fresh process, per game. Every figure is the median of ``--runs``
runs (min and max beside it), with the machine's load before and after, and
the median CPU seconds (user + system, all processes) of the same runs: on a
machine shared with other work, the wall time grows with the load; the CPU
time much less.

The package's bytecode is compiled first (``compileall``), as Python does on
a program's first run: where PYTHONDONTWRITEBYTECODE is set, every process
would otherwise compile each module it imports again (about 0.1 s of a
diagram's start-up).

Targets on the 2-core reference machine: each kit <= 5 s, print-all <= 30 s,
a no-op rebuild <= 0.5 s, one rule diagram <= 0.3 s.

    python bench/bench_kit.py [game ...] [--runs N] [--jobs N]
"""
from __future__ import annotations

import argparse
import compileall
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from statistics import median

REPO = Path(__file__).resolve().parent.parent
#: The issue's targets, in seconds.
KIT_TARGET, PRINT_ALL_TARGET, NO_OP_TARGET, DIAGRAM_TARGET = 5.0, 30.0, 0.5, 0.3


def timed(args: list[str], env: dict[str, str], cpu: list[float] | None = None) -> float:
    """Wall seconds of ``python -m generator ARGS`` in a fresh process (it must succeed); its CPU seconds (user +
    system, with its worker processes) are appended to ``cpu``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "generator", *args], check=True, cwd=REPO, env=env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if cpu is not None:
        cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return wall


def games() -> list[str]:
    """Every game folder under specs/ (one with a game.yaml), as `make print-all` finds them."""
    return sorted(p.parent.name for p in (REPO / "specs").glob("*/game.yaml"))


def first_example(game: str) -> str | None:
    """The first rule example of a game, by file name."""
    found = sorted((REPO / "specs" / game / "examples").glob("*.yaml"))
    return found[0].stem if found else None


def spread(values: list[float]) -> str:
    """Median with min and max."""
    return f"{median(values):6.2f} s  (min {min(values):.2f}, max {max(values):.2f})"


def load() -> str:
    """The machine's load averages over 1, 5 and 15 minutes."""
    return " ".join(f"{v:.2f}" for v in os.getloadavg())


def main(argv: list[str]) -> None:
    """Run the builds and print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", help="games to build (default: every game under specs/)")
    parser.add_argument("--runs", type=int, default=3, help="runs of each measurement (default 3)")
    parser.add_argument("--jobs", help="BOARDKIT_JOBS for the builds (default: the kit's own choice)")
    options = parser.parse_args(argv)
    names = options.games or games()
    env = {**os.environ, **({"BOARDKIT_JOBS": options.jobs} if options.jobs else {})}
    compileall.compile_dir(REPO / "generator", quiet=1)
    print(f"load before: {load()}  ({os.cpu_count()} cores, {options.runs} runs each)")
    cold: dict[str, list[float]] = {name: [] for name in names}
    cold_cpu: dict[str, list[float]] = {name: [] for name in names}
    no_op: dict[str, list[float]] = {name: [] for name in names}
    totals: list[float] = []
    for _ in range(options.runs):
        with tempfile.TemporaryDirectory() as tmp:
            for name in names:
                cold[name].append(timed(["print", name, "--out", tmp, "--force", "-q"], env, cold_cpu[name]))
            totals.append(sum(cold[name][-1] for name in names))
            for name in names:
                no_op[name].append(timed(["print", name, "--out", tmp, "-q"], env))
    print(f"{'game':<14} {'kit, cold, forced':<34} {'CPU':<9} {'no-op rebuild':<34}")
    for name in names:
        print(f"{name:<14} {spread(cold[name]):<34} {median(cold_cpu[name]):5.1f} s  {spread(no_op[name]):<34}")
    print(f"print-all ({len(names)} kits one after the other): {spread(totals)}  "
          f"CPU {sum(median(cold_cpu[name]) for name in names):.1f} s")
    print("one rule diagram in a fresh process:")
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            example = first_example(name)
            if example is None:
                continue
            cpu: list[float] = []
            runs = [timed(["diagram", example, "--game", name, "--out", f"{tmp}/{name}.svg"], env, cpu)
                    for _ in range(options.runs)]
            print(f"  {name:<14} {example:<34} {spread(runs)}  CPU {median(cpu):.2f} s")
    print(f"targets: kit <= {KIT_TARGET:g} s, print-all <= {PRINT_ALL_TARGET:g} s, no-op <= {NO_OP_TARGET:g} s, "
          f"diagram <= {DIAGRAM_TARGET:g} s")
    print(f"load after:  {load()}")


if __name__ == "__main__":
    main(sys.argv[1:])
