"""Neutral drawing data for diagrams: the figures on their hexes and the marks an action leaves.

Every mark is computed from the position and the action: the hexes a figure
walks through, the arrow of a flight or an attack, the line of the crossbow
and of the fire, the ring of the net, a cross where a refused action points.
The cards an action moves are drawn beside the board as their deck prints
them (:func:`aside_views`; the decks' ids are the sides' names): the card
played or laid to block, the cards drawn or discarded, the hand of a side that
passes.
"""
from __future__ import annotations

from ...play.contract import Outcome, Verdict
from ...play.views import AsideView, DiagramMark, PieceView
from .actions import Action, Block, Discard, Drawn, Escape, Fury, Pass, Place, PlaceWound, Play, Take
from .cards import DRAGON, DWARVES, SIDES
from .core import Core
from .spec import ABILITY_NAMES
from .state import DRAGON_SIDE, DWARF_SIDE, ON_DRAGON, State


def piece_views(core: Core, state: State) -> dict[str, tuple[PieceView, ...]]:
    """The dragon and the standing dwarves, by hex; the netted dragon is marked."""
    names = core.tables.names
    dragon = PieceView(DRAGON, "figure", badge="D", marked="net" if state.netted else "")
    views: dict[str, tuple[PieceView, ...]] = {names[state.dragon]: (dragon,)}
    for dwarf, cell in zip(core.spec.dwarves, state.dwarves):
        if cell >= 0:
            views[names[cell]] = (PieceView(DWARVES, "figure", badge=dwarf.name[0], carried=dwarf.ability.capitalize()),)
    return views


def action_marks(core: Core, state: State, action: Action, outcome: Outcome[State] | None,
                 verdict: Verdict) -> list[DiagramMark]:
    """The marks that show ``action`` taken in ``state``; a refused action adds a cross with its reason."""
    names = core.tables.names
    dragon = names[state.dragon]
    marks: list[DiagramMark] = []
    refused_at = dragon
    if isinstance(action, Play):
        marks, refused_at = _play_marks(core, state, action, verdict.legal)
    elif isinstance(action, (Block, Take)) and state.hits:
        hit = state.hits[0]
        cell = state.dragon if hit.target == ON_DRAGON else state.dwarves[hit.target]
        refused_at = names[cell]
        text = "blocked by a Defence" if isinstance(action, Block) else wounds_text(hit.amount)
        marks.append(DiagramMark("ring", (names[cell],), "blocked" if isinstance(action, Block) else "result", text))
    elif isinstance(action, PlaceWound):
        ability = ABILITY_NAMES[core.spec.abilities[action.ability][0]]
        marks.append(DiagramMark("label", (dragon,), "result", f"wound on {ability}"))
    elif isinstance(action, Fury) and state.dwarves[core.fury] >= 0:
        refused_at = names[state.dwarves[core.fury]]
        marks.append(DiagramMark("label", (refused_at,), "info", "Fury"))
        if verdict.legal:
            marks.append(DiagramMark("ring", (refused_at,), "result", wounds_text(1)))
    elif isinstance(action, Escape):
        marks.append(DiagramMark("ring", (dragon,), "result", "escapes the net"))
    elif isinstance(action, Place):
        refused_at = names[action.cell]
        marks.append(DiagramMark("dot", (refused_at,), "choice", core.spec.dwarves[action.dwarf].name))
    if not verdict.legal:
        marks.append(DiagramMark("cross", (refused_at,), "blocked", verdict.code))
    return marks


def wounds_text(amount: int) -> str:
    """'1 wound', '2 wounds'."""
    return f"{amount} wound" + ("" if amount == 1 else "s")


def aside_views(core: Core, state: State, action: Action, refused: bool = False) -> list[AsideView]:
    """The cards an action puts down, takes up or shows, by deck (the side) and place in ``decks.yaml``.

    A card played says so ('played', or 'played: attack' for the option chosen
    of two; 'tried' when ``refused``); a block 'played to block'; a card dealt
    'drawn'; a discard 'discarded'; a pass the cards the passing side holds
    ('in hand'): what it cannot use.
    """
    if isinstance(action, Play):
        card = core.cards[state.turn].get(action.card)
        option = card.option(action.option) if card is not None and len(card.options) > 1 else None
        caption = "tried" if refused else f"played: {option.symbol.replace('-', ' ')}" if option is not None \
            else "played"
        return _cards(core, state.turn, (action.card,), caption)
    if isinstance(action, Block) and state.hits:
        side = DRAGON_SIDE if state.hits[0].target == ON_DRAGON else DWARF_SIDE
        return _cards(core, side, (action.card,), "played to block")
    if isinstance(action, Drawn) and state.draws:
        return _cards(core, state.draws[0], (action.card,), "drawn")
    if isinstance(action, Discard):
        return _cards(core, core.decider(state), (action.card,), "discarded")
    if isinstance(action, Pass):
        return _cards(core, state.turn, state.hands[state.turn], "in hand")
    return []


def _cards(core: Core, side: int, codes: tuple[str, ...], caption: str) -> list[AsideView]:
    """Views of cards of one side's deck (the printed cards' order is ``decks.yaml``'s)."""
    kinds = list(core.spec.cards[SIDES[side]])
    return [AsideView(SIDES[side], kinds.index(code), caption) for code in codes if code in kinds]


def _play_marks(core: Core, state: State, action: Play, legal: bool) -> tuple[list[DiagramMark], str]:
    tables = core.tables
    names = tables.names
    side = state.turn
    card = core.cards[side].get(action.card)
    option = card.option(action.option) if card is not None else None
    symbol = option.symbol if option is not None else ""
    dragon = names[state.dragon]
    marks: list[DiagramMark] = []
    if side == DRAGON_SIDE:
        actor = dragon
        if symbol == "move" and action.cells:
            came = tables.reach(state.dragon, option.value if option else 0, core.occupied(state) - {state.dragon})
            goal = action.cells[0]
            walk = tables.path(came, goal) if goal in came else (state.dragon, goal)
            marks.append(DiagramMark("path", tuple(names[c] for c in walk), "move"))
            return marks, names[goal]
        if symbol == "flight" and action.cells:
            marks.append(DiagramMark("arrow", (dragon, names[action.cells[0]]), "move"))
            return marks, names[action.cells[0]]
        if symbol == "attack" and action.figures and state.dwarves[action.figures[0]] >= 0:
            target = names[state.dwarves[action.figures[0]]]
            marks.append(DiagramMark("arrow", (dragon, target), "capture"))
            return marks, target
        if symbol == "fire" and 0 <= action.direction < len(tables.direction_names):
            ray = tables.rays[state.dragon][action.direction]
            if ray:
                marks.append(DiagramMark("line", (dragon,) + tuple(names[c] for c in ray), "capture"))
            marks += [DiagramMark("ring", (names[state.dwarves[d]],), "capture")
                      for d in core.fire_line(state, action.direction)]
            return marks, names[ray[-1]] if ray else dragon
        marks.append(DiagramMark("label", (actor,), "info", symbol))
        return marks, actor
    if symbol.startswith("move") and len(action.cells) == len(action.figures):
        taken = core.occupied(state)
        last = dragon
        for dwarf, cell in zip(action.figures, action.cells):
            start = state.dwarves[dwarf]
            if start < 0:
                continue
            reached = tables.reach(start, option.value if option else 0, taken - {start})
            route = tables.path(reached, cell) if cell in reached else (start, cell)
            marks.append(DiagramMark("path", tuple(names[c] for c in route), "move"))
            taken = (taken - {start}) | {cell}
            last = names[cell]
        return marks, last
    if symbol.startswith("attack"):
        for dwarf in action.figures:
            if state.dwarves[dwarf] >= 0:
                marks.append(DiagramMark("arrow", (names[state.dwarves[dwarf]], dragon), "capture"))
        return marks, dragon
    if symbol == "crossbow" and state.dwarves[core.archer] >= 0:
        archer = state.dwarves[core.archer]
        between = tables.between(archer, state.dragon) or ()
        sight = (names[archer],) + tuple(names[c] for c in between) + (dragon,)
        marks.append(DiagramMark("line", sight, "capture" if legal else "blocked"))
        blocker = next((names[c] for c in between if c in state.dwarves), dragon)
        return marks, blocker
    if symbol == "net":
        marks.append(DiagramMark("ring", (dragon,), "result", "net"))
        return marks, dragon
    marks.append(DiagramMark("label", (dragon,), "info", symbol))
    return marks, dragon
