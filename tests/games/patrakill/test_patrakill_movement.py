"""Knights step forward or sideways and never back; the dragon steps any way; placement opens each round."""
from __future__ import annotations

from patrakill_support import allowed, duel, knight_at, refused


def lone(**extra: object) -> dict[str, object]:
    """A round-1 duel position: one knight on d4 facing north, the dragon far away on h9."""
    return {"dragon": "h9", "knights": [{"at": "d4", "facing": "n"}], **extra}


def test_knight_steps_forward_and_sideways() -> None:
    rules = duel()
    state = rules.position(lone())
    texts = [rules.action_text(a) for a in rules.legal_actions(state)]
    assert texts == ["d4-d5", "d4-c4", "d4-e4"]
    after = allowed(rules, state, "d4-c4")
    assert knight_at(after, "c4").facing == "n"
    assert rules.decision(after) == "dragon"


def test_knight_never_steps_back_diagonally_or_two_squares() -> None:
    rules = duel()
    state = rules.position(lone())
    assert refused(rules, state, "d4-d3") == "no-backward"
    assert refused(rules, state, "d4-e5") == "knight-diagonal"
    assert refused(rules, state, "d4-d6") == "too-far"


def test_knight_needs_a_free_square_and_no_broken_tower() -> None:
    rules = duel()
    blocked = rules.position({"dragon": "h9", "knights": [{"at": "d4", "facing": "n"}, {"at": "d5", "facing": "n"}]})
    assert refused(rules, blocked, "d4-d5") == "occupied"
    broken = rules.position(lone(broken=["d5"]))
    assert refused(rules, broken, "d4-d5") == "broken-square"
    beside_dragon = rules.position({"dragon": "d5", "knights": [{"at": "d4", "facing": "n"}]})
    assert refused(rules, beside_dragon, "d4-d5") == "occupied"


def test_turns_and_pieces() -> None:
    rules = duel()
    state = rules.position(lone())
    assert refused(rules, state, "h9-h8") == "wrong-turn"
    assert refused(rules, state, "a4-a5") == "no-piece"
    assert refused(rules, state, "pass") == "pass-not-allowed"
    dragon_turn = rules.position(lone(to_move="dragon"))
    assert refused(rules, dragon_turn, "d4-d5") == "wrong-turn"


def test_dragon_steps_one_square_in_any_direction() -> None:
    rules = duel()
    state = rules.position({"dragon": "e5", "to_move": "dragon", "knights": [{"at": "a1", "facing": "n"}]})
    assert sorted(rules.action_text(a) for a in rules.legal_actions(state)) == sorted(
        f"e5-{c}" for c in ("d4", "d5", "d6", "e4", "e6", "f4", "f5", "f6"))
    assert refused(rules, state, "e5-e7") == "too-far"


def test_dragon_never_stops_on_a_tower_or_broken_tower() -> None:
    rules = duel()
    state = rules.position({"dragon": "e5", "to_move": "dragon", "towers": ["f5"], "broken": ["d5"],
                            "knights": [{"at": "a1", "facing": "n"}]})
    assert refused(rules, state, "e5-f5") == "dragon-no-tower"
    assert refused(rules, state, "e5-d5") == "dragon-no-tower"


def test_dragon_is_placed_first_then_knights_move() -> None:
    rules = duel()
    start = rules.new_game()
    assert rules.decision(start) == "dragon"
    assert refused(rules, start, "d2-d3") == "place-dragon-first"
    assert refused(rules, start, "@d2") == "occupied"
    assert len(rules.legal_actions(start)) == 81 - 13
    placed = allowed(rules, start, "@e6")
    assert rules.decision(placed) == "knights"
    assert refused(rules, placed, "@a9") == "already-placed"


def test_a_side_without_a_move_passes() -> None:
    rules = duel()
    state = rules.position({"dragon": "e5", "knights": [{"at": "a9", "facing": "n"}, {"at": "b9", "facing": "n"}],
                            "broken": ["c9"]})
    assert [rules.action_text(a) for a in rules.legal_actions(state)] == ["pass"]
    after = allowed(rules, state, "pass")
    assert rules.decision(after) == "dragon"
