"""Dravakron, the flagship: a 16 x 12 board of two halves, gates, weapons and flags.

The rules engine is :mod:`.rules`; :mod:`.contract_rules` puts it behind the
shared contract; :mod:`.examples` and :mod:`.diagrams` draw its rule examples.
"""
from ...play.registry import GamePlugin, Recording
from .contract_rules import make_rules

PLUGIN = GamePlugin(
    rules="dravakron",
    make_rules=make_rules,
    summary="two players; gates, weapons and flags on a 16 x 12 board",
    recordings=(
        Recording("dravakron", 2885, 80, "a varied opening: drops, steps, weapons taken"),
        Recording("dravakron", 748, 80, "a second seeded game"),
        Recording("dravakron", 974, 80, "a third seeded game"),
        Recording("dravakron", 2274, 80, "gates, weapons, throws, sends, merges"),
    ),
)
