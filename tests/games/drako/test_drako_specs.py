"""Drako's spec files: the shipped ones load; every kind of mistake gives a located problem with a fix."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.errors import SpecError
from generator.model.game import SPECS_DIR, load_game
from generator.games.drako import PLUGIN
from generator.games.drako.engine import DrakoRules
from generator.games.drako.spec import DECK_SIZE, load_spec


def test_plugin_plays_the_game_yaml_rules() -> None:
    game = load_game("drako")
    assert PLUGIN.rules == game.rules == "drako"
    engine = PLUGIN.make_rules(game)
    assert isinstance(engine, DrakoRules) and engine.players == ("dragon", "dwarves")
    assert engine.layout_problems() == []


def test_shipped_specs() -> None:
    spec = load_spec(load_game("drako"))
    assert all(len(deck) == DECK_SIZE for deck in spec.decks.values())
    assert spec.grid.radius == 3 and spec.dragon_start == "d4" and spec.dwarf_starts == ("d6", "f2", "b2")
    assert [d.ability for d in spec.dwarves] == ["fury", "net", "archery"]
    assert len({d.spaces for d in spec.dwarves}) == 3
    assert sum(spec.dragon_spaces) + sum(d.spaces for d in spec.dwarves) <= spec.wound_markers == 25
    assert spec.armour == 4 and spec.first_game and not spec.exchange_opening_hand


@pytest.fixture()
def folder(tmp_path: Path) -> Path:
    """A writable copy of specs/drako."""
    target = tmp_path / "drako"
    shutil.copytree(SPECS_DIR / "drako", target)
    return target


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _problems(folder: Path) -> list[str]:
    with pytest.raises(SpecError) as caught:
        load_spec(load_game(folder))
    return [f"{Path(p.file).name}:{p.line}: {p.message} | {p.hint}" for p in caught.value.problems]


@pytest.mark.parametrize("file, old, new, expected", [
    ("decks.yaml", "{options: [move 2], count: 3}", "{options: [move 2], count: 2}",
     "decks.yaml:23: the dwarf deck holds 37 cards"),
    ("decks.yaml", "[move 2], count: 3", "[shield 2], count: 3", "decks.yaml:23: 'shield' is not a symbol"),
    ("decks.yaml", "[attack 2], count: 4}\n  - {options: [attack 2, move 1]",
     "[attack 3], count: 4}\n  - {options: [attack 2, move 1]", "needs a value of 1 or 2, found '3'"),
    ("decks.yaml", "[net], count: 3", "[net 2], count: 3", "'net' takes no value"),
    ("decks.yaml", "[move 1, defence], count: 4", "[move 1, move 2], count: 4", "shows one symbol twice"),
    ("decks.yaml", "[move-two 1], count: 2", "[move 2], count: 2", "card M2 is listed twice"),
    ("decks.yaml", "{options: [net], count: 3}", "{options: [net], count: 3, colour: red}", "unknown key 'colour'"),
    ("decks.yaml", "dragon: {move: [1, 2], attack: [1, 3]", "dragon: {move: [1, 2], attack: [1, 2]",
     "'attack' needs a value of 1 or 2, found '3'"),
    ("decks.yaml", "fire: [1, 3]}", "fire: [3, 1]}", "decks.yaml:21: the lowest number of 'fire' (3) is above"),
    ("decks.yaml", "crossbow: [1, 2]}", "crossbow: [1, 2], net: [1, 1]}", "decks.yaml:20: unknown key 'net'"),
    ("decks.yaml", ", crossbow: [1, 2]}", "}", "decks.yaml:20: missing required key 'crossbow'"),
    ("mats.yaml", "ability: net, spaces: 5", "ability: fury, spaces: 5", "must hold each of fury, net, archery once"),
    ("mats.yaml", "ability: net, spaces: 5", "ability: net, spaces: 6", "different number of wound spaces"),
    ("mats.yaml", "wound_markers: 25", "wound_markers: 20", "mats.yaml:5: the mats have 24 wound spaces but only 20"),
    ("mats.yaml", "{ability: fire, spaces: 1}", "{ability: fire, spaces: 0}", "out of range"),
    ("game.yaml", "decks: decks.yaml", "deck: decks.yaml", "unknown key 'deck'"),
    ("game.yaml", "first_game: true", "first_game: yes please", "expected true or false"),
    ("game.yaml", "mats: mats.yaml", "mats: missing.yaml", "mats file 'missing.yaml' does not exist"),
    ("board.yaml", "at: [d6, f2, b2]", "at: [d5, f2, b2]", "dwarf-start hex d5 is next to"),
    ("board.yaml", "at: [d6, f2, b2]", "at: [d6, f2]", "needs three dwarf-start hexes"),
])
def test_bad_specs_are_located(folder: Path, file: str, old: str, new: str, expected: str) -> None:
    _edit(folder / file, old, new)
    problems = _problems(folder)
    assert any(expected in p for p in problems), problems
    assert all(" | " in p and not p.endswith(" | ") for p in problems), "every problem has a fix"


def test_options_are_required(folder: Path) -> None:
    path = folder / "game.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("options:")
    path.write_text(text[:start] + text[text.index("players:"):], encoding="utf-8")
    assert any("needs 'options'" in p for p in _problems(folder))


def test_square_board_is_refused(folder: Path) -> None:
    _edit(folder / "board.yaml", "  shape: hex\n  radius: 3\n  orientation: flat\n  naming: columns",
          "  shape: square\n  columns: 7\n  rows: 7")
    _edit(folder / "board.yaml", "at: [d4]", "at: [d4]")
    _edit(folder / "board.yaml", "at: [d6, f2, b2]", "at: [d6, f2, b2]")
    assert any("hex board" in p for p in _problems(folder))


def test_a_bigger_board_is_read_from_the_spec(folder: Path) -> None:
    _edit(folder / "board.yaml", "radius: 3", "radius: 4")
    _edit(folder / "board.yaml", "at: [d4]", "at: [e5]")
    _edit(folder / "board.yaml", "at: [d6, f2, b2]", "at: [e8, h2, b2]")
    engine = DrakoRules(load_spec(load_game(folder)))
    assert len(engine.core.tables.names) == 61
    state = engine.new_game()
    assert engine.core.tables.names[state.dragon] == "e5"
