"""The Tabletop Simulator export (issue 28), read back from the files it writes, for every game.

Each game is exported once per module (its books copied from the session's built books); the tests read the
save as the program would: its schema, the count of every piece against what the engine needs and the spares,
the snap points against the cell centres of the board as the board sheets draw it, the pictures and books it
names, the face-down pieces and shuffled decks, two runs byte for byte, and bad options refused with nothing
half-written.
"""
from __future__ import annotations

import json
import math
import re
import subprocess
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Iterator
from urllib.parse import unquote, urlsplit

import pikepdf
import pytest
from jsonschema import Draft202012Validator
from PIL import Image

from bookcheck import FORBIDDEN
from generator.cli import main
from generator.compose.board_sheets import frame_for
from generator.errors import SpecError, UserError
from generator.model.game import Game, load_game
from generator.play.registry import rules_for
from generator.render.board import render_board
from generator.tts import TtsOptions, export_tts
from generator.tts.art import MAX_SIDE_PX, SHEET_COLUMNS, SHEET_ROWS
from generator.tts.save import SCHEMA_FILE, save_problems, walk
from generator.tts.setup import TableSetup, table_setup
from generator.tts.units import FACING_DEGREES, MM_PER_UNIT

GAMES = ("dravakron", "ejderhalar", "dragon-eyes", "patrakill", "vatrakill", "drako")
#: Cells of each game's board, as issue 28 counts them: one snap point on each.
CELLS = {"dravakron": 192, "ejderhalar": 64, "dragon-eyes": 91, "patrakill": 81, "vatrakill": 81, "drako": 37}
#: The greatest distance between a snap point and its cell's printed centre, in mm.
SNAP_TOLERANCE_MM = 0.5


@dataclass
class Export:
    """One game's export: the game, its set-up, the folder written and the save read back."""

    game: Game
    setup: TableSetup
    folder: Path
    save: dict[str, Any]

    @property
    def objects(self) -> list[dict[str, Any]]:
        """The objects on the table (not those in bags and decks)."""
        return list(self.save["ObjectStates"])

    def board(self) -> dict[str, Any]:
        """The board object: the tile with the snap points."""
        return next(o for o in self.objects if o.get("AttachedSnapPoints"))


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory, game_books: Callable[..., Path]) -> Callable[[str], Export]:
    """Export a game once for the module (default theme, first format, seed 0, its books copied)."""
    done: dict[str, Export] = {}

    def export(name: str) -> Export:
        if name not in done:
            game = load_game(name)
            result = export_tts(game, TtsOptions(out=tmp_path_factory.mktemp(f"tts-{name}"), books=game_books(name)))
            done[name] = Export(game, table_setup(game, 0), result.folder, json.loads(result.save.read_text()))
        return done[name]

    return export


def memo(item: dict[str, Any]) -> dict[str, Any]:
    """What an object is in the kit, from its ``Memo``."""
    found: dict[str, Any] = json.loads(item["Memo"]) if "Memo" in item else {}
    return found


def to_table(transform: dict[str, float], x: float, z: float) -> tuple[float, float]:
    """A point of an object's own coordinates on the table: scaled, turned clockwise from above by rotY, moved."""
    a = math.radians(transform["rotY"])
    sx, sz = x * transform["scaleX"], z * transform["scaleZ"]
    return (transform["posX"] + sx * math.cos(a) + sz * math.sin(a),
            transform["posZ"] - sx * math.sin(a) + sz * math.cos(a))


def printed_centres(game: Game) -> tuple[dict[str, tuple[float, float]], tuple[float, float]]:
    """Each cell's centre as the board sheets draw it (the mean of its outline's corners, read from the SVG the
    board renderer writes), in mm from the art's top-left, and the art's size."""
    fmt = game.format(next(iter(game.formats)))
    art = render_board(game, game.theme(game.theme_names()[0]), fmt.square_mm, frame_for(fmt))
    root = ET.fromstring(art.group.tostring())
    centres = {}
    for element in root.iter():
        ident = element.get("id", "")
        if not ident.startswith("sq-"):
            continue
        polygon = element if element.tag.endswith("polygon") else next(e for e in element.iter()
                                                                       if e.tag.endswith("polygon"))
        points = [tuple(map(float, p.split(","))) for p in polygon.get("points", "").split()]
        centres[ident[3:]] = (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))
    return centres, (art.width, art.height)


def urls(save: dict[str, Any]) -> Iterator[str]:
    """Every address the save loads a picture or a PDF from."""
    for item in walk(save["ObjectStates"]):
        image = item.get("CustomImage", {})
        yield from (image[k] for k in ("ImageURL", "ImageSecondaryURL") if k in image)
        for sheet in item.get("CustomDeck", {}).values():
            yield from (sheet["FaceURL"], sheet["BackURL"])
        if "CustomPDF" in item:
            yield item["CustomPDF"]["PDFUrl"]


def local(url: str) -> Path:
    """The file a ``file:///`` URL names."""
    parts = urlsplit(url)
    assert parts.scheme == "file" and not parts.netloc, url
    return Path(unquote(parts.path))


@pytest.mark.parametrize("name", GAMES)
def test_save_follows_the_schema(exported: Callable[[str], Export], name: str) -> None:
    save = exported(name).save
    assert list(Draft202012Validator(json.loads(SCHEMA_FILE.read_text())).iter_errors(save)) == []
    assert save_problems(save) == []
    ids = [item["GUID"] for item in walk(save["ObjectStates"])]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("name", GAMES)
def test_every_component_in_the_numbers_the_game_needs_plus_spares(exported: Callable[[str], Export],
                                                                   name: str) -> None:
    export = exported(name)
    counted = Counter(memo(item)["component"] for item in walk(export.objects) if "component" in memo(item))
    components = export.setup.components
    assert counted == Counter({c.id: components.copies(c) for c in components.components})
    for ident, need in rules_for(export.game).component_needs().items():
        # Ejderhalar prints each player's entry once for every dragon, as '<player>-<square>'.
        printed = [c for c in components.components if c.id == ident] or \
            [c for c in components.components if c.id.startswith(f"{ident}-")]
        assert printed, ident
        for component in printed:
            assert component.count == need.count if need.exact else component.count >= need.count
            spares = components.copies(component) - component.count
            assert counted[component.id] == component.count + spares


@pytest.mark.parametrize("name", GAMES)
def test_a_snap_point_on_the_printed_centre_of_every_cell(exported: Callable[[str], Export], name: str) -> None:
    export = exported(name)
    board = export.board()
    centres, (width, height) = printed_centres(export.game)
    assert len(centres) == len(board["AttachedSnapPoints"]) == CELLS[name]
    snaps = [to_table(board["Transform"], p["Position"]["x"], p["Position"]["z"]) for p in board["AttachedSnapPoints"]]
    for cell, (x, y) in centres.items():
        # Upright for the near player: the picture's right is +x, its top the far side (+z).
        want = ((x - width / 2) / MM_PER_UNIT, -(y - height / 2) / MM_PER_UNIT)
        nearest = min(math.dist(want, snap) for snap in snaps)
        assert nearest * MM_PER_UNIT <= SNAP_TOLERANCE_MM, cell
    assert board["Locked"] is True
    assert board["Transform"]["scaleX"] * 2 * MM_PER_UNIT == pytest.approx(width, abs=0.01)
    assert board["Transform"]["scaleZ"] * 2 * MM_PER_UNIT == pytest.approx(height, abs=0.01)


@pytest.mark.parametrize("name", GAMES)
def test_pieces_lie_set_up_on_their_cells(exported: Callable[[str], Export], name: str) -> None:
    export = exported(name)
    board = export.board()
    centres, (width, height) = printed_centres(export.game)
    pieces = [o for o in export.objects if "component" in memo(o)]
    for cell, stack in export.setup.cells.items():
        x, y = centres[cell]
        want = ((x - width / 2) / MM_PER_UNIT, -(y - height / 2) / MM_PER_UNIT)
        here = sorted((o for o in pieces if math.dist(want, (o["Transform"]["posX"], o["Transform"]["posZ"])) < 1e-3),
                      key=lambda o: o["Transform"]["posY"])
        assert [memo(o)["component"] for o in here] == [p.component for p in stack], cell
        for item, placed in zip(here, stack):
            turn = (board["Transform"]["rotY"] + FACING_DEGREES.get(placed.facing or "n", 0.0)) % 360
            assert item["Transform"]["rotY"] == pytest.approx(turn)
            assert (item["Transform"]["rotZ"] == 180.0) == placed.face_down
    assert sum(len(stack) for stack in export.setup.cells.values()) > 0


@pytest.mark.parametrize("name", GAMES)
def test_every_picture_and_book_named_is_written_within_the_programs_limits(exported: Callable[[str], Export],
                                                                            name: str) -> None:
    export = exported(name)
    named = {local(url) for url in urls(export.save)}
    assert all(path.parent == export.folder and path.is_file() for path in named)
    for path in named:
        if path.suffix == ".pdf":
            with pikepdf.open(path) as pdf:
                assert len(pdf.pages) >= 1
        else:
            with Image.open(path) as image:
                assert image.format == "PNG" and max(image.size) <= MAX_SIDE_PX
    for item in walk(export.save["ObjectStates"]):
        for sheet in item.get("CustomDeck", {}).values():
            assert sheet["NumWidth"] <= SHEET_COLUMNS and sheet["NumHeight"] <= SHEET_ROWS
            with Image.open(local(sheet["FaceURL"])) as image:
                assert image.size[0] % sheet["NumWidth"] == 0 and image.size[1] % sheet["NumHeight"] == 0
    title = export.game.title
    assert {p.name for p in export.folder.iterdir()} == {p.name for p in named} | {f"{title}.json", f"{title}.png"}
    with Image.open(export.folder / f"{title}.png") as thumbnail:
        assert thumbnail.size == (256, 256)
    books = [o for o in export.objects if o["Name"] == "Custom_PDF"]
    assert [b["Nickname"] for b in books] == ["Rulebook", "Player aid"]


@pytest.mark.parametrize("name", GAMES)
def test_the_set_up_notecard_is_the_rulebooks_in_players_words(exported: Callable[[str], Export],
                                                               name: str) -> None:
    card = next(o for o in exported(name).objects if o["Name"] == "Notecard")
    text = card["Description"]
    assert card["Nickname"] in ("Setting up", "Getting ready")
    assert re.search(r"^1\. \S", text, re.MULTILINE)
    for word in FORBIDDEN:
        assert not re.search(rf"\b{re.escape(word)}\b", text, re.IGNORECASE), word
    assert not re.search(r"\[\[|`|\*\*|\.ya?ml", text)


def test_dragon_eyes_pieces_lie_face_down_mixed_with_one_back(exported: Callable[[str], Export]) -> None:
    export = exported("dragon-eyes")
    on_board = [o for o in export.objects if "component" in memo(o)]
    assert len(on_board) == 84
    assert Counter(memo(o)["component"] for o in on_board) == {"light": 42, "dark": 42}
    assert all(o["Transform"]["rotZ"] == 180.0 and o["HideWhenFaceDown"] for o in on_board)
    assert len({o["CustomImage"]["ImageSecondaryURL"] for o in on_board}) == 1
    assert not re.search(r"light|dark", on_board[0]["CustomImage"]["ImageSecondaryURL"])
    eyes = set(export.game.board.marked_cells("eye"))
    assert set(export.setup.cells) == set(export.game.board.squares) - eyes
    sides = [stack[0].component for _, stack in sorted(export.setup.cells.items())]
    assert sides == [s[0].component for _, s in sorted(table_setup(export.game, 0).cells.items())]
    assert sides != [s[0].component for _, s in sorted(table_setup(export.game, 1).cells.items())]
    rows = Counter((cell[0], stack[0].component) for cell, stack in export.setup.cells.items())
    assert all(rows[(row, "light")] and rows[(row, "dark")] for row in "bcdefghij")  # mixed, not in bands


def test_drako_decks_lie_shuffled_face_down_on_their_mats(exported: Callable[[str], Export]) -> None:
    export = exported("drako")
    decks = [o for o in export.objects if o["Name"] == "DeckCustom"]
    mats = {memo(o)["mat"]: o for o in export.objects if "mat" in memo(o)}
    spec = rules_for(export.game).spec  # type: ignore[attr-defined]
    assert sorted(memo(d)["deck"] for d in decks) == ["dragon", "dwarves"]
    for deck in decks:
        side = memo(deck)["deck"]
        assert deck["Transform"]["rotZ"] == 180.0
        assert len(deck["DeckIDs"]) == len(deck["ContainedObjects"]) == len(spec.decks[side])
        assert deck["DeckIDs"] != sorted(deck["DeckIDs"])
        mat = mats[side]["Transform"]
        offset = (deck["Transform"]["posX"] - mat["posX"], deck["Transform"]["posZ"] - mat["posZ"])
        assert abs(offset[0]) < mat["scaleX"] and abs(offset[1]) < mat["scaleZ"]
    assert not [o for o in export.objects if o["Name"] == "Card"]  # the hands start empty
    wounds = next(o for o in export.objects if o["Name"] == "Bag" and o["Nickname"] == "Wound marker")
    dragon_mat = mats["dragon"]["Transform"]
    assert abs(wounds["Transform"]["posZ"] - dragon_mat["posZ"]) < dragon_mat["scaleZ"]


def test_two_exports_with_one_seed_are_byte_identical(exported: Callable[[str], Export],
                                                      game_books: Callable[..., Path]) -> None:
    export = exported("patrakill")
    before = {p.name: p.read_bytes() for p in export.folder.iterdir()}
    export_tts(export.game, TtsOptions(out=export.folder.parent.parent, books=game_books("patrakill")))
    assert {p.name: p.read_bytes() for p in export.folder.iterdir()} == before


def test_a_theme_recolours_the_export(tmp_path: Path, game_books: Callable[..., Path]) -> None:
    theme = tmp_path / "mine.yaml"
    theme.write_text('name: mine\nbase: classic\ncolours:\n  frame: "#123456"\n  dragon-1: "#0a7f3f"\n')
    game = load_game("ejderhalar")
    done = export_tts(game, TtsOptions(theme=str(theme), format="a4", out=tmp_path, books=game_books("ejderhalar")))
    with Image.open(done.folder / "board.png") as board:
        assert board.convert("RGB").getpixel((1, 1)) == (0x12, 0x34, 0x56)
    ones = [c for c in table_setup(game, 0).components.components if c.front.ground == "dragon-1"]
    assert ones
    with Image.open(done.folder / f"{ones[0].id}-front.png") as token:
        assert token.convert("RGB").getpixel((2, token.size[1] // 2)) == (0x0a, 0x7f, 0x3f)


def test_bad_options_are_refused_before_anything_is_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old = tmp_path / "ejderhalar" / "tts"
    old.mkdir(parents=True)
    (old / "kept.txt").write_text("the last export")
    assert main(["tts", "ejderhalar", "--out", str(tmp_path), "--image-base", "ftp://example.org/game/"]) == 2
    assert "--image-base 'ftp://example.org/game/'" in capsys.readouterr().err
    with pytest.raises(UserError, match="no folder there"):
        export_tts(load_game("ejderhalar"), TtsOptions(out=tmp_path, image_base=(tmp_path / "nowhere").as_uri()))
    theme = tmp_path / "bad.yaml"
    theme.write_text("name: bad\nbase: clasic\n")
    assert main(["tts", "ejderhalar", "--out", str(tmp_path), "--theme", str(theme)]) == 2
    assert f"{theme}:2:7: no built-in theme named 'clasic'" in capsys.readouterr().err
    with pytest.raises(SpecError):
        export_tts(load_game("ejderhalar"), TtsOptions(out=tmp_path, format="a5"))
    assert [p.name for p in tmp_path.joinpath("ejderhalar").iterdir()] == ["tts"]
    assert [p.name for p in old.iterdir()] == ["kept.txt"]


def test_a_write_that_fails_leaves_the_last_export(tmp_path: Path, game_books: Callable[..., Path],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    old = tmp_path / "patrakill" / "tts"
    old.mkdir(parents=True)
    (old / "kept.txt").write_text("the last export")

    def full_disk(save: dict[str, Any]) -> str:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("generator.tts.export.save_json", full_disk)
    with pytest.raises(OSError):
        export_tts(load_game("patrakill"), TtsOptions(format="a4", out=tmp_path, books=game_books("patrakill")))
    assert sorted(p.name for p in (tmp_path / "patrakill").iterdir() if not p.name.startswith(".build")) == ["tts"]
    assert [p.name for p in old.iterdir()] == ["kept.txt"]


def test_a_game_without_a_set_up_puts_everything_in_bags_and_its_decks_beside_the_board(tmp_path: Path) -> None:
    race = load_game(Path(__file__).parent / "fixtures" / "race")
    with pytest.raises(UserError, match=r"the title 'Race \(test fixture\)' cannot name the save file"):
        export_tts(race, TtsOptions(out=tmp_path))
    books = tmp_path / "books"  # stand-ins: the race's books are the books tests' business
    books.mkdir()
    for name in ("rulebook-a4.pdf", "player-aid.pdf"):
        (books / name).write_bytes(b"%PDF-1.4 stand-in")
    done = export_tts(replace(race, title="Race"), TtsOptions(out=tmp_path, books=books))
    save = json.loads(done.save.read_text())
    assert save_problems(save) == []
    components = table_setup(race, 0).components
    bags = [o for o in save["ObjectStates"] if o["Name"] == "Bag"]
    assert {b["Nickname"]: len(b["ContainedObjects"]) for b in bags} == \
        {c.name: components.copies(c) for c in components.components}
    assert [memo(d)["deck"] for d in save["ObjectStates"] if d["Name"] == "DeckCustom"] == \
        [deck.id for deck in components.decks]
    assert [memo(m)["mat"] for m in save["ObjectStates"] if "mat" in memo(m)] == [mat.id for mat in components.mats]


def test_make_exports_every_game() -> None:
    root = Path(__file__).resolve().parent.parent
    made = subprocess.run(["make", "-n", "tts-drako", "THEME=light", "IMAGE_BASE=https://example.org/drako/"],
                          cwd=root, capture_output=True, text=True, check=True).stdout
    assert "-m generator tts drako --theme light --image-base https://example.org/drako/" in made
