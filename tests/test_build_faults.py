"""Faults of the build's processes and of its output folder (issue 24): a killed build, a busy folder, a read-only
folder. Every test runs real builds in their own processes."""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator.output import outfiles

REPO = Path(__file__).resolve().parent.parent
#: Six Dravakron boards: long enough for a build to be killed half-way, short enough for the suite.
BOARDS = ("dravakron", "--part", "board", "--format", "a4,letter,a3", "--theme", "classic,light", "--no-preview")


def _cli(*args: str, prefix: tuple[str, ...] = ()) -> list[str]:
    return [*prefix, sys.executable, "-m", "generator", "print", *args]


def _env(jobs: str = "2") -> dict[str, str]:
    return {**os.environ, "BOARDKIT_JOBS": jobs}


def _alive(pid: int) -> bool:
    """True while process ``pid`` runs (a zombie waiting to be reaped counts as ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


def _descendants(pid: int) -> list[int]:
    """The processes ``pid`` started, and those they started (Linux /proc)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (int(c) for c in (task / "children").read_text().split()):
            found += [child, *_descendants(child)]
    return found


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads the build's processes from Linux /proc")
def test_a_build_whose_main_process_is_killed_leaves_no_worker_and_no_lock_behind(tmp_path: Path,
                                                                                 boards: Path) -> None:
    killed = subprocess.Popen(_cli(*BOARDS, "--out", str(tmp_path)), cwd=REPO, env=_env(), text=True,
                              stderr=subprocess.PIPE, stdout=subprocess.DEVNULL)
    assert killed.stderr is not None
    line = killed.stderr.readline()  # the first file is done: both workers are busy with the next ones
    assert "done" in line, line
    workers = _descendants(killed.pid)  # the two workers (and a fork server, with that start method)
    assert len(workers) >= 2 and all(_alive(w) for w in workers)
    os.kill(killed.pid, signal.SIGKILL)  # only the main process dies, as in an out-of-memory kill
    killed.wait()
    deadline = time.monotonic() + 10
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_alive(w) for w in workers), "the workers outlived the build that started them"
    assert len(list((tmp_path / "dravakron").glob("*.pdf"))) < 6

    again = subprocess.run(_cli(*BOARDS, "--out", str(tmp_path), "-q"), cwd=REPO, env=_env(), timeout=120,
                           capture_output=True, text=True)
    assert again.returncode == 0 and again.stderr == "", again.stderr
    folder = tmp_path / "dravakron"
    assert sorted(p.name for p in folder.iterdir() if p.name.startswith(".")) == [".build-manifest.json",
                                                                                  ".build.lock"]
    built = sorted(folder.glob("*.pdf"))
    assert len(built) == 6
    for pdf in built:  # the same bytes as a build that was never interrupted
        assert pdf.read_bytes() == (boards / pdf.name).read_bytes(), pdf.name


_HOLD = """
import sys
from pathlib import Path
from generator.output.outfiles import build_lock
with build_lock(Path(sys.argv[1]), print):
    print("held", flush=True)
    sys.stdin.read()
"""


def test_a_build_into_a_busy_folder_says_once_whose_build_it_waits_for(tmp_path: Path) -> None:
    folder = tmp_path / "dravakron"
    holder = subprocess.Popen([sys.executable, "-c", _HOLD, str(folder)], cwd=REPO, text=True,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert holder.stdin is not None and holder.stdout is not None
    assert holder.stdout.readline() == "held\n"
    record = (folder / outfiles.LOCK_NAME).read_text()
    assert record.startswith(f"pid {holder.pid}, started ")
    waiting = subprocess.Popen(_cli("dravakron", "--part", "board", "--format", "a4", "--theme", "classic",
                                    "--no-preview", "--out", str(tmp_path), "-q"),
                               cwd=REPO, env=_env("1"), text=True, stderr=subprocess.PIPE)
    assert waiting.stderr is not None
    said = waiting.stderr.readline()
    assert said == f"note: waiting for the build of {record.strip()}, which is writing into {folder} (one build " \
                   "at a time writes into a folder)\n"
    assert waiting.poll() is None and not list(folder.glob("*.pdf"))  # it waits, and writes nothing meanwhile
    holder.stdin.close()
    assert holder.wait(timeout=10) == 0
    assert waiting.wait(timeout=120) == 0
    assert waiting.stderr.read() == ""  # said once
    assert [p.name for p in folder.glob("*.pdf")] == ["board-a4-classic.pdf"]
    assert (folder / outfiles.LOCK_NAME).read_text() == ""  # the build that ended left no holder behind


def _read_only() -> tuple[str, ...]:
    """A command prefix under which the folder's permissions hold (root ignores them unless it drops the right)."""
    if os.geteuid() != 0:
        return ()
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv: nothing can make a folder read-only for this test")
    return (setpriv, "--bounding-set=-dac_override,-dac_read_search,-fowner")


def test_a_read_only_output_folder_passes_when_up_to_date_and_refuses_a_write_with_one_line(tmp_path: Path) -> None:
    args = ("dravakron", "--part", "board", "--format", "a4", "--theme", "classic", "--no-preview", "--out",
            str(tmp_path), "-q")
    assert subprocess.run(_cli(*args), cwd=REPO, env=_env("1"), timeout=120).returncode == 0
    folder = tmp_path / "dravakron"
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    folder.chmod(0o555)
    try:
        current = subprocess.run(_cli(*args, prefix=_read_only()), cwd=REPO, env=_env("1"), timeout=120,
                                 capture_output=True, text=True)
        forced = subprocess.run(_cli(*args, "--force", prefix=_read_only()), cwd=REPO, env=_env("1"), timeout=120,
                                capture_output=True, text=True)
    finally:
        folder.chmod(0o755)
    assert (current.returncode, current.stderr) == (0, "")
    assert forced.returncode == 2 and forced.stderr.splitlines() == [
        f"error: cannot write {folder / 'board-a4-classic.pdf'}: the folder is read-only, and 1 file of this build "
        "is missing or out of date there; make the folder writable, or build into another folder with --out"]
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
