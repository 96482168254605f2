"""The kit build: up-to-date files are skipped, changes rebuild, and preflight catches broken files."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.model.game import load_game
from generator.kit import KitOptions, build
from generator.output.pdf import PdfOptions, write_pdf
from generator.kit.preflight import preflight, report

BOARD_A4 = dict(parts=("board",), formats=("a4",), themes=("classic", "light"))


def test_second_build_skips_unchanged_files_and_a_theme_edit_rebuilds(game_copy: Path, tmp_path: Path) -> None:
    theme = tmp_path / "mine.yaml"
    theme.write_text("name: mine\nbase: classic\n", encoding="utf-8")
    game = load_game(game_copy)
    options = KitOptions(parts=("board",), formats=("a4",), themes=(str(theme),), out=tmp_path / "out",
                         previews=False)
    first = build(game, options, quiet=True)
    assert [w.skipped for w in first] == [False]
    second = build(game, options, quiet=True)
    assert [w.skipped for w in second] == [True]
    theme.write_text("name: mine\nbase: classic\ncolours:\n  gate-blue: '#0a2f8f'\n", encoding="utf-8")
    third = build(game, options, quiet=True)
    assert [w.skipped for w in third] == [False]
    (tmp_path / "out/dravakron/board-a4-mine.pdf").unlink()
    assert [w.skipped for w in build(game, options, quiet=True)] == [False]


def test_preflight_passes_a_good_kit_and_fails_a_broken_one(game, tmp_path: Path) -> None:
    options = KitOptions(**BOARD_A4, out=tmp_path, previews=False)
    build(game, options, quiet=True)
    results, ink = preflight(game, options, reproducible=True)
    assert all(c.ok for c in results), report(results, ink)
    assert any(c.check == "two builds identical" for c in results)
    assert any(c.check == "light uses less ink" and c.ok for c in results)
    # Replace one board with a page of the wrong size, text in the margin, and no scale bar.
    bad = ('<svg xmlns="http://www.w3.org/2000/svg" width="200mm" height="200mm" viewBox="0 0 200 200">'
           '<text x="1" y="4" font-family="Source Sans Pro" font-size="4">edge</text></svg>')
    write_pdf([bad], tmp_path / "dravakron/board-a4-classic.pdf", PdfOptions("broken"))
    results, ink = preflight(game, options, reproducible=False)
    failed = {c.check for c in results if not c.ok and c.file == "board-a4-classic.pdf"}
    assert {"page sizes", "margin 6.35 mm clear", "scale bars 100 mm"} <= failed
    assert "preflight:" in report(results, ink) and "FAIL" in report(results, ink)


def test_preflight_reports_missing_files(game, tmp_path: Path) -> None:
    results, _ = preflight(game, KitOptions(**BOARD_A4, out=tmp_path), reproducible=False)
    assert {(c.check, c.ok) for c in results} == {("exists", False)}


def test_preflight_checks_that_backs_land_on_their_fronts(game, tmp_path: Path) -> None:
    shifted = tmp_path / "shifted.yaml"
    shifted.write_text("name: shifted\nmargins_mm: 6\nduplex: long\nduplex_offset_mm: {x: 1.5, y: 0}\n",
                       encoding="utf-8")
    built_for = KitOptions(parts=("pieces",), formats=("a4",), out=tmp_path, previews=False, printer=shifted)
    build(game, built_for, quiet=True)
    results, _ = preflight(game, built_for, reproducible=False)
    registered = [c for c in results if c.check == "backs registered"]
    assert registered and all(c.ok for c in registered), report(results, {})
    # Checked against a printer without that offset, the same backs are 1.5 mm off.
    results, _ = preflight(game, KitOptions(parts=("pieces",), formats=("a4",), out=tmp_path), reproducible=False)
    registered = [c for c in results if c.check == "backs registered"]
    assert registered and not any(c.ok for c in registered)


def test_a_different_selection_rebuilds_files_that_depend_on_it(game, tmp_path: Path) -> None:
    classic = KitOptions(parts=("pieces",), formats=("a4",), themes=("classic",), out=tmp_path, previews=False)
    build(game, classic, quiet=True)
    light = KitOptions(parts=("pieces",), formats=("a4",), themes=("light",), out=tmp_path, previews=False)
    assert not any(w.skipped for w in build(game, light, quiet=True))
    assert all(w.skipped for w in build(game, light, quiet=True))


def test_editing_one_games_specs_rebuilds_only_that_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.output import fingerprint

    for game in ("alpha", "beta_game"):
        folder = tmp_path / "specs" / game.replace("_", "-")
        folder.mkdir(parents=True)
        (folder / "game.yaml").write_text(f"name: {game}\n", encoding="utf-8")
        (tmp_path / "templates" / game.replace("_", "-")).mkdir(parents=True)
        (tmp_path / "templates" / game.replace("_", "-") / "01-a.md.j2").write_text("# A\n", encoding="utf-8")
        (tmp_path / "generator" / "games" / game).mkdir(parents=True)
        (tmp_path / "generator" / "games" / game / "__init__.py").write_text("X = 1\n", encoding="utf-8")
    (tmp_path / "specs" / "printers").mkdir()
    (tmp_path / "specs" / "printers" / "default.yaml").write_text("name: default\n", encoding="utf-8")
    monkeypatch.setattr(fingerprint, "REPO", tmp_path)
    before = {g: fingerprint.inputs_digest(g) for g in ("alpha", "beta-game")}
    (tmp_path / "specs" / "beta-game" / "game.yaml").write_text("name: changed\n", encoding="utf-8")
    (tmp_path / "generator" / "games" / "beta_game" / "__init__.py").write_text("X = 2\n", encoding="utf-8")
    (tmp_path / "templates" / "beta-game" / "01-a.md.j2").write_text("# B\n", encoding="utf-8")
    assert fingerprint.inputs_digest("alpha") == before["alpha"]
    assert fingerprint.inputs_digest("beta-game") != before["beta-game"]
    (tmp_path / "specs" / "printers" / "default.yaml").write_text("name: other\n", encoding="utf-8")
    assert fingerprint.inputs_digest("alpha") != before["alpha"], "shared specs feed every game"


def test_books_made_in_two_workers_are_the_books_made_in_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two workers first draw the books' pictures between them, then lay out an edition each with every picture:
    the files are those one process writes, drawing each picture itself."""
    from fixture_games import FIXTURES

    race = load_game(FIXTURES / "race")
    options = dict(parts=("rulebook", "reference", "player-aid"), previews=False)
    monkeypatch.setenv("BOARDKIT_JOBS", "2")
    two = build(race, KitOptions(**options, out=tmp_path / "two"), quiet=True)
    monkeypatch.setenv("BOARDKIT_JOBS", "1")
    one = build(race, KitOptions(**options, out=tmp_path / "one"), quiet=True)
    assert len(two) == 10 and not any(w.skipped for w in two + one)
    for a, b in zip(two, one):
        assert a.path.name == b.path.name and a.path.read_bytes() == b.path.read_bytes() and a.pages == b.pages


def test_a_build_with_nothing_to_do_answers_as_the_build_would(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """The manifest's record of the last whole build answers a build with nothing to do without loading the game:
    the same warnings, lines and table as the build itself gives; a missing file or a changed theme builds."""
    from generator import cli

    theme = tmp_path / "dim.yaml"
    theme.write_text("name: dim\nbase: light\ncolours:\n  frame-text: '#dddddd'\n", encoding="utf-8")
    args = ["print", "dravakron", "--part", "board,decals", "--format", "a4", "--theme", f"classic,{theme}",
            "--out", str(tmp_path / "out")]
    assert cli.main(args) == 0 and "done" in capsys.readouterr().err
    assert cli.main(args) == 0
    answered = capsys.readouterr()
    monkeypatch.setattr(cli, "up_to_date", lambda _: False)
    assert cli.main(args) == 0
    built = capsys.readouterr()
    assert answered == built
    assert "warning: theme dim: text colour 'frame-text'" in answered.err and answered.err.count("up to date") == 3
    monkeypatch.undo()
    (tmp_path / "out/dravakron/decals-a4.pdf").unlink()
    assert cli.main(args) == 0 and "decals-a4.pdf done" in capsys.readouterr().err
    theme.write_text("name: dim\nbase: light\ncolours:\n  frame-text: '#cccccc'\n", encoding="utf-8")
    assert cli.main(args) == 0 and "board-a4-dim.pdf done" in capsys.readouterr().err
