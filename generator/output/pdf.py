"""SVG pages to PDF and PNG: vector output, embedded fonts, fixed metadata, byte-identical rebuilds."""
from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .fonts import use_project_fonts_in_cairo
from .outfiles import save_atomically

if TYPE_CHECKING:
    import pikepdf

#: Date written into every PDF, so rebuilds are identical (cairo ignores SOURCE_DATE_EPOCH).
FIXED_DATE = "D:20260101000000Z"


@dataclass(frozen=True)
class PdfOptions:
    """Document-level settings of a written PDF."""

    title: str
    subject: str = ""
    duplex: str | None = None  # None, 'long' or 'short' edge
    print_scaling_none: bool = True


def svg_to_pdf_bytes(svg: str) -> bytes:
    """Convert one SVG page (sized in mm) to a one-page vector PDF."""
    return svgs_to_pdf_bytes([svg])


def svgs_to_pdf_bytes(pages: list[str]) -> bytes:
    """Convert SVG pages (sized in mm) to one vector PDF, a page each: drawn as one cairo document, so that the
    pages share one subset of each font (a separate PDF per page would each carry their own)."""
    use_project_fonts_in_cairo()  # fontconfig must point at our fonts before cairo draws any text
    import cairocffi  # imported here: a build with nothing to do never loads cairo
    from cairosvg.parser import Tree
    from cairosvg.surface import PDFSurface

    from . import quick_draw

    output = io.BytesIO()
    document: list[cairocffi.PDFSurface] = []

    class Page(PDFSurface):  # type: ignore[misc]
        """A page of the shared document, sized as its SVG says."""

        def _create_surface(self, width: float, height: float) -> tuple[cairocffi.PDFSurface, float, float]:
            if document:
                document[0].set_size(width, height)
            else:
                document.append(cairocffi.PDFSurface(self.output, width, height))
            return document[0], width, height

        def draw(self, node: Any) -> None:
            """Draw ``node``: plain text and shapes the quicker way (see :mod:`.quick_draw`), the rest as cairosvg
            does."""
            if not quick_draw.draw(self, node):
                super().draw(node)

    for svg in pages:
        Page(Tree(bytestring=svg.encode("utf-8")), output, 96).cairo.show_page()
    document[0].finish()
    return output.getvalue()


def svg_to_png_bytes(svg: str, dpi: float) -> bytes:
    """Render one SVG page to PNG at ``dpi``, with the project's fonts."""
    use_project_fonts_in_cairo()
    import cairosvg

    png: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"), dpi=dpi)
    return png


def write_pdf(pages: list[str], path: Path, options: PdfOptions) -> Path:
    """Write SVG pages as one PDF at ``path``, atomically (a failed build leaves no partial file)."""
    import pikepdf  # imported here: a command that writes no PDF (a diagram as SVG) never loads it

    with pikepdf.Pdf.open(io.BytesIO(svgs_to_pdf_bytes(pages))) as out:
        finish_pdf(out, path, options)
    return path


def finish_pdf(pdf: pikepdf.Pdf, path: Path, options: PdfOptions) -> None:
    """Set metadata, viewer preferences and page boxes, then save deterministically and atomically."""
    import pikepdf  # imported here, as in write_pdf

    with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
        meta["dc:title"] = options.title
    pdf.docinfo = pdf.make_indirect(pikepdf.Dictionary(
        Title=pikepdf.String(options.title), Subject=pikepdf.String(options.subject),
        Creator=pikepdf.String("boardkit"), Producer=pikepdf.String("boardkit (cairo, pikepdf)"),
        CreationDate=pikepdf.String(FIXED_DATE), ModDate=pikepdf.String(FIXED_DATE)))
    if "/Metadata" in pdf.Root:
        del pdf.Root["/Metadata"]
    prefs = pikepdf.Dictionary(DisplayDocTitle=True)
    if options.print_scaling_none:
        prefs["/PrintScaling"] = pikepdf.Name("/None")
    if options.duplex:
        prefs["/Duplex"] = pikepdf.Name("/DuplexFlipLongEdge" if options.duplex == "long"
                                        else "/DuplexFlipShortEdge")
    pdf.Root["/ViewerPreferences"] = prefs
    for page in pdf.pages:  # home prints are never trimmed as pages: trim and bleed are the sheet itself
        page.TrimBox = pikepdf.Array(list(page.mediabox))
        page.BleedBox = pikepdf.Array(list(page.mediabox))
    buffer = io.BytesIO()  # saved in memory first: a failed write is then an OSError here, never in pikepdf
    pdf.save(buffer, deterministic_id=True, compress_streams=True, object_stream_mode=pikepdf.ObjectStreamMode.generate)
    save_atomically(path, buffer.getvalue())


def pdf_preview(pdf_path: Path, png_path: Path, dpi: float = 40.0, gap_px: int = 12) -> Path:
    """Render every page of a PDF side by side into one PNG preview."""
    # Imported here, when first needed, to keep start-up fast.
    import pypdfium2 as pdfium
    from PIL import Image

    doc = pdfium.PdfDocument(str(pdf_path))
    try:
        images = [doc[i].render(scale=dpi / 72.0).to_pil() for i in range(len(doc))]
    finally:
        doc.close()
    columns = 2 if len(images) == 4 else len(images)
    rows = (len(images) + columns - 1) // columns
    w = max(i.width for i in images)
    h = max(i.height for i in images)
    sheet = Image.new("RGB", (columns * w + (columns - 1) * gap_px, rows * h + (rows - 1) * gap_px), "#9a9a9a")
    for n, image in enumerate(images):
        sheet.paste(image, ((n % columns) * (w + gap_px), (n // columns) * (h + gap_px)))
    buffer = io.BytesIO()
    sheet.save(buffer, format="PNG")  # zlib's default level: optimize=True took four times as long for 2 % less
    save_atomically(png_path, buffer.getvalue())
    return png_path
