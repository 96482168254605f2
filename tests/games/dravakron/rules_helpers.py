"""What the rules tests share: the engine on the default Dravakron board, and two short questions to ask it."""
from __future__ import annotations

from generator.games.dravakron.contract_rules import DravakronRules
from generator.games.dravakron.rules import Rules, State

RULES = Rules.for_game("dravakron")
#: The same engine behind the shared contract (self-play, examples).
ENGINE = DravakronRules(RULES)


def legal(state: State) -> set[str]:
    """Every legal action of the player to act, as text."""
    return {str(a) for a in RULES.legal_actions(state)}


def code(state: State, action: str) -> str | None:
    """The reason code the engine gives for an action (None when it is legal)."""
    return RULES.check(state, action).code
