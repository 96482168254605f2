"""Labels on the board art (zone names, link names, cell names) never cover an emblem, on every board of every game."""
from __future__ import annotations

from pathlib import Path

import pytest

import generator.render.board as board_render
from fixture_games import fixture
from generator.compose.board_sheets import frame_for
from generator.model.game import game_folders, load_game
from generator.render.board import overlaps, render_board

GAMES = sorted(folder.name for folder in game_folders())


def _collisions(game_name: str) -> list[str]:
    game = load_game(game_name)
    found = []
    for fmt in game.formats.values():
        for theme in game.theme_names():
            art = render_board(game, game.theme(theme), fmt.square_mm, frame_for(fmt))
            found += [f"{fmt.name}/{theme}: label {label} on emblem {mark}"
                      for label in art.labels for mark in art.emblems if overlaps(label, mark)]
    return found


@pytest.mark.parametrize("game_name", GAMES)
def test_no_label_covers_an_emblem(game_name: str) -> None:
    assert not _collisions(game_name)


def test_dravakron_zone_name_keeps_off_the_storage_rings_and_is_checked() -> None:
    game = load_game("dravakron")
    art = render_board(game, game.theme("classic"), 15.0, 4.5)
    assert art.labels and len(art.emblems) > 40
    # The zone name's old place, straddling the middle of the zone's top edge, covers two rings: the check sees it.
    zone = next(z for z in game.board.zones if not z.owner)
    painter = board_render.CellPainter(game, game.theme("classic"), 15.0, 4.5)
    xs = [x for s in zone.cells for x, _ in painter.outline(s)]
    top = min(y for s in zone.cells for _, y in painter.outline(s))
    tab = next(box for box in art.labels if abs(box[3] - box[1] - 15.0 * 0.2 * 1.4) < 1e-6)  # the zone's name tab
    w, h = tab[2] - tab[0], tab[3] - tab[1]
    old = ((min(xs) + max(xs) - w) / 2, top - h / 2, (min(xs) + max(xs) + w) / 2, top + h / 2)
    assert sum(overlaps(old, mark) for mark in art.emblems) == 2
    assert not any(overlaps(tab, mark) for mark in art.emblems)


@pytest.mark.parametrize("name", ["race", "claims", "rings"])
def test_fixture_boards_keep_labels_off_emblems(name: str) -> None:
    game = fixture(name)
    for fmt in game.formats.values():
        art = render_board(game, game.theme_for("default"), fmt.square_mm, frame_for(fmt))
        assert not [(label, mark) for label in art.labels for mark in art.emblems if overlaps(label, mark)]


def test_preflight_redraws_each_board_file_and_fails_a_label_on_an_emblem(monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    import generator.kit.preflight as preflight
    from generator.kit import KitOptions

    game = load_game("dravakron")
    (name, ok, detail), = preflight.check_labels_clear(Path("board-a4-classic.pdf"), game, KitOptions())
    assert ok and "none covered" in detail
    real = preflight.render_board

    def covered(*args: object, **kwargs: object) -> board_render.BoardArt:
        art = real(*args, **kwargs)  # type: ignore[arg-type]
        return dataclasses.replace(art, labels=art.labels + (art.emblems[0],))

    monkeypatch.setattr(preflight, "render_board", covered)
    (_, ok, detail), = preflight.check_labels_clear(Path("board-a4-classic.pdf"), game, KitOptions())
    assert not ok and "covers an emblem" in detail
