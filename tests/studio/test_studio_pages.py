"""Every page of the studio and every form, answered by the same functions as the command line (issue 27)."""
from __future__ import annotations

import html
import re
from pathlib import Path

import pikepdf
import pytest
import yaml
from starlette.testclient import TestClient
from httpx2 import Response

from generator.cli import main
from generator.model.game import game_folders, load_game
from generator.kit import KitOptions, plan
from generator.model.printers import load_printer
from generator.model.theme import load_theme
from studiokit import field_value, svgs

GAMES = [folder.name for folder in game_folders()]
CENTRE = re.compile(r'<g class="alignment-mark"><circle cx="([\d.]+)" cy="([\d.]+)"')


def no_trace(page: str) -> None:
    assert "Traceback" not in page and 'File "' not in page and "internal error" not in page


def read(answer: Response) -> str:
    """A page's text as a person reads it (entities such as &#39; turned back into their characters)."""
    return html.unescape(answer.text)


def test_the_games_page_shows_every_game(client: TestClient) -> None:
    page = client.get("/").text
    for game_id in GAMES:
        game = load_game(game_id)
        assert f'href="/games/{game_id}"' in page
        assert f"/games/{game_id}/picture.svg" in page
        assert game.title in page
        assert f'/games/{game_id}/books/rulebook-a4.pdf"' in page
        assert f'/games/{game_id}/books/reference-a4.pdf"' in page
    assert "5 players" in page  # Vatrakill as its game.yaml seats it
    assert page.count("2 players") == 5
    assert "<span class=\"bk-count\">38</span> Dragon cards" in page  # Drako's deck, from the print guide's list
    picture = client.get("/games/patrakill/picture.svg")
    assert picture.headers["content-type"].startswith("image/svg+xml")
    assert 'viewBox="0 0 297 210"' in picture.text  # the A4 board sheet, landscape


@pytest.mark.parametrize("game_id", GAMES)
def test_a_game_page_lists_every_file_and_previews_it(client: TestClient, game_id: str) -> None:
    page = client.get(f"/games/{game_id}").text
    no_trace(page)
    game = load_game(game_id)
    formats = tuple(f for f, fmt in game.formats.items() if fmt.small_paper == "A4")
    jobs = plan(game, KitOptions(formats=formats), lambda _: None)
    listed = re.findall(r"<tr><td><code>([^<]+)</code></td><td>(.*?)</td>", page)
    assert [name for name, _ in listed] == [job.name for job in jobs]
    assert all(paper for _, paper in listed), "every file has its paper, in the print guide's words"
    assert ("PRINT-GUIDE.pdf", "A4") in listed
    board = next(svg for svg in svgs(page) if 'id="s' in svg and "board-art" in svg)
    assert 'viewBox="0 0 297 210"' in board or 'viewBox="0 0 210 297"' in board  # the A4 sheet, drawn in mm
    assert "M0 0H" in page and "6.35" in page  # the default profile's margins shaded over each sheet


def test_the_file_list_speaks_the_print_guides_words(client: TestClient) -> None:
    page = client.get("/games/dravakron?format=a4x4&theme=light").text
    assert re.search(r"<code>board-a4x4-light.pdf</code></td><td>A4, four sheets</td><td>the board, squares 29.5 mm; "
                     "one-sided",
                     page)
    assert "two-sided, turning on the long edge" in page
    drako = client.get("/games/drako?paper=letter").text
    assert re.search(r"<code>cards-dragon-letter-foldover.pdf</code></td><td>US Letter</td><td>the same cards with their "
                     "backs below a fold line; one-sided, then fold, glue",
                     drako)
    assert "<code>mat-dwarves-letter.pdf</code>" in drako


def test_a_game_page_shows_each_kind_of_preview(client: TestClient) -> None:
    page = client.get("/games/drako").text
    for label in ("Board a4, sheet 1 of 1", "Piece sheet 1, fronts", "Piece sheet 1, backs", "Card sheet 1, fronts",
                  "Mat", "Calibration sheet, front"):
        assert f"{label} <span" in page, label
    tiled = client.get("/games/dravakron?show=a4x4").text
    assert "Board a4x4, sheet 4 of 4" in tiled


def test_bad_choices_get_the_command_lines_messages(client: TestClient) -> None:
    cases = {"/games/nope": "no game named 'nope'",
             "/games/dravakron?format=a5": "no print format named 'a5'",
             "/games/dravakron?theme=clasic": "no theme named 'clasic'",
             "/games/dravakron?printer=lazer": "no printer profile named 'lazer'",
             "/games/dravakron?part=dice": "unknown part dice",
             "/games/dravakron?paper=A5": "unknown paper 'A5'",
             "/games/dravakron?theme=..%2Fsecret.yaml": "cannot name a saved file",
             "/games/dravakron?theme=gone.yaml": "no saved file gone.yaml"}
    for path, message in cases.items():
        page = read(client.get(path))
        no_trace(page)
        assert message in page, path
    unknown_theme = read(client.get("/games/dravakron?theme=clasic"))
    assert "did you mean 'classic'" in unknown_theme
    # Named as the person sees the folder they started the studio in, not by the machine's absolute path.
    assert "specs/dravakron/themes: no theme named" in unknown_theme and str(Path.cwd()) not in unknown_theme


def test_the_colours_page_has_a_picker_for_every_colour(client: TestClient) -> None:
    page = client.get("/games/dravakron/colours").text
    classic = load_game("dravakron").theme("classic")
    for key, value in classic.colours.items():
        assert f'name="c:{key}" value="{value}"' in page
        assert f'id="p-{key}" value="{value}"' in page
    assert "bk-warnings" in page and "data-all-warnings hidden" in page  # classic has nothing to warn of


def test_a_colour_change_redraws_the_board_and_warns_beside_the_colour(client: TestClient) -> None:
    fields = {"name": "dusk", "base": "classic", "format": "a4", "c:text": "#e8dcc3", "c:gate-green": "#1f4fd1"}
    answer = client.post("/games/dravakron/colours/preview", data=fields).json()
    assert "#e8dcc3" in answer["previews"] and 'fill="#231c15"' not in answer["previews"].split("board-art")[1][:5000]
    assert any("text colour 'text' on 'square-light'" in w for w in answer["warnings"]["text"])
    assert any("'gate-blue' and 'gate-green' look alike" in w for w in answer["warnings"]["gate-green"])
    assert "red" not in answer["warnings"]
    assert answer["problems"] == []
    seen = client.post("/games/dravakron/colours/preview", data={**fields, "view": "deutan"}).json()
    assert "The board as with deuteranopia" in seen["previews"]
    assert len(svgs(seen["previews"])) == len(svgs(answer["previews"])) + 1


def test_a_bad_colour_gets_the_located_message_beside_it(client: TestClient, tmp_path: Path) -> None:
    answer = client.post("/games/dravakron/colours/preview",
                         data={"name": "mine", "base": "classic", "c:red": "blu"}).json()
    assert [p["field"] for p in answer["problems"]] == ["red"]
    text = answer["problems"][0]["text"]
    assert re.match(r"mine\.yaml:\d+:\d+: 'blu' is not a colour\n    fix: write #rrggbb", text)
    theme = tmp_path / "mine.yaml"
    theme.write_text("name: mine\nbase: classic\ncolours:\n  red: blu\n", encoding="utf-8")
    assert main(["print", "dravakron", "--theme", str(theme), "--out", str(tmp_path)]) == 2  # the CLI says the same
    page = read(client.post("/games/dravakron/colours", data={"name": "bad name", "base": "classic", "action": "save"}))
    assert 'data-problem-for="name"' in page and "bad name.yaml:3:7: 'bad name' is not valid" in page


def test_a_saved_theme_loads_as_the_command_line_loads_it(client: TestClient, studio_out: Path) -> None:
    page = client.post("/games/dravakron/colours", data={"name": "sea", "base": "light", "c:gate-blue": "#0a2f8f",
                                                         "c:paper": "#ffffff", "action": "save"}).text
    no_trace(page)
    path = studio_out / "studio" / "dravakron" / "themes" / "sea.yaml"
    assert path.is_file() and str(path) in page
    assert yaml.safe_load(path.read_text(encoding="utf-8")) == {"name": "sea", "base": "light",
                                                                "colours": {"gate-blue": "#0a2f8f"}}
    game = load_game("dravakron")
    assert load_theme(path, game.themes_dir).colours["gate-blue"] == "#0a2f8f"
    assert client.get("/games/dravakron/themes/sea.yaml").content == path.read_bytes()
    kit = client.get("/games/dravakron?theme=sea.yaml&theme=classic&look=sea.yaml&part=board").text
    assert "<code>board-a4-sea.pdf</code>" in kit and "#0a2f8f" in kit
    again = client.get("/games/dravakron/colours?edit=sea.yaml").text
    assert field_value(again, "c:gate-blue") == "#0a2f8f" and field_value(again, "name") == "sea"


def test_a_theme_file_opens_with_its_colours_or_its_problems(client: TestClient) -> None:
    good = b"name: forest\nbase: classic\ncolours:\n  frame: '#1d3b1d'\n"
    page = client.post("/games/dravakron/colours/upload", files={"file": ("forest.yaml", good)}).text
    assert field_value(page, "c:frame") == "#1d3b1d" and field_value(page, "name") == "forest"
    assert "Opened forest.yaml" in page
    tagged = b"name: odd\nbase: classic\ncolours: !!python/object:os.system {}\n"
    page = read(client.post("/games/dravakron/colours/upload", files={"file": ("odd.yaml", tagged)}))
    assert "This file does not load:" in page
    assert "odd.yaml:3:10: the tag '!!python/object:os.system' is not allowed in a spec" in page
    nameless = "base: classic\ncolours: {red: '#aa0000'}\n".encode()
    page = read(client.post("/games/dravakron/colours/upload", files={"file": ("drachen-grün.yaml", nameless)}))
    assert "the theme's file name 'drachen-grün' cannot name its boards" in page
    large = b"# " + b"x" * (70 * 1024) + b"\nname: big\n"
    page = client.post("/games/dravakron/colours/upload", files={"file": ("big.yaml", large)}).text
    assert "big.yaml is 70 KB; a theme or printer file may be at most 64 KB" in page
    page = client.post("/games/dravakron/colours/upload", files={"file": ("../../x.yaml", good)}).text
    assert "Opened x.yaml" in page  # a path in the name is not followed


def _targets(svg: str) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in CENTRE.findall(svg)]


def test_the_printer_offset_moves_the_backs(client: TestClient) -> None:
    page = client.post("/games/dravakron/printer", data={"name": "mine", "x": "2", "y": "-1.5", "format": "a4",
                                                         "action": "show"}).text
    no_trace(page)
    front, back = [s for s in svgs(page) if "alignment-mark" in s][:2]
    for (fx, fy), (bx, by) in zip(sorted(_targets(front)), sorted(_targets(back), reverse=True)):
        assert (round(210 - fx + 2, 3), round(fy + 1.5, 3)) in _targets(back)  # long edge: mirrored, then moved
    assert "Piece sheet 1, backs" in page


def test_readings_are_added_to_the_offset(client: TestClient) -> None:
    page = client.post("/games/dravakron/printer", data={"name": "mine", "x": "1", "y": "0", "rx": "0.5", "ry": "-2",
                                                         "action": "add"}).text
    assert field_value(page, "x") == "1.5" and field_value(page, "y") == "-2"
    page = client.post("/games/dravakron/printer", data={"name": "mine", "rx": "half", "action": "add"}).text
    assert "a reading is a number of mm" in page


def test_a_saved_printer_profile_loads_as_the_command_line_loads_it(client: TestClient, studio_out: Path) -> None:
    page = client.post("/games/dravakron/printer", data={"name": "office", "top": "4", "right": "4", "bottom": "9",
                                                         "left": "4", "duplex": "short", "x": "1.5", "y": "-0.5",
                                                         "action": "save"}).text
    no_trace(page)
    path = studio_out / "studio" / "printers" / "office.yaml"
    profile = load_printer(path)
    setup = profile.setup("A4")
    assert (profile.name, profile.duplex, setup.margins, setup.offset) == ("office", "short", (4, 4, 9, 4),
                                                                           (1.5, -0.5))
    assert client.get("/printers/office.yaml").content == path.read_bytes()
    too_wide = read(client.get("/games/dravakron?printer=office.yaml"))
    assert re.search(r"print\.yaml:\d+:\d+: format 'a3': a sheet needs .* inside the 9 mm margin\n    fix: set "
                     r"square_mm to [\d.]+ or less", too_wide)  # the command line's message for this profile
    kit = client.get("/games/dravakron?printer=office.yaml&format=a4").text
    assert "profile <em>office.yaml</em>" in kit and "M0 0H297V210H0Z M4 4V206H288V4Z" in kit  # A4 turned: 9 mm right
    opened = client.post("/games/patrakill/printer/upload", files={"file": ("office.yaml", path.read_bytes())}).text
    assert field_value(opened, "bottom") == "9" and field_value(opened, "x") == "1.5"


def test_printer_problems_are_located_at_their_field(client: TestClient) -> None:
    page = read(client.post("/games/dravakron/printer", data={"name": "mine", "top": "wide", "action": "show"}))
    assert re.search(r"mine\.yaml:\d+:\d+: .*'wide'", page)
    page = read(client.post("/games/dravakron/printer", data={"name": "my printer", "action": "save"}))
    assert "the profile's name 'my printer' cannot name its file" in page
    page = client.post("/games/dravakron/printer", data={"name": "huge", "top": "120", "bottom": "120",
                                                         "action": "show"}).text
    no_trace(page)
    assert "huge.yaml:" in page and "fix:" in page  # no room for the pieces: said at the margins' line


def test_the_calibration_sheet_is_the_kits(client: TestClient, tmp_path: Path) -> None:
    answer = client.post("/games/ejderhalar/printer", data={"name": "default", "action": "calibration-a4"})
    assert answer.headers["content-type"] == "application/pdf"
    assert 'filename="duplex-calibration-a4.pdf"' in answer.headers["content-disposition"]
    assert main(["print", "ejderhalar", "--part", "calibration", "--format", "a4", "--out", str(tmp_path),
                 "--no-preview", "-q"]) == 0
    assert answer.content == (tmp_path / "ejderhalar" / "duplex-calibration-a4.pdf").read_bytes()
    with pikepdf.open(tmp_path / "ejderhalar" / "duplex-calibration-a4.pdf") as pdf:
        assert len(pdf.pages) == 2
    letter = client.get("/games/ejderhalar/calibration/duplex-calibration-letter.pdf")
    assert letter.headers["content-type"] == "application/pdf" and letter.content.startswith(b"%PDF")


def test_rule_diagrams_are_drawn_on_request(client: TestClient) -> None:
    page = client.get("/games/patrakill/diagrams").text
    assert 'name="example"' in page and "<option>" in page
    first = re.search(r"<option>([^<]+)</option>", page).group(1)  # type: ignore[union-attr]
    drawn = client.get(f"/games/patrakill/diagrams?example={first}").text
    assert 'class="rule-diagram"' in drawn
    missing = read(client.get("/games/patrakill/diagrams?example=nothing-here"))
    assert "no rule example 'nothing-here'" in missing


def test_the_project_fonts_are_served(client: TestClient) -> None:
    assert client.get("/fonts/Sans-Bold.ttf").content[:4] == b"\x00\x01\x00\x00"
    assert "no font named Comic" in client.get("/fonts/Comic.ttf").text


def test_a_book_link_builds_the_book_where_boardkit_print_would(client: TestClient, studio_out: Path) -> None:
    answer = client.get("/games/patrakill/books/player-aid.pdf")
    assert answer.headers["content-type"] == "application/pdf"
    assert answer.content == (studio_out / "patrakill" / "player-aid.pdf").read_bytes()
    assert "no book named cards.pdf" in client.get("/games/patrakill/books/cards.pdf").text


def test_a_bug_is_one_line_never_a_stack_trace(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.studio import pages, shared

    def broken(*args: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(shared, "shown_examples", broken)
    page = read(client.get("/games/drako/diagrams"))
    assert "internal error: RuntimeError: boom (please report it)" in page and "Traceback" not in page
    assert 'href="/games/drako">Back to the game' in page
    monkeypatch.setattr(pages, "kit_files", broken)
    page = read(client.get("/games/drako"))
    assert "internal error: RuntimeError: boom" in page and "Traceback" not in page
    assert 'href="/games/nope"' not in read(client.get("/games/nope"))  # no way back to a game that is not there
