"""Drako's print guide: the shared guide (:mod:`generator.guide`) with a checklist that names Drako's own pieces.

The shared ``guide_context`` names each component as a player's piece or a
game item, and Drako's markers are neither (they are pieces of its own), so
this module builds the same context with every component named as the
components spec names it, and adds the decks and mats, which Drako prints
from its engine's spec files.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ....game import Game
from ....guide import ChecklistRow, _board, write_guide
from ....piece_kit import papers_for
from ....pieces import load_components
from ....printers import load_printer
from ....theme import Theme
from ..spec import DECK_SIZE, load_spec

if TYPE_CHECKING:
    from ....kit import Job, KitOptions


def guide_context(game: Game, formats: tuple[str, ...], themes: list[str],
                  printer: Path | None) -> dict[str, object]:
    """What ``templates/drako/print-guide.md.j2`` sees: the shared guide's names, plus cards, mats and papers."""
    components = load_components(game)
    profile = load_printer(printer)
    spec = load_spec(game)
    checklist = [ChecklistRow(c.name, c.count, c.two_faced) for c in components.components] if components else []
    return {"boards": [_board(game.format(f)) for f in formats], "themes": themes, "printer": profile,
            "duplex_edge": profile.duplex, "spares": components.sheet.spares if components else 0,
            "checklist": checklist, "pieces_total": sum(r.count for r in checklist), "title": game.title,
            "papers": [p.lower() for p in papers_for(game, formats)], "deck_size": DECK_SIZE,
            "wound_markers": spec.wound_markers}


def plan_guide(game: Game, options: KitOptions, themes: list[Theme], formats: tuple[str, ...]) -> list[Job]:
    """The print guide, describing the formats and themes of this build."""
    from ....kit import Job
    context = guide_context(game, formats, [t.name for t in themes], options.printer)
    return [Job("guide", "PRINT-GUIDE.pdf", lambda path: write_guide(game, path, context), preview=False)]
