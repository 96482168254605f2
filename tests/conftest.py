"""Shared fixtures: the Dravakron game, board PDFs built once per test session, and the fixture games."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import fixture_games  # noqa: F401  (registers the fixture games' engines)
from generator.game import SPECS_DIR, Game, load_game
from generator.kit import KitOptions, build


@pytest.fixture(scope="session")
def game() -> Game:
    """The Dravakron game as the specs describe it."""
    return load_game("dravakron")


@pytest.fixture(scope="session")
def boards(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with Dravakron board PDFs (every format, classic and light)."""
    out = tmp_path_factory.mktemp("kit")
    build(load_game("dravakron"), KitOptions(parts=("board",), themes=("classic", "light"), out=out,
                                             previews=False), quiet=True)
    return out / "dravakron"


@pytest.fixture()
def game_copy(tmp_path: Path) -> Path:
    """A writable copy of specs/dravakron, for tests that break it."""
    target = tmp_path / "dravakron"
    shutil.copytree(SPECS_DIR / "dravakron", target)
    return target
