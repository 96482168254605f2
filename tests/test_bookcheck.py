"""The read-back checks of tests/bookcheck.py, tried on the Race fixture's books: they pass a clean book and name
every fault put into a broken one (a project word in a body chapter, a page over budget, an example the reference
leaves out, '..', '(s)', a size the specs do not give); the build itself refuses an example placed nowhere, a
ledger entry without players' text and a bad index entry, each at its file and line."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

import bookcheck
from fixture_games import FIXTURES, fixture
from generator.errors import SpecError
from generator.model.game import load_game
from generator.rulebook.book import Rulebook

RACE = FIXTURES / "race"


@pytest.fixture()
def race_copy(tmp_path: Path) -> Path:
    """A writable copy of the Race fixture."""
    target = tmp_path / "race"
    shutil.copytree(RACE, target)
    return target


def _write_reference(folder: Path, out: Path, fmt: str = "a4") -> Path:
    out.write_bytes(Rulebook(load_game(folder)).build(fmt, "reference").pdf)
    return out


def test_a_clean_book_passes_every_check(game_books) -> None:
    books = game_books(RACE)
    reference, rulebook = books / "reference-a4.pdf", books / "rulebook-a4.pdf"
    for pdf in (reference, rulebook, books / "player-aid.pdf"):
        assert bookcheck.wording_problems(pdf) == []
    assert bookcheck.page_budget_problems(rulebook, 1) == []
    assert bookcheck.missing_examples(reference, RACE / "examples") == []
    assert bookcheck.size_problems(reference, [fixture("race").format("a4").square_mm]) == []


def test_the_defaults_chapter_alone_may_speak_of_files(game_books) -> None:
    reference = game_books(RACE) / "reference-a4.pdf"
    passages = bookcheck.chapter_texts(reference)
    defaults = " ".join(p.text for p in passages if p.chapter == bookcheck.DEFAULTS_CHAPTER)
    assert "spec file print.yaml" in defaults, "the check would pass for want of the chapter"
    assert bookcheck.forbidden_word_problems(reference, allowed_chapter="Winning") != []


def test_a_project_word_in_a_body_chapter_is_named_with_its_page_and_chapter(race_copy: Path, tmp_path: Path) -> None:
    chapter = race_copy / "templates" / "reference" / "01-rules.md.j2"
    chapter.write_text(chapter.read_text(encoding="utf-8").replace(
        "A runner on a goal square wins", "The engine says a runner on a goal square wins"), encoding="utf-8")
    reference = _write_reference(race_copy, tmp_path / "reference-a4.pdf")
    [problem] = bookcheck.forbidden_word_problems(reference)
    assert re.match(r"reference-a4\.pdf, page \d+ \(chapter 'Winning'\): 'engine' in '.*The engine says", problem)


def test_a_book_over_its_budget_is_refused(game_books) -> None:
    rulebook = game_books(RACE) / "reference-a4.pdf"
    pages = len(bookcheck.page_texts(rulebook))
    assert pages > 1 and bookcheck.page_budget_problems(rulebook, pages) == []
    assert bookcheck.page_budget_problems(rulebook, pages - 1) == [
        f"reference-a4.pdf has {pages} pages; its budget is {pages - 1}"]


def test_an_example_the_book_does_not_show_is_named(game_books) -> None:
    rulebook = game_books(RACE) / "rulebook-a4.pdf"  # the short book shows no example
    missing = bookcheck.missing_examples(rulebook, RACE / "examples")
    assert len(missing) == len(list((RACE / "examples").glob("*.yaml")))
    assert "reach-the-goal.yaml ('A runner reaches the goal')" in " ".join(missing)


def test_double_stops_templates_and_wrong_sizes_are_named(race_copy: Path, tmp_path: Path) -> None:
    chapter = race_copy / "templates" / "reference" / "01-rules.md.j2"
    chapter.write_text(chapter.read_text(encoding="utf-8").replace(
        "A runner on a goal square wins the race at once.",
        "A runner(s) on a goal square wins the race at once.. Runners are 12.5 mm wide."), encoding="utf-8")
    reference = _write_reference(race_copy, tmp_path / "reference-a4.pdf")
    assert len(bookcheck.double_stop_problems(reference)) == 1
    [template] = bookcheck.message_template_problems(reference)
    assert "A runner(s) on a goal" in template
    [size] = bookcheck.size_problems(reference, [30])
    assert size.startswith("reference-a4.pdf states 12.5 mm, not a size of the specs (30)")
    assert sorted(s for s, _ in bookcheck.stated_sizes(reference)) == [12.5, 30.0]


def test_an_example_placed_nowhere_or_twice_stops_the_reference(race_copy: Path) -> None:
    chapter = race_copy / "templates" / "reference" / "01-rules.md.j2"
    text = chapter.read_text(encoding="utf-8")
    chapter.write_text(text.replace('{{ examples("Winning") }}', ""), encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        Rulebook(load_game(race_copy)).blocks("reference")
    [problem] = caught.value.problems
    assert (Path(problem.file), problem.line) == (race_copy / "examples" / "reach-the-goal.yaml", 3)
    assert "'reach-the-goal' is placed nowhere in the rules reference" in problem.message
    assert 'examples("Winning")' in problem.hint
    chapter.write_text(text + '\n{{ figure("step-forward") }}\n', encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        Rulebook(load_game(race_copy)).blocks("reference")
    [problem] = caught.value.problems
    assert "'step-forward' (step-forward.yaml) is placed again" in problem.message
    assert problem.file == f"{chapter} (rendered)"


def test_a_section_that_names_no_example_is_located(race_copy: Path) -> None:
    chapter = race_copy / "templates" / "reference" / "01-rules.md.j2"
    chapter.write_text(chapter.read_text(encoding="utf-8") + '\n## Jumping\n\n{{ examples("Jumping") }}\n',
                       encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        Rulebook(load_game(race_copy)).blocks("reference")
    [problem] = caught.value.problems
    lines = chapter.read_text(encoding="utf-8").splitlines()
    assert (problem.file, problem.line) == (str(chapter), len(lines))
    assert "examples(\"Jumping\") places nothing" in problem.message and "Moving and Winning" in problem.hint


def test_an_entry_without_players_text_stops_the_book_at_its_line(race_copy: Path) -> None:
    ledger = race_copy / "rules-interpretations.md"
    lines = ledger.read_text(encoding="utf-8").splitlines()
    ledger.write_text("\n".join(line for line in lines if not line.strip().startswith(">")) + "\n", encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        Rulebook(load_game(race_copy)).blocks("reference")
    [problem] = caught.value.problems
    entry = next(n for n, line in enumerate(lines, start=1) if line.startswith("1. "))
    assert (problem.file, problem.line) == (str(ledger), entry)
    assert "has no players' text" in problem.message


@pytest.mark.parametrize("entry, message", [
    ("- {term: Runner, see: runners}", "see"),
    ("- 12", "12"),
    ("- {also: [runners]}", "term"),
    ("- {term: goal square}", "'goal square' is listed twice"),
    ("- {term: Goal, also: [runner]}", "'runner' is listed twice"),
])
def test_a_bad_index_entry_is_located(race_copy: Path, entry: str, message: str) -> None:
    index = race_copy / "templates" / "reference" / "index.yaml"
    text = index.read_text(encoding="utf-8")
    index.write_text(text + entry + "\n", encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        Rulebook(load_game(race_copy)).blocks("reference")
    [problem] = caught.value.problems
    assert (Path(problem.file), problem.line) == (index, len(text.splitlines()) + 1)
    assert message in problem.message + problem.hint


def test_an_index_term_the_book_never_uses_is_located(race_copy: Path) -> None:
    index = race_copy / "templates" / "reference" / "index.yaml"
    index.write_text(index.read_text(encoding="utf-8") + "- catapult\n", encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        Rulebook(load_game(race_copy)).build("a4", "reference")
    [problem] = caught.value.problems
    assert (Path(problem.file), problem.line) == (index, 4)
    assert "'catapult' occurs on no page" in problem.message


def test_the_index_lists_the_pages_where_each_term_stands(race_copy: Path, tmp_path: Path) -> None:
    """The printed index, read back, gives each term the pages whose body text holds it, and no others."""
    chapter = race_copy / "templates" / "reference" / "01-rules.md.j2"
    filler = "\n\n".join(["Runners keep to their rows and step one square at a time."] * 30)
    chapter.write_text(chapter.read_text(encoding="utf-8").replace("# Winning @winning", filler + "\n\n# Winning "
                                                                     "@winning"), encoding="utf-8")
    rulebook = Rulebook(load_game(race_copy))
    for fmt in ("a4", "a5"):
        built = rulebook.build(fmt, "reference")
        pdf = tmp_path / f"reference-{fmt}.pdf"
        pdf.write_bytes(built.pdf)
        passages = bookcheck.chapter_texts(pdf)
        body = [p for p in passages if p.chapter not in ("", "Index")]
        printed = " ".join(p.text for p in passages if p.chapter == "Index")
        forms = {"goal square": r"goal\s+squares?\b", "runner": r"runners?\b", "sideways": r"sideways\b"}
        assert len({p.page for p in body}) >= 4, "the filler spreads the book over several pages"
        for term, form in forms.items():
            pages = tuple(sorted({p.page for p in body if re.search(rf"(?<!\w){form}", p.text, re.I)}))
            assert built.index[term] == pages, (fmt, term)
            assert f"{term} {', '.join(map(str, built.index[term]))}" in printed, term


@pytest.mark.parametrize("fmt", ["a4", "letter", "a5", "half-letter"])
def test_a_cover_stays_on_one_page_however_tall_its_map(race_copy: Path, tmp_path: Path, fmt: str) -> None:
    """The Race's map is far taller than a page; with a subtitle and two long lines under it the cover still fits
    one page, the map as large as the text leaves room for, and the book's second page is its first numbered one."""
    from fixture_games import TALL_MAP_MM
    from generator.output.inspect_pdf import page_text, render_page
    from generator.rulebook.layout import FORMATS

    line = "North and South race their runners across a board of five columns " * 2
    cover = race_copy / "templates" / "reference" / "00-cover.md.j2"
    cover.write_text(f"::cover Rules reference | {line} | {line}\n\n", encoding="utf-8")
    built = Rulebook(load_game(race_copy)).build(fmt, "reference")
    pdf = tmp_path / f"reference-{fmt}.pdf"
    pdf.write_bytes(built.pdf)
    assert bookcheck.cover_problems(pdf) == []
    first = " ".join(page_text(pdf, 0).split())
    assert first.startswith("RACE (TEST FIXTURE) Rules reference") and first.count("five columns") == 4
    image = render_page(pdf, 0, dpi=50).convert("L")
    grey = [y for y in range(image.height) if any(170 < image.getpixel((x, y)) < 230 for x in range(image.width))]
    height = (max(grey) - min(grey) + 1) * 25.4 / 50  # the map's grey stripes run its full height
    frame_height = FORMATS[fmt].height - FORMATS[fmt].top - FORMATS[fmt].bottom
    assert TALL_MAP_MM[1] > frame_height > height > 0.45 * frame_height, "the map shrinks to the room left, no more"


def test_a_cover_that_runs_on_is_named(game_books) -> None:
    rulebook = game_books(RACE) / "reference-a4.pdf"  # no cover: its second page carries no folio
    [problem] = bookcheck.cover_problems(rulebook)
    assert problem.startswith("reference-a4.pdf: the cover runs onto page 2")


def test_an_index_placed_before_the_text_still_settles_on_the_right_pages(race_copy: Path, tmp_path: Path) -> None:
    """The layout repeats until the pages the index prints are the pages the terms land on, wherever it stands."""
    folder = race_copy / "templates" / "reference"
    (folder / "04-index.md.j2").rename(folder / "00-index.md.j2")
    built = Rulebook(load_game(race_copy)).build("a5", "reference")
    pdf = tmp_path / "reference.pdf"
    pdf.write_bytes(built.pdf)
    texts = bookcheck.page_texts(pdf)
    start = next(n for n, text in enumerate(texts) if "Moving" in text and "Each side has" in text)
    for term, pages in built.index.items():
        assert pages and all(term.split()[0] in texts[p - 1].lower() for p in pages), term
        assert min(pages) > start, "the index's own page is not counted"
