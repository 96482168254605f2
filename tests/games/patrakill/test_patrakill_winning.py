"""Round 2 and Vatrakill: the dragon caught between two knights (one may sit in a tower), trapping, faction wins."""
from __future__ import annotations

from typing import Any

from patrakill_support import allowed, duel, multi, variant


def round_two(**extra: Any) -> Any:
    """A duel round-2 position with the dragon on e5 and the knights to move."""
    return duel().position({"round": 2, "dragon": "e5", **extra})


def test_capture_on_a_column() -> None:
    rules = duel()
    state = round_two(towers=["e6"], knights=[{"at": "e6", "facing": "n"}, {"at": "d4", "facing": "n"}])
    result = rules.result(allowed(rules, state, "d4-e4"))
    assert result is not None and result.winners == ("knights",) and result.reason == "capture"


def test_capture_on_a_diagonal() -> None:
    rules = duel()
    state = round_two(towers=["f6"], knights=[{"at": "f6", "facing": "n"}, {"at": "c4", "facing": "n"}])
    result = rules.result(allowed(rules, state, "c4-d4"))
    assert result is not None and result.reason == "capture"


def test_two_knights_without_a_tower_do_not_capture() -> None:
    rules = duel()
    state = round_two(knights=[{"at": "e6", "facing": "n"}, {"at": "d4", "facing": "n"}])
    assert rules.result(allowed(rules, state, "d4-e4")) is None


def test_the_dragon_stepping_between_is_not_captured() -> None:
    rules = duel()
    state = duel().position({"round": 2, "dragon": "d5", "to_move": "dragon", "towers": ["e6", "f3"],
                             "knights": [{"at": "e6", "facing": "n"}, {"at": "e4", "facing": "n"},
                                         {"at": "b2", "facing": "n"}]})
    after = allowed(rules, state, "d5-e5")
    assert rules.result(after) is None
    # it stays safe while knights move elsewhere: only the knight that moves up beside it closes a line
    assert rules.result(allowed(rules, after, "b2-b3")) is None


def test_a_dragon_left_without_a_move_is_trapped() -> None:
    rules = duel()
    state = duel().position({"round": 2, "dragon": "a1", "knights": [
        {"at": "a2", "facing": "n"}, {"at": "a3", "facing": "n"}, {"at": "b2", "facing": "n"},
        {"at": "c3", "facing": "n"}, {"at": "b1", "facing": "n"}, {"at": "c2", "facing": "s"}]})
    result = rules.result(allowed(rules, state, "c2-c1"))
    assert result is not None and result.winners == ("knights",) and result.reason == "immobilised"


def test_round_one_knows_no_trap() -> None:
    rules = duel()
    state = duel().position({"dragon": "e5", "towers": ["e6"],
                             "knights": [{"at": "e6", "facing": "n"}, {"at": "d4", "facing": "n"}]})
    assert rules.result(allowed(rules, state, "d4-e4")) is None


def test_round_two_passages_join_the_towers() -> None:
    rules = duel()
    state = round_two(towers=["a1", "e6", "i9"], knights=[{"at": "a1", "facing": "n"}, {"at": "e4", "facing": "n"},
                                                         {"at": "i9", "facing": "n"}])
    assert refused_code(rules, state, "a1=i9") == "passage-target"
    assert refused_code(rules, state, "e4=e6") == "not-in-tower"
    result = rules.result(allowed(rules, state, "a1=e6"))
    assert result is not None and result.reason == "capture"


def refused_code(rules: Any, state: Any, text: str) -> str:
    """The reason code of a refused action."""
    verdict = rules.check(state, rules.parse_action(state, text))
    assert not verdict
    return str(verdict.code)


def faction_position(**extra: Any) -> Any:
    """A five-player Vatrakill position with the dragon on e5."""
    return multi().position({"dragon": "e5", **extra})


def test_vatrakill_the_faction_on_both_sides_wins() -> None:
    rules = multi()
    state = faction_position(to_move="purple", towers=[{"at": "e6", "faction": "blue"}], knights=[
        {"at": "e6", "facing": "s", "faction": "purple"}, {"at": "d4", "facing": "n", "faction": "purple"}])
    after = allowed(rules, state, "d4-e4")
    assert after.ending is not None and after.ending.faction == "purple" and after.ending.winners == ("purple",)


def test_vatrakill_a_tower_stands_for_its_faction_even_if_another_closed() -> None:
    rules = multi()
    state = faction_position(to_move="blue", towers=[{"at": "e6", "faction": "green"}], knights=[
        {"at": "d6", "facing": "e", "faction": "blue"}, {"at": "e4", "facing": "n", "faction": "green"}])
    after = allowed(rules, state, "d6-e6")
    assert after.ending is not None and after.ending.winners == ("green",)


def test_vatrakill_two_factions_on_both_sides_the_closer_wins() -> None:
    rules = multi()
    state = faction_position(to_move="blue", towers=[{"at": "e6", "faction": "purple"}, {"at": "e4", "faction": "blue"}],
                             knights=[{"at": "d6", "facing": "e", "faction": "blue"},
                                      {"at": "e4", "facing": "n", "faction": "purple"}])
    after = allowed(rules, state, "d6-e6")
    assert after.ending is not None and after.ending.winners == ("blue",)


def test_vatrakill_no_shared_faction_no_capture() -> None:
    rules = multi()
    state = faction_position(to_move="purple", towers=[{"at": "e6"}], knights=[
        {"at": "e6", "facing": "s", "faction": "blue"}, {"at": "d4", "facing": "n", "faction": "purple"}])
    after = allowed(rules, state, "d4-e4")
    assert after.ending is None and rules.decision(after) == "blue"


def test_vatrakill_the_faction_that_closes_the_trap_wins() -> None:
    rules = multi()
    state = multi().position({"dragon": "a1", "to_move": "yellow", "knights": [
        {"at": "a2", "facing": "n", "faction": "purple"}, {"at": "a3", "facing": "n", "faction": "purple"},
        {"at": "b2", "facing": "n", "faction": "blue"}, {"at": "c3", "facing": "n", "faction": "blue"},
        {"at": "b1", "facing": "n", "faction": "green"}, {"at": "c2", "facing": "s", "faction": "yellow"}]})
    after = allowed(rules, state, "c2-c1")
    assert after.ending is not None and after.ending.winners == ("yellow",) and after.ending.faction == "yellow"


def test_vatrakill_for_two_one_player_moves_either_faction() -> None:
    rules = variant("vatrakill", players=2, factions=["purple", "green"])
    start = allowed(rules, rules.new_game(), "@e5")
    movers = {next(k.faction for k in start.knights if k.square == a.path[0]) for a in rules.legal_actions(start)}
    assert movers == {"purple", "green"}
    state = rules.position({"dragon": "e5", "towers": [{"at": "e6", "faction": "green"}], "knights": [
        {"at": "e6", "facing": "s", "faction": "green"}, {"at": "d4", "facing": "n", "faction": "green"}]})
    after = allowed(rules, state, "d4-e4")
    assert after.ending is not None and after.ending.winners == ("knights",) and after.ending.faction == "green"


def test_vatrakill_seats_play_in_turn_and_other_factions_wait() -> None:
    rules = multi()
    start = allowed(rules, rules.new_game(), "@e5")
    assert rules.decision(start) == "purple"
    assert refused_code(rules, start, "a3-b3") == "wrong-turn"
    after = allowed(rules, start, "c1-c2")
    assert [rules.decision(after)] == ["blue"]


def test_a_trap_also_closes_on_the_knights_pass() -> None:
    rules = duel()
    state = duel().position({"round": 2, "dragon": "a1", "broken": ["a4", "c1", "c2", "c3"], "knights": [
        {"at": "a2", "facing": "w"}, {"at": "a3", "facing": "w"}, {"at": "b1", "facing": "s"},
        {"at": "b2", "facing": "s"}]})
    assert [rules.action_text(a) for a in rules.legal_actions(state)] == ["pass"]
    result = rules.result(allowed(rules, state, "pass"))
    assert result is not None and result.winners == ("knights",) and result.reason == "immobilised"
