"""Dragon Eyes' printed kit, read back: boards, pieces (and the proof that their backs hide them), rulebook,
player aid and print guide.

The whole kit is built once per test session into a temporary folder
(without PNG previews); every test reads the PDFs that build wrote.
"""
from __future__ import annotations

import math
from collections import Counter
from pathlib import Path
from typing import Iterator

import pytest
from PIL import Image

from generator.compose.punch import Placement, SheetLayout, duplex_layout
from generator.model.game import Game, load_game
from generator.output.inspect_pdf import (cut_pieces, discs_mm, page_count, page_sizes_mm, page_text, render_page,
                                   shapes_mm, viewer_preferences)
from generator.kit import KitOptions
from generator.model.pieces import Components
from generator.play.registry import load_components
from generator.model.printers import load_printer
from generator.model.printspec import PAPER_MM
from tests.kit_checks import (FORMATS, THEMES, assert_board_sheets, assert_fonts_embedded, assert_hex_cells,
                              assert_themes_save_ink, build_kit)
from tests import hidden_backs
from tests.own_words import copied_runs, seed_hashes

TEMPLATES = Path(__file__).resolve().parents[3] / "templates" / "dragon-eyes"
#: Resolution the hidden-information proof renders the sheets at (dots per inch).
DPI = 100
#: How far a home printer's second side may drift, in mm, in each direction.
DRIFT_MM = 2.0
Colour = tuple[int, int, int]
#: The printer's second side landing where it should, and 2 mm off towards each corner (the worst cases).
DRIFTS = ((0.0, 0.0), (DRIFT_MM, DRIFT_MM), (DRIFT_MM, -DRIFT_MM), (-DRIFT_MM, DRIFT_MM), (-DRIFT_MM, -DRIFT_MM))


@pytest.fixture(scope="session")
def game() -> Game:
    """The Dragon Eyes game as the specs give it."""
    return load_game("dragon-eyes")


@pytest.fixture(scope="session")
def kit(game: Game, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder of the whole kit, built once."""
    return build_kit(game, tmp_path_factory)


@pytest.fixture(scope="session")
def components(game: Game) -> Components:
    """The components spec, as the punch sheets read it."""
    found = load_components(game)
    assert found is not None
    return found


def test_every_file_of_the_kit_is_built(kit: Path) -> None:
    names = {p.name for p in kit.glob("*.pdf")}
    boards = {f"board-{f}-{t}.pdf" for f in FORMATS for t in THEMES}
    pieces = {f"pieces-{f}{s}.pdf" for f in FORMATS for s in ("", "-foldover")}
    books = {f"{book}-{edition}.pdf" for book in ("rulebook", "reference")
             for edition in ("a4", "letter", "booklet", "booklet-letter")}
    books |= {"player-aid.pdf", "player-aid-letter.pdf", "PRINT-GUIDE.pdf"}
    assert boards | pieces | books <= names


@pytest.mark.parametrize("fmt", FORMATS)
def test_board_pages_are_the_paper_and_carry_a_true_scale_bar(kit: Path, game: Game, fmt: str) -> None:
    spec = game.format(fmt)
    pdf = kit / f"board-{fmt}-classic.pdf"
    assert_board_sheets(pdf, spec)


@pytest.mark.parametrize("fmt", FORMATS)
def test_measured_hexes_match_the_print_spec(kit: Path, game: Game, fmt: str) -> None:
    """Pointy-top hexes: as wide as the cell (across the flats), 2/sqrt(3) cells tall, centres a cell apart in a row."""
    assert_hex_cells(kit / f"board-{fmt}-classic.pdf", game.format(fmt).square_mm, True,
                     91 // (game.format(fmt).sheet_count + 1))


def test_light_saves_ink_and_blank_saves_more(kit: Path) -> None:
    assert_themes_save_ink(kit)


@pytest.mark.parametrize("name", ("board-a4-classic.pdf", "pieces-a4.pdf", "pieces-a4-foldover.pdf",
                                  "rulebook-a4.pdf", "rulebook-booklet.pdf", "player-aid.pdf", "PRINT-GUIDE.pdf"))
def test_fonts_are_embedded(kit: Path, name: str) -> None:
    assert_fonts_embedded(kit / name)


def _pupils(pdf: Path, page: int, width: float) -> list[tuple[float, float]]:
    """Centres of the side discs on a front page: round paths 0.552 of the piece's width across."""
    return sorted({(round(x, 2), round(y, 2)) for x, y, d in discs_mm(pdf, page) if abs(d - 0.552 * width) < 0.1})


@pytest.mark.parametrize("fmt", FORMATS)
def test_punch_sheets_hold_every_piece_with_spares_and_registered_backs(kit: Path, game: Game,
                                                                         components: Components, fmt: str) -> None:
    pdf = kit / f"pieces-{fmt}.pdf"
    assert viewer_preferences(pdf)["Duplex"] in ("DuplexFlipLongEdge", "DuplexFlipShortEdge")
    width = components.diameter(components.components[0], game.format(fmt))
    assert width + 2 * components.min_margin_mm <= game.format(fmt).square_mm
    fronts = sum(len(_pupils(pdf, i, width)) for i in range(0, page_count(pdf), 2))
    assert fronts == sum(components.copies(c) for c in components.components) == 2 * (42 + components.sheet.spares)
    text = page_text(pdf, 0)
    assert "Light piece" in text and "Dark piece" in text
    from generator.kit.preflight import check_backs_registered
    (_, ok, detail), = check_backs_registered(pdf, game, KitOptions())
    assert ok, detail
    assert "worst 0.0" in detail  # every back within 0.1 mm of its front


def test_fold_over_sheets_put_each_back_behind_its_front(kit: Path, game: Game, components: Components) -> None:
    pdf = kit / "pieces-a4-foldover.pdf"
    h = page_sizes_mm(pdf)[0][1]
    fronts = cut_pieces(shapes_mm(pdf, 0))
    backs = [s for s in shapes_mm(pdf, 0) if s.filled and s.centre[1] > h / 2 and s.lines == 6
             and all(abs(a - b) < 0.02 for a, b in zip(s.size, fronts[0].size))]
    assert fronts and len(fronts) == len(backs) and all(f.centre[1] < h / 2 for f in fronts)
    fold = (min(b.centre[1] for b in backs) + max(f.centre[1] for f in fronts)) / 2
    assert all(any(math.dist((f.centre[0], 2 * fold - f.centre[1]), b.centre) < 0.1 for b in backs) for f in fronts)


# ---------------------------------------------------------------- the hidden-information proof

def _hex_points(cx: float, cy: float, inradius: float, step: float) -> Iterator[tuple[float, float]]:
    """Points ``step`` mm apart inside a pointy-top hex centred on (cx, cy) with the given inradius."""
    n = int(inradius * 2 / math.sqrt(3) / step) + 1
    for i in range(-n, n + 1):
        for j in range(-n, n + 1):
            x, y = i * step, j * step
            if abs(x) <= inradius and abs(x) / 2 + abs(y) * math.sqrt(3) / 2 <= inradius:
                yield cx + x, cy + y


def _hex_ring(cx: float, cy: float, inradius: float, per_edge: int = 12) -> Iterator[tuple[float, float]]:
    """Points along the outline of a pointy-top hex with the given inradius."""
    radius = inradius * 2 / math.sqrt(3)
    corners = [(cx + radius * math.cos(math.radians(a)), cy + radius * math.sin(math.radians(a)))
               for a in range(-90, 270, 60)]
    for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1]):
        for k in range(per_edge):
            t = k / per_edge
            yield ax + (bx - ax) * t, ay + (by - ay) * t


def _sample(image: Image.Image, points: Iterator[tuple[float, float]]) -> list[Colour]:
    """The colours of ``image`` (rendered at DPI) at points given in mm."""
    pixels = image.load()
    assert pixels is not None
    scale = DPI / 25.4
    out = []
    for x, y in points:
        px, py = int(x * scale), int(y * scale)
        assert 0 <= px < image.width and 0 <= py < image.height, (x, y)
        value = pixels[px, py]
        assert isinstance(value, tuple)
        out.append((int(value[0]), int(value[1]), int(value[2])))
    return out


def _near(a: Colour, hex_colour: str, tolerance: float) -> bool:
    b = tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return math.dist(a, b) <= tolerance


def _layout(game: Game, components: Components, fmt: str, pdf: Path) -> SheetLayout:
    """The punch-sheet layout the build used for ``fmt``, on the paper the PDF's pages are."""
    w, h = page_sizes_mm(pdf)[0]
    paper = next(name for name, (pw, ph) in PAPER_MM.items() if abs(pw - w) < 0.5 and abs(ph - h) < 0.5)
    return duplex_layout(components, game.format(fmt), load_printer(None).setup(paper))


@pytest.mark.parametrize("fmt", ("a4", "a3", "letter-x4"))
def test_backs_hide_their_fronts_when_the_printer_drifts_two_millimetres(kit: Path, game: Game,
                                                                         components: Components, fmt: str) -> None:
    """Print the backs as a printer that lands them 2 mm off in any direction would, and look at each piece
    where it is cut out: every one of the 84 (and the spares) shows the back colour and nothing else, no paper,
    no mark and no light or dark front colour."""
    pdf = kit / f"pieces-{fmt}.pdf"
    layout = _layout(game, components, fmt, pdf)
    palette = components.palette(game.theme_for("default"))
    pieces = 0
    for n, sheet in enumerate(layout.sheets):
        back = render_page(pdf, 2 * n + 1, DPI).convert("RGB")
        for dx, dy in DRIFTS:
            for p in sheet:
                bx, by = layout.back_of(*p.centre)
                # paper under the cut: the back image landed (dx, dy) off, so it shows the art at -(dx, dy)
                seen = _sample(back, _hex_points(bx - dx, by - dy, p.width / 2 - 0.3, 0.8))
                assert all(_near(c, palette["piece-back"], 12) for c in seen), (p.component.id, dx, dy)
        pieces += len(sheet)
    assert pieces == 2 * (42 + components.sheet.spares)


def _side(front: Image.Image, box: tuple[float, float, float, float]) -> str:
    """Light or dark, as a piece's front says: the colour of its disc, a fifth of its width right of its middle."""
    x0, y0, x1, y1 = box
    scale = hidden_backs.DPI / 25.4
    r, g, b = front.getpixel((int(((x0 + x1) / 2 + 0.2 * (x1 - x0)) * scale), int((y0 + y1) / 2 * scale)))
    return "light" if r + g + b > 3 * 128 else "dark"


@pytest.mark.parametrize("name", [f"pieces-{f}{s}.pdf" for f in FORMATS for s in ("", "-foldover")])
def test_every_sheet_mixes_light_and_dark_in_every_row_column_and_half(kit: Path, name: str) -> None:
    """No sheet, row, column, half or quarter of a sheet holds more of one side than its share (give or take one
    piece, as whole pieces must): cut from any part of any sheet, the pieces are half light, half dark."""
    pdf = kit / name
    cuts = hidden_backs.piece_cuts(pdf, _side)
    assert Counter(c.label for c in cuts) == {"light": 44, "dark": 44}
    groups: dict[tuple[object, ...], Counter[str]] = {}
    for sheet in {c.sheet for c in cuts}:
        mine = [c for c in cuts if c.sheet == sheet]
        xs, ys = [c.centre[0] for c in mine], [c.centre[1] for c in mine]
        mx, my = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        for c in mine:
            x, y = c.centre
            for key in (("sheet", sheet), ("row", sheet, round(y)), ("column", sheet, round(x)),
                        ("right", sheet, x > mx), ("low", sheet, y > my), ("quarter", sheet, x > mx, y > my)):
                groups.setdefault(key, Counter())[c.label] += 1
    for key, counts in groups.items():
        assert abs(counts["light"] - counts["dark"]) <= 2, (key, counts)


@pytest.mark.parametrize("name", ("pieces-a4.pdf", "pieces-letter.pdf", "pieces-a4x4.pdf", "pieces-a4-foldover.pdf"))
def test_no_measurement_of_a_printed_back_tells_light_from_dark(kit: Path, name: str) -> None:
    """The backs printed as a home printer prints them (shifted up to 2 mm, turned 1 mm at the sheet's corners,
    scaled 0.5 %, toned 4 %, differently on every sheet, in several seeded draws), and every piece measured where
    it is cut out (its colour, anything on it and where, how far its colour runs past each side, paper at its
    edge): no measurement sorts light from dark better than it sorts random labels of the same sizes.
    (On the sheets this kit printed before, with a disc on every back and the sides in separate halves, the bleed
    past a side sorted 98.9 % of the pieces of pieces-a4.pdf where chance reaches 66 %.)"""
    pdf = kit / name
    cuts = hidden_backs.piece_cuts(pdf, _side)
    found = hidden_backs.leak(hidden_backs.printed_backs(pdf, cuts, seed=1), [c.label for c in cuts], seed=2)
    assert found.hidden, found.report()


def _band(front: Image.Image, p: Placement) -> list[Colour]:
    """Front colours in the band a cut may wander into: 2 mm inside the cut line to 1.2 mm outside it."""
    cx, cy = p.centre
    seen: list[Colour] = []
    for grow in (-2.0, -1.5, -1.0, -0.6, 0.6, 0.9, 1.2):
        seen += _sample(front, _hex_ring(cx, cy, p.width / 2 + grow))
    return seen


@pytest.mark.parametrize("fmt", ("a4", "letter"))
def test_a_cut_two_millimetres_off_shows_only_the_neutral_rim(kit: Path, game: Game, components: Components,
                                                               fmt: str) -> None:
    """Every front, light or dark, is the same neutral colour from 2 mm inside its cut line to past it: a cut
    that wanders shows no sliver of the side's colour at the edge."""
    pdf = kit / f"pieces-{fmt}.pdf"
    layout = _layout(game, components, fmt, pdf)
    palette = components.palette(game.theme_for("default"))
    sides = set()
    for n, sheet in enumerate(layout.sheets):
        front = render_page(pdf, 2 * n, DPI).convert("RGB")
        for p in sheet:
            seen = _band(front, p)
            assert not any(_near(c, f, 40) for c in seen for f in (palette["light"], palette["dark"])), p.component.id
            assert sum(_near(c, palette["piece-rim"], 20) for c in seen) >= 0.98 * len(seen), p.component.id
            sides.add(p.component.id)
    assert sides == {"light", "dark"}


# ---------------------------------------------------------------- books

@pytest.mark.parametrize("name, paper", [("rulebook-a4.pdf", "A4"), ("rulebook-letter.pdf", "letter")])
def test_both_books_are_on_their_paper_and_the_reference_names_the_files_to_change(kit: Path, name: str,
                                                                                   paper: str) -> None:
    """Each paper's rulebook and rules reference; the reference's defaults name every spec file that changes them
    (the chapters and examples are read back in test_dragon_eyes_books.py)."""
    pdf, reference = kit / name, kit / name.replace("rulebook", "reference")
    w, h = PAPER_MM[paper]
    assert page_sizes_mm(pdf)[0] == pytest.approx((w, h), abs=0.01)
    assert page_sizes_mm(reference)[0] == pytest.approx((w, h), abs=0.01)
    shown = " ".join(page_text(reference, i) for i in range(page_count(reference)))
    for heading in ("Contents", "Clarifications", "This kit's defaults", "Index"):
        assert heading in shown, heading
    assert "specs/dragon-eyes/" in shown
    for spec_file in ("board.yaml", "components.yaml", "game.yaml", "print.yaml"):
        assert any(word.strip(".,;:()").endswith(spec_file) for word in shown.split()), \
            f"{spec_file}: named whole, never broken across lines"


def test_booklet_is_a5_pages_on_a4_and_the_aid_has_a_part_per_side(kit: Path) -> None:
    w, h = PAPER_MM["A4"]
    assert page_sizes_mm(kit / "rulebook-booklet.pdf")[0] == pytest.approx((h, w), abs=0.01)
    assert page_count(kit / "player-aid.pdf") == 1
    aid = page_text(kit / "player-aid.pdf")
    assert "Light · player aid" in aid and "Dark · player aid" in aid
    guide = " ".join(page_text(kit / "PRINT-GUIDE.pdf", i) for i in range(page_count(kit / "PRINT-GUIDE.pdf")))
    assert "pieces-" in guide and "board-" in guide


def test_the_book_is_in_our_own_words(kit: Path) -> None:
    hashes = seed_hashes()
    exempt = {"dragon", "eyes", "eye", "enchanted", "pieces", "piece"}
    for name in ("rulebook-a4.pdf", "reference-a4.pdf", "player-aid.pdf"):
        pdf = kit / name
        text = " ".join(page_text(pdf, i) for i in range(page_count(pdf)))
        assert copied_runs(text, hashes, exempt) == [], name
    for template in TEMPLATES.rglob("*.j2"):
        assert copied_runs(template.read_text(encoding="utf-8"), hashes, exempt) == [], template.name
