"""Building and downloading a kit from the studio: the zip holds `boardkit print`'s files, byte for byte."""
from __future__ import annotations

import html
import io
import threading
import time
import zipfile
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from generator.cli import main
from generator.model.game import load_game
from generator.kit import KitOptions
from generator.studio.builds import Builds
from generator.studio.workspace import Workspace


def finished(client: TestClient, location: str) -> dict[str, object]:
    """Follow a build's status until it ends (at most a minute)."""
    build_id = location.rsplit("/", 1)[1]
    for _ in range(600):
        status: dict[str, object] = client.get(f"/builds/{build_id}/status").json()
        if status["state"] != "running":
            return status
        time.sleep(0.1)
    raise AssertionError("the build did not end within a minute")


def test_the_kits_zip_holds_the_files_boardkit_print_writes(client: TestClient, tmp_path: Path) -> None:
    choice = {"paper": "A4", "format": "a4", "theme": "light", "printer": "default", "part": ["board", "guide"]}
    started = client.post("/games/ejderhalar/build", data=choice, follow_redirects=False)
    assert started.status_code == 303
    location = started.headers["location"]
    status = finished(client, location)
    assert status["state"] == "done", status
    assert status["done"] == status["total"] == 2
    done = sorted(str(e["text"]).split()[0] for e in status["events"])  # type: ignore[attr-defined]
    assert done == ["PRINT-GUIDE.pdf", "board-a4-light.pdf"]  # each file as it was done
    page = client.get(location).text
    assert "Download ejderhalar-kit.zip" in page
    download = client.get(f"{location}/download/ejderhalar-kit.zip")
    assert download.headers["content-type"] == "application/zip"
    assert 'filename="ejderhalar-kit.zip"' in download.headers["content-disposition"]
    assert main(["print", "ejderhalar", "--part", "board,guide", "--format", "a4", "--theme", "light",
                 "--out", str(tmp_path), "-q"]) == 0
    printed = {p.name: p.read_bytes() for p in (tmp_path / "ejderhalar").iterdir() if not p.name.startswith(".")}
    with zipfile.ZipFile(io.BytesIO(download.content)) as archive:
        zipped = {info.filename: archive.read(info) for info in archive.infolist()}
    assert set(printed) == {"board-a4-light.pdf", "board-a4-light.png", "PRINT-GUIDE.pdf"}
    assert zipped == {f"ejderhalar/{name}": data for name, data in printed.items()}
    again = client.post("/games/ejderhalar/build", data=choice, follow_redirects=False).headers["location"]
    assert finished(client, again)["state"] == "done"
    assert client.get(f"{again}/download/ejderhalar-kit.zip").content == download.content  # the same kit, the same zip
    assert "no longer kept" in html.unescape(client.get(location).text)


def test_a_build_that_fails_says_why_and_offers_no_zip(client: TestClient, studio_out: Path) -> None:
    profiles = studio_out / "studio" / "printers"
    profiles.mkdir(parents=True, exist_ok=True)
    (profiles / "cramped.yaml").write_text("name: cramped\nmargins_mm: 30\n", encoding="utf-8")
    started = client.post("/games/dravakron/build", data={"paper": "A4", "format": "a4", "theme": "classic",
                                                          "printer": "cramped.yaml", "part": "board"},
                          follow_redirects=False)
    location = started.headers["location"]
    status = finished(client, location)
    assert status["state"] == "failed"
    assert "format 'a4': a sheet needs" in str(status["error"]) and "inside the 30 mm margin" in str(status["error"])
    page = html.unescape(client.get(location).text)
    assert "The build stopped." in page and "Nothing was kept" in page and "Download" not in page
    refused = html.unescape(client.get(f"{location}/download/dravakron-kit.zip").text)
    assert "there is no finished kit to download here" in refused
    assert not any((studio_out / "dravakron").glob("*.zip"))


def test_bad_build_requests_get_the_command_lines_messages(client: TestClient) -> None:
    page = html.unescape(client.post("/games/drako/build", data={"paper": "A4", "part": "dice"}).text)
    assert "unknown part dice; parts: board, pieces, cards, mats" in page
    assert "Traceback" not in page
    assert client.get("/builds/b999/status").json() == {"state": "gone"}


def test_one_build_of_a_game_at_a_time(tmp_path: Path) -> None:
    space = Workspace(tmp_path)
    builds = Builds(space)
    game = load_game("patrakill")
    lock = space.lock(game.id)
    assert lock.acquire()
    try:
        with pytest.raises(Exception, match="a kit of Patrakill is being built; one build of a game runs at a time"):
            builds.start(game, KitOptions(parts=("guide",)))
    finally:
        lock.release()
    build = builds.start(game, KitOptions(parts=("guide",), formats=("a4",)))
    for _ in range(600):
        if build.state != "running":
            break
        time.sleep(0.1)
    assert build.state == "done" and [name for name, _, _ in build.written] == ["PRINT-GUIDE.pdf"]
    assert not (space.temp / "builds").exists() or not any((space.temp / "builds").iterdir())  # its folder is gone
    assert not lock.locked() and threading.active_count() >= 1
    space.close()
    assert not space.temp.exists()


def test_cut_files_are_chosen_listed_and_built_as_boardkit_print_makes_them(client: TestClient, tmp_path: Path) -> None:
    """The kit page's cutting machines: the files each adds are listed with what they are, a name that is no machine
    gets the command line's message, and the zip holds `boardkit print --cut`'s files, byte for byte."""
    page = html.unescape(client.get("/games/dravakron?format=a4&theme=classic&part=decals&cut=cricut").text)
    assert 'name="cut" value="cricut" checked' in page and 'name="cut" value="silhouette" checked' not in page
    assert "<code>cut-decals-a4-1-cricut.png</code></td><td>Cricut Print Then Cut (6.75 x 9.25 in)</td>" in page
    assert "<code>cut-test-cricut.png</code>" in page and "a test page of a few pieces" in page
    assert "silhouette.dxf" not in page
    refused = html.unescape(client.get("/games/dravakron?cut=laser").text)
    assert "--cut: no cutting machine named 'laser'" in refused and "Traceback" not in refused
    choice = {"paper": "A4", "format": "a4", "theme": "classic", "printer": "default", "part": "decals",
              "cut": "silhouette"}
    location = client.post("/games/dravakron/build", data=choice, follow_redirects=False).headers["location"]
    assert finished(client, location)["state"] == "done"
    download = client.get(f"{location}/download/dravakron-kit.zip")
    assert main(["print", "dravakron", "--part", "decals", "--format", "a4", "--theme", "classic", "--cut",
                 "silhouette", "--out", str(tmp_path), "-q"]) == 0
    printed = {p.name: p.read_bytes() for p in (tmp_path / "dravakron").iterdir() if not p.name.startswith(".")}
    assert {"cut-decals-a4-1-silhouette.pdf", "cut-decals-a4-1-silhouette.dxf", "cut-decals-a4-1-silhouette.svg",
            "cut-test-a4-silhouette.pdf"} <= set(printed)
    with zipfile.ZipFile(io.BytesIO(download.content)) as archive:
        zipped = {info.filename: archive.read(info) for info in archive.infolist()}
    assert zipped == {f"dravakron/{name}": data for name, data in printed.items()}
