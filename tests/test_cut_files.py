"""Cut files for cutting machines (issue 29), read back: every sheet of every game, both machines.

For every punch, card and decal sheet of every game's kit, the Silhouette PDF is printed from the cut layout and
its cut lines are read back from the PDF's vectors; the DXF (ezdxf, audited) and the SVG (a standard XML parser,
then cairo) must hold the same outlines, one closed path per piece, within 0.05 mm (centre, size, shape); fold
lines are on the score layer. The registration marks are read from the page's pixels. Cricut's images and SVGs
are checked for their size, their area and their agreement; two builds are byte for byte the same.
"""
from __future__ import annotations

import math
import os
import re
import subprocess
import sys
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image

from cutcheck import (TOL, Outline, assert_drawn, drawn_cut_lines, dxf_outlines, find, kit_pieces, pdf_outlines,
                      svg_outlines, svg_page_mm)
from generator.cutfiles.machines import (CRICUT_AREA_IN, CRICUT_AREA_MM, CRICUT_DPI, REG_INSET_MM,
                                         REG_LENGTH_MM, REG_SQUARE_MM, REG_THICKNESS_MM, mark_zones)
from generator.cutfiles.sheets import relaid
from generator.model.game import load_game
from generator.kit import KitOptions, build, plan
from generator.kit.piece_kit import PdfMaker

GAMES = ("dravakron", "dragon-eyes", "ejderhalar", "patrakill", "vatrakill", "drako")
SHEET_PARTS = ("pieces", "tokens", "cards", "decals")


def _cut_jobs(game_id: str, machines: tuple[str, ...], formats: tuple[str, ...] | None = None) -> list:
    game = load_game(game_id)
    return plan(game, KitOptions(parts=SHEET_PARTS, formats=formats, cut=machines), lambda _: None)


@pytest.fixture(scope="module", params=GAMES)
def silhouette_kit(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path, list]:
    """Every Silhouette cut file of one game's kit for its A4 board (punch sheets, decks, decals and tokens on A4),
    made into a folder. Every format's sheets, on both papers and for both machines, are checked against their
    pages' drawings below (:func:`test_every_sheet_of_every_format_cuts_its_printed_lines`), which costs no PDF."""
    out = tmp_path_factory.mktemp(f"cut-{request.param}")
    jobs = _cut_jobs(request.param, ("silhouette",), ("a4",))
    for job in jobs:
        if job.part == "cut":
            job.make(out / job.name)
    return request.param, out, jobs


def _sheets(out: Path) -> list[str]:
    return sorted(p.name.removesuffix("-silhouette.pdf") for p in out.glob("cut-*-silhouette.pdf"))


def test_every_sheet_has_its_three_silhouette_files(silhouette_kit: tuple[str, Path, list]) -> None:
    game_id, out, jobs = silhouette_kit
    kit_files = [j for j in jobs if j.part != "cut" and isinstance(j.make, PdfMaker)]
    sheets = _sheets(out)
    assert sheets, f"{game_id}: no cut sheets"
    for name in sheets:
        for suffix in ("dxf", "svg"):
            assert (out / f"{name}-silhouette.{suffix}").is_file()
    # every two-sided sheet file of the kit (fold-overs aside) is cut, and every decal sheet
    cut_stems = {n.removeprefix("cut-").rsplit("-", 1)[0] for n in sheets} - {"test"}
    wanted = {j.name.removesuffix(".pdf") for j in kit_files if not j.name.endswith("-foldover.pdf")}
    wanted = {w for w in wanted if w.startswith(("pieces-", "cards-", "decals-", "tokens-only-"))}
    assert wanted <= {s for s in cut_stems} | {s.rsplit("-", 1)[0] for s in cut_stems}


def test_cut_paths_match_the_printed_cut_lines(silhouette_kit: tuple[str, Path, list]) -> None:
    """Every outline of the DXF and of the SVG is a cut line printed on the PDF's fronts page, and the other way
    round every piece's printed cut line has its outline in both files (the counts agree)."""
    game_id, out, _ = silhouette_kit
    for name in _sheets(out):
        pdf = out / f"{name}-silhouette.pdf"
        page_w, page_h = pdfium.PdfDocument(str(pdf))[0].get_size()
        height = page_h * 25.4 / 72
        printed = pdf_outlines(pdf, 0)
        errors, layers = dxf_outlines(out / f"{name}-silhouette.dxf", height)
        assert not errors, f"{name}: DXF audit: {errors}"
        svg = svg_outlines(out / f"{name}-silhouette.svg")
        assert svg_page_mm(out / f"{name}-silhouette.svg") == pytest.approx((page_w * 25.4 / 72, height), abs=0.01)
        cuts = layers.get("CUT", [])
        assert len(cuts) == len(svg["cut"]) > 0, f"{name}: {len(cuts)} DXF outlines, {len(svg['cut'])} SVG ones"
        for outline in cuts:
            assert outline.closed, f"{name}: an open cut path"
            assert find(outline, svg["cut"]) is not None, f"{name}: DXF outline at {outline.centre} not in the SVG"
            _printed_as(outline, printed, name)
        for outline in svg["cut"]:
            assert outline.closed and find(outline, cuts) is not None
        # fold lines: on the score layer of both files, and dashed on the page
        scores = layers.get("SCORE", [])
        assert len(scores) == len(svg["score"])
        for line in scores:
            assert find(line, svg["score"]) is not None and find(line, printed) is not None, \
                f"{name}: fold line at {line.centre} not printed"


def _printed_as(outline: Outline, printed: list[Outline], name: str) -> None:
    """The outline is a cut line of the page: the same shape (a card: its rounded corner guide, drawn half a line
    inside the card, and the grid lines along its four sides)."""
    if find(outline, printed) is not None:
        return
    w, h = outline.size
    assert outline.curved and outline.area > 0.9 * w * h, f"{name}: no cut line printed at {outline.centre}"
    guide = next((o for o in printed if o.curved and o.width and find(outline, [o], grow=o.width / 2)), None)
    assert guide is not None, f"{name}: card at {outline.centre} has no corner guide printed on it"
    x0, y0, x1, y1 = (outline.centre[0] - outline.size[0] / 2, outline.centre[1] - outline.size[1] / 2,
                      outline.centre[0] + outline.size[0] / 2, outline.centre[1] + outline.size[1] / 2)
    lines = [o for o in printed if len(o.points) == 2 and not o.curved]
    for side in ((x0, None), (x1, None), (None, y0), (None, y1)):
        assert any(_covers(line, side, (x0, y0, x1, y1)) for line in lines), \
            f"{name}: card at {outline.centre}: no cut line along its side {side}"


def _covers(line: Outline, side: tuple[float | None, float | None], card: tuple[float, ...]) -> bool:
    (ax, ay), (bx, by) = line.points
    x, y = side
    if x is not None:
        return abs(ax - x) <= TOL and abs(bx - x) <= TOL and min(ay, by) <= card[1] + TOL and max(ay, by) >= card[3] - TOL
    return abs(ay - y) <= TOL and abs(by - y) <= TOL and min(ax, bx) <= card[0] + TOL and max(ax, bx) >= card[2] - TOL


def test_rounded_cards_bend_the_right_way(silhouette_kit: tuple[str, Path, list]) -> None:
    """A card's DXF polyline encloses the rounded rectangle's area: its bulges turn outward at every corner."""
    game_id, out, _ = silhouette_kit
    cards = [n for n in _sheets(out) if n.startswith("cut-cards-")]
    if game_id != "drako":
        assert not cards
        return
    assert cards
    _, layers = dxf_outlines(out / f"{cards[0]}-silhouette.dxf", 297.0)
    for outline in layers["CUT"]:
        w, h = outline.size
        r = 3.0  # Drako's rounded corners (specs/drako decks printed by generator/games/drako/kit/parts.py)
        assert outline.area == pytest.approx(w * h - (4 - math.pi) * r * r, abs=0.05)


def _page_pixels(pdf: Path, dpi: float = 150.0) -> tuple[Image.Image, float]:
    doc = pdfium.PdfDocument(str(pdf))
    image = doc[0].render(scale=dpi / 72.0).to_pil().convert("L")
    return image, dpi / 25.4


def test_marks_where_silhouette_looks_and_nothing_else_near_them(silhouette_kit: tuple[str, Path, list]) -> None:
    game_id, out, _ = silhouette_kit
    for name in _sheets(out)[:3]:
        pdf = out / f"{name}-silhouette.pdf"
        image, px = _page_pixels(pdf)
        w_mm, h_mm = image.width / px, image.height / px

        def dark(x: float, y: float) -> bool:
            return image.getpixel((int(x * px), int(y * px))) < 100

        i, arm, sq = REG_INSET_MM, REG_LENGTH_MM, REG_SQUARE_MM
        # the filled square, top left
        assert all(dark(i + f * sq, i + g * sq) for f in (0.2, 0.5, 0.8) for g in (0.2, 0.5, 0.8))
        # the bracket top right: along the top edge and down the right edge; the bracket bottom left likewise
        for t in (0.1, 0.5, 0.9):
            assert dark(w_mm - i - t * arm, i) and dark(w_mm - i, i + t * arm)
            assert dark(i + t * arm, h_mm - i) and dark(i, h_mm - i - t * arm)
        # inside each mark's zone there is no ink but the mark's own (0.3 mm round it for the pixels' edges)
        for x0, y0, x1, y1 in mark_zones((w_mm, h_mm)):
            for y in range(int(y0 * px), int(y1 * px)):
                for x in range(int(x0 * px), int(x1 * px)):
                    if image.getpixel((x, y)) < 200:
                        assert _near_mark(x / px, y / px, (w_mm, h_mm)), \
                            f"{name}: ink at ({x / px:.1f}, {y / px:.1f}) mm, in a registration mark's zone"
        # and none outside the marks' frame either, but the marks themselves
        for y in range(0, image.height, 3):
            for x in range(0, image.width, 3):
                mx, my = x / px, y / px
                if min(mx, my, w_mm - mx, h_mm - my) < i - 0.5 and image.getpixel((x, y)) < 200:
                    raise AssertionError(f"{name}: ink at ({mx:.1f}, {my:.1f}) mm, outside the marks")


def _near_mark(x: float, y: float, page: tuple[float, float]) -> bool:
    from generator.cutfiles.machines import mark_rects

    grow = 0.3 + REG_THICKNESS_MM
    return any(x0 - grow <= x <= x1 + grow and y0 - grow <= y <= y1 + grow for x0, y0, x1, y1 in mark_rects(page))


def test_silhouette_pages_say_the_marks_and_where_the_cut_lines_start(silhouette_kit: tuple[str, Path, list]) -> None:
    game_id, out, _ = silhouette_kit
    name = _sheets(out)[0]
    doc = pdfium.PdfDocument(str(out / f"{name}-silhouette.pdf"))
    words = doc[0].get_textpage().get_text_range()
    assert f"Type 1, length {REG_LENGTH_MM:g} mm, thickness {REG_THICKNESS_MM:g} mm, inset {REG_INSET_MM:g} mm" in words
    assert f"{name}-silhouette.dxf" in words
    svg = svg_outlines(out / f"{name}-silhouette.svg")["cut"]
    x0 = min(o.bounds[0] for o in svg)
    y0 = min(o.bounds[1] for o in svg)
    said = re.search(r"start ([\d.]+) mm from the page's left edge and ([\d.]+) mm from its top", words)
    assert said is not None and (float(said[1]), float(said[2])) == pytest.approx((x0, y0), abs=0.05 + TOL)


# --- Cricut -------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("machine", ("silhouette", "cricut"))
def test_every_sheet_of_every_format_cuts_its_printed_lines(game_id: str, machine: str) -> None:
    """Every sheet of every format, both machines: each cut path is a cut line the sheet's fronts page draws (read
    from the page's SVG: circles, hexagons, rectangles, a card's grid lines and rounded guide, a standee's strip
    and fold lines) within 0.05 mm, and every piece drawn has its path: the counts agree with the kit's own sheets,
    so no piece is lost or cut twice."""
    game = load_game(game_id)
    jobs = plan(game, KitOptions(parts=SHEET_PARTS), lambda _: None)
    area = CRICUT_AREA_MM if machine == "cricut" else None
    for job in jobs:
        source = relaid(job.name, job.make, machine)
        if source is None:
            continue
        if area:
            assert source.setup.page == area
        for sheet in range(source.count):
            front, _ = source.pages(sheet)
            drawn = drawn_cut_lines(front)
            name = f"{game_id} {source.name(sheet)} ({machine})"
            for path in source.paths[sheet]:
                x0, y0, x1, y1 = path.bounds
                w, h = source.setup.page
                assert x0 >= 0 and y0 >= 0 and x1 <= w and y1 <= h, f"{name}: {path.piece} off the page"
                assert_drawn(path, drawn, name)
            closed = [d for d in drawn if d.kind == "outline"]
            cards = sum(p.shape == "card" for p in source.paths[sheet])
            assert len(closed) == len(source.paths[sheet]) - cards, f"{name}: {len(closed)} outlines drawn"
        assert sum(len(p) for p in source.paths) == kit_pieces(job), f"{game_id} {job.name} ({machine})"


@pytest.fixture(scope="module")
def cricut_files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Patrakill's cut files for its A4 board (punch sheets, decals, the test pages) and its print guide, built by
    the kit for both machines."""
    out = tmp_path_factory.mktemp("cricut")
    build(load_game("patrakill"), KitOptions(parts=("pieces", "decals", "guide"), formats=("a4",),
                                             cut=("cricut", "silhouette"), out=out, previews=False), quiet=True)
    return out / "patrakill"


def test_cricut_images_fill_the_print_then_cut_area_and_match_their_svg(cricut_files: Path) -> None:
    pngs = sorted(cricut_files.glob("cut-*-cricut*.png"))
    assert {p.name for p in pngs} >= {"cut-pieces-a4-1-cricut.png", "cut-pieces-a4-1-cricut-back.png",
                                      "cut-decals-a4-1-cricut.png", "cut-test-cricut.png"}
    for png in pngs:
        image = Image.open(png)
        dpi = image.info["dpi"]
        assert dpi[0] == pytest.approx(CRICUT_DPI, abs=0.01)
        w_in, h_in = image.width / CRICUT_DPI, image.height / CRICUT_DPI
        assert w_in <= CRICUT_AREA_IN[0] + 1e-9 and h_in <= CRICUT_AREA_IN[1] + 1e-9
        assert image.mode == "RGB"
        svg = png.with_name(png.name.replace("-back.png", ".png")).with_suffix(".svg")
        w_mm, h_mm = svg_page_mm(svg)
        assert (w_mm, h_mm) == pytest.approx((image.width / CRICUT_DPI * 25.4, image.height / CRICUT_DPI * 25.4),
                                             abs=0.01)


def test_cricut_cut_lines_are_printed_under_the_svg_paths(cricut_files: Path) -> None:
    """Sampled on the image itself: all round every outline of the SVG lies a printed cut line (black or white,
    whichever shows on the piece), a colour other than the bleed's 1 mm further out."""
    image = Image.open(cricut_files / "cut-pieces-a4-1-cricut.png").convert("RGB")
    px = CRICUT_DPI / 25.4
    outlines = svg_outlines(cricut_files / "cut-pieces-a4-1-cricut.svg")["cut"]
    assert outlines
    for outline in outlines:
        cx, cy = outline.centre
        for x, y in outline.points:
            d = math.dist((x, y), (cx, cy))
            on = image.getpixel((int(x * px), int(y * px)))
            out = image.getpixel((int((x + (x - cx) / d) * px), int((y + (y - cy) / d) * px)))
            assert (max(on) < 60 or min(on) > 200) and max(abs(a - b) for a, b in zip(on, out)) > 60, \
                f"outline at {outline.centre}: {on} on its path at ({x:.2f}, {y:.2f}), {out} 1 mm out"


def test_the_print_guide_says_how_to_use_each_file_with_each_machine(cricut_files: Path) -> None:
    """PRINT-GUIDE.pdf ends with the pages on cutting machines: every kit file cut with its sheets on each machine,
    the test pages, and each machine's steps with the figures the files are made with."""
    doc = pdfium.PdfDocument(str(cricut_files / "PRINT-GUIDE.pdf"))
    pages = [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    start = next(i for i, text in enumerate(pages) if "Patrakill: cutting by machine" in text)
    assert 0 < start and len(pages) - start <= 2  # after the guide's own pages, two at most
    text = " ".join(" ".join(pages[start:]).split())
    sheets = {n: len(list(cricut_files.glob(f"cut-{n}-*-{m}.{e}"))) for n, m, e in
              (("pieces-a4", "silhouette", "pdf"), ("pieces-a4", "cricut", "png"), ("decals-a4", "silhouette", "pdf"))}
    assert sheets["pieces-a4"] >= 1 and sheets["decals-a4"] == 1
    assert f"pieces-a4.pdf {len(list(cricut_files.glob('cut-pieces-a4-*-cricut.png')))}" in text
    for name in ("cut-test-a4-silhouette.pdf", "cut-test-cricut.png", "cut-SHEET-silhouette.pdf",
                 "cut-SHEET-silhouette.dxf", "cut-SHEET-cricut.png", "cut-SHEET-cricut.svg", "cut-SHEET-cricut-back.png",
                 "duplex-calibration-PAPER.pdf"):
        assert name in text, name
        if not name.startswith("cut-SHEET") and name.startswith("cut-"):
            assert (cricut_files / name).is_file()
    assert (f"Type 1, length {REG_LENGTH_MM:g} mm, thickness {REG_THICKNESS_MM:g} mm, inset {REG_INSET_MM:g} mm"
            in text)
    assert f"{CRICUT_AREA_MM[0]:g} mm wide, {CRICUT_AREA_MM[1]:g} mm tall" in text and "Attach" in text
    assert f"at most {CRICUT_AREA_IN[0]:g} x {CRICUT_AREA_IN[1]:g} in" in text and f"{CRICUT_DPI} dpi" in text
    assert "turning on the long edge" in text and "fronts up" in text


def test_two_builds_are_byte_identical(tmp_path: Path) -> None:
    """Every kind of cut file (PDF, DXF, SVG, PNG) comes out the same twice: no date, no random id. Each build is a
    fresh `boardkit print`, as a person rebuilds a kit."""
    outs = []
    for n in (1, 2):
        done = subprocess.run([sys.executable, "-m", "generator", "print", "drako", "--part", "pieces", "--format",
                               "a4", "--cut", "silhouette,cricut", "--out", str(tmp_path / str(n)), "--no-preview",
                               "--force", "-q"], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        outs.append(tmp_path / str(n) / "drako")
    names = sorted(p.name for p in outs[0].glob("cut-*"))
    assert {Path(n).suffix for n in names} == {".pdf", ".dxf", ".svg", ".png"}
    for name in names:
        assert (outs[0] / name).read_bytes() == (outs[1] / name).read_bytes(), name


_DXF_OF_THREE_SHAPES = """
import sys
from generator.cutfiles.paths import CutPath
from generator.cutfiles.writers import paths_dxf
paths = [CutPath("disc", "disc", (20.0, 20.0), (16.0, 16.0)), CutPath("card", "rect", (60.0, 40.0), (30.0, 50.0), 3.0),
         CutPath("standee", "rect", (120.0, 40.0), (25.0, 60.0), 0.0, (((107.5, 30.0), (132.5, 30.0)),))]
sys.stdout.buffer.write(paths_dxf(paths, (210.0, 297.0)))
"""


def test_a_dxf_file_is_the_same_whatever_process_writes_it() -> None:
    """Worker processes hash strings each their own way (PYTHONHASHSEED): the DXF's sections must not follow that.
    (ezdxf registers the kinds of entity in use from a set; the order it wrote them in changed with the seed.)"""
    made = {subprocess.run([sys.executable, "-c", _DXF_OF_THREE_SHAPES], capture_output=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": str(seed)}).stdout for seed in range(8)}
    assert len(made) == 1
    assert b"LWPOLYLINE" in made.pop()


def test_unknown_machine_is_refused_by_name() -> None:
    done = subprocess.run([sys.executable, "-m", "generator", "print", "drako", "--cut", "cricket", "--out",
                           "/nonexistent-never-written"], capture_output=True, text=True)
    assert done.returncode == 2
    assert "no cutting machine named 'cricket'" in done.stderr and "did you mean 'cricut'?" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_sheet_too_big_for_a_machine_is_refused_with_its_place_and_fix() -> None:
    """A piece wider than Cricut's image (but not than an A4 sheet; the components schema keeps real specs below
    that, so the piece is made here): the refusal names the machine, the sheet file, what does not fit and what to
    do, at the file and line the sheet's layout points to."""
    from dataclasses import replace
    from functools import partial

    from generator.compose.punch import duplex_layout, duplex_pages
    from generator.errors import SpecError
    from generator.output.pdf import PdfOptions
    from generator.play.registry import load_components
    from generator.model.printers import load_printer

    game = load_game("dravakron")
    components = load_components(game)
    assert components is not None
    wide = replace(components.components[0], size_mm=(170.0, 60.0), shape="square")
    components = replace(components, components=[wide])
    fmt = game.format("a4")
    layout = duplex_layout(components, fmt, load_printer().setup(fmt.small_paper))
    make = PdfMaker(partial(duplex_pages, game, components, game.theme("classic"), layout), PdfOptions("t"), False)
    assert relaid("pieces-a4.pdf", make, "silhouette") is not None  # 186 mm between the marks
    with pytest.raises(SpecError) as caught:
        relaid("pieces-a4.pdf", make, "cricut")
    (problem,) = caught.value.problems
    assert problem.message.startswith("Cricut cut files of pieces-a4.pdf: pieces for format 'a4' need 176.0 x 66.0 mm")
    assert problem.hint.startswith("Cricut reads less of the page than the printer (Print Then Cut images of at most "
                                   "6.75 x 9.25 in (171.45 x 234.95 mm)): use smaller pieces, or leave cricut out")
    assert str(problem.file).endswith(".yaml") and problem.line
