"""Walk every spec format of every game: each value broken in a few ways gives a located SpecError, never a crash.

Every file under a game's folder is read, each leaf value (of the first
entry of every list, which stands for the rest) is replaced by a wrong one,
and the loaders that read that file run as a build would. Anything but
success or a :class:`SpecError` (or :class:`UserError`) is an internal error
a user would meet.
"""
from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.compose.board_sheets import board_pages
from generator.errors import SpecError, UserError
from generator.model.game import Game, game_folders, load_game
from generator.kit import KitOptions, plan
from generator.play.examples import check_rule_example, load_rule_example
from generator.play.registry import rules_for, variant_rules
from generator.model.printers import PRINTERS_DIR, load_printer
from generator.model.printspec import PAPER_MM

FIXTURES = Path(__file__).parent / "fixtures"
GAMES = [*game_folders(), FIXTURES / "race", FIXTURES / "claims"]
#: Wrong values by the type of the value they replace (each leaf gets the next one in turn).
WRONG: dict[type, list[Any]] = {
    int: [float("nan"), -1, 0, "many", 2.5, None],
    float: [float("inf"), -1.0, 0, "wide", 1e4, None],
    str: ["", "zz99", 7, "a\x00b", ["x"], "Bad Name!", None],
    bool: ["maybe", 3],
}
#: The kit parts whose planning reads specs (the books only read what the game already loaded).
PLANNED = ("board", "pieces", "calibration", "decals")
#: Example files walked per game (the first and the last by name).
EXAMPLES_WALKED = 2


def _leaves(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _leaves(value, path + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data[:1]):
            yield from _leaves(value, path + (index,))
    else:
        yield path, data


def _replaced(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    copy = dict(data) if isinstance(data, dict) else list(data)
    copy[path[0]] = _replaced(data[path[0]], path[1:], value)
    return copy


def _game_checks(folder: Path) -> Callable[[], object]:
    """What a build reads of a game's own files (the rule examples are walked on their own).

    For games whose kit plans today, the kit's plan (layouts, components, profile) runs in the default theme,
    and the board of the first format is drawn (as SVG: the renderers meet the specs there).
    """
    def load() -> object:
        game = load_game(folder)
        rules_for(game).layout_problems()
        if plans:
            theme = game.theme_names()[0]
            plan(game, KitOptions(parts=PLANNED, themes=(theme,), previews=False), lambda _: None)
            board_pages(game, game.theme(theme), next(iter(game.formats.values())))
        return game

    try:
        plans = True
        load()
    except (SpecError, UserError, ValueError):
        plans = False
    return load


def _example_check(game: Game, path: Path) -> Callable[[], object]:
    rules = rules_for(game)

    def load() -> object:
        return check_rule_example(load_rule_example(path, rules, game.board.grid, variant_rules(game)))

    return load


def _printer_check(path: Path) -> Callable[[], object]:
    def load() -> object:
        profile = load_printer(path)
        return [profile.setup(paper) for paper in PAPER_MM]

    return load


def _targets(folder: Path) -> list[tuple[Path, Callable[[], object]]]:
    """The spec files of a game copied to ``folder``, each with the check that reads it."""
    game = load_game(folder)
    examples = game.path("examples")
    walked = sorted(examples.glob("*.yaml")) if examples and examples.is_dir() else []
    walked = walked[:1] + walked[-1:] if len(walked) > EXAMPLES_WALKED else walked
    targets = [(path, _example_check(game, path)) for path in walked]
    others = sorted(p for p in folder.rglob("*.yaml") if examples is None or examples not in p.parents)
    game_check = _game_checks(folder)
    return targets + [(path, game_check) for path in others]


def _walk(path: Path, check: Callable[[], object]) -> list[str]:
    original = path.read_text(encoding="utf-8")
    data = yaml.safe_load(original)
    crashes = []
    try:
        for n, (key, value) in enumerate(_leaves(data)):
            wrong = WRONG.get(type(value), WRONG[str])
            bad = wrong[n % len(wrong)]
            path.write_text(yaml.safe_dump(_replaced(data, key, bad), allow_unicode=False), encoding="utf-8")
            try:
                check()
            except (SpecError, UserError):
                pass
            except Exception as exc:  # noqa: BLE001 - what the test looks for
                crashes.append(f"{path.name} {'.'.join(map(str, key))} = {bad!r}: {type(exc).__name__}: {exc}")
    finally:
        path.write_text(original, encoding="utf-8")
    return crashes


@pytest.mark.parametrize("source", GAMES, ids=[g.name for g in GAMES])
def test_no_spec_mistake_ends_in_an_internal_error(source: Path, tmp_path: Path) -> None:
    folder = tmp_path / "specs" / source.name
    shutil.copytree(source.parent, tmp_path / "specs", dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("*.md")) if source.parent.name == "specs" else \
        shutil.copytree(source, folder)
    crashes = []
    for path, check in _targets(folder):
        crashes += _walk(path, check)
    assert not crashes, "\n".join(crashes)


def test_no_printer_profile_mistake_ends_in_an_internal_error(tmp_path: Path) -> None:
    path = tmp_path / "printer.yaml"
    shutil.copy(PRINTERS_DIR / "default.yaml", path)
    path.write_text(path.read_text(encoding="utf-8") + "papers:\n  A4: {margins_mm: {top: 1, right: 2, bottom: 3, "
                    "left: 4}, duplex_offset_mm: {x: 1, y: 2}}\n", encoding="utf-8")
    assert not _walk(path, _printer_check(path))
