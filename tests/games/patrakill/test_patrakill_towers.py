"""Round 1 of the duel: earning a tower on an X square, carrying it home, setting it down, the end of the round."""
from __future__ import annotations

from patrakill_support import allowed, duel, knight_at, multi, refused


def test_reaching_an_x_square_earns_a_tower_and_turns_the_knight() -> None:
    rules = duel()
    state = rules.position({"dragon": "a9", "knights": [{"at": "e2", "facing": "n"}]})
    after = allowed(rules, state, "e2-e3")
    knight = knight_at(after, "e3")
    assert knight.carrying and knight.facing == "s" and after.reserve == 4


def test_no_tower_when_the_reserve_is_empty_or_the_knight_is_returning() -> None:
    rules = duel()
    returning = rules.position({"dragon": "a9", "knights": [{"at": "e4", "facing": "s", "returning": True}]})
    assert not knight_at(allowed(rules, returning, "e4-e3"), "e3").carrying
    empty = rules.position({"dragon": "a9", "reserve": 0, "towers": ["a1", "b3", "c5", "i2"],
                            "knights": [{"at": "e2", "facing": "n"}, {"at": "a4", "facing": "s", "carrying": True}]})
    assert not knight_at(allowed(rules, empty, "e2-e3"), "e3").carrying


def test_a_carried_tower_moves_as_a_knight_towards_the_camp() -> None:
    rules = duel()
    state = rules.position({"dragon": "a9", "towers": ["e7"],
                            "knights": [{"at": "e8", "facing": "s", "carrying": True}]})
    assert refused(rules, state, "e8-e9") == "no-backward"
    assert refused(rules, state, "e8-e7") == "one-tower-per-square"
    after = allowed(rules, state, "e8-d8")
    assert knight_at(after, "d8").carrying


def test_setting_the_tower_down_leaves_it_behind_and_sends_the_knight_home() -> None:
    rules = duel()
    state = rules.position({"dragon": "a9", "knights": [{"at": "e5", "facing": "s", "carrying": True}]})
    after = allowed(rules, state, "e5>e6")
    knight = knight_at(after, "e6")
    assert [t.square for t in after.towers] == ["e5"]
    assert knight.facing == "s" and knight.returning and not knight.carrying
    assert refused(rules, after._replace(seat=0), "e6-e7") == "no-backward"


def test_back_in_camp_the_knight_turns_round_and_may_fetch_again() -> None:
    rules = duel()
    state = rules.position({"dragon": "a9", "knights": [{"at": "d3", "facing": "s", "returning": True}]})
    knight = knight_at(allowed(rules, state, "d3-d2"), "d2")
    assert knight.facing == "n" and not knight.returning


def test_a_knight_may_stand_in_a_set_tower_and_leave_it_any_straight_way() -> None:
    rules = duel()
    state = rules.position({"dragon": "a9", "towers": ["d5"], "knights": [{"at": "d4", "facing": "n"}]})
    inside = allowed(rules, state, "d4-d5")._replace(seat=0)
    texts = [rules.action_text(a) for a in rules.legal_actions(inside)]
    assert texts == ["d5>d6", "d5>e5", "d5>d4", "d5>c5"]
    assert knight_at(allowed(rules, inside, "d5-d4"), "d4").facing == "n"
    assert refused(rules, inside, "d5>c6") == "knight-diagonal"
    outside = rules.position({"dragon": "a9", "knights": [{"at": "d4", "facing": "n"}]})
    assert refused(rules, outside, "d4>d3") == "not-in-tower"


def test_the_passages_are_closed_in_round_one() -> None:
    rules = duel()
    state = rules.position({"dragon": "a9", "towers": ["d5", "f5"], "knights": [{"at": "d5", "facing": "n"}]})
    assert refused(rules, state, "d5=f5") == "passages-closed"


def test_round_one_ends_when_every_tower_is_placed_or_broken() -> None:
    rules = duel()
    state = rules.position({"dragon": "a9", "towers": ["c2", "a5", "i5"], "broken": ["d1"],
                            "knights": [{"at": "e4", "facing": "s", "carrying": True}]})
    outcome = rules.apply(state, rules.parse_action(state, "e4>f4"))
    after = outcome.state
    assert "towers-done" in [e.kind for e in outcome.events]
    assert after.round == 2 and after.dragon is None and rules.decision(after) == "dragon"
    assert sorted(k.square for k in after.knights) == sorted(c for c in rules.layout.camp if c != "d1")
    assert after.absent == 1 and after.devoured == 0
    assert sorted(t.square for t in after.towers) == ["a5", "c2", "e4", "i5"]
    assert rules.invariants(after) == []


def test_round_one_ends_with_the_fifth_knight_and_carried_towers_go() -> None:
    rules = duel()
    state = rules.position({"dragon": "e5", "to_move": "dragon", "devoured": 4,
                            "knights": [{"at": "e6", "facing": "n"}, {"at": "b8", "facing": "s", "carrying": True}]})
    after = allowed(rules, state, "e5xe7")
    assert after.round == 2 and after.towers == () and len(after.knights) == 13 and after.reserve == 0


def test_setting_the_tower_down_backwards_keeps_the_knight_heading_home() -> None:
    """The source makes the knight return to camp before it may change direction: stepping out does not turn it."""
    rules = duel()
    state = rules.position({"dragon": "a9", "knights": [{"at": "e5", "facing": "s", "carrying": True}]})
    after = allowed(rules, state, "e5>e6")
    knight = knight_at(after, "e6")
    assert knight.facing == "s" and knight.returning
    after = after._replace(seat=0)
    assert {rules.action_text(a) for a in rules.legal_actions(after)} == {"e6-e5", "e6-d6", "e6-f6"}
    assert refused(rules, after, "e6-e7") == "no-backward"


def test_a_returning_knight_leaves_a_shelter_tower_still_facing_home() -> None:
    rules = duel()
    state = rules.position({"dragon": "a9", "towers": ["d6"],
                            "knights": [{"at": "d6", "facing": "s", "returning": True},
                                        {"at": "a4", "facing": "s", "carrying": True}]})
    knight = knight_at(allowed(rules, state, "d6>e6"), "e6")
    assert knight.facing == "s" and knight.returning


def test_no_knight_turns_when_it_leaves_a_tower() -> None:
    """Ledger 19: a knight may step out of a tower any straight way, but only earning a tower and coming home to
    the camp turn it (seed 003: 112, the change of direction waits for the camp; 78, 146, no backing down): a
    sheltering knight in round 1, every knight in round 2 and in Vatrakill keep their facing."""
    rules = duel()
    shelter = rules.position({"dragon": "a9", "towers": ["d6"], "knights": [{"at": "d6", "facing": "n"}]})
    assert knight_at(allowed(rules, shelter, "d6>e6"), "e6").facing == "n"
    hunt = rules.position({"round": 2, "dragon": "a9", "towers": ["d6"], "knights": [{"at": "d6", "facing": "n"}]})
    after = allowed(rules, hunt, "d6>d5")
    assert knight_at(after, "d5").facing == "n"
    assert refused(rules, after._replace(seat=0), "d5-d4") == "no-backward"
    many = multi()
    state = many.position({"dragon": "e5", "knights": [{"at": "e1", "facing": "n", "faction": "purple"}]})
    assert knight_at(allowed(many, state, "e1>f1"), "f1").facing == "n"
