"""The search player on Drako with the engine's own settings (sequential halving at the root): legal actions only,
and blind to the other side's cards."""
from __future__ import annotations

import random

from generator.model.game import load_game
from generator.play.contract import CHANCE
from generator.play.registry import rules_for
from generator.play.selfplay import random_game
from generator.search.player import SearchPlayer, Settings, budget_for, horizon_for, tree_for

RULES = rules_for(load_game("drako"))
#: The settings balance reports and the benchmark play Drako with.
DEFAULTS = Settings(budget_for(RULES, None), horizon=horizon_for(RULES, None), **tree_for(RULES))
#: Seeded positions where a side decides between several actions, from the opening to the end.
PLIES = [p for p in random_game(RULES, 4) if p.decider not in (None, CHANCE) and len(p.legal) > 1]


def test_the_search_plays_legal_actions_from_real_positions() -> None:
    for ply in PLIES[::max(1, len(PLIES) // 5)]:
        assert SearchPlayer(RULES, 2, DEFAULTS).act(ply.state, 0) in RULES.legal_actions(ply.state)


def test_the_choice_does_not_change_when_only_the_other_sides_cards_do() -> None:
    """The same view for the deciding side, the other side's hand and deck dealt otherwise: the same action."""
    differed = 0
    for number, ply in enumerate(PLIES[::max(1, len(PLIES) // 4)]):
        seat = ply.decider
        other = RULES.resample(ply.state, seat, random.Random(number))
        assert RULES.view(other, seat) == RULES.view(ply.state, seat)
        differed += other != ply.state
        chosen = {RULES.action_text(SearchPlayer(RULES, 9, DEFAULTS).act(s, 0)) for s in (ply.state, other)}
        assert len(chosen) == 1, RULES.state_text(ply.state)
    assert differed >= 2
