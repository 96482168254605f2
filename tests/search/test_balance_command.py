"""`boardkit balance`: seeded reports, the same on one process or two, and clear errors for bad input."""
from __future__ import annotations

import re

import pytest

from generator.cli import main
from generator.model.game import load_game
from generator.play.registry import rules_for
from generator.search.stats import quartiles, wilson

#: A cheap run: Vatrakill for three players, short games, a tiny budget.
RUN = ["balance", "vatrakill", "--variant", "players=3", "--variant", "factions=[purple, blue]", "--games", "6",
       "--budget", "2", "--rollout", "random", "--seed", "4"]


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_the_same_seed_gives_the_same_report_on_one_process_or_two(capsys: pytest.CaptureFixture[str]) -> None:
    status, one, err = _run(capsys, *RUN, "--jobs", "1")
    assert status == 0
    assert len(re.findall(r"^\[\d/6\] game \d", err, re.M)) == 6, err
    status, two, _ = _run(capsys, *RUN, "--jobs", "2")
    assert status == 0 and one == two
    _, other, _ = _run(capsys, *RUN[:-1], "5", "--jobs", "1")
    assert other != one, "another seed plays other games"
    rows = {m[0]: int(m[1]) for m in re.findall(r"^(purple|blue|dragon|draws) +(\d+) ", one, re.M)}
    assert sum(rows.values()) == 6 and set(rows) == {"purple", "blue", "dragon", "draws"}
    assert "options: players=3, factions=[purple, blue]" in one
    kinds = re.findall(r"^  (\S+) +(\d+) +\d+\.\d\d", one.split("actions by kind")[1].split("events by kind")[0], re.M)
    assert [k for k, _ in kinds] == ["place", "step", "exit", "passage", "dragon-step", "jump", "pass"]
    assert dict(kinds)["place"] == "6", "the dragon is placed once a game"


def test_the_engine_budget_and_horizon_are_the_defaults_and_0_plays_to_the_end(capsys: pytest.CaptureFixture[str]) -> None:
    """Ejderhalar judges positions, so its players cut playouts at its own horizon unless told --horizon 0, and
    make its own number of playouts unless told --budget."""
    rules = rules_for(load_game("ejderhalar"))
    horizon, budget = rules.search_horizon, rules.search_budget
    run = ["balance", "ejderhalar", "--games", "1", "--budget", "2", "--jobs", "1", "-q"]
    assert horizon and f"cut after {horizon} actions" in _run(capsys, *run)[1]
    assert budget and f"players: {budget} playouts a decision" in _run(capsys, *run[:4], "--jobs", "1", "-q")[1]
    assert "cut after 7 actions" in _run(capsys, *run, "--horizon", "7")[1]
    assert "cut after" not in _run(capsys, *run, "--horizon", "0")[1]


def test_the_trees_widening_and_bias_can_be_asked_for(capsys: pytest.CaptureFixture[str]) -> None:
    """Without them, the search grows its tree as the engine says; with them, as asked, and the report says so."""
    rules = rules_for(load_game("patrakill"))
    run = ["balance", "patrakill", "--games", "2", "--budget", "3", "--horizon", "6", "--jobs", "1", "-q"]
    status, plain, _ = _run(capsys, *run)
    assert status == 0 and "widening" not in plain.split("players:")[1].splitlines()[0]
    assert (rules.search_widening, rules.search_bias) == (None, None), "patrakill grows the search's default tree"
    status, asked, _ = _run(capsys, *run, "--widening", "5", "--bias", "0")
    assert status == 0 and "widening 5, bias 0" in asked.split("players:")[1].splitlines()[0]
    assert asked.split("players:")[0] == plain.split("players:")[0]


def test_sequential_halving_at_the_root_can_be_asked_for(capsys: pytest.CaptureFixture[str]) -> None:
    """Drako's search halves at the root by default and the report says so; --halving 0 weighs every action by UCT."""
    run = ["balance", "drako", "--games", "1", "--budget", "3", "--jobs", "1", "-q"]
    status, plain, _ = _run(capsys, *run)
    assert status == 0 and "the best of 8 by halving" in plain.split("players:")[1].splitlines()[0]
    status, uct, _ = _run(capsys, *run, "--halving", "0")
    assert status == 0 and "halving" not in uct.split("players:")[1].splitlines()[0]


@pytest.mark.parametrize("argv, said", [
    (["balance", "nosuch"], "no game named 'nosuch'"),
    (["balance", "vatrakill", "--variant", "players=7"], "--variant players=7: players: 7 is out of range (7 is greater than the maximum of 5)"),
    (["balance", "vatrakill", "--variant", "colours=4"], "unknown key 'colours'"),
    (["balance", "vatrakill", "--variant", "players"], "--variant players: write an option of game.yaml"),
    (["balance", "patrakill", "--variant", "skewer=[1"], "--variant skewer=[1: the value does not read as YAML"),
])
def test_bad_games_and_variants_are_named(capsys: pytest.CaptureFixture[str], argv: list[str], said: str) -> None:
    status, out, err = _run(capsys, *argv)
    assert status == 2 and not out
    assert said in err and "Traceback" not in err


@pytest.mark.parametrize("option, value, said", [
    ("--games", "0", "0 is too small: give 1 or more"),
    ("--games", "ten", "'ten' is not a whole number"),
    ("--budget", "lots", "'lots' is no budget"),
    ("--seed", "-3", "-3 is too small"),
    ("--widening", "0", "0 is out of range: give a number more than 0"),
    ("--widening", "wide", "'wide' is not a number"),
    ("--bias", "-1", "-1 is out of range: give a number of at least 0"),
    ("--bias", "nan", "nan is out of range"),
    ("--halving", "-1", "-1 is too small"),
])
def test_bad_numbers_are_named(capsys: pytest.CaptureFixture[str], option: str, value: str, said: str) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["balance", "patrakill", option, value])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert f"argument {option}: {said}" in err


def test_wilson_intervals_and_quartiles() -> None:
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = wilson(0, 10)
    assert low == 0 and round(high, 4) == 0.2775
    assert wilson(0, 0) == (0.0, 1.0)
    assert quartiles([7]) == (7, 7, 7)
    assert quartiles([1, 2, 3, 4, 5]) == (2, 3, 4)
