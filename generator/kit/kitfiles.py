"""What each kind of file of a kit is, on which paper it prints and how: one description per kind of file.

A kit's files are named by pattern (``board-<format>-<theme>.pdf``, ``pieces-<format>.pdf``,
``cards-<deck>-<paper>.pdf``, ...). :data:`FILE_KINDS` describes each pattern once, in words for the person who
prints the kit; :func:`describe_files` turns the names a build plans into the rows the print guide lists (a row
per kind, a board's row per format), so the guide lists exactly the files the kit holds and says of each what
is true of this game's file. A game's plug-in may add kinds of its own (``GamePlugin.file_kinds``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from ..model.filekinds import PAPER_WORDS, Describe, FileKind
from ..model.game import Game
from ..model.geometry import cell_size_text
from ..play.registry import load_components, plugin_for
from ..render.decals import decals_what

#: The placeholders a pattern may hold, as the guide spells them, and what each matches in a file name.
FIELDS = {"format": "FORMAT", "theme": "THEME", "paper": "PAPER", "deck": "DECK", "mat": "MAT"}


@dataclass(frozen=True)
class FileRow:
    """One row of the print guide's list of files: the file (a name, or a pattern with placeholders such as
    FORMAT), its paper, and what it is and how to print it."""

    file: str
    paper: str
    about: str


def _papers(names: list[str]) -> str:
    return " or ".join(dict.fromkeys(PAPER_WORDS.get(n, n) for n in names))


def _board(game: Game, files: list[dict[str, str]]) -> tuple[str, str]:
    fmt = game.format(files[0]["format"])
    sheets = f", {_number(fmt.sheet_count)} sheets" if fmt.sheet_count > 1 else ""
    return (f"{PAPER_WORDS.get(fmt.paper, fmt.paper)}{sheets}",
            f"the board, {cell_size_text(game.board.grid, fmt.square_mm)}; one-sided")


def _number(n: int) -> str:
    return ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")[n - 1] if 0 < n < 10 else str(n)


def _sheets_of_board(game: Game, files: list[dict[str, str]]) -> str:
    """The paper of each format's pieces, with the boards it serves: "A4 for the a3 and a4 boards; US Letter for
    the letter board"."""
    boards: dict[str, list[str]] = {}
    for f in files:
        boards.setdefault(game.format(f["format"]).small_paper, []).append(f["format"])
    return "; ".join(f"{_papers([paper])} for the {_and(names)} board{'s' if len(names) > 1 else ''}"
                     for paper, names in boards.items())


def _pieces(game: Game, files: list[dict[str, str]]) -> tuple[str, str]:
    return (_sheets_of_board(game, files),
            f"the pieces, sized for the {game.board.grid.cells_word} of that board; two-sided, turning on the "
            "{edge} edge")


def _pieces_folded(game: Game, files: list[dict[str, str]]) -> tuple[str, str]:
    return (_sheets_of_board(game, files),
            "the same pieces with their backs below a fold line, for a printer that prints one side; one-sided, "
            "then fold, glue and cut")


def _cards(game: Game, files: list[dict[str, str]]) -> tuple[str, str]:
    decks = list(dict.fromkeys(f["deck"] for f in files))
    return (_papers([f["paper"] for f in files]),
            f"the {_and(decks)} deck{'s' if len(decks) > 1 else ''}, each with its own back; two-sided, turning "
            "on the {edge} edge")


def _cards_folded(game: Game, files: list[dict[str, str]]) -> tuple[str, str]:
    return (_papers([f["paper"] for f in files]),
            "the same cards with their backs below a fold line; one-sided, then fold, glue and cut")


def _mats(game: Game, files: list[dict[str, str]]) -> tuple[str, str]:
    mats = list(dict.fromkeys(f["mat"] for f in files))
    return (_papers([f["paper"] for f in files]), f"the {_and(mats)} mat{'s' if len(mats) > 1 else ''}; one-sided")


def _own_mats(game: Game, files: list[dict[str, str]]) -> tuple[str, str]:
    components = load_components(game)
    papers = {m.id: m.paper for m in components.mats} if components else {}
    mats = list(dict.fromkeys(f["mat"] for f in files))
    return (_papers([papers.get(m, "A4") for m in mats]) + ", as each mat says",
            f"the {_and(mats)} mat{'s' if len(mats) > 1 else ''}; one-sided")


def _calibration(game: Game, files: list[dict[str, str]]) -> tuple[str, str]:
    return (_papers([f["paper"] for f in files]) + ": the file of your paper",
            "shows how far your printer puts a sheet's back from its front; two-sided, once per printer")


def _decals(game: Game, files: list[dict[str, str]]) -> tuple[str, str]:
    components = load_components(game)
    what = decals_what(game, components.decals) if components else "The board's marked cells"
    return (_papers([f["paper"] for f in files]) + " sticker paper",
            f"{what[0].lower()}{what[1:]} as stickers, for a board you build yourself; one-sided")


def _book(what: str, booklet: bool) -> Describe:
    def describe(game: Game, files: list[dict[str, str]]) -> tuple[str, str]:
        papers = _papers([f.get("paper", "a4") for f in files])
        if booklet:
            return papers, f"{what} as a booklet; two-sided, turning on the short edge, then fold and staple"
        return papers, f"{what}; one- or two-sided"
    return describe


def _aid(game: Game, files: list[dict[str, str]]) -> tuple[str, str]:
    return (_papers([f.get("paper", "a4") for f in files]),
            "a summary of the rules for each player; one-sided, cut along the dashed line")


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


#: Every kind of file the shared kit writes, the more particular patterns first.
FILE_KINDS: tuple[FileKind, ...] = (
    FileKind("board-{format}-{theme}.pdf", _board, per_format=True),
    FileKind("pieces-{format}-foldover.pdf", _pieces_folded),
    FileKind("pieces-{format}.pdf", _pieces),
    FileKind("cards-{deck}-{paper}-foldover.pdf", _cards_folded),
    FileKind("cards-{deck}-{paper}.pdf", _cards),
    FileKind("mat-{mat}-{paper}.pdf", _mats),
    FileKind("mat-{mat}.pdf", _own_mats),
    FileKind("duplex-calibration-{paper}.pdf", _calibration),
    FileKind("decals-{paper}.pdf", _decals),
    FileKind("rulebook-booklet-{paper}.pdf", _book("the rulebook", True)),
    FileKind("rulebook-booklet.pdf", _book("the rulebook", True)),
    FileKind("rulebook-{paper}.pdf", _book("the rulebook, to read before the first game", False)),
    FileKind("reference-booklet-{paper}.pdf", _book("the rules reference", True)),
    FileKind("reference-booklet.pdf", _book("the rules reference", True)),
    FileKind("reference-{paper}.pdf", _book("the rules reference, to look things up in", False)),
    FileKind("player-aid-{paper}.pdf", _aid),
    FileKind("player-aid.pdf", _aid),
)
#: Files the guide does not list: itself.
UNLISTED = ("PRINT-GUIDE.pdf",)
#: The paper and the words of a file no kind describes.
UNDESCRIBED = ("as its first page says", "print it as its first page says")


def game_file_kinds(game: Game) -> tuple[FileKind, ...]:
    """The kinds of file a game's plug-in adds (``GamePlugin.file_kinds``), each checked to be a :class:`FileKind`."""
    kinds = tuple(plugin_for(game).file_kinds)
    for kind in kinds:
        if not isinstance(kind, FileKind):
            raise TypeError(f"a file kind of '{game.id}' is a {type(kind).__name__}, not a FileKind")
    return cast("tuple[FileKind, ...]", kinds)


def describe_files(game: Game, names: list[str], kinds: tuple[FileKind, ...] = FILE_KINDS,
                   edge: str = "long") -> list[FileRow]:
    """The print guide's rows for the files ``names`` (in the kit's order): one row per kind of file (per format
    for the boards), its file a name or a pattern with placeholders. A file no kind describes (a part a game adds
    without describing its files) gets a row of its own that says only to print it as its first page says."""
    rows: dict[tuple[int, str], list[tuple[str, dict[str, str]]]] = {}
    for name in names:
        if name in UNLISTED or not name.endswith(".pdf"):
            continue
        for n, kind in enumerate(kinds):
            fields = kind.match(name, game)
            if fields is not None:
                rows.setdefault((n, fields["format"] if kind.per_format else ""), []).append((name, fields))
                break
        else:
            rows[(len(kinds), name)] = [(name, {})]
    out = []
    for (n, _), files in rows.items():
        if n == len(kinds):
            out.append(FileRow(files[0][0], UNDESCRIBED[0], UNDESCRIBED[1]))
            continue
        kind = kinds[n]
        paper, about = kind.describe(game, [fields for _, fields in files])
        label = files[0][0] if len(files) == 1 else _placeholders(kind.pattern, files[0][1], kind.per_format)
        out.append(FileRow(label, paper, about.replace("{edge}", edge)))
    return out


def _placeholders(pattern: str, fields: dict[str, str], per_format: bool) -> str:
    """A pattern with its fields as the guide's placeholders (FORMAT, PAPER...); a board row keeps its format."""
    for field, word in FIELDS.items():
        pattern = pattern.replace(f"{{{field}}}", fields["format"] if per_format and field == "format" else word)
    return pattern


def placeholder_values(game: Game, names: list[str], kinds: tuple[FileKind, ...] = FILE_KINDS) -> dict[str, list[str]]:
    """What each placeholder of the rows stands for in this kit: {'FORMAT': ['a3', ...], 'PAPER': [...]}."""
    found: dict[str, list[str]] = {}
    for name in names:
        for kind in kinds:
            fields = kind.match(name, game)
            if fields is not None:
                for field, value in fields.items():
                    if not (kind.per_format and field == "format"):
                        found.setdefault(FIELDS[field], [])
                        if value not in found[FIELDS[field]]:
                            found[FIELDS[field]].append(value)
                break
    return found
