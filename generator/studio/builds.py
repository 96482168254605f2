"""Building a kit for download: ``boardkit print``'s build, in a temporary folder, packed into one zip.

A build runs in a thread of its own, one at a time per game. It builds with
the package's :func:`build` into a fresh folder of the studio's temporary
folder (so its files are those ``boardkit print`` writes for the same
options, byte for byte), hears of every file as it is done, and packs the
files into a zip only when every one of them is there; the folder is removed
either way. A failed build has the command line's message and no zip.
"""
from __future__ import annotations

import io
import multiprocessing
import tempfile
import threading
import time
import zipfile
from dataclasses import dataclass, field, replace
from pathlib import Path

from . import shared
from .workspace import Workspace

#: The date every file in a kit's zip carries, so that the same kit makes the same zip.
ZIP_DATE = (2026, 1, 1, 0, 0, 0)


@dataclass
class BuildEvent:
    """One line of a build's progress: a file done (with its time) or a warning."""

    text: str
    kind: str = "file"  # file, warning, note


class StudioProgress(shared.Progress):
    """The build's progress lines, kept for the page that shows them instead of printed."""

    def __init__(self, events: list[BuildEvent]):
        super().__init__(0, quiet=True)
        self.events = events

    def line(self, label: str, note: str, seconds: float | None = None) -> None:
        self.done += 1
        took = f" ({seconds:.1f} s)" if seconds is not None else ""
        self.events.append(BuildEvent(f"{label} {note}{took}"))

    def note(self, message: str) -> None:
        self.events.append(BuildEvent(message, "note"))

    def warn(self, message: str) -> None:
        self.events.append(BuildEvent(message, "warning"))


@dataclass
class KitBuild:
    """One build of a game's kit: its progress, then its zip or its error."""

    id: str
    game: shared.Game
    options: shared.KitOptions
    started: float = field(default_factory=time.monotonic)
    events: list[BuildEvent] = field(default_factory=list)
    progress: StudioProgress | None = None
    written: list[tuple[str, int, int]] = field(default_factory=list)  # name, pages, bytes
    zip_data: bytes | None = None
    error: str | None = None
    finished: float | None = None

    @property
    def state(self) -> str:
        """running, done or failed."""
        return "failed" if self.error is not None else "done" if self.zip_data is not None else "running"

    @property
    def total(self) -> int:
        """How many files the build makes (0 until it has planned them)."""
        return self.progress.total if self.progress is not None else 0

    @property
    def done(self) -> int:
        """How many files are done so far."""
        return self.progress.done if self.progress is not None else 0

    @property
    def filename(self) -> str:
        """The zip's name for the download: ``<game>-kit.zip``."""
        return f"{self.game.id}-kit.zip"


def use_worker_server() -> None:
    """Make the build's worker processes start from a clean server process (which has imported the kit once)
    rather than from a copy of the studio, whose other threads may hold locks the copy would wait on."""
    from multiprocessing import forkserver

    from .. import kit

    multiprocessing.get_context("forkserver").set_forkserver_preload(["generator.kit"])
    forkserver.ensure_running()  # started now, while the studio waits for its first page, not with the first build
    kit.START_METHOD = "forkserver"


def zip_folder(folder: Path, top: str) -> tuple[bytes, list[tuple[str, int]]]:
    """The files of ``folder`` (not the hidden build records) in a zip under ``top/``, sorted, with fixed dates;
    the zip and each file's name and size. The files are stored as they are: PDFs and PNGs are compressed
    already, and packing them again would only add to the wait."""
    buffer = io.BytesIO()
    listed = []
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        for path in sorted(p for p in folder.iterdir() if p.is_file() and not p.name.startswith(".")):
            info = zipfile.ZipInfo(f"{top}/{path.name}", ZIP_DATE)
            info.external_attr = 0o644 << 16
            data = path.read_bytes()
            archive.writestr(info, data)
            listed.append((path.name, len(data)))
    return buffer.getvalue(), listed


class Builds:
    """The studio's builds: at most one running per game, each kept until the next build of its game."""

    def __init__(self, space: Workspace):
        self.space = space
        self._builds: dict[str, KitBuild] = {}
        self._latest: dict[str, str] = {}
        self._count = 0
        self._guard = threading.Lock()

    def get(self, build_id: str) -> KitBuild | None:
        """A build by id."""
        return self._builds.get(build_id)

    def latest(self, game_id: str) -> KitBuild | None:
        """The last build of a game, if any."""
        found = self._latest.get(game_id)
        return self._builds.get(found) if found else None

    def start(self, game: shared.Game, options: shared.KitOptions) -> KitBuild:
        """Start building ``game``'s kit with ``options`` (their ``out`` is replaced by a temporary folder); a
        :class:`UserError` while another build of the same game runs."""
        lock = self.space.lock(game.id)
        if not lock.acquire(blocking=False):
            running = self.latest(game.id)
            since = f", started {time.monotonic() - running.started:.0f} s ago" if running else ""
            raise shared.UserError(f"a kit of {game.title} is being built{since}; one build of a game runs at a "
                                   "time: wait for it to finish, then build again")
        with self._guard:
            self._count += 1
            build = KitBuild(f"b{self._count}", game, options)
            old = self._latest.get(game.id)
            if old:
                self._builds.pop(old, None)
            self._builds[build.id] = build
            self._latest[game.id] = build.id
        threading.Thread(target=self._run, args=(build, lock), name=f"studio-build-{build.id}", daemon=True).start()
        return build

    def _run(self, build: KitBuild, lock: threading.Lock) -> None:
        try:
            builds = self.space.temp / "builds"
            builds.mkdir(parents=True, exist_ok=True)
            with tempfile.TemporaryDirectory(prefix=f"{build.game.id}-", dir=builds) as folder:
                options = replace(build.options, out=Path(folder))
                build.progress = StudioProgress(build.events)
                if not self.space.building.acquire(blocking=False):
                    build.progress.note("waiting for the build of another game to finish (one build at a time)")
                    self.space.building.acquire()
                try:
                    written = shared.build(build.game, options, quiet=True, progress=build.progress)
                finally:
                    self.space.building.release()
                data, listed = zip_folder(Path(folder) / build.game.id, build.game.id)
            pages = {w.path.name: w.pages for w in written}  # done only once its temporary folder is gone
            build.written = [(name, pages.get(name, 0), size) for name, size in listed]
            build.zip_data = data
        except Exception as exc:  # noqa: BLE001 - every failure is shown on the page, never raised in a thread
            build.error = shared.user_message(exc) or f"internal error: {type(exc).__name__}: {exc}"
        finally:
            build.finished = time.monotonic()
            lock.release()
