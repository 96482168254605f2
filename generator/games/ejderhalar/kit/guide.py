"""Ejderhalar's print guide: the shared guide (:mod:`generator.kit.guide`) with the game's own checklist.

The checklist names every dragon's tokens as the punch sheets print them (from
the layout, see :mod:`.parts`), and the guide also describes the tokens-only
kit and the card thickness that keeps a three-high stack steady.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ....model.game import Game
from ....kit.guide import GUIDE_FILE, ChecklistRow, GuideMaker
from ....kit.guide import guide_context as shared_context
from ....model.theme import Theme
from ..layout import STUN_ID
from .tokens import CONTROL_ID, kit_components, load_tokens_only, tokens_only_components

if TYPE_CHECKING:
    from ....kit import Job, KitOptions


def guide_context(game: Game, formats: tuple[str, ...], themes: list[Theme], printer: Path | None,
                  files: list[str]) -> dict[str, object]:
    """What ``templates/ejderhalar/print-guide.md.j2`` sees: the shared guide's context, with the game's own
    checklist (a row per dragon's tokens) and the tokens-only kit."""
    components = kit_components(game)
    settings = load_tokens_only(game)
    chess, fmt = tokens_only_components(game)
    token = next(c for c in components.components if c.id not in (STUN_ID, CONTROL_ID))
    checklist = [ChecklistRow(c.name if c.id == STUN_ID else f"{c.name}s, dragon {c.front.glyph} ({c.front.label})",
                              c.count, c.two_faced) for c in components.components]
    controls = next(c for c in chess.components if c.id == CONTROL_ID)
    return {**shared_context(game, formats, themes, printer, files), "spares": components.sheet.spares,
            "checklist": checklist, "pieces_total": sum(r.count for r in checklist),
            "chess_square_mm": settings.square_mm, "chess_token_mm": chess.dims(token, fmt)[0],
            "control_markers": controls.count}


def plan_guide(game: Game, options: KitOptions, themes: list[Theme], formats: tuple[str, ...]) -> list[Job]:
    """The print guide, describing the files of the kit in the formats and themes of this build."""
    from ....kit import Job, kit_file_names
    context = guide_context(game, formats, themes, options.printer, kit_file_names(game, options, themes, formats))
    return [Job("guide", GUIDE_FILE, GuideMaker(game, context), preview=False)]
