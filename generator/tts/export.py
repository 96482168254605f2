"""Writing a game's Tabletop Simulator export into ``OUT/<game>/tts/``: the save, its thumbnail, its pictures and
its books.

Everything is checked first (the format, the theme, the image base, the
game's set-up against its engine, the save against its schema), then drawn,
then written into a hidden folder beside the old export and moved into place:
a failed export leaves the last one as it was, never half a new one.
"""
from __future__ import annotations

import os
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from ..errors import SpecError, UserError
from ..model.game import Game
from ..output.outfiles import build_lock, inside
from ..play.registry import plugin_for, rules_for
from ..play.setup import setup_problems
from .note import setup_note
from .save import save_document, save_json, save_problems
from .setup import table_setup
from .table import Images, lay_table

#: The folder of the export, in the game's output folder.
FOLDER = "tts"
#: The books a save holds, each as the file the kit builds and the name the table shows.
DOCUMENTS = (("rulebook-a4.pdf", "Rulebook"), ("player-aid.pdf", "Player aid"))
#: What a save's name may hold: it names the save file and its thumbnail, which players copy between systems.
_SAVE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _-]*$")
#: The hidden folder an export is written into before it is moved into place.
_PARTIAL = ".tts-export.partial"


@dataclass(frozen=True)
class TtsOptions:
    """What to export: the theme (a built-in name or a theme file; the game's default when None), the print
    format whose cells and pieces the table copies (the first when None), the URL the pictures and books are
    shared from (``file:///`` paths to the export's folder when None), the seed of what is shuffled, the output
    folder, and a folder where the game's rulebook and player aid are built already (built anew when None)."""

    theme: str | None = None
    format: str | None = None
    image_base: str | None = None
    seed: int = 0
    out: Path = Path("output")
    books: Path | None = None


@dataclass(frozen=True)
class Exported:
    """What an export wrote: its folder, the save, the thumbnail and every other file, by name."""

    folder: Path
    save: Path
    thumbnail: Path
    files: tuple[str, ...]


def image_base(base: str | None, folder: Path) -> str:
    """The URL every picture's and book's name is appended to: ``base`` ending in a slash, or the ``file:///``
    URL of ``folder``; :class:`UserError` for a base the program could not load from."""
    if base is None:
        return folder.resolve().as_uri() + "/"
    parts = urlsplit(base)
    if parts.scheme in ("http", "https") and parts.netloc and not any(c.isspace() for c in base) \
            and not parts.query and not parts.fragment:
        return base if base.endswith("/") else base + "/"
    if parts.scheme == "file" and not parts.netloc and parts.path.startswith("/"):
        where = Path(parts.path)
        if not where.is_dir() or not os.access(where, os.W_OK):
            raise UserError(f"--image-base {base}: there is no folder there you may copy the pictures into; create "
                            "it, or give the web address the pictures will be shared from")
        return where.resolve().as_uri() + "/"
    raise UserError(f"--image-base {base!r}: the program cannot load pictures from there; give a web address "
                    "(https://example.org/my-game/) or a folder as file:///path/to/folder/, without spaces, "
                    "'?' or '#' (write a space as %20)")


def save_name(game: Game) -> str:
    """The save's file name without its suffix: the game's title; :class:`UserError` for a title a file name
    cannot hold."""
    if not _SAVE_NAME.fullmatch(game.title):
        raise UserError(f"the title {game.title!r} cannot name the save file: it may hold ASCII letters, digits, "
                        "spaces, '-' and '_' only; change 'title:' in game.yaml")
    return game.title


def export_tts(game: Game, options: TtsOptions) -> Exported:
    """Export ``game`` to Tabletop Simulator into ``options.out/<game>/tts/`` (see the module's description)."""
    fmt = game.format(options.format or next(iter(game.formats)))
    theme = game.theme(options.theme or game.theme_names()[0])
    problems = setup_problems(game, rules_for(game))
    if problems:
        raise SpecError(problems)
    parent = inside(options.out, game.id)
    folder = inside(parent, FOLDER)
    name = save_name(game)
    images = Images(image_base(options.image_base, folder))
    setup = table_setup(game, options.seed)
    note = setup_note(game)
    books = DOCUMENTS if plugin_for(game).book is not None else ()
    table = lay_table(game, theme, fmt, setup, images, options.seed,
                      [(shown, images.url(file)) for file, shown in books], note)
    save = save_document(game.title, game.id, table.objects)
    found = save_problems(save)
    if found:
        raise UserError(f"the save of {game.title} breaks its schema (a fault of the export, please report it): "
                        + "; ".join(found[:5]))
    thumbnail = table.thumbnail().png()
    with build_lock(parent, lambda message: print(f"note: {message}")) as writable:
        if not writable:
            raise UserError(f"cannot write into {parent}: the folder is read-only; make it writable, or export "
                            "into another folder with --out")
        for leftover in parent.glob(f".*{_PARTIAL}"):
            shutil.rmtree(leftover, ignore_errors=True)
        staging = Path(tempfile.mkdtemp(prefix=".", suffix=_PARTIAL, dir=parent))
        try:
            for file, data in sorted(images.files.items()):
                inside(staging, file).write_bytes(data)
            for file, _ in books:
                _book(game, file, inside(staging, file), options.books)
            (staging / f"{name}.json").write_text(save_json(save), encoding="utf-8")
            (staging / f"{name}.png").write_bytes(thumbnail)
            _move_into_place(staging, folder)
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
    files = tuple(sorted(images.files) + [file for file, _ in books])
    return Exported(folder, folder / f"{name}.json", folder / f"{name}.png", files)


def _book(game: Game, file: str, path: Path, built: Path | None) -> None:
    """Write one of the game's books to ``path``: a copy of the one in ``built`` when it is there, else made."""
    if built is not None and (built / file).is_file():
        shutil.copyfile(built / file, path)
        return
    from ..rulebook.files import book_files, player_aid_files

    makers = dict(book_files(game, "rulebook") + player_aid_files(game, previews=False))
    makers[file](path)


def _move_into_place(staging: Path, folder: Path) -> None:
    """Replace ``folder`` by the finished ``staging`` folder: the old export is moved aside first, then removed."""
    os.chmod(staging, 0o777 & ~_umask())
    old = None
    if folder.exists():
        old = Path(tempfile.mkdtemp(prefix=".", suffix=".tts-old" + _PARTIAL, dir=folder.parent))
        os.replace(folder, old / FOLDER)
    os.replace(staging, folder)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def _umask() -> int:
    """The process's file-creation mask (read by setting it and setting it back)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask

