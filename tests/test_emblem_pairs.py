"""Two emblems on one face ('first+second'): a card with two options shows both, drawn by the shared emblem code."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import svgwrite
from svgwrite.container import Group

from fixture_games import fixture
from generator.model.faces import check_face
from generator.play.registry import load_components
from generator.render.cards import render_card
from generator.model.emblem_shapes import known_emblem
from generator.render.emblems import PAIR_OFFSET, PAIR_SHARE, emblem
from generator.model.yamlsource import load_document

SVG = "{http://www.w3.org/2000/svg}"


def _placed(group: ET.Element) -> tuple[float, float, float]:
    """x, y and scale of an emblem group's transform."""
    found = re.match(r"translate\(([-\d.]+),([-\d.]+)\) scale\(([\d.]+)\)", group.get("transform", ""))
    assert found, group.get("transform")
    x, y, scale = map(float, found.groups())
    return x, y, scale


def svg_of(group: Group) -> str:
    """A group as a standalone SVG document."""
    dwg = svgwrite.Drawing()
    dwg.add(group)
    return str(dwg.tostring())


def _stroke_mm(group: ET.Element) -> float:
    """The width in mm of the emblem's first stroked line."""
    path = next(p for p in group.iter(f"{SVG}path") if p.get("stroke-linecap") == "round")
    return float(path.get("stroke-width", "0")) * _placed(group)[2]


def test_a_pair_draws_both_emblems_on_the_diagonal_with_the_lines_of_one() -> None:
    fixture("race")  # registers the race fixture's emblems: jump (an arc, a stroke) and banner
    assert known_emblem("jump+banner") and not known_emblem("jump+nothing") and not known_emblem("jump+banner+home")
    pair = ET.fromstring(svg_of(emblem("jump+banner", 50.0, 40.0, 20.0, "#000000"))).find(f"{SVG}g")
    assert pair is not None and pair.get("class") == "emblem-pair"
    first, second = list(pair)
    assert first.get("class") == "emblem emblem-jump" and second.get("class") == "emblem emblem-banner"
    shift = PAIR_OFFSET * 20.0
    assert _placed(first) == (round(50.0 - shift, 3), round(40.0 - shift, 3), round(PAIR_SHARE * 20.0 / 100, 5))
    assert _placed(second)[:2] == (round(50.0 + shift, 3), round(40.0 + shift, 3))
    single = ET.fromstring(svg_of(emblem("jump", 50.0, 40.0, 20.0, "#000000"))).find(f"{SVG}g")
    assert single is not None
    assert abs(_stroke_mm(first) - _stroke_mm(single)) < 0.01


def test_a_pair_on_a_card_shows_in_its_art_and_its_corner() -> None:
    game = fixture("claims")
    components = load_components(game)
    assert components is not None
    deck = components.decks[0]
    card = replace(deck.cards[0], face=replace(deck.cards[0].face, emblem="start+home"), symbol="start+home")
    deck = replace(deck, cards=(card,), corner=replace(deck.corner, symbol=True))
    palette = components.palette(game.theme_for("classic"))
    drawn = ET.fromstring(svg_of(render_card(card, deck, palette, 40.0, 50.0, (0.0, 0.0, 0.0, 0.0))))
    pairs = [g for g in drawn.iter(f"{SVG}g") if g.get("class") == "emblem-pair"]
    assert len(pairs) == 2, "the central art and the corner index"
    corner = next(g for g in drawn.iter(f"{SVG}g") if g.get("class") == "corner-index")
    assert corner.find(f".//{SVG}g[@class='emblem-pair']") is not None


def test_a_face_naming_a_missing_or_third_emblem_is_located(tmp_path: Path) -> None:
    fixture("race")
    path = tmp_path / "faces.yaml"
    path.write_text("good: {emblem: jump+banner}\nmissing: {emblem: jump+banr}\nthree: {emblem: jump+banner+home}\n",
                    encoding="utf-8")
    doc = load_document(path)
    assert check_face(doc, ("good",), doc.data["good"], {"paper"}) == []
    missing, = check_face(doc, ("missing",), doc.data["missing"], {"paper"})
    assert missing.line == 2 and missing.message == "no emblem named 'banr'" and "banner" in missing.hint
    three, = check_face(doc, ("three",), doc.data["three"], {"paper"})
    assert three.line == 3 and "joins 3 emblems" in three.message and "'+'" in three.hint
