"""The game plug-in ground on the two fixture games: registry, loading, marks, hex names, verify, examples."""
from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pytest

from fixture_games import FIXTURES, fixture
from spec_edits import edit, line_of
from generator import cli
from generator.errors import SpecError, UserError
from generator.model.game import load_game
from generator.model.geometry import HexGrid
from generator.play.examples import check_example_folder
from generator.play.registry import plugin_for, plugins, rules_for, variant_rules
from generator.kit.verify import VerifyReport, print_report, verify_game


@pytest.fixture()
def race_copy(tmp_path: Path) -> Path:
    target = tmp_path / "race"
    shutil.copytree(FIXTURES / "race", target)
    return target


def test_the_registry_finds_the_real_games_and_the_fixtures() -> None:
    found = plugins()
    assert {"dravakron", "fixture-race", "fixture-claims"} <= set(found)
    assert plugin_for(fixture("race")).rules == "fixture-race"


def test_the_shared_package_imports_no_game() -> None:
    package = Path(__file__).resolve().parents[1] / "generator"
    for path in package.rglob("*.py"):
        if "games" in path.relative_to(package).parts:
            continue
        text = path.read_text(encoding="utf-8")
        assert "games.dravakron" not in text and "from .games." not in text, path


def test_marks_are_read_by_kind_and_owner() -> None:
    board = fixture("race").board
    assert board.marked_cells("start", "south") == ("b1", "d1")
    assert board.marked_cells("goal") == ("a5", "c5", "e5", "a1", "c1", "e1")
    assert board.mark_kinds["goal"].glyph == "G" and board.marks_of("start", "north")[0].at == ("b5", "d5")


@pytest.mark.parametrize("edit, message, line", [
    ("  - {kind: start, owner: south, at: [b1, d1]}", "  - {kind: strat, owner: south, at: [b1, d1]}",
     "no mark kind named 'strat'"),
    ("  - {kind: start, owner: south, at: [b1, d1]}", "  - {kind: start, owner: south, at: [b1, f9]}",
     "square 'f9' is off the board"),
    ("  - {kind: start, owner: south, at: [b1, d1]}", "  - {kind: start, owner: sout, at: [b1, d1]}",
     "unknown player 'sout'"),
    ("  - {kind: start, owner: south, at: [b1, d1]}", "  - {kind: start, owner: south, at: [b1, a5]}",
     "square 'a5' is used twice"),
])
def test_bad_marks_are_located(race_copy: Path, edit: str, message: str, line: str) -> None:
    path = race_copy / "board.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(edit, message), encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        load_game(race_copy)
    problem = caught.value.problems[0]
    assert line in problem.message and problem.file == path and problem.line is not None


def test_hex_cells_can_be_named_by_rows() -> None:
    grid = HexGrid(5, "pointy", "abcdefghijk", "rows")
    cells = list(grid.cells())
    assert len(cells) == 91 and cells[:6] == ["a1", "a2", "a3", "a4", "a5", "a6"] and "f11" in cells
    assert sorted(grid.neighbours("f6")) == ["e5", "e6", "f5", "f7", "g5", "g6"]
    assert sorted(grid.neighbours("a1")) == ["a2", "b1", "b2"]
    assert sorted(grid.neighbours("k6")) == ["j6", "j7", "k5"]
    assert grid.coords("a7") is None and grid.coords("f01") is None and grid.coords("l1") is None
    assert {grid.name_of(*grid.axial(c)) for c in cells} == set(cells)  # type: ignore[misc]


def test_row_names_need_pointy_hexes(tmp_path: Path) -> None:
    target = tmp_path / "claims"
    shutil.copytree(FIXTURES / "claims", target)
    path = target / "board.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("orientation: pointy", "orientation: flat"),
                    encoding="utf-8")
    with pytest.raises(SpecError, match="named by rows only on pointy hexes"):
        load_game(target)


def test_zero_padded_names_are_not_cells() -> None:
    assert fixture("race").board.grid.coords("a05") is None


def test_options_reach_the_engine(race_copy: Path) -> None:
    path = race_copy / "game.yaml"
    rules = rules_for(load_game(race_copy))
    start = rules.new_game()
    with_sideways = len(rules.legal_actions(start))
    path.write_text(path.read_text(encoding="utf-8").replace("sideways: true", "sideways: false"), encoding="utf-8")
    rules = rules_for(load_game(race_copy))
    assert len(rules.legal_actions(rules.new_game())) < with_sideways


def test_a_loaded_game_makes_its_engine_once_and_a_copy_with_other_options_its_own(race_copy: Path) -> None:
    from dataclasses import replace

    game = load_game(race_copy)
    rules = rules_for(game)
    assert rules_for(game) is rules
    narrow = replace(game, options={**game.options, "sideways": False})
    assert rules_for(narrow) is not rules
    assert len(rules_for(narrow).legal_actions(rules.new_game())) < len(rules.legal_actions(rules.new_game()))
    assert rules_for(game) is rules


@pytest.mark.parametrize("old,new,message,hint", [
    ("{player: north, count: 2,", "{player: north, count: 1,", "North ('north'): count 1, but the game needs "
     "exactly 2: north's start squares", "set count: 2"),
    ("{player: south, count: 2,", "{player: south, count: 3,", "count 3, but the game needs exactly 2",
     "extra copies to cut are 'spares'"),
    ("size: marker, count: 4,", "size: marker, count: 2,", "Boost ('boost'): count 2, but the game needs at least "
     "3: a boost for each lap", "set count: 3 or more"),
    ("{id: boost,", "{id: turbo,", "no component 'boost', and the game needs at least 3", "add an entry with 'id: "
     "boost' and 'count: 3'"),
])
def test_the_components_an_engine_needs_are_checked_at_their_line(race_copy: Path, old: str, new: str, message: str,
                                                                   hint: str) -> None:
    from generator.kit import KitOptions, check_inputs

    path = race_copy / "components.yaml"
    edit(path, old, new)
    with pytest.raises(SpecError) as caught:
        check_inputs(load_game(race_copy), KitOptions())
    problem, = caught.value.problems
    assert message in problem.message and hint in problem.hint and Path(problem.file) == path
    assert problem.line == line_of(path, new if "count" in new else "- {player: north")  # else: the list's start
    found = verify_game(race_copy, games=2)
    assert [p.message for p in found.problems] == [problem.message], "verify reports it too"


def test_a_component_without_a_count_gets_what_the_engine_needs(race_copy: Path) -> None:
    from generator.play.registry import load_components

    path = race_copy / "components.yaml"
    edit(path, "{player: north, count: 2,", "{player: north,")
    edit(path, "size: marker, count: 4,", "size: marker,")
    edit(path, "size_mm: 24, count: 3,", "size_mm: 24,")
    counts = {c.id: c.count for c in load_components(load_game(race_copy)).components}  # type: ignore[union-attr]
    assert (counts["north"], counts["boost"], counts["camp"]) == (2, 3, 1), "a piece the engine does not name: one"
    assert not verify_game(race_copy, games=2).problems


def test_more_than_an_at_least_need_is_fine(race_copy: Path) -> None:
    edit(race_copy / "components.yaml", "size: marker, count: 4,", "size: marker, count: 9,")
    assert not verify_game(race_copy, games=2).problems


@pytest.mark.parametrize("name", ["race", "claims"])
def test_verify_passes_the_fixture_games(name: str) -> None:
    report = verify_game(FIXTURES / name, games=20)
    out = io.StringIO()
    assert report.ok and print_report(VerifyReport([report]), out) == 0
    assert report.examples >= 1 and report.plies > 0


def test_a_game_whose_rules_name_no_engine_is_an_error(race_copy: Path) -> None:
    path = race_copy / "game.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("rules: fixture-race", "rules: fixture-rase"),
                    encoding="utf-8")
    report = verify_game(race_copy, games=1)
    assert not report.ok
    problem = report.problems[0]
    assert problem.file == path and problem.line == 4 and "did you mean 'fixture-race'?" in problem.hint
    assert cli.main(["verify", str(race_copy)]) == 1


def test_examples_of_a_fixture_are_checked_and_a_false_claim_is_located(race_copy: Path) -> None:
    game = load_game(race_copy)
    rules, grid, variant = rules_for(game), game.board.grid, variant_rules(game)
    assert check_example_folder(race_copy / "examples", rules, grid, variant) == []
    path = race_copy / "examples" / "step-forward.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("step b1 b2", "step b1 b3"), encoding="utf-8")
    found = check_example_folder(race_copy / "examples", rules, grid, variant)
    assert len(found) == 1 and found[0].file == path and "not-a-step" in found[0].message
    legal = ", ".join(rules.action_text(a) for a in rules.legal_actions(rules.position(
        {"runners": {"b1": "south", "d1": "south", "b5": "north", "d5": "north"}, "to_move": "south"})))
    assert "step b1 b2" in legal and found[0].hint.endswith(f"; legal here: {legal}")
    path.write_text(path.read_text(encoding="utf-8").replace("step b1 b3", "hop b1 b2"), encoding="utf-8")
    found = check_example_folder(race_copy / "examples", rules, grid, variant)
    assert "cannot read 'hop b1 b2'" in found[0].message and found[0].line == 9
    assert found[0].hint.endswith(f"; legal here: {legal}")
    path.write_text(path.read_text(encoding="utf-8").replace("hop b1 b2", "step b1 b2")
                    .replace("winner: none", "winner: south"), encoding="utf-8")
    found = check_example_folder(race_copy / "examples", rules, grid, variant)
    assert "claims south wins, the engine says none" in found[0].message


def test_an_example_whose_position_no_game_reaches_is_refused_at_its_line(race_copy: Path) -> None:
    game = load_game(race_copy)
    path = race_copy / "examples" / "step-forward.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(", d5: north}", "}"), encoding="utf-8")
    found = check_example_folder(race_copy / "examples", rules_for(game), game.board.grid, variant_rules(game))
    assert [(p.file, p.line) for p in found] == [(path, line_of(path, "runners:"))]
    assert found[0].message == "no game can reach this position: runners lost or stacked"


def test_an_example_without_a_title_or_caption_text_is_refused_at_its_line(race_copy: Path) -> None:
    game = load_game(race_copy)
    path = race_copy / "examples" / "step-forward.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    title = next(i for i, line in enumerate(lines) if line.startswith("title:"))
    lines[title] = "title: '   '"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    found = check_example_folder(race_copy / "examples", rules_for(game), game.board.grid, variant_rules(game))
    assert [(p.file, p.line, p.message) for p in found] == [(path, title + 1, "the text is empty")]
    assert "Short title" in found[0].hint


def test_an_example_runs_on_the_options_it_names(race_copy: Path) -> None:
    game = load_game(race_copy)
    rules, grid = rules_for(game), game.board.grid
    path = race_copy / "examples" / "pass-when-blocked.yaml"
    assert check_example_folder(race_copy / "examples", rules, grid, variant_rules(game)) == []
    assert "cannot change options" in check_example_folder(race_copy / "examples", rules, grid)[0].message
    path.write_text(path.read_text(encoding="utf-8").replace("{sideways: false}", "{sideways: true}"),
                    encoding="utf-8")
    found = check_example_folder(race_copy / "examples", rules, grid, variant_rules(game))
    assert "claims the action is legal, but the engine refuses it: can-move" in found[0].message
    path.write_text(path.read_text(encoding="utf-8").replace("{sideways: true}", "{sidways: true}"),
                    encoding="utf-8")
    found = check_example_folder(race_copy / "examples", rules, grid, variant_rules(game))
    assert found[0].line == 4 and "these options do not make a game: unknown key 'sidways' (did you mean 'sideways'?)" in found[0].message


def test_bad_game_options_are_located_in_game_yaml(race_copy: Path) -> None:
    path = race_copy / "game.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("sideways: true", "sideways: often"), encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        rules_for(load_game(race_copy))
    problem = caught.value.problems[0]
    assert problem.file == path and problem.line == 10 and "expected true or false, found 'often'" in problem.message


def test_a_spec_file_only_the_game_reads_is_verified_at_its_line(race_copy: Path) -> None:
    assert verify_game(race_copy, games=2).ok
    path = race_copy / "scoresheet.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("rows: 8", "rows: many"), encoding="utf-8")
    report = verify_game(race_copy, games=2)
    assert [(p.file, p.line, p.message) for p in report.problems] == [(path, 2, "expected a whole number, found 'many'")]
    path.unlink()
    assert "file not found" in verify_game(race_copy, games=2).problems[0].message


def test_rare_kinds_must_be_shown_by_an_example(race_copy: Path) -> None:
    assert verify_game(race_copy, games=5).ok  # 'pass' never comes up in play, but an example shows it
    (race_copy / "examples" / "pass-when-blocked.yaml").unlink()
    text = "\n".join(p.message for p in verify_game(race_copy, games=5).problems)
    assert "never played in 5 self-play games: pass (rare in self-play: show pass in a rule example)" in text


def test_a_broken_game_package_hides_no_other_game(monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.play import registry

    monkeypatch.setattr(registry, "_BROKEN", {"fixture_race": "SyntaxError: invalid syntax (engine.py, line 3)"})
    monkeypatch.setattr(registry, "_EXTRA", {k: v for k, v in registry._EXTRA.items() if k != "fixture-race"})
    with pytest.raises(SpecError, match="the engine of rules 'fixture-race' does not import: SyntaxError"):
        plugin_for(fixture("race"))
    assert plugin_for(fixture("claims")).rules == "fixture-claims"


def test_views_of_squares_and_hexes() -> None:
    square, hexes = fixture("race").board.grid, fixture("claims").board.grid
    assert square.region("a1:b2") == ("a1", "b1", "a2", "b2")
    assert set(hexes.region("c3+1")) == {"c3", "c2", "c4", "b2", "b3", "d2", "d3"}
    assert hexes.region(["a1", "c3"]) == ("a1", "c3")
    with pytest.raises(KeyError, match="off the board"):
        hexes.region(["a1", "z9"])


def test_games_command_lists_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["games"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split()[:2] == ["game", "rules"] and "dravakron" in out and "engines registered" in out


def test_a_small_book_and_a_three_part_player_aid_are_typeset(tmp_path: Path) -> None:
    from generator.output.inspect_pdf import page_count, page_sizes_mm, page_text, text_runs
    from generator.rulebook.aid import BODY_SIZES
    from generator.rulebook.book import Rulebook
    from generator.rulebook.files import write_player_aid

    game = fixture("race")
    book = Rulebook(game)
    built = book.build("a4")
    path = tmp_path / "book.pdf"
    path.write_bytes(built.pdf)
    text = page_text(path, 0)
    assert "How to race" in text and "two runners" in text
    aid = tmp_path / "aid.pdf"
    assert write_player_aid(book, aid, preview=False) == 2
    assert page_count(aid) == 2 and all(abs(w - 297) < 0.5 and abs(h - 210) < 0.5 for w, h in page_sizes_mm(aid))
    first, second = page_text(aid, 0), page_text(aid, 1)
    assert "North" in first and "South" in first and "Referee" in second and "Referee" not in first
    sizes = {run.size_pt for run in text_runs(aid) if "Move one runner" in run.text}
    assert sizes == {max(BODY_SIZES)}, "three short parts are set in the aid's largest type"


def test_the_aid_sets_its_parts_in_the_largest_type_that_lets_every_part_fit(race_copy: Path) -> None:
    from generator.output.inspect_pdf import text_runs
    from generator.rulebook.aid import BODY_SIZES, HALF
    from generator.rulebook.book import Rulebook
    from generator.rulebook.files import write_player_aid

    template = race_copy / "templates" / "player-aid.md.j2"
    rule = "a runner that reaches row {} may rest there for one turn, but only once a game and only with no " \
        "other runner beside it"
    rules = "".join(f"\n- Rule {n}: {rule.format(n)}." for n in range(1, 17))
    template.write_text(template.read_text(encoding="utf-8")
                        + "{% if side.id == 'referee' %}\n## Referee's rules\n" + rules + "\n{% endif %}\n",
                        encoding="utf-8")
    aid = race_copy / "aid.pdf"
    assert write_player_aid(Rulebook(load_game(race_copy)), aid, preview=False) == 2
    sizes = {run.size_pt for run in text_runs(aid) if "Move one runner" in run.text or "may rest" in run.text}
    assert len(sizes) == 1, "every part is set in one size"
    size = sizes.pop()
    assert HALF.body <= size < max(BODY_SIZES), "the long referee part sets the size of all"
    heights = [run.box[3] for run in text_runs(aid) if run.page == 1]
    assert max(heights) > 0.75 * 210, "the long part fills most of its half at the size chosen"


def test_an_aid_part_too_long_for_its_half_is_refused_and_nothing_is_written(race_copy: Path) -> None:
    from generator.rulebook.book import Rulebook
    from generator.rulebook.files import write_player_aid

    template = race_copy / "templates" / "player-aid.md.j2"
    rules = "".join(f"\n- Rule {n}: a runner that reaches row {n} may rest there for one turn, but only once a game "
                    "and only with no other runner beside it." for n in range(1, 90))
    template.write_text(template.read_text(encoding="utf-8")
                        + "{% if side.id == 'referee' %}\n## Referee's rules\n" + rules + "\n{% endif %}\n",
                        encoding="utf-8")
    aid = race_copy / "aid.pdf"
    with pytest.raises(UserError, match=r"the A4 player aid takes [3-9] sheets, not 2; shorten player-aid.md.j2"):
        write_player_aid(Rulebook(load_game(race_copy)), aid, preview=False)
    assert not aid.exists()


def test_a_book_with_contents_settles_in_two_passes_with_the_right_page_numbers(tmp_path: Path,
                                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The contents are given their entries before the first pass, so its length is known at once: reportlab lays
    a long book out twice (once to find the pages, once to check them), not three times."""
    from generator.output.inspect_pdf import page_text
    from generator.rulebook.book import Rulebook
    from generator.rulebook.document import BookDocument

    folder = tmp_path / "templates"
    shutil.copytree(FIXTURES / "race" / "templates", folder)
    sections = "\n".join(f"## Section {n} @s{n}\n\nRunners keep moving in section {n}.\n" for n in range(1, 61))
    (folder / "rulebook" / "00-contents.md.j2").write_text(f"::toc Contents\n\n# Many parts @parts\n\n{sections}\n",
                                              encoding="utf-8")
    passes: list[int] = []
    build = BookDocument.multiBuild

    def counted(self: BookDocument, story: list[object], **options: object) -> int:
        passes.append(build(self, story, **options))  # type: ignore[arg-type]
        return passes[-1]

    monkeypatch.setattr(BookDocument, "multiBuild", counted)
    book = Rulebook(fixture("race"), templates=folder).build("a4")
    assert passes == [2]
    path = tmp_path / "book.pdf"
    path.write_bytes(book.pdf)
    contents = " ".join(page_text(path, n) for n in range(2))
    landed = {title: page for level, title, page, _ in book.log.headings if level == 2}
    assert landed["Section 60"] > landed["Section 1"] + 1, "the sections fill several pages"
    for title in ("Section 1", "Section 30", "Section 60"):
        assert re.search(rf"{title}\D+?{landed[title]}\b", contents), f"the contents give {title} a wrong page"


def test_a_game_adds_parts_to_its_kit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from generator.output.inspect_pdf import page_count

    folder = str(FIXTURES / "race")
    assert cli.main(["print", folder, "--part", "scoresheet", "--out", str(tmp_path), "-q"]) == 0
    assert page_count(tmp_path / "race" / "scoresheet.pdf") == 1
    assert cli.main(["print", folder, "--part", "scoresheets", "--out", str(tmp_path), "-q"]) == 2
    assert "parts: board, pieces, cards, mats, calibration, decals, rulebook, reference, player-aid, guide, " \
        "scoresheet" \
        in capsys.readouterr().err
    assert cli.main(["print", "dravakron", "--part", "scoresheet", "--out", str(tmp_path), "-q"]) == 2


def test_cards_and_mats_are_parts_of_every_kit_that_has_them(tmp_path: Path) -> None:
    from generator.output.inspect_pdf import page_count
    from generator.kit import KitOptions, plan

    jobs = plan(fixture("claims"), KitOptions(parts=("cards", "mats"), out=tmp_path), lambda text: None)
    assert sorted(j.name for j in jobs) == ["cards-fate-a4-foldover.pdf", "cards-fate-a4.pdf", "mat-supply.pdf"]
    assert cli.main(["print", str(FIXTURES / "claims"), "--part", "cards,mats", "--out", str(tmp_path), "-q"]) == 0
    assert page_count(tmp_path / "claims" / "cards-fate-a4.pdf") % 2 == 0
    assert page_count(tmp_path / "claims" / "mat-supply.pdf") == 1
    assert plan(load_game("dravakron"), KitOptions(parts=("cards", "mats")), lambda text: None) == []


def test_a_game_brings_its_own_emblems_as_svg_files(race_copy: Path) -> None:
    from generator.model.emblem_shapes import EMBLEMS
    from generator.render.emblems import emblem

    load_game(race_copy)
    assert {"banner", "jump"} <= set(EMBLEMS)
    drawn = emblem("jump", 10, 10, 8, "#000000").tostring()
    assert 'rotate(90)' in drawn and "C-30,-40" in drawn
    (race_copy / "emblems" / "broken.svg").write_text("<svg><path class='glow' d='M0,0 L1,1'/></svg>",
                                                        encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        load_game(race_copy)
    assert caught.value.problems[0].file == race_copy / "emblems" / "broken.svg"
    assert "class 'glow'" in caught.value.problems[0].message


def test_the_shared_package_speaks_no_games_words() -> None:
    words = re.compile(r"\b(gates?|landing|flags?|weapons?|storage|merged|zagmora|elvindra|arxval|draxeth"
                       r"|nerovax)\b", re.I)
    package = Path(__file__).resolve().parents[1] / "generator"
    for path in package.rglob("*.py"):
        if "games" not in path.relative_to(package).parts:
            assert not words.search(path.read_text(encoding="utf-8")), path


def test_a_fixture_games_whole_kit_builds_and_passes_preflight(tmp_path: Path) -> None:
    from generator.kit import KitOptions
    from generator.kit.preflight import preflight

    folder = str(FIXTURES / "race")
    assert cli.main(["print", folder, "--out", str(tmp_path), "--no-preview", "-q"]) == 0
    built = sorted(p.name for p in (tmp_path / "race").glob("*.pdf"))
    assert {"board-a4-classic.pdf", "pieces-a4.pdf", "pieces-a4-foldover.pdf", "rulebook-a4.pdf",
            "rulebook-booklet.pdf", "rulebook-booklet-letter.pdf", "reference-a4.pdf", "reference-letter.pdf",
            "reference-booklet.pdf", "reference-booklet-letter.pdf", "player-aid.pdf", "player-aid-letter.pdf",
            "PRINT-GUIDE.pdf", "scoresheet.pdf"} <= set(built)
    results, _ = preflight(fixture("race"), KitOptions(out=tmp_path, previews=False), reproducible=False)
    failed = [f"{c}" for c in results if not c.ok]
    assert not failed, failed


def test_a_template_mistake_stops_the_build_before_anything_is_written(tmp_path: Path) -> None:
    folder = tmp_path / "race"
    shutil.copytree(FIXTURES / "race", folder)
    chapter = folder / "templates" / "rulebook" / "01-rules.md.j2"
    chapter.write_text(chapter.read_text(encoding="utf-8") + "\n{{ facts.no_such_fact }}\n", encoding="utf-8")
    out = tmp_path / "out"
    assert cli.main(["print", str(folder), "--out", str(out), "--no-preview", "-q"]) == 2
    assert not list(out.rglob("*.pdf"))



def test_a_heading_never_ends_a_page_without_the_figure_under_it(race_copy: Path) -> None:
    """A heading keeps with the figure under it: wherever filler text leaves the heading near the foot of a page,
    the heading goes over with its figure (reportlab will not keep a heading with a container flowable)."""
    from generator.rulebook.book import Rulebook

    examples = race_copy / "examples"
    for n in range(24):
        shutil.copy(examples / "step-forward.yaml", examples / f"step-{n}.yaml")
    filler = "Runners keep moving along their rows, one square at a time, never onto one another. " * 3
    sections = ["\n\n".join([filler] * (1 + n % 7)) + f"\n\n## Figure section {n} @f{n}\n\n"
                + "{{ figure(\"" + f"step-{n}" + "\") }}\n" for n in range(24)]
    chapter = race_copy / "templates" / "rulebook" / "01-rules.md.j2"
    chapter.write_text("# Many figures @figs\n\n" + "\n".join(sections), encoding="utf-8")
    book = Rulebook(load_game(race_copy)).build("a4")
    headings = [page for level, title, page, _ in book.log.headings if title.startswith("Figure section")]
    figures = [page for _, _, page in book.log.figures]
    assert len(headings) == len(figures) == 24 and len(set(figures)) > 6, "the figures fill several pages"
    assert headings == figures, "a heading was left at the foot of a page, its figure on the next"
