"""Reading written PDFs back: page sizes, fonts, drawn objects and rendered pixels (for tests and preflight)."""
from __future__ import annotations

import ctypes
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pikepdf
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_raw
from PIL import Image

from ..contrast import linear_channel, luminance_ratio, relative_luminance

MM_PER_PT = 25.4 / 72.0


@dataclass(frozen=True)
class FontInfo:
    """A font used by a PDF: its base name and whether its program is embedded."""

    name: str
    embedded: bool


def page_sizes_mm(path: Path) -> list[tuple[float, float]]:
    """Width and height in mm of every page's media box."""
    with pikepdf.open(path) as pdf:
        return [((float(p.mediabox[2]) - float(p.mediabox[0])) * MM_PER_PT,
                 (float(p.mediabox[3]) - float(p.mediabox[1])) * MM_PER_PT) for p in pdf.pages]


def fonts(path: Path) -> list[FontInfo]:
    """Every font dictionary of the document (including inside forms), with its embedding state."""
    found: dict[str, FontInfo] = {}
    with pikepdf.open(path) as pdf:
        for obj in pdf.objects:
            if not isinstance(obj, pikepdf.Dictionary) or obj.get("/Type") != "/Font":
                continue
            name = str(obj.get("/BaseFont", "?"))
            descriptor = obj.get("/FontDescriptor")
            if obj.get("/Subtype") == "/Type0":
                descendants = obj.get("/DescendantFonts")
                if descendants:
                    descriptor = descendants[0].get("/FontDescriptor")
            embedded = descriptor is not None and any(
                k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            if obj.get("/Subtype") == "/Type3":
                embedded = True
            found[name] = FontInfo(name.lstrip("/"), embedded)
    return sorted(found.values(), key=lambda f: f.name)


def viewer_preferences(path: Path) -> dict[str, str]:
    """The document's /ViewerPreferences as plain strings."""
    with pikepdf.open(path) as pdf:
        prefs = pdf.Root.get("/ViewerPreferences", pikepdf.Dictionary())
        return {str(k).lstrip("/"): str(v).lstrip("/") for k, v in prefs.items()}


def document_title(path: Path) -> str:
    """The /Title of the document information dictionary."""
    with pikepdf.open(path) as pdf:
        return str(pdf.docinfo.get("/Title", ""))


def _boxes_mm(path: Path, page_index: int, kinds: tuple[int, ...]) -> list[tuple[float, float, float, float]]:
    """Bounding boxes (x0, y0, x1, y1) in mm, origin top-left, of the page objects of ``kinds`` on a page."""
    doc = pdfium.PdfDocument(str(path))
    try:
        page = doc[page_index]
        _, height = page.get_size()
        boxes = []
        for obj in page.get_objects(max_depth=8):
            if obj.type in kinds:
                left, bottom, right, top = obj.get_bounds()
                boxes.append((left * MM_PER_PT, (height - top) * MM_PER_PT,
                              right * MM_PER_PT, (height - bottom) * MM_PER_PT))
        return boxes
    finally:
        doc.close()


@dataclass(frozen=True)
class Shape:
    """A vector path on a page: its box in mm (origin top-left), whether it is filled and stroked, and how many
    curved and straight segments it has (a disc is curves only, a hexagon six lines, a rectangle four)."""

    box: tuple[float, float, float, float]
    filled: bool
    stroked: bool
    curves: int
    lines: int

    @property
    def centre(self) -> tuple[float, float]:
        """The middle of the box."""
        return ((self.box[0] + self.box[2]) / 2, (self.box[1] + self.box[3]) / 2)

    @property
    def size(self) -> tuple[float, float]:
        """Width and height of the box."""
        return (self.box[2] - self.box[0], self.box[3] - self.box[1])


def shapes_mm(path: Path, page_index: int = 0, least: float = 0.0) -> list[Shape]:
    """Every vector path on a page at least ``least`` mm wide and tall, with its fill, stroke and segments."""
    doc = pdfium.PdfDocument(str(path))
    try:
        page = doc[page_index]
        _, height = page.get_size()
        found = []
        for obj in page.get_objects(max_depth=8):
            if obj.type != pdfium_raw.FPDF_PAGEOBJ_PATH:
                continue
            left, bottom, right, top = obj.get_bounds()
            box = (left * MM_PER_PT, (height - top) * MM_PER_PT, right * MM_PER_PT, (height - bottom) * MM_PER_PT)
            if box[2] - box[0] < least or box[3] - box[1] < least:
                continue
            fill, stroke = ctypes.c_int(), ctypes.c_int()
            pdfium_raw.FPDFPath_GetDrawMode(obj.raw, ctypes.byref(fill), ctypes.byref(stroke))
            kinds = [pdfium_raw.FPDFPathSegment_GetType(pdfium_raw.FPDFPath_GetPathSegment(obj.raw, i))
                     for i in range(pdfium_raw.FPDFPath_CountSegments(obj.raw))]
            found.append(Shape(box, fill.value != 0, bool(stroke.value), kinds.count(pdfium_raw.FPDF_SEGMENT_BEZIERTO),
                               kinds.count(pdfium_raw.FPDF_SEGMENT_LINETO)))
        return found
    finally:
        doc.close()


def cut_pieces(shapes: list[Shape], least: float = 5.0) -> list[Shape]:
    """The pieces cut out of a front page: filled shapes at least ``least`` mm across with a cut line (an unfilled
    outline of the same kind, no more than 1 mm larger) on the same centre. A standee's strip has no filled shape of
    its outline's size, so it is not among them."""
    outlines = [s for s in shapes if s.stroked and not s.filled]
    found: dict[tuple[float, float], Shape] = {}
    for s in shapes:
        if not s.filled or min(s.size) < least:
            continue
        for o in outlines:
            if (o.curves, o.lines) == (s.curves, s.lines) and math.dist(o.centre, s.centre) < 0.05 \
                    and all(0 <= a - b <= 1.0 for a, b in zip(o.size, s.size)):
                found.setdefault((round(s.centre[0], 2), round(s.centre[1], 2)), s)
                break
    return list(found.values())


def path_boxes_mm(path: Path, page_index: int = 0) -> list[tuple[float, float, float, float]]:
    """Bounding boxes (x0, y0, x1, y1) in mm, origin top-left, of every vector path drawn on a page."""
    return _boxes_mm(path, page_index, (pdfium_raw.FPDF_PAGEOBJ_PATH,))


def text_boxes_mm(path: Path, page_index: int = 0) -> list[tuple[float, float, float, float]]:
    """Bounding boxes (x0, y0, x1, y1) in mm, origin top-left, of every run of text on a page."""
    return _boxes_mm(path, page_index, (pdfium_raw.FPDF_PAGEOBJ_TEXT,))


def object_boxes_mm(path: Path, page_index: int = 0) -> list[tuple[float, float, float, float]]:
    """Bounding boxes in mm (origin top-left) of every drawn object: paths, text and images."""
    return _boxes_mm(path, page_index, (pdfium_raw.FPDF_PAGEOBJ_PATH, pdfium_raw.FPDF_PAGEOBJ_TEXT,
                                        pdfium_raw.FPDF_PAGEOBJ_IMAGE))


def render_page(path: Path, page_index: int = 0, dpi: float = 72.0) -> Image.Image:
    """Render one page to an RGB image."""
    doc = pdfium.PdfDocument(str(path))
    try:
        image: Image.Image = doc[page_index].render(scale=dpi / 72.0).to_pil().convert("RGB")
        return image
    finally:
        doc.close()


def page_text(path: Path, page_index: int = 0) -> str:
    """The text of one page, as extracted by PDFium."""
    doc = pdfium.PdfDocument(str(path))
    try:
        text: str = doc[page_index].get_textpage().get_text_range()
        return text
    finally:
        doc.close()


def page_count(path: Path) -> int:
    """Number of pages."""
    with pikepdf.open(path) as pdf:
        return len(pdf.pages)


def ink_coverage(image: Image.Image) -> float:
    """Mean ink of a rendered page: 0 for blank paper, 1 for solid black (average of 1 - r, g, b)."""
    grey = image.convert("L")
    histogram = grey.histogram()
    total = sum(histogram)
    return sum((255 - value) * count for value, count in enumerate(histogram)) / (255.0 * total)


#: Resolution of the margin check: a pixel is 0.085 mm, so ink 0.1 mm inside a margin is seen.
MARGIN_DPI = 300.0


def ink_in_margin(path: Path, page_index: int, margin_mm: float, dpi: float = MARGIN_DPI) -> int:
    """How many rendered pixels in the band ``margin_mm`` wide around the page edge are not white.

    Only the four strips of the band are rendered (pdfium skips what lies outside them), so a fine
    resolution costs little. The half pixel next to the band's inner edge is left out: anti-aliasing
    of ink that starts exactly on the margin may tint it.
    """
    doc = pdfium.PdfDocument(str(path))
    try:
        page = doc[page_index]
        width, height = page.get_size()
        band = margin_mm / MM_PER_PT
        keep = int(margin_mm / 25.4 * dpi - 0.5)  # whole pixels of the band, less the half pixel at its edge
        # (what pdfium cuts off: left, bottom, right, top in points; then the pixels to count, by image size)
        strips: list[tuple[tuple[float, float, float, float], Callable[[int, int], tuple[int, int, int, int]]]] = [
            ((0, 0, width - band, 0), lambda w, h: (0, 0, keep, h)),  # left
            ((width - band, 0, 0, 0), lambda w, h: (w - keep, 0, w, h)),  # right
            ((0, 0, 0, height - band), lambda w, h: (0, h - keep, w, h)),  # bottom
            ((0, height - band, 0, 0), lambda w, h: (0, 0, w, keep)),  # top
        ]
        found = 0
        for crop, box in strips:
            image = page.render(scale=dpi / 72.0, crop=crop, grayscale=True).to_pil().convert("L")
            found += image.crop(box(*image.size)).point(lambda v: 1 if v < 250 else 0).histogram()[1]
        return found
    finally:
        doc.close()


def scale_bar_lengths(path: Path, page_index: int = 0, block: float = 10.0, thick: float = 3.0) -> list[float]:
    """Lengths in mm of every scale bar on a page, measured from its 10 mm blocks."""
    bars: dict[tuple[str, float], list[tuple[float, float, float, float]]] = {}
    for x0, y0, x1, y1 in path_boxes_mm(path, page_index):
        w, h = x1 - x0, y1 - y0
        if abs(w - thick) < 0.02 and abs(h - block) < 0.02:
            bars.setdefault(("v", round(x0, 1)), []).append((x0, y0, x1, y1))
        elif abs(h - thick) < 0.02 and abs(w - block) < 0.02:
            bars.setdefault(("h", round(y0, 1)), []).append((x0, y0, x1, y1))
    lengths = []
    for (axis, _), blocks in sorted(bars.items()):
        if len(blocks) >= 3:
            if axis == "v":
                lengths.append(max(b[3] for b in blocks) - min(b[1] for b in blocks))
            else:
                lengths.append(max(b[2] for b in blocks) - min(b[0] for b in blocks))
    return lengths


def discs_mm(path: Path, page_index: int, min_diameter: float = 3.0) -> list[tuple[float, float, float]]:
    """(x, y, diameter) in mm of every round path (as wide as it is tall) at least ``min_diameter`` across."""
    found = []
    for x0, y0, x1, y1 in path_boxes_mm(path, page_index):
        w, h = x1 - x0, y1 - y0
        if w >= min_diameter and abs(w - h) < 0.02:
            found.append(((x0 + x1) / 2, (y0 + y1) / 2, w))
    return found


def text_in_band(path: Path, page_index: int, top_mm: float, bottom_mm: float) -> str:
    """The text of one page lying between ``top_mm`` and ``bottom_mm`` from the top edge."""
    doc = pdfium.PdfDocument(str(path))
    try:
        page = doc[page_index]
        width, height = page.get_size()
        text: str = page.get_textpage().get_text_bounded(0, height - bottom_mm / MM_PER_PT, width,
                                                         height - top_mm / MM_PER_PT)
        return text
    finally:
        doc.close()


def text_in_box(path: Path, page_index: int, box: tuple[float, float, float, float]) -> str:
    """The text of one page lying inside ``box`` (x0, y0, x1, y1 in mm from the top-left corner)."""
    doc = pdfium.PdfDocument(str(path))
    try:
        page = doc[page_index]
        _, height = page.get_size()
        text: str = page.get_textpage().get_text_bounded(box[0] / MM_PER_PT, height - box[3] / MM_PER_PT,
                                                         box[2] / MM_PER_PT, height - box[1] / MM_PER_PT)
        return text
    finally:
        doc.close()


@dataclass(frozen=True)
class TextRun:
    """A run of characters printed at one size: its page, text, effective size in points and box in mm (top-left)."""

    page: int
    text: str
    size_pt: float
    box: tuple[float, float, float, float]


def text_runs(path: Path) -> list[TextRun]:
    """Every run of printed text in the document with its effective size (font size times the text and page matrices).

    Sizes are read per character through PDFium's text page (``FPDFText_GetFontSize`` times the scale of
    ``FPDFText_GetMatrix``); characters PDFium makes up (line breaks, spaces between objects) are skipped.
    Text drawn as glyph outlines is not text to PDFium and is not seen here.
    """
    runs: list[TextRun] = []
    doc = pdfium.PdfDocument(str(path))
    try:
        for index in range(len(doc)):
            page = doc[index]
            _, height = page.get_size()
            textpage = page.get_textpage()
            current: list[tuple[str, float, tuple[float, float, float, float]]] = []
            for char in range(textpage.count_chars()):
                if pdfium_raw.FPDFText_IsGenerated(textpage.raw, char) == 1:
                    continue
                symbol = chr(pdfium_raw.FPDFText_GetUnicode(textpage.raw, char))
                matrix = pdfium_raw.FS_MATRIX()
                pdfium_raw.FPDFText_GetMatrix(textpage.raw, char, ctypes.byref(matrix))
                size = pdfium_raw.FPDFText_GetFontSize(textpage.raw, char) * math.sqrt(
                    abs(matrix.a * matrix.d - matrix.b * matrix.c))
                left, bottom, right, top = textpage.get_charbox(char, loose=True)
                box = (left * MM_PER_PT, (height - top) * MM_PER_PT, right * MM_PER_PT, (height - bottom) * MM_PER_PT)
                if current and abs(current[-1][1] - size) > 0.01:
                    runs.append(_run(index, current))
                    current = []
                current.append((symbol, size, box))
            if current:
                runs.append(_run(index, current))
    finally:
        doc.close()
    return [run for run in runs if run.text.strip()]


def _run(page: int, chars: list[tuple[str, float, tuple[float, float, float, float]]]) -> TextRun:
    boxes = [box for _, _, box in chars]
    return TextRun(page, "".join(c for c, _, _ in chars), round(chars[0][1], 2),
                   (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
                    max(b[3] for b in boxes)))


#: Resolution at which label contrast is measured: a 6 pt letter is about 9 pixels tall.
CONTRAST_DPI = 150.0
#: A pixel belongs to a letter when printing the text changes it by at least this much (0-255, any channel).
GLYPH_DIFFERENCE = 48
#: Share of a label's letter pixels allowed to sit on a colour it contrasts less with (anti-aliased edges of the
#: shapes beneath, a hairline crossed).
CONTRAST_SLACK = 0.1


@dataclass(frozen=True)
class LabelContrast:
    """A run of printed text (one text object) and how well it stands out from what is printed under it.

    ``contrast`` is the WCAG contrast ratio between the text's fill colour and the colours rendered beneath its
    letters, taken at the worst tenth (:data:`CONTRAST_SLACK`) of its letter pixels; ``under`` is that colour.
    """

    page: int
    text: str
    box: tuple[float, float, float, float]
    colour: str
    under: str
    contrast: float


#: Each 0-255 sRGB channel value made linear (a page's pixels are many; their values are 256).
_LINEAR = tuple(linear_channel(v * (1.0 / 255.0)) for v in range(256))


def contrast_ratio(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """WCAG contrast ratio of two sRGB colours given as 0-255 channels (1 to 21), as a theme computes it."""
    return luminance_ratio(relative_luminance((_LINEAR[a[0]], _LINEAR[a[1]], _LINEAR[a[2]])),
                           relative_luminance((_LINEAR[b[0]], _LINEAR[b[1]], _LINEAR[b[2]])))


def _letter_pixel(printed: tuple[int, int, int], under: tuple[int, int, int], colour: tuple[int, int, int]) -> bool:
    """Whether a pixel is ink of a text of ``colour`` over ``under``: printing the text changed it by at least
    :data:`GLYPH_DIFFERENCE`, towards that colour (so another text overlapping this one's box, in another colour,
    is not taken for it)."""
    change = [p - u for p, u in zip(printed, under)]
    if max(abs(c) for c in change) < GLYPH_DIFFERENCE:
        return False
    towards = [c - u for c, u in zip(colour, under)]
    length = sum(t * t for t in towards)
    if length == 0:
        return False
    share = sum(c * t for c, t in zip(change, towards)) / length
    miss = max(abs(c - share * t) for c, t in zip(change, towards))
    return share >= 0.25 and miss <= GLYPH_DIFFERENCE


def label_contrasts(path: Path, page_index: int, dpi: float = CONTRAST_DPI) -> list[LabelContrast]:
    """Every text object of a page with its contrast against what is printed under its letters.

    The page is rendered twice, as printed and with every text object made invisible: the pixels the text
    changes are its letters, and the second rendering gives the colour beneath each of them.
    """
    doc = pdfium.PdfDocument(str(path))
    try:
        page = doc[page_index]
        _, height = page.get_size()
        textpage = page.get_textpage()
        runs: dict[int, list[tuple[str, tuple[int, int, int], tuple[float, float, float, float]]]] = {}
        for char in range(textpage.count_chars()):
            if pdfium_raw.FPDFText_IsGenerated(textpage.raw, char) == 1:
                continue
            obj = pdfium_raw.FPDFText_GetTextObject(textpage.raw, char)
            r, g, b, a = (ctypes.c_uint() for _ in range(4))
            pdfium_raw.FPDFText_GetFillColor(textpage.raw, char, *(ctypes.byref(c) for c in (r, g, b, a)))
            box = textpage.get_charbox(char, loose=False)
            key = ctypes.cast(obj, ctypes.c_void_p).value or 0
            runs.setdefault(key, []).append((chr(pdfium_raw.FPDFText_GetUnicode(textpage.raw, char)),
                                             (r.value, g.value, b.value), box))
        scale = dpi / 72.0
        printed = page.render(scale=scale).to_pil().convert("RGB")
        for obj in page.get_objects(max_depth=8):
            if obj.type == pdfium_raw.FPDF_PAGEOBJ_TEXT:
                pdfium_raw.FPDFTextObj_SetTextRenderMode(obj.raw, pdfium_raw.FPDF_TEXTRENDERMODE_INVISIBLE)
        beneath = page.render(scale=scale).to_pil().convert("RGB")
        found = []
        for chars in runs.values():
            colour = chars[0][1]
            ratios: list[tuple[float, tuple[int, int, int]]] = []
            for _, _, (left, bottom, right, top) in chars:
                crop = (int(left * scale), int((height - top) * scale), int(right * scale) + 1,
                        int((height - bottom) * scale) + 1)
                if crop[2] <= crop[0] or crop[3] <= crop[1]:
                    continue
                ink, ground = printed.crop(crop).tobytes(), beneath.crop(crop).tobytes()
                for n in range(0, len(ink), 3):
                    under = (ground[n], ground[n + 1], ground[n + 2])
                    if _letter_pixel((ink[n], ink[n + 1], ink[n + 2]), under, colour):
                        ratios.append((contrast_ratio(colour, under), under))
            text = "".join(c for c, _, _ in chars)
            if len(ratios) < 4 or not text.strip():
                continue  # nothing of it is seen: a space, or text drawn over by something else
            ratios.sort()
            worst, under = ratios[int(len(ratios) * CONTRAST_SLACK)]
            boxes = [box for _, _, box in chars]
            found.append(LabelContrast(page_index, text, (min(b[0] for b in boxes) * MM_PER_PT,
                                                          (height - max(b[3] for b in boxes)) * MM_PER_PT,
                                                          max(b[2] for b in boxes) * MM_PER_PT,
                                                          (height - min(b[1] for b in boxes)) * MM_PER_PT),
                                       "#%02x%02x%02x" % colour, "#%02x%02x%02x" % under, round(worst, 2)))
        return found
    finally:
        doc.close()
