"""Helpers for tests that break a copy of a spec on purpose and check where the error points."""
from __future__ import annotations

from pathlib import Path


def edit(path: Path, old: str, new: str) -> None:
    """Replace the first ``old`` in a spec file by ``new``; fails the test setup when ``old`` is absent."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"test setup: '{old}' not in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def line_of(path: Path, needle: str) -> int:
    """The 1-based number of the first line of ``path`` containing ``needle``."""
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)
