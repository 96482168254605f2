"""Pictures in the book: placeholders during layout, then the cairo-drawn art laid onto the finished pages.

reportlab lays the text out and leaves each picture's room empty, noting
where it went; :func:`art_placed` then stamps every picture, converted once
from SVG to PDF by cairo (the renderer the boards use), onto its spot as a
form XObject. The art stays vector, and each picture is converted once for
all the books of a kit.
"""
from __future__ import annotations

import io
import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pikepdf

from ..output.pdf import svg_to_pdf_bytes
from ..model.printspec import MIN_TEXT_PT

_SIZE = re.compile(r'<svg[^>]*?\bheight="([0-9.]+)mm"[^>]*?\bwidth="([0-9.]+)mm"|'
                   r'<svg[^>]*?\bwidth="([0-9.]+)mm"[^>]*?\bheight="([0-9.]+)mm"', re.S)
PT_PER_MM = 72.0 / 25.4


_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_TRANSFORM = re.compile(r"(matrix|scale)\(([^)]*)\)")


@dataclass(frozen=True)
class Art:
    """A picture for the book: an SVG document sized in mm, known by a key, with its natural size in points.

    ``smallest_text`` is the size in points of its smallest text at natural size (0 when it has none).
    """

    key: str
    svg: str
    width: float
    height: float
    smallest_text: float = 0.0

    @property
    def narrowest(self) -> float:
        """The narrowest the picture may be printed (points) with none of its text under :data:`MIN_TEXT_PT`."""
        return self.width * MIN_TEXT_PT / self.smallest_text if self.smallest_text else 0.0


def _scale(transform: str) -> float:
    """How much an SVG ``transform`` enlarges lengths (the square root of its area factor)."""
    factor = 1.0
    for name, args in _TRANSFORM.findall(transform):
        values = [float(v) for v in _NUMBER.findall(args)]
        if name == "scale" and values:
            factor *= abs(values[0] * (values[1] if len(values) > 1 else values[0])) ** 0.5
        elif name == "matrix" and len(values) == 6:
            factor *= abs(values[0] * values[3] - values[1] * values[2]) ** 0.5
    return factor


def smallest_text_pt(svg: str, width_mm: float) -> float:
    """The size in points of the smallest text in an SVG document printed ``width_mm`` wide (0 when it has none)."""
    root = ET.fromstring(svg)
    view = [float(v) for v in _NUMBER.findall(root.get("viewBox", ""))]
    unit = width_mm / view[2] if len(view) == 4 and view[2] else 1.0
    found = math.inf

    def walk(element: ET.Element, scale: float, size: float) -> None:
        nonlocal found
        scale *= _scale(element.get("transform", ""))
        styled = re.search(r"font-size:\s*([0-9.]+)", element.get("style", ""))
        given = styled.group(1) if styled else element.get("font-size")
        size = float(_NUMBER.findall(given)[0]) if given and _NUMBER.findall(given) else size
        if element.tag.rsplit("}", 1)[-1] in ("text", "tspan") and (element.text or "").strip():
            found = min(found, size * scale * unit * PT_PER_MM)
        for child in element:
            walk(child, scale, size)

    walk(root, 1.0, 16.0)
    return 0.0 if found == math.inf else found


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
    return Art(key, svg, width * PT_PER_MM, height * PT_PER_MM, smallest_text_pt(svg, width))


class ArtCache:
    """Each picture's one-page PDF, converted on first use."""

    def __init__(self) -> None:
        self._pdfs: dict[str, bytes] = {}

    def pdf(self, art: Art) -> bytes:
        """The picture as a one-page PDF."""
        if art.key not in self._pdfs:
            self._pdfs[art.key] = svg_to_pdf_bytes(art.svg)
        return self._pdfs[art.key]

    def adopt(self, key: str, pdf: bytes) -> None:
        """Keep a picture's PDF converted elsewhere (unless it was converted here already)."""
        self._pdfs.setdefault(key, pdf)


def stamp(pdf: pikepdf.Pdf, page: pikepdf.Page, form: pikepdf.Object, name: str, rect: pikepdf.Rectangle) -> None:
    """Draw the form XObject ``form`` (already in ``pdf``) on ``page``, scaled into ``rect``.

    The resource gets the fixed ``name`` given (pikepdf's own overlay picks a
    random one), so rebuilds stay byte-identical.
    """
    key = pikepdf.Name(name)
    page.add_resource(form, pikepdf.Name.XObject, key)
    place = page.calc_form_xobject_placement(form, key, rect, allow_expand=True)
    page.contents_add(pikepdf.Stream(pdf, b"q " + place + b" Q"), prepend=False)


@contextmanager
def art_placed(document: bytes, placements: list[Placement], arts: dict[str, Art],
               cache: ArtCache) -> Iterator[pikepdf.Pdf]:
    """``document`` opened with every placed picture laid onto its page, for the block: a kit's file is finished and
    saved from it once (see :func:`generator.output.pdf.finish_pdf`)."""
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
            yield book
        finally:
            for source in sources.values():
                source.close()


def place_art(document: bytes, placements: list[Placement], arts: dict[str, Art], cache: ArtCache) -> bytes:
    """Lay every placed picture onto its page of ``document``; returns the new PDF bytes."""
    with art_placed(document, placements, arts, cache) as book:
        out = io.BytesIO()
        book.save(out, deterministic_id=True)
    return out.getvalue()
