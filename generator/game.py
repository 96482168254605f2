"""A game: every spec file of one folder under specs/, loaded and cross-checked together."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .board import Board, load_board
from .errors import Problem, SpecError
from .render.emblems import EMBLEMS, register_folder
from .printspec import PrintFormat, load_print
from .theme import Theme, load_theme
from .validate import check_schema, did_you_mean
from .yamlsource import Document, load_document

#: Where the specs live, relative to the repository.
SPECS_DIR = Path(__file__).resolve().parent.parent / "specs"


@dataclass(frozen=True)
class Player:
    """A side of the game."""

    id: str
    name: str
    colour: str
    emblem: str


@dataclass(frozen=True)
class Item:
    """A token that lives on the board apart from the players' pieces, of a kind the game names."""

    id: str
    kind: str
    name: str
    form: int | None = None
    owner: str | None = None
    colour: str | None = None


@dataclass
class Game:
    """Everything the specs say about one game."""

    id: str
    folder: Path
    name: str
    title: str
    designer: str
    rules: str
    players: list[Player]
    items: list[Item]
    board: Board
    formats: dict[str, PrintFormat]
    files: dict[str, str]
    options: dict[str, Any] = field(default_factory=dict)
    documents: dict[str, Document] = field(default_factory=dict)

    @property
    def themes_dir(self) -> Path:
        """Folder of the game's built-in themes."""
        return self.folder / self.files["themes"]

    def theme(self, ref: str | Path) -> Theme:
        """A built-in theme by name, or a user theme file."""
        return load_theme(ref, self.themes_dir)

    def theme_names(self) -> list[str]:
        """Names of the built-in themes, in a stable order: the one whose role is 'default' first."""
        names = sorted(p.stem for p in self.themes_dir.glob("*.yaml"))
        return sorted(names, key=lambda n: (n != self.theme_for("default").name, n))

    def theme_for(self, role: str) -> Theme:
        """The built-in theme that declares ``role`` (see the theme schema); else the first by name."""
        themes = [self.theme(p.stem) for p in sorted(self.themes_dir.glob("*.yaml"))]
        if not themes:
            raise SpecError([Problem(self.themes_dir, None, None, "the game has no built-in theme",
                                     "add at least one theme file, e.g. classic.yaml")])
        return next((t for t in themes if role in t.roles), themes[0])

    def player(self, pid: str) -> Player:
        """A player by id."""
        return next(p for p in self.players if p.id == pid)

    def item(self, iid: str) -> Item:
        """An item by id."""
        return next(i for i in self.items if i.id == iid)

    def path(self, key: str) -> Path | None:
        """Path of one of the game's spec files or folders, if the game declares it."""
        return self.folder / self.files[key] if key in self.files else None

    def format(self, name: str) -> PrintFormat:
        """A print format by name, with a helpful error for unknown names."""
        if name not in self.formats:
            hint = did_you_mean(name, sorted(self.formats)) or f"formats: {', '.join(self.formats)}"
            raise SpecError([Problem(self.folder / self.files["print"], None, None,
                                     f"no print format named '{name}'", hint)])
        return self.formats[name]


def game_folders() -> list[Path]:
    """Every game folder under specs/ (a folder with a game.yaml)."""
    return sorted(p.parent for p in SPECS_DIR.glob("*/game.yaml"))


def find_game(ref: str | Path) -> Path:
    """Resolve a game name (e.g. 'dravakron') or folder path to its folder."""
    path = Path(ref)
    if (path / "game.yaml").is_file():
        return path
    folder = SPECS_DIR / str(ref)
    if (folder / "game.yaml").is_file():
        return folder
    names = [p.name for p in game_folders()]
    hint = did_you_mean(str(ref), names) or f"games: {', '.join(names)}"
    raise SpecError([Problem(SPECS_DIR, None, None, f"no game named '{ref}'", hint)])


def load_game(ref: str | Path) -> Game:
    """Load and validate every spec file of a game; raise :class:`SpecError` listing all problems."""
    folder = find_game(ref)
    problems: list[Problem] = []
    game_doc = load_document(folder / "game.yaml")
    problems += check_schema(game_doc, "game")
    if problems:
        raise SpecError(problems)
    data: dict[str, Any] = game_doc.data
    problems += register_folder(folder / "emblems")
    players = [Player(p["id"], p["name"], p["colour"], p.get("emblem", "disc")) for p in data["players"]]
    for n, player in enumerate(players):
        if player.emblem not in EMBLEMS:
            problems.append(game_doc.problem(("players", n, "emblem"), f"no emblem named '{player.emblem}'",
                                             did_you_mean(player.emblem, sorted(EMBLEMS))
                                             or f"emblems: {', '.join(sorted(EMBLEMS))}"))
    items = [Item(i["id"], i["kind"], i["name"], i.get("form"), i.get("owner"), i.get("colour"))
             for i in data.get("items", [])]
    for key, entries in (("players", players), ("items", items)):
        seen: set[str] = set()
        for n, entry in enumerate(entries):
            if entry.id in seen:
                problems.append(game_doc.problem((key, n, "id"), f"id '{entry.id}' is used twice",
                                                 "give each entry its own id"))
            seen.add(entry.id)
    docs = {"game": game_doc}
    board = None
    formats: dict[str, PrintFormat] = {}
    for key in ("board", "print"):
        try:
            docs[key] = load_document(folder / data["files"][key])
        except SpecError as exc:
            problems += exc.problems
    if "board" in docs:
        board, found = load_board(docs["board"], {p.id for p in players}, {i.id for i in items})
        problems += found
    if "print" in docs:
        formats, found = load_print(docs["print"])
        problems += found
    themes = folder / data["files"]["themes"]
    if not themes.is_dir():
        problems.append(game_doc.problem(("files", "themes"), f"theme folder '{themes}' not found",
                                         "create it with at least classic.yaml"))
    if problems or board is None:
        raise SpecError(problems)
    return Game(folder.name, folder, data["name"], data["title"], data.get("designer", ""),
                data.get("rules", ""), players, items, board, formats, dict(data["files"]),
                dict(data.get("options", {})), docs)
