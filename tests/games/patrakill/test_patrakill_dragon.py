"""The dragon devours by jumping (chains that may turn), must devour when it can, and treats towers as pieces."""
from __future__ import annotations

from patrakill_support import allowed, duel, knight_at, refused

from generator.games.patrakill.state import State


def dragon_turn(round_: int = 1, **extra: object) -> State:
    """A duel position with the dragon to move."""
    return duel().position({"round": round_, "to_move": "dragon", "dragon": "e5", **extra})


def test_a_possible_devour_must_be_made() -> None:
    rules = duel()
    state = dragon_turn(knights=[{"at": "e6", "facing": "n"}])
    assert [rules.action_text(a) for a in rules.legal_actions(state)] == ["e5xe7"]
    assert refused(rules, state, "e5-d5") == "must-devour"
    outcome = rules.apply(state, rules.parse_action(state, "e5xe7"))
    assert outcome.state.dragon == "e7" and outcome.state.devoured == 1 and outcome.state.knights == ()


def test_a_chain_may_turn_and_may_stop_early() -> None:
    rules = duel()
    state = duel().position({"to_move": "dragon", "dragon": "c3",
                             "knights": [{"at": "c4", "facing": "n"}, {"at": "d6", "facing": "n"}]})
    texts = {rules.action_text(a) for a in rules.legal_actions(state)}
    assert {"c3xc5", "c3xc5xe7"} <= texts
    after = allowed(rules, state, "c3xc5xe7")
    assert after.devoured == 2 and after.dragon == "e7"


def test_a_chain_never_crosses_or_lands_on_a_square_twice() -> None:
    rules = duel()
    state = dragon_turn(knights=[{"at": "e6", "facing": "n"}])
    assert refused(rules, state, "e5xe7xe5") == "jump-twice"
    assert refused(rules, state, "e5xc5") == "bad-jump"
    assert refused(rules, state, "e5xe8") == "bad-jump"


def test_no_landing_on_a_tower_or_a_knight() -> None:
    rules = duel()
    state = dragon_turn(knights=[{"at": "e6", "facing": "n"}, {"at": "d6", "facing": "n"}], towers=["e7"])
    assert refused(rules, state, "e5xe7") == "dragon-no-tower"
    assert allowed(rules, state, "e5xc7").dragon == "c7"


def test_round_one_a_knight_in_a_set_tower_is_devoured_and_the_tower_stays() -> None:
    rules = duel()
    state = dragon_turn(knights=[{"at": "e6", "facing": "n"}], towers=["e6"])
    outcome = rules.apply(state, rules.parse_action(state, "e5xe7"))
    assert outcome.state.devoured == 1 and [t.square for t in outcome.state.towers] == ["e6"]


def test_round_one_a_carried_tower_is_broken() -> None:
    rules = duel()
    state = dragon_turn(knights=[{"at": "e6", "facing": "s", "carrying": True}])
    after = allowed(rules, state, "e5xe7")
    assert after.broken == ("e6",) and after.devoured == 1 and after.towers == ()


def test_an_empty_tower_may_be_jumped_but_need_not_be() -> None:
    rules = duel()
    state = dragon_turn(towers=["e6"], knights=[{"at": "a1", "facing": "n"}])
    texts = [rules.action_text(a) for a in rules.legal_actions(state)]
    assert "e5xe7" in texts and "e5-d5" in texts
    assert allowed(rules, state, "e5xe7").devoured == 0


def test_round_two_the_knight_in_a_jumped_tower_is_thrown_onto_the_dragons_square() -> None:
    rules = duel()
    state = dragon_turn(2, towers=["e6"], knights=[{"at": "e6", "facing": "n"}, {"at": "a1", "facing": "n"}])
    texts = [rules.action_text(a) for a in rules.legal_actions(state)]
    assert "e5xe7" in texts and "e5-d5" in texts
    after = allowed(rules, state, "e5xe7")
    assert knight_at(after, "e5").facing == "n" and after.devoured == 0
    assert refused(rules, after, "e5-e6") == "ejected-no-return"
    later = allowed(rules, allowed(rules, after, "a1-a2"), "e7-f8")
    assert allowed(rules, later, "e5-e6").barred == ()


def test_round_two_ejection_may_be_diagonal() -> None:
    rules = duel()
    state = duel().position({"round": 2, "to_move": "dragon", "dragon": "d5", "towers": ["e6"],
                             "knights": [{"at": "e6", "facing": "w"}]})
    after = allowed(rules, state, "d5xf7")
    assert knight_at(after, "d5").facing == "w" and after.dragon == "f7"


def test_round_two_the_skewer_wins_for_the_dragon() -> None:
    rules = duel()
    state = dragon_turn(2, devoured=4, knights=[{"at": "e6", "facing": "n"}, {"at": "a1", "facing": "n"}])
    after = allowed(rules, state, "e5xe7")
    result = rules.result(after)
    assert result is not None and result.winners == ("dragon",) and result.reason == "skewer"
    assert rules.decision(after) is None and rules.legal_actions(after) == []
    assert refused(rules, after, "a1-a2") == "game-over"


def test_a_chain_throws_each_towers_knight_onto_its_own_take_off_square() -> None:
    rules = duel()
    state = dragon_turn(2, towers=["e6", "e8"], knights=[{"at": "e6", "facing": "e"}, {"at": "e8", "facing": "w"}])
    after = allowed(rules, state, "e5xe7xe9")
    assert knight_at(after, "e5").facing == "e" and knight_at(after, "e7").facing == "w"
    assert {(b.knight, b.tower) for b in after.barred} == {("e5", "e6"), ("e7", "e8")}


def test_a_passage_keeps_the_facing() -> None:
    rules = duel()
    state = duel().position({"round": 2, "dragon": "a9", "towers": ["b2", "h2"], "knights": [{"at": "b2", "facing": "n"}]})
    assert knight_at(allowed(rules, state, "b2=h2"), "h2").facing == "n"
