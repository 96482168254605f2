"""Writing cut files: the paths as SVG and DXF in millimetres, Cricut's images, Silhouette's marks on a page.

Every writer returns bytes or text and writes nothing itself; the makers
(:mod:`generator.cutfiles.files`) save them atomically. Output is the same
for the same input: numbers are rounded, ezdxf writes its fixed dates and
identifiers, and PNG files carry no time.
"""
from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import svgwrite
import svgwrite.path
import svgwrite.shapes
from svgwrite.container import Group

from ..render.text import text
from ..output.pdf import svg_to_png_bytes
from ..model.printspec import MIN_TEXT_MM
from .machines import REG_INSET_MM, REG_LENGTH_MM, Rect, mark_rects
from .paths import CutPath

if TYPE_CHECKING:
    from ezdxf.document import Drawing

#: Layers (DXF) and groups (SVG) of the paths: the outlines to cut, and the folds to score.
CUT_LAYER, SCORE_LAYER = "CUT", "SCORE"
#: Colours of the two layers in the SVG files (and the ACI numbers of the same colours in the DXF files).
CUT_COLOUR, SCORE_COLOUR = "#ff0000", "#0000ff"
CUT_ACI, SCORE_ACI = 1, 5
#: Width the paths are drawn with in the SVG files: a hairline, for the eye only.
PATH_WIDTH_MM = 0.1
#: Rounded corners' bulge in a DXF polyline: a quarter circle.
QUARTER_BULGE = 0.41421356237


def _mm(value: float) -> str:
    return f"{value:.4f}".rstrip("0").rstrip(".")


def paths_svg(paths: list[CutPath], page: tuple[float, float], title: str) -> str:
    """The cut paths alone as an SVG file ``page`` mm wide and tall, drawn in millimetres (one unit, one mm).

    Outlines are in the group ``cut`` (red), one closed path per piece; fold
    lines in the group ``score`` (blue, dashed): cut the one, score the other.
    """
    w, h = page
    doc = svgwrite.Drawing(size=(f"{_mm(w)}mm", f"{_mm(h)}mm"), viewBox=f"0 0 {_mm(w)} {_mm(h)}", profile="full",
                           debug=False)
    doc.add(svgwrite.base.Title(title))
    cut = Group(id="cut", fill="none", stroke=CUT_COLOUR, stroke_width=PATH_WIDTH_MM)
    score = Group(id="score", fill="none", stroke=SCORE_COLOUR, stroke_width=PATH_WIDTH_MM,
                  stroke_dasharray="1,1")
    for n, path in enumerate(paths, 1):
        cut.add(svgwrite.path.Path(d=path.svg_d(), id=f"cut-{n}", class_=f"piece {path.shape} {path.piece}"))
        for (ax, ay), (bx, by) in path.scores:
            score.add(svgwrite.shapes.Line((_mm(ax), _mm(ay)), (_mm(bx), _mm(by)), class_=f"fold cut-{n}"))
    doc.add(cut)
    if len(score.elements):
        doc.add(score)
    text_: str = doc.tostring()
    return '<?xml version="1.0" encoding="utf-8"?>\n' + text_ + "\n"


@contextmanager
def _fixed_dxf_metadata() -> Iterator[None]:
    """ezdxf writing fixed creation dates and identifiers (its own switch for reproducible files)."""
    # Imported here, when first needed, to keep start-up fast.
    from ezdxf._options import options

    before = options.write_fixed_meta_data_for_testing
    options.write_fixed_meta_data_for_testing = True
    try:
        yield
    finally:
        options.write_fixed_meta_data_for_testing = before


def paths_dxf(paths: list[CutPath], page: tuple[float, float]) -> bytes:
    """The cut paths alone as a DXF drawing in millimetres, the page's bottom-left corner at (0, 0).

    DXF counts y upwards, so a point (x, y) of the page (y down) is (x, height - y) here: the drawing lies on
    the page where the sheet printed it. Discs are circles, every other outline one closed polyline (rounded
    corners as arcs); folds are lines on the layer ``SCORE``.
    """
    # Imported here, when first needed, to keep start-up fast.
    from ezdxf import units
    from ezdxf.filemanagement import new

    with _fixed_dxf_metadata():  # ezdxf stamps the time when it creates and when it writes
        w, h = page
        doc = new("R2010", setup=False)
        doc.units = units.MM
        doc.header["$MEASUREMENT"] = 1
        doc.header["$LIMMIN"] = (0.0, 0.0)
        doc.header["$LIMMAX"] = (w, h)
        doc.header["$EXTMIN"] = (0.0, 0.0, 0.0)
        doc.header["$EXTMAX"] = (w, h, 0.0)
        doc.layers.add(CUT_LAYER, color=CUT_ACI)
        doc.layers.add(SCORE_LAYER, color=SCORE_ACI)
        msp = doc.modelspace()
        for path in paths:
            cut = {"layer": CUT_LAYER}
            x, y = path.centre
            if path.shape == "disc":
                msp.add_circle((round(x, 4), round(h - y, 4)), round(path.size[0] / 2, 4), dxfattribs=cut)
            elif path.radius:
                msp.add_lwpolyline(_rounded(path, h), format="xyb", close=True, dxfattribs=cut)
            else:
                msp.add_lwpolyline([(round(px, 4), round(h - py, 4)) for px, py in path.corners()], format="xy",
                                   close=True, dxfattribs=cut)
            for (ax, ay), (bx, by) in path.scores:
                msp.add_line((round(ax, 4), round(h - ay, 4)), (round(bx, 4), round(h - by, 4)),
                             dxfattribs={"layer": SCORE_LAYER})
        _register_classes(doc)
        stream = io.StringIO()
        doc.write(stream)
    return stream.getvalue().encode("utf-8")


def _register_classes(doc: Drawing) -> None:
    """Register the drawing's CLASS entries in a fixed order before ezdxf writes them.

    ezdxf adds a class for every kind of entity in use by walking a set of type names, whose order changes with
    the process's string hashing: two worker processes wrote the CLASSES section in two orders. Registered
    here first (ezdxf's required list, then the kinds in use in name order), ezdxf finds them all present.
    """
    # Imported here, when first needed, to keep start-up fast.
    from ezdxf.sections.classes import REQ_R2004, REQUIRED_CLASSES

    doc.commit_pending_changes()
    for name in REQUIRED_CLASSES.get(doc.dxfversion, REQ_R2004):  # as ezdxf itself picks the list
        doc.classes.add_class(name)
    for name in sorted(doc.entitydb.dxf_types_in_use()):
        doc.classes.add_class(name)


def _rounded(path: CutPath, height: float) -> list[tuple[float, float, float]]:
    """A rounded rectangle as polyline vertices (x, y, bulge) counter-clockwise in DXF's y-up coordinates."""
    x0, top, x1, bottom = path.bounds
    y0, y1 = height - bottom, height - top
    r, b = path.radius, QUARTER_BULGE
    points = [(x0 + r, y0, 0.0), (x1 - r, y0, b), (x1, y0 + r, 0.0), (x1, y1 - r, b),
              (x1 - r, y1, 0.0), (x0 + r, y1, b), (x0, y1 - r, 0.0), (x0, y0 + r, b)]
    return [(round(px, 4), round(py, 4), bulge) for px, py, bulge in points]


def png_image(svg: str, dpi: int, size_mm: tuple[float, float]) -> bytes:
    """A page drawn as an RGB PNG on white at ``dpi``, exactly ``size_mm`` at that resolution, which it records."""
    # Imported here, when first needed, to keep start-up fast.
    from PIL import Image

    pixels = (round(size_mm[0] / 25.4 * dpi), round(size_mm[1] / 25.4 * dpi))
    drawn = Image.open(io.BytesIO(svg_to_png_bytes(svg, float(dpi)))).convert("RGBA")
    if drawn.size != pixels:
        drawn = drawn.resize(pixels, Image.Resampling.LANCZOS)
    image = Image.new("RGB", pixels, "#ffffff")
    image.paste(drawn, mask=drawn.getchannel("A"))
    out = io.BytesIO()
    image.save(out, format="PNG", dpi=(dpi, dpi))
    return out.getvalue()


def with_marks(svg: str, page: tuple[float, float], notes: list[str]) -> str:
    """A fronts page with Silhouette's three registration marks, and lines of small print between the top two."""
    g = Group(id="registration-marks", class_="registration-marks", fill="#000000")
    for x0, y0, x1, y1 in mark_rects(page):
        g.add(svgwrite.shapes.Rect((_mm(x0), _mm(y0)), (_mm(x1 - x0), _mm(y1 - y0))))
    y = REG_INSET_MM + REG_LENGTH_MM / 2 - (len(notes) - 1) * (MIN_TEXT_MM + 1) / 2
    for n, note in enumerate(notes):
        g.add(text(note, page[0] / 2, y + n * (MIN_TEXT_MM + 1), MIN_TEXT_MM, "#000000", anchor="middle",
                   class_="cut-note"))
    end = svg.rindex("</svg>")
    marks: str = g.tostring()
    return svg[:end] + marks + svg[end:]


def outline_bounds(paths: list[CutPath]) -> Rect:
    """The rectangle round every outline of a sheet: where a machine's software must find them."""
    boxes = [p.bounds for p in paths]
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))
