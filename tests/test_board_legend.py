"""What a board and its sheets say of themselves, in the game's own words, and what its legend shows: hex games say
hexes (PDF Subject, side panel, punch-sheet heading), pieces that share one back say so, and a player's swatch is
a printed piece of theirs, each sample inside its frame."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pikepdf
import pytest

from generator.model.game import load_game
from generator.output.inspect_pdf import page_text
from generator.kit import board_job
from generator.play.looks import player_looks
from generator.kit.piece_kit import piece_files
from generator.play.registry import pieces_for
from generator.render.legend import render_legend

SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("name,word", [("dragon-eyes", "Hexes"), ("drako", "Hexes"), ("patrakill", "Squares")])
def test_a_board_file_says_its_cells_word(name: str, word: str, tmp_path: Path) -> None:
    game = load_game(name)
    fmt = game.format("a4")
    path = tmp_path / "board.pdf"
    board_job(game, game.theme("classic"), "a4", False, None).make(path)
    with pikepdf.open(path) as pdf:
        subject = str(pdf.docinfo["/Subject"])
    text = page_text(path, 0)
    across = " across" if word == "Hexes" else ""
    assert subject == f"{game.title} board, {word.lower()} {fmt.square_mm:g} mm{across}"
    assert f"{word} {fmt.square_mm:g} mm{across}" in text
    assert ("Squares" in text) == (word == "Squares")


def test_dragon_eyes_punch_sheets_say_hexes_and_one_back_for_all(tmp_path: Path) -> None:
    game = load_game("dragon-eyes")
    fmt = game.format("a4")
    files = dict(piece_files(game, game.theme("classic"), ("a4",), None, False))
    for name in ("pieces-a4.pdf", "pieces-a4-foldover.pdf"):
        pdf = tmp_path / name
        files[name](pdf)
        text = " ".join(page_text(pdf, 0).split())
        assert f"For the a4 board (hexes {fmt.square_mm:g} mm across)" in text, name
        assert "every piece has the same back" in text and "has a different back" not in text, name
        assert "squares" not in text, name


def _legend(name: str, theme: str = "classic") -> ET.Element:
    game = load_game(name)
    group, _ = render_legend(game, game.theme(theme), 60.0, 9.0, 6.0)
    return ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{group.tostring()}</svg>')


def test_a_players_swatch_is_a_printed_piece_of_theirs() -> None:
    """Ejderhalar: player one's round tokens, player two's square ones, each striped in the colours their dragons'
    tokens are printed in (not a red and a blue square)."""
    game = load_game("ejderhalar")
    root = _legend("ejderhalar")
    swatches = [g for g in root.iter(f"{SVG}g") if "token-swatch" in (g.get("class") or "")]
    assert [g.get("class") for g in swatches] == ["token-swatch shape-disc", "token-swatch shape-square"]
    components = pieces_for(game)
    assert components is not None
    palette = components.palette(game.theme("classic"))
    for swatch, player in zip(swatches, game.players):
        printed = {palette[c.front.ground] for c in components.components if c.owner == player.id}
        fills = {p.get("fill") for p in swatch.iter(f"{SVG}polygon")} - {"none"}
        assert fills == printed and len(printed) > 1
    assert game.theme("classic").colour(game.players[0].colour) not in {
        p.get("fill") for s in swatches for p in s.iter(f"{SVG}polygon")}
    looks = player_looks(load_game("patrakill"))
    assert looks["knights"][0].shape == "square" and looks["dragon"][0].shape == "disc"


def _points(element: ET.Element) -> list[tuple[float, float]]:
    if element.tag == f"{SVG}rect":
        x, y, w, h = (float(element.get(k, 0)) for k in ("x", "y", "width", "height"))
        return [(x, y), (x + w, y + h)]
    if element.tag == f"{SVG}circle":
        cx, cy, r = (float(element.get(k, 0)) for k in ("cx", "cy", "r"))
        return [(cx - r, cy - r), (cx + r, cy + r)]
    return [tuple(map(float, p.split(","))) for p in element.get("points", "").split()]  # type: ignore[misc]


@pytest.mark.parametrize("name", ["dragon-eyes", "drako", "dravakron", "patrakill", "ejderhalar"])
def test_every_legend_sample_stays_inside_its_frame(name: str) -> None:
    """Each sample cell (drawn at the legend's scale and moved into place) lies within the 6 mm swatch, and a hex
    board's sample is framed by a hexagon."""
    legend = _legend(name)[0]
    game = load_game(name)
    frames = [e for e in legend if e.get("fill") == "none" and e.tag in (f"{SVG}rect", f"{SVG}polygon")]
    samples = [e for e in legend if e.tag == f"{SVG}g" and (e.get("transform") or "").startswith("translate")]
    assert len(frames) == len(samples) > 0
    for frame, sample in zip(frames, samples):
        fx = [x for x, _ in _points(frame)]
        fy = [y for _, y in _points(frame)]
        dx, dy = map(float, re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)", sample.get("transform", "")).groups())
        shape = next(iter(sample))
        ground = shape if shape.tag == f"{SVG}polygon" else next(iter(shape))
        for x, y in _points(ground):
            assert min(fx) - 0.05 <= x + dx <= max(fx) + 0.05 and min(fy) - 0.05 <= y + dy <= max(fy) + 0.05
        if game.board.grid.shape == "hex":
            assert frame.tag == f"{SVG}polygon" and len(_points(frame)) == 6
