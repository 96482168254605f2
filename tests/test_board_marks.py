"""Board marks and links: each board declares its kinds of marked cell and link, and how they are drawn."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from svgwrite.container import Group

from fixture_games import FIXTURES, fixture
from generator.errors import SpecError
from generator.model.game import load_game
from generator.render.board import render_board
from generator.render.decals import decal_squares
from generator.render.legend import legend_entries
from spec_edits import edit, line_of

ROOT = Path(__file__).resolve().parent.parent
#: The shared board layers, which must not know any one game's vocabulary.
SHARED = [ROOT / "generator" / name for name in ("model/geometry.py", "model/board.py", "render/board.py", "render/legend.py",
                                                 "render/decals.py", "compose/board_sheets.py", "compose/decals.py",
                                                 "compose/marks.py", "render/text.py")]
DRAVAKRON_WORDS = ("gate", "landing", "flag", "weapon", "storage", "merged", "frozen", "zagmora", "elvindra",
                   "arxval", "draxeth", "nerovax")


def _cell(art: Group, square: str) -> Group:
    squares = next(e for e in art.elements if e.attribs.get("id") == "squares")
    return next(e for e in squares.elements if e.attribs.get("id") == f"sq-{square}")


def test_marks_are_drawn_as_their_kind_says() -> None:
    game = fixture("race")
    theme = game.theme("classic")
    art = render_board(game, theme, 30.0, 7.0).group
    goal = _cell(art, "a5")  # goal: {fill: start, glyph: G}
    assert goal.attribs["class"] == "square mark goal"
    assert goal.elements[0].attribs["fill"] == theme.colour("start")
    assert [e.text for e in goal.elements if e.elementname == "text"] == ["G"]
    start = _cell(art, "b1")  # start: {border: text}
    assert [e.attribs.get("stroke") for e in start.elements] == [None, theme.colour("text")]
    plain = _cell(art, "c3")
    assert plain.elementname == "polygon" and plain.attribs["class"] == "square plain"  # one shape, no group


def test_links_lead_from_their_cell_to_their_targets() -> None:
    game = fixture("rings")
    board, theme = game.board, game.theme("classic")
    assert board.kind("c3") == "bridge" and board.kind("i3") == board.kind("i4") == "shore"
    assert board.link_at("c3") is board.link_to("i4") and board.link_to("c3") is None
    art = render_board(game, theme, 26.0, 7.0).group
    source = _cell(art, "c3")
    assert source.attribs["class"] == "square link bridge bridge-north"
    assert source.elements[0].attribs["fill"] == theme.colour("red")
    for target in ("i3", "i4"):
        cell = _cell(art, target)
        ring = next(e for e in cell.elements if e.elementname == "circle")
        assert ring.attribs["stroke"] == theme.colour("red")
        assert [e.text for e in cell.elements if e.elementname == "text"] == ["N"]


def test_legend_and_decals_follow_the_declared_kinds() -> None:
    game = fixture("rings")
    assert legend_entries(game) == [("eye", "f6", "Eye"), ("camp", "a1", "Camp"), ("bridge", "c3", "Bridge"),
                                    ("shore", "i3", "Bridge landing")]
    assert decal_squares(game) == ["f6", "a1", "a6", "k1", "k6", "c3", "i3", "i4"]
    assert [e[0] for e in legend_entries(fixture("race"))] == ["start", "goal"]


@pytest.mark.parametrize("old, new, message, hint, line_text", [
    ("at: [f6]}", "at: [f16]}", "square 'f16' is off the board", "radius 5", "f16"),
    ("owner: dark, at: [k1, k6]}", "owner: dark, at: [k1, f6]}", "square 'f6' is used twice", "one role",
     "at: [k1, f6]"),
    ("to: [i3, i4]}", "to: [i3, a1]}", "square 'a1' is used twice", "one role", "to: [i3, a1]"),
    ("owner: light, at", "owner: lihgt, at", "unknown player 'lihgt'", "light", "lihgt"),
    ("{kind: eye, at: [f6]}", "{kind: eye, at: [f6], item: gem}", "unknown item 'gem'", "game.yaml", "gem"),
    ("{kind: eye, at", "{kind: eyes, at", "no mark kind named 'eyes'", "did you mean 'eye'", "kind: eyes"),
    ("{kind: bridge, id", "{kind: bridges, id", "no link kind named 'bridges'", "did you mean 'bridge'",
     "kind: bridges"),
    ("target: shore,", "target: camp,", "'camp' names both a mark kind and a link kind", "of their own",
     "target: camp"),
    ('eye: {name: Eye, glyph: "*"}', 'eye: {name: Eye, emblem: dics}', "no emblem named 'dics'",
     "did you mean 'disc'", "emblem: dics"),
])
def test_bad_marks_and_links_are_located(tmp_path: Path, old: str, new: str, message: str, hint: str,
                                         line_text: str) -> None:
    folder = tmp_path / "rings"
    shutil.copytree(FIXTURES / "rings", folder)
    edit(folder / "board.yaml", old, new)
    with pytest.raises(SpecError) as caught:
        load_game(folder)
    found = [p for p in caught.value.problems if message in p.message]
    assert found, [p.message for p in caught.value.problems]
    assert hint in found[0].hint and Path(found[0].file).name == "board.yaml"
    assert found[0].line == line_of(folder / "board.yaml", line_text)


def test_shared_board_layers_speak_no_game_vocabulary() -> None:
    for path in SHARED:
        text = path.read_text(encoding="utf-8").replace("frozen=True", "")  # Python's word, not the game's
        words = {w for w in DRAVAKRON_WORDS if re.search(w, text, re.IGNORECASE)}
        assert not words, f"{path.relative_to(ROOT)} mentions {sorted(words)}"


def test_a_colour_the_theme_lacks_is_located_in_the_board_spec(tmp_path: Path) -> None:
    folder = tmp_path / "rings"
    shutil.copytree(FIXTURES / "rings", folder)
    edit(folder / "board.yaml", "camp: {name: Camp, border: text}", "camp: {name: Camp, border: txet}")
    with pytest.raises(SpecError) as caught:
        load_game(folder)  # found at load, before any drawing
    problem = caught.value.problems[0]
    assert "unknown colour 'txet'" in problem.message and "did you mean 'text'" in problem.hint
    assert problem.line == line_of(folder / "board.yaml", "border: txet")
