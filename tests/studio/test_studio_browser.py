"""The studio used as a person uses it, in a real headless Chromium (Debian's chromium and chromium-driver).

One studio (started as `boardkit studio --no-browser` is) and one browser serve the whole module. The tests are
skipped, saying why, where the browser, its driver or Selenium is missing; `.ci/run` installs them.
"""
from __future__ import annotations

import io
import os
import subprocess
import sys
import time
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from generator.model.game import game_folders, load_game

CHROMIUM, DRIVER = Path("/usr/bin/chromium"), Path("/usr/bin/chromedriver")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--window-size=1400,1000")

webdriver = pytest.importorskip("selenium.webdriver", reason="Selenium is not installed (pip install -e '.[test]')")
if not (CHROMIUM.is_file() and DRIVER.is_file()):
    pytest.skip(f"the browser tests need Debian's chromium and chromium-driver ({CHROMIUM}, {DRIVER}): "
                "apt-get install chromium chromium-driver", allow_module_level=True)

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.remote.webelement import WebElement  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402


@pytest.fixture(scope="module")
def studio(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The address `boardkit studio --no-browser` prints on its first line (token included)."""
    out = tmp_path_factory.mktemp("browser-out")
    process = subprocess.Popen([sys.executable, "-m", "generator", "studio", "--no-browser", "--out", str(out)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        address = process.stdout.readline().strip()
        assert address.startswith("http://127.0.0.1:") and "/?token=" in address, address
        yield address
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture(scope="module")
def downloads(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the browser saves what it downloads."""
    return tmp_path_factory.mktemp("downloads")


@pytest.fixture(scope="module")
def browser(studio: str, downloads: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A headless Chromium that opened the studio's address; it downloads without asking."""
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in FLAGS + (f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}",):
        options.add_argument(flag)
    options.add_experimental_option("prefs", {"download.default_directory": str(downloads),
                                              "download.prompt_for_download": False})
    service = webdriver.ChromeService(executable_path=str(DRIVER), env={**os.environ, "SE_OFFLINE": "true"})
    driver = webdriver.Chrome(service=service, options=options)
    driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    driver.get(studio)
    try:
        yield driver
    finally:
        driver.quit()


def base(studio: str) -> str:
    return studio.split("/?token=")[0]


def wait(browser: Any, condition: Callable[[Any], Any], seconds: float = 30) -> Any:
    return WebDriverWait(browser, seconds, poll_frequency=0.1).until(condition)


def test_the_studio_opens_on_the_games(browser: Any, studio: str) -> None:
    assert browser.current_url == base(studio) + "/"  # the token went into a cookie, out of the address bar
    assert browser.find_element(By.TAG_NAME, "h1").text == "Pick a game"
    titles = [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".bk-card h2")]
    assert sorted(titles) == sorted(load_game(f).title for f in game_folders())


@pytest.mark.parametrize("game_id", [f.name for f in game_folders()])
def test_pick_each_game(browser: Any, studio: str, game_id: str) -> None:
    browser.get(base(studio) + "/")
    title = load_game(game_id).title
    browser.find_element(By.LINK_TEXT, title).click()
    wait(browser, lambda b: b.find_element(By.TAG_NAME, "h1").text == f"{title}: your kit")
    sheets = browser.find_elements(By.CSS_SELECTOR, ".bk-sheet .bk-paper > svg:first-child")
    assert sheets, "the board and pieces are previewed"
    width = sheets[0].size["width"]
    mm = browser.execute_script("return parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--mm'))")
    page_mm = float(browser.execute_script("return getComputedStyle(arguments[0]).getPropertyValue('--w')",
                                           browser.find_element(By.CSS_SELECTOR, ".bk-paper")))
    assert abs(width - page_mm * mm) < 1.0  # drawn at the screen's scale: mm times pixels per mm
    assert browser.find_elements(By.CSS_SELECTOR, "table.bk-files tbody tr")


def _set_colour(browser: Any, key: str, value: str) -> None:
    field = browser.find_element(By.ID, f"c-{key}")
    field.clear()
    field.send_keys(value)


def test_a_colour_change_redraws_the_preview_and_warns(browser: Any, studio: str) -> None:
    browser.get(base(studio) + "/games/dravakron/colours")
    previews = browser.find_element(By.CSS_SELECTOR, "[data-previews]")
    assert "#1a5e8c" not in previews.get_attribute("innerHTML")
    _set_colour(browser, "frame", "#1a5e8c")
    wait(browser, lambda b: "#1a5e8c" in b.find_element(By.CSS_SELECTOR, "[data-previews]").get_attribute("innerHTML"))
    assert browser.find_element(By.ID, "p-frame").get_attribute("value") == "#1a5e8c"  # the picker follows
    picker = browser.find_element(By.ID, "p-gate-teal")
    browser.execute_script("arguments[0].value = '#2e7d32'; arguments[0].dispatchEvent(new Event('input'))", picker)
    wait(browser, lambda b: "#2e7d32" in b.find_element(By.CSS_SELECTOR, "[data-previews]").get_attribute("innerHTML"))
    assert browser.find_element(By.ID, "c-gate-teal").get_attribute("value") == "#2e7d32"
    assert not browser.find_elements(By.CSS_SELECTOR, "[data-warnings-for='text'] li")
    _set_colour(browser, "text", "#efe6d2")  # pale text on the pale squares
    warning = wait(browser, lambda b: b.find_elements(By.CSS_SELECTOR, "[data-warnings-for='text'] li"))
    assert "text colour 'text' on 'square-light' has contrast" in warning[0].text
    row = browser.find_element(By.CSS_SELECTOR, ".bk-colour[data-key='text']")
    assert "bk-warned" in row.get_attribute("class") and warning[0].is_displayed()
    assert browser.find_element(By.CSS_SELECTOR, "[data-all-warnings]").is_displayed()
    _set_colour(browser, "red", "blu")
    problem = wait(browser, lambda b: b.find_elements(By.CSS_SELECTOR, ".bk-colour[data-key='red'] .bk-field-problem"))
    assert "'blu' is not a colour" in problem[0].text


def _zip_in(folder: Path, name: str) -> bytes:
    path = folder / name
    for _ in range(300):
        if path.is_file() and not list(folder.glob("*.crdownload")):
            return path.read_bytes()
        time.sleep(0.1)
    raise AssertionError(f"{name} was not downloaded")


def test_build_and_download_a_kit(browser: Any, studio: str, downloads: Path) -> None:
    browser.get(base(studio) + "/games/patrakill?format=a4&theme=classic&part=guide&part=player-aid")
    button = browser.find_element(By.CSS_SELECTOR, "form.bk-build button")
    assert "Build and download 3 files" in button.text
    button.click()
    link = wait(browser, lambda b: b.find_elements(By.LINK_TEXT, "Download patrakill-kit.zip"), 90)
    assert browser.find_element(By.CSS_SELECTOR, "progress").get_attribute("value") == "3"
    link[0].click()
    with zipfile.ZipFile(io.BytesIO(_zip_in(downloads, "patrakill-kit.zip"))) as archive:
        assert sorted(archive.namelist()) == ["patrakill/PRINT-GUIDE.pdf", "patrakill/player-aid-letter.pdf",
                                              "patrakill/player-aid-letter.png", "patrakill/player-aid.pdf",
                                              "patrakill/player-aid.png"]


def _tab_to(browser: Any, found: Callable[[WebElement], bool], limit: int = 120) -> WebElement:
    """Press Tab until the focused element is one ``found`` accepts."""
    for _ in range(limit):
        browser.switch_to.active_element.send_keys(Keys.TAB)
        element = browser.switch_to.active_element
        if found(element):
            return element
    raise AssertionError(f"not reached by the keyboard on {browser.current_url}; last: "
                         f"{browser.switch_to.active_element.get_attribute('outerHTML')[:200]}")


def test_the_studio_works_by_keyboard_alone(browser: Any, studio: str, downloads: Path) -> None:
    browser.get(base(studio) + "/")
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
    assert browser.switch_to.active_element.text == "Skip to the page"  # the first stop jumps past the header
    link = _tab_to(browser, lambda e: e.text == "Make this kit" and "ejderhalar" in (e.get_attribute("href") or ""))
    assert browser.execute_script("return getComputedStyle(arguments[0]).outlineStyle", link) != "none"  # seen
    link.send_keys(Keys.ENTER)
    wait(browser, lambda b: b.find_element(By.TAG_NAME, "h1").text == "Ejderhalar: your kit")
    browser.get(base(studio) + "/games/ejderhalar?part=guide")  # the address, typed
    paper = _tab_to(browser, lambda e: e.get_attribute("name") == "paper")  # a radio group is one stop
    paper.send_keys(Keys.ARROW_DOWN)  # its next paper: the form shows the Letter kit at once
    wait(browser, lambda b: "paper=letter" in b.current_url)
    assert browser.find_element(By.CSS_SELECTOR, "input[value=letter]").is_selected()
    button = _tab_to(browser, lambda e: e.tag_name == "button" and e.text.startswith("Build and download"))
    assert button.text == "Build and download 1 files"
    button.send_keys(Keys.ENTER)
    wait(browser, lambda b: b.find_elements(By.LINK_TEXT, "Download ejderhalar-kit.zip"), 90)
    reached = _tab_to(browser, lambda e: e.text == "Download ejderhalar-kit.zip")
    reached.send_keys(Keys.ENTER)
    with zipfile.ZipFile(io.BytesIO(_zip_in(downloads, "ejderhalar-kit.zip"))) as archive:
        assert archive.namelist() == ["ejderhalar/PRINT-GUIDE.pdf"]
