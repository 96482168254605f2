"""Every piece of every game keeps its marks 2 mm inside its cut (the safe area), and preflight sees when one does not.

The faces are laid out as the punch sheets lay them (:func:`generator.render.pieces.fitted_marks`) for every
component of every game's specs in every print format, and the points their emblems, letters and dots ink are
measured against the face's outline; then punch sheets are written with the marks as they were before the safe
area (a label across a marker's cut, a standee's name over its sides) and the preflight check must name them.
"""
from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from svgwrite.base import BaseElement
from svgwrite.text import Text

from generator.compose import punch
from generator.compose.punch import duplex_layout, duplex_pages, foldover_layout, foldover_pages, piece_list
from generator.kit.cut_checks import check_safe_area
from generator.model.game import load_game
from generator.kit import KitOptions
from generator.output.pdf import PdfOptions, write_pdf
from generator.model.pieces import Components
from generator.play.registry import load_components
from generator.model.printers import load_printer
from generator.model.printspec import MIN_TEXT_MM, SAFE_MM
from generator.render import pieces as render

GAMES = ("dravakron", "drako", "ejderhalar", "dragon-eyes", "patrakill", "vatrakill")


def _components(name: str) -> Components:
    game = load_game(name)
    if name == "ejderhalar":  # its tokens are made per dragon from the player entries
        from generator.games.ejderhalar.kit.tokens import kit_components
        return kit_components(game)
    components = load_components(game)
    assert components is not None
    return components


def _texts(parts: list[BaseElement]) -> list[Text]:
    found: list[Text] = []
    for part in parts:
        found += [part] if isinstance(part, Text) else _texts(getattr(part, "elements", []))
    return found


@pytest.mark.parametrize("name", GAMES)
def test_every_face_of_every_format_keeps_its_marks_in_the_safe_area(name: str) -> None:
    """The marks' outline points (emblem edges with their lines, letters' boxes, form dots) lie 2 mm or more inside
    every face; nothing is left out and no letter is set below 6 pt."""
    game, components = load_game(name), _components(name)
    shrunk = 0
    for fmt in game.formats.values():
        for component, (width, height) in dict.fromkeys(piece_list(components, fmt)):
            for face in {component.front, component.back}:
                inside = render.room(component.shape, width, height, SAFE_MM)
                share = render.fit_scale(face, 0.0, 0.0, width, height, component.shape, SAFE_MM)
                shrunk += share < 1
                parts, reach = render._marks(face, "#000000", "#ffffff", 0.0, 0.0, share * width, share * height,
                                             component.shape, share < 1)
                where = f"{component.id} on {fmt.name}"
                assert all(inside(x, y) >= spread for x, y, spread in reach), where
                texts = _texts(parts)
                assert sorted(t.text for t in texts) == sorted(t for t in (face.glyph, face.label) if t), where
                assert all(float(t.attribs["font-size"]) >= MIN_TEXT_MM - 1e-3 for t in texts), where
    assert shrunk or name in ("dragon-eyes",)  # Dragon Eyes' hexes fit as they were


def test_a_layout_that_reaches_past_the_safe_area_shrinks_about_the_centre() -> None:
    """Vatrakill's two-faction marker: its label ran across the cut of an A4 marker; fitted, its letters keep their
    order (glyph above label), the label keeps 6 pt, and both are centred on the face."""
    components = _components("vatrakill")
    marker = next(c for c in components.components if c.front.label == "Two factions")
    width = components.dims(marker, load_game("vatrakill").format("a4"))[0]
    usual = render._marks(marker.front, "#000", "#fff", 50.0, 50.0, width, width, "disc")[1]
    assert min(render.room("disc", width, width, 0.0)(x - 50, y - 50) - s for x, y, s in usual) < 0.5
    glyph, label = _texts(render.fitted_marks(marker.front, "#000", "#fff", 50.0, 50.0, width, width, "disc",
                                              SAFE_MM))
    assert (glyph.text, label.text) == ("x2", "Two factions")
    assert float(glyph.attribs["y"]) < float(label.attribs["y"]) and float(glyph.attribs["x"]) == float(label.attribs["x"]) == 50
    assert float(label.attribs["font-size"]) == pytest.approx(MIN_TEXT_MM, abs=1e-3)


def _write(name: str, fmt: str, components: Components, tmp_path: Path, foldover: bool = False) -> Path:
    game = load_game(name)
    setup = load_printer(None).setup(game.format(fmt).small_paper)
    if foldover:
        layout = foldover_layout(components, game.format(fmt), setup)
        pages = foldover_pages(game, components, game.theme_for("default"), layout)
        return write_pdf(pages, tmp_path / "fold.pdf", PdfOptions(title="test"))
    layout = duplex_layout(components, game.format(fmt), setup)
    pages = duplex_pages(game, components, game.theme_for("default"), layout)
    return write_pdf(pages, tmp_path / "duplex.pdf", PdfOptions(title="test", duplex=setup.duplex))


@pytest.mark.parametrize("foldover", (False, True))
def test_preflight_finds_marks_laid_out_past_the_safe_area(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                           foldover: bool) -> None:
    """Patrakill's A4 sheets pass as the kit writes them; with the marks laid out as before the safe area, the
    round marker's label comes within 2 mm of its cut, front and back, and the check names that piece only."""
    components = _components("patrakill")
    game = load_game("patrakill")
    (_, ok, detail), = check_safe_area(_write("patrakill", "a4", components, tmp_path, foldover), game, KitOptions())
    assert ok and f"{len(piece_list(components, game.format('a4')))} pieces" in detail, detail
    monkeypatch.setattr(punch, "SAFE_MM", 0.0)
    (_, ok, detail), = check_safe_area(_write("patrakill", "a4", components, tmp_path, foldover), game, KitOptions())
    assert not ok and detail.count("within 2 mm of its cut") == 2, detail
    assert "the front cut" in detail and "the back cut" in detail


def test_preflight_reads_a_standees_sides_and_not_its_folds(tmp_path: Path) -> None:
    """Drako's figures: the strips pass as written (their dashed fold lines cross the sides); a name too wide for
    the A4 dragon ("Dragon" in 6 pt on a 10.4 mm figure) is found on the fronts, where the strip prints."""
    game, components = load_game("drako"), _components("drako")
    pdf = _write("drako", "a4", components, tmp_path)
    (_, ok, detail), = check_safe_area(pdf, game, KitOptions())
    assert ok, detail
    dragon = next(c for c in components.components if c.id == "dragon")
    named = replace(components, components=[replace(c, front=replace(c.front, label="Dragon"),
                                                    back=replace(c.back, label="Dragon")) if c is dragon else c
                                            for c in components.components])
    (_, ok, detail), = check_safe_area(_write("drako", "a4", named, tmp_path), game, KitOptions())
    assert not ok and "page 1: the front cut" in detail and "back cut" not in detail, detail
    strips = [p for sheet in duplex_layout(named, game.format("a4"),
                                           load_printer(None).setup("A4")).sheets for p in sheet
              if p.component.id == "dragon"]
    found = [float(x) for x in re.findall(r"front cut at ([0-9.]+),", detail)]  # each figure of each strip
    assert len(found) == 2 * len(strips) == 4 and strips[0].width == pytest.approx(10.4)
    assert all(any(abs(x - p.centre[0]) < 0.1 for x in found) for p in strips), detail
