"""Shared fixtures: the Dravakron game, board PDFs built once per test run and every game's books built once per
test session, and the fixture games."""
from __future__ import annotations

import hashlib
import shutil
from pathlib import Path
from typing import Callable

import pytest

import fixture_games  # noqa: F401  (registers the fixture games' engines)
from generator.model.game import SPECS_DIR, Game, load_game
from generator.kit import KitOptions, build
from tests.shared import shared_folder


@pytest.fixture(scope="session")
def game() -> Game:
    """The Dravakron game as the specs describe it."""
    return load_game("dravakron")


@pytest.fixture(scope="session")
def boards(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with Dravakron board PDFs (every format, classic and light), built once per test run."""
    out = shared_folder(tmp_path_factory, "dravakron-boards", lambda folder: build(
        load_game("dravakron"), KitOptions(parts=("board",), themes=("classic", "light"), out=folder, previews=False),
        quiet=True))
    return out / "dravakron"


@pytest.fixture()
def game_copy(tmp_path: Path) -> Path:
    """A writable copy of specs/dravakron, for tests that break it."""
    target = tmp_path / "dravakron"
    shutil.copytree(SPECS_DIR / "dravakron", target)
    return target


#: Builds a game's books (see :func:`game_books`): game id or folder, and whether to make every edition.
BookBuilder = Callable[..., Path]


@pytest.fixture(scope="session")
def game_books(tmp_path_factory: pytest.TempPathFactory) -> BookBuilder:
    """Build a game's books once per test run (shared by every test process); returns the folder that holds them.

    ``game_books("drako")`` writes ``rulebook-a4.pdf``, ``reference-a4.pdf`` and ``player-aid.pdf``;
    ``game_books("drako", every_edition=True)`` also the Letter and booklet editions and the Letter aid (each
    call shares the figures drawn before). A game may be named by its id or by its spec folder.
    """
    from generator.rulebook.book import BOOKS
    from generator.rulebook.files import book_files, player_aid_files

    built: dict[tuple[str, bool], Path] = {}

    def build_books(name: str | Path, every_edition: bool = False) -> Path:
        key = (str(name), every_edition)
        if key not in built:
            game = load_game(name)

            def make_books(out: Path) -> None:
                makers = [m for book in BOOKS for m in book_files(game, book)] + player_aid_files(game, previews=False)
                for file, make in makers:
                    if every_edition or file in (f"{book}-a4.pdf" for book in BOOKS) or file == "player-aid.pdf":
                        make(out / file)

            where = hashlib.sha256(str(game.folder.resolve()).encode()).hexdigest()[:12]
            built[key] = shared_folder(tmp_path_factory, f"books-{game.id}-{where}-{every_edition}", make_books)
        return built[key]

    return build_books
