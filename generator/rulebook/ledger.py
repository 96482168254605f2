"""A game's rules ledger (``specs/<game>/rules-interpretations.md``), read for the clarifications of its
rules reference.

The ledger is Markdown written for the project: ``## Group`` headings, and
under each a numbered list whose items read::

    12. **Title** — *Book section*. The reading, in the project's words; may
        say **Conflict:** ... and end in **(issue)**.
        > The text players read in the rules reference, as the entry's last
        > paragraph: lines starting with '> ', indented like the entry's other lines.

Players see each entry's number, title and players' text, and whether the
entry records a conflict of the source (``**Conflict:**`` in the project's
text). An entry without players' text is a problem located at its line.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import Problem
from ..model.game import Game

#: The ledger's file name in a game's spec folder.
LEDGER_NAME = "rules-interpretations.md"


def ledger_path(game: Game) -> Path:
    """Where a game's rules ledger lives."""
    return game.folder / LEDGER_NAME


_GROUP = re.compile(r"^##\s+(.+?)\s*$")
_ITEM = re.compile(r"^(\d+)\.\s+(.*)$")
_TITLE = re.compile(r"^\*\*(.+?)\*\*")
_CONFLICT = re.compile(r"\*\*Conflict[:.]\*\*")
_PLAYERS = re.compile(r"^>\s?(.*)$")


@dataclass(frozen=True)
class Entry:
    """One reading: its number in the ledger, its title, the text for players, and whether the source conflicts."""

    number: int
    title: str
    text: str
    conflict: bool


@dataclass
class Group:
    """A heading of the ledger and its entries."""

    title: str
    entries: list[Entry] = field(default_factory=list)


@dataclass
class _Item:
    """An entry being read: its number and line, the project's lines and the players' lines."""

    number: int
    line: int
    project: list[str]
    players: list[str] = field(default_factory=list)


def _entry(item: _Item, name: str) -> Entry | Problem:
    """The entry of a finished item, or the problem that keeps it out."""
    project = " ".join(item.project).strip()
    title = _TITLE.match(project)
    if title is None:
        return Problem(name, item.line, None, f"entry {item.number} has no bold title",
                       "start the entry with '**Title** — ...'")
    text = " ".join(" ".join(item.players).split())
    if not text:
        return Problem(name, item.line, None, f"entry {item.number} ('{title.group(1).strip()}') has no players' text",
                       "end the entry with a line '> ...' (indented like its other lines) saying the reading in "
                       "players' words; the rules reference prints it")
    return Entry(item.number, title.group(1).strip(), text, bool(_CONFLICT.search(project)))


def parse_ledger(source: str, name: str = LEDGER_NAME) -> tuple[list[Group], list[Problem]]:
    """Groups and entries of a ledger's text; problems name the file and line of anything unreadable."""
    groups: list[Group] = []
    problems: list[Problem] = []
    item: _Item | None = None

    def close() -> None:
        if item is None:
            return
        found = _entry(item, name)
        if isinstance(found, Problem):
            problems.append(found)
        elif not groups:
            problems.append(Problem(name, item.line, None, f"entry {item.number} comes before any '## ' group "
                                    "heading", "put entries under a '## Group' heading"))
        else:
            groups[-1].entries.append(found)

    for n, raw in enumerate(source.splitlines(), start=1):
        if group := _GROUP.match(raw):
            close()
            item = None
            groups.append(Group(group.group(1)))
        elif found := _ITEM.match(raw):
            close()
            item = _Item(int(found.group(1)), n, [found.group(2)])
        elif item is not None and raw.startswith(" ") and raw.strip():
            players = _PLAYERS.match(raw.strip())
            if players:
                item.players.append(players.group(1))
            elif item.project[-1].endswith("-") and raw.strip()[:1].isalpha():
                item.project[-1] += raw.strip()  # a word broken at a hyphen across lines
            else:
                item.project.append(raw.strip())
        elif item is not None and raw.strip():
            close()
            item = None
    close()
    return [g for g in groups if g.entries], problems


def load_ledger(path: Path) -> tuple[list[Group], list[Problem]]:
    """The ledger's groups (empty, with a problem, when the file is missing)."""
    if not path.is_file():
        return [], [Problem(path, None, None, "the rules ledger is missing",
                            f"the clarifications of the rules reference are made from it; restore {path.name}")]
    return parse_ledger(path.read_text(encoding="utf-8"), str(path))
