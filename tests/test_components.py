"""Components of every shape, read back from the PDFs of the fixture games Race (square grid) and Claims (hex grid).

Pieces (disc, square, hex, standee), card decks and mats are built once per
session, two-sided for a printer with a duplex offset and fold-over. Faces
are recognised from the SVG pages (their classes); sizes and places are
measured in the PDFs: filled shapes' bounds are exact, a stroked path's are
padded by its line width on each side (pdfium's convention).
"""
from __future__ import annotations

import math
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from generator.model.cards import POKER_MM
from generator.compose.cards import card_layout, card_pages
from generator.compose.mats import SPACE_LINE_MM
from generator.compose.punch import duplex_layout, foldover_layout, pack, piece_list
from generator.errors import SpecError
from generator.model.game import Game, load_game
from generator.output.inspect_pdf import (ink_in_margin, page_count, page_sizes_mm, page_text, path_boxes_mm, scale_bar_lengths,
                                   render_page)
from generator.kit.piece_kit import card_files, mat_files, write_cards, write_component_sheets, write_mat
from generator.play.registry import load_components
from generator.model.printers import load_printer
from generator.model.printspec import MIN_LINE_MM
from spec_edits import edit, line_of

FIXTURES = Path(__file__).parent / "fixtures"
#: The widest margin of the default printer profile.
DEFAULT_MARGIN = max(load_printer().setup("A4").margins + load_printer().setup("letter").margins)
#: A printer that lands the back 1.2 mm right and 0.8 mm up, with uneven margins.
OFFSET = (1.2, -0.8)
SHORT = """name: short-offset
margins_mm: {top: 5, right: 6, bottom: 7, left: 5}
duplex: short
duplex_offset_mm: {x: 1.2, y: -0.8}
"""
LONG = SHORT.replace("short-offset", "long-offset").replace("duplex: short", "duplex: long")
#: The face sizes the fixture specs give, worked out by hand: (width, height) in mm. The round pieces (0.7 and
#: 0.6 of 30 mm squares: 21 and 18 mm) are cut to a 3/4 in circle punch, 19.05 mm, which fits their squares.
RACE_SIZES = {"north": (19.05, 19.05), "south": (19.05, 19.05), "boost": (12.0, 12.0),
              "camp": (24.0, 48 / math.sqrt(3)), "herald": (22.0, 40.0)}
CLAIMS_SIZES = {"light": (19.05, 19.05), "dark": (19.05, 19.05), "claim": (24.0, 48 / math.sqrt(3)),
                "seal": (16.0, 16.0), "oracle": (21.0, 42.0)}
#: Copies on the sheets: counts plus spares (Race: one spare each, none of Boost; Claims: no spares).
RACE_COPIES = {"north": 3, "south": 3, "boost": 4, "camp": 4, "herald": 3}
CLAIMS_COPIES = {"light": 6, "dark": 6, "claim": 10, "seal": 2, "oracle": 1}


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Race on a short-edge printer, Claims on a long-edge one: pieces, cards on A4 and Letter, mats."""
    root = tmp_path_factory.mktemp("components")
    folders = {}
    for name, profile in (("race", SHORT), ("claims", LONG)):
        printer = root / f"{name}-printer.yaml"
        printer.write_text(profile, encoding="utf-8")
        game = load_game(FIXTURES / name)
        theme = game.theme(game.theme_names()[0])
        out = root / name
        write_component_sheets(game, theme, ("a4",), out, printer)
        write_cards(game, theme, ["A4"], out / "a4", printer)
        write_cards(game, theme, ["letter"], out / "letter", load_printer("default").doc.path)
        write_mat(game, theme, out)
        folders[name] = out
        folders[f"{name}-printer"] = printer
    return folders


def _game(name: str) -> Game:
    return load_game(FIXTURES / name)


def _boxes(pdf: Path, page: int, size: tuple[float, float], pad: float = 0.0) -> list[tuple[float, float]]:
    """Centres of the paths on ``page`` exactly ``size`` (plus ``pad`` on each side) across, within 0.03 mm
    (a 19.05 mm punched disc is not a 16 mm square with its 1.5 mm bleed)."""
    w, h = size[0] + 2 * pad, size[1] + 2 * pad
    return [((x0 + x1) / 2, (y0 + y1) / 2) for x0, y0, x1, y1 in path_boxes_mm(pdf, page)
            if abs(x1 - x0 - w) < 0.03 and abs(y1 - y0 - h) < 0.03]


def _outlines(pdf: Path, page: int, size: tuple[float, float], pad: float) -> list[tuple[float, float]]:
    """Centres of stroked outlines of ``size`` on ``page``: a hex's pointed corners pad its height a little more."""
    w, h = size
    return [((x0 + x1) / 2, (y0 + y1) / 2) for x0, y0, x1, y1 in path_boxes_mm(pdf, page)
            if abs(x1 - x0 - w - 2 * pad) < 0.05 and h + 2 * pad - 0.05 < y1 - y0 < h + 2 * pad + 0.5]


def _near(points: list[tuple[float, float]], target: tuple[float, float], tolerance: float) -> bool:
    return any(math.dist(p, target) <= tolerance for p in points)


def _behind(x: float, y: float, page: tuple[float, float], edge: str) -> tuple[float, float]:
    """Where a point of a portrait sheet's back lies behind its front, seen from the front (the physics, by hand)."""
    w, h = page
    return (w - x, y) if edge == "long" else (x, h - y)


@pytest.mark.parametrize("name, sizes, copies", [("race", RACE_SIZES, RACE_COPIES),
                                                  ("claims", CLAIMS_SIZES, CLAIMS_COPIES)])
def test_every_copy_of_every_shape_is_on_the_sheets_at_its_size(built, name, sizes, copies) -> None:
    game = _game(name)
    components = load_components(game)
    assert components is not None
    layout = duplex_layout(components, game.format("a4"), load_printer(built[f"{name}-printer"]).setup("A4"))
    counted = Counter(p.component.id for sheet in layout.sheets for p in sheet)
    assert counted == copies
    pdf = built[name] / "pieces-a4.pdf"
    for n, sheet in enumerate(layout.sheets):
        for p in sheet:
            w, h = sizes[p.component.id]
            assert abs(p.width - w) < 0.05 and abs(p.height - h) < 0.05
            x, y = p.centre
            if p.component.shape == "standee":  # front figure above the fold line, back figure below it
                faces = _boxes(pdf, 2 * n, (w, h))
                assert _near(faces, (x, y - h / 2), 0.05) and _near(faces, (x, y + h / 2), 0.05)
            else:
                assert _near(_boxes(pdf, 2 * n, (w, h)), (x, y), 0.05)
    for shape in ("disc", "square", "hex", "standee"):
        assert any(c.shape == shape for c in components.components)


@pytest.mark.parametrize("name, edge", [("race", "short"), ("claims", "long")])
def test_each_back_lands_on_its_front_through_the_flip_and_the_printer_offset(built, name, edge) -> None:
    pdf = built[name] / "pieces-a4.pdf"
    page = page_sizes_mm(pdf)[0]
    checked = 0
    sizes = RACE_SIZES if name == "race" else CLAIMS_SIZES
    for size in {s for k, s in sizes.items() if k not in ("herald", "oracle")}:
        for sheet in range(page_count(pdf) // 2):
            fronts, backs = _boxes(pdf, 2 * sheet, size), _boxes(pdf, 2 * sheet + 1, size)
            assert len(fronts) == len(backs) > 0
            for bx, by in backs:
                x, y = _behind(bx, by, page, edge)
                landed = (x + OFFSET[0], y + OFFSET[1])  # the printer puts the back this far off
                assert _near(fronts, landed, 0.1), (size, (bx, by))
                checked += 1
    assert checked == sum(c for k, c in (RACE_COPIES if name == "race" else CLAIMS_COPIES).items()
                          if k not in ("herald", "oracle"))


@pytest.mark.parametrize("name", ["race", "claims"])
def test_fold_over_backs_mirror_their_fronts_across_the_fold(built, name) -> None:
    game = _game(name)
    components = load_components(game)
    assert components is not None
    layout = foldover_layout(components, game.format("a4"), load_printer(built[f"{name}-printer"]).setup("A4"))
    pdf = built[name] / "pieces-a4-foldover.pdf"
    assert page_count(pdf) == len(layout.sheets)
    fold = layout.flip.fold_y
    for n, sheet in enumerate(layout.sheets):
        for p in sheet:
            if p.component.shape == "standee":
                continue
            faces = _boxes(pdf, n, (p.width, p.height))
            x, y = p.centre
            assert y < fold and _near(faces, (x, y), 0.05) and _near(faces, (x, 2 * fold - y), 0.1)


def test_standees_fold_front_onto_back_with_base_tabs(built) -> None:
    game = _game("race")
    components = load_components(game)
    assert components is not None
    layout = duplex_layout(components, game.format("a4"), load_printer(built["race-printer"]).setup("A4"))
    standees = [p for sheet in layout.sheets for p in sheet if p.component.shape == "standee"]
    pdf = built["race"] / "pieces-a4.pdf"
    w, h = RACE_SIZES["herald"]
    faces = _boxes(pdf, 0, (w, h))
    strip_h = 2 * h + 2 * 0.6 * w
    cut = _boxes(pdf, 0, (w, strip_h), pad=MIN_LINE_MM)
    tabs = _boxes(pdf, 0, (w, 0.6 * w))
    for p in standees:
        x, fold = p.centre
        front, back = (x, fold - h / 2), (x, fold + h / 2)
        assert _near(faces, front, 0.05) and _near(faces, back, 0.05)
        assert abs((2 * fold - back[1]) - front[1]) < 0.1  # folded on the middle line, the back meets the front
        assert _near(cut, p.centre, 0.05)  # one cut line round the whole strip
        assert _near(tabs, (x, fold - h - 0.3 * w), 0.05) and _near(tabs, (x, fold + h + 0.3 * w), 0.05)
    pages = (built["race"] / "pieces-a4.pdf")
    assert page_count(pages) == 2 * len(layout.sheets)
    backs = _boxes(pdf, 1, (w, h))
    assert not backs  # nothing prints behind a standee: its back is on its own strip


@pytest.mark.parametrize("name", ["race", "claims"])
def test_fronts_carry_cut_lines_and_backs_none(built, name) -> None:
    pdf = built[name] / "pieces-a4.pdf"
    sizes, copies = (RACE_SIZES, RACE_COPIES) if name == "race" else (CLAIMS_SIZES, CLAIMS_COPIES)
    for key in ("boost", "camp") if name == "race" else ("claim", "seal", "light"):
        on_front = sum(len(_outlines(pdf, p, sizes[key], MIN_LINE_MM)) for p in range(0, page_count(pdf), 2))
        on_back = sum(len(_outlines(pdf, p, sizes[key], MIN_LINE_MM)) for p in range(1, page_count(pdf), 2))
        same = [k for k in sizes if sizes[k] == sizes[key]]
        assert on_front == sum(copies[k] for k in same) and on_back == 0


def test_hexes_and_discs_nest_in_interlocking_rows(built) -> None:
    """On their own, hexes and discs pack in a honeycomb; on Claims' sheet they stand in columns beside the oracle
    figure (see the packing tests), a gutter apart all the same."""
    game = _game("claims")
    components = load_components(game)
    assert components is not None
    gutter, reach = components.sheet.gutter_mm, components.sheet.reach_mm
    pdf = built["claims"] / "pieces-a4.pdf"
    for keys in (("claim",), ("light", "dark")):
        w, h = CLAIMS_SIZES[keys[0]]
        centres = _boxes(pdf, 0, (w, h))
        nearest = min(math.dist(a, b) for i, a in enumerate(centres) for b in centres[i + 1:])
        assert nearest >= w + gutter - 0.05  # neighbouring cut lines stay a gutter apart
        alone = [p for p in piece_list(components, game.format("a4")) if p[0].id in keys]
        sheet, = pack(alone, (6.0, 27.0, 204.0, 283.0), gutter, reach)
        rows = sorted({round(p.centre[1], 2) for p in sheet})
        assert len(rows) >= 2
        assert abs(rows[1] - rows[0] - (w + gutter) * math.sqrt(3) / 2) < 0.05  # a honeycomb step
        assert rows[1] - rows[0] < h + gutter - 1  # tighter than straight rows


@pytest.mark.parametrize("paper, per, size", [("a4", 9, POKER_MM), ("letter", 8, POKER_MM[::-1])])
def test_poker_cards_fill_a_sheet_with_a_shared_back_on_each_paper(built, paper, per, size) -> None:
    """Nine upright cards on A4; on Letter three upright rows would leave the backs no bleed, so eight lie
    turned. Every kind is dealt over both sheets, and every sheet carries a 100 mm scale bar."""
    pdf = built["race"] / paper / f"cards-moves-{paper}.pdf"
    page = page_sizes_mm(pdf)[0]
    assert page_count(pdf) == 4  # 12 cards: two sheets, fronts and backs
    fronts, backs = _boxes(pdf, 0, size), _boxes(pdf, 1, size)
    assert len(fronts) == len(backs) == per
    assert len(_boxes(pdf, 2, size)) == 12 - per
    edge, offset = ("short", OFFSET) if paper == "a4" else ("long", (0.0, 0.0))
    for bx, by in backs:
        x, y = _behind(bx, by, page, edge)
        assert _near(fronts, (x + offset[0], y + offset[1]), 0.1)
    text = page_text(pdf, 0) + page_text(pdf, 2)
    assert text.count("One step") == 5 and text.count("Two steps") == 4
    assert page_text(pdf, 0).count("One step") in (3, 4) and page_text(pdf, 2).count("One step") in (1, 2)
    assert page_text(pdf, 1).count("RACE") == per and page_text(pdf, 3).count("RACE") == 12 - per
    xs, ys = sorted({round(x, 2) for x, _ in fronts}), sorted({round(y, 2) for _, y in fronts})
    assert {round(b - a, 2) for a, b in zip(xs, xs[1:])} == {size[0]}  # cards touch: shared cut lines
    assert {round(b - a, 2) for a, b in zip(ys, ys[1:])} == {size[1]}
    assert scale_bar_lengths(pdf, 0) == [pytest.approx(100.0, abs=0.05)]


def test_card_sheets_have_cut_lines_rounded_corner_guides_and_readable_corners(built) -> None:
    game = _game("race")
    components = load_components(game)
    assert components is not None
    deck = components.decks[0]
    layout = card_layout(deck, load_printer(built["race-printer"]).setup("A4"))
    svg = card_pages(components, game.theme("classic"), layout)[0]
    assert svg.count('class="cut-line"') == 8  # four lines each way round a 3 x 3 grid
    guides = re.findall(r'<path class="corner-guide" d="([^"]*)"', svg)  # quarter circles 2.875 mm across
    assert len(guides) == 9 and all(d.count("A2.875 2.875 0 0 1 ") == 4 for d in guides)
    sizes = [float(s) for s in re.findall(r'class="corner-value"[^>]*font-size="([\d.]+)"', svg)]
    assert len(sizes) == 18 and min(sizes) * 0.66 >= 5.0  # value and its upside-down copy, 5 mm tall or more
    pdf = built["race"] / "a4" / "cards-moves-a4.pdf"
    x0, y0, x1, y1 = layout.grid
    lines = path_boxes_mm(pdf, 0)
    for x in (x0, x0 + 63.5, x0 + 127, x1):  # the vertical cut lines, full height of the grid
        assert any(abs((a + c) / 2 - x) < 0.05 and c - a < 1 and abs((d - b) - (y1 - y0)) < 1
                   for a, b, c, d in lines)


def test_cards_fold_over_and_a_deck_of_another_size(built) -> None:
    pdf = built["claims"] / "a4" / "cards-fate-a4-foldover.pdf"
    fronts = _boxes(pdf, 0, POKER_MM[::-1])
    assert len(fronts) == 8 and page_count(pdf) == 3  # four cards turned above the fold, their backs below
    above = [p for p in fronts if p[1] < page_sizes_mm(pdf)[0][1] / 2]
    below = [p for p in fronts if p not in above]
    fold = (above[0][1] + below[0][1]) / 2
    assert all(_near(below, (x, 2 * fold - y), 0.1) for x, y in above)
    assert "A" in page_text(pdf, 0) and "?" in page_text(pdf, 0)


@pytest.mark.parametrize("name, mat", [("race", "track"), ("claims", "supply")])
def test_mat_spaces_are_where_the_yaml_puts_them(built, name, mat) -> None:
    components = load_components(_game(name))
    assert components is not None
    spec = next(m for m in components.mats if m.id == mat)
    pdf = built[name] / f"mat-{mat}.pdf"
    w, h = page_sizes_mm(pdf)[0]
    assert (round(w), round(h)) == (round(spec.page[0]), round(spec.page[1]))
    placed = spec.all_spaces()
    for space, _ in placed:
        assert _near(_boxes(pdf, 0, space.size), space.centre, 0.05), space.id  # its ground, exactly
        stretch = 2 / math.sqrt(3) if space.shape == "hex" else 1.0  # a hex inset across its flats
        inner = (space.size[0] - SPACE_LINE_MM, space.size[1] - SPACE_LINE_MM * stretch)
        assert _near(_outlines(pdf, 0, inner, SPACE_LINE_MM), space.centre, 0.1), space.id  # its outline, inside
    text = page_text(pdf, 0)
    for space, _ in placed:
        assert space.label in text
    if name == "race":  # the YAML by hand: the score track's fourth space is 3 pitches right of (20, 150)
        assert _near(_boxes(pdf, 0, (17, 17)), (80.0, 150.0), 0.05)
        assert _near(_boxes(pdf, 0, (50, 50)), (220.0, 72.0), 0.05)  # the pool


@pytest.fixture()
def race_copy(tmp_path: Path) -> Path:
    """A writable copy of the Race fixture, for tests that break its components spec."""
    target = tmp_path / "race"
    shutil.copytree(FIXTURES / "race", target)
    return target


BAD_COMPONENTS = [
    ("shape: square, size: marker", "shape: oval, size: marker", "'oval' is not allowed here", "disc", "oval"),
    ("size: marker, count: 4", "size: mark, count: 4", "no size named 'mark'", "did you mean 'marker'", "mark,"),
    ("size_mm: 24, count: 3", "size_mm: 24, size: 0.5, count: 3", "one size", "size_mm", "size: 0.5"),
    ("size_mm: [22, 40]", "size_mm: 22", "needs its width and its height", "[<width>, <height>]", "size_mm: 22"),
    ("  - {id: boost, name: Boost,", "  - {id: boost, name: Boost, player: north,", "not both", "id:",
     "name: Boost, player"),
    ("front: {ground: start, ink: text, glyph: B}", "front: {ground: strat, ink: text, glyph: B}",
     "unknown colour 'strat'", "did you mean 'start'", "strat"),
    ("emblem: home, label: Camp", "emblem: hom, label: Camp", "no emblem named 'hom'", "did you mean 'home'",
     "hom,"),
    ("rounded_mm: 3", "rounded_mm: 12", "out of range", "", "rounded_mm: 12"),
    ("mats:\n", "  - {id: moves, back: {ground: frame}, cards: [{value: 1}]}\nmats:\n", "deck 'moves' is listed twice",
     "its own id", "  - {id: moves, back"),
    ("{value: 1, symbol: arrow,", "{symbol: arrow,", "no value for its corner index", "corner: {value: false}",
     None),
    ("corner: {size_mm: 8}", "corner: {size_mm: 3}", "out of range", "", "size_mm: 3"),
    ("symbol: jump", "symbol: jumb", "no emblem named 'jumb'", "jump", "symbol: jumb,"),
    ("at_mm: [220, 72], size_mm: 50", "at_mm: [280, 72], size_mm: 50", "off the 297 x 210 mm page", "move it",
     "at_mm: [280, 72]"),
    ("at_mm: [140, 72], size_mm: [66, 92]", "at_mm: [100, 72], size_mm: [66, 92]", "overlaps space 'draw'",
     "move one", "at_mm: [100, 72]"),
    ("  - id: track\n", "  - id: track\n    colour: red\n", "unknown key 'colour'", "", "colour: red"),
]


@pytest.mark.parametrize("case", BAD_COMPONENTS, ids=[c[2][:36] for c in BAD_COMPONENTS])
def test_bad_component_specs_get_located_errors(race_copy: Path, case) -> None:
    old, new, message, hint, line_text = case
    spec = race_copy / "components.yaml"
    edit(spec, old, new)
    with pytest.raises(SpecError) as caught:
        load_components(load_game(race_copy))
    match = [p for p in caught.value.problems if message in p.message]
    assert match, f"expected '{message}' in {[p.message for p in caught.value.problems]}"
    problem = match[0]
    assert Path(problem.file).name == "components.yaml" and problem.line is not None
    assert hint in problem.hint
    assert problem.line == line_of(spec, line_text if line_text else new.strip().splitlines()[0][:20])


def test_spaces_and_cards_a_printer_cannot_reach_are_located_at_its_margins(race_copy: Path, tmp_path: Path) -> None:
    wide = tmp_path / "wide.yaml"
    wide.write_text("name: wide\nmargins_mm: {top: 40, right: 40, bottom: 40, left: 40}\n", encoding="utf-8")
    edit(race_copy / "components.yaml", "    rounded_mm: 3", "    rounded_mm: 3\n    size_mm: [125, 130]")
    game = load_game(race_copy)
    theme = game.theme("classic")
    for files in (lambda: mat_files(game, theme, wide, False), lambda: card_files(game, theme, ["A4"], wide, False)):
        with pytest.raises(SpecError) as caught:
            files()
        problem = caught.value.problems[0]
        assert problem.file == wide and problem.line == line_of(wide, "margins_mm")
        assert "printer profile 'wide'" in problem.message


def test_each_face_shows_its_own_ground_colour_front_and_back(built) -> None:
    """Faces recognised from pixels: just inside each face's edge, its ground; behind it, its back's ground."""
    game = _game("race")
    components = load_components(game)
    assert components is not None
    palette = components.palette(game.theme("classic"))
    layout = duplex_layout(components, game.format("a4"), load_printer(built["race-printer"]).setup("A4"))
    pdf = built["race"] / "pieces-a4.pdf"
    dpi = 100.0
    front, back = render_page(pdf, 0, dpi), render_page(pdf, 1, dpi)

    def colour(image, x: float, y: float) -> tuple[int, int, int]:
        return image.getpixel((round(x * dpi / 25.4), round(y * dpi / 25.4)))[:3]

    def hex_of(key: str) -> tuple[int, int, int]:
        value = palette[key].lstrip("#")
        return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))

    checked = 0
    for p in layout.sheets[0]:
        c, (x, y) = p.component, p.centre
        if c.shape == "standee":
            continue
        probe = x - 0.4 * p.width
        assert math.dist(colour(front, probe, y), hex_of(c.front.ground)) < 12, c.id
        bx, by = layout.back_of(probe, y)
        assert math.dist(colour(back, bx, by), hex_of(c.back.ground)) < 12, c.id
        checked += 1
    assert checked == sum(v for k, v in RACE_COPIES.items() if k != "herald")


def test_nothing_is_printed_where_the_default_printer_cannot_print(built) -> None:
    for pdf in (built["race"] / "letter" / "cards-moves-letter.pdf", built["claims"] / "letter" / "cards-fate-letter.pdf",
                built["claims"] / "mat-supply.pdf", built["race"] / "mat-track.pdf"):
        for page in range(page_count(pdf)):
            assert ink_in_margin(pdf, page, DEFAULT_MARGIN) == 0, (pdf.name, page)
