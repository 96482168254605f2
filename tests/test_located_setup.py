"""Setups the engines refuse, each with its own message at the line that is wrong (issue 24), before any file is
written: a game the engine cannot play is not left to show up as a side effect (a piece with no player, a board
that does not fit its paper), and the engines' layout problems carry the line of what they are about."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.errors import SpecError
from generator.model.game import SPECS_DIR, load_game
from generator.kit import KitOptions, build
from spec_edits import edit, line_of

DE_SQUARES = ("  shape: hex\n  radius: 5\n  orientation: pointy\n  naming: rows\n", "  shape: square\n  columns: 11\n"
              "  rows: 11\n")
THIRD_SIDE = "  - id: third\n    name: Third\n    colour: dark\n    emblem: disc\n  - id: dark\n"
CASES = [
    # (case, game folder, edits, file, the line's text, the column's text or None, message, fix)
    ("Vatrakill without the dragon", "vatrakill",
     [("game.yaml", "  - {id: dragon, name: Dragon, colour: dragon, emblem: disc}\n", "")],
     "game.yaml", "- {id: purple", None, "the multi game needs a player with id 'dragon'",
     "add '- {id: dragon, name: ..., colour: ...}' to players"),
    ("three-player Dragon Eyes", "dragon-eyes", [("game.yaml", "  - id: dark\n", THIRD_SIDE)],
     "game.yaml", "- id: light", None, "Dragon Eyes has two sides, not 3",
     "list exactly two players (the first owns the light pieces)"),
    ("Dragon Eyes on squares", "dragon-eyes", [("board.yaml", *DE_SQUARES)],
     "board.yaml", "shape: square", None, "Dragon Eyes is played on hexes",
     "set 'grid: {shape: hex, radius: 5, orientation: pointy, naming: rows}'"),
    ("an eye off the corners", "dragon-eyes",
     [("board.yaml", "at: [a1, a6, f1, f11, k1, k6, f6]", "at: [a1, a6, f1, f11, k1, k5, f6]")],
     "board.yaml", "at: [a1,", "k5", "k5 is marked as a Dragon Eye but is neither a corner nor the centre",
     "the eyes are the six corners and the centre: remove it"),
    ("an X square behind the camp", "patrakill",
     [("board.yaml", "at: [a3, c3, e3, g3, i3]", "at: [a3, c3, e3, g3, a2]")],
     "board.yaml", "at: [a3, c3, e3, g3, a2]", "a2", "X square a2 is not ahead of the camp: knights could earn towers "
     "without crossing", "move it beyond the camp, towards the north edge the knights face"),
    ("a skewer the factions cannot fill", "vatrakill",
     [("game.yaml", "skewer: 5", "skewer: 12"),
      ("game.yaml", "players: 5\n  factions: [purple, blue, green, yellow]", "players: 3\n  factions: [blue, yellow]")],
     "game.yaml", "skewer: 12", "12", "the factions bring 10 knights and the dragon needs 12: the dragon could never "
     "win", "set skewer to 10 or less"),
]


@pytest.mark.parametrize("case, name, edits, file, needle, column, message, fix", CASES, ids=[c[0] for c in CASES])
def test_a_setup_the_engine_refuses_is_reported_at_its_line(
        tmp_path: Path, case: str, name: str, edits: list[tuple[str, str, str]], file: str, needle: str,
        column: str | None, message: str, fix: str) -> None:
    for folder in {name, "patrakill"} if name == "vatrakill" else {name}:
        shutil.copytree(SPECS_DIR / folder, tmp_path / folder)
    game = tmp_path / name
    for spec, old, new in edits:
        edit(game / spec, old, new)
    out = tmp_path / "out"
    with pytest.raises(SpecError) as caught:
        build(load_game(game), KitOptions(out=out, previews=False), quiet=True)
    problem = caught.value.problems[0]
    path = game / file
    assert (Path(problem.file), problem.line, problem.message, problem.hint) == (path, line_of(path, needle),
                                                                                   message, fix)
    if column is not None:
        text = path.read_text(encoding="utf-8").splitlines()[line_of(path, needle) - 1]
        assert problem.column == text.index(column) + 1
    assert [p.name for p in out.rglob("*") if p.is_file()] in ([], [".build.lock"])  # nothing of the kit
