"""Every game's print guide says what is true of its own files: the list of files is the kit's (each described once,
from generator/kit/kitfiles.py), the checklist names each piece as that game prints it and says what its back is, and
the words on cutting claim a circle punch only where one fits."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.model.game import Game, load_game
from generator.kit.guide import guide_context, write_guide
from generator.output.inspect_pdf import page_count, page_text
from generator.kit import KitOptions, kit_file_names, plan
from generator.kit.kitfiles import FILE_KINDS, UNDESCRIBED, FileRow, describe_files
from generator.play.registry import plugin_for
from generator.model.punches import PUNCHES_MM

GAMES = ("dravakron", "ejderhalar", "dragon-eyes", "patrakill", "vatrakill", "drako")


def _guide(name: str, tmp_path: Path) -> tuple[Game, dict[str, object], str]:
    game = load_game(name)
    formats, themes = tuple(game.formats), [game.theme(t) for t in game.theme_names()]
    files = kit_file_names(game, KitOptions(previews=False), themes, formats)
    planner = plugin_for(game).kit_parts.get("guide")
    if planner is not None:  # a game with a guide of its own (Ejderhalar's) plans its own context
        from generator.games.ejderhalar.kit.guide import guide_context as own_context
        context = own_context(game, formats, themes, None, files)
    else:
        context = guide_context(game, formats, themes, None, files)
    path = tmp_path / f"{name}-guide.pdf"
    write_guide(game, path, context)
    text = " ".join(" ".join(page_text(path, i).split()) for i in range(page_count(path)))
    return game, context, text


@pytest.fixture(scope="module")
def guides(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Game, dict[str, object], str]]:
    out = tmp_path_factory.mktemp("guides")
    return {name: _guide(name, out) for name in GAMES}


@pytest.mark.parametrize("name", GAMES)
def test_the_guide_lists_every_file_of_the_kit_and_no_other(guides: dict, name: str) -> None:
    game, context, text = guides[name]
    planned = [j.name for j in plan(game, KitOptions(previews=False), lambda _: None) if j.name != "PRINT-GUIDE.pdf"]
    kinds = FILE_KINDS + tuple(plugin_for(game).file_kinds)
    rows = describe_files(game, planned, kinds)
    assert rows == context["files"]
    for row in rows:
        assert row.file in text, row.file
        pattern = re.escape(row.file)
        for word in ("FORMAT", "THEME", "PAPER", "DECK", "MAT"):
            pattern = pattern.replace(word, "[A-Za-z0-9_-]+")
        assert any(re.fullmatch(pattern, n) for n in planned), f"{row.file} matches no file of the kit"
    for n in planned:  # each file of the kit is in exactly one row
        matching = [r.file for r in rows if re.fullmatch(re.escape(r.file).replace("FORMAT", ".+").replace(
            "THEME", ".+").replace("PAPER", "(a4|letter)").replace("DECK", ".+").replace("MAT", ".+"), n)]
        assert matching, f"{n} is not listed"
    assert all(row.about and row.about != UNDESCRIBED[1] for row in rows), "a file of the kit is not described"
    assert describe_files(game, planned + ["box-lid.pdf"], kinds)[-1] == FileRow("box-lid.pdf", *UNDESCRIBED)


def test_hex_games_guides_say_hexes(guides: dict) -> None:
    for name in ("dragon-eyes", "drako"):
        game, _, text = guides[name]
        for fmt in game.formats.values():
            assert f"hexes {fmt.square_mm:g} mm across" in text
        assert "squares" not in text.replace("sized for the hexes", "")


def test_checklists_name_each_piece_as_printed_and_its_back(guides: dict) -> None:
    _, _, duel = guides["patrakill"]
    assert "Tower (its back is a broken tower) 5" in duel and "Round marker (its back shows 2) 1" in duel
    assert "used face" not in duel
    _, context, multi = guides["vatrakill"]
    names = [row.name for row in context["checklist"]]
    assert len(names) == len(set(names)), "two rows of the checklist read alike"
    for faction in ("Purple", "Blue", "Green", "Yellow"):
        assert f"Knight, {faction} faction 5" in multi and f"Tower {faction[0]} 1" in multi
    assert "broken tower" not in multi.lower(), "Vatrakill's towers never break"
    _, _, dravakron = guides["dravakron"]
    assert "Elvindra, form 1 (its back is the used face, laid on the piece it freezes) 1" in dravakron


def test_a_circle_punch_is_claimed_only_where_one_fits(guides: dict) -> None:
    _, context, dravakron = guides["dravakron"]
    claimed = re.findall(r"(\d+\.\d) mm with a (\S+ in) circle punch", dravakron)
    assert claimed and all(abs(PUNCHES_MM[size] - float(mm)) < 0.06 for mm, size in claimed)
    (letter,) = [row for row in context["punches"] if row.format == "letter"]
    assert not letter.punched and len(letter.by_hand) == 2  # the Letter board's squares fit no punch
    assert f"Cut the others by hand (the letter board's {letter.by_hand[0]} and {letter.by_hand[1]})" in dravakron
    for name in ("patrakill", "vatrakill"):  # no round piece of the duel's or Vatrakill's boards fits a punch
        _, _, text = guides[name]
        assert "circle punch:" not in text and "No common circle punch matches the round pieces" in text


def test_ejderhalars_thick_tokens_keep_their_backs(guides: dict) -> None:
    _, _, text = guides["ejderhalar"]
    assert "Glue nothing onto the two-sided sheet before cutting" in text
    assert "fold-over file (pieces-FORMAT-foldover.pdf), cut the sheet in two on its fold line" in text
    assert "before cutting; a stack" not in text
