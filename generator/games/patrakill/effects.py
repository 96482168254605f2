"""What an action does: moving, earning and setting down towers, devouring, ejecting, breaking, the rounds' ends."""
from __future__ import annotations

from ...play.contract import Event, Outcome
from .compass import OPPOSITE, WORDS
from .layout import DRAGON, KNIGHTS, Layout
from .moves import Occupancy, dragon_can_move
from .state import Action, Barred, Ending, Knight, State, Tower


def _sorted_knights(layout: Layout, knights: dict[str, Knight]) -> tuple[Knight, ...]:
    return tuple(sorted(knights.values(), key=lambda k: layout.tables.index[k.square]))


def _sorted_towers(layout: Layout, towers: dict[str, Tower]) -> tuple[Tower, ...]:
    return tuple(sorted(towers.values(), key=lambda t: layout.tables.index[t.square]))


def _next_seat(layout: Layout, state: State) -> int:
    return (state.seat + 1) % len(layout.seats)


def round_two(layout: Layout, state: State) -> tuple[State, tuple[Event, ...]]:
    """The duel's second round: knights back on their camp (in a tower where one stands, lost on a broken one).

    Towers set down stay, towers still carried leave the board, broken towers stay; the dragon waits to be placed.
    """
    knights: dict[str, Knight] = {}
    lost = [square for square in layout.camp if square in state.broken]
    for square in layout.camp:
        if square not in state.broken:
            knights[square] = Knight(square, layout.camp_facing, KNIGHTS)
    events = [Event("round-end", "Round 1 is over: the knights go back to their camp and the dragon leaves the "
                                 "board to be placed again for round 2.")]
    if lost:
        squares = ", ".join(lost)
        events.append(Event("lost", f"A broken tower covers {squares} of the camp: the knight of that square sits "
                                    "out round 2." if len(lost) == 1 else
                                    f"Broken towers cover {squares} of the camp: the {len(lost)} knights of those "
                                    "squares sit out round 2.", tuple(lost)))
    fresh = State(2, None, _sorted_knights(layout, knights), state.towers, state.broken, 0, 0, len(lost), 0)
    return fresh, tuple(events)


def _round_one_over(layout: Layout, state: State) -> bool:
    if state.round != 1:
        return False
    if state.devoured >= layout.skewer:
        return True
    return state.reserve == 0 and not any(k.carrying for k in state.knights)


def _finish(layout: Layout, state: State, events: list[Event]) -> Outcome[State]:
    if _round_one_over(layout, state):
        if state.devoured >= layout.skewer:
            events.append(Event("skewer", f"The dragon has devoured {state.devoured} knights: round 1 ends."))
        else:
            events.append(Event("towers-done", "Every tower has been earned and set down or broken: round 1 ends."))
        fresh, more = round_two(layout, state)
        return Outcome(fresh, tuple(events) + more)
    return Outcome(state, tuple(events))


def place_dragon(layout: Layout, state: State, square: str) -> Outcome[State]:
    """Put the dragon on its starting square; the knights then move first."""
    return Outcome(state._replace(dragon=square, seat=0),
                   (Event("place", f"The dragon takes up its post on {square}.", (square,)),))


def move_knight(layout: Layout, state: State, action: Action, seat: str) -> Outcome[State]:
    """A knight's step, tower exit or passage, then the round-1 errand and the end of the game or round."""
    start, end = action.path
    knights = {k.square: k for k in state.knights}
    towers = {t.square: t for t in state.towers}
    knight = knights.pop(start)
    events: list[Event] = []
    reserve = state.reserve
    facing, carrying, returning = knight.facing, knight.carrying, knight.returning
    if action.kind == "passage":
        events.append(Event("passage", f"The knight in the tower on {start} goes through the passages to the "
                                       f"tower on {end}.", (start, end)))
    elif action.kind == "exit":
        # Stepping out of a tower, any straight way, never turns the knight: only earning a tower and coming
        # home to the camp do (ledger 19).
        if carrying:
            towers[start] = Tower(start, None)
            carrying, returning = False, True
            events.append(Event("set-tower", f"The knight sets its tower down on {start} and steps out to {end}, "
                                             f"still facing {WORDS[facing]}.", (start, end)))
        else:
            events.append(Event("exit", f"The knight leaves the tower on {start} for {end}, still facing "
                                        f"{WORDS[facing]}.", (start, end)))
    else:
        events.append(Event("step", f"Knight {start}-{end}.", (start, end)))
    if state.round == 1:
        if end in layout.camp and returning:
            facing, returning = layout.camp_facing, False
            events.append(Event("camp", f"Back in camp on {end}, the knight turns to face "
                                        f"{WORDS[facing]} again.", (end,)))
        if (end in layout.x_squares and reserve > 0 and not carrying and not returning and end not in towers):
            reserve -= 1
            carrying, facing = True, OPPOSITE[layout.camp_facing]
            events.append(Event("earn-tower", f"On the X square {end} the knight earns a tower and turns to carry "
                                              f"it back, facing {WORDS[facing]}.", (end,)))
    knights[end] = Knight(end, facing, knight.faction, carrying, returning)
    barred = tuple(b for b in state.barred if b.seat != seat)
    after = state._replace(knights=_sorted_knights(layout, knights), towers=_sorted_towers(layout, towers),
                           reserve=reserve, seat=_next_seat(layout, state), barred=barred)
    if after.round == 2 and after.dragon is not None:
        ending = trap(layout, after, end, knight.faction)
        if ending is not None:
            after = after._replace(ending=ending)
            events.append(Event(ending.reason, ending_text(ending), (after.dragon or "",)))
    return _finish(layout, after, events)


def pass_turn(layout: Layout, state: State, seat: str) -> Outcome[State]:
    """A side with no move lets the turn go by; a trap the dragon walked into still closes on the knights' pass."""
    after = state._replace(seat=_next_seat(layout, state), barred=tuple(b for b in state.barred if b.seat != seat))
    events = [Event("pass", f"No piece of {seat} can move: the turn passes.")]
    if seat != DRAGON and after.round == 2 and after.dragon is not None \
            and not dragon_can_move(layout, Occupancy(after)):
        factions = layout.factions_of(seat)
        ending = Ending((seat,), "immobilised", factions[0] if len(factions) == 1 and not layout.duel else None)
        after = after._replace(ending=ending)
        events.append(Event("immobilised", ending_text(ending), (after.dragon or "",)))
    return Outcome(after, tuple(events))


def represented(occ: Occupancy, square: str) -> set[str]:
    """The factions a square stands for: its knight's, and its tower's when the tower has one."""
    found = {occ.knights[square].faction}
    tower = occ.towers.get(square)
    if tower is not None and tower.faction is not None:
        found.add(tower.faction)
    return found


def capture(layout: Layout, occ: Occupancy, square: str, mover: str) -> str | None:
    """The faction that wins by the capture the knight now on ``square`` just closed, or None.

    The dragon must touch ``square`` (on a straight or diagonal line), a knight must stand right beyond it on
    that line, and one of the two must be in a tower. In the duel the knights' faction wins; in Vatrakill a
    faction present on both sides wins (the mover's when two are).
    """
    dragon = occ.dragon
    assert dragon is not None
    d = layout.tables.direction(square, dragon)
    if d is None:
        return None
    beyond = layout.tables.near[dragon].get(d)
    if beyond is None or beyond not in occ.knights:
        return None
    if square not in occ.towers and beyond not in occ.towers:
        return None
    if layout.duel:
        return occ.knights[square].faction
    both = represented(occ, square) & represented(occ, beyond)
    if not both:
        return None
    if mover in both:
        return mover
    return next(f for f in layout.factions if f in both)


def trap(layout: Layout, state: State, square: str, mover: str) -> Ending | None:
    """The end a knight's move to ``square`` brings in round 2: the dragon captured, or left without a move."""
    occ = Occupancy(state)
    won = capture(layout, occ, square, mover)
    if won is not None:
        return Ending((layout.seat_of(won),), "capture", None if layout.duel else won)
    if not dragon_can_move(layout, occ):
        return Ending((layout.seat_of(mover),), "immobilised", None if layout.duel else mover)
    return None


def ending_text(ending: Ending) -> str:
    """A sentence for the end of the game."""
    who = f"the {ending.faction} faction wins" if ending.faction else (
        "the dragon wins" if ending.winners == (DRAGON,) else "the knights win")
    if ending.reason == "capture":
        return f"The dragon is caught between two knights, one of them in a tower: {who}."
    if ending.reason == "immobilised":
        return f"The dragon has no move left: {who}."
    return f"The dragon's skewer is full: {who}."


def move_dragon(layout: Layout, state: State, action: Action) -> Outcome[State]:
    """The dragon's step or jump chain: devouring, ejecting from towers (round 2), breaking carried towers (round 1)."""
    occ = Occupancy(state)
    path = action.path
    knights = dict(occ.knights)
    broken = list(state.broken)
    barred = list(state.barred)
    events: list[Event] = []
    eaten = 0
    first = state.round == 1
    if action.kind == "dragon-step":
        events.append(Event("dragon-step", f"Dragon {path[0]}-{path[1]}.", path))
    for origin, land in zip(path, path[1:]) if action.kind == "jump" else ():
        mid = layout.tables.between(origin, land)
        assert mid is not None
        knight = occ.knights.get(mid)
        if knight is None:
            events.append(Event("jump", f"The dragon jumps over {mid} to {land}.", (origin, mid, land)))
        elif first or mid not in occ.towers:
            eaten += 1
            del knights[mid]
            events.append(Event("devour", f"The dragon jumps from {origin} to {land} and devours the knight "
                                          f"on {mid}.", (origin, mid, land)))
            if knight.carrying:
                broken.append(mid)
                events.append(Event("break-tower", f"The tower the knight carried on {mid} is broken: a broken "
                                                   "tower token takes its place.", (mid,)))
        else:
            del knights[mid]
            knights[origin] = knight._replace(square=origin)
            barred.append(Barred(origin, mid, layout.seat_of(knight.faction)))
            events.append(Event("eject", f"The dragon jumps the tower on {mid}: its knight is thrown out onto "
                                         f"{origin} and may not go straight back in.", (mid, origin)))
    devoured = state.devoured + eaten
    after = state._replace(dragon=path[-1], knights=_sorted_knights(layout, knights),
                           broken=tuple(sorted(broken, key=layout.tables.index.__getitem__)), devoured=devoured,
                           seat=_next_seat(layout, state), barred=tuple(barred))
    if not first and devoured >= layout.skewer:
        ending = Ending((DRAGON,), "skewer")
        after = after._replace(ending=ending)
        events.append(Event("skewer", ending_text(ending), (path[-1],)))
    return _finish(layout, after, events)
