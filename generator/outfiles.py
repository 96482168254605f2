"""Writing into the output folder safely: names that stay inside it, atomic saves, leftovers, one build at a time."""
from __future__ import annotations

import fcntl
import os
import re
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .errors import UserError

#: What a name that becomes part of a file name may look like (themes, formats, parts, games, profiles).
SAFE_NAME = r"^[A-Za-z0-9][A-Za-z0-9_-]*$"
#: What a file written into the output folder may be called: a safe name, dots inside (board-a4-classic.pdf).
_SAFE_FILE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")
#: Suffix of the temporary file a save writes before it is moved into place.
PARTIAL_SUFFIX = ".partial"
LOCK_NAME = ".build.lock"


def inside(folder: Path, name: str) -> Path:
    """The path of file ``name`` in ``folder``, proved to stay inside it; :class:`UserError` otherwise."""
    if not _SAFE_FILE.match(name) or ".." in name or (folder / name).resolve().parent != folder.resolve():
        raise UserError(f"refusing to write '{name}': a file name in the kit must be letters, digits, '-', '_' "
                        f"and '.', and stay inside {folder}; rename the theme, format or game that gave it")
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


@contextmanager
def build_lock(folder: Path) -> Iterator[None]:
    """Hold the output folder for one build at a time (another build waits until this one ends)."""
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / LOCK_NAME, "a+b") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
