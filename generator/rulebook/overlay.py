"""Pictures in the book: placeholders during layout, then the cairo-drawn art laid onto the finished pages.

reportlab lays the text out and leaves each picture's room empty, noting
where it went; :func:`place_art` then stamps every picture, converted once
from SVG to PDF by cairo (the renderer the boards use), onto its spot as a
form XObject. The art stays vector, and each picture is converted once for
all the books of a kit.
"""
from __future__ import annotations

import io
import re
from dataclasses import dataclass

import pikepdf

from ..pdf import svg_to_pdf_bytes

_SIZE = re.compile(r'<svg[^>]*?\bheight="([0-9.]+)mm"[^>]*?\bwidth="([0-9.]+)mm"|'
                   r'<svg[^>]*?\bwidth="([0-9.]+)mm"[^>]*?\bheight="([0-9.]+)mm"', re.S)
PT_PER_MM = 72.0 / 25.4


@dataclass(frozen=True)
class Art:
    """A picture for the book: an SVG document sized in mm, known by a key, with its natural size in points."""

    key: str
    svg: str
    width: float
    height: float


@dataclass(frozen=True)
class Placement:
    """Where a picture was drawn: its key, the page (1-based) and the rectangle in points."""

    key: str
    page: int
    x: float
    y: float
    width: float
    height: float


def art_from_svg(key: str, svg: str) -> Art:
    """Wrap an SVG document whose root gives its width and height in mm."""
    found = _SIZE.search(svg)
    if not found:
        raise ValueError(f"{key}: the SVG root must give width and height in mm")
    h1, w1, w2, h2 = found.groups()
    width, height = float(w1 or w2), float(h1 or h2)
    return Art(key, svg, width * PT_PER_MM, height * PT_PER_MM)


class ArtCache:
    """Each picture's one-page PDF, converted on first use."""

    def __init__(self) -> None:
        self._pdfs: dict[str, bytes] = {}

    def pdf(self, art: Art) -> bytes:
        """The picture as a one-page PDF."""
        if art.key not in self._pdfs:
            self._pdfs[art.key] = svg_to_pdf_bytes(art.svg)
        return self._pdfs[art.key]


def stamp(pdf: pikepdf.Pdf, page: pikepdf.Page, form: pikepdf.Object, name: str, rect: pikepdf.Rectangle) -> None:
    """Draw the form XObject ``form`` (already in ``pdf``) on ``page``, scaled into ``rect``.

    The resource gets the fixed ``name`` given (pikepdf's own overlay picks a
    random one), so rebuilds stay byte-identical.
    """
    key = pikepdf.Name(name)
    page.add_resource(form, pikepdf.Name.XObject, key)
    place = page.calc_form_xobject_placement(form, key, rect, allow_expand=True)
    page.contents_add(pikepdf.Stream(pdf, b"q " + place + b" Q"), prepend=False)


def place_art(document: bytes, placements: list[Placement], arts: dict[str, Art], cache: ArtCache) -> bytes:
    """Lay every placed picture onto its page of ``document``; returns the new PDF bytes."""
    sources: dict[str, pikepdf.Pdf] = {}
    forms: dict[str, pikepdf.Object] = {}
    with pikepdf.open(io.BytesIO(document)) as book:
        try:
            for n, spot in enumerate(placements):
                if spot.key not in forms:
                    sources[spot.key] = pikepdf.open(io.BytesIO(cache.pdf(arts[spot.key])))
                    forms[spot.key] = book.copy_foreign(sources[spot.key].pages[0].as_form_xobject())
                stamp(book, book.pages[spot.page - 1], forms[spot.key], f"/Art{n}",
                      pikepdf.Rectangle(spot.x, spot.y, spot.x + spot.width, spot.y + spot.height))
            out = io.BytesIO()
            book.save(out, deterministic_id=True)
        finally:
            for source in sources.values():
                source.close()
    return out.getvalue()
