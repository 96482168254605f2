"""The search player on Dravakron with the engine's own settings: legal actions, and it heads for the win."""
from __future__ import annotations

from generator.model.game import load_game
from generator.play.registry import rules_for
from generator.play.selfplay import random_game
from generator.search.player import SearchPlayer, Settings, budget_for, horizon_for, tree_for

RULES = rules_for(load_game("dravakron"))
#: The settings balance reports and the benchmark play Dravakron with.
DEFAULTS = Settings(budget_for(RULES, None), horizon=horizon_for(RULES, None), **tree_for(RULES))


def test_the_search_plays_legal_actions_from_real_positions() -> None:
    plies = [p for p in random_game(RULES, 5) if p.decider is not None and len(p.legal) > 1]
    for ply in plies[::max(1, len(plies) // 6)]:
        player = SearchPlayer(RULES, 2, DEFAULTS)
        assert player.act(ply.state, 0) in RULES.legal_actions(ply.state)


def test_the_search_brings_the_enemy_flag_nearer_home() -> None:
    """Red carries Black's flag on d4, two steps from Red's flag squares (a2, b1, b2); Black's pieces stand far
    off. Searches seeded ten ways mostly step the carrier to a square one step from home, and none throws the flag
    away."""
    tables = RULES.rules.tables
    state = RULES.position({"pieces": {"d4": "red carrying black-flag", "m10": "black", "n11": "black"}})
    actions = [SearchPlayer(RULES, seed, DEFAULTS).act(state, 0) for seed in range(10)]
    homeward = [a for a in actions if a.kind == "step" and a.frm == "d4"
                and min(tables.distance(a.to or "", s) for s in ("a2", "b1", "b2")) == 1]
    assert len(homeward) >= 7, actions
    assert not [a for a in actions if a.kind == "throw-flag"], actions
