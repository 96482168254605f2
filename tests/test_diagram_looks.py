"""Diagrams draw what is printed: each piece in the shape and colour of its printed piece, an X square with its one
X, cell names readable over the pieces on them, and a legend that shows each mark as the figure draws it."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from generator.model.game import Game, load_game
from generator.play.looks import look_palette, piece_looks
from generator.rulebook.diagram_art import draw_rule_example
from generator.play.views import DiagramMark, PieceView
from generator.render.diagram import Panel, Scene, render_diagram

SVG = "{http://www.w3.org/2000/svg}"


def _drawn(name: str, example: str) -> ET.Element:
    game = load_game(name)
    art = draw_rule_example(game, game.folder / "examples" / f"{example}.yaml", True)
    return ET.fromstring(art.svg)


def _pieces(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if "piece" in (g.get("class") or "").split()]


def test_patrakills_knights_are_square_and_its_towers_round_as_printed() -> None:
    """components.yaml prints knights as squares and towers, broken towers and the dragon as discs: so do the
    diagrams (they once drew the opposite)."""
    game = load_game("patrakill")
    looks = piece_looks(game)
    assert (looks["knights"].shape, looks["tower"].shape, looks["dragon"].shape) == ("square", "disc", "disc")
    root = _drawn("patrakill", "round1-set-tower-down")
    classes = [g.get("class", "") for g in _pieces(root)]
    assert any("shape-square owner-knights" in c for c in classes)
    towers = [c for c in classes if "owner-none" in c]
    assert towers and all("shape-disc" in c for c in towers)
    palette = look_palette(game, game.theme_for("book"))
    fills = {e.get("fill") for g in _pieces(root) if "owner-none" in g.get("class", "") for e in g.iter(f"{SVG}circle")}
    assert palette[looks["tower"].colour] in fills


@pytest.mark.parametrize("name", ["dragon-eyes", "ejderhalar", "drako", "dravakron"])
def test_every_game_draws_its_printed_shapes(name: str) -> None:
    game = load_game(name)
    looks = piece_looks(game)
    examples = sorted((game.folder / "examples").glob("*.yaml"))[:6]
    seen = set()
    for path in examples:
        root = ET.fromstring(draw_rule_example(game, path, True).svg)
        for g in _pieces(root):
            owner = next(c[len("owner-"):] for c in g.get("class", "").split() if c.startswith("owner-"))
            shape = next(c[len("shape-"):] for c in g.get("class", "").split() if c.startswith("shape-"))
            if owner in looks:
                assert shape == looks[owner].shape, (path.name, owner, shape)
                seen.add(owner)
    assert seen


def test_an_x_square_shows_one_x(tmp_path: Path) -> None:
    root = _drawn("patrakill", "round1-earn-tower")
    for cell in root.iter(f"{SVG}g"):
        if "mark-x-square" in (cell.get("class") or ""):
            glyphs = [t.text for t in cell.iter(f"{SVG}text") if (t.text or "").strip() == "X"]
            assert glyphs == ["X"]
    assert not [t for t in root.iter(f"{SVG}text") if t.get("class") == "cell-label" and t.text == "X"]


def _hex_scene(game: Game) -> Scene:
    cells = tuple(game.board.grid.region("f6+2"))
    pieces = {"f6": (PieceView("light", badge="L"),), "f7": (PieceView(None, face_down=True, component="light"),)}
    marks = (DiagramMark("ring", ("f6",), "info", "enchanted"), DiagramMark("label", (), "blocked", "no"))
    return Scene("probe", cells, (Panel(pieces, marks),), "Probe", "A caption.")


def test_cell_names_over_pieces_are_drawn_over_them_on_a_plaque() -> None:
    game = load_game("dragon-eyes")
    root = ET.fromstring(render_diagram(game, game.theme_for("book"), _hex_scene(game)))
    order = list(root.iter())
    piece = next(i for i, e in enumerate(order) if e.get("id") == "p1-piece-f6")
    names = [i for i, e in enumerate(order) if e.get("class") == "cell-name" and e.text == "f6"]
    plaques = [i for i, e in enumerate(order) if e.get("class") == "cell-name-plaque"]
    assert names and names[0] > piece, "the name of an occupied hex is drawn after its piece"
    assert len(plaques) == 2 and plaques[0] < names[0]
    free = [e for e in order if e.get("class") == "cell-name" and e.text == "e5"]
    assert free, "a free hex keeps its name"
    hexes = [g for g in _pieces(root) if "shape-hex" in g.get("class", "")]
    assert len(hexes) == 2, "Dragon Eyes' pieces, face up or down, are hexes as printed"


def test_the_legend_draws_each_role_as_the_figure_draws_it() -> None:
    """A ring of the 'info' role is shown as a ring (not an arrow); a label without cells, which draws nothing on
    the board, has no legend entry; a hex board's marked cell is shown as a hex."""
    game = load_game("dragon-eyes")
    root = ET.fromstring(render_diagram(game, game.theme_for("book"), _hex_scene(game)))
    icons = [g for g in root.iter(f"{SVG}g") if "legend-icon" in (g.get("class") or "")]
    roles = {c for g in icons for c in (g.get("class") or "").split() if c.startswith(("role-", "kind-"))}
    assert {"role-info", "kind-ring"} <= roles and "role-blocked" not in roles
    eye = next(g for g in icons if "cell-kind" in (g.get("class") or ""))
    outline = next(eye.iter(f"{SVG}polygon"))
    assert len(outline.get("points", "").split()) == 6
