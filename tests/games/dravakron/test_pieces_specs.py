"""Components specs and printer profiles: what they load to, and located errors for every kind of mistake."""
from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from generator.cli import main
from generator.errors import SpecError
from generator.model.game import SPECS_DIR, load_game
from generator.kit.piece_kit import piece_files
from generator.play.registry import load_components
from generator.model.printers import PRINTERS_DIR, load_printer, printer_path
from spec_edits import edit, line_of


def test_the_dravakron_components(game) -> None:
    components = load_components(game)
    by_id = {c.id: c for c in components.components}
    assert [by_id[p].count for p in ("red", "black")] == [5, 5]
    assert sum(c.count for c in components.components) == 18
    assert {c.id for c in components.components if c.size == "item"} == {i.id for i in game.items}
    assert [c.id for c in components.components if c.two_faced] == ["elvindra-1", "elvindra-2"]
    assert by_id["elvindra-1"].back == by_id["elvindra-2"].back  # one shared activated face
    assert by_id["elvindra-1"].back.emblem == "freeze-active"
    assert by_id["zagmora-1"].front.ink != by_id["zagmora-2"].front.ink
    assert (by_id["zagmora-1"].front.badge, by_id["zagmora-2"].front.badge) == (1, 2)
    for fmt in game.formats.values():
        piece, item = (components.sizes[s] * fmt.square_mm for s in ("piece", "item"))
        assert (fmt.square_mm - piece) / 2 >= components.min_margin_mm
        assert (piece - item) / 2 >= components.min_rim_mm


def test_the_default_printer_profile() -> None:
    profile = load_printer()
    assert profile.name == "default" and profile.duplex == "long"
    setup = profile.setup("letter")
    assert setup.page == (215.9, 279.4) and setup.margins == (6.35,) * 4 and setup.offset == (0, 0)
    assert setup.printable == pytest.approx((6.35, 6.35, 209.55, 273.05))


def test_a_profile_can_set_one_paper_apart(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text("margins_mm: 4\nduplex: short\nduplex_offset_mm: {x: 0.5}\npapers:\n"
                    "  letter: {margins_mm: {top: 3, right: 5, bottom: 12, left: 5}, duplex_offset_mm: {x: -1, y: 2}}\n",
                    encoding="utf-8")
    profile = load_printer(path)
    assert profile.name == "mine" and profile.duplex == "short"
    assert (profile.setup("A4").margins, profile.setup("A4").offset) == ((4, 4, 4, 4), (0.5, 0.0))
    assert (profile.setup("letter").margins, profile.setup("letter").offset) == ((3, 5, 12, 5), (-1, 2))


COMPONENT_CASES = [
    # (old text, new text, message fragment, hint fragment, text on the reported line)
    ("  - {item: zagmora-2}", "  - {item: zagmora-3}", "unknown item 'zagmora-3'", "zagmora-2", "zagmora-3"),
    ("  - {item: arxval-2}\n", "", "the game's item 'arxval-2' has no piece", "- {item: arxval-2}", "components:"),
    ("  - {item: red-flag}", "  - {item: red-flag, player: red}", "one player or one item, not both",
     "player: <player id>", "red-flag, player"),
    ("  - {item: black-flag}", "  - {item: black-flag}\n  - {item: black-flag}", "listed twice", "once",
     None),
    ("  piece: 0.85 ", "  piece: 0.95 ", "leave 0.35 mm to the edge of a 14 mm square", "set piece to 0.85 or less",
     "piece: 0.95"),
    ("  item: 0.65 ", "  item: 0.75 ", "leaves 0.70 mm of the piece showing", "set item to 0.67 or less",
     "item: 0.75"),
    ("  back_bleed_mm: 3 ", "  back_bleed_mm: 3.5 ", "less than twice the bleed", "set gutter_mm to 7 or more",
     "gutter_mm: 6.5"),
    ("  back_bleed_mm: 3 ", "  back_bleed_mm: 2 ", "out of range", "", "back_bleed_mm: 2"),
    ("  spares: 1 ", "  spare: 1 ", "unknown key 'spare'", "did you mean 'spares'", "spare: 1"),
    ("emblem: freeze-active, ground: frozen", "emblem: freeze-activ, ground: frozen", "no emblem named",
     "did you mean 'freeze-active'", "freeze-activ,"),
    ("ground: frozen, ink: frozen-ink}\n    back_note: its back is the used face, laid on the piece it freezes\n"
     "  - {item: arxval-1}", "ground: frozn, ink: frozen-ink}\n    back_note: its back is the used face\n"
     "  - {item: arxval-1}", "unknown colour 'frozn'", "did you mean 'frozen'", "frozn"),
    ('  frozen: "#d3edf7"', '  frozen: "#d3edf"', "is not a colour", "#rrggbb", "#d3edf"),
    ("  - {player: red, count: 5}", "  - {player: red, count: 0}", "out of range", "", "count: 0"),
]


@pytest.mark.parametrize("case", COMPONENT_CASES, ids=[c[2][:40] for c in COMPONENT_CASES])
def test_bad_components_spec_is_reported_with_line_and_fix(game_copy: Path, case) -> None:
    old, new, message, hint, line_text = case
    spec = game_copy / "components.yaml"
    edit(spec, old, new)
    with pytest.raises(SpecError) as caught:
        load_components(load_game(game_copy))
    match = [p for p in caught.value.problems if message in p.message]
    assert match, f"expected '{message}' in {[p.message for p in caught.value.problems]}"
    problem = match[0]
    assert Path(problem.file).name == "components.yaml"
    assert hint in problem.hint
    assert problem.line is not None
    if line_text is not None:
        assert problem.line == line_of(spec, line_text)


PRINTER_CASES = [
    ("margins_mm: 6", "margins_mm: -2", "out of range", "", "margins_mm: -2"),
    ("margins_mm: 6.35", "margins_mm: {top: 4, left: 4}", "missing required keys 'right', 'bottom'", "",
     "margins_mm: {top: 4, left: 4}"),
    ("duplex: long", "duplex: sideways", "'sideways' is not allowed here", "long, short", "sideways"),
    ("duplex_offset_mm: {x: 0, y: 0}", "duplex_offset_mm: {x: 14, y: 0}", "out of range", "", "x: 14"),
    ("duplex_offset_mm: {x: 0, y: 0}", "duplex_offset_mm: {x: 0, z: 0}", "unknown key 'z'", "allowed keys here",
     "z: 0"),
    ("duplex: long", "duplex: long\npapers:\n  leter: {margins_mm: 5}", "unknown paper 'leter'",
     "did you mean 'letter'", "leter:"),
    ("duplex: long", "duplex: long\npapers:\n  A4: {margins_mm: {top: 4, right: 5, bottom: 41, left: 5}}",
     "out of range", "", "A4:"),
]


@pytest.mark.parametrize("case", PRINTER_CASES, ids=[c[2][:40] for c in PRINTER_CASES])
def test_bad_printer_profile_is_reported_with_line_and_fix(tmp_path: Path, case) -> None:
    old, new, message, hint, line_text = case
    path = tmp_path / "printer.yaml"
    path.write_text((PRINTERS_DIR / "default.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    edit(path, old, new)
    with pytest.raises(SpecError) as caught:
        load_printer(path)
    match = [p for p in caught.value.problems if message in p.message]
    assert match, f"expected '{message}' in {[p.message for p in caught.value.problems]}"
    assert hint in match[0].hint
    assert match[0].line == line_of(path, line_text)


def test_unknown_printer_name_suggests_the_right_one() -> None:
    with pytest.raises(SpecError) as caught:
        printer_path("defualt")
    assert "no printer profile named 'defualt'" in caught.value.problems[0].message
    assert "did you mean 'default'" in caught.value.problems[0].hint


def test_pieces_too_big_for_the_printer_give_a_located_error(game_copy: Path, tmp_path: Path) -> None:
    edit(game_copy / "print.yaml", "    square_mm: 29.5", "    square_mm: 250")
    with pytest.raises(SpecError) as caught:
        piece_files(load_game(game_copy), load_game(game_copy).theme("classic"), ("a4x4",), None, False)
    problem = caught.value.problems[0]
    assert "pieces for format 'a4x4' need" in problem.message and "printer profile 'default'" in problem.message
    assert Path(problem.file).name == "default.yaml"
    assert problem.line == line_of(PRINTERS_DIR / "default.yaml", "margins_mm: 6")


def test_schema_command_writes_component_and_printer_schemas_that_accept_the_specs(tmp_path: Path) -> None:
    assert main(["schema", "--out", str(tmp_path)]) == 0
    for kind, spec in (("components", SPECS_DIR / "dravakron/components.yaml"),
                       ("printer", PRINTERS_DIR / "default.yaml")):
        schema = json.loads((tmp_path / f"{kind}.schema.json").read_text(encoding="utf-8"))
        jsonschema.validate(yaml.safe_load(spec.read_text(encoding="utf-8")), schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"margins_mm": 6, "duplex": "both"},
                            json.loads((tmp_path / "printer.schema.json").read_text(encoding="utf-8")))


def test_cli_builds_pieces_for_a_named_printer_file(tmp_path: Path) -> None:
    profile = tmp_path / "laser.yaml"
    profile.write_text("margins_mm: 5\nduplex: short\n", encoding="utf-8")
    out = tmp_path / "out"
    assert main(["print", "--part", "pieces,calibration", "--format", "letter", "--printer", str(profile),
                 "--out", str(out), "--no-preview", "-q"]) == 0
    names = sorted(p.name for p in (out / "dravakron").glob("*.pdf"))
    assert names == ["duplex-calibration-letter.pdf", "pieces-letter-foldover.pdf", "pieces-letter.pdf"]


def test_cli_unknown_printer_is_a_clean_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["print", "--printer", "inkjett", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "no printer profile named 'inkjett'" in err and "Traceback" not in err
