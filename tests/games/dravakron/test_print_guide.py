"""The print guide: built from the specs, one or two pages, naming every file kind, paper and component."""
from __future__ import annotations

from pathlib import Path

from generator.model.game import Game
from generator.kit.guide import guide_context, write_guide
from generator.output.inspect_pdf import fonts, page_count, page_text
from generator.kit import KitOptions, kit_file_names
from generator.play.registry import load_components


def _text(path: Path) -> str:
    return " ".join(" ".join(page_text(path, i).split()) for i in range(page_count(path)))


def _context(game: Game, formats: tuple[str, ...], themes: list[str], printer: Path | None) -> dict[str, object]:
    """The guide's context as the kit plans it: for these formats and themes, listing the kit's files."""
    options = KitOptions(formats=formats, themes=tuple(themes), printer=printer, previews=False)
    loaded = [game.theme(t) for t in themes]
    return guide_context(game, formats, loaded, printer, kit_file_names(game, options, loaded, formats))


def test_guide_names_files_papers_edges_and_every_component(game, tmp_path: Path) -> None:
    formats = tuple(game.formats)
    context = _context(game, formats, ["classic", "light", "blank"], None)
    path = tmp_path / "PRINT-GUIDE.pdf"
    pages = write_guide(game, path, context)
    assert pages == page_count(path) and 1 <= pages <= 2
    text = _text(path)
    for fmt in formats:
        assert f"board-{fmt}-THEME.pdf" in text
        assert f"squares {game.format(fmt).square_mm:g} mm" in text
    for phrase in ("100 %", "100 mm scale bar", "long edge", "short edge", "duplex-calibration-PAPER.pdf",
                   "decals-PAPER.pdf", "pieces-FORMAT-foldover.pdf", "rulebook-PAPER.pdf", "rulebook-booklet.pdf",
                   "player-aid.pdf",
                   f"glue strip ({game.format('a4x4').glue_mm:g} mm)", "trim the glued board's outer edges"):
        assert phrase in text, phrase
    components = load_components(game)
    assert f"That is {sum(c.count for c in components.components)} pieces" in text
    assert "Zagmora, form 1" in text and "Zagmora, form 2" in text and "Draxeth playing piece" in text
    assert all(f.embedded for f in fonts(path))


def test_guide_follows_the_printer_profile_and_the_formats_built(game, tmp_path: Path) -> None:
    profile = tmp_path / "short.yaml"
    profile.write_text("name: my-laser\nmargins_mm: 5\nduplex: short\n", encoding="utf-8")
    path = tmp_path / "guide.pdf"
    write_guide(game, path, _context(game, ("a4",), ["light"], profile))
    text = _text(path)
    assert "turning on the short edge" in text and "my-laser" in text
    assert "pieces-FORMAT.pdf A4 or US Letter" not in text and "FORMAT is a4." in text
    assert "board-a3-THEME.pdf" not in text and "several sheets" not in text
