"""Ejderhalar's print guide: the shared guide (:mod:`generator.guide`) with the game's own checklist.

The checklist names every dragon's tokens as the punch sheets print them (from
the layout, see :mod:`.parts`), and the guide also describes the tokens-only
kit and the card thickness that keeps a three-high stack steady.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ....game import Game
from ....guide import GUIDE_FILE, ChecklistRow, GuideMaker, board_choice
from ....piece_kit import papers_for
from ....printers import load_printer
from ....theme import Theme
from ..layout import STUN_ID
from .parts import CONTROL_ID, kit_components, load_tokens_only, tokens_only_components

if TYPE_CHECKING:
    from ....kit import Job, KitOptions


def guide_context(game: Game, formats: tuple[str, ...], themes: list[str],
                  printer: Path | None) -> dict[str, object]:
    """What ``templates/ejderhalar/print-guide.md.j2`` sees: the shared guide's names, tokens-only kit, papers."""
    components = kit_components(game)
    profile = load_printer(printer)
    settings = load_tokens_only(game)
    chess, fmt = tokens_only_components(game)
    token = next(c for c in components.components if c.id not in (STUN_ID, CONTROL_ID))
    checklist = [ChecklistRow(c.name if c.id == STUN_ID else f"{c.name}s, dragon {c.front.glyph} ({c.front.label})",
                              c.count, c.two_faced) for c in components.components]
    controls = next(c for c in chess.components if c.id == CONTROL_ID)
    return {"boards": [board_choice(game.format(f)) for f in formats], "themes": themes, "printer": profile,
            "duplex_edge": profile.duplex, "spares": components.sheet.spares, "checklist": checklist,
            "pieces_total": sum(r.count for r in checklist), "title": game.title,
            "papers": [p.lower() for p in papers_for(game, formats)], "chess_square_mm": settings.square_mm,
            "chess_token_mm": chess.dims(token, fmt)[0], "control_markers": controls.count}


def plan_guide(game: Game, options: KitOptions, themes: list[Theme], formats: tuple[str, ...]) -> list[Job]:
    """The print guide, describing the formats and themes of this build."""
    from ....kit import Job
    context = guide_context(game, formats, [t.name for t in themes], options.printer)
    return [Job("guide", GUIDE_FILE, GuideMaker(game, context), preview=False)]
