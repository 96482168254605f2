"""The command line (help on every level, schema output) and atomic PDF writing."""
from __future__ import annotations

import json
import re
import subprocess
import sys
import tokenize
from pathlib import Path
from xml.etree import ElementTree

import jsonschema
import pytest
import yaml

from generator.cli import build_parser, main
from generator.model.game import SPECS_DIR
from generator.output.pdf import PdfOptions, write_pdf


def test_help_on_every_level(capsys: pytest.CaptureFixture[str]) -> None:
    parser = build_parser()
    commands = [a for a in parser._subparsers._group_actions[0].choices]  # noqa: SLF001
    assert {"print", "schema"} <= set(commands)
    for argv in [["--help"]] + [[c, "--help"] for c in commands]:
        with pytest.raises(SystemExit) as stop:
            main(argv)
        assert stop.value.code == 0
        assert "usage:" in capsys.readouterr().out


def test_schema_command_writes_schemas_that_accept_the_real_specs(tmp_path: Path) -> None:
    assert main(["schema", "--out", str(tmp_path)]) == 0
    for kind, filename in (("board", "board.yaml"), ("game", "game.yaml"), ("print", "print.yaml")):
        schema = json.loads((tmp_path / f"{kind}.schema.json").read_text(encoding="utf-8"))
        data = yaml.safe_load((SPECS_DIR / "dravakron" / filename).read_text(encoding="utf-8"))
        jsonschema.validate(data, schema)
    theme_schema = json.loads((tmp_path / "theme.schema.json").read_text(encoding="utf-8"))
    for theme in (SPECS_DIR / "dravakron/themes").glob("*.yaml"):
        jsonschema.validate(yaml.safe_load(theme.read_text(encoding="utf-8")), theme_schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"grid": {"shape": "square"}, "gatez": []},
                            json.loads((tmp_path / "board.schema.json").read_text(encoding="utf-8")))
    bundle = json.loads((tmp_path / "specs.schema.json").read_text(encoding="utf-8"))
    assert set(bundle["$defs"]) >= {"board", "game", "print", "theme", "example", "components", "printer"}
    example_schema = json.loads((tmp_path / "example.schema.json").read_text(encoding="utf-8"))
    for example in sorted((SPECS_DIR / "dravakron/examples").glob("*.yaml"))[:10]:
        jsonschema.validate(yaml.safe_load(example.read_text(encoding="utf-8")), example_schema)


def test_failed_pdf_write_leaves_no_file(tmp_path: Path) -> None:
    page = '<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm" viewBox="0 0 10 10"/>'
    broken = '<svg xmlns="http://www.w3.org/2000/svg" width="10mm"'  # the second page fails halfway through the file
    target = tmp_path / "out.pdf"
    with pytest.raises(ElementTree.ParseError):
        write_pdf([page, broken], target, PdfOptions("x"))
    assert list(tmp_path.iterdir()) == []


def test_module_entry_point_runs() -> None:
    result = subprocess.run([sys.executable, "-m", "generator", "--version"], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0 and result.stdout.startswith("boardkit ")


def test_an_output_folder_that_cannot_be_written_is_a_clear_error(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "taken"
    blocker.write_text("a file where the output folder should go", encoding="utf-8")
    assert main(["print", "--part", "guide", "--out", str(blocker), "-q"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "Traceback" not in err and "taken" in err


def test_messages_count_their_nouns_without_templates() -> None:
    from generator.wording import counted

    assert [counted(1, "problem"), counted(3, "problem"), counted(0, "cell"), counted(2, "more problem")] == [
        "1 problem", "3 problems", "0 cells", "2 more problems"]
    assert counted(2, "choice", "choices") == "2 choices"
    shared = Path(__file__).resolve().parents[1] / "generator"
    for path in shared.rglob("*.py"):
        if "games" in path.relative_to(shared).parts or path.name == "playthrough.py":
            continue  # the games' own words, and the recorded playthroughs' format
        with path.open("rb") as source:
            texts = [t.string for t in tokenize.tokenize(source.readline) if t.type == tokenize.STRING]
        assert not [t for t in texts if re.search(r"\w\((?:s|es)\)", t) and not t.startswith('"""')], path
