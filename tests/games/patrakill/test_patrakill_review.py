"""An independent referee's checks of the Patrakill duel against the source rulebook and the ledger's readings.

Every test builds a real position with ``position()`` and asserts what the engine offers, refuses or does.
"""
from __future__ import annotations

from typing import Any

from patrakill_support import allowed, duel, game, knight_at, reachable, refused, variant

from generator.games.patrakill.engine import PatrakillRules
from generator.games.patrakill.state import Action, State


def texts(rules: PatrakillRules, state: State) -> set[str]:
    """The legal actions of a position, in the notation."""
    return {rules.action_text(a) for a in rules.legal_actions(state)}


def play(rules: PatrakillRules, state: State, text: str) -> Any:
    """The whole outcome of a legal action."""
    action = rules.parse_action(state, text)
    assert rules.check(state, action), text
    return rules.apply(state, action)


def r1(**data: Any) -> State:
    """A round-1 duel position."""
    return duel().position(data)


def r2(**data: Any) -> State:
    """A round-2 duel position."""
    return duel().position({"round": 2, **data})


# -- setup -----------------------------------------------------------------------------------------


def test_opening_thirteen_knights_facing_north_and_the_dragon_placed_first() -> None:
    rules = duel()
    state = rules.new_game()
    assert len(state.knights) == 13 and all(k.facing == "n" for k in state.knights)
    assert state.reserve == 5 and state.towers == () and state.broken == ()
    assert rules.decision(state) == "dragon"
    assert refused(rules, state, "d2-d3") == "place-dragon-first"
    places = texts(rules, state)
    assert "@d2" not in places and "@e3" in places and "@a9" in places and len(places) == 81 - 13
    assert rules.decision(allowed(rules, state, "@e5")) == "knights"


def test_dragon_placed_on_a_knight_is_refused() -> None:
    rules = duel()
    assert refused(rules, rules.new_game(), "@d2") == "occupied"


def test_dragon_is_not_placed_twice() -> None:
    rules = duel()
    state = r1(dragon="e5", knights=[{"at": "e3", "facing": "n"}], to_move="dragon")
    assert refused(rules, state, "@a9") == "already-placed"


# -- knights' movement -----------------------------------------------------------------------------


def test_knight_forward_and_sideways_only() -> None:
    rules = duel()
    state = r1(dragon="a9", knights=[{"at": "e5", "facing": "n"}])
    assert texts(rules, state) == {"e5-e6", "e5-d5", "e5-f5"}
    assert refused(rules, state, "e5-e4") == "no-backward"
    assert refused(rules, state, "e5-f6") == "knight-diagonal"
    assert refused(rules, state, "e5-e7") == "too-far"


def test_knight_facing_east_steps_east_north_south() -> None:
    rules = duel()
    state = r1(dragon="a9", knights=[{"at": "e5", "facing": "e"}])
    assert texts(rules, state) == {"e5-f5", "e5-e6", "e5-e4"}
    assert refused(rules, state, "e5-d5") == "no-backward"


def test_knight_keeps_its_facing_after_a_sideways_step() -> None:
    rules = duel()
    after = allowed(rules, r1(dragon="a9", knights=[{"at": "e5", "facing": "n"}]), "e5-f5")
    assert knight_at(after, "f5").facing == "n"


def test_knight_on_the_edge_has_fewer_moves() -> None:
    rules = duel()
    state = r1(dragon="e5", knights=[{"at": "a9", "facing": "n"}])
    assert texts(rules, state) == {"a9-b9"}


def test_knight_facing_off_the_board_in_a_corner_passes() -> None:
    rules = duel()
    state = r1(dragon="e5", knights=[{"at": "a9", "facing": "n"}, {"at": "b9", "facing": "n"}])
    # a9 cannot go forward (edge) nor west (edge) nor east (b9 taken); b9 can go east
    assert texts(rules, state) == {"b9-c9"}
    stuck = r1(dragon="e5", knights=[{"at": "a9", "facing": "w"}, {"at": "a8", "facing": "n"}])
    # a9 facing west: forward off board, sideways a8 (taken) and off board north; a8 facing n: a9 taken, b8
    assert texts(rules, stuck) == {"a8-b8"}


def test_a_side_that_cannot_move_passes_and_only_then() -> None:
    rules = duel()
    stuck = r1(dragon="e5", knights=[{"at": "a9", "facing": "w"}, {"at": "b9", "facing": "w"},
                                     {"at": "a8", "facing": "w"}])
    # a9: forward off, sides a8 (knight) / off. b9 facing w: forward a9 taken, sides b8 free
    assert "b9-b8" in texts(rules, stuck)
    really = r1(dragon="e5", knights=[{"at": "a9", "facing": "w"}, {"at": "a8", "facing": "w"},
                                      {"at": "a7", "facing": "w"}, {"at": "a6", "facing": "w"},
                                      {"at": "a5", "facing": "w"}, {"at": "a4", "facing": "w"},
                                      {"at": "a3", "facing": "w"}, {"at": "a2", "facing": "w"},
                                      {"at": "a1", "facing": "w"}])
    assert texts(rules, really) == {"pass"}
    after = allowed(rules, really, "pass")
    assert rules.decision(after) == "dragon" and rules.result(after) is None
    assert refused(rules, r1(dragon="e5", knights=[{"at": "c3", "facing": "n"}]), "pass") == "pass-not-allowed"


def test_knights_never_stop_on_the_dragon_a_knight_or_a_broken_tower() -> None:
    rules = duel()
    state = r1(dragon="e6", broken=["d5"], knights=[{"at": "e5", "facing": "n"}, {"at": "f5", "facing": "n"}])
    assert texts(rules, state) == {"f5-f6", "f5-g5"}
    assert refused(rules, state, "e5-e6") == "occupied"
    assert refused(rules, state, "e5-d5") == "broken-square"
    assert refused(rules, state, "e5-f5") == "occupied"


def test_wrong_side_cannot_move() -> None:
    rules = duel()
    state = r1(dragon="e5", knights=[{"at": "c3", "facing": "n"}], to_move="dragon")
    assert refused(rules, state, "c3-c4") == "wrong-turn"
    state = r1(dragon="e5", knights=[{"at": "c3", "facing": "n"}])
    assert refused(rules, state, "e5-e6") == "wrong-turn"


# -- the dragon --------------------------------------------------------------------------------------


def test_dragon_steps_in_all_eight_directions_but_not_onto_towers() -> None:
    rules = duel()
    state = r1(dragon="e5", to_move="dragon", towers=["e6"], broken=["f6"],
               knights=[{"at": "a1", "facing": "n"}])
    moves = texts(rules, state)
    assert {"e5-d6", "e5-d5", "e5-f5", "e5-d4", "e5-e4", "e5-f4"} <= moves
    assert "e5-e6" not in moves and "e5-f6" not in moves
    assert refused(rules, state, "e5-e6") == "dragon-no-tower"
    assert refused(rules, state, "e5-f6") == "dragon-no-tower"
    # it may jump the empty tower and the broken tower, devouring nothing
    assert {"e5xe7", "e5xg7"} <= moves


def test_dragon_in_the_corner() -> None:
    rules = duel()
    state = r1(dragon="a1", to_move="dragon", knights=[{"at": "i9", "facing": "n"}])
    assert texts(rules, state) == {"a1-a2", "a1-b2", "a1-b1"}


def test_devouring_is_compulsory_but_any_devouring_move_will_do() -> None:
    rules = duel()
    state = r1(dragon="e5", to_move="dragon", knights=[
        {"at": "e6", "facing": "n"}, {"at": "e8", "facing": "n"}, {"at": "c3", "facing": "n"}])
    moves = texts(rules, state)
    assert moves == {"e5xe7", "e5xe7xe9"}
    assert refused(rules, state, "e5-f5") == "must-devour"
    assert play(rules, state, "e5xe7").state.devoured == 1


def test_chain_of_jumps_may_turn_and_stop() -> None:
    rules = duel()
    state = r1(dragon="e5", to_move="dragon", knights=[
        {"at": "e6", "facing": "n"}, {"at": "f7", "facing": "n"}, {"at": "a1", "facing": "n"}])
    moves = texts(rules, state)
    assert {"e5xe7", "e5xe7xg7"} <= moves
    # e7 -> over f7? f7 is east-north-east... f7 is diagonal ne? e7->f8 no; e7 to g7 is east over f7
    out = play(rules, state, "e5xe7xg7")
    assert out.state.devoured == 2
    assert knight_at(out.state, "e6") is None and knight_at(out.state, "f7") is None
    assert out.state.dragon == "g7"


def test_chain_never_jumps_the_same_piece_twice_nor_lands_twice() -> None:
    rules = duel()
    # four knights around a ring: e6, f7, e8, d7 (diamond around e7)
    state = r1(dragon="e5", to_move="dragon", knights=[
        {"at": "e6", "facing": "n"}, {"at": "f8", "facing": "n"}, {"at": "d8", "facing": "n"},
        {"at": "a1", "facing": "n"}])
    moves = texts(rules, state)
    assert "e5xe7xg9" in moves and "e5xe7xc9" in moves
    # c9 back over d8 would land on e7 again: never offered
    assert not any(m.count("e7") > 1 for m in moves)
    assert refused(rules, state, "e5xe7xe5") in ("bad-jump", "jump-twice")


def test_dragon_cannot_jump_an_empty_square_nor_off_the_board() -> None:
    rules = duel()
    state = r1(dragon="e5", to_move="dragon", knights=[{"at": "e6", "facing": "n"}, {"at": "a9", "facing": "n"}])
    assert refused(rules, state, "e5xg5") == "bad-jump"
    edge = r1(dragon="a8", to_move="dragon", knights=[{"at": "a9", "facing": "e"}, {"at": "e1", "facing": "n"}])
    assert all("x" not in m for m in texts(rules, edge))


def test_dragon_cannot_land_on_a_knight_tower_or_broken_tower() -> None:
    rules = duel()
    for blocker in ({"knights": [{"at": "e7", "facing": "n"}]}, {"towers": ["e7"]}, {"broken": ["e7"]}):
        data: dict[str, Any] = {"dragon": "e5", "to_move": "dragon", "knights": [{"at": "e6", "facing": "n"}]}
        for key, value in blocker.items():
            data[key] = data.get(key, []) + value
        state = r1(**data)
        assert "e5xe7" not in texts(rules, state)


# -- round 1: towers -----------------------------------------------------------------------------------


def test_earning_a_tower_on_an_x_square_turns_the_knight_towards_camp() -> None:
    rules = duel()
    out = play(rules, r1(dragon="a9", knights=[{"at": "e2", "facing": "n"}]), "e2-e3")
    knight = knight_at(out.state, "e3")
    assert knight.carrying and knight.facing == "s" and out.state.reserve == 4
    assert "earn-tower" in [e.kind for e in out.events]


def test_sideways_arrival_on_an_x_square_earns_too() -> None:
    rules = duel()
    after = allowed(rules, r1(dragon="a9", knights=[{"at": "d3", "facing": "n"}]), "d3-c3")
    assert knight_at(after, "c3").carrying and knight_at(after, "c3").facing == "s"


def test_a_knight_leaving_a_tower_onto_an_x_square_faces_its_camp_with_the_new_tower() -> None:
    """Reading 15: the earning knight turns round to face its camp, whatever way it arrived."""
    rules = duel()
    west = r1(dragon="i9", towers=["d3"], knights=[{"at": "d3", "facing": "n"}])
    after = allowed(rules, west, "d3>c3")
    assert knight_at(after, "c3").carrying and knight_at(after, "c3").facing == "s"
    south = r1(dragon="i9", towers=["e4"], knights=[{"at": "e4", "facing": "n"}])
    after = allowed(rules, south, "e4>e3")
    assert knight_at(after, "e3").carrying and knight_at(after, "e3").facing == "s"


def test_no_tower_when_the_reserve_is_empty() -> None:
    rules = duel()
    state = r1(dragon="a9", reserve=0, broken=["a5", "a6", "a7", "a8"],
               knights=[{"at": "e2", "facing": "n"}, {"at": "i5", "facing": "s", "carrying": True}])
    after = allowed(rules, state, "e2-e3")
    assert not knight_at(after, "e3").carrying and knight_at(after, "e3").facing == "n"


def test_no_tower_on_an_x_square_that_already_has_one() -> None:
    rules = duel()
    state = r1(dragon="a9", towers=["e3"], knights=[{"at": "e2", "facing": "n"}])
    after = allowed(rules, state, "e2-e3")
    assert not knight_at(after, "e3").carrying and after.reserve == 4


def test_carrying_knight_moves_homeward_and_sideways_only_and_not_onto_a_tower() -> None:
    rules = duel()
    state = r1(dragon="a1", towers=["e6"], knights=[{"at": "e7", "facing": "s", "carrying": True}])
    moves = texts(rules, state)
    assert {"e7-d7", "e7-f7"} <= moves and "e7-e6" not in moves and "e7-e8" not in moves
    assert refused(rules, state, "e7-e6") == "one-tower-per-square"
    assert refused(rules, state, "e7-e8") == "no-backward"
    # the tower may be set down by stepping out any straight way (onto the empty tower too)
    assert {"e7>e8", "e7>e6", "e7>d7", "e7>f7"} <= moves


def test_setting_the_tower_down() -> None:
    rules = duel()
    out = play(rules, r1(dragon="a1", knights=[{"at": "e5", "facing": "s", "carrying": True}]), "e5>f5")
    after = out.state
    assert [t.square for t in after.towers] == ["e5"]
    knight = knight_at(after, "f5")
    # stepping out sideways does not turn it: it still walks home until it reaches its camp
    assert knight.facing == "s" and knight.returning and not knight.carrying


def test_a_carrying_knight_keeps_carrying_homewards_in_camp() -> None:
    """A carried tower travels the opposite way; reaching camp does not turn the pair round."""
    rules = duel()
    after = allowed(rules, r1(dragon="a9", knights=[{"at": "d3", "facing": "s", "carrying": True}]), "d3-d2")
    knight = knight_at(after, "d2")
    assert knight.carrying and knight.facing == "s"


def test_returning_knight_earns_nothing_and_turns_in_camp() -> None:
    rules = duel()
    state = r1(dragon="a9", knights=[{"at": "c4", "facing": "s", "returning": True}])
    after = allowed(rules, state, "c4-c3")
    assert not knight_at(after, "c3").carrying and knight_at(after, "c3").returning
    home = r1(dragon="a9", knights=[{"at": "b3", "facing": "s", "returning": True}])
    after = allowed(rules, home, "b3-b2")
    assert knight_at(after, "b2").facing == "n" and not knight_at(after, "b2").returning


def test_knight_may_stop_on_a_set_tower_and_leave_it_any_straight_way() -> None:
    rules = duel()
    state = r1(dragon="a9", towers=["e5"], knights=[{"at": "e4", "facing": "n"}])
    after = allowed(rules, state, "e4-e5")
    assert knight_at(after, "e5").facing == "n" and after.reserve == 4
    after = after._replace(seat=0)
    assert texts(rules, after) == {"e5>e6", "e5>e4", "e5>d5", "e5>f5"}


def test_passages_are_closed_in_round_one() -> None:
    rules = duel()
    state = r1(dragon="a9", towers=["e5", "c5"], knights=[{"at": "e5", "facing": "n"}])
    assert refused(rules, state, "e5=c5") == "passages-closed"


def test_round_one_dragon_devours_a_knight_in_a_set_tower_and_must() -> None:
    rules = duel()
    state = r1(dragon="e4", to_move="dragon", towers=["e5"], knights=[{"at": "e5", "facing": "n"},
                                                                      {"at": "a1", "facing": "n"}])
    assert texts(rules, state) == {"e4xe6"}
    out = play(rules, state, "e4xe6")
    assert knight_at(out.state, "e5") is None and [t.square for t in out.state.towers] == ["e5"]
    assert out.state.devoured == 1 and out.state.broken == ()


def test_round_one_dragon_breaks_a_carried_tower() -> None:
    rules = duel()
    state = r1(dragon="e4", to_move="dragon", knights=[{"at": "e5", "facing": "s", "carrying": True},
                                                       {"at": "a1", "facing": "n"}])
    out = play(rules, state, "e4xe6")
    assert out.state.broken == ("e5",) and out.state.devoured == 1 and out.state.towers == ()
    assert out.state.reserve == 4


def test_round_one_empty_tower_leap_is_optional_and_eats_nothing() -> None:
    rules = duel()
    state = r1(dragon="e4", to_move="dragon", towers=["e5"], knights=[{"at": "a1", "facing": "n"}])
    moves = texts(rules, state)
    assert "e4xe6" in moves and "e4-d4" in moves
    out = play(rules, state, "e4xe6")
    assert out.state.devoured == 0 and [t.square for t in out.state.towers] == ["e5"]


def test_round_one_no_capture_and_no_trap() -> None:
    rules = duel()
    state = r1(dragon="a1", towers=["a2"], knights=[{"at": "a2", "facing": "n"}, {"at": "a3", "facing": "n"},
                                                      {"at": "b3", "facing": "n"}, {"at": "c2", "facing": "w"},
                                                      {"at": "c3", "facing": "n"}, {"at": "c1", "facing": "w"}])
    after = allowed(rules, state, "c2-b2")
    assert rules.result(after) is None and rules.decision(after) == "dragon"


# -- end of round 1 --------------------------------------------------------------------------------------


def test_round_one_ends_on_the_fifth_knight_and_round_two_is_set_up() -> None:
    rules = duel()
    state = r1(dragon="e5", to_move="dragon", devoured=4, towers=["d1", "e9"], broken=["b2", "h5"],
               knights=[{"at": "e6", "facing": "n"}, {"at": "b8", "facing": "s", "carrying": True}])
    out = play(rules, state, "e5xe7")
    after = out.state
    assert after.round == 2 and after.dragon is None and after.devoured == 0 and after.reserve == 0
    assert rules.result(after) is None and rules.decision(after) == "dragon"
    assert sorted(t.square for t in after.towers) == ["d1", "e9"]
    assert after.broken == ("b2", "h5")
    camp = [c for c in rules.layout.camp if c != "b2"]
    assert sorted(k.square for k in after.knights) == sorted(camp)
    assert all(k.facing == "n" and not k.carrying and not k.returning for k in after.knights)
    assert after.absent == 1
    # the knight on d1 starts inside the tower; its neighbours are all taken, so only the passage is open
    placed = allowed(rules, after, "@e5")
    assert knight_at(placed, "d1") is not None
    assert sorted(m for m in texts(rules, placed) if m.startswith("d1")) == ["d1=e9"]
    assert rules.invariants(placed) == []


def test_round_one_ends_when_the_last_tower_is_set_down() -> None:
    rules = duel()
    state = r1(dragon="a9", reserve=0, towers=["b5", "c5", "d5", "f5"],
               knights=[{"at": "e5", "facing": "s", "carrying": True}, {"at": "h8", "facing": "n"}])
    out = play(rules, state, "e5>e4")
    assert out.state.round == 2 and sorted(t.square for t in out.state.towers) == ["b5", "c5", "d5", "e5", "f5"]
    assert len(out.state.knights) == 13


def test_round_one_ends_when_the_dragon_breaks_the_last_tower() -> None:
    rules = duel()
    state = r1(dragon="e4", to_move="dragon", reserve=0, towers=["b5", "c5", "d5", "f6"],
               knights=[{"at": "e5", "facing": "s", "carrying": True}, {"at": "h8", "facing": "n"}])
    out = play(rules, state, "e4xe6")
    assert out.state.round == 2 and out.state.broken == ("e5",)


def test_round_one_goes_on_while_a_tower_is_still_carried() -> None:
    rules = duel()
    state = r1(dragon="a9", reserve=0, towers=["b5", "c5", "d5"],
               knights=[{"at": "e5", "facing": "s", "carrying": True}, {"at": "g5", "facing": "s", "carrying": True}])
    out = play(rules, state, "e5>e4")
    assert out.state.round == 1


def test_round_one_skewer_counts_devoured_knights_in_towers_too() -> None:
    rules = duel()
    state = r1(dragon="e4", to_move="dragon", devoured=3, towers=["e5"],
               knights=[{"at": "e5", "facing": "n"}, {"at": "f7", "facing": "n"}, {"at": "a1", "facing": "n"}])
    out = play(rules, state, "e4xe6xg8")
    assert out.state.round == 2


# -- round 2 ------------------------------------------------------------------------------------------------


def test_round_two_dragon_placement_avoids_towers_and_broken_towers() -> None:
    rules = duel()
    state = r2(towers=["e5"], broken=["d5"], knights=[{"at": "e1", "facing": "n"}])
    assert rules.decision(state) == "dragon"
    places = texts(rules, state)
    assert "@e5" not in places and "@d5" not in places and "@e1" not in places
    assert refused(rules, state, "@e5") == "dragon-no-tower"


def test_passage_to_any_free_tower_keeps_facing() -> None:
    rules = duel()
    state = r2(dragon="i9", towers=["a1", "e5", "h2"],
               knights=[{"at": "a1", "facing": "n"}, {"at": "h2", "facing": "e"}])
    moves = texts(rules, state)
    assert {"a1=e5", "h2=e5"} <= moves and "a1=h2" not in moves
    assert refused(rules, state, "a1=h2") == "passage-target"
    after = allowed(rules, state, "h2=e5")
    assert knight_at(after, "e5").facing == "e"
    assert refused(rules, r2(dragon="i9", towers=["a1"], knights=[{"at": "b1", "facing": "n"}]),
                   "b1=a1") == "not-in-tower"


def test_round_two_knight_in_a_tower_is_never_devoured_and_tower_jump_optional() -> None:
    rules = duel()
    state = r2(dragon="e4", to_move="dragon", towers=["e5"],
               knights=[{"at": "e5", "facing": "n"}, {"at": "a1", "facing": "n"}])
    moves = texts(rules, state)
    assert "e4xe6" in moves and "e4-d4" in moves
    out = play(rules, state, "e4xe6")
    assert out.state.devoured == 0
    knight = knight_at(out.state, "e4")
    assert knight is not None and knight.facing == "n"
    assert "eject" in [e.kind for e in out.events]


def test_ejection_is_diagonal_after_a_diagonal_jump_and_the_knight_is_barred_once() -> None:
    rules = duel()
    state = r2(dragon="d4", to_move="dragon", towers=["e5"],
               knights=[{"at": "e5", "facing": "e"}, {"at": "a9", "facing": "e"}])
    after = allowed(rules, state, "d4xf6")
    knight = knight_at(after, "d4")
    assert knight is not None and knight.facing == "e"
    assert after.barred and after.barred[0].knight == "d4" and after.barred[0].tower == "e5"
    state = r2(dragon="e4", to_move="dragon", towers=["e5"],
               knights=[{"at": "e5", "facing": "n"}, {"at": "a9", "facing": "e"}])
    after = allowed(rules, state, "e4xe6")
    assert refused(rules, after, "e4-e5") == "ejected-no-return"
    assert "e4-e5" not in texts(rules, after)
    assert rules.check(after, Action("step", ("e4", "d4")))
    # after another knight move the ban has lapsed
    again = allowed(rules, allowed(rules, after, "a9-b9"), "e6-f7")
    assert "e4-e5" in texts(rules, again) and again.barred == ()


def test_ejection_in_a_chain_lands_each_knight_on_its_jump_start() -> None:
    rules = duel()
    state = r2(dragon="e3", to_move="dragon", towers=["e4", "f6"],
               knights=[{"at": "e4", "facing": "n"}, {"at": "f6", "facing": "w"}, {"at": "a9", "facing": "e"}])
    out = play(rules, state, "e3xe5xg7")
    assert knight_at(out.state, "e3").facing == "n" and knight_at(out.state, "e5").facing == "w"
    assert out.state.dragon == "g7" and out.state.devoured == 0


def test_round_two_must_devour_a_knight_on_foot_but_not_a_tower_knight() -> None:
    rules = duel()
    state = r2(dragon="e4", to_move="dragon", towers=["e5"],
               knights=[{"at": "e5", "facing": "n"}, {"at": "d4", "facing": "n"}])
    moves = texts(rules, state)
    assert moves == {"e4xc4"}
    assert refused(rules, state, "e4xe6") == "must-devour"


def test_capture_on_a_row_with_the_tower_knight_moving_in_by_passage() -> None:
    rules = duel()
    state = r2(dragon="e5", towers=["d5", "a1"], knights=[{"at": "a1", "facing": "n"}, {"at": "f5", "facing": "n"}])
    after = allowed(rules, state, "a1=d5")
    result = rules.result(after)
    assert result is not None and result.winners == ("knights",) and result.reason == "capture"


def test_capture_with_two_tower_knights() -> None:
    rules = duel()
    state = r2(dragon="e5", towers=["e6", "e4", "a1"], knights=[{"at": "e6", "facing": "n"},
                                                                {"at": "a1", "facing": "n"}])
    after = allowed(rules, state, "a1=e4")
    assert rules.result(after).reason == "capture"


def test_capture_closed_by_the_knight_on_foot_beside_a_tower_knight() -> None:
    rules = duel()
    state = r2(dragon="e5", towers=["d6"], knights=[{"at": "d6", "facing": "n"}, {"at": "f3", "facing": "n"}])
    after = allowed(rules, state, "f3-f4")
    assert rules.result(after).reason == "capture"


def test_capture_by_a_knight_leaving_a_tower() -> None:
    rules = duel()
    state = r2(dragon="e5", towers=["e3", "e6"], knights=[{"at": "e3", "facing": "n"}, {"at": "e6", "facing": "n"}])
    after = allowed(rules, state, "e3>e4")
    assert rules.result(after).reason == "capture"


def test_no_capture_with_an_empty_tower_on_one_side() -> None:
    rules = duel()
    state = r2(dragon="e5", towers=["e6"], knights=[{"at": "d4", "facing": "n"}, {"at": "a9", "facing": "e"}])
    after = allowed(rules, state, "d4-e4")
    assert rules.result(after) is None


def test_no_capture_when_the_pieces_are_not_on_one_line() -> None:
    rules = duel()
    state = r2(dragon="e5", towers=["e6"], knights=[{"at": "e6", "facing": "n"}, {"at": "c4", "facing": "n"}])
    after = allowed(rules, state, "c4-d4")
    assert rules.result(after) is None


def test_no_capture_against_the_board_edge() -> None:
    rules = duel()
    state = r2(dragon="a5", towers=["b5"], knights=[{"at": "c5", "facing": "n"}, {"at": "b3", "facing": "n"}])
    after = allowed(rules, state, "c5-b5")
    assert rules.result(after) is None


def test_dragon_placed_between_is_not_captured_and_a_later_unrelated_move_does_not_capture() -> None:
    rules = duel()
    state = r2(towers=["e6"], knights=[{"at": "e6", "facing": "n"}, {"at": "e4", "facing": "n"},
                                        {"at": "a1", "facing": "n"}])
    placed = allowed(rules, state, "@e5")
    after = allowed(rules, placed, "a1-a2")
    assert rules.result(after) is None


def test_ejected_knights_never_land_next_to_the_dragon() -> None:
    """Every jump is two squares long, so the start of each jump is an even distance from the landing."""
    rules = duel()
    state = r2(dragon="e3", to_move="dragon", towers=["e4", "f6"],
               knights=[{"at": "e4", "facing": "n"}, {"at": "f6", "facing": "w"}, {"at": "a9", "facing": "e"}])
    for action in rules.legal_actions(state):
        out = rules.apply(state, action)
        assert rules.result(out.state) is None


def test_trap_in_a_corner_is_judged_after_the_knights_move() -> None:
    rules = duel()
    state = r2(dragon="a1", knights=[{"at": "a2", "facing": "n"}, {"at": "a3", "facing": "n"},
                                      {"at": "b2", "facing": "n"}, {"at": "c3", "facing": "n"},
                                      {"at": "b1", "facing": "n"}, {"at": "d1", "facing": "w"}])
    # c1 is free: the dragon could jump b1 to c1 -> not trapped
    assert rules.result(allowed(rules, state, "c3-c4")) is None
    after = allowed(rules, state, "d1-c1")
    assert rules.result(after).reason == "immobilised"


def test_a_dragon_that_can_still_jump_a_tower_is_not_trapped() -> None:
    rules = duel()
    state = r2(dragon="a1", towers=["a2"], knights=[{"at": "a2", "facing": "n"}, {"at": "b2", "facing": "n"},
                                                     {"at": "c3", "facing": "n"}, {"at": "b1", "facing": "n"},
                                                     {"at": "c1", "facing": "n"}, {"at": "e5", "facing": "n"}])
    # a3 is free: the dragon may jump the tower knight on a2
    assert rules.result(allowed(rules, state, "e5-e6")) is None


def test_round_two_skewer_wins_for_the_dragon_even_with_knights_out_of_play() -> None:
    rules = duel()
    state = r2(dragon="e4", to_move="dragon", devoured=4, broken=["c2"],
               knights=[{"at": "e5", "facing": "n"}, {"at": "a1", "facing": "n"}])
    assert state.absent == 13 - 2 - 4
    out = play(rules, state, "e4xe6")
    result = rules.result(out.state)
    assert result is not None and result.winners == ("dragon",) and result.reason == "skewer"
    assert rules.decision(out.state) is None
    assert rules.legal_actions(out.state) == []
    assert refused(rules, out.state, "a1-a2") == "game-over"


def test_round_two_devour_several_in_one_chain_to_reach_five() -> None:
    rules = duel()
    state = r2(dragon="e3", to_move="dragon", devoured=3,
               knights=[{"at": "e4", "facing": "n"}, {"at": "f6", "facing": "n"}, {"at": "a1", "facing": "n"}])
    out = play(rules, state, "e3xe5xg7")
    assert rules.result(out.state).winners == ("dragon",)


def test_round_two_no_capture_by_a_broken_tower() -> None:
    rules = duel()
    state = r2(dragon="e5", broken=["e6"], knights=[{"at": "d4", "facing": "n"}, {"at": "a9", "facing": "e"}])
    assert rules.result(allowed(rules, state, "d4-e4")) is None


def test_skewer_option_changes_the_count() -> None:
    rules = variant("patrakill", skewer=3)
    state = rules.position({"round": 2, "dragon": "e4", "to_move": "dragon", "devoured": 2,
                            "knights": [{"at": "e5", "facing": "n"}, {"at": "a1", "facing": "n"}]})
    out = play(rules, state, "e4xe6")
    assert rules.result(out.state).winners == ("dragon",)


def test_towers_option_changes_the_reserve() -> None:
    rules = variant("patrakill", towers=2)
    assert rules.new_game().reserve == 2


def test_invariants_hold_after_a_full_round_switch() -> None:
    rules = duel()
    state = r1(dragon="e5", to_move="dragon", devoured=4, knights=[{"at": "e6", "facing": "n"}])
    after = play(rules, state, "e5xe7").state
    assert rules.invariants(after) == []


def test_check_agrees_with_the_legal_list_in_a_crowded_round_two() -> None:
    rules = duel()
    state = r2(dragon="e5", to_move="dragon", towers=["e6", "d4"], broken=["f6"],
               knights=[{"at": "e6", "facing": "n"}, {"at": "d4", "facing": "e"}, {"at": "f5", "facing": "w"},
                        {"at": "e3", "facing": "n"}])
    legal = rules.legal_actions(state)
    for action in legal:
        assert rules.check(state, action)
    # devouring f5 (on foot) is compulsory
    assert texts(rules, state) == {"e5xg5", "e5xg5xe7"}
    assert Action("dragon-step", ("e5", "f4")) not in legal


# -- Vatrakill ----------------------------------------------------------------------------------------------

from patrakill_support import multi  # noqa: E402


def vp(rules: PatrakillRules | None = None, **data: Any) -> State:
    """A Vatrakill position (five players unless another engine is given)."""
    return (rules or multi()).position(data)


def kn(at: str, facing: str, faction: str) -> dict[str, str]:
    return {"at": at, "facing": facing, "faction": faction}


def test_vatrakill_five_players_setup() -> None:
    rules = multi()
    state = rules.new_game()
    assert rules.players == ("purple", "blue", "green", "yellow", "dragon")
    assert len(state.knights) == 20
    facing = {"purple": "n", "blue": "e", "green": "s", "yellow": "w"}
    assert all(k.facing == facing[k.faction] for k in state.knights)
    assert {(t.square, t.faction) for t in state.towers} == {
        ("e1", "purple"), ("a5", "blue"), ("e9", "green"), ("i5", "yellow")}
    assert {k.square for k in state.knights if k.faction == "blue"} == {"a3", "a4", "a5", "a6", "a7"}
    assert rules.decision(state) == "dragon"
    placed = allowed(rules, state, "@e5")
    assert rules.decision(placed) == "purple"


def test_vatrakill_four_players_one_neutral_tower() -> None:
    rules = variant("vatrakill", players=4, factions=["purple", "blue", "green"])
    state = rules.new_game()
    assert rules.players == ("purple", "blue", "green", "dragon")
    assert len(state.knights) == 15
    assert ("i5", None) in {(t.square, t.faction) for t in state.towers}
    assert knight_at(state, "i5") is None


def test_vatrakill_three_and_two_players_two_neutral_towers() -> None:
    three = variant("vatrakill", players=3, factions=["blue", "yellow"])
    state = three.new_game()
    assert three.players == ("blue", "yellow", "dragon")
    assert {(t.square, t.faction) for t in state.towers} == {
        ("a5", "blue"), ("i5", "yellow"), ("e1", None), ("e9", None)}
    two = variant("vatrakill", players=2, factions=["purple", "green"])
    state = allowed(two, two.new_game(), "@e5")
    assert two.players == ("knights", "dragon") and two.decision(state) == "knights"
    moves = texts(two, state)
    assert "c1-c2" in moves and "c9-c8" in moves
    # one knight a turn, then the dragon
    after = allowed(two, state, "c9-c8")
    assert two.decision(after) == "dragon"


def test_vatrakill_turn_order_and_wrong_faction() -> None:
    rules = multi()
    state = allowed(rules, rules.new_game(), "@e5")
    assert refused(rules, state, "a3-b3") == "wrong-turn"
    order = []
    for move in ("c1-c2", "a3-b3", "c9-c8", "i3-h3"):
        order.append(rules.decision(state))
        state = allowed(rules, state, move)
    assert order == ["purple", "blue", "green", "yellow"] and rules.decision(state) == "dragon"


def test_vatrakill_knights_in_their_starting_towers_may_use_passages() -> None:
    rules = multi()
    state = vp(dragon="e5", towers=[{"at": "e1", "faction": "purple"}, {"at": "a5", "faction": "blue"},
                                    {"at": "i5"}],
               knights=[kn("e1", "n", "purple"), kn("a5", "e", "blue")])
    moves = texts(rules, state)
    assert {"e1=i5", "e1>e2", "e1>d1", "e1>f1"} <= moves and "e1=a5" not in moves
    after = allowed(rules, state, "e1=i5")
    assert knight_at(after, "i5").faction == "purple" and knight_at(after, "i5").facing == "n"


def test_vatrakill_passage_into_another_factions_tower() -> None:
    rules = multi()
    state = vp(dragon="e5", towers=[{"at": "e1", "faction": "purple"}, {"at": "a5", "faction": "blue"}],
               knights=[kn("e1", "n", "purple"), kn("c3", "n", "blue")])
    assert "e1=a5" in texts(rules, state)


def test_vatrakill_capture_same_faction_on_both_sides() -> None:
    rules = multi()
    state = vp(dragon="e5", to_move="blue", towers=[{"at": "e6", "faction": "green"}],
               knights=[kn("e6", "s", "blue"), kn("d4", "n", "blue"), kn("a1", "n", "purple")])
    after = allowed(rules, state, "d4-e4")
    assert after.ending is not None and after.ending.winners == ("blue",) and after.ending.faction == "blue"
    assert rules.result(after).reason == "capture"


def test_vatrakill_tower_colour_wins_even_if_another_faction_closed() -> None:
    rules = multi()
    # purple steps into the blue tower; a blue knight stands opposite: blue is on both sides
    state = vp(dragon="e5", to_move="purple", towers=[{"at": "e4", "faction": "blue"}],
               knights=[kn("d4", "e", "purple"), kn("e6", "s", "blue")])
    after = allowed(rules, state, "d4-e4")
    assert after.ending is not None and after.ending.winners == ("blue",) and after.ending.faction == "blue"


def test_vatrakill_two_factions_on_both_sides_the_closer_wins() -> None:
    rules = multi()
    for closer, other in (("purple", "blue"), ("blue", "purple"), ("green", "yellow")):
        state = vp(dragon="e5", to_move=closer, towers=[{"at": "e4", "faction": closer},
                                                        {"at": "e6", "faction": other}],
                   knights=[kn("e4", "n", other), kn("d6", "e", closer)])
        after = allowed(rules, state, "d6-e6")
        assert after.ending is not None and after.ending.faction == closer
        assert rules.result(after).winners == (closer,)


def test_vatrakill_each_colour_on_its_own_side_is_no_capture() -> None:
    rules = multi()
    state = vp(dragon="e5", to_move="green", towers=[{"at": "e4", "faction": "purple"},
                                                     {"at": "e6", "faction": "green"}],
               knights=[kn("e4", "n", "purple"), kn("d6", "e", "green")])
    after = allowed(rules, state, "d6-e6")
    assert after.ending is None and rules.decision(after) == "yellow"


def test_vatrakill_neutral_tower_stands_for_nobody() -> None:
    rules = multi()
    state = vp(dragon="e5", to_move="purple", towers=["e6"],
               knights=[kn("e6", "s", "blue"), kn("d4", "n", "purple")])
    after = allowed(rules, state, "d4-e4")
    assert after.ending is None and rules.decision(after) == "blue"
    same = vp(dragon="e5", to_move="purple", towers=["e6"],
              knights=[kn("e6", "s", "purple"), kn("d4", "n", "purple")])
    assert allowed(rules, same, "d4-e4").ending.faction == "purple"


def test_vatrakill_capture_needs_a_knight_in_a_tower() -> None:
    rules = multi()
    state = vp(dragon="e5", to_move="purple",
               knights=[kn("e6", "s", "purple"), kn("d4", "n", "purple")])
    assert allowed(rules, state, "d4-e4").ending is None


def test_vatrakill_trap_won_by_the_faction_that_closes_it() -> None:
    rules = multi()
    state = vp(dragon="a1", to_move="green", knights=[
        kn("a2", "n", "purple"), kn("a3", "n", "purple"), kn("b2", "n", "blue"), kn("c3", "n", "blue"),
        kn("b1", "n", "yellow"), kn("d1", "w", "green")])
    after = allowed(rules, state, "d1-c1")
    assert after.ending is not None and after.ending.faction == "green" and after.ending.reason == "immobilised"
    assert rules.result(after).winners == ("green",)


def test_vatrakill_two_players_capture_is_won_by_the_knight_player_with_the_faction_recorded() -> None:
    rules = variant("vatrakill", players=2, factions=["purple", "green"])
    state = vp(rules, dragon="e5", towers=[{"at": "e6", "faction": "green"}],
               knights=[kn("e6", "s", "purple"), kn("d4", "n", "green")])
    after = allowed(rules, state, "d4-e4")
    assert rules.result(after).winners == ("knights",) and after.ending.faction == "green"


def test_vatrakill_tower_knights_not_devoured_and_ejection_bar_lasts_to_the_factions_next_turn() -> None:
    rules = multi()
    state = vp(dragon="e4", to_move="dragon", towers=[{"at": "e5", "faction": "purple"}],
               knights=[kn("e5", "n", "purple"), kn("a9", "e", "blue"), kn("i1", "n", "green")])
    moves = texts(rules, state)
    assert "e4xe6" in moves and "e4-d4" in moves
    after = allowed(rules, state, "e4xe6")
    assert after.devoured == 0 and knight_at(after, "e4").faction == "purple"
    assert rules.decision(after) == "purple"
    assert refused(rules, after, "e4-e5") == "ejected-no-return"
    # purple plays elsewhere: the ban ends with purple's turn
    # (purple has only the ejected knight; it steps sideways)
    after = allowed(rules, after, "e4-d4")
    assert after.barred == ()


def test_vatrakill_ban_survives_other_factions_turns() -> None:
    rules = multi()
    state = vp(dragon="e4", to_move="dragon", towers=[{"at": "e5", "faction": "blue"}],
               knights=[kn("e5", "n", "blue"), kn("a9", "e", "purple"), kn("i1", "n", "green")])
    after = allowed(rules, state, "e4xe6")
    assert rules.decision(after) == "purple"
    after = allowed(rules, after, "a9-b9")
    assert rules.decision(after) == "blue"
    assert refused(rules, after, "e4-e5") == "ejected-no-return"


def test_vatrakill_skewer_of_any_colours() -> None:
    rules = multi()
    state = vp(dragon="e3", to_move="dragon", devoured=3,
               knights=[kn("e4", "n", "purple"), kn("f6", "w", "yellow"), kn("a9", "e", "blue")])
    after = allowed(rules, state, "e3xe5xg7")
    assert rules.result(after).winners == ("dragon",) and rules.result(after).reason == "skewer"


def test_vatrakill_must_devour_any_faction() -> None:
    rules = multi()
    state = vp(dragon="e5", to_move="dragon", knights=[kn("e6", "s", "green"), kn("a1", "n", "purple")])
    assert texts(rules, state) == {"e5xe7"}


def test_vatrakill_position_refuses_round_one_things() -> None:
    rules = multi()
    import pytest
    with pytest.raises(ValueError):
        rules.position({"round": 1})
    with pytest.raises(ValueError):
        rules.position({"knights": [{"at": "e5", "facing": "n", "faction": "purple", "carrying": True}]})


def test_vatrakill_pass_that_leaves_the_dragon_stuck_wins_for_that_faction() -> None:
    rules = multi()
    # green has no knight at all and passes; the dragon is already stuck in the corner
    state = vp(dragon="a1", to_move="green", knights=[
        kn("a2", "n", "purple"), kn("a3", "n", "purple"), kn("b2", "n", "blue"), kn("c3", "n", "blue"),
        kn("b1", "n", "yellow"), kn("c1", "w", "yellow")])
    assert texts(rules, state) == {"pass"}
    after = allowed(rules, state, "pass")
    assert after.ending is not None and after.ending.reason == "immobilised"


# -- an independent referee on random positions ---------------------------------------------------------------

import random as _random  # noqa: E402

_DIRS = {"n": (0, 1), "ne": (1, 1), "e": (1, 0), "se": (1, -1), "s": (0, -1), "sw": (-1, -1), "w": (-1, 0),
         "nw": (-1, 1)}
_SIDES = {"n": ("n", "e", "w"), "s": ("s", "e", "w"), "e": ("e", "n", "s"), "w": ("w", "n", "s")}


def _sq(c: int, r: int) -> str | None:
    return f"{'abcdefghi'[c]}{r + 1}" if 0 <= c < 9 and 0 <= r < 9 else None


def _cr(square: str) -> tuple[int, int]:
    return "abcdefghi".index(square[0]), int(square[1:]) - 1


def _go(square: str, d: str, n: int = 1) -> str | None:
    c, r = _cr(square)
    return _sq(c + n * _DIRS[d][0], r + n * _DIRS[d][1])


def _oracle_knight_moves(state: State, factions: tuple[str, ...]) -> set[str]:
    knights = {k.square: k for k in state.knights}
    towers = {t.square for t in state.towers}
    broken = set(state.broken)
    barred = {(b.knight, b.tower) for b in state.barred}

    def free(square: str | None) -> bool:
        return square is not None and square not in knights and square not in broken and square != state.dragon

    found: set[str] = set()
    for k in state.knights:
        if k.faction not in factions:
            continue
        if k.carrying:
            found |= {f"{k.square}-{to}" for d in _SIDES[k.facing] if free(to := _go(k.square, d)) and to not in towers}
            found |= {f"{k.square}>{to}" for d in "nesw" if free(to := _go(k.square, d))}
        elif k.square in towers:
            found |= {f"{k.square}>{to}" for d in "nesw" if free(to := _go(k.square, d))}
            if state.round == 2:
                found |= {f"{k.square}={t}" for t in towers if t not in knights}
        else:
            found |= {f"{k.square}-{to}" for d in _SIDES[k.facing]
                      if free(to := _go(k.square, d)) and (k.square, to) not in barred}
    return found or {"pass"}


def _oracle_dragon_moves(state: State) -> set[str]:
    knights = {k.square for k in state.knights}
    towers = {t.square for t in state.towers}
    solid = knights | towers | set(state.broken)
    dragon = state.dragon
    assert dragon is not None
    chains: list[tuple[list[str], list[str]]] = []

    def grow(path: list[str], over: list[str]) -> None:
        for d in _DIRS:
            mid, land = _go(path[-1], d), _go(path[-1], d, 2)
            if mid in solid and mid not in over and land is not None and land not in solid \
                    and land != dragon and land not in path:
                chains.append((path + [land], over + [mid]))
                grow(path + [land], over + [mid])

    grow([dragon], [])
    edible = [c for c in chains if any(m in knights and (state.round == 1 or m not in towers) for m in c[1])]
    if edible:
        return {"x".join(p) for p, _ in edible}
    steps = {f"{dragon}-{to}" for d in _DIRS if (to := _go(dragon, d)) is not None and to not in solid}
    return (steps | {"x".join(p) for p, _ in chains}) or {"pass"}


def _oracle_captured(state: State, mover: str) -> bool:
    """The knight now on ``mover`` has a knight opposite it across the dragon, one of the two in a tower."""
    knights = {k.square for k in state.knights}
    towers = {t.square for t in state.towers}
    dragon = state.dragon
    assert dragon is not None
    for d in _DIRS:
        if _go(dragon, d) == mover:
            opposite = _go(dragon, {"n": "s", "s": "n", "e": "w", "w": "e", "ne": "sw", "sw": "ne",
                                    "nw": "se", "se": "nw"}[d])
            return opposite in knights and (mover in towers or opposite in towers)
    return False


def _oracle_stuck(state: State) -> bool:
    solid = {k.square for k in state.knights} | {t.square for t in state.towers} | set(state.broken)
    dragon = state.dragon
    assert dragon is not None
    for d in _DIRS:
        one, two = _go(dragon, d), _go(dragon, d, 2)
        if one is not None and one not in solid:
            return False
        if one in solid and two is not None and two not in solid:
            return False
    return True


def _random_position(rules: PatrakillRules, rng: _random.Random, rnd: int) -> State:
    cells = [f"{c}{r}" for c in "abcdefghi" for r in range(1, 10)]
    rng.shuffle(cells)
    n_towers, n_broken = rng.randint(0, 3), rng.randint(0, 1)
    dragon = cells.pop()
    dc, dr = _cr(dragon)
    cells.sort(key=lambda q: max(abs(_cr(q)[0] - dc), abs(_cr(q)[1] - dr)) + 3 * rng.random())
    towers, broken = cells[:n_towers], cells[n_towers:n_towers + n_broken]
    cells.insert(n_towers + n_broken, dragon)
    rest = cells[n_towers + n_broken + 1:]
    knights: list[dict[str, Any]] = []
    carried = 0
    for square in towers[:rng.randint(0, n_towers)] + rest[:rng.randint(2, 10)]:
        entry: dict[str, Any] = {"at": square, "facing": rng.choice("nesw")}
        if rnd == 1 and square not in towers and carried + n_towers + n_broken < 5 and rng.random() < 0.15:
            entry["carrying"] = True
            carried += 1
        knights.append(entry)
    data: dict[str, Any] = {"round": rnd, "dragon": dragon, "towers": towers, "broken": broken, "knights": knights,
                            "to_move": rng.choice(["knights", "dragon"])}
    if rnd == 1 and carried + n_towers + n_broken == 5:
        data["reserve"] = 0
    return reachable(rules, rules.position(data), rng)


def test_random_duel_positions_agree_with_an_independent_referee() -> None:
    rules = duel()
    rng = _random.Random(2024)
    for n in range(600):
        state = _random_position(rules, rng, 1 + n % 2)
        seat = rules.decision(state)
        got = texts(rules, state)
        if seat == "dragon":
            assert got == _oracle_dragon_moves(state), rules.state_text(state)
        else:
            assert got == _oracle_knight_moves(state, ("knights",)), rules.state_text(state)
        for action in rules.legal_actions(state):
            out = rules.apply(state, action)
            after = out.state
            assert rules.invariants(after) == [], (rules.state_text(state), action)
            if seat == "dragon" and action.kind == "jump":
                over = [rules.layout.tables.between(a, b) for a, b in zip(action.path, action.path[1:])]
                towers = {t.square for t in state.towers}
                knights = {k.square for k in state.knights}
                eaten = [m for m in over if m in knights and (state.round == 1 or m not in towers)]
                if after.round == state.round:
                    assert after.devoured == state.devoured + len(eaten)
            if seat != "dragon" and state.round == 2 and action.kind != "pass":
                end = action.path[-1]
                won = _oracle_captured(after._replace(ending=None), end) or _oracle_stuck(after)
                assert (after.ending is not None) == won, (rules.state_text(state), action)


def _oracle_faction_win(state: State, mover_square: str, mover: str) -> str | None:
    """Vatrakill: the faction a capture closed by the knight on ``mover_square`` gives the game to, or None."""
    if not _oracle_captured(state, mover_square):
        return None
    knights = {k.square: k.faction for k in state.knights}
    towers = {t.square: t.faction for t in state.towers}
    dragon = state.dragon
    assert dragon is not None
    (mc, mr), (dc, dr) = _cr(mover_square), _cr(dragon)
    opposite = _sq(2 * dc - mc, 2 * dr - mr)
    assert opposite is not None

    def stands_for(square: str) -> set[str]:
        return {knights[square]} | ({towers[square]} if towers.get(square) else set())

    both = stands_for(mover_square) & stands_for(opposite)
    if not both:
        return None
    return mover if mover in both else both.pop()


def test_random_vatrakill_positions_agree_with_an_independent_referee() -> None:
    rules = multi()
    rng = _random.Random(7)
    factions = ("purple", "blue", "green", "yellow")
    wins = 0
    for _ in range(500):
        cells = [f"{c}{r}" for c in "abcdefghi" for r in range(1, 10)]
        rng.shuffle(cells)
        dragon = cells.pop()
        dc, dr = _cr(dragon)
        cells.sort(key=lambda q: max(abs(_cr(q)[0] - dc), abs(_cr(q)[1] - dr)) + 3 * rng.random())
        towers = [{"at": q, "faction": rng.choice(factions)} if rng.random() < 0.7 else q for q in cells[:3]]
        squares = cells[rng.randint(0, 3):][:rng.randint(3, 12)]
        knights = [kn(q, rng.choice("nesw"), factions[i % 4]) for i, q in enumerate(squares)]
        state = vp(dragon=dragon, towers=towers, knights=knights, to_move=rng.choice(rules.players))
        seat = rules.decision(state)
        got = texts(rules, state)
        if seat == "dragon":
            assert got == _oracle_dragon_moves(state)
            continue
        assert seat is not None
        assert got == _oracle_knight_moves(state, (seat,))
        for action in rules.legal_actions(state):
            after = rules.apply(state, action).state
            if action.kind == "pass":
                continue
            mover = knight_at(after, action.path[-1]).faction
            expected = _oracle_faction_win(after, action.path[-1], mover)
            if expected is None and _oracle_stuck(after):
                expected = mover
            got_faction = after.ending.faction if after.ending else None
            assert got_faction == expected, (rules.state_text(state), action)
            if expected is not None:
                wins += 1
                assert rules.result(after).winners == (expected,)
    assert wins > 20


# -- broken specs -------------------------------------------------------------------------------------------------

import shutil  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from generator.errors import SpecError  # noqa: E402
from generator.model.game import load_game  # noqa: E402
from generator.games.patrakill import make_rules  # noqa: E402


def _copy_specs(tmp_path: Path) -> Path:
    for name in ("patrakill", "vatrakill"):
        shutil.copytree(game(name).folder, tmp_path / name)
    return tmp_path


def test_overlapping_zones_are_a_located_spec_error(tmp_path: Path) -> None:
    root = _copy_specs(tmp_path)
    board = root / "patrakill" / "board.yaml"
    board.write_text(board.read_text(encoding="utf-8").replace('area: "c1:g1"', 'area: "a1:e1"')
                     .replace('area: "a3:a7"', 'area: "a1:a5"'), encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        make_rules(load_game(root / "vatrakill"))
    assert "a1" in str(caught.value) and "board.yaml" in str(caught.value)
    # the duel does not use the zones and still loads
    assert make_rules(load_game(root / "patrakill")).new_game().knights


def test_a_neutral_tower_on_a_factions_line_is_refused(tmp_path: Path) -> None:
    root = _copy_specs(tmp_path)
    board = root / "patrakill" / "board.yaml"
    # the east zone f1-h1 has its middle on g1, a square of the south (purple) line
    board.write_text(board.read_text(encoding="utf-8").replace('area: "i3:i7"', 'area: "f1:h1"'),
                     encoding="utf-8")
    game_file = root / "vatrakill" / "game.yaml"
    game_file.write_text(game_file.read_text(encoding="utf-8").replace("players: 5", "players: 4")
                         .replace("factions: [purple, blue, green, yellow]", "factions: [purple, blue, green]"),
                         encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        make_rules(load_game(root / "vatrakill"))
    assert "g1" in str(caught.value)


def test_a_skewer_larger_than_the_knights_is_flagged() -> None:
    rules = variant("vatrakill", players=2, factions=["purple", "green"], skewer=11)
    assert any("never win" in p for p in rules.layout_problems())
    assert not any("never win" in p for p in multi().layout_problems())


def test_invariants_refuse_negative_counts() -> None:
    rules = duel()
    state = rules.new_game()
    assert rules.invariants(state) == []
    assert any("negative count" in p for p in rules.invariants(state._replace(reserve=-1)))
