"""A second, independent model of the Patrakill / Vatrakill rules, compared with the engine on many positions.

The model below is written straight from the source rulebook (the translated "Test Rules") and the ledger's
readings (specs/patrakill/rules-interpretations.md, cited by number; specs/vatrakill/ points to the same
entries), without the engine's rule code: it calls nothing of moves.py, effects.py, reasons.py, the
engine's check/apply, nor the step, exit and passage tables (compass.knight_steps / tables.py). From the
engine it takes only ``rules.layout``'s board and set-up facts: the cells and their (column, row) coordinates
(``layout.tables.cells`` / ``.coords``), the duel's camp, its facing and the X squares, the zones (front line,
middle square, facing) and which faction sets up where, the seats and which seat moves which faction
(``seats``, ``control``, ``factions``) and the ``towers`` / ``skewer`` options; plus the :class:`State`,
:class:`Knight`, :class:`Tower`, :class:`Barred`, :class:`Ending` and :class:`Action` types. Neighbours,
lines, jump chains and traps are walked here on the coordinates. The engine's ``invariants`` only filter the
random positions, and ``state_text`` / ``action_text`` only word the failures.

On every position of seeded self-play games (the duel, Vatrakill for 2, 3 and 5 players; the opening
included) and of crowded random positions the invariants accept, the model must offer exactly the engine's
legal actions, and each action must leave exactly the engine's next state (ending included: winners,
reason, faction). Stepping out of a tower never turns a knight (19): only earning a tower (15) and coming
home to the camp in round 1 (18) do.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Iterator

import pytest
from patrakill_support import duel, reachable, variant

from generator.games.patrakill.engine import PatrakillRules
from generator.games.patrakill.state import Action, Barred, Ending, Knight, State, Tower
from generator.play.selfplay import random_game

#: The eight directions as (column, row) steps, rows growing northwards; the first four are straight.
DIRS = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0),
        "ne": (1, 1), "se": (1, -1), "sw": (-1, -1), "nw": (-1, 1)}
STRAIGHT = ("n", "e", "s", "w")
BACK = {"n": "s", "e": "w", "s": "n", "w": "e"}
DRAGON = "dragon"


class Model:
    """The rules on square names; positions are the engine's State, worked on as plain dicts."""

    def __init__(self, rules: PatrakillRules):
        lay = self.lay = rules.layout
        self.coords = lay.tables.coords
        self.at = {xy: cell for cell, xy in self.coords.items()}
        self.order = {cell: n for n, cell in enumerate(lay.tables.cells)}
        self.duel = lay.mode == "duel"
        self.homeward = BACK[lay.camp_facing]  # 15: facing the camp is the reverse of the camp's facing

    def near(self, s: str, d: str, k: int = 1) -> str | None:
        (x, y), (dx, dy) = self.coords[s], DIRS[d]
        return self.at.get((x + k * dx, y + k * dy))

    def mine(self, seat: str) -> list[str]:
        return [f for f in self.lay.factions if self.lay.control[f] == seat]

    def opening(self) -> State:
        """4, 6: the duel's camp, or each faction's front line with its tower in the middle (neutral ones on
        the empty zones); the dragon waits to be placed (11). Vatrakill is played under round 2's rules (29)."""
        lay = self.lay
        if self.duel:
            return self.state(1, [Knight(s, lay.camp_facing, "knights") for s in lay.camp], [], [], lay.towers)
        knights, towers = [], []
        for zone in lay.zones.values():
            owner = next((f for f in lay.factions if lay.homes[f] == zone.id), None)
            knights += [Knight(s, zone.facing, owner) for s in zone.line] if owner else []
            towers.append(Tower(zone.tower, owner))
        return self.state(2, knights, towers, [], 0)

    def state(self, rnd: int, knights: list[Knight], towers: list[Tower], broken: list[str], reserve: int,
              **rest: object) -> State:
        key = self.order.__getitem__
        return State(rnd, None, tuple(sorted(knights, key=lambda k: key(k.square))),
                     tuple(sorted(towers, key=lambda t: key(t.square))), tuple(sorted(broken, key=key)),
                     reserve, 0, 0, 0)._replace(**rest)

    # -- what may be done ---------------------------------------------------------------------

    def jumps(self, st: State) -> Iterator[tuple[tuple[str, ...], tuple[str, ...]]]:
        """12: every chain: over a knight, tower or broken tower next to the dragon onto the free square
        beyond, turning at will, never over one square twice, never landing twice (nor on its start)."""
        solid = {k.square for k in st.knights} | {t.square for t in st.towers} | set(st.broken)
        todo: list[tuple[tuple[str, ...], tuple[str, ...]]] = [((st.dragon or "",), ())]
        while todo:
            path, over = todo.pop()
            for d in DIRS:
                mid, land = self.near(path[-1], d), self.near(path[-1], d, 2)
                if mid in solid and mid not in over and land is not None and land not in solid and land not in path:
                    todo.append((path + (land,), over + (mid,)))
                    yield todo[-1]

    def dragon_free(self, st: State, s: str) -> bool:
        """10: the dragon stops only where there is no knight, tower or broken tower."""
        return s not in {k.square for k in st.knights} | {t.square for t in st.towers} | set(st.broken)

    def dragon_moves(self, st: State) -> set[Action]:
        assert st.dragon is not None
        towers = {t.square for t in st.towers}
        knights = {k.square for k in st.knights}
        chains = [(Action("jump", p), over) for p, over in self.jumps(st)]
        # 13, 20, 24: any knight devoured in round 1 (in a tower too); later only one outside a tower
        feeding = {a for a, over in chains if any(m in knights and (st.round == 1 or m not in towers) for m in over)}
        if feeding:
            return feeding
        steps = {Action("dragon-step", (st.dragon, to)) for d in DIRS
                 if (to := self.near(st.dragon, d)) is not None and self.dragon_free(st, to)}
        return steps | {a for a, _ in chains}

    def legal(self, st: State) -> set[Action]:
        if st.ending is not None:
            return set()
        if st.dragon is None:  # 11: placed on any free square before the knights' first move
            return {Action("place", (s,)) for s in self.lay.tables.cells
                    if self.dragon_free(st, s) and s not in {k.square for k in st.knights}}
        seat = self.lay.seats[st.seat]
        found = self.dragon_moves(st) if seat == DRAGON else self.knight_moves(st, self.mine(seat))
        return found or {Action("pass")}  # 30

    def knight_moves(self, st: State, factions: list[str]) -> set[Action]:
        towers = {t.square for t in st.towers}
        taken = {k.square for k in st.knights} | set(st.broken) | {st.dragon}  # 10: knights stop on free towers
        barred = {(b.knight, b.tower) for b in st.barred}
        out: set[Action] = set()
        for k in st.knights:
            if k.faction not in factions:
                continue
            inside = k.square in towers
            if not inside:  # 8: forward or sideways, never back; 16: a carried tower never onto another; 24
                for d in STRAIGHT:
                    to = self.near(k.square, d)
                    if d != BACK[k.facing] and to is not None and to not in taken and \
                            not (k.carrying and to in towers) and (k.square, to) not in barred:
                        out.add(Action("step", (k.square, to)))
            if inside or k.carrying:  # 17, 19: out of a tower (or setting the carried one down) any straight way
                out |= {Action("exit", (k.square, to)) for d in STRAIGHT
                        if (to := self.near(k.square, d)) is not None and to not in taken}
            if inside and st.round == 2:  # 23: the passages, to any tower with no knight in it
                out |= {Action("passage", (k.square, t)) for t in towers
                        if t != k.square and t not in {q.square for q in st.knights}}
        return out

    # -- what an action does ------------------------------------------------------------------

    def stuck(self, st: State) -> bool:
        """26: the dragon has no step and no jump."""
        assert st.dragon is not None
        return not any(self.dragon_free(st, s) and s not in {k.square for k in st.knights}
                       for d in DIRS if (s := self.near(st.dragon, d)) is not None) and next(self.jumps(st), None) is None

    def after(self, st: State, action: Action) -> State:
        seat = self.lay.seats[st.seat] if st.dragon is not None else DRAGON
        nxt = (st.seat + 1) % len(self.lay.seats)
        barred = tuple(b for b in st.barred if b.seat != seat)  # 24: the ban ends when that side has played
        if action.kind == "place":  # 11: the knights then begin
            return st._replace(dragon=action.path[0], seat=0)
        if action.kind == "pass":  # 30, 26: a trap still closes on the knights' pass
            after = st._replace(seat=nxt, barred=barred)
            if seat != DRAGON and st.round == 2 and self.stuck(after):
                one = self.mine(seat)[0] if len(self.mine(seat)) == 1 and not self.duel else None
                after = after._replace(ending=Ending((seat,), "immobilised", one))
            return after
        knights = {k.square: k for k in st.knights}
        towers = {t.square: t for t in st.towers}
        broken = list(st.broken)
        if action.kind in ("dragon-step", "jump"):
            eaten, path = 0, action.path
            new_bars: list[Barred] = []
            for origin, land in zip(path, path[1:]) if action.kind == "jump" else ():
                (x0, y0), (x1, y1) = self.coords[origin], self.coords[land]
                mid = self.at[(x0 + x1) // 2, (y0 + y1) // 2]
                k = knights.pop(mid, None)
                if k is None:
                    continue  # 20: an empty tower or a broken tower: nothing eaten
                if st.round == 2 and mid in towers:  # 24: thrown out onto the square the jump started from
                    knights[origin] = k._replace(square=origin)
                    new_bars.append(Barred(origin, mid, self.lay.control[k.faction]))
                else:  # 20: devoured; a carried tower breaks
                    eaten += 1
                    broken += [mid] if k.carrying else []
            after = self.state(st.round, list(knights.values()), list(towers.values()), broken, st.reserve,
                               dragon=path[-1], devoured=st.devoured + eaten, absent=st.absent, seat=nxt,
                               barred=barred + tuple(new_bars))
            if st.round == 2 and after.devoured >= self.lay.skewer:  # 27: the skewer
                return after._replace(ending=Ending((DRAGON,), "skewer"))
            return self.round_over(after)
        start, end = action.path
        k = knights.pop(start)
        facing, carrying, returning, reserve = k.facing, k.carrying, k.returning, st.reserve
        if action.kind == "exit" and carrying:  # 17: the tower stays where it was carried; the knight walks home
            towers[start], carrying, returning = Tower(start, None), False, True  # 19: still facing the same way
        if st.round == 1 and end in self.lay.camp and returning:  # 18: turned round in camp
            facing, returning = self.lay.camp_facing, False
        if st.round == 1 and end in self.lay.x_squares and reserve and not carrying and not returning \
                and end not in towers:  # 14, 15: a tower earned, the knight faces its camp
            facing, carrying, reserve = self.homeward, True, reserve - 1
        knights[end] = Knight(end, facing, k.faction, carrying, returning)
        after = self.state(st.round, list(knights.values()), list(towers.values()), broken, reserve,
                           dragon=st.dragon, devoured=st.devoured, absent=st.absent, seat=nxt, barred=barred)
        if st.round == 2:
            return after._replace(ending=self.closed(after, end, k.faction, seat))
        return self.round_over(after)

    def closed(self, st: State, end: str, mover: str, seat: str) -> Ending | None:
        """25: the moving knight and one beyond the dragon on its line, one of them in a tower; 28: a faction
        on both sides wins (the mover's first); else 26: the dragon left without a move."""
        assert st.dragon is not None
        knights = {k.square: k for k in st.knights}
        towers = {t.square: t for t in st.towers}
        for d in DIRS:
            beyond = self.near(st.dragon, d)
            if self.near(end, d) != st.dragon or beyond not in knights or (end not in towers and beyond not in towers):
                continue
            if self.duel:
                return Ending((seat,), "capture")
            sides = [{knights[s].faction} | ({towers[s].faction} - {None} if s in towers else set())
                     for s in (end, beyond)]
            both = sides[0] & sides[1]
            if both:
                won = mover if mover in both else min(both, key=self.lay.factions.index)
                return Ending((self.lay.control[won],), "capture", won)
        if self.stuck(st):
            return Ending((seat,), "immobilised", None if self.duel else mover)
        return None

    def round_over(self, st: State) -> State:
        """21: round 1 ends at the skewer, or once every tower is earned and none is still carried; 22: the
        knights go back to camp facing north (in a tower where one stands, sitting out on a broken one)."""
        if st.round != 1 or (st.devoured < self.lay.skewer and (st.reserve or any(k.carrying for k in st.knights))):
            return st
        camp = [s for s in self.lay.camp if s not in st.broken]
        return self.state(2, [Knight(s, self.lay.camp_facing, "knights") for s in camp], list(st.towers),
                          list(st.broken), 0, absent=len(self.lay.camp) - len(camp))


def random_position(rules: PatrakillRules, model: Model, rng: random.Random) -> State:
    """A crowd in a 5 x 5 window (so traps and captures come often; in Vatrakill often around a zone's tower): knights
    (in round 1 some carrying a tower or walking home), some in towers, broken towers (the duel) and the dragon,
    put right where play could not have made it (facings, the rest of the knights: ``reachable``); the engine's
    invariants decide whether it may stand."""
    lay = model.lay
    if model.duel or rng.random() < 0.3:
        cx, cy = rng.randint(2, 8), rng.randint(2, 8)
    elif rng.random() < 0.5:  # a corner, where a few knights can shut the dragon in
        cx, cy = rng.choice((2, 8)), rng.choice((2, 8))
    else:
        (tx, ty), shift = model.coords[rng.choice(model.opening().towers).square], rng.randint(0, 2)
        cx, cy = tx + (shift if tx < 5 else -shift if tx > 5 else 0), ty + (shift if ty < 5 else -shift if ty > 5 else 0)
    cells = [c for c, (x, y) in model.coords.items() if abs(x - cx) <= 2 and abs(y - cy) <= 2]
    rng.shuffle(cells)
    rnd = rng.choice((1, 2)) if model.duel else 2
    if model.duel:
        n_t, n_b = rng.randint(0, 4), rng.randint(0, 1)
        towers = [Tower(s, None) for s in cells[:n_t]]
    else:  # 4, 5: the towers stand where the set-up put them
        towers, n_b = list(model.opening().towers), 0
        held = [t.square for t in towers]
        cells = [c for c in cells if c in held] + [c for c in cells if c not in held]
        n_t = sum(1 for c in cells if c in held)
    knights = []
    for n, s in enumerate(cells[rng.randint(0, n_t):n_t + n_b + rng.randint(4, 16)]):
        errand = rng.choice([(False, False), (False, False), (s not in cells[:n_t], False), (False, True)])
        faction = lay.factions[n % len(lay.factions)]  # as many of each, so that few go for want of room
        knights.append(Knight(s, rng.choice(STRAIGHT), faction, *(errand if rnd == 1 else ())))
    knights = [k for k in knights if k.square not in cells[n_t:n_t + n_b]]
    total = len(lay.camp) if model.duel else sum(len(lay.zones[lay.homes[f]].line) for f in lay.factions)
    knights = knights[:total]
    reserve = lay.towers - n_t - n_b - sum(k.carrying for k in knights) if rnd == 1 else 0
    devoured = rng.randint(0, min(lay.skewer - 1, total - len(knights)))
    solid = {k.square for k in knights} | set(cells[:n_t + n_b])
    dragon = max((c for c in cells if c not in solid), default=None,  # hemmed in, by the board's edge too
                 key=lambda c: sum(model.near(c, d) in solid | {None} for d in DIRS))
    return reachable(rules, model.state(rnd, knights, towers, cells[n_t:n_t + n_b], reserve, dragon=dragon,
                                        devoured=devoured, absent=total - len(knights) - devoured,
                                        seat=rng.randrange(len(lay.seats))), rng)


def positions(rules: PatrakillRules, model: Model, seeds: range, randoms: int) -> Iterator[tuple[str, State]]:
    for seed in seeds:
        for ply in random_game(rules, seed):
            yield f"self-play seed {seed}, ply {ply.number}", ply.state
    rng = random.Random(len(seeds))
    for number in range(randoms):
        state = random_position(rules, model, rng)
        if not rules.invariants(state):
            yield f"random position {number}", state


#: Options, self-play seeds and random positions of each engine compared (two factions shut the dragon in
#: less often: more positions, so that every case comes up ten times).
ENGINES = {"duel": ({}, range(16), 700),
           "multi-2": ({"players": 2, "factions": ["purple", "green"]}, range(8), 1200),
           "multi-3": ({"players": 3, "factions": ["blue", "yellow"]}, range(8), 2000), "multi-5": ({}, range(8), 700)}


@pytest.mark.parametrize("name", list(ENGINES))
def test_an_independent_model_of_the_rules_agrees_with_the_engine(name: str) -> None:
    options, seeds, randoms = ENGINES[name]
    rules = duel() if name == "duel" else variant("vatrakill", **options)
    model = Model(rules)
    assert model.opening() == rules.new_game()
    seen: Counter[str] = Counter()
    for where, state in positions(rules, model, seeds, randoms):
        seen["positions"] += 1
        legal = set(rules.legal_actions(state))
        expected = model.legal(state)
        board = f"{name}, {where}\n{rules.state_text(state)}"
        assert legal == expected, (f"{board}\nengine only: {sorted(map(rules.action_text, legal - expected))}"
                                   f"\nmodel only: {sorted(map(rules.action_text, expected - legal))}")
        for action in legal:
            after, mine = rules.apply(state, action).state, model.after(state, action)
            assert after == mine, (f"{board}\n{rules.action_text(action)}\nengine (ending {after.ending}):\n"
                                   f"{rules.state_text(after)}\nmodel (ending {mine.ending}):\n{rules.state_text(mine)}")
            result = rules.result(after)
            assert (result and (result.winners, result.reason)) == (mine.ending and mine.ending[:2])
            seen[action.kind] += 1
            k = next((q for q in state.knights if q.square == action.path[0]), None) if action.path else None
            if k is not None and state.round == 1:
                seen["carried"] += action.kind == "step" and k.carrying
                seen["set-down"] += action.kind == "exit" and k.carrying
                seen["home-exit"] += action.kind == "exit" and k.returning  # 17, 19: still facing the camp
                seen["camp-turn"] += k.returning and any(q.square == action.path[1] and not q.returning
                                                         for q in after.knights) and after.round == 1
            seen["earned"] += after.reserve < state.reserve and after.round == 1
            seen["chain"] += action.kind == "jump" and len(action.path) > 2
            seen["devoured"] += action.kind == "jump" and (after.devoured > state.devoured or after.round > state.round)
            seen["ejected"] += action.kind == "jump" and len(after.barred) > len(state.barred)
            seen["broke"] += len(after.broken) > len(state.broken)
            seen["round-2 by skewer" if action.kind == "jump" else "round-2 by towers"] += after.round > state.round
            seen[after.ending.reason if after.ending else "on"] += 1
    duel_only = ("earned", "carried", "set-down", "home-exit", "camp-turn", "broke", "round-2 by skewer",
                 "round-2 by towers")
    for case in ("chain", "devoured", "ejected", "passage", "capture", "immobilised", "skewer") + duel_only * model.duel:
        assert seen[case] >= 10, f"{name}: only {seen[case]} {case} in {dict(seen)}"
    assert seen["positions"] >= 1000 and seen["pass"] >= 1, dict(seen)
