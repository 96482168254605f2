"""Problems found in spec files, reported all at once with their location."""
from __future__ import annotations

import errno
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a spec: where it is, what is wrong, how to fix it."""

    file: Path | str
    line: int | None
    column: int | None
    message: str
    hint: str = ""

    def format(self) -> str:
        """Render as ``file:line:col: message (hint)``, the form editors jump to; a file inside the working
        folder is named from there (``specs/drako/themes``), as the person typed it, not by its absolute path."""
        where = _shown(self.file)
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        text = f"{where}: {self.message}"
        if self.hint:
            text += f"\n    fix: {self.hint}"
        return text


def _shown(file: Path | str) -> str:
    """``file`` relative to the working folder when it lies inside it, else as given."""
    if isinstance(file, Path) and file.is_absolute():
        try:
            return str(file.relative_to(Path.cwd()))
        except (ValueError, OSError):  # outside the working folder, or the folder is gone
            return str(file)
    return str(file)


class SpecError(Exception):
    """Raised when one or more spec files are invalid; carries every problem found."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__(self.format())

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (SpecError, (self.problems,))  # so the error crosses from a worker process intact

    def format(self) -> str:
        """All problems, one block each, with a count line on top."""
        count = len(self.problems)
        head = f"{count} problem{'s' if count != 1 else ''} found:"
        return "\n".join([head] + [p.format() for p in self.problems])


class UserError(Exception):
    """A problem with the command line or the environment, reported without a traceback."""


@dataclass
class ProblemList:
    """Collects problems while a loader walks a document."""

    problems: list[Problem] = field(default_factory=list)

    def add(self, problem: Problem) -> None:
        """Record one problem."""
        self.problems.append(problem)

    def raise_if_any(self) -> None:
        """Raise :class:`SpecError` with everything collected, if anything was."""
        if self.problems:
            raise SpecError(self.problems)


def user_message(exc: BaseException) -> str | None:
    """What a person is told of an error that is not a bug (the command line prints it, the studio shows it):
    every located problem of a :class:`SpecError`, a :class:`UserError`'s sentence, a file-system error with
    what to do; None for any other exception (an internal error)."""
    if isinstance(exc, SpecError):
        return exc.format()
    if isinstance(exc, UserError):
        return f"error: {exc}"
    if isinstance(exc, OSError):
        where = f" ({exc.filename})" if exc.filename else ""
        fix = ("free some space and build again (nothing half-written was kept)" if exc.errno == errno.ENOSPC
               else "check that the folder exists and that you may write there")
        return f"error: {exc.strerror or exc}{where}; {fix}"
    return None
