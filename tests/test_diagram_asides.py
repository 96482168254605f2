"""Cards beside a rule diagram: the engine names them (``aside_views``), the neutral renderer draws them as printed.

Tested on the Claims fixture, whose engine shows Fate card A beside every legal claim.
"""
from __future__ import annotations

import re
from dataclasses import replace
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import pytest
import svgwrite

from fixture_games import FIXTURES, fixture
from generator import cli
from generator.errors import SpecError
from generator.model.game import Game
from generator.output.inspect_pdf import page_sizes_mm, page_text
from generator.play.registry import load_components
from generator.rulebook.diagram_art import card_asides, draw_rule_example
from generator.play.views import AsideView
from generator.render.cards import render_card
from generator.render.diagram import (ASIDE_CARD_MM, ASIDE_MIN_MM, MAX_WIDTH_MM, Panel, Scene, render_diagram)
from generator.rulebook.layout import FORMATS
from generator.model.yamlsource import load_document

SVG = "{http://www.w3.org/2000/svg}"
#: The A4 rulebook's column, in mm.
A4_COLUMN_MM = FORMATS["a4"].width - 2 * FORMATS["a4"].side


@cache
def _claims() -> Game:
    return fixture("claims")


@cache
def _drawn(example: str) -> ET.Element:
    return ET.fromstring(draw_rule_example(_claims(), FIXTURES / "claims" / "examples" / f"{example}.yaml",
                                           True).svg)


def _asides(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if re.fullmatch(r"aside-\d+", g.get("id", ""))]


def _outline(aside: ET.Element) -> tuple[float, float, float, float]:
    rect = next(r for r in aside.iter(f"{SVG}rect") if r.get("class") == "aside-outline")
    return tuple(float(rect.get(k, "0")) for k in ("x", "y", "width", "height"))  # type: ignore[return-value]


def _panel_right(root: ET.Element) -> float:
    """The right edge of the (last) panel's cells, in diagram mm."""
    right = 0.0
    for stage in root.iter(f"{SVG}g"):
        if not stage.get("transform", "").startswith("translate(") or stage.find(".//*[@class='panel']") is None:
            continue
        dx = float(stage.get("transform", "").removeprefix("translate(").split(",")[0])
        for lines in stage.iter(f"{SVG}g"):
            if lines.get("class") != "grid-lines":  # the cells' outlines, in the panel's own coordinates
                continue
            for polygon in lines.iter(f"{SVG}polygon"):
                xs = [float(p.split(",")[0]) for p in (polygon.get("points") or "").split()]
                right = max(right, dx + max(xs))
    return right


def test_a_legal_claim_shows_the_fate_card_beside_the_board() -> None:
    root = _drawn("claim-centre")
    asides = _asides(root)
    assert [(a.get("data-deck"), a.get("data-caption")) for a in asides] == [("fate", "played")]
    x, y, w, h = _outline(asides[0])
    assert x > _panel_right(root) + 3.0, "the card stands clear of the board"
    width = float(root.get("width", "0").removesuffix("mm"))
    assert x + w <= width and y >= 0
    assert ASIDE_MIN_MM <= w <= ASIDE_CARD_MM
    assert abs(h / w - 88.9 / 63.5) < 0.01, "poker proportions, as printed"
    texts = [t.text for t in asides[0].iter(f"{SVG}text")]
    assert "Claim again" in texts and "A" in texts and "played" in texts


def test_the_card_in_the_diagram_is_the_printed_card() -> None:
    game = _claims()
    components = load_components(game)
    assert components is not None
    deck = components.decks[0]
    card_group = next(g for g in _asides(_drawn("claim-centre"))[0].iter(f"{SVG}g")
                      if g.get("class") == "aside-card")
    drawn = ET.tostring(card_group[0])
    palette = components.palette(game.theme_for("book"))
    card = deck.cards[0]
    # the card as printed, but for its title: too small to read on the shrunk card, it is printed under it instead
    printed = render_card(replace(card, face=replace(card.face, label="")), deck, palette, 0.0, 0.0, (0.0, 0.0, 0.0, 0.0))
    printed.elements = [e for e in printed.elements if e.attribs.get("class") != "corner-guide"]
    dwg = svgwrite.Drawing()
    dwg.add(printed)
    expected = ET.fromstring(dwg.tostring())[-1]
    assert drawn == ET.tostring(expected), "the shared card renderer draws the card, scaled"
    titles = [t.text for t in _asides(_drawn("claim-centre"))[0].iter(f"{SVG}text") if t.get("class") == "aside-title"]
    assert card.face.label and " ".join(t or "" for t in titles) == card.face.label
    scale = float(re.search(r"scale\(([\d.]+)\)", card_group.get("transform", "")).group(1))  # type: ignore[union-attr]
    assert abs(scale * deck.size_mm[0] - _outline(_asides(_drawn("claim-centre"))[0])[2]) < 0.01


def test_a_refused_claim_shows_no_card() -> None:
    assert _asides(_drawn("claim-taken")) == []


def test_several_cards_stack_without_overlap_within_the_column() -> None:
    game = _claims()
    doc = load_document(FIXTURES / "claims" / "examples" / "claim-centre.yaml")
    asides = card_asides(game, [AsideView("fate", 0, "played"), AsideView("fate", 1, "defence"),
                                AsideView("fate", 0, "")], doc)
    cells = tuple(game.board.grid.cells())
    scene = Scene("stack", cells, (Panel({}), Panel({}, heading="After")), "Three cards", "", asides=asides)
    root = ET.fromstring(render_diagram(game, game.theme_for("book"), scene))
    boxes = [_outline(a) for a in _asides(root)]
    assert len(boxes) == 3
    width = float(root.get("width", "0").removesuffix("mm"))
    assert width <= MAX_WIDTH_MM + 1.0 <= A4_COLUMN_MM
    for (x0, y0, w0, h0), (x1, y1, _, _) in zip(boxes, boxes[1:]):
        assert y1 >= y0 + h0 + 3.0, "each card under the one before, its caption between"
        assert x1 == x0
    assert all(w >= ASIDE_MIN_MM for _, _, w, _ in boxes)
    assert min(x for x, _, _, _ in boxes) > _panel_right(root)


def test_a_card_the_game_does_not_print_is_a_located_error() -> None:
    path = FIXTURES / "claims" / "examples" / "claim-centre.yaml"
    with pytest.raises(SpecError) as caught:
        card_asides(_claims(), [AsideView("fate", 7, "played")], load_document(path))
    problem, = caught.value.problems
    assert Path(problem.file) == path and problem.line is not None
    assert "card 7 of deck 'fate'" in problem.message and "aside_views" in problem.hint
    with pytest.raises(SpecError, match="deck 'omens'"):
        card_asides(_claims(), [AsideView("omens", 0)], load_document(path))


def test_the_written_pdf_carries_the_card(tmp_path: Path) -> None:
    pdf = tmp_path / "centre.pdf"
    assert cli.main(["diagram", "--game", str(FIXTURES / "claims"), "claim-centre", "--out", str(pdf)]) == 0
    (w, _), = page_sizes_mm(pdf)
    assert w <= MAX_WIDTH_MM + 1.0
    text = page_text(pdf)
    assert "Claim again" in text and "played" in text
