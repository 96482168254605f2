"""The rulebook's parts, one at a time: markup, templates and figures, the ledger reader, the imposition."""
from __future__ import annotations

from pathlib import Path

import pytest

import bookcheck
from generator.errors import SpecError
from generator.rulebook.book import Rulebook
from generator.rulebook.booklet import padded_order, sheet_sides
from generator.rulebook.ledger import parse_ledger
from generator.rulebook.markup import inline, parse, plain, swatch_square
from generator.rulebook.templates import TEMPLATES_ROOT, join_and, sentence, words


def test_markup_blocks() -> None:
    text = """# The board @board

A paragraph
over two lines.

- first item
  continued
- second
1. one
> **Note.** boxed
> text
>
> second paragraph

| A | B |
|---|------|
| a | [[swatch:c4]] |
::figure board-map | The board.
## Section
"""
    blocks, problems = parse(text, "t.md")
    assert problems == []
    kinds = [b.kind for b in blocks]
    assert kinds == ["heading", "paragraph", "bullets", "numbers", "note", "table", "directive", "heading"]
    heading, para, bullets, numbers, note, table, figure, section = blocks
    assert (heading.level, heading.text, heading.anchor) == (1, "The board", "board")
    assert para.text == "A paragraph over two lines." and para.line == 3
    assert bullets.items == ["first item continued", "second"] and numbers.items == ["one"]
    assert note.items == ["**Note.** boxed text", "second paragraph"]
    assert table.rows == [["A", "B"], ["a", "[[swatch:c4]]"]] and table.widths == [3.0, 6.0]
    assert swatch_square(table.rows[1][1]) == "c4"
    assert (figure.text, figure.args) == ("figure", ["board-map", "The board."])
    assert (section.level, section.anchor) == (2, None)


def test_markup_problems_are_located() -> None:
    _, problems = parse("text\n\n::nonsense\n| a | b |\n| c |\n", "chapter.md.j2")
    assert [(p.file, p.line) for p in problems] == [("chapter.md.j2", 3), ("chapter.md.j2", 4)]
    assert "unknown directive '::nonsense'" in problems[0].message
    assert "different numbers of cells" in problems[1].message


def test_inline_markup() -> None:
    out = inline("**Bold** and *italic*, `b10` & [[fig:map]] < [[sec:gates]]",
                 lambda kind, ref: f"<{kind}:{ref}>", "Sans-Semibold")
    assert out == ('<b>Bold</b> and <i>italic</i>, <font face="Sans-Semibold">b10</font> &amp; <fig:map> &lt; '
                   '<sec:gates>')
    assert plain("**A** `b1` *c*") == "A b1 c"


def test_template_filters() -> None:
    assert words(5) == "five" and words(192) == "192"
    assert join_and(["a"]) == "a" and join_and(["a", "b", "c"]) == "a, b and c"
    assert [sentence(t) for t in ("Flags", "Flags.", "Why?", "")] == ["Flags.", "Flags.", "Why?", ""]


def _templates(tmp_path: Path, chapter: str) -> Path:
    folder = tmp_path / "templates"
    (folder / "rulebook").mkdir(parents=True)
    (folder / "rulebook" / "01-only.md.j2").write_text(chapter, encoding="utf-8")
    return folder


def test_a_missing_figure_fails_naming_the_example_and_the_template_line(game, tmp_path: Path) -> None:
    folder = _templates(tmp_path, "# Title\n\nText.\n\n{{ figure(\"no-such-example\") }}\n")
    with pytest.raises(SpecError) as caught:
        Rulebook(game, templates=folder).blocks()
    [problem] = caught.value.problems
    assert problem.file == str(folder / "rulebook" / "01-only.md.j2") and problem.line == 5
    assert "figure 'no-such-example' does not exist" in problem.message
    assert "no-such-example.yaml" in problem.message


@pytest.mark.parametrize("depth, listed", [("", True), (" | chapters", False)])
def test_the_contents_list_sections_unless_asked_for_chapters_only(game, tmp_path: Path, depth: str,
                                                                   listed: bool) -> None:
    folder = _templates(tmp_path, f"::toc Contents{depth}\n::pagebreak\n# First chapter\n\nText.\n\n"
                                  "## A section inside\n\nMore text.\n\n# Second chapter\n\nText.\n")
    pdf = tmp_path / "book.pdf"
    pdf.write_bytes(Rulebook(game, templates=folder).build("a4").pdf)
    contents = bookcheck.page_texts(pdf)[0]
    assert "First chapter" in contents and "Second chapter" in contents
    assert ("A section inside" in contents) is listed


def test_a_contents_depth_that_is_no_depth_is_located() -> None:
    _, problems = parse("# T\n\n::toc Contents | everything\n", "00-cover.md.j2")
    [problem] = problems
    assert (problem.file, problem.line) == ("00-cover.md.j2", 3)
    assert "'::toc' cannot list 'everything'" in problem.message and "| chapters" in problem.hint


def test_template_mistakes_are_located(game, tmp_path: Path) -> None:
    folder = _templates(tmp_path, "# Title\n\n{{ facts.no_such_fact }}\n\n[[sec:nowhere]]\n")
    with pytest.raises(SpecError) as caught:
        Rulebook(game, templates=folder).build("a4")
    [problem] = caught.value.problems
    assert (problem.file, problem.line) == (str(folder / "rulebook" / "01-only.md.j2"), 3)
    folder = _templates(tmp_path / "second", "# Title\n\n[[sec:nowhere]]\n")
    with pytest.raises(SpecError) as caught:
        Rulebook(game, templates=folder).build("a4")
    [problem] = caught.value.problems
    assert problem.line == 3 and "[[sec:nowhere]] refers to no heading" in problem.message


def test_every_chapter_template_is_found() -> None:
    for book in ("rulebook", "reference"):
        names = sorted(p.name for p in (TEMPLATES_ROOT / "dravakron" / book).glob("[0-9][0-9]-*.md.j2"))
        assert names[0].startswith("00-cover") and len(names) > 2, book


LEDGER = """# Rules interpretations

Intro text.

## Movement

1. **Single pieces** — *Movement Rules & Turns*, *No Diagonal Eliminations*.
   A single piece moves one square in any direction. **(issue)**
   > A single piece moves one square
   > in any direction.
2. **Merged pairs** — *Dravacomb*. **Conflict:** the book says two things.
   Reading: exactly two squares along a row or column. **(issue)**
   > A merged pair moves exactly two squares along a row or column.

## Counts

3. **Only engine talk** — *Game Details*. `verify` checks it.
   > Nothing here changes the game.
"""


def test_the_ledger_gives_players_their_own_text() -> None:
    groups, problems = parse_ledger(LEDGER)
    assert problems == []
    assert [g.title for g in groups] == ["Movement", "Counts"]
    one, two = groups[0].entries
    assert (one.number, one.title, one.text, one.conflict) == (
        1, "Single pieces", "A single piece moves one square in any direction.", False)
    assert (two.text, two.conflict) == ("A merged pair moves exactly two squares along a row or column.", True)
    assert groups[1].entries[0].text == "Nothing here changes the game."


def test_an_entry_without_players_text_is_located() -> None:
    ledger = LEDGER.replace("   > Nothing here changes the game.\n", "")
    _, problems = parse_ledger(ledger, "ledger.md")
    [problem] = problems
    assert (problem.file, problem.line) == ("ledger.md", 17)
    assert "entry 3 ('Only engine talk') has no players' text" in problem.message


def test_ledger_problems_are_located() -> None:
    _, problems = parse_ledger("## Group\n\n1. no bold title here\n   > text\n", "ledger.md")
    assert [(p.file, p.line) for p in problems] == [("ledger.md", 3)]


@pytest.mark.parametrize("pages, blanks", [(1, 3), (4, 0), (5, 3), (33, 3), (61, 3), (64, 0)])
def test_booklet_pads_before_the_back_cover(pages: int, blanks: int) -> None:
    order = padded_order(pages)
    assert len(order) % 4 == 0 and order.count(None) == blanks
    assert order[0] == 0 and order[-1] == (pages - 1 if pages > 1 else None)
    assert [i for i in order if i is not None] == list(range(pages))


def test_saddle_stitch_order() -> None:
    # 1-based: sheet 1 front 8|1, back 2|7; sheet 2 front 6|3, back 4|5.
    assert [(a + 1, b + 1) for a, b in sheet_sides(8)] == [(8, 1), (2, 7), (6, 3), (4, 5)]
    for count in (4, 12, 64):
        sides = sheet_sides(count)
        assert sorted(p for side in sides for p in side) == list(range(count))
        for front, back in zip(sides[::2], sides[1::2]):
            # Folded, each sheet's two halves hold pages that face each other across the fold.
            assert front[0] + front[1] == count - 1 and back[0] + back[1] == count - 1
            assert back[0] == front[1] + 1  # turning the page: front right, then back left
    with pytest.raises(ValueError):
        sheet_sides(6)
