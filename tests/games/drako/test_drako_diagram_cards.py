"""Drako's rule diagrams draw the cards each example plays beside the board, as the card sheets print them."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import cache

from drako_support import rules

from generator.model.game import SPECS_DIR, Game, load_game
from generator.games.drako.actions import Block, Discard, Drawn, Pass, Play
from generator.games.drako.cards import DRAGON, DWARVES, SIDES
from generator.games.drako.kit.parts import option_words
from generator.games.drako.state import ON_DRAGON
from generator.rulebook.diagram_art import draw_rule_example, example_scene
from generator.play.examples import ExampleRun, load_rule_example, run_rule_example
from generator.play.registry import variant_rules
from generator.render.diagram import MAX_WIDTH_MM

EXAMPLES = sorted((SPECS_DIR / "drako" / "examples").glob("*.yaml"))
SVG = "{http://www.w3.org/2000/svg}"


@cache
def _game() -> Game:
    return load_game("drako")


@cache
def _run(name: str) -> ExampleRun:
    game = _game()
    path = SPECS_DIR / "drako" / "examples" / f"{name}.yaml"
    return run_rule_example(load_rule_example(path, rules(), game.board.grid, variant_rules(game)))


def _cards_put_down(run: ExampleRun) -> list[tuple[str, str, str]]:
    """(deck, card label, caption) of every card the example's actions move or show, worked out from the actions
    here: cards played (or tried, by the refused last action), laid to block, dealt, discarded, the hand of a side
    that passes."""
    spec = rules().spec

    def label(side: str, code: str) -> str:
        return " or ".join(option_words(side, o) for o in spec.cards[side][code].options)

    found = []
    for n, (state, action) in enumerate(zip(run.states, run.example.actions)):
        if isinstance(action, Play):
            side = SIDES[state.turn]
            card = spec.cards[side][action.card]
            caption = "tried" if n == len(run.outcomes) else "played" if len(card.options) == 1 else \
                f"played: {card.option(action.option).symbol.replace('-', ' ')}"  # type: ignore[union-attr]
            found.append((side, label(side, action.card), caption))
        elif isinstance(action, Block):
            side = DRAGON if state.hits[0].target == ON_DRAGON else DWARVES
            found.append((side, label(side, action.card), "played to block"))
        elif isinstance(action, Drawn):
            side = SIDES[state.draws[0]]
            found.append((side, label(side, action.card), "drawn"))
        elif isinstance(action, Discard):
            side = next(s for s, hand in zip(SIDES, state.hands) if len(hand) > 6)
            found.append((side, label(side, action.card), "discarded"))
        elif isinstance(action, Pass):
            found += [(SIDES[state.turn], label(SIDES[state.turn], code), "in hand") for code in state.hands[state.turn]]
    return found


def test_every_example_shows_the_cards_its_actions_move_and_no_other() -> None:
    shown = 0
    for path in EXAMPLES:
        run = _run(path.stem)
        scene = example_scene(_game(), run, True)
        drawn = [(a.deck.id, a.card.face.label, a.caption) for a in scene.asides]
        assert drawn == _cards_put_down(run), path.stem
        shown += bool(drawn)
    assert shown >= 30, "most examples play a card"


def test_a_draw_shows_the_cards_drawn_and_discarded() -> None:
    draws = [p.stem for p in EXAMPLES if all(rules().action_kind(a) in ("draw", "drawn", "discard")
                                             for a in _run(p.stem).example.actions)]
    assert len(draws) >= 3
    for name in draws:
        run = _run(name)
        asides = example_scene(_game(), run, True).asides
        dealt = sum(rules().action_kind(a) == "drawn" for a in run.example.actions)
        assert [a.caption for a in asides][:dealt] == ["drawn"] * dealt, name
    limit = example_scene(_game(), _run("08-draw-hand-limit"), True).asides
    assert [(a.card.face.label, a.caption) for a in limit] == [("Move 2", "drawn"), ("Move 1, one or two", "drawn"),
                                                              ("Defence", "discarded")]


def test_an_attack_blocked_shows_the_attack_and_the_defence_beside_the_board() -> None:
    game = _game()
    art = draw_rule_example(game, SPECS_DIR / "drako" / "examples" / "11-dragon-attack-blocked.yaml", True)
    root = ET.fromstring(art.svg)
    asides = [g for g in root.iter(f"{SVG}g") if g.get("class") == "aside"]
    assert [(g.get("data-deck"), g.get("data-caption")) for g in asides] == [("dragon", "played"),
                                                                            ("dwarves", "played to block")]
    texts = [[t.text for t in g.iter(f"{SVG}text")] for g in asides]
    assert "Attack 3" in texts[0] and "3" in texts[0] and "Defence" in texts[1]
    assert float(root.get("width", "0").removesuffix("mm")) <= MAX_WIDTH_MM + 1.0
