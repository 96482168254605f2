"""The print guide's pages on cutting machines: which cut file is which, and each machine's steps.

A build with ``--cut`` appends them to ``PRINT-GUIDE.pdf``: they are typeset
by the guide's own machinery (:func:`generator.kit.guide.build_guide`) from
``templates/cut-guide.md.j2`` (a game may have its own), with the figures
the files are made with (mark sizes, Cricut's image size) from
:mod:`.machines`.
"""
from __future__ import annotations

import io
from pathlib import Path
from typing import Callable

from ..model.game import Game
from ..kit.guide import build_guide
from ..output.pdf import PdfOptions, finish_pdf
from ..model.printers import PrinterProfile
from .files import CutPlan
from .machines import (CLEAR_MM, CRICUT_AREA_IN, CRICUT_AREA_MM, CRICUT_DPI, REG_INSET_MM, REG_LENGTH_MM,
                       REG_SQUARE_MM, REG_THICKNESS_MM)

#: The template of the guide's pages on cutting machines.
CUT_TEMPLATE = "cut-guide.md.j2"


def cut_context(game: Game, plan: CutPlan, machines: tuple[str, ...], profile: PrinterProfile) -> dict[str, object]:
    """What ``cut-guide.md.j2`` sees: the machines, the kit files cut on each and their sheets, the test pages,
    the printer profile, and the figures of Silhouette's marks and Cricut's images."""
    files = list(dict.fromkeys(r.file for r in plan.rows))
    rows = [{"file": f, "sided": any(r.sided for r in plan.rows if r.file == f),
             "sheets": [next((r.sheets for r in plan.rows if r.file == f and r.machine == m), 0) for m in machines]}
            for f in files]
    return {"title": game.title, "machines": [m.capitalize() for m in machines], "ids": list(machines),
            "printer": profile.name, "duplex_edge": profile.duplex, "rows": rows, "tests": plan.tests,
            "sided": any(r.sided for r in plan.rows),
            "marks": {"square": REG_SQUARE_MM, "length": REG_LENGTH_MM, "thickness": REG_THICKNESS_MM,
                      "inset": REG_INSET_MM, "clear": CLEAR_MM},
            "cricut": {"inches": CRICUT_AREA_IN, "mm": CRICUT_AREA_MM, "dpi": CRICUT_DPI}}


def with_cut_guide(game: Game, make: Callable[[Path], int], context: dict[str, object]) -> Callable[[Path], int]:
    """The print guide's maker ``make``, followed by the pages on cutting machines; returns the page count."""
    def write(path: Path) -> int:
        make(path)
        extra = build_guide(game, context, CUT_TEMPLATE)
        data = path.read_bytes()
        import pikepdf

        with pikepdf.open(io.BytesIO(data)) as guide, pikepdf.open(io.BytesIO(extra)) as cut:
            guide.pages.extend(cut.pages)
            title, subject = str(guide.docinfo.get("/Title", "")), str(guide.docinfo.get("/Subject", ""))
            finish_pdf(guide, path, PdfOptions(title=title, subject=subject))
            return len(guide.pages)

    return write
