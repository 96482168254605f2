"""Target squares and pushes: strength, rules 3a/3b/3c, choices, stuns and the two variants."""
from __future__ import annotations

from ejderhalar_support import after, engine, on, pos, verdict

from generator.games.ejderhalar.state import Action
from generator.games.ejderhalar.turn import trace


def target_of(text: str, **data: object) -> str:
    rules = engine()
    state = pos(**data)  # type: ignore[arg-type]
    done = trace(rules.layout, state, rules.parse_action(state, text))
    return rules.layout.cells[done.target] if done.target >= 0 else "none"


def test_target_is_one_step_on_in_the_last_direction() -> None:
    assert target_of("f2-f3", stacks={"f2": "p1-f2*3"}) == "f4"
    assert target_of("f2-g2", stacks={"f2": "p1-f2*3"}) == "h2"
    assert target_of("e5-e4-e3", stacks={"e5": "p1-d1", "e4": "p1-d1*2"}) == "e2"
    assert target_of("c6-c5-b5", stacks={"c6": "p1-a4", "c5": "p1-a4", "b5": "p1-a4"}) == "a5"
    assert target_of("a2-a1", stacks={"a2": "p1-b2*3"}) == "none"


def test_push_needs_an_enemy_on_the_target() -> None:
    assert verdict(pos(stacks={"a2": "p1-b2*3"}), "a2-a1 push").code == "nothing-to-push"
    assert verdict(pos(stacks={"f2": "p1-f2*3"}), "f2-f3 push").code == "nothing-to-push"


def test_reading_3_too_weak_push_refused_but_move_legal() -> None:
    state = pos(stacks={"c3": "p1-b2*3", "c5": "p2-a6*3"})
    assert verdict(state, "c3-c4 push").code == "push-too-weak"
    assert verdict(state, "c3-c4")
    two = pos(stacks={"c3": "p1-b2*3", "c5": "p2-a6*2", "c6": "p2-a6"})
    assert verdict(two, "c3-c4 push").code == "push-too-weak"


def test_strength_counts_the_whole_placing_square() -> None:
    rules = engine()
    state = pos(stacks={"c2": "p1-b2", "c3": "p1-b2*2", "c4": "p2-a6", "c5": "p2-a6*2"})
    done = trace(rules.layout, state, rules.parse_action(state, "c2-c3 push"))
    assert done.strength == 3  # three against one


def test_3a_then_3c_source_picture_one() -> None:
    rules = engine()
    state = pos(stacks={"c2": "p1-b2", "d2": "p1-b2", "d1": "p1-b2", "e2": "p2-h5", "f2": "p2-h5*2"})
    out = after(state, "c2-d2 push")
    assert on(rules, out, "g2") == ["p2-h5"] * 3 and not on(rules, out, "e2") and not on(rules, out, "f2")
    assert out.stun[rules.layout.dragon("p2-h5")] == 1


def test_3a_twice_along_a_line() -> None:
    rules = engine()
    state = pos(stacks={"b1": "p1-b2", "b2": "p1-b2*2", "b3": "p2-a6", "b4": "p2-a6", "b5": "p2-a6"})
    out = after(state, "b1-b2 push")  # 3 high against 1: strength 3, then 3a, 3a, 3c
    assert on(rules, out, "b6") == ["p2-a6"] * 3
    weak = pos(stacks={"b1": "p1-b2*2", "b2": "p1-b2", "b4": "p2-a6", "b5": "p2-a6", "b6": "p2-a6"})
    out = after(weak, "b1-b2-b3 push")  # the token lands alone on b3: one against one
    assert on(rules, out, "b5") == ["p2-a6"] * 2 and on(rules, out, "b6") == ["p2-a6"]


def test_3b_gathers_behind_source_picture_two() -> None:
    rules = engine()
    state = pos(stacks={"c3": "p1-b2*3", "c5": "p2-a6", "c6": "p2-a6", "b5": "p2-a6"})
    out = after(state, "c3-c4 push")
    assert on(rules, out, "c6") == ["p2-a6"] * 3 and not on(rules, out, "b5")


def test_reading_4_after_3b_behind_the_stack_goes_straight_on() -> None:
    rules = engine()
    state = pos(stacks={"c2": "p1-b2*2", "c3": "p1-b2", "c4": "p2-a6", "c5": "p2-a6", "d4": "p2-a6"})
    out = after(state, "c2-c3 push")
    assert on(rules, out, "c6") == ["p2-a6"] * 3


def test_3b_choice_then_edge_source_picture_three() -> None:
    rules = engine()
    state = pos(stacks={"c3": "p1-b2*2", "c2": "p1-b2", "b4": "p2-a6", "c4": "p2-a6", "d4": "p2-a6"})
    pushes = [rules.action_text(a) for a in rules.legal_actions(state) if a.push and a.path[-1] == rules.layout.cell("c3")]
    assert pushes == ["c2-c3 push left left", "c2-c3 push left right", "c2-c3 push right"]
    assert on(rules, after(state, "c2-c3 push left left"), "a3") == ["p2-a6"] * 3
    assert on(rules, after(state, "c2-c3 push left right"), "a5") == ["p2-a6"] * 3
    # to the right the dragon gathers on d4 and slides east twice to f4: no second choice
    assert on(rules, after(state, "c2-c3 push right"), "f4") == ["p2-a6"] * 3
    assert verdict(state, "c2-c3 push right left").code == "choice-extra"
    assert verdict(state, "c2-c3 push").code == "choice-missing"


def test_3c_sideways_when_blocked_forced_or_chosen() -> None:
    rules = engine()
    forced = pos(stacks={"a7": "p1-h3*2", "a6": "p1-h3", "a8": "p2-a6*3"})
    assert on(rules, after(forced, "a6-a7 push"), "b8") == ["p2-a6"] * 3
    assert verdict(forced, "a6-a7 push right").code == "choice-extra"
    blocked = pos(stacks={"a7": "p1-h3*2", "a6": "p1-h3", "a8": "p2-a6*3", "b8": "p2-c7*3"})
    out = after(blocked, "a6-a7 push")
    assert on(rules, out, "a8") == ["p2-a6"] * 3 and not any(out.stun)


def test_choices_without_push_are_refused() -> None:
    state = pos(stacks={"c3": "p1-b2*3"})
    rules = engine()
    assert rules.check(state, Action(rules.parse_action(state, "c3-c4").path, False, ("left",))).code == "choice-extra"


def test_own_dragons_only_in_the_variant() -> None:
    data = {"stacks": {"c3": "p1-b2*3", "c5": "p1-d1", "c6": "p1-d1*2"}}
    assert verdict(pos(**dict(data)), "c3-c4 push").code == "own-dragon"
    variant = engine(push_own=True)
    state = pos(variant, **{"stacks": {"c3": "p1-b2*3", "c5": "p1-d1", "c6": "p1-d1*2"}})
    assert verdict(state, "c3-c4 push", variant)
    out = after(state, "c3-c4 push", variant)
    dragon = variant.layout.dragon("p1-d1")
    assert on(variant, out, "c6") == ["p1-d1"] * 3
    assert out.stun[dragon] == 2  # frozen for the rest of this turn and the next
    assert verdict(out, "c6-b6", variant).code == "dragon-stunned"


def test_stun_by_strength_variant() -> None:
    variant = engine(stun_by_strength=True)
    state = pos(variant, stacks={"c2": "p1-b2", "c3": "p1-b2*2", "c4": "p2-a6", "c5": "p2-a6*2", "e1": "p2-e8*3",
                                 "h1": "p1-d1*3"})
    out = after(state, "c2-c3 push", variant)
    dragon = variant.layout.dragon("p2-a6")
    assert out.stun[dragon] == 3
    out = after(after(after(out, "h1-h2", variant), "e1-e2", variant), "e1-f1", variant)
    assert out.stun[dragon] == 2
    plain = after(pos(stacks={"c2": "p1-b2", "c3": "p1-b2*2", "c4": "p2-a6", "c5": "p2-a6*2", "h1": "p1-d1*3"}),
                  "c2-c3 push")
    assert plain.stun[dragon] == 1


def test_restun_keeps_the_longer_stun() -> None:
    variant = engine(stun_by_strength=True)
    state = pos(variant, stunned={"p2-a6": 3}, stacks={"c3": "p1-b2*3", "c5": "p2-a6", "c6": "p2-a6", "b5": "p2-a6"})
    out = after(state, "c3-c4 push", variant)
    assert out.stun[variant.layout.dragon("p2-a6")] == 3
