"""The set-up notecard: the rulebook's own set-up chapter, as plain text for the table.

The text is the chapter the rulebook prints under its ``@setup`` anchor,
rendered from the same templates and facts, so the card and the book always
say the same: its numbered steps, paragraphs, tables and boxed notes, without
its figures and their references, and without a note that points players to
the kit's files (which of the book's defaults a spec file sets).
"""
from __future__ import annotations

import re

from ..model.game import Game
from ..rulebook.markup import Block, plain

#: The anchor of the rulebook's set-up chapter.
SETUP_ANCHOR = "setup"
#: A reference to a figure or section, with the brackets or comma around it: the card shows no figures.
_REFERENCE = re.compile(r"\s*\(?\[\[(?:fig|sec):[a-z0-9-]+\]\]\)?")
#: A note that names the kit's files is for the people who change the kit, not for the players at the table.
_FILE_NAME = re.compile(r"\.ya?ml\b|`specs/")


def setup_note(game: Game) -> tuple[str, str] | None:
    """The title and text of the rulebook's set-up chapter; None for a game whose plug-in gives no rulebook, or
    whose rulebook has no chapter anchored ``@setup``."""
    # Imported here, when first needed, to keep start-up fast.
    from ..play.registry import plugin_for
    from ..rulebook.files import shared_rulebook

    if plugin_for(game).book is None:
        return None
    blocks = shared_rulebook(game).blocks("rulebook")
    start = next((n for n, b in enumerate(blocks) if b.kind == "heading" and b.anchor == SETUP_ANCHOR), None)
    if start is None:
        return None
    lines: list[str] = []
    for block in blocks[start + 1:]:
        if block.kind == "heading" and block.level == 1:
            break
        lines += _lines(block)
    return plain(blocks[start].text), "\n".join(lines).strip()


def _text(text: str) -> str:
    """Inline markup to plain text, figure references dropped."""
    return plain(_REFERENCE.sub("", text)).strip()


def _lines(block: Block) -> list[str]:
    """The lines of one block of the chapter (a blank line before each paragraph, list and table)."""
    if block.kind == "paragraph":
        return ["", _text(block.text)]
    if block.kind == "numbers":
        return [""] + [f"{n}. {_text(item)}" for n, item in enumerate(block.items, 1)]
    if block.kind == "bullets":
        return [""] + [f"- {_text(item)}" for item in block.items]
    if block.kind == "note" and not any(_FILE_NAME.search(item) for item in block.items):
        return [""] + [_text(item) for item in block.items]
    if block.kind == "table":
        return [""] + [" | ".join(_text(cell) for cell in row) for row in block.rows]
    if block.kind == "heading":
        return ["", _text(block.text).upper()]
    return []  # figures, page breaks, and notes about the kit's files
