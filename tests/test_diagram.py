"""The neutral rule diagram, drawn from engine data alone, on the two fixture games (square and hex grids)."""
from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from fixture_games import FIXTURES, fixture
from generator import cli
from generator.errors import SpecError
from generator.model.game import Game
from generator.output.inspect_pdf import fonts, page_sizes_mm, page_text
from generator.play.looks import piece_looks
from generator.play.contract import Verdict
from generator.rulebook.diagram_art import draw_rule_example
from generator.play.examples import ExampleRun, load_rule_example, run_rule_example
from generator.play.registry import rules_for, variant_rules
from generator.play.views import MARK_KINDS, MARK_ROLES, DiagramMark, PieceView
from generator.render.diagram import Panel, Scene, render_diagram
from generator.render.diagram_style import ROLE_STYLES

SVG = "{http://www.w3.org/2000/svg}"
EXAMPLES = [("race", "step-forward"), ("race", "no-step-back"), ("race", "pass-when-blocked"),
            ("race", "reach-the-goal"), ("claims", "claim-centre"), ("claims", "claim-beside-own"),
            ("claims", "claim-taken")]
#: 6 pt in mm: the smallest text a reader must read.
SIX_PT_MM = 6 * 25.4 / 72


@cache
def _game(name: str) -> Game:
    return fixture(name)


@cache
def _drawn(name: str, example: str) -> tuple[ET.Element, ExampleRun]:
    game = _game(name)
    path = FIXTURES / name / "examples" / f"{example}.yaml"
    art = draw_rule_example(game, path, True)
    run = run_rule_example(load_rule_example(path, rules_for(game), game.board.grid, variant_rules(game)))
    return ET.fromstring(art.svg), run


def _by_id(root: ET.Element, prefix: str) -> dict[str, ET.Element]:
    return {e.get("id", ""): e for e in root.iter() if e.get("id", "").startswith(prefix)}


def _engine_view(run: ExampleRun) -> tuple[Any, list[DiagramMark]]:
    """The state before the last action and the engine's marks of it, computed here independently."""
    rules, legal = run.example.engine, bool(run.verdict)
    before = run.states[-2] if legal else run.states[-1]
    action = run.example.actions[len(run.outcomes) - (1 if legal else 0)]
    outcome = run.outcomes[-1] if legal else None
    assert run.verdict is not None
    return before, rules.action_marks(before, action, outcome, run.verdict)


def _centre(points: str) -> tuple[float, float]:
    pts = [tuple(map(float, p.split(","))) for p in points.split()]
    return sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)


def _cell_centre(cell: ET.Element) -> tuple[float, float]:
    """The centre of a drawn cell's outline, moved by the translation of the cell's board art."""
    dx, dy = map(float, re.fullmatch(r"translate\(([-\d.e]+),([-\d.e]+)\)", cell.get("transform", "translate(0,0)"))
                 .groups())  # type: ignore[union-attr]
    x, y = _centre(next(cell.iter(f"{SVG}polygon")).get("points", ""))
    return x + dx, y + dy


@pytest.mark.parametrize("name,example", EXAMPLES)
def test_only_the_cells_of_the_view_are_drawn(name: str, example: str) -> None:
    root, run = _drawn(name, example)
    cells = {e.get("data-cell") for e in _by_id(root, "p1-cell-").values()}
    assert cells == set(run.example.view)
    assert len(cells) < len(list(_game(name).board.grid.cells()))


@pytest.mark.parametrize("name,example", EXAMPLES)
def test_every_mark_the_engine_computed_is_drawn(name: str, example: str) -> None:
    root, run = _drawn(name, example)
    _, marks = _engine_view(run)
    assert marks, "every fixture example has marks"
    drawn = [g for g in root.iter(f"{SVG}g") if "mark" in (g.get("class") or "").split()]
    view = set(run.example.view)
    for mark in marks:
        match = [g for g in drawn if (g.get("data-kind"), g.get("data-role"), g.get("data-cells", "")) ==
                 (mark.kind, mark.role, " ".join(mark.cells))]
        assert match, f"{mark} is not drawn"
        if not set(mark.cells) & view:
            notes = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "note"]
            assert mark.text in notes, f"{mark} is neither on the board nor in the notes"
        if mark.kind in ("dot", "ring", "cross", "highlight", "label"):
            parts = {e.get("data-cell") for g in match for e in g.iter() if e.get("data-cell")}
            assert parts == {c for c in mark.cells if c in view}
        else:
            assert any(e.tag in (f"{SVG}polyline", f"{SVG}polygon") for g in match for e in g.iter())


@pytest.mark.parametrize("name,example", EXAMPLES)
def test_pieces_stand_where_the_state_has_them(name: str, example: str) -> None:
    root, run = _drawn(name, example)
    before, _ = _engine_view(run)
    views = run.example.engine.piece_views(before)
    piles = _by_id(root, "p1-piece-")
    expected = {c for c, stack in views.items() if stack and c in run.example.view}
    assert {p.get("data-cell") for p in piles.values()} == expected
    cells = _by_id(root, "p1-cell-")
    looks = piece_looks(_game(name))
    for cell in expected:
        pile = piles[f"p1-piece-{cell}"]
        piece = views[cell][0]
        look = looks.get(piece.component or piece.owner or "")
        piece = replace(piece, shape=piece.shape or (look.shape if look else "disc"))  # left out: as printed
        top = [g for g in pile if "piece" in (g.get("class") or "").split()][0]
        assert f"shape-{piece.shape}" in top.get("class", "") and f"owner-{piece.owner or 'none'}" in top.get("class", "")
        cx, cy = _cell_centre(cells[f"p1-cell-{cell}"])
        body = next(e for e in top.iter() if "body" in (e.get("class") or "") and "under" not in (e.get("class") or ""))
        shape = next(iter(body))
        if shape.tag == f"{SVG}circle" and piece.shape == "disc":
            assert math.hypot(float(shape.get("cx", 0)) - cx, float(shape.get("cy", 0)) - cy) < 0.01
        elif piece.shape in ("square", "hex"):
            px, py = _centre(shape.get("points", ""))
            assert math.hypot(px - cx, py - cy) < 0.01


def test_every_piece_field_is_drawn_on_the_hex_fixture() -> None:
    root, run = _drawn("claims", "claim-beside-own")
    pile = _by_id(root, "p1-piece-")
    target = pile["p1-piece-c3"]
    assert target.find(".//*[@data-height='2']") is not None
    assert target.find(".//*[@data-marked='counts double']") is not None
    assert target.find(".//*[@data-carried='target']") is not None
    failed = pile["p1-piece-b2"]
    assert any("face-down" in (g.get("class") or "") for g in failed.iter())
    assert any("url(#face-down)" == e.get("fill") for e in failed.iter())
    legend = " ".join(t.text or "" for t in root.iter(f"{SVG}text") if "legend-entry" in (t.get("class") or ""))
    assert "counts double" in legend and "face down" in legend and "carries target" in legend


def test_facing_badges_and_marked_cells_on_the_square_fixture() -> None:
    root, _ = _drawn("race", "reach-the-goal")
    pile = _by_id(root, "p1-piece-")
    assert pile["p1-piece-c4"].find(".//*[@class='facing facing-n']") is not None
    assert pile["p1-piece-d3"].find(".//*[@class='facing facing-s']") is not None
    badges = {t.text for t in pile["p1-piece-d3"].iter(f"{SVG}text") if t.get("class") == "badge"}
    assert badges == {"N"}
    goal = _by_id(root, "p1-cell-c5")["p1-cell-c5"]
    assert "mark-goal" in goal.get("class", "") and any(t.text == "G" for t in goal.iter(f"{SVG}text"))
    assert _by_id(root, "p2-")  # the result claim adds an 'after' panel
    after = _by_id(root, "p2-piece-")
    assert "p2-piece-c5" in after and "p2-piece-c4" not in after
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "Legal." in texts and "South wins (goal)." in texts


def test_an_illegal_action_shows_the_engines_reason() -> None:
    root, run = _drawn("race", "no-step-back")
    assert run.verdict is not None and not run.verdict
    texts = [t.text or "" for t in root.iter(f"{SVG}text")]
    assert f"Not allowed: {run.verdict.message}." in texts
    crosses = [g for g in root.iter(f"{SVG}g") if g.get("data-kind") == "cross"]
    assert [g.get("data-cells") for g in crosses] == ["c3"] and crosses[0].get("data-role") == "blocked"


def test_a_reason_that_ends_in_a_stop_gets_no_second_one(monkeypatch: pytest.MonkeyPatch) -> None:
    import fixture_games

    monkeypatch.setitem(fixture_games.Race.reasons, "occupied", "the square is taken.")
    art = draw_rule_example(fixture("race"), FIXTURES / "race" / "examples" / "no-step-back.yaml", captioned=True)
    texts = [t.text or "" for t in ET.fromstring(art.svg).iter(f"{SVG}text")]
    assert "Not allowed: the square is taken." in texts and not any(".." in t for t in texts)


def _all_kinds_scene(game: Game) -> Scene:
    """Every mark kind in every role, and every piece field, on the race board."""
    marks = tuple(DiagramMark(kind, cells, role, f"{kind} {role}")
                  for kind, cells in zip(MARK_KINDS, [("a1", "a2", "b2"), ("b1", "c2"), ("c1",), ("d1",), ("e1",),
                                                      ("a3",), ("b3",), ("c3", "e3")])
                  for role in MARK_ROLES)
    pieces = {"a1": (PieceView("south", "disc", 3, "n", badge="A", carried="gem", marked="stunned"),),
              "b2": (PieceView("north", "square", facing="se", colour="start"),),
              "c2": (PieceView(None, "hex", face_down=True),), "d2": (PieceView("north", "figure", badge="K"),
                                                                     PieceView("south", "disc"))}
    return Scene("all", tuple(_game("race").board.grid.cells()), (Panel(pieces, marks),), "Every mark",
                 "A caption.", Verdict(False, "occupied", "the square is taken"))


def test_roles_differ_by_more_than_colour_and_all_text_is_readable() -> None:
    game = _game("race")
    root = ET.fromstring(render_diagram(game, game.theme_for("book"), _all_kinds_scene(game)))
    looks = {(s.dash, s.weight) for s in ROLE_STYLES.values()}
    assert len(looks) == len(MARK_ROLES), "two roles share a line pattern and weight"
    for role in MARK_ROLES:
        drawn = [g for g in root.iter(f"{SVG}g") if g.get("data-role") == role]
        assert {g.get("data-kind") for g in drawn} == set(MARK_KINDS)
    legend = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "legend-entry"]
    assert [entry for entry in legend if entry in {s.label for s in ROLE_STYLES.values()}] == \
        [ROLE_STYLES[r].label for r in MARK_ROLES]
    sizes = [float(t.get("font-size", 0)) for t in root.iter(f"{SVG}text")]
    assert sizes and min(sizes) >= SIX_PT_MM
    assert root.find(".//*[@data-height='3']") is not None and root.find(".//*[@data-carried='gem']") is not None
    pile = root.find(".//*[@id='p1-piece-d2']")
    assert pile is not None
    bodies = [next(e for e in g.iter() if "body" in (e.get("class") or ""))
              for g in pile if "piece" in (g.get("class") or "")]
    assert len(bodies) == 2
    assert "figure" in (bodies[0].get("class") or "") and "disc" in (bodies[1].get("class") or "")
    lower, upper = (float(next(b.iter(f"{SVG}circle")).get("cx", 0)) for b in bodies)
    assert upper < lower - 1.0, "the upper piece of a pile sits to the left of the lower one"
    corners = [tuple(map(float, p.split(","))) for e in root.iter(f"{SVG}g") if e.get("class") == "grid-lines"
               for outline in e.iter(f"{SVG}polygon") for p in outline.get("points", "").split()]
    assert corners
    numbers = [c for g in root.iter(f"{SVG}g") if g.get("class") == "note-number" and g.get("data-note")
               for c in g.iter(f"{SVG}circle")]
    assert len(numbers) > 50
    for circle in numbers:
        if circle in list(root.find(".//*[@id='legend']").iter()):  # type: ignore[union-attr]
            continue
        x, y = float(circle.get("cx", 0)), float(circle.get("cy", 0))
        assert min(c[0] for c in corners) <= x <= max(c[0] for c in corners), "a note number left the board"
        assert min(c[1] for c in corners) <= y <= max(c[1] for c in corners), "a note number left the board"


def test_note_numbers_sit_on_top_clear_of_tokens_labels_and_each_other() -> None:
    """A cell crowded with a piece carrying a token, a cell label and four notes: every number is drawn after the
    pieces and overlaps neither the token, the label's line, nor another number."""
    game = _game("race")
    marks = (DiagramMark("highlight", ("b2",), "reach", "the piece could go here"),
             DiagramMark("dot", ("b2",), "capture", "it can be taken"),
             DiagramMark("ring", ("b2",), "blocked", "it is stopped"),
             DiagramMark("cross", ("b2",), "result", "it is gone"))
    pieces = {"b2": (PieceView("south", "disc", carried="gem"),), "b1": (PieceView("north", "disc", carried="gem"),)}
    scene = Scene("crowd", tuple(game.board.grid.cells()), (Panel(pieces, marks, {"b2": "empty"}),), "Crowded")
    root = ET.fromstring(render_diagram(game, game.theme_for("book"), scene))
    panel = root.find(".//*[@id='p1-panel']")
    assert panel is not None
    notes = list(panel)[-1]
    assert notes.get("class") == "notes", "the numbers are the panel's last layer, over the pieces"
    badges = [next(b.iter(f"{SVG}circle")) for b in notes if b.get("class") == "note-number"]
    assert len(badges) == 4 and all(b.get("class") != "note-number" for m in panel if m is not notes
                                    for b in m.iter(f"{SVG}g"))
    circles = [(float(c.get("cx", 0)), float(c.get("cy", 0)), float(c.get("r", 0))) for c in badges]
    tokens = [(float(c.get("cx", 0)), float(c.get("cy", 0)), float(c.get("r", 0)))
              for g in panel.iter(f"{SVG}g") if g.get("class") == "carried" for c in list(g)[:1]]
    assert len(tokens) == 2
    label = next(t for t in panel.iter(f"{SVG}text") if t.get("class") == "cell-label")
    size, lx, ly = float(label.get("font-size", 0)), float(label.get("x", 0)), float(label.get("y", 0))
    half = len(label.text or "") * size * 0.52 / 2
    for n, (x, y, r) in enumerate(circles):
        for tx, ty, tr in tokens + circles[n + 1:]:
            assert math.hypot(x - tx, y - ty) >= r + tr, "a number overlaps a token or another number"
        nearest = (min(max(x, lx - half), lx + half), min(max(y, ly - size * 0.7), ly))  # the label's box
        assert math.hypot(x - nearest[0], y - nearest[1]) >= r, "a number sits on the cell label"


def test_a_legend_names_only_the_roles_present() -> None:
    root, _ = _drawn("race", "step-forward")
    legend = {t.text for t in root.iter(f"{SVG}text") if t.get("class") == "legend-entry"}
    labels = {s.label for s in ROLE_STYLES.values()}
    assert legend & labels == {"move", "a choice"}


def test_the_diagram_command_writes_png_and_pdf_for_a_fixture_folder(tmp_path: Path) -> None:
    png = tmp_path / "step.png"
    assert cli.main(["diagram", "--game", str(FIXTURES / "race"), "step-forward", "--format", "png",
                     "--out", str(png)]) == 0
    image = Image.open(png).convert("RGB")
    root, _ = _drawn("race", "step-forward")
    width_mm = float(root.get("width", "0").removesuffix("mm"))
    scale = image.width / width_mm
    assert abs(scale - 200 / 25.4) < 0.05, "written at 200 dpi"
    # the South runner on b1 is drawn in South's colour (red) at the centre of b1
    cell = _by_id(root, "p1-cell-b1")["p1-cell-b1"]
    x, y = _cell_centre(cell)
    stage = next(g for g in root.iter(f"{SVG}g") if g.get("transform", "").startswith("translate") and
                 g.find(".//*[@id='p1-cell-b1']") is not None)
    dx, dy = map(float, stage.get("transform", "").removeprefix("translate(").rstrip(")").split(","))
    r, g, b = image.getpixel((round((x + dx + 2.0) * scale), round((y + dy + 2.0) * scale)))  # type: ignore[misc]
    assert r > 150 and g < 80 and b < 80
    pdf = tmp_path / "claims.pdf"
    assert cli.main(["diagram", "--game", str(FIXTURES / "claims"), "claim-beside-own", "--out", str(pdf)]) == 0
    (w, h), = page_sizes_mm(pdf)
    assert 85 < w < 140 and h > 60
    assert "A claim beside one's own hexes" in page_text(pdf)
    assert {f.name.split("+")[-1] for f in fonts(pdf)} >= {"SourceSansPro-Bold"}


def test_a_disputed_claim_is_located_not_drawn(tmp_path: Path) -> None:
    path = tmp_path / "wrong.yaml"
    path.write_text((FIXTURES / "race" / "examples" / "no-step-back.yaml").read_text(encoding="utf-8")
                    .replace("illegal: occupied", "illegal: not-a-step"), encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        draw_rule_example(_game("race"), path, True)
    problem = caught.value.problems[0]
    assert problem.file == path and problem.line == 10 and "engine gives 'occupied'" in problem.message


def test_a_focus_dots_where_the_engine_lets_that_piece_go() -> None:
    root, run = _drawn("race", "where-a-runner-may-go")
    assert run.verdict is None and not run.example.actions
    dots = [g for g in root.iter(f"{SVG}g") if g.get("data-kind") == "dot"]
    assert len(dots) == 1 and dots[0].get("data-role") == "choice"
    assert {e.get("data-cell") for e in dots[0] if e.get("data-cell")} == {"a1", "b2", "c1"}
    texts = [t.text or "" for t in root.iter(f"{SVG}text")]
    assert not any(t.startswith(("Legal", "Not allowed")) for t in texts), "a position alone has no verdict"
