"""Rule examples are tests: each claim is checked by the engine, and each diagram draws what the engine computes."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from generator.errors import SpecError
from generator.model.game import SPECS_DIR, load_game
from generator.games.dravakron.drawing import LINE_TEXT
from generator.output.inspect_pdf import page_sizes_mm
from generator.rulebook.diagram_art import draw_rule_example, example_scene
from generator.rulebook.diagram_files import example_files, write_diagram
from generator.play.examples import RuleExample, check_rule_example, load_rule_example, run_rule_example
from generator.play.registry import rules_for
from generator.play.views import DiagramMark

GAME = load_game("dravakron")
RULES = rules_for(GAME)
EXAMPLES = example_files(GAME)


def _load(path: Path) -> RuleExample:
    return load_rule_example(path, RULES, GAME.board.grid)


def _marks(path: Path) -> list[DiagramMark]:
    scene = example_scene(GAME, run_rule_example(_load(path)), False)
    return [m for panel in scene.panels for m in panel.marks]


def test_the_library_has_examples() -> None:
    assert len(EXAMPLES) >= 60, f"too few examples under {SPECS_DIR / 'dravakron/examples'}"


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_example_claims_agree_with_the_engine(path: Path) -> None:
    problems = check_rule_example(_load(path))
    assert not problems, "\n".join(p.format() for p in problems)


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_diagram_draws_every_mark_the_engine_computed(path: Path) -> None:
    example = _load(path)
    scene = example_scene(GAME, run_rule_example(example), False)
    root = ET.fromstring(draw_rule_example(GAME, path, False).svg)
    drawn = [(el.get("data-kind"), el.get("data-role"), el.get("data-cells")) for el in root.iter()
             if el.get("data-kind")]
    wanted = [(m.kind, m.role, " ".join(m.cells)) for panel in scene.panels for m in panel.marks]
    assert sorted(drawn) == sorted(wanted)
    if example.actions and example.actions[-1].kind in LINE_TEXT:
        assert wanted, "an example that plays a move, throw, pass or strike draws it"
    if example.expect not in ("legal", None):
        assert any(role == "blocked" for _, role, _ in wanted), "a refused action is marked where it fails"
    ids = {el.get("id") for el in root.iter() if el.get("id")}
    first = scene.panels[0]
    assert {f"p1-piece-{sq}" for sq in first.pieces if sq in scene.cells} <= ids


def test_bomb_reach_marks_come_from_the_engine() -> None:
    marks = _marks(SPECS_DIR / "dravakron/examples/bomb-reach.yaml")
    blocked = {m.cells[0]: m.text for m in marks if m.kind == "cross" and m.role == "blocked"}
    assert blocked == {"e7": "stopped by a main gate", "h5": "stopped by weapon storage",
                       "e3": "stopped by a landing square", "c5": "stopped by a piece of the same side"}
    reach = next(m for m in marks if m.role == "reach")
    assert "g7" in reach.cells and "d5" in reach.cells and "b5" not in reach.cells
    assert next(m for m in marks if m.text == "can be hit").cells == ("f6", "g7")
    assert next(m for m in marks if m.text == "eliminated").cells == ("g7",)
    assert next(m for m in marks if m.text == "item back at its origin").cells == ("h5",)


def test_a_step_through_a_gate_shows_the_hop_to_the_landing() -> None:
    marks = _marks(SPECS_DIR / "dravakron/examples/gate-step-through.yaml")
    assert [(m.kind, m.cells, m.text) for m in marks] == [
        ("arrow", ("d8", "e7"), ""), ("arrow", ("e7", "k11"), "through the gate")]


def test_a_bomb_carrier_in_focus_shows_its_reach_and_blockers() -> None:
    marks = _marks(SPECS_DIR / "dravakron/examples/bomb-corner-blockers.yaml")
    roles = {m.role for m in marks}
    assert {"reach", "blocked"} <= roles
    assert "o11" not in next(m for m in marks if m.role == "reach").cells


def test_pieces_show_side_initial_merge_and_carried_item() -> None:
    state = RULES.position({"pieces": {"d4": "red merged", "e5": "black carrying zagmora-1"}})
    views = RULES.piece_views(state)
    assert (views["d4"][0].badge, views["d4"][0].height, views["d4"][0].owner) == ("D", 2, "red")
    assert (views["e5"][0].badge, views["e5"][0].height, views["e5"][0].carried) == ("N", 1, "zagmora-1")
    assert RULES.cell_labels(state) == {GAME.board.marks[[m.item for m in GAME.board.marks].index("zagmora-1")].at[0]:
                                        "empty"}


def _write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "claim.yaml"
    path.write_text(body, encoding="utf-8")
    return path


def test_an_example_the_engine_disputes_fails_naming_file_and_disagreement(tmp_path: Path) -> None:
    path = _write(tmp_path, "title: t\ncaption: c\nposition:\n  pieces:\n    d4: red\n"
                            "actions:\n  - red step d4 d6\nexpect: legal\n")
    problems = check_rule_example(_load(path))
    assert len(problems) == 1
    assert problems[0].file == path and problems[0].line == 8
    assert "claims the action is legal, but the engine refuses it: not-adjacent" in problems[0].message


def test_wrong_reason_code_and_wrong_result_are_reported(tmp_path: Path) -> None:
    path = _write(tmp_path, "title: t\ncaption: c\nposition:\n  pieces:\n    d4: red\n"
                            "actions:\n  - red step d4 d6\nexpect: {illegal: too-far}\n")
    problems = check_rule_example(_load(path))
    assert "claims reason 'too-far', but the engine gives 'not-adjacent'" in problems[0].message
    path = _write(tmp_path, "title: t\ncaption: c\nposition:\n  pieces:\n    d4: red\n    d5: black\n"
                            "actions:\n  - red step d4 d5\nexpect: legal\nresult:\n  eliminated: [d4]\n")
    problems = check_rule_example(_load(path))
    assert "claims ['d4'] eliminated, the engine eliminates ['d5']" in problems[0].message


def test_impossible_positions_and_unknown_reasons_are_located(tmp_path: Path) -> None:
    path = _write(tmp_path, "title: t\ncaption: c\nposition:\n  pieces:\n    h6: red\n")
    with pytest.raises(SpecError) as caught:
        _load(path)
    assert "impossible position" in caught.value.problems[0].message and caught.value.problems[0].line == 4
    path = _write(tmp_path, "title: t\ncaption: c\nposition:\n  pieces:\n    d4: red\n"
                            "actions:\n  - red step d4 d6\nexpect: {illegal: not-adjacnt}\n")
    with pytest.raises(SpecError) as caught:
        _load(path)
    assert "did you mean 'not-adjacent'" in caught.value.problems[0].hint


@pytest.mark.parametrize("fmt", ["svg", "pdf", "png"])
def test_diagram_command_writes_each_format(tmp_path: Path, fmt: str) -> None:
    out = write_diagram(GAME, "bomb-reach", tmp_path / f"d.{fmt}")
    assert out.is_file() and out.stat().st_size > 1000
    if fmt == "pdf":
        (width, height), = page_sizes_mm(out)
        assert 100 < width < 150 and height > 80
