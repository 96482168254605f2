"""Writing into the output folder safely: names that stay inside it, atomic saves, leftovers, one build at a time."""
from __future__ import annotations

import errno
import fcntl
import os
import re
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from ..errors import UserError

#: What a name that becomes part of a file name may look like (themes, formats, parts, games, profiles): ASCII
#: letters only, as file names travel (zip files, e-mail, print shops) and a letter such as 'ü' can be written two
#: ways (one character, or 'u' and a combining mark) that look the same and name two different files.
SAFE_NAME = r"^[A-Za-z0-9][A-Za-z0-9_-]*$"
#: What a file written into the output folder may be called: a safe name, dots inside (board-a4-classic.pdf).
_SAFE_FILE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")
#: Suffix of the temporary file a save writes before it is moved into place.
PARTIAL_SUFFIX = ".partial"
LOCK_NAME = ".build.lock"


def inside(folder: Path, name: str) -> Path:
    """The path of file ``name`` in ``folder``, proved to stay inside it; :class:`UserError` otherwise."""
    if not _SAFE_FILE.fullmatch(name) or ".." in name or (folder / name).resolve().parent != folder.resolve():
        raise UserError(f"refusing to write {name!r}: a file name in the kit must be ASCII letters, digits, '-', "
                        f"'_' and '.', and stay inside {folder}; rename the theme, format or game that gave it")
    return folder / name


def save_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file moved into place; a failed write leaves neither."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=PARTIAL_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as stream:
            stream.write(data)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def remove_leftovers(folder: Path) -> list[Path]:
    """Delete the temporary files of saves that were killed half-way in ``folder``; returns them."""
    found = sorted(folder.glob(f".*{PARTIAL_SUFFIX}")) if folder.is_dir() else []
    for path in found:
        path.unlink(missing_ok=True)
    return found


#: The byte of the lock file the build's own process locks (one build at a time writes into a folder).
_HOLDER_BYTE = 0
#: The byte its worker processes lock, shared, while they live (a new build waits for the last one's workers).
_WORKERS_BYTE = 1
#: How often a worker looks whether the build that started it is still there (seconds).
_WATCH_SECONDS = 0.2


@contextmanager
def build_lock(folder: Path, note: Callable[[str], None]) -> Iterator[bool]:
    """Hold the output folder for one build at a time; yields whether this build may write into it.

    The lock is a POSIX record lock of this process alone: no worker inherits it, and the system frees it the
    moment this process ends, however it ends (a build killed with ``kill -9`` or out of memory leaves no lock
    behind). A build that finds the folder held says once whose build it waits for (its process id, and when it
    started, from the lock file), then waits; it also waits for the workers of a build that was killed, which
    end on their own within a fraction of a second (:func:`hold_as_worker`). A folder this process may not write
    into (read-only) is only read: it is locked shared when its lock file exists, and the build may only find
    its files up to date.
    """
    folder.mkdir(parents=True, exist_ok=True)
    lock = folder / LOCK_NAME
    fd, writable = _open_lock(lock, os.access(folder, os.W_OK | os.X_OK))
    if fd is None:
        yield False
        return
    try:
        _take(fd, fcntl.LOCK_EX if writable else fcntl.LOCK_SH, _HOLDER_BYTE,
              lambda: note(f"waiting for {_holder(fd)}, which is writing into {folder} (one build at a time "
                           "writes into a folder)"))
        if writable:
            _take(fd, fcntl.LOCK_EX, _WORKERS_BYTE,
                  lambda: note(f"waiting for the worker processes of a build that stopped ({_holder(fd)}) to end"))
            fcntl.lockf(fd, fcntl.LOCK_UN, 1, _WORKERS_BYTE)
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"pid {os.getpid()}, started {time.strftime('%Y-%m-%d %H:%M:%S')}\n".encode(), 0)
        yield writable
    finally:
        if writable:
            os.ftruncate(fd, 0)  # an empty lock file: the last build that held the folder ended
        os.close(fd)  # frees every lock of this process on the file


def _open_lock(lock: Path, writable: bool) -> tuple[int | None, bool]:
    """The lock file opened for the build, and whether it was opened to write: read-write when the folder is
    writable, else read-only (no file when a read-only folder has no lock file)."""
    if writable:
        try:
            return os.open(lock, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o666), True
        except OSError as exc:
            if exc.errno not in (errno.EACCES, errno.EPERM, errno.EROFS):
                raise
    try:
        return os.open(lock, os.O_RDONLY | os.O_CLOEXEC), False
    except FileNotFoundError:
        return None, False


def _take(fd: int, kind: int, byte: int, waiting: Callable[[], None]) -> None:
    """Lock one byte of the lock file, saying once (``waiting``) before a wait."""
    try:
        fcntl.lockf(fd, kind | fcntl.LOCK_NB, 1, byte)
    except OSError as exc:
        if exc.errno not in (errno.EACCES, errno.EAGAIN):
            raise
        waiting()
        fcntl.lockf(fd, kind, 1, byte)


def _holder(fd: int) -> str:
    """Whose build holds the folder, as its lock file says: 'the build of pid 42, started 2025-01-31 10:02:03'."""
    said = os.pread(fd, 200, 0).decode("utf-8", "replace").strip()
    return f"the build of {said}" if said.startswith("pid ") else "another build"


def hold_as_worker(folder: Path) -> None:
    """Mark this worker process as one of the build that holds ``folder``, and end it when that build ends.

    The worker locks the lock file's worker byte shared for its whole life (so that the next build waits
    until it is gone), and a thread ends the process as soon as its parent is no longer the one that started it:
    the build's process was killed (``kill -9``, out of memory), and whatever the worker would write next
    would belong to no build.
    """
    fd = os.open(folder / LOCK_NAME, os.O_RDONLY | os.O_CLOEXEC)
    fcntl.lockf(fd, fcntl.LOCK_SH, 1, _WORKERS_BYTE)  # kept until the process ends
    end_with_parent()


def end_with_parent() -> None:
    """End this worker process (a thread watches) as soon as its parent is no longer the one that started it:
    the process that made the worker was killed (``kill -9``, out of memory), and the worker's work would
    belong to nobody."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(_WATCH_SECONDS)
        os._exit(70)

    threading.Thread(target=watch, name="boardkit-parent-watch", daemon=True).start()
