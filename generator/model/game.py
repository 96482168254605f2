"""A game: every spec file of one folder under specs/, loaded and cross-checked together."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .board import Board, load_board
from ..errors import Problem, SpecError
from ..output.fingerprint import game_folder
from .emblem_shapes import EMBLEMS, register_folder
from .printspec import PrintFormat, load_print
from .theme import Theme, builtin_colour_keys, builtin_themes, load_theme
from .validate import check_schema, did_you_mean
from .yamlsource import Document, load_document
from ..wording import counted

#: Where the specs live, relative to the repository.
SPECS_DIR = Path(__file__).resolve().parents[2] / "specs"


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
    _themes: dict[str, Theme] = field(default_factory=dict, repr=False, compare=False)
    #: Made once per loaded game by :func:`generator.play.registry.rules_for` (a copy made with ``replace``
    #: starts empty, so a game with other options gets its own engine).
    engine: list[Any] = field(default_factory=list, init=False, repr=False, compare=False)
    #: What is worked out once per loaded game from its specs (how its rule examples stand), by name.
    derived: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    @property
    def themes_dir(self) -> Path:
        """Folder of the game's built-in themes."""
        return self.folder / self.files["themes"]

    def theme(self, ref: str | Path) -> Theme:
        """A built-in theme by name, or a user theme file (each read once per loaded game)."""
        key = str(ref)
        if key not in self._themes:
            self._themes[key] = load_theme(ref, self.themes_dir)
        return self._themes[key]

    def theme_names(self) -> list[str]:
        """Names of the built-in themes, in a stable order: the one whose role is 'default' first."""
        names = sorted(p.stem for p in self.themes_dir.glob("*.yaml"))
        first = self.theme_for("default").name
        return sorted(names, key=lambda n: (n != first, n))

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
    folder = game_folder(ref)
    if folder is not None:
        return folder
    names = [p.name for p in game_folders()]
    hint = did_you_mean(str(ref), names) or f"games: {', '.join(names)}"
    raise SpecError([Problem(SPECS_DIR, None, None, f"no game named '{ref}'", hint)])


def _missing_files(doc: Document, folder: Path) -> list[Problem]:
    """A problem at each line of ``files:`` that names a file or folder that is not there."""
    problems = []
    for key, name in doc.data["files"].items():
        target = folder / name
        folder_wanted = key in ("themes", "examples")
        if not (target.is_dir() if folder_wanted else target.is_file()):
            what = "folder" if folder_wanted else "file"
            problems.append(doc.problem(("files", key), f"{key} {what} '{name}' not found in {folder}",
                                        f"check the name, or create the {what} (see specs/ for examples)"))
    return problems


def _overlapping_zones(doc: Document, board: Board) -> list[Problem]:
    """A problem at each zone that shares cells with an earlier zone of another owner (players' halves)."""
    problems = []
    for j, zone in enumerate(board.zones):
        for earlier in board.zones[:j]:
            shared = sorted(set(zone.cells) & set(earlier.cells))
            if zone.owner and earlier.owner and zone.owner != earlier.owner and shared:
                key = "area" if "area" in doc.data["zones"][j] else "at"
                cells = counted(len(shared), "cell")
                problems.append(doc.problem(("zones", j, key), f"zone '{zone.id}' of {zone.owner} overlaps zone "
                                            f"'{earlier.id}' of {earlier.owner} on {cells}, e.g. "
                                            f"{', '.join(shared[:4])}", "give each cell to one player's zone"))
    return problems


def _colour_problems(docs: dict[str, Document], themes_dir: Path, loaded: dict[str, Theme]) -> list[Problem]:
    """Every built-in theme loads (into ``loaded``, by name), and every colour name the specs use is one all of them
    set, at its line."""
    try:
        loaded.update(builtin_themes(themes_dir))
    except SpecError as exc:
        return exc.problems
    known = builtin_colour_keys(themes_dir, loaded)
    if not known:
        return [docs["game"].problem(("files", "themes"), f"theme folder '{themes_dir}' holds no theme",
                                     "add at least one theme file, e.g. classic.yaml")]
    problems = []
    for doc, key, name in colour_references(docs):
        if name not in known:
            problems.append(doc.problem(key, f"unknown colour '{name}'", did_you_mean(name, sorted(known))
                                        or f"colours of the themes: {', '.join(sorted(known))}"))
    return problems


def colour_references(docs: dict[str, Document]) -> list[tuple[Document, tuple[Any, ...], str]]:
    """Where the game's and board's specs name a theme colour: (document, key path, colour name)."""
    found: list[tuple[Document, tuple[Any, ...], str]] = []
    game = docs["game"]
    for section in ("players", "items"):
        for n, entry in enumerate(game.data.get(section, [])):
            if "colour" in entry:
                found.append((game, (section, n, "colour"), entry["colour"]))
    board = docs.get("board")
    if board is not None and isinstance(board.data, dict):
        for n, link in enumerate(board.data.get("links", []) or []):
            if isinstance(link, dict) and isinstance(link.get("colour"), str):
                found.append((board, ("links", n, "colour"), link["colour"]))
        for kind, entry in (board.data.get("mark_kinds", {}) or {}).items():
            for part in ("fill", "border"):
                if isinstance(entry, dict) and isinstance(entry.get(part), str) and entry[part] != "owner":
                    found.append((board, ("mark_kinds", kind, part), entry[part]))
    return found


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
    for key, ids in (("players", [p.id for p in players]), ("items", [i.id for i in items])):
        seen: set[str] = set()
        for n, ident in enumerate(ids):
            if ident in seen:
                problems.append(game_doc.problem((key, n, "id"), f"id '{ident}' is used twice",
                                                 "give each entry its own id"))
            seen.add(ident)
    docs = {"game": game_doc}
    board = None
    formats: dict[str, PrintFormat] = {}
    problems += _missing_files(game_doc, folder)
    for key in ("board", "print"):
        if (folder / data["files"][key]).is_file():
            try:
                docs[key] = load_document(folder / data["files"][key])
            except SpecError as exc:
                problems += exc.problems
    if "board" in docs:
        board, found = load_board(docs["board"], {p.id for p in players}, {i.id for i in items})
        problems += found
        if board is not None and not found:
            problems += _overlapping_zones(docs["board"], board)
    if "print" in docs:
        formats, found = load_print(docs["print"])
        problems += found
    themes = folder / data["files"]["themes"]
    loaded: dict[str, Theme] = {}  # the built-in themes, read once: the game keeps them (see Game.theme)
    if themes.is_dir():
        problems += _colour_problems(docs, themes, loaded)
    if problems or board is None:
        raise SpecError(problems)
    return Game(folder.name, folder, data["name"], data["title"], data.get("designer", ""),
                data.get("rules", ""), players, items, board, formats, dict(data["files"]),
                dict(data.get("options", {})), docs, loaded)
