"""The studio's state: where it writes, the games it has loaded, and what a person has chosen for a kit.

Everything the studio writes goes to one of two places: its temporary folder
(made at start, removed at the end: drafts of themes and printer profiles
that previews read, uploads, builds) and the output folder (the themes and
printer profiles a person saves, and the books it builds for the links of
the games page, where ``boardkit print`` would build them). Every name that
becomes a file passes the package's checks (:data:`SAFE_NAME`, :func:`inside`).
"""
from __future__ import annotations

import hashlib
import shutil
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path

from . import shared

#: The output folder's sub-folder for what the studio saves (themes, printer profiles).
STUDIO_FOLDER = "studio"
#: The papers a kit is printed on, as the print formats name them, with their names for people.
PAPERS = {"A4": "A4", "letter": "US Letter"}


def safe_name(name: str) -> bool:
    """True when ``name`` may name a file (ASCII letters, digits, '-' and '_'): the check of every name of the kit."""
    return shared.matches(shared.SAFE_NAME, name)


@dataclass
class Workspace:
    """The folders, loaded games and build locks of one running studio."""

    out: Path
    temp: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="boardkit-studio-")))
    _games: dict[str, shared.Game] = field(default_factory=dict)
    _locks: dict[str, threading.Lock] = field(default_factory=dict)
    _guard: threading.Lock = field(default_factory=threading.Lock)
    #: Held while a build runs in this process: the kit's build keeps its jobs in one list per process, so two
    #: builds (of two games, or a kit and a book) take turns.
    building: threading.Lock = field(default_factory=threading.Lock)

    def close(self) -> None:
        """Remove the temporary folder and everything in it."""
        shutil.rmtree(self.temp, ignore_errors=True)

    def game_ids(self) -> list[str]:
        """Every game under specs/, by folder name."""
        return [folder.name for folder in shared.game_folders()]

    def game(self, game_id: str) -> shared.Game:
        """A game by id, loaded once (its specs checked, its engine made on first use); a located error for a game
        that is not there or does not load."""
        with self._guard:
            if game_id not in self._games:
                if game_id not in self.game_ids():
                    shared.load_game(game_id)  # raises the command line's error, with the names there are
                self._games[game_id] = shared.load_game(game_id)
            return self._games[game_id]

    def lock(self, game_id: str) -> threading.Lock:
        """The lock that lets one build of a game run at a time."""
        with self._guard:
            return self._locks.setdefault(game_id, threading.Lock())

    def saved(self, *parts: str) -> Path:
        """A folder of saved files under ``OUT/studio/`` (each part a checked name)."""
        folder = shared.inside(self.out, STUDIO_FOLDER)
        for part in parts:
            folder = shared.inside(folder, part)
        return folder

    def themes_folder(self, game_id: str) -> Path:
        """Where the studio saves a game's themes: ``OUT/studio/<game>/themes/``."""
        return self.saved(game_id, "themes")

    def printers_folder(self) -> Path:
        """Where the studio saves printer profiles: ``OUT/studio/printers/``."""
        return self.saved("printers")

    def scratch(self, kind: str, text: str, name: str) -> Path:
        """Write ``text`` as file ``name`` in a folder of the temporary folder named for its content; its path.

        Drafts and uploads are read by the same loaders as files given on the command line, so their problems
        are located the same way (the file name is the one a person gave, or the name they will save as).
        """
        if Path(name).name != name or name.startswith(".") or "\0" in name or len(name) > 120:
            name = f"{kind.rstrip('s')}.yaml"  # a name with a folder in it is never followed
        digest = hashlib.sha256(f"{name}\0{text}".encode()).hexdigest()[:16]
        folder = self.temp / kind / digest
        path = folder / name
        if not path.is_file():
            folder.mkdir(parents=True, exist_ok=True)
            shared.save_atomically(path, text.encode("utf-8"))
        return path


@dataclass(frozen=True)
class Selection:
    """What a person chose for a kit: paper, board formats, themes, printer profile, parts and cutting machines.

    Themes and profiles are named as on the command line (a built-in name) or as ``<name>.yaml``, a file the
    studio saved; :meth:`theme_refs` and :meth:`printer_ref` turn them into what :func:`kit_options` takes.
    """

    paper: str
    formats: tuple[str, ...]
    themes: tuple[str, ...]
    printer: str
    parts: tuple[str, ...] | None = None
    printer_file: Path | None = None  # a draft profile in the temporary folder, in place of ``printer``
    cut: tuple[str, ...] = ()  # cutting machines to make cut files for (``boardkit print --cut``)

    def theme_refs(self, space: Workspace, game_id: str) -> tuple[str, ...]:
        """The themes as the kit takes them: built-in names, and the paths of saved theme files."""
        return tuple(str(saved_file(space.themes_folder(game_id), t)) if t.endswith(".yaml") else t
                     for t in self.themes)

    def printer_ref(self, space: Workspace) -> str | None:
        """The printer profile as the kit takes it: None for the default, a built-in name, a saved or draft file."""
        if self.printer_file is not None:
            return str(self.printer_file)
        if self.printer.endswith(".yaml"):
            return str(saved_file(space.printers_folder(), self.printer))
        return None if self.printer == shared.DEFAULT_PRINTER else self.printer

    def options(self, space: Workspace, game: shared.Game, *, parts: tuple[str, ...] | None = None,
                formats: tuple[str, ...] | None = None, themes: tuple[str, ...] | None = None,
                out: Path | None = None) -> shared.KitOptions:
        """The kit options of this selection (or of some of it), as ``boardkit print`` would make them."""
        return shared.kit_options(game, parts if parts is not None else self.parts, self.printer_ref(space),
                                  formats=formats or self.formats, themes=themes or self.theme_refs(space, game.id),
                                  out=out or space.out, cut=self.cut)


def saved_file(folder: Path, ref: str) -> Path:
    """The saved file ``ref`` (``<name>.yaml``) in ``folder``; a :class:`UserError` for a name that is not safe or a
    file that is not there."""
    stem = ref[:-len(".yaml")]
    if not safe_name(stem):
        raise shared.UserError(f"'{ref}' cannot name a saved file: use ASCII letters (a-z, A-Z), digits, '-' and '_'")
    path = shared.inside(folder, ref)
    if not path.is_file():
        raise shared.UserError(f"no saved file {ref} in {folder}; save it on the studio's colours or printer page")
    return path


def saved_names(folder: Path) -> list[str]:
    """The saved files of a folder (``<name>.yaml``), sorted."""
    return sorted(p.name for p in folder.glob("*.yaml") if safe_name(p.stem)) if folder.is_dir() else []


def paper_formats(game: shared.Game, paper: str) -> list[str]:
    """The game's board formats whose pieces, cards and books print on ``paper`` (A4 or letter)."""
    return [name for name, fmt in game.formats.items() if fmt.small_paper == paper]


def selection_from(game: shared.Game, space: Workspace, query: dict[str, list[str]]) -> Selection:
    """The selection a game page's form asks for; what it leaves out is the kit's default for the paper."""
    paper = (query.get("paper") or ["A4"])[0]
    if paper not in PAPERS:
        raise shared.UserError(f"unknown paper '{paper}'; papers: {', '.join(PAPERS)}")
    for name in query.get("format", []):
        game.format(name)  # an unknown name is the command line's located error
    on_paper = paper_formats(game, paper)
    formats = tuple(f for f in query.get("format", []) if f in on_paper) or tuple(on_paper)
    themes = tuple(query.get("theme") or game.theme_names())
    printer = (query.get("printer") or [shared.DEFAULT_PRINTER])[0]
    if not printer.endswith(".yaml"):
        shared.printer_path(printer)  # a name that is not a built-in profile is the command line's located error
    parts = tuple(query["part"]) if query.get("part") else None
    cut = shared.check_machines(tuple(query.get("cut", [])))  # a name that is no machine: the command line's error
    return Selection(paper, formats, themes, printer, parts, cut=cut)


def smallest(game: shared.Game, formats: list[str] | tuple[str, ...]) -> str:
    """Of ``formats``, the one printed on the fewest and smallest sheets (what a preview shows first)."""
    return min(formats, key=lambda f: (game.format(f).sheet_count, game.format(f).page_mm[0] * game.format(f).page_mm[1]))
