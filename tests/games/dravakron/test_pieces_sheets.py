"""Punch sheets, read back from the PDFs: counts, diameters, backs landing on fronts, pixels, margins."""
from __future__ import annotations

import math
from collections import Counter
import shutil
from pathlib import Path

import pytest
import svgwrite
import pikepdf
import pypdfium2 as pdfium
from PIL import Image, ImageChops, ImageStat

from generator.compose.punch import Flip, pack
from generator.output.inspect_pdf import (MM_PER_PT, discs_mm, ink_in_margin, page_count, page_sizes_mm, path_boxes_mm,
                                   render_page, text_boxes_mm, viewer_preferences)
from generator.kit import KitOptions, build
from generator.output.pdf import PdfOptions, write_pdf
from generator.model.pieces import Face
from generator.play.registry import load_components
from generator.model.printers import load_printer
from generator.model.printspec import PAPER_MM, SAFE_MM
from generator.model.punches import punch_name
from generator.render.decals import DECAL_SAFE_MM
from generator.render.pieces import render_face

DPI = 200.0
PX = DPI / 25.4
FORMATS = ("a4", "a4x4", "letter")
SKEWED = """name: skewed
margins_mm: {top: 5, right: 9, bottom: 14, left: 4}
duplex: short
duplex_offset_mm: {x: 1.2, y: -0.8}
"""
#: The widest margin of the default printer profile.
DEFAULT_MARGIN = max(load_printer().setup("A4").margins + load_printer().setup("letter").margins)


@pytest.fixture(scope="module")
def components(game):
    return load_components(game)


@pytest.fixture(scope="module")
def kits(game, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The piece parts built for the default printer, and the a4 pieces for a skewed one."""
    root = tmp_path_factory.mktemp("pieces")
    profile = root / "skewed.yaml"
    profile.write_text(SKEWED, encoding="utf-8")
    build(game, KitOptions(parts=("pieces", "calibration", "decals"), formats=FORMATS, out=root / "default",
                           previews=False), quiet=True)
    build(game, KitOptions(parts=("pieces", "calibration"), formats=("a4",), out=root / "skewed", previews=False,
                           printer=profile), quiet=True)
    return {"default": root / "default/dravakron", "skewed": root / "skewed/dravakron"}


def _discs(pdf: Path, page: int, diameters: set[float]) -> list[tuple[float, float, float]]:
    """(x, y, diameter) of every filled circle drawn exactly one of ``diameters`` across (within 0.05 mm)."""
    found = []
    for x0, y0, x1, y1 in path_boxes_mm(pdf, page):
        w, h = x1 - x0, y1 - y0
        for d in diameters:
            if abs(w - d) < 0.05 and abs(h - d) < 0.05:
                found.append(((x0 + x1) / 2, (y0 + y1) / 2, w))
    return found


#: Half the side of the square a face is recognised by, as a share of its diameter: its middle, where the emblem
#: lies (kept 2 mm inside the cut, it fills less of a small item than of a big piece).
LOOK = 0.28


def _look(pdf: Path, page: int, x: float, y: float, radius: float) -> Image.Image:
    """The square of ``radius`` mm around (x, y), rendered onto exactly 64 x 64 pixels, averaged down to 8 x 8.

    Rendering just that square (by moving the page's crop box) keeps it aligned
    to a fraction of a pixel wherever the piece sits, so faces compare by
    colour and shape, not by where the pixel grid falls.
    """
    doc = pdfium.PdfDocument(str(pdf))
    try:
        sheet = doc[page]
        top = sheet.get_mediabox()[3]
        sheet.set_cropbox((x - radius) / MM_PER_PT, top - (y + radius) / MM_PER_PT, (x + radius) / MM_PER_PT,
                          top - (y - radius) / MM_PER_PT)
        image = sheet.render(scale=(64 - 1e-6) / (2 * radius / MM_PER_PT)).to_pil().convert("RGB")
    finally:
        doc.close()
    return image.crop((0, 0, 64, 64)).resize((8, 8), Image.Resampling.BOX)


def _difference(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


@pytest.fixture(scope="module")
def references(game, components, tmp_path_factory: pytest.TempPathFactory):
    """Each face drawn alone at each format's size: {(format, face): a look at its middle}."""
    palette = components.palette(game.theme("classic"))
    faces = {face: c for c in components.components for face in (c.front, c.back)}
    out: dict[tuple[str, Face], Image.Image] = {}
    folder = tmp_path_factory.mktemp("faces")
    for fmt in FORMATS:
        for n, (face, component) in enumerate(sorted(faces.items(), key=repr)):
            d = components.diameter(component, game.format(fmt))
            page = svgwrite.Drawing(size=("40mm", "40mm"), viewBox="0 0 40 40")
            page.add(render_face(face, palette, 20, 20, d, 0.0, safe=SAFE_MM))  # as the sheets draw it
            pdf = write_pdf([page.tostring()], folder / f"{fmt}-{n}.pdf", PdfOptions("face"))
            out[(fmt, face)] = _look(pdf, 0, 20, 20, LOOK * d)
    return out


def _classify(crop: Image.Image, fmt: str, references) -> Face:
    """The face whose reference ``crop`` looks like: clearly closer than any other (colour and shape)."""
    scores = sorted((_difference(crop, ref), repr(face), face) for (f, face), ref in references.items() if f == fmt)
    assert scores[0][0] < 6 and scores[0][0] < 0.5 * scores[1][0], f"face not recognised: {scores[:2]}"
    return scores[0][2]


def _pairs(pdf: Path, sizes: set[float], flip: Flip, offset: tuple[float, float]):
    """Every (sheet, front disc, back disc) whose back, put through the flip and the offset, lands on the front."""
    pairs = []
    for sheet in range(page_count(pdf) // 2):
        fronts, backs = _discs(pdf, 2 * sheet, sizes), _discs(pdf, 2 * sheet + 1, sizes)
        assert len(fronts) == len(backs)
        for fx, fy, fd in fronts:
            landed = [(math.dist(flip.behind(bx, by), (fx - offset[0], fy - offset[1])), (bx, by, bd))
                      for bx, by, bd in backs]
            distance, back = min(landed)
            assert distance < 0.1, f"no back behind the front at ({fx:.2f}, {fy:.2f}); nearest {distance:.2f} mm"
            assert abs(back[2] - fd) < 0.01
            pairs.append((sheet, (fx, fy, fd), back))
    assert len({p[2] for p in pairs}) == len(pairs), "two fronts share one back"
    return pairs


def _sizes(game, components, fmt: str) -> set[float]:
    return {components.diameter(c, game.format(fmt)) for c in components.components}


@pytest.mark.parametrize("fmt", FORMATS)
def test_each_component_appears_as_often_as_the_spec_says(kits, game, components, references, fmt: str) -> None:
    pdf = kits["default"] / f"pieces-{fmt}.pdf"
    seen: Counter[Face] = Counter()
    for page in range(0, page_count(pdf), 2):
        for x, y, d in _discs(pdf, page, _sizes(game, components, fmt)):
            seen[_classify(_look(pdf, page, x, y, LOOK * d), fmt, references)] += 1
    want = Counter({c.front: components.copies(c) for c in components.components})
    assert seen == want
    assert sum(want.values()) == 18 + 10  # the rulebook's 18 pieces, and one spare of each of 10 components


@pytest.mark.parametrize("fmt", FORMATS)
def test_measured_diameters_match_the_spec(kits, game, components, fmt: str) -> None:
    pdf = kits["default"] / f"pieces-{fmt}.pdf"
    square = game.format(fmt).square_mm
    for page in range(page_count(pdf)):
        discs = _discs(pdf, page, _sizes(game, components, fmt))
        assert len(discs) == sum(components.copies(c) for c in components.components)
        for _, _, d in discs:
            assert any(abs(d - components.punched(components.sizes[s], game.format(fmt))) <= 0.05 for s in ("piece", "item"))
            assert (square - d) / 2 >= components.min_margin_mm - 1e-6  # it fits its square with the margin


def test_packed_pieces_keep_the_gutter_between_cut_lines_and_stay_inside(components) -> None:
    big, small = components.components[0], components.components[2]
    area = (6.0, 27.0, 204.0, 283.0)
    sheets = [sheet for count in range(1, 40) for sheet in pack(
        [(big, (23.6, 23.6))] * count + [(small, (16.52, 16.52))] * (count // 2), area, 6.5, 3.0)]
    for sheet in sheets:
        for i, a in enumerate(sheet):
            (x, y), r = a.centre, a.width / 2
            assert area[0] <= x - r - 3.0 and x + r + 3.0 <= area[2] + 1e-6
            assert area[1] <= y - r - 3.0 + 1e-6 and y + r + 3.0 <= area[3] + 1e-6
            for b in sheet[i + 1:]:
                assert math.dist(a.centre, b.centre) >= r + b.width / 2 + 6.5 - 1e-3


def test_pieces_for_the_four_sheet_board_are_bigger_than_for_a4(game, components) -> None:
    draxeth = components.components[0]
    assert components.diameter(draxeth, game.format("a4x4")) > components.diameter(draxeth, game.format("a4")) + 10


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_back_lands_on_its_front_when_the_sheet_turns_on_the_long_edge(kits, game, components,
                                                                             fmt: str) -> None:
    pdf = kits["default"] / f"pieces-{fmt}.pdf"
    assert viewer_preferences(pdf)["Duplex"] == "DuplexFlipLongEdge"
    page = page_sizes_mm(pdf)[0]
    assert page == pytest.approx(sorted(PAPER_MM[game.format(fmt).small_paper]), abs=0.01)
    pairs = _pairs(pdf, _sizes(game, components, fmt), Flip("long", page), (0.0, 0.0))
    assert len(pairs) == 28


def test_backs_make_up_for_the_printer_offset_on_a_short_edge_printer(kits, game, components) -> None:
    pdf = kits["skewed"] / "pieces-a4.pdf"
    assert viewer_preferences(pdf)["Duplex"] == "DuplexFlipShortEdge"
    flip = Flip("short", page_sizes_mm(pdf)[0])
    pairs = _pairs(pdf, _sizes(game, components, "a4"), flip, (1.2, -0.8))
    for _, (fx, fy, _), (bx, by, _) in pairs:
        lands = flip.behind(bx, by)
        assert lands[0] - fx == pytest.approx(-1.2, abs=0.1) and lands[1] - fy == pytest.approx(0.8, abs=0.1)
    assert len(pairs) == 28


@pytest.mark.parametrize("fmt", ["a4", "a4x4"])
def test_freeze_backs_show_the_activated_face_and_other_backs_repeat_their_fronts(kits, game, components,
                                                                                  references, fmt: str) -> None:
    pdf = kits["default"] / f"pieces-{fmt}.pdf"
    page = page_sizes_mm(pdf)[0]
    activated = next(c.back for c in components.components if c.two_faced)
    assert activated.emblem == "freeze-active"
    frozen = 0
    for sheet, (fx, fy, d), (bx, by, _) in _pairs(pdf, _sizes(game, components, fmt), Flip("long", page), (0, 0)):
        front = _look(pdf, 2 * sheet, fx, fy, LOOK * d)
        back = _look(pdf, 2 * sheet + 1, bx, by, LOOK * d)
        face = _classify(front, fmt, references)
        if face.emblem == "freeze":
            frozen += 1
            assert _classify(back, fmt, references) == activated
            assert _difference(back, front) > 20
        else:
            assert _difference(back, front) < 8
    assert frozen == 4  # two Elvindra forms, each with a spare


def test_backs_have_plain_ground_three_mm_past_the_cut_and_fronts_carry_the_cut_line(kits, game,
                                                                                      components) -> None:
    pdf = kits["default"] / "pieces-a4x4.pdf"
    fronts, backs = render_page(pdf, 0, DPI), render_page(pdf, 1, DPI)
    for _, (fx, fy, d), (bx, by, _) in _pairs(pdf, _sizes(game, components, "a4x4"), Flip("long", page_sizes_mm(pdf)[0]),
                                               (0, 0)):
        r = d / 2
        ground = backs.getpixel((round(bx * PX), round((by + r) * PX)))
        for radius in (0.8 * r, r, r + 2.8):  # a back shifted by up to 3 mm shows only its ground at the cut
            for k in range(24):
                a = 2 * math.pi * k / 24
                pixel = backs.getpixel((round((bx + radius * math.cos(a)) * PX), round((by + radius * math.sin(a)) * PX)))
                assert max(abs(p - q) for p, q in zip(pixel, ground)) < 12, (radius / r, pixel, ground)
        on_line = [fronts.getpixel((round((fx + r * math.cos(a)) * PX), round((fy + r * math.sin(a)) * PX)))
                   for a in (2 * math.pi * k / 24 for k in range(24))]
        assert sum(max(abs(p - q) for p, q in zip(pixel, ground)) > 60 for pixel in on_line) >= 20


def _marks(pdf: Path, page: int) -> list[tuple[float, float]]:
    """Centres of the registration targets (rings 4.4 mm across, drawn with a 0.3 mm line)."""
    return sorted(((x0 + x1) / 2, (y0 + y1) / 2) for x0, y0, x1, y1 in path_boxes_mm(pdf, page)
                  if 4.4 < x1 - x0 < 5.2 and 4.4 < y1 - y0 < 5.2)


@pytest.mark.parametrize("kit, name, edge, offset", [("default", "pieces-a4.pdf", "long", (0, 0)),
                                                     ("skewed", "pieces-a4.pdf", "short", (1.2, -0.8)),
                                                     ("default", "duplex-calibration-a4.pdf", "long", (0, 0)),
                                                     ("default", "duplex-calibration-letter.pdf", "long", (0, 0)),
                                                     ("skewed", "duplex-calibration-a4.pdf", "short", (1.2, -0.8))])
def test_registration_marks_sit_in_the_corners_and_meet_through_the_paper(kits, kit, name, edge, offset) -> None:
    pdf = kits[kit] / name
    for sheet in range(page_count(pdf) // 2):
        page = page_sizes_mm(pdf)[2 * sheet]
        fronts, backs = _marks(pdf, 2 * sheet), _marks(pdf, 2 * sheet + 1)
        assert len(fronts) == len(backs) == 4
        assert {(x < page[0] / 2, y < page[1] / 2) for x, y in fronts} == {(a, b) for a in (0, 1) for b in (0, 1)}
        flip = Flip(edge, page)
        landed = sorted((flip.behind(x, y)[0] + offset[0], flip.behind(x, y)[1] + offset[1]) for x, y in backs)
        assert all(math.dist(a, b) < 0.1 for a, b in zip(fronts, landed))


def test_fold_over_backs_mirror_their_fronts_across_the_fold(kits, game, components) -> None:
    pdf = kits["default"] / "pieces-a4-foldover.pdf"
    assert "Duplex" not in viewer_preferences(pdf)
    w, h = page_sizes_mm(pdf)[0]
    fold = (6 + h - 6) / 2  # the middle of the printable area of the default profile
    discs = _discs(pdf, 0, _sizes(game, components, "a4"))
    fronts = [d for d in discs if d[1] < fold]
    backs = [d for d in discs if d[1] > fold]
    assert len(fronts) == len(backs) == 28
    for x, y, d in fronts:
        assert min(math.dist((x, 2 * fold - y), (bx, by)) for bx, by, _ in backs) < 0.1
        assert y + d / 2 + components.sheet.reach_mm <= fold


def test_calibration_pointers_sit_behind_the_scale_zeros(kits) -> None:
    for kit, edge, (ox, oy) in (("default", "long", (0, 0)), ("skewed", "short", (1.2, -0.8))):
        pdf = kits[kit] / "duplex-calibration-a4.pdf"
        page = page_sizes_mm(pdf)[0]
        boxes = path_boxes_mm(pdf, 0)
        upright = sorted(((b[0] + b[2]) / 2, (b[1] + b[3]) / 2) for b in boxes if 10 < b[3] - b[1] < 11 and b[2] - b[0] < 1)
        level = sorted(((b[1] + b[3]) / 2, (b[0] + b[2]) / 2) for b in boxes if 10 < b[2] - b[0] < 11 and b[3] - b[1] < 1)
        lowest = max(y for _, y in upright)
        scale_x = [p for p in upright if abs(p[1] - lowest) < 0.01]  # the real scale, not the example above it
        zero_x, zero_y = scale_x[len(scale_x) // 2], level[len(level) // 2]
        pointers = [b for b in path_boxes_mm(pdf, 1) if max(b[2] - b[0], b[3] - b[1]) > 30]
        flip = Flip(edge, page)
        across = next(b for b in pointers if b[3] - b[1] > 30)
        lands = flip.behind((across[0] + across[2]) / 2, 0)
        assert lands[0] + ox == pytest.approx(zero_x[0], abs=0.1)
        updown = next(b for b in pointers if b[2] - b[0] > 30)
        lands = flip.behind(0, (updown[1] + updown[3]) / 2)
        assert lands[1] + oy == pytest.approx(zero_y[0], abs=0.1)


def _stickers(pdf: Path, page: int, size: float = 25.0, bleed: float = 1.5) -> list[tuple[float, ...]]:
    """The cut squares of the decals on a page, found from their grounds (the cut square and its bleed)."""
    return [(x0 + bleed, y0 + bleed, x1 - bleed, y1 - bleed) for x0, y0, x1, y1 in path_boxes_mm(pdf, page)
            if abs(x1 - x0 - size - 2 * bleed) < 0.02 and abs(y1 - y0 - size - 2 * bleed) < 0.02]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_decals_hold_every_marked_square_once_on_one_paper(kits, game, paper) -> None:
    pdf = kits["default"] / f"decals-{paper}.pdf"
    marked = [s for s in game.board.squares if game.board.kind(s) != "plain"]
    sizes = page_sizes_mm(pdf)
    assert {(round(w, 1), round(h, 1)) for w, h in sizes} == {PAPER_MM["A4" if paper == "a4" else "letter"]}
    stickers = sum(len(_stickers(pdf, page)) for page in range(len(sizes)))
    assert stickers == len(marked) == 50


@pytest.mark.parametrize("paper, pages", [("a4", 1), ("letter", 2)])
def test_decal_text_keeps_inside_the_safe_area_of_its_sticker(kits, paper, pages) -> None:
    """Names on a decal (the gates') stay DECAL_SAFE_MM inside its cut line; the stickers take as few pages as fit."""
    pdf = kits["default"] / f"decals-{paper}.pdf"
    assert page_count(pdf) == pages
    inside = 0
    for page in range(pages):
        stickers = _stickers(pdf, page)
        for x0, y0, x1, y1 in text_boxes_mm(pdf, page):
            for sx0, sy0, sx1, sy1 in stickers:
                if x0 < sx1 and x1 > sx0 and y0 < sy1 and y1 > sy0:  # the text touches this sticker
                    safe = DECAL_SAFE_MM - 0.01
                    assert sx0 + safe <= x0 and x1 <= sx1 - safe and sy0 + safe <= y0 and y1 <= sy1 - safe, \
                        (paper, page, (x0, y0, x1, y1), (sx0, sy0))
                    inside += 1
    assert inside >= 6 * 2  # at least the six gates' glyphs and names


def test_nothing_is_printed_where_the_default_printer_cannot_print(kits) -> None:
    for pdf in sorted(kits["default"].glob("*.pdf")):
        for page in range(page_count(pdf)):
            assert ink_in_margin(pdf, page, DEFAULT_MARGIN) == 0, f"{pdf.name} page {page + 1}"


def test_nothing_is_printed_in_the_margins_of_a_lopsided_printer(kits) -> None:
    top, right, bottom, left = 5, 9, 14, 4
    for pdf in sorted(kits["skewed"].glob("*.pdf")):
        for page in range(page_count(pdf)):
            image = render_page(pdf, page, 72).convert("L")
            w, h = image.size
            px = 72 / 25.4
            bands = [(0, 0, w, int(top * px) - 1), (0, h - int(bottom * px) + 1, w, h),
                     (0, 0, int(left * px) - 1, h), (w - int(right * px) + 1, 0, w, h)]
            for band in bands:
                assert image.crop(band).getextrema()[0] >= 250, f"{pdf.name} page {page + 1}, band {band}"


def test_cut_sheets_declare_the_whole_sheet_as_trim_and_bleed(kits) -> None:
    for name in ("pieces-a4.pdf", "pieces-a4-foldover.pdf", "decals-a4.pdf", "decals-letter.pdf"):
        with pikepdf.open(kits["default"] / name) as pdf:
            for page in pdf.pages:
                assert list(page.TrimBox) == list(page.BleedBox) == list(page.mediabox)


def test_piece_files_rebuild_to_identical_bytes(game, tmp_path: Path) -> None:
    for run in ("one", "two"):
        build(game, KitOptions(parts=("pieces",), formats=("letter",), out=tmp_path / run, previews=False), quiet=True)
    for name in ("pieces-letter.pdf", "pieces-letter-foldover.pdf"):
        assert (tmp_path / "one/dravakron" / name).read_bytes() == (tmp_path / "two/dravakron" / name).read_bytes()


def test_flip_is_its_own_inverse() -> None:
    for flip in (Flip("long", (210, 297)), Flip("short", (210, 297)), Flip("long", (297, 210)),
                 Flip("fold", (210, 297), 148.5)):
        for point in ((10.0, 20.0), (105.0, 148.5), (200.5, 3.25)):
            assert flip.behind(*flip.behind(*point)) == pytest.approx(point)
    assert Flip("long", (210, 297)).behind(10, 20) == (200, 20)
    assert Flip("short", (210, 297)).behind(10, 20) == (10, 277)
    assert Flip("long", (297, 210)).behind(10, 20) == (10, 190)


def test_every_page_of_every_file_declares_nested_boxes(tmp_path: Path, game) -> None:
    from generator.kit.preflight import check_bleed_boxes

    build(game, KitOptions(parts=("rulebook", "player-aid", "guide", "calibration"), out=tmp_path, previews=False),
          quiet=True)
    for path in sorted((tmp_path / "dravakron").glob("*.pdf")):
        [(name, ok, detail)] = check_bleed_boxes(path, game, KitOptions(out=tmp_path))
        assert ok, (path.name, detail)
        with pikepdf.open(path) as pdf:
            assert all(list(p.TrimBox) == list(p.mediabox) for p in pdf.pages)


def test_the_box_check_fails_on_missing_or_loose_boxes(tmp_path: Path, game) -> None:
    from generator.output.pdf import PdfOptions, write_pdf
    from generator.kit.preflight import check_bleed_boxes

    path = tmp_path / "one.pdf"
    write_pdf(['<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm"/>'], path, PdfOptions(title="t"))
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        del pdf.pages[0].obj["/TrimBox"]
        pdf.save(path)
    assert not check_bleed_boxes(path, game, KitOptions())[0][1]
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        pdf.pages[0].TrimBox = pikepdf.Array([0, 0, 9999, 9999])
        pdf.save(path)
    assert not check_bleed_boxes(path, game, KitOptions())[0][1]


def test_calibration_scales_are_signed_and_the_front_carries_a_100_mm_bar(kits) -> None:
    from generator.output.inspect_pdf import page_text, scale_bar_lengths

    path = kits["default"] / "duplex-calibration-a4.pdf"
    text = page_text(path, 0)
    assert "\u22126" in text and "\u22123" in text and "+3" in text and "+6" in text
    assert "right and down are plus (+)" in text
    [length] = scale_bar_lengths(path, 0)
    assert abs(length - 100.0) <= 0.05


#: Diameters of the round pieces and items per format: snapped to common circle punches where the squares allow
#: (the letter board's 14 mm squares allow none, so its pieces keep their share of the square).
PUNCHED = {"a4": {12.7, 9.525}, "a4x4": {25.4, 19.05}, "letter": {11.9, 9.1}}


@pytest.mark.parametrize("fmt", FORMATS)
def test_round_pieces_measure_a_common_circle_punch(kits, fmt: str) -> None:
    pdf = kits["default"] / f"pieces-{fmt}.pdf"
    found = {round(d, 2) for page in range(0, page_count(pdf), 2) for *_, d in _outer_discs(pdf, page)}
    for expected in PUNCHED[fmt]:
        assert any(abs(d - expected) <= 0.1 for d in found), (fmt, expected, sorted(found))
    assert all(any(abs(d - e) <= 0.1 for e in PUNCHED[fmt]) for d in found), (fmt, sorted(found))
    named = {punch_name(d) for d in PUNCHED[fmt]}
    assert (None not in named) == (fmt != "letter")


def _outer_discs(pdf: Path, page: int, bleed: float = 1.5) -> list[tuple[float, float, float]]:
    """Pieces on a front page: filled discs with their bleed, a disc ``bleed`` mm wider all round, behind them."""
    discs = discs_mm(pdf, page)
    return [(x, y, d) for x, y, d in discs
            if any(abs(od - d - 2 * bleed) < 0.02 and math.dist((x, y), (ox, oy)) < 0.02 for ox, oy, od in discs)]


def test_the_guide_names_the_punch_for_each_format(tmp_path: Path, game) -> None:
    from generator.kit.guide import guide_context

    rows = {r.format: (r.punched, r.by_hand)
            for r in guide_context(game, ("a4", "letter"), [game.theme("classic")], None, [])["punches"]}
    assert rows == {"a4": (["12.7 mm with a 1/2 in circle punch", "9.5 mm with a 3/8 in circle punch"], []),
                    "letter": ([], ["11.9 mm", "9.1 mm"])}


def _details_mm(group: svgwrite.container.Group, scale: float = 1.0) -> list[float]:
    """Stroke widths and badge dot sizes and gaps of a drawn face, in mm at print size (its cut line aside)."""
    found: list[float] = []
    transform = group.attribs.get("transform", "")
    if "scale(" in transform:
        scale *= float(transform.split("scale(")[1].split(")")[0])
    dots = []
    for element in group.elements:
        if isinstance(element, svgwrite.container.Group):
            found += _details_mm(element, scale)
            continue
        if element.attribs.get("class") in ("cut-line", "bleed", "disc", "face"):
            continue
        stroke = element.attribs.get("stroke", "none")
        if stroke != "none" and "stroke-width" in element.attribs:
            found.append(float(element.attribs["stroke-width"]) * scale)
        if element.elementname == "circle":
            dots.append((float(element.attribs["cx"]), float(element.attribs["r"])))
    dots.sort()
    found += [2 * r * scale for _, r in dots]
    found += [(b[0] - b[1]) - (a[0] + a[1]) for a, b in zip(dots, dots[1:])]
    return found


def test_every_detail_of_the_smallest_piece_is_at_least_half_a_millimetre(game, components) -> None:
    from generator.model.printspec import MIN_DETAIL_MM

    palette = components.palette(game.theme("classic"))
    sizes = {c.id: components.diameter(c, game.format(f)) for f in game.formats for c in components.components}
    smallest = min(components.diameter(c, game.format(f)) for f in game.formats for c in components.components)
    assert smallest == pytest.approx(9.1) and len(sizes) == len(components.components)
    checked = 0
    for c in components.components:
        d = min(components.diameter(c, game.format(f)) for f in game.formats)
        for face in (c.front, c.back):
            details = _details_mm(render_face(face, palette, 50, 50, d, 1.5, cut_line=True, safe=SAFE_MM))
            # an emblem's scale is written to 5 decimals: its lines may come out 0.00001 mm off
            assert min(details, default=MIN_DETAIL_MM) >= MIN_DETAIL_MM - 1e-4, (c.id, d, min(details))
            checked += bool(details)
    assert checked >= 6  # the outlined and badged faces: lines, dots and the gaps between dots


def test_preflight_finds_each_punched_size_and_misses_a_wrong_one(kits, game, tmp_path: Path) -> None:
    from generator.kit import KitOptions
    from generator.kit.preflight import check_punch_sizes

    (_, ok, detail), = check_punch_sizes(kits["default"] / "pieces-a4.pdf", game, KitOptions())
    assert ok and detail == "9.525 mm (3/8 in), 12.7 mm (1/2 in)"
    # The A4 sheet passed off as the A3 one: its 9.5 mm items are not the A3 pieces' 19.05 mm.
    posing = tmp_path / "pieces-a3.pdf"
    shutil.copy(kits["default"] / "pieces-a4.pdf", posing)
    (_, ok, detail), = check_punch_sizes(posing, game, KitOptions())
    assert not ok and "no round piece of 19.05 mm found" in detail


def _vanishing_details(face, palette: dict[str, str], diameter: float, dpi: float = 1200) -> list[float]:
    """Areas (mm²) of the parts of a face's art that a 0.5 mm detail floor would not keep: the art is rendered at
    ``dpi``, told from the face's ground by colour, and opened with the square a 0.5 mm circle holds; a part that
    vanishes whole is narrower than that everywhere. Anti-aliasing specks (under 0.005 mm²) are left out."""
    import io

    from PIL import Image, ImageChops, ImageDraw, ImageFilter

    from generator.output.pdf import svg_to_png_bytes
    from generator.model.printspec import MIN_DETAIL_MM
    from generator.render.pieces import render_face

    size = diameter + 4.0
    dwg = svgwrite.Drawing(size=(f"{size}mm", f"{size}mm"), viewBox=f"0 0 {size} {size}")
    dwg.add(svgwrite.shapes.Rect((0, 0), (size, size), fill="#ffffff"))
    dwg.add(render_face(face, palette, size / 2, size / 2, diameter, 0.0, safe=SAFE_MM))
    art = Image.open(io.BytesIO(svg_to_png_bytes(dwg.tostring(), dpi))).convert("RGB")
    px_mm = dpi / 25.4
    ground = Image.new("RGB", art.size, palette[face.ground])
    mask = ImageChops.difference(art, ground).convert("L").point(lambda v: 255 if v > 40 else 0)
    inside = Image.new("L", art.size, 0)
    c, r = art.size[0] / 2, (diameter / 2 - 0.4) * px_mm  # the art within the piece, its rim aside
    ImageDraw.Draw(inside).ellipse((c - r, c - r, c + r, c + r), fill=255)
    mask = ImageChops.multiply(mask, inside)
    k = int(MIN_DETAIL_MM / math.sqrt(2) * px_mm) | 1
    kept = mask.filter(ImageFilter.MinFilter(k)).filter(ImageFilter.MaxFilter(k))
    lost: list[float] = []
    while (box := mask.getbbox()) is not None:
        x0, y0 = box[0], box[1]
        seed = next((x, y0) for x in range(x0, box[2]) if mask.getpixel((x, y0)) == 255)
        ImageDraw.floodfill(mask, seed, 128)
        part = mask.point(lambda v: 255 if v == 128 else 0)
        area = part.histogram()[255] / px_mm ** 2
        if ImageChops.multiply(part, kept).getbbox() is None and area > 0.005:
            lost.append(round(area, 3))
        mask = ImageChops.subtract(mask, part.point(lambda v: 128 if v else 0))
    return lost


def test_no_detail_of_any_piece_is_narrower_than_half_a_millimetre_when_rendered(game, components) -> None:
    palette = components.palette(game.theme("classic"))
    for c in components.components:
        d = min(components.diameter(c, game.format(f)) for f in game.formats)
        for face in (c.front, c.back):
            assert _vanishing_details(face, palette, d) == [], (c.id, face.emblem, d)
