"""Progress lines and the closing table of files written, on stderr and stdout."""
from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO


@dataclass(frozen=True)
class Written:
    """A file the build wrote (or found up to date)."""

    path: Path
    pages: int
    skipped: bool = False

    @property
    def size(self) -> int:
        """Size in bytes."""
        return self.path.stat().st_size


class Progress:
    """Numbered progress lines, one per file: ``[ 3/12] board-a3-light.pdf  done (0.4 s)``."""

    def __init__(self, total: int, quiet: bool = False, stream: TextIO | None = None):
        self.total, self.done, self.quiet = total, 0, quiet
        self.stream = stream if stream is not None else sys.stderr

    def line(self, label: str, note: str, seconds: float | None = None) -> None:
        """Report one finished step."""
        self.done += 1
        if not self.quiet:
            width = len(str(self.total))
            took = f" ({seconds:.1f} s)" if seconds is not None else ""
            print(f"[{self.done:>{width}}/{self.total}] {label} {note}{took}", file=self.stream, flush=True)

    def note(self, message: str) -> None:
        """A line about the build itself (what it waits for), printed even when quiet."""
        print(f"note: {message}", file=self.stream, flush=True)

    def warn(self, message: str) -> None:
        """A warning line that does not stop the build."""
        print(f"warning: {message}", file=self.stream, flush=True)


def human_size(size: int) -> str:
    """Bytes as a short human string (KB and MB are 1000-based)."""
    if size >= 1_000_000:
        return f"{size / 1_000_000:.1f} MB"
    return f"{size / 1000:.0f} KB"


def summary_table(written: list[Written], root: Path) -> str:
    """A table of every file: name, pages, size (and whether it was already up to date)."""
    rows = []
    for w in written:
        try:
            name = str(w.path.relative_to(root))
        except ValueError:
            name = str(w.path)
        rows.append((name, str(w.pages) if w.pages else "-", human_size(w.size), "up to date" if w.skipped else ""))
    head = ("file", "pages", "size", "")
    widths = [max(len(r[i]) for r in rows + [head]) for i in range(4)]

    def line(r: tuple[str, ...]) -> str:
        return f"{r[0]:<{widths[0]}}  {r[1]:>{widths[1]}}  {r[2]:>{widths[2]}}  {r[3]}".rstrip()

    out = [line(head), line(tuple("-" * w for w in widths))] + [line(r) for r in rows]
    total = sum(w.size for w in written)
    out.append(f"{len(written)} files, {human_size(total)}")
    return "\n".join(out)
