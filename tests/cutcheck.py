"""Reading cut files back: outlines from PDF pages (pdfium), SVG files (parsed, then drawn by cairo) and DXF files
(ezdxf), in millimetres on the page (y down), and comparing them within a tolerance.

An :class:`Outline` is a path traced as a polyline (Bézier curves and arcs sampled finely); two outlines are the
same shape when each lies within the tolerance of the other everywhere (their Hausdorff distance, by shapely),
which measures centre, size and shape at once whatever points each writer chose to draw its curves through.
"""
from __future__ import annotations

import ctypes
import math
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import shapely
import pypdfium2.raw as pdfium_c
from shapely.geometry import LineString, Polygon, box
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry.base import BaseGeometry

#: The issue's tolerance: centre, size and shape within 0.05 mm.
TOL = 0.05
PT_MM = 25.4 / 72.0

Point = tuple[float, float]


@dataclass(frozen=True)
class Outline:
    """A path traced as points (mm, y down; curves sampled), whether any part is curved, whether it is closed,
    the width of its stroke (mm; 0 for a DXF entity), and its area (a closed path's)."""

    points: tuple[Point, ...]
    curved: bool
    closed: bool
    width: float = 0.0

    @property
    def area(self) -> float:
        return Polygon(self.points).area if self.closed and len(self.points) > 2 else 0.0

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        xs, ys = [p[0] for p in self.points], [p[1] for p in self.points]
        return (min(xs), min(ys), max(xs), max(ys))

    @property
    def centre(self) -> Point:
        x0, y0, x1, y1 = self.bounds
        return ((x0 + x1) / 2, (y0 + y1) / 2)

    @property
    def size(self) -> Point:
        x0, y0, x1, y1 = self.bounds
        return (x1 - x0, y1 - y0)


def _distinct(points: list[Point]) -> tuple[Point, ...]:
    out: list[Point] = []
    for p in points:
        if all(math.dist(p, q) > 1e-3 for q in out):
            out.append(p)
    return tuple(out)


def _bezier(p0: Point, p1: Point, p2: Point, p3: Point, steps: int = 16) -> list[Point]:
    """Points along a cubic Bézier curve after its start."""
    out = []
    for k in range(1, steps + 1):
        t = k / steps
        u = 1 - t
        out.append((u ** 3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t ** 3 * p3[0],
                    u ** 3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t ** 3 * p3[1]))
    return out


def pdf_outlines(source: Path | bytes, page_index: int = 0) -> list[Outline]:
    """Every stroked path of a PDF page, as outlines (fills are left out: only lines are cut lines)."""
    doc = pdfium.PdfDocument(source if isinstance(source, bytes) else str(source))
    try:
        page = doc[page_index]
        height = page.get_size()[1]
        out = []
        for obj in page.get_objects(max_depth=20):
            if obj.type != pdfium_c.FPDF_PAGEOBJ_PATH:
                continue
            fill, stroke = ctypes.c_int(), ctypes.c_int()
            pdfium_c.FPDFPath_GetDrawMode(obj.raw, ctypes.byref(fill), ctypes.byref(stroke))
            if not stroke.value:
                continue
            a, b, c, d, e, f = obj.get_matrix().get()
            width = ctypes.c_float()
            pdfium_c.FPDFPageObj_GetStrokeWidth(obj.raw, ctypes.byref(width))
            scale = math.sqrt(abs(a * d - b * c))
            points: list[Point] = []
            controls: list[Point] = []
            curved, closed = False, False
            for i in range(pdfium_c.FPDFPath_CountSegments(obj.raw)):
                seg = pdfium_c.FPDFPath_GetPathSegment(obj.raw, i)
                kind = pdfium_c.FPDFPathSegment_GetType(seg)
                x, y = ctypes.c_float(), ctypes.c_float()
                pdfium_c.FPDFPathSegment_GetPoint(seg, ctypes.byref(x), ctypes.byref(y))
                closed = closed or bool(pdfium_c.FPDFPathSegment_GetClose(seg))
                px, py = a * x.value + c * y.value + e, b * x.value + d * y.value + f
                point = (px * PT_MM, (height - py) * PT_MM)
                if kind == pdfium_c.FPDF_SEGMENT_BEZIERTO:
                    curved = True
                    controls.append(point)
                    if len(controls) == 3:
                        points += _bezier(points[-1], *controls)
                        controls = []
                else:
                    points.append(point)
            if points:
                out.append(Outline(_distinct(points), curved, closed, width.value * scale * PT_MM))
        return out
    finally:
        doc.close()


def svg_page_mm(path: Path) -> tuple[float, float]:
    """An SVG file's page size in mm, read by a standard XML parser; its viewBox must count in the same mm."""
    root = ET.parse(path).getroot()
    width, height = root.get("width", ""), root.get("height", "")
    assert width.endswith("mm") and height.endswith("mm"), f"{path.name}: page size not in mm ({width}, {height})"
    view = [float(v) for v in root.get("viewBox", "").split()]
    w, h = float(width[:-2]), float(height[:-2])
    assert view == [0.0, 0.0, w, h], f"{path.name}: viewBox {view} does not count in the page's mm"
    return w, h


def svg_outlines(path: Path) -> dict[str, list[Outline]]:
    """The outlines of an SVG cut file by group (``cut``, ``score``): each group drawn alone by cairo (a standard
    SVG renderer) into a PDF and read back from it."""
    import cairosvg

    tree = ET.parse(path)
    root = tree.getroot()
    ns = "{http://www.w3.org/2000/svg}"
    groups = {g.get("id", ""): g for g in root.iter(f"{ns}g")}
    out = {}
    for name in ("cut", "score"):
        if name not in groups:
            out[name] = []
            continue
        alone = ET.Element(root.tag, root.attrib)
        alone.append(groups[name])
        pdf = cairosvg.svg2pdf(bytestring=ET.tostring(alone))
        out[name] = pdf_outlines(pdf)
    return out


def dxf_outlines(path: Path, page_height: float) -> tuple[list[str], dict[str, list[Outline]]]:
    """A DXF file read by ezdxf: the audit's errors, and its entities by layer as outlines in page mm (y down)."""
    import ezdxf
    from ezdxf import path as ezpath

    doc = ezdxf.readfile(path)
    auditor = doc.audit()
    errors = [str(e.message) for e in auditor.errors]
    assert doc.header.get("$INSUNITS") == 4, f"{path.name}: $INSUNITS is not millimetres"
    layers: dict[str, list[Outline]] = {}
    for entity in doc.modelspace():
        layer = entity.dxf.layer
        if entity.dxftype() in ("CIRCLE", "LWPOLYLINE"):
            flat = ezpath.make_path(entity).flattening(0.002)
            curved = entity.dxftype() == "CIRCLE" or any(abs(b) > 1e-9 for _, _, b in entity.get_points("xyb"))
            closed = entity.dxftype() == "CIRCLE" or bool(entity.closed)
            outline = Outline(_distinct([(v.x, page_height - v.y) for v in flat]), curved, closed)
        elif entity.dxftype() == "LINE":
            s, e = entity.dxf.start, entity.dxf.end
            outline = Outline(((s.x, page_height - s.y), (e.x, page_height - e.y)), False, False)
        else:
            raise AssertionError(f"{path.name}: unexpected {entity.dxftype()} entity")
        layers.setdefault(layer, []).append(outline)
    return errors, layers


def same(a: Outline, b: Outline, tol: float = TOL, grow: float = 0.0) -> bool:
    """Whether two outlines are one shape within ``tol``: both curved or both straight, and each within ``tol`` of
    the other everywhere (``b`` first grown by ``grow`` all round: a stroke's outer edge)."""
    if a.curved != b.curved or math.dist(a.centre, b.centre) > tol + 1.0:
        return False
    line_a = LineString(a.points + a.points[:1]) if a.closed else LineString(a.points)
    if grow:
        line_b = Polygon(b.points).buffer(grow, quad_segs=32).exterior
    else:
        line_b = LineString(b.points + b.points[:1]) if b.closed else LineString(b.points)
    return bool(line_a.hausdorff_distance(line_b) <= tol)


def find(outline: Outline, among: list[Outline], tol: float = TOL, grow: float = 0.0) -> Outline | None:
    """The first of ``among`` that is the same shape as ``outline``."""
    return next((o for o in among if same(outline, o, tol, grow)), None)


@dataclass(frozen=True)
class Drawn:
    """A cut line as a sheet's SVG page draws it: a closed ``outline`` (a piece's), a straight ``line`` (a card
    grid's), a card's rounded ``guide``, or a standee's ``fold``; its geometry (mm) and stroke width."""

    kind: str
    geometry: BaseGeometry
    width: float


def _drawn(element: ET.Element) -> BaseGeometry | None:
    tag = element.tag.rsplit("}", 1)[-1]
    num = lambda key: float(element.get(key, "0"))  # noqa: E731
    if tag == "circle":
        return ShapelyPoint(num("cx"), num("cy")).buffer(num("r"), quad_segs=32).exterior
    if tag == "polygon":
        pts = [tuple(float(v) for v in pair.split(",")) for pair in element.get("points", "").split()]
        return Polygon(pts).exterior
    if tag == "rect":
        x, y, w, h, r = num("x"), num("y"), num("width"), num("height"), num("rx")
        return (box(x + r, y + r, x + w - r, y + h - r).buffer(r, quad_segs=32) if r else box(x, y, x + w, y + h)).exterior
    if tag == "line":
        return LineString([(num("x1"), num("y1")), (num("x2"), num("y2"))])
    if tag == "path":  # drawn alone by cairo, a standard SVG renderer, and traced from its PDF
        import cairosvg

        page = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "width": "400mm", "height": "400mm",
                                  "viewBox": "0 0 400 400"})
        page.append(ET.Element("path", {"d": element.get("d", ""), "fill": "none", "stroke": "#000000"}))
        (traced,) = pdf_outlines(cairosvg.svg2pdf(bytestring=ET.tostring(page)))
        return LineString(traced.points + traced.points[:1]) if traced.closed else LineString(traced.points)
    return None


def drawn_cut_lines(svg: str) -> list[Drawn]:
    """The cut lines, corner guides and fold lines a sheet's SVG page draws (none may sit under a transform)."""
    out: list[Drawn] = []

    def walk(element: ET.Element, moved: bool) -> None:
        classes = element.get("class", "").split()
        kind = ("guide" if "corner-guide" in classes else "fold" if "fold-line" in classes
                else "cut" if "cut-line" in classes else "")
        if kind:
            assert not moved, "a cut line drawn under a transform"
            geometry = _drawn(element)
            assert geometry is not None, f"a cut line drawn as <{element.tag}>"
            if kind == "cut":
                kind = "line" if isinstance(geometry, LineString) and len(geometry.coords) == 2 else "outline"
            out.append(Drawn(kind, geometry, float(element.get("stroke-width", "0"))))
        for child in element:
            walk(child, moved or bool(element.get("transform")))

    walk(ET.fromstring(svg), False)
    return out


def assert_drawn(path: object, drawn: list[Drawn], name: str) -> None:
    """A cut path (:class:`generator.cutfiles.paths.CutPath`) is drawn on its page: the same outline within
    :data:`TOL` (a card: the grid lines along its four sides and, rounded, its guide's outer edge), and a standee's
    folds are its fold lines."""
    outline = path.geometry().exterior  # type: ignore[attr-defined]
    where = f"{name}: {path.piece} at {path.centre}"  # type: ignore[attr-defined]
    if path.shape == "card":  # type: ignore[attr-defined]
        x0, y0, x1, y1 = path.bounds  # type: ignore[attr-defined]
        sides = [LineString(s) for s in (((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x1, y1), (x0, y1)),
                                         ((x0, y1), (x0, y0)))]
        lines = [d.geometry for d in drawn if d.kind == "line"]
        for side in sides:
            assert any(line.buffer(TOL).contains(side) for line in lines), f"{where}: no cut line along {side}"
        if path.radius:  # type: ignore[attr-defined]
            centre = ShapelyPoint(path.centre)  # type: ignore[attr-defined]
            guides = [Polygon(d.geometry.coords).buffer(d.width / 2, quad_segs=32).exterior for d in drawn
                      if d.kind == "guide" and d.geometry.centroid.distance(centre) < 1.0]
            assert any(shapely.hausdorff_distance(outline, g) <= TOL for g in guides), f"{where}: no guide"
        return
    centre = ShapelyPoint(path.centre)  # type: ignore[attr-defined]
    outlines = [d.geometry for d in drawn if d.kind == "outline" and d.geometry.centroid.distance(centre) < 1.0]
    assert any(shapely.hausdorff_distance(outline, o) <= TOL for o in outlines), f"{where}: not drawn"
    folds = [d.geometry for d in drawn if d.kind == "fold"]
    for a, b in path.scores:  # type: ignore[attr-defined]
        assert any(LineString([a, b]).hausdorff_distance(f) <= TOL for f in folds), f"{where}: fold {a}-{b} not drawn"


def kit_pieces(job: object) -> int:
    """How many pieces, cards or decals the kit's own sheet file (a planned job) holds, from its layout."""
    from generator.compose.cards import CardLayout
    from generator.compose.punch import SheetLayout
    from generator.model.game import Game
    from generator.model.pieces import DecalSettings
    from generator.render.decals import decal_squares

    args = job.make.draw.args  # type: ignore[attr-defined]
    layout = next((a for a in args if isinstance(a, (SheetLayout, CardLayout))), None)
    if layout is not None:
        return sum(len(sheet) for sheet in layout.sheets)
    return len(decal_squares(next(a for a in args if isinstance(a, Game)),
                             next(a for a in args if isinstance(a, DecalSettings))))
