"""A game's rules ledger (``specs/<game>/rules-interpretations.md``), read for the clarifications
appendix of its rulebook.

The ledger is Markdown written for the project: ``## Group`` headings, and
under each a numbered list whose items read::

    12. **Title** — *Book section*, *Another section*. The reading, in the
        project's words; may say **Conflict:** ... Reading: ... and end in **(issue)**.

For players each entry keeps its number and title and a cleaned text: the
citation of the book's sections (up to the first full stop) is dropped; when
the entry describes a conflict, only what follows ``Reading:`` is kept;
status markers, parentheses holding code, and clauses about the engine, its
tests or its tools are removed, and code spans become plain words.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import Problem
from ..game import Game

#: The ledger's file name in a game's spec folder.
LEDGER_NAME = "rules-interpretations.md"


def ledger_path(game: Game) -> Path:
    """Where a game's rules ledger lives."""
    return game.folder / LEDGER_NAME

_GROUP = re.compile(r"^##\s+(.+?)\s*$")
_ITEM = re.compile(r"^(\d+)\.\s+(.*)$")
_TITLE = re.compile(r"^\*\*(.+?)\*\*\s*(?:[—–-]+\s*)?(.*)$", re.S)
_MARKER = re.compile(r"\s*\*\*\((?:issue|[a-z ]+)\)\*\*")
_CONFLICT = re.compile(r"\*\*Conflict[:.]\*\*\s*")
_CODE = re.compile(r"`([^`]*)`")
#: Words that mark a phrase as talk about the project (its software, its issues) rather than the game.
_TOOLING = re.compile(r"\b(engine|tests?|verify|spec|issue's|issue|parameter|setting|event)\b|`[^`]*[(.=_][^`]*`")
#: Parentheses whose content holds a code span (code spans may hold parentheses themselves).
_CODE_PAREN = re.compile(r"\s*\((?:[^()`]|`[^`]*`)*`[^`]*`(?:[^()`]|`[^`]*`)*\)")


@dataclass(frozen=True)
class Entry:
    """One reading: its number in the ledger, its title, the text for players, and whether the book conflicts."""

    number: int
    title: str
    text: str
    conflict: bool


@dataclass
class Group:
    """A heading of the ledger and its entries."""

    title: str
    entries: list[Entry] = field(default_factory=list)


def _clauses(text: str) -> list[str]:
    """Split into sentences and semicolon clauses, keeping their closing punctuation."""
    return [c for c in re.split(r"(?<=[.;])\s+(?=[A-Z(`a-z])", text) if c]


def _phrases(clause: str) -> list[str]:
    """Split a clause after each comma or colon outside parentheses; each phrase keeps its separator."""
    out, depth, start = [], 0, 0
    for i, char in enumerate(clause):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char in ",:" and depth == 0:
            out.append(clause[start:i + 1])
            start = i + 1
    out.append(clause[start:])
    return out


def _without_tooling(clause: str) -> str:
    """The clause without the phrases that talk about the project; '' when its first phrase does.

    A dropped phrase hands its closing punctuation to the phrase before it
    (two commas around a dropped aside become none).
    """
    phrases = _phrases(clause.strip())
    if _TOOLING.search(phrases[0]):
        return ""
    kept: list[str] = []
    for phrase in phrases:
        if not _TOOLING.search(phrase):
            kept.append(phrase)
            continue
        ending = phrase.rstrip()[-1:] if phrase.rstrip()[-1:] in (",", ":", ";", ".") else ""
        previous = kept[-1].rstrip()
        kept[-1] = previous[:-1] + ("" if ending == "," and previous.endswith(",") else ending)
    return "".join(kept).strip()


def _drop_citation(body: str) -> str:
    end = re.search(r"\.(\s|$)", body)
    if end is None:
        return body
    head = body[:end.start()]
    return body[end.end():] if ("*" in head or "book" in head.lower()) else body


def player_text(body: str) -> tuple[str, bool]:
    """The player-facing text of an entry body (after its bold title) and whether it records a conflict."""
    text = " ".join(body.split())
    text = _drop_citation(text)
    conflict = bool(_CONFLICT.search(text))
    text = _MARKER.sub("", text)
    if "Reading:" in text:
        text = text.split("Reading:", 1)[1].strip()
    text = _CONFLICT.sub("", text)
    text = _CODE_PAREN.sub("", text)
    kept = [_without_tooling(c) for c in _clauses(text)]
    text = " ".join(k for k in kept if k).strip()
    if text.endswith(";"):
        text = text[:-1] + "."
    text = _CODE.sub(r"\1", text)
    return (text[:1].upper() + text[1:]) if text else "", conflict


def parse_ledger(source: str, name: str = "rules-interpretations.md") -> tuple[list[Group], list[Problem]]:
    """Groups and entries of a ledger's text; problems name the file and line of anything unreadable.

    Entries whose text is only about the project (nothing left for players) are left out.
    """
    groups: list[Group] = []
    problems: list[Problem] = []
    item: tuple[int, int, list[str]] | None = None

    def close() -> None:
        if item is None:
            return
        number, line, lines = item
        found = _TITLE.match(" ".join(lines).strip())
        if found is None:
            problems.append(Problem(name, line, None, f"entry {number} has no bold title",
                                    "start the entry with '**Title** — ...'"))
            return
        text, conflict = player_text(found.group(2))
        if not text:
            return
        if not groups:
            problems.append(Problem(name, line, None, f"entry {number} comes before any '## ' group heading",
                                    "put entries under a '## Group' heading"))
            return
        groups[-1].entries.append(Entry(number, found.group(1).strip(), text, conflict))

    for n, raw in enumerate(source.splitlines(), start=1):
        if group := _GROUP.match(raw):
            close()
            item = None
            groups.append(Group(group.group(1)))
        elif found := _ITEM.match(raw):
            close()
            item = (int(found.group(1)), n, [found.group(2)])
        elif item is not None and raw.startswith(" ") and raw.strip():
            if item[2][-1].endswith("-") and raw.strip()[:1].isalpha():
                item[2][-1] += raw.strip()  # a word broken at a hyphen across lines
            else:
                item[2].append(raw.strip())
        elif item is not None and raw.strip():
            close()
            item = None
    close()
    return [g for g in groups if g.entries], problems


def load_ledger(path: Path) -> tuple[list[Group], list[Problem]]:
    """The ledger's groups (empty, with a problem, when the file is missing)."""
    if not path.is_file():
        return [], [Problem(path, None, None, "the rules ledger is missing",
                            f"the clarifications appendix is made from it; restore {path.name}")]
    return parse_ledger(path.read_text(encoding="utf-8"), str(path))
