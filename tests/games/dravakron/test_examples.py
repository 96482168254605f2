"""Rule examples are tests: each claim is checked by the rules model, and diagrams draw what the engine computes."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from generator.games.dravakron.diagrams.build import example_svg
from generator.play.diagram_files import example_files, write_diagram
from generator.games.dravakron.diagrams.draw import _Canvas
from generator.games.dravakron.diagrams.marks import compute_marks
from generator.errors import SpecError
from generator.games.dravakron.examples import check_example, load_example, run_example
from generator.game import SPECS_DIR, load_game
from generator.inspect_pdf import page_sizes_mm
from generator.games.dravakron.rules import Rules

GAME = load_game("dravakron")
RULES = Rules.for_game(GAME)
EXAMPLES = example_files(GAME)


def test_the_library_has_examples() -> None:
    assert EXAMPLES, f"no examples under {SPECS_DIR / 'dravakron/examples'}"


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_example_claims_agree_with_the_engine(path: Path) -> None:
    example = load_example(path, GAME, RULES)
    problems = check_example(example, RULES)
    assert not problems, "\n".join(p.format() for p in problems)


def _ids(svg: str) -> set[str]:
    return {el.get("id") for el in ET.fromstring(svg).iter() if el.get("id")}


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_diagram_draws_every_mark_the_engine_computed(path: Path) -> None:
    example = load_example(path, GAME, RULES)
    run = run_example(example, RULES)
    marks = compute_marks(run, RULES)
    ids = _ids(example_svg(GAME, example, RULES))
    canvas = _Canvas(GAME, example.view)
    inside = [sq for sq in marks.destinations if canvas.inside(sq)]
    assert {f"dest-{sq}" for sq in inside} <= ids
    assert {f"reach-{sq}" for sq in marks.reach if canvas.inside(sq)} <= ids
    assert {f"blocked-{sq}" for sq, _ in marks.blocked if canvas.inside(sq)} <= ids
    assert {f"eliminated-{sq}" for sq in marks.eliminated if canvas.inside(sq)} <= ids
    assert {f"arrow-{a.step}" for a in marks.arrows} <= ids
    assert {f"piece-{sq}" for sq in run.states[0].pieces if canvas.inside(sq)} <= ids
    if example.expect not in ("legal", None):
        assert marks.illegal_at and (f"illegal-{marks.illegal_at}" in ids or not canvas.inside(marks.illegal_at))
        assert marks.reason
    # Nothing is drawn that the engine did not compute, and the legend explains only marks in view.
    assert {i for i in ids if i.startswith("dest-")} == {f"dest-{sq}" for sq in inside}
    svg_root = ET.fromstring(example_svg(GAME, example, RULES))
    legend = {c.split("legend-")[1] for el in svg_root.iter() for c in (el.get("class") or "").split()
              if c.startswith("legend-")}
    prefixes = {"destination": "dest-", "merge": "merge-", "reach": "reach-", "blocked": "blocked-",
                "target": "target-", "eliminated": "eliminated-", "illegal": "illegal-", "returned": "returned-"}
    for kind in legend & set(prefixes):
        assert any(i.startswith(prefixes[kind]) for i in ids), f"legend shows '{kind}' but no such mark is drawn"


def test_bomb_reach_marks_match_the_rules(tmp_path: Path) -> None:
    example = load_example(SPECS_DIR / "dravakron/examples/bomb-reach.yaml", GAME, RULES)
    marks = compute_marks(run_example(example, RULES), RULES)
    assert dict(marks.blocked) == {"e7": "blocked-by-gate", "h5": "blocked-by-storage", "e3": "blocked-by-landing",
                                   "c5": "blocked-by-own-piece"}
    assert set(marks.targets) == {"f6", "g7"} and marks.eliminated == ["g7"]
    assert "g7" in marks.reach and "d5" in marks.reach and "b5" not in marks.reach


def _write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "claim.yaml"
    path.write_text(body, encoding="utf-8")
    return path


def test_an_example_the_engine_disputes_fails_naming_file_and_disagreement(tmp_path: Path) -> None:
    path = _write(tmp_path, "title: t\ncaption: c\nposition:\n  pieces:\n    d4: red\n"
                            "actions:\n  - red step d4 d6\nexpect: legal\n")
    problems = check_example(load_example(path, GAME, RULES), RULES)
    assert len(problems) == 1
    assert problems[0].file == path and problems[0].line == 8
    assert "claims the action is legal, but the engine refuses it: not-adjacent" in problems[0].message


def test_wrong_reason_code_and_wrong_result_are_reported(tmp_path: Path) -> None:
    path = _write(tmp_path, "title: t\ncaption: c\nposition:\n  pieces:\n    d4: red\n"
                            "actions:\n  - red step d4 d6\nexpect: {illegal: too-far}\n")
    problems = check_example(load_example(path, GAME, RULES), RULES)
    assert "claims reason 'too-far', but the engine gives 'not-adjacent'" in problems[0].message
    path = _write(tmp_path, "title: t\ncaption: c\nposition:\n  pieces:\n    d4: red\n    d5: black\n"
                            "actions:\n  - red step d4 d5\nexpect: legal\nresult:\n  eliminated: [d4]\n")
    problems = check_example(load_example(path, GAME, RULES), RULES)
    assert "claims ['d4'] eliminated, the engine eliminates ['d5']" in problems[0].message


def test_impossible_positions_and_unknown_reasons_are_located(tmp_path: Path) -> None:
    path = _write(tmp_path, "title: t\ncaption: c\nposition:\n  pieces:\n    h6: red\n")
    with pytest.raises(SpecError) as caught:
        load_example(path, GAME, RULES)
    assert "impossible position" in caught.value.problems[0].message and caught.value.problems[0].line == 4
    path = _write(tmp_path, "title: t\ncaption: c\nposition:\n  pieces:\n    d4: red\n"
                            "actions:\n  - red step d4 d6\nexpect: {illegal: not-adjacnt}\n")
    with pytest.raises(SpecError) as caught:
        load_example(path, GAME, RULES)
    assert "did you mean 'not-adjacent'" in caught.value.problems[0].hint


@pytest.mark.parametrize("fmt", ["svg", "pdf", "png"])
def test_diagram_command_writes_each_format(tmp_path: Path, fmt: str) -> None:
    out = write_diagram(GAME, "bomb-reach", tmp_path / f"d.{fmt}")
    assert out.is_file() and out.stat().st_size > 1000
    if fmt == "pdf":
        (width, height), = page_sizes_mm(out)
        assert 100 < width < 150 and height > width
