"""The cut files of a kit: for every punch, card and decal sheet, the files each machine needs, and a test page.

For a sheet named ``<sheet>`` (a kit file's name and the sheet's number,
``pieces-a4-1``):

- Silhouette: ``cut-<sheet>-silhouette.pdf`` (the fronts with Studio's
  registration marks, then the backs, printed two-sided), and
  ``cut-<sheet>-silhouette.dxf`` and ``.svg``: the cut paths alone, in the
  page's millimetres;
- Cricut: ``cut-<sheet>-cricut.png`` (the fronts, 300 dpi, the size of
  Print Then Cut's largest image), ``cut-<sheet>-cricut.svg`` (the cut paths,
  the same size) and, for a two-sided sheet, ``cut-<sheet>-cricut-back.png``.

Each machine also gets a test page: ``cut-test-<paper>-silhouette.*`` and
``cut-test-cricut.*``. Every file is made by one maker, as the kit's other
files are, and saved atomically.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from ..output.outfiles import save_atomically
from ..output.pdf import PdfOptions, write_pdf
from ..model.printers import PaperSetup
from ..model.theme import Theme
from .machines import CRICUT_AREA_MM, CRICUT_DPI, REG_INSET_MM, REG_LENGTH_MM, REG_THICKNESS_MM, machine_setup
from .paths import CutPath
from .sheets import CutSource, relaid
from .testcut import TestPage, test_page
from .writers import outline_bounds, paths_dxf, paths_svg, png_image, with_marks

Maker = Callable[[Path], int]


def _saver(data: Callable[[], bytes]) -> Maker:
    def make(path: Path) -> int:
        save_atomically(path, data())
        return 1

    return make


def silhouette_notes(name: str, paths: list[CutPath]) -> list[str]:
    """The small print between a Silhouette sheet's top marks: Studio's mark settings, the cut file, and where
    its paths lie on the page."""
    x0, y0, _, _ = outline_bounds(paths)
    return [f"Silhouette Studio: registration marks Type 1, length {REG_LENGTH_MM:g} mm, thickness "
            f"{REG_THICKNESS_MM:g} mm, inset {REG_INSET_MM:g} mm. Cut with cut-{name}-silhouette.dxf (or .svg).",
            f"Its cut lines start {x0:.1f} mm from the page's left edge and {y0:.1f} mm from its top "
            "(Studio's Transform panel: X and Y of the whole selection)."]


def silhouette_makers(name: str, page: tuple[float, float], paths: list[CutPath],
                      pages: Callable[[], tuple[str, str | None]], title: str, duplex: str) -> list[tuple[str, Maker]]:
    """The three Silhouette files of one sheet: the PDF to print (fronts with marks, backs), its DXF and SVG."""
    def pdf(path: Path) -> int:
        front, back = pages()
        drawn = [with_marks(front, page, silhouette_notes(name, paths))] + ([back] if back else [])
        write_pdf(drawn, path, PdfOptions(title=f"{title}, for a Silhouette cutter",
                                          subject="Print then cut: fronts with registration marks, then backs",
                                          duplex=duplex if back else None))
        return len(drawn)

    return [(f"cut-{name}-silhouette.pdf", pdf),
            (f"cut-{name}-silhouette.dxf", _saver(lambda: paths_dxf(paths, page))),
            (f"cut-{name}-silhouette.svg", _saver(lambda: paths_svg(paths, page, f"{title}: cut paths").encode()))]


def cricut_makers(name: str, paths: list[CutPath], pages: Callable[[], tuple[str, str | None]], title: str,
                  sided: bool) -> list[tuple[str, Maker]]:
    """The Cricut files of one sheet: the fronts image, the cut paths the same size, and the backs image."""
    files = [(f"cut-{name}-cricut.png", _saver(lambda: png_image(pages()[0], CRICUT_DPI, CRICUT_AREA_MM))),
             (f"cut-{name}-cricut.svg", _saver(lambda: paths_svg(paths, CRICUT_AREA_MM,
                                                                  f"{title}: cut paths").encode()))]
    if sided:
        files.append((f"cut-{name}-cricut-back.png",
                      _saver(lambda: png_image(pages()[1] or "", CRICUT_DPI, CRICUT_AREA_MM))))
    return files


def _sheet_files(source: CutSource, sheet: int, title: str) -> list[tuple[str, Maker]]:
    name, paths = source.name(sheet), source.paths[sheet]
    pages = lambda: source.pages(sheet)  # noqa: E731 - drawn when a file is made
    if source.machine == "silhouette":
        return silhouette_makers(name, source.setup.page, paths, pages, title, source.setup.duplex)
    return cricut_makers(name, paths, pages, title, source.sided)


def _test_files(page: TestPage, machine: str, duplex: str) -> list[tuple[str, Maker]]:
    def pages() -> tuple[str, None]:
        return page.svg, None

    title = "Test cut"
    if machine == "silhouette":
        return silhouette_makers(page.name, page.setup.page, page.paths, pages, title, duplex)
    return cricut_makers(page.name, page.paths, pages, title, False)


#: What each cut file is, by how its name ends: (ending, paper, what it is and what to do with it).
CUT_FILE_WORDS = (
    ("-silhouette.pdf", "the paper of its sheet", "the sheet's fronts with Silhouette's registration marks: print at "
     "100 %, then the machine reads the marks and cuts"),
    ("-silhouette.dxf", "", "the cut lines for Silhouette Studio, in mm, placed as on the printed sheet"),
    ("-silhouette.svg", "", "the same cut lines as an SVG, for software that takes no DXF"),
    ("-cricut-back.png", "", "the sheet's backs, to print on the other side before Cricut cuts the fronts"),
    ("-cricut.png", "Cricut Print Then Cut (6.75 x 9.25 in)", "the sheet's fronts as a 300 dpi image: upload it "
     "with its SVG, and Cricut Design Space prints it with its own frame"),
    ("-cricut.svg", "", "the cut lines at the image's size: upload with its image, so the two match"),
)


def cut_file_words(name: str) -> tuple[str, str] | None:
    """The paper and the words for cut file ``name`` (a test page says so), or None for a name that is none."""
    for ending, paper, about in CUT_FILE_WORDS:
        if name.startswith("cut-") and name.endswith(ending):
            test = "a test page of a few pieces and a 100 mm line, to cut first: " if name.startswith("cut-test-") else ""
            return paper, test + about
    return None


@dataclass(frozen=True)
class SheetRow:
    """A kit file whose sheets a machine cuts: its name, the machine, how many sheets it takes there, and whether
    they are printed two-sided."""

    file: str
    machine: str
    sheets: int
    sided: bool

    @property
    def first(self) -> str:
        """The name of the first sheet's cut files: 'pieces-a4-1'."""
        return f"{self.file.removesuffix('.pdf')}-1"


@dataclass(frozen=True)
class CutPlan:
    """The cut files of a build, as (name, maker), and the kit files they cut, row by row."""

    files: list[tuple[str, Maker]]
    rows: list[SheetRow]
    tests: list[str]


def cut_files(kit_files: list[tuple[str, Callable[..., int]]], machines: tuple[str, ...], theme: Theme,
              setups: list[PaperSetup], game_title: str) -> CutPlan:
    """The cut files of the kit's sheet files ``kit_files`` ((name, maker) as planned) for each of ``machines``,
    and each machine's test page: Silhouette's on each paper of ``setups`` (the printer profile's settings for the
    papers the kit prints on), Cricut's once.

    Every sheet is laid out for the machine when it is planned, before anything is written, so a sheet that does
    not fit the machine's area fails with a located error first.
    """
    files: list[tuple[str, Maker]] = []
    rows, tests = [], []
    for machine in machines:
        for name, make in kit_files:
            source = relaid(name, make, machine)
            if source is None:
                continue
            rows.append(SheetRow(name, machine, source.count, source.sided))
            for sheet in range(source.count):
                files += _sheet_files(source, sheet, f"{game_title}: {source.name(sheet)}")
        for setup in setups if machine == "silhouette" else setups[:1]:
            test = _test_files(test_page(machine_setup(machine, setup), machine, theme), machine, setup.duplex)
            tests.append(test[0][0])
            files += test
    return CutPlan(files, rows, tests)
