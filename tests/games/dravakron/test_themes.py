"""Themes: inheritance, user files, accessibility warnings and ink use."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from generator.compose.board_sheets import board_pages
from generator.output.inspect_pdf import ink_coverage, render_page
from generator.output.pdf import PdfOptions, write_pdf
from generator.kit.preflight import LIGHT_INK_LIMIT
from generator.model.theme import accessibility_warnings, contrast


def test_builtin_themes_inherit_every_colour(game) -> None:
    classic, light, blank = (game.theme(n) for n in ("classic", "light", "blank"))
    assert set(light.colours) == set(classic.colours) == set(blank.colours)
    assert light.colours["gate-blue"] == classic.colours["gate-blue"]
    assert light.outline and not classic.outline and not blank.show_features


def test_builtin_themes_pass_the_accessibility_checks(game) -> None:
    gates = [g.colour for g in game.board.links]
    for name in game.theme_names():
        assert accessibility_warnings(game.theme(name), gates) == []


def test_user_theme_changes_the_printed_colour(game, tmp_path: Path) -> None:
    mine = tmp_path / "mine.yaml"
    mine.write_text("name: mine\nbase: classic\ncolours:\n  gate-blue: '#0a2f8f'\n", encoding="utf-8")
    theme = game.theme(mine)
    assert theme.colours["gate-blue"] == "#0a2f8f"
    assert theme.colours["gate-teal"] == game.theme("classic").colours["gate-teal"]
    pages, _, _ = board_pages(game, theme, game.format("a4"))
    assert 'fill="#0a2f8f"' in pages[0]
    assert 'fill="#1f4fd1"' not in pages[0]


def test_low_contrast_and_look_alike_gates_are_warned(game, tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("base: classic\ncolours:\n  frame-text: '#3a2f25'\n  gate-teal: '#1f4fd2'\n", encoding="utf-8")
    warnings = accessibility_warnings(game.theme(bad), [g.colour for g in game.board.links])
    assert any("'frame-text' on 'frame'" in w and "below 4.5:1" in w for w in warnings)
    assert any("'gate-blue' and 'gate-teal' look alike" in w for w in warnings)


def test_contrast_matches_wcag_reference_values() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert round(contrast("#777777", "#ffffff"), 2) == 4.48


def test_light_theme_uses_markedly_less_ink(game, tmp_path: Path) -> None:
    """The ink saver leaves every unmarked square of both halves white (read from the printed page) and uses at most
    40 % of classic's ink."""
    coverage, plain = {}, {}
    board = game.board
    squares = [s for s in board.squares if board.mark_at(s) is None and board.link_at(s) is None
               and board.link_to(s) is None and (board.zone_of(s) is None or board.zone_of(s).owner)]
    assert len(squares) > 100
    for name in ("classic", "light"):
        pages, tiles, art = board_pages(game, game.theme(name), game.format("a4"))
        pdf = write_pdf(pages, tmp_path / f"{name}.pdf", PdfOptions(name))
        coverage[name] = ink_coverage(render_page(pdf, 0, 36))
        image = render_page(pdf, 0, 72).convert("L")
        (ox, oy), px = tiles[0].offset, 72 / 25.4
        plain[name] = [image.getpixel((round((art.frame + x * art.cell + ox) * px),
                                       round((art.frame + y * art.cell + oy) * px)))
                       for x, y in (board.grid.centre(s) for s in squares)]
    print(f"ink coverage: classic {coverage['classic']:.1%}, light {coverage['light']:.1%}")
    assert coverage["light"] <= LIGHT_INK_LIMIT * coverage["classic"]
    assert min(plain["light"]) >= 250, "a plain square of the light board is tinted"
    assert max(plain["classic"]) < 250, "classic tints its squares (the check sees a tint)"


def test_cli_warns_about_a_user_theme_and_still_builds(tmp_path: Path) -> None:
    theme = tmp_path / "dim.yaml"
    theme.write_text("name: dim\nbase: light\ncolours:\n  frame-text: '#dddddd'\n", encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "generator", "print", "--part", "board", "--format", "a4",
                             "--theme", str(theme), "--out", str(tmp_path / "out"), "--no-preview"],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "warning: theme dim: text colour 'frame-text' on 'frame'" in result.stderr
    assert (tmp_path / "out/dravakron/board-a4-dim.pdf").is_file()
