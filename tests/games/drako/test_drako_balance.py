"""The balance command on a few games: it plays the sensible players and prints the figures."""
from __future__ import annotations

import pytest
from drako_support import rules

from generator.games.drako.balance import main, measure, report


def test_measure_a_few_games() -> None:
    found = measure(rules(), 4, seed=0)
    assert found.games == 4 and sum(found.wins.values()) == 4
    assert sum(found.endings.values()) == 4 and len(found.turns) == 4
    assert all(turns > 1 for turns in found.turns)
    text = report(found)
    assert "dragon" in text and "dwarves" in text and "turns: mean" in text
    assert measure(rules(), 2, seed=3).wins == measure(rules(), 2, seed=3).wins


def test_command_prints_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "2", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 games between the sensible players") and "%" in out


def test_command_reports_bad_specs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "1", "--game", "no-such-game"]) == 1
    assert "no game named" in capsys.readouterr().err
