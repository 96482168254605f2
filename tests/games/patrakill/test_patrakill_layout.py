"""The board and options come from the specs: camp, X squares, zones, facings, seats; bad specs are refused."""
from __future__ import annotations

import dataclasses

import pytest
from patrakill_support import allowed, duel, game, multi, variant

from generator.errors import SpecError
from generator.games.patrakill import PLUGIN, make_rules
from generator.play.registry import GamePlugin


def test_both_spec_folders_name_the_plugin() -> None:
    assert isinstance(PLUGIN, GamePlugin)
    assert game("patrakill").rules == game("vatrakill").rules == PLUGIN.rules == "patrakill"
    assert PLUGIN.make_rules(game("patrakill")).players == ("knights", "dragon")
    assert PLUGIN.make_rules(game("vatrakill")).players == ("purple", "blue", "green", "yellow", "dragon")


def test_duel_reads_camp_and_x_squares_from_the_board() -> None:
    layout = duel().layout
    assert len(layout.camp) == 13 and layout.camp_facing == "n"
    assert layout.x_squares == frozenset(game("patrakill").board.marked_cells("x-square"))
    start = duel().new_game()
    assert {k.square for k in start.knights} == set(layout.camp)
    assert all(k.facing == "n" for k in start.knights)
    assert start.reserve == 5 and start.dragon is None and start.towers == ()
    assert duel().layout_problems() == []


def test_zones_face_the_middle_with_their_tower_in_the_centre_of_the_line() -> None:
    zones = multi().layout.zones
    assert {z.id: (z.tower, z.facing) for z in zones.values()} == {
        "south": ("e1", "n"), "west": ("a5", "e"), "north": ("e9", "s"), "east": ("i5", "w")}


@pytest.mark.parametrize("players, factions, seats, neutral", [
    (2, ["purple", "green"], ("knights", "dragon"), 2),
    (3, ["purple", "blue"], ("purple", "blue", "dragon"), 2),
    (4, ["purple", "blue", "green"], ("purple", "blue", "green", "dragon"), 1),
    (5, ["purple", "blue", "green", "yellow"], ("purple", "blue", "green", "yellow", "dragon"), 0),
])
def test_player_counts_set_seats_factions_and_neutral_towers(players: int, factions: list[str],
                                                             seats: tuple[str, ...], neutral: int) -> None:
    rules = variant("vatrakill", players=players, factions=factions)
    start = rules.new_game()
    assert rules.players == seats
    assert len(start.knights) == 5 * len(factions)
    assert sum(1 for t in start.towers if t.faction is None) == neutral
    assert len(start.towers) == 4
    for tower in start.towers:
        knight = next((k for k in start.knights if k.square == tower.square), None)
        assert (knight is None) == (tower.faction is None)


def test_wrong_faction_count_is_a_located_spec_error() -> None:
    with pytest.raises(SpecError, match="4 players use 3 factions"):
        variant("vatrakill", players=4)


def test_unknown_zone_and_shared_zone_are_refused() -> None:
    with pytest.raises(SpecError, match="no zone of the board"):
        variant("vatrakill", zones={"purple": "middle", "blue": "west", "green": "north", "yellow": "east"})
    with pytest.raises(SpecError, match="share a zone"):
        variant("vatrakill", zones={"purple": "south", "blue": "south", "green": "north", "yellow": "east"})


def test_bad_option_values_are_refused_by_the_schema() -> None:
    with pytest.raises(SpecError, match="mode"):
        variant("patrakill", mode="solo")


def test_missing_player_is_refused() -> None:
    base = game("patrakill")
    with pytest.raises(SpecError, match="needs a player with id 'dragon'"):
        make_rules(dataclasses.replace(base, players=base.players[:1]))


def test_options_change_the_game() -> None:
    rules = variant("patrakill", towers=3, skewer=4)
    assert rules.new_game().reserve == 3
    assert rules.layout.skewer == 4


def test_layout_warnings_flag_a_poor_board() -> None:
    base = game("patrakill")
    marks = [dataclasses.replace(m, at=("a2",)) if m.kind == "x-square" else m for m in base.board.marks]
    moved = dataclasses.replace(base, board=dataclasses.replace(base.board, marks=marks))
    assert make_rules(moved).layout_problems() == [
        "X square a2 is not ahead of the camp: knights could earn towers without crossing"]
    camp = [dataclasses.replace(m, at=m.at[:5]) if m.kind == "camp" else m for m in base.board.marks]
    small = dataclasses.replace(base, board=dataclasses.replace(base.board, marks=camp))
    assert "the camp holds 5 knights" in make_rules(small).layout_problems()[0]


def test_a_duel_without_x_squares_is_refused() -> None:
    base = game("patrakill")
    marks = [m for m in base.board.marks if m.kind != "x-square"]
    with pytest.raises(SpecError, match="X squares"):
        make_rules(dataclasses.replace(base, board=dataclasses.replace(base.board, marks=marks)))


def test_the_first_player_begins_and_play_passes_to_the_left() -> None:
    """Seed 003: 241, the youngest plays first, then the player on their left: the dragon's seat included."""
    rules = variant("vatrakill", players=3, factions=["blue", "yellow"], seating=["blue", "dragon", "yellow"])
    assert rules.players == ("blue", "dragon", "yellow")
    state = allowed(rules, rules.new_game(), "@e5")
    assert rules.decision(state) == "blue"
    state = allowed(rules, state, "a3-b3")
    assert rules.decision(state) == "dragon"
    assert rules.decision(allowed(rules, state, "e5-e4")) == "yellow"
    dragon_first = variant("vatrakill", seating=["dragon", "purple", "blue", "green", "yellow"])
    assert dragon_first.decision(allowed(dragon_first, dragon_first.new_game(), "@e5")) == "dragon"
    # factions not in play are skipped; without a seating the factions play in their order, then the dragon
    assert variant("vatrakill", players=4, factions=["purple", "blue", "green"],
                   seating=["yellow", "green", "dragon", "blue", "purple"]).players == ("green", "dragon", "blue",
                                                                                     "purple")
    assert variant("vatrakill", players=3, factions=["blue", "yellow"]).players == ("blue", "yellow", "dragon")
    assert variant("vatrakill", seating=None).players == ("purple", "blue", "green", "yellow", "dragon")  # default
    assert variant("vatrakill", players=2, factions=["purple", "green"],
                   seating=["dragon", "green", "purple"]).players == ("dragon", "knights")


def test_a_seating_that_leaves_someone_out_is_refused() -> None:
    with pytest.raises(SpecError, match="leaves out dragon") as caught:
        variant("vatrakill", seating=["purple", "blue", "green", "yellow"])
    assert "game.yaml" in str(caught.value)
    with pytest.raises(SpecError, match="leaves out blue"):
        variant("vatrakill", players=3, factions=["purple", "blue"], seating=["purple", "dragon"])
