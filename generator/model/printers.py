"""Printer profiles: a home printer's unprintable margins and its measured duplex offset, per paper if needed."""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..errors import Problem, SpecError
from .printspec import PAPER_MM
from .validate import check_schema, did_you_mean
from .yamlsource import Document, load_document

#: Where the built-in profiles live.
PRINTERS_DIR = Path(__file__).resolve().parents[2] / "specs" / "printers"
#: The profile a kit is built for when none is named.
DEFAULT_PRINTER = "default"

SIDES = ("top", "right", "bottom", "left")


@dataclass(frozen=True)
class PaperSetup:
    """What a printer can do on one paper: page size, margins, and where it lands the back of a sheet.

    ``offset`` is where the back prints relative to the front, seen from the
    front, in mm (+x right, +y down).
    """

    paper: str
    page: tuple[float, float]
    margins: tuple[float, float, float, float]  # top, right, bottom, left
    offset: tuple[float, float]
    duplex: str
    profile: str
    doc: Document
    margins_key: tuple[Any, ...]

    def problem(self, message: str, hint: str) -> Problem:
        """A problem located at the margins these settings come from (when something does not fit)."""
        return self.doc.problem(self.margins_key, message, hint)

    @property
    def label(self) -> str:
        """The paper's name as printed for people: A4, Letter."""
        return "Letter" if self.paper == "letter" else self.paper

    def turned_to(self, page: tuple[float, float]) -> PaperSetup:
        """These settings for a page of size ``page``: a landscape page is the paper turned a quarter, and its
        margins turn with it."""
        if page == self.page:
            return self
        top, right, bottom, left = self.margins
        return replace(self, page=page, margins=(right, bottom, left, top))

    @property
    def printable(self) -> tuple[float, float, float, float]:
        """The area the printer reaches on a portrait page: (x0, y0, x1, y1) in mm."""
        top, right, bottom, left = self.margins
        w, h = self.page
        return (left, top, w - right, h - bottom)


@dataclass
class PrinterProfile:
    """A printer profile as loaded from YAML, with its document for located errors."""

    name: str
    duplex: str
    doc: Document

    def setup(self, paper: str) -> PaperSetup:
        """The settings for ``paper`` (portrait): the profile's own, overridden by its ``papers`` entry."""
        data = self.doc.data
        override = data.get("papers", {}).get(paper, {})
        where: tuple[Any, ...] = ("papers", paper, "margins_mm") if "margins_mm" in override else ("margins_mm",)
        margins = _margins(override.get("margins_mm", data["margins_mm"]))
        offset = override.get("duplex_offset_mm", data.get("duplex_offset_mm", {}))
        w, h = PAPER_MM[paper]
        return PaperSetup(paper, (min(w, h), max(w, h)), margins,
                          (float(offset.get("x", 0.0)), float(offset.get("y", 0.0))), self.duplex, self.name,
                          self.doc, where)


def _margins(value: float | dict[str, float]) -> tuple[float, float, float, float]:
    if isinstance(value, dict):
        top, right, bottom, left = (float(value[s]) for s in SIDES)
        return top, right, bottom, left
    side = float(value)
    return side, side, side, side


def profile_names() -> list[str]:
    """Names of the built-in printer profiles."""
    return sorted(p.stem for p in PRINTERS_DIR.glob("*.yaml"))


def printer_path(ref: str | Path | None) -> Path:
    """The profile file for a built-in name or a .yaml path (the default profile for None)."""
    ref = DEFAULT_PRINTER if ref is None else ref
    path = Path(ref)
    if path.suffix in (".yaml", ".yml"):
        return path
    path = PRINTERS_DIR / f"{ref}.yaml"
    if not path.is_file():
        names = profile_names()
        hint = did_you_mean(str(ref), names) or f"printer profiles: {', '.join(names)}; or give a .yaml path"
        raise SpecError([Problem(PRINTERS_DIR, None, None, f"no printer profile named '{ref}'", hint)])
    return path


def load_printer(ref: str | Path | None = None) -> PrinterProfile:
    """Load and check a printer profile by name or path; raise :class:`SpecError` with every problem."""
    doc = load_document(printer_path(ref))
    problems = check_schema(doc, "printer")
    if problems:
        raise SpecError(problems)
    data = doc.data
    for paper in data.get("papers", {}):
        if paper not in PAPER_MM:
            problems.append(doc.problem(("papers", paper), f"unknown paper '{paper}'",
                                        did_you_mean(str(paper), sorted(PAPER_MM))
                                        or f"papers: {', '.join(PAPER_MM)}", of_key=True))
    if problems:
        raise SpecError(problems)
    return PrinterProfile(data.get("name", doc.path.stem), data.get("duplex", "long"), doc)
