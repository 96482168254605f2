"""What the studio says of each game and of each file of its kit, from the kit's own plan and print guide."""
from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import cast

from . import shared
from .workspace import Selection, Workspace


@dataclass(frozen=True)
class Component:
    """A line of a game's components: how many, and what (the print guide's checklist)."""

    count: int
    name: str


@dataclass(frozen=True)
class GameCard:
    """A game as the games page shows it."""

    id: str
    title: str
    players: int
    components: tuple[Component, ...]
    pieces: int
    books: tuple[str, ...]  # the rulebook's and the reference's A4 files


@dataclass(frozen=True)
class KitFile:
    """A file of the kit as the game page lists it: the print guide's paper and words for it."""

    name: str
    part: str
    paper: str
    how: str


def guide_of(space: Workspace, game: shared.Game, selection: Selection) -> shared.GuideMaker | None:
    """The maker of the kit's print guide for ``selection`` (its context says what the guide says)."""
    options = selection.options(space, game, parts=("guide",))
    job = next((j for j in shared.plan(game, options, lambda _: None) if isinstance(j.make, shared.GuideMaker)), None)
    return job.make if job is not None and isinstance(job.make, shared.GuideMaker) else None


def game_card(space: Workspace, game: shared.Game) -> GameCard:
    """A game's card: its players (the sides its engine seats), its components and pieces as the print guide's
    checklist counts them, and its books."""
    selection = Selection("A4", tuple(game.formats)[:1], tuple(game.theme_names()[:1]), shared.DEFAULT_PRINTER)
    context: dict[str, object]
    if shared.parts_of(game)["guide"] is shared.PARTS["guide"]:  # the shared guide: its checklist, without the
        # list of files, which would plan every part of the kit (and spread every deck) only to name the files
        context = shared.guide_context(game, selection.formats, [game.theme(t) for t in selection.themes], None, [])
    else:  # a game's own guide says its checklist its own way
        guide = guide_of(space, game, selection)
        context = guide.context if guide is not None else {}
    rows = [Component(r.count, r.name) for r in cast("list[shared.ChecklistRow]", context.get("checklist", []))]
    rows += [Component(d.count, d.name) for d in cast("list[shared.ChecklistRow]", context.get("decks", []))]
    options = selection.options(space, game, parts=("rulebook", "reference"))
    books = tuple(j.name for j in shared.plan(game, options, lambda _: None) if j.name.endswith("-a4.pdf"))
    return GameCard(game.id, game.title, len(shared.rules_for(game).players), tuple(rows),
                    cast(int, context.get("pieces_total", 0)), books)


def kit_files(space: Workspace, game: shared.Game, selection: Selection) -> list[KitFile]:
    """Every file the selection builds, with its paper and what it is, in the print guide's words."""
    jobs = shared.plan(game, selection.options(space, game), lambda _: None)
    guide = guide_of(space, game, selection)
    edge = str(guide.context.get("duplex_edge", "long")) if guide is not None else "long"
    rows = shared.file_rows(game, [job.name for job in jobs], edge)
    blank = shared.FileRow("", "", "")
    files = []
    for job in jobs:
        words = shared.cut_file_words(job.name) if job.part == "cut" else None
        row = shared.FileRow(job.name, *words) if words else rows.get(job.name, blank)
        files.append(KitFile(job.name, job.part, row.paper, row.about))
    return files


def guide_words(text: str) -> str:
    """The print guide's markup of a table cell as HTML: **bold**, *italic* and `code`, the rest escaped."""
    escaped = html.escape(text)
    escaped = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", escaped)
    escaped = re.sub(r"\*(.+?)\*", r"<em>\1</em>", escaped)
    return re.sub(r"`(.+?)`", r"<code>\1</code>", escaped)
