"""The rulebook markup: the small line-based format the templates render to and the builder lays out.

Blocks are separated by blank lines (a heading, list item, table row, note
line or directive also ends the block before it):

``# Title @anchor``
    chapter heading, numbered (lettered after ``::appendix``); ``@anchor`` is optional
``## Title @anchor`` / ``### Title``
    section and subsection headings
plain lines
    a paragraph; its lines are joined
``- text`` / ``1. text``
    bullet and numbered list items; continuation lines are indented
``> text``
    a boxed note; consecutive ``>`` lines form one box, ``>`` alone starts a new paragraph in it
``| a | b |``
    a table row; the first row is the header. A row of dashes right under it
    (``|----|--------|``) sets the relative column widths
``::name arguments``
    a directive: ``::figure id | caption`` (templates write
    ``{{ figure("id", "caption") }}``), ``::toc title [| chapters]``, ``::pagebreak``,
    ``::appendix`` (later chapters are lettered), ``::cover subtitle | tagline | credit``,
    ``::index`` (the index of the terms of ``index.yaml`` beside the book's chapters, with their pages)

Inline: ``**bold**``, ``*italic*``, ```b10``` (square names and other labels,
set in the sans face), ``[[fig:id]]`` (becomes "Figure 3"), ``[[sec:anchor]]``
(the title of that section, linked to it); a table cell holding only
``[[swatch:b10]]`` shows a drawn sample of that board square.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

from ..errors import Problem

#: Directives the builder understands, with the number of ``|``-separated arguments each takes (min, max).
DIRECTIVES: dict[str, tuple[int, int]] = {"figure": (1, 2), "toc": (0, 2), "pagebreak": (0, 0),
                                          "appendix": (0, 0), "cover": (0, 3), "index": (0, 0)}

#: The depths ``::toc Title | depth`` may ask for: how many heading levels the contents list.
TOC_DEPTHS: dict[str, int] = {"chapters": 1, "sections": 2}

_HEADING = re.compile(r"^(#{1,3})\s+(.+?)(?:\s+@([a-z0-9][a-z0-9-]*))?\s*$")
_BULLET = re.compile(r"^-\s+(.*)$")
_NUMBERED = re.compile(r"^\d+\.\s+(.*)$")
_DIRECTIVE = re.compile(r"^::([a-z]+)\s*(.*)$")
_SWATCH = re.compile(r"^\[\[swatch:([A-Za-z]+[0-9]+)\]\]$")
_REF = re.compile(r"\[\[(fig|sec):([a-z0-9][a-z0-9-]*)\]\]")


@dataclass
class Block:
    """One block of a document: what it is, its content, and where it was written."""

    kind: str  # heading, paragraph, bullets, numbers, note, table, directive
    source: str
    line: int
    text: str = ""
    level: int = 0
    anchor: str | None = None
    items: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    widths: list[float] = field(default_factory=list)
    args: list[str] = field(default_factory=list)


def _starts_block(line: str) -> bool:
    return bool(_HEADING.match(line) or _BULLET.match(line) or _NUMBERED.match(line) or _DIRECTIVE.match(line)
                or line.startswith(">") or line.startswith("|"))


def parse(text: str, source: str) -> tuple[list[Block], list[Problem]]:
    """Parse rendered markup into blocks; problems are located at ``source`` and the line of the text."""
    blocks: list[Block] = []
    problems: list[Problem] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        raw = lines[i]
        line = raw.strip()
        number = i + 1
        if not line:
            i += 1
            continue
        if heading := _HEADING.match(line):
            blocks.append(Block("heading", source, number, heading.group(2), len(heading.group(1)),
                                heading.group(3)))
            i += 1
        elif directive := _DIRECTIVE.match(line):
            name, rest = directive.group(1), directive.group(2)
            args = [a.strip() for a in rest.split("|")] if rest.strip() else []
            if name not in DIRECTIVES:
                problems.append(Problem(source, number, None, f"unknown directive '::{name}'",
                                        f"directives: {', '.join('::' + d for d in DIRECTIVES)}"))
            else:
                low, high = DIRECTIVES[name]
                if not low <= len(args) <= high:
                    problems.append(Problem(source, number, None, f"'::{name}' takes {low} to {high} arguments, "
                                            f"found {len(args)}", "separate arguments with '|'"))
                elif name == "toc" and args[1:] and args[1] not in TOC_DEPTHS:
                    problems.append(Problem(source, number, None, f"'::toc' cannot list '{args[1]}'",
                                            f"write '::toc {args[0]} | chapters' (chapters only) or leave the depth "
                                            "out (chapters and their sections)"))
                else:
                    blocks.append(Block("directive", source, number, name, args=args))
            i += 1
        elif _BULLET.match(line) or _NUMBERED.match(line):
            i = _list(lines, i, source, blocks)
        elif line.startswith(">"):
            i = _note(lines, i, source, blocks)
        elif line.startswith("|"):
            i = _table(lines, i, source, blocks, problems)
        else:
            start = i
            para = [line]
            i += 1
            while i < len(lines) and lines[i].strip() and not _starts_block(lines[i].strip()):
                para.append(lines[i].strip())
                i += 1
            blocks.append(Block("paragraph", source, start + 1, " ".join(para)))
    return blocks, problems


def _list(lines: list[str], i: int, source: str, blocks: list[Block]) -> int:
    ordered = bool(_NUMBERED.match(lines[i].strip()))
    pattern = _NUMBERED if ordered else _BULLET
    block = Block("numbers" if ordered else "bullets", source, i + 1)
    while i < len(lines):
        line = lines[i]
        item = pattern.match(line.strip())
        if item and not line.startswith(" "):
            block.items.append(item.group(1))
        elif line.startswith(" ") and line.strip() and block.items and not _starts_block(line.strip()):
            block.items[-1] += " " + line.strip()
        else:
            break
        i += 1
    blocks.append(block)
    return i


def _note(lines: list[str], i: int, source: str, blocks: list[Block]) -> int:
    block = Block("note", source, i + 1)
    current: list[str] = []
    while i < len(lines) and lines[i].strip().startswith(">"):
        content = lines[i].strip()[1:].strip()
        if content:
            current.append(content)
        elif current:
            block.items.append(" ".join(current))
            current = []
        i += 1
    if current:
        block.items.append(" ".join(current))
    blocks.append(block)
    return i


def _cells(line: str) -> list[str]:
    body = line.strip()
    body = body[1:] if body.startswith("|") else body
    body = body[:-1] if body.endswith("|") else body
    return [c.strip() for c in body.split("|")]


def _table(lines: list[str], i: int, source: str, blocks: list[Block], problems: list[Problem]) -> int:
    block = Block("table", source, i + 1)
    while i < len(lines) and lines[i].strip().startswith("|"):
        cells = _cells(lines[i])
        if len(block.rows) == 1 and not block.widths and all(c and set(c) <= {"-", ":"} for c in cells):
            block.widths = [float(len(c)) for c in cells]
        else:
            block.rows.append(cells)
        i += 1
    columns = {len(r) for r in block.rows}
    if len(columns) > 1 or (block.widths and columns != {len(block.widths)}):
        problems.append(Problem(source, block.line, None, "table rows have different numbers of cells",
                                "give every row (and the width row) the same number of '|' cells"))
    else:
        blocks.append(block)
    return i


def swatch_square(cell: str) -> str | None:
    """The square named by a cell that holds only ``[[swatch:<square>]]``, else None."""
    found = _SWATCH.match(cell.strip())
    return found.group(1) if found else None


def references(text: str) -> list[tuple[str, str]]:
    """Every ``[[fig:id]]`` and ``[[sec:anchor]]`` in a text, as (kind, id)."""
    return _REF.findall(text)


def inline(text: str, resolve: Callable[[str, str], str], code_font: str) -> str:
    """Turn inline markup into reportlab paragraph markup.

    ``resolve(kind, id)`` returns the (already marked-up) text for a
    ``[[fig:id]]`` or ``[[sec:id]]`` reference; ``code_font`` is the font for
    ```labels```.
    """
    out = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    out = re.sub(r"`([^`]+)`", lambda m: f'<font face="{code_font}">{m.group(1)}</font>', out)
    out = _REF.sub(lambda m: resolve(m.group(1), m.group(2)), out)
    out = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", out)
    out = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<i>\1</i>", out)
    return out


def plain(text: str) -> str:
    """Inline markup stripped to plain text (for bookmarks and running heads)."""
    out = re.sub(r"`([^`]+)`", r"\1", text)
    out = re.sub(r"\*\*(.+?)\*\*", r"\1", out)
    return re.sub(r"\*(.+?)\*", r"\1", out)
