"""An independent model of Drako's rules, held against the engine on seeded self-play.

The model is written from the source rulebook and the readings of
``specs/drako/rules-interpretations.md`` without the engine's modules: the
board comes from the drawn hex centres (a neighbour is one hex-width away, a
line keeps stepping the same way), positions are plain dictionaries, and every
rule (what may be played, what an action does, when the game ends) is
restated here. On every position of the games below it must offer exactly the
engine's legal actions, leave the same position after the action taken, and
end the game for the same reason.
"""
from __future__ import annotations

import math
import random
from typing import Any, Callable

from drako_support import rules

from generator.games.drako.actions import Action
from generator.games.drako.engine import DrakoRules
from generator.games.drako.state import DEAD, UNPLACED, State
from generator.play.contract import CHANCE

HAND_LIMIT, OPENING_HAND = 6, 4
#: Compass names of the six directions of a flat-topped board, by angle (degrees, counter-clockwise from east).
COMPASS = {90: "n", 30: "ne", 330: "se", 270: "s", 210: "sw", 150: "nw"}

Pos = dict[str, Any]


class Model:
    """The rules restated on hex names and plain dictionaries."""

    def __init__(self, engine: DrakoRules):
        spec = engine.spec
        self.spec = spec
        grid = spec.grid
        self.hexes = list(grid.cells())
        centre = {name: grid.centre(name) for name in self.hexes}
        self.step: dict[tuple[str, str], str] = {}  # (hex, compass direction) -> the next hex that way
        for a in self.hexes:
            for b in self.hexes:
                dx, dy = centre[b][0] - centre[a][0], centre[b][1] - centre[a][1]
                if a != b and abs(math.hypot(dx, dy) - 1) < 1e-6:
                    angle = round(math.degrees(math.atan2(-dy, dx))) % 360
                    self.step[(a, COMPASS[angle])] = b
        self.ids = [d.id for d in spec.dwarves]
        self.spaces = {d.id: d.spaces for d in spec.dwarves}
        self.holder = {d.ability: d.id for d in spec.dwarves}
        self.ability_spaces = dict(spec.abilities)
        self.armour = spec.armour

    # -- the board ---------------------------------------------------------------------------

    def neighbours(self, cell: str) -> list[str]:
        return [self.step[(cell, d)] for d in COMPASS.values() if (cell, d) in self.step]

    def line(self, cell: str, direction: str) -> list[str]:
        out = []
        while (cell, direction) in self.step:
            cell = self.step[(cell, direction)]
            out.append(cell)
        return out

    def reach(self, start: str, steps: int, blocked: set[str]) -> set[str]:
        seen, front = {start}, [start]
        for _ in range(steps):
            front = [n for c in front for n in self.neighbours(c) if n not in blocked and n not in seen]
            seen |= set(front)
        return seen

    # -- positions ---------------------------------------------------------------------------

    def plain(self, engine: DrakoRules, state: State) -> Pos:
        names = engine.core.tables.names
        where = {DEAD: "dead", UNPLACED: "unplaced"}
        return {
            "dragon": names[state.dragon],
            "dwarves": {d: where.get(c) or names[c] for d, c in zip(self.ids, state.dwarves)},
            "dwarf_wounds": dict(zip(self.ids, state.dwarf_wounds)),
            "armour": state.dragon_wounds[0],
            "mat": dict(zip(self.ability_spaces, state.dragon_wounds[1:])),
            "hands": list(state.hands), "decks": list(state.decks), "turn": state.turn,
            "left": state.actions_left, "net": state.netted, "fury": state.fury_used,
            "draws": list(state.draws), "to_place": state.to_place, "exchange": list(state.exchange),
            "hits": [(h.target, h.amount) for h in state.hits],  # target: -1 the dragon, else a dwarf number
        }

    def card(self, side: int, code: str) -> Any:
        return self.spec.cards["dragon" if side == 0 else "dwarves"][code]

    def standing(self, p: Pos) -> dict[str, str]:
        return {d: c for d, c in p["dwarves"].items() if c not in ("dead", "unplaced")}

    def lost(self, p: Pos, ability: str) -> bool:
        return p["mat"][ability] >= self.ability_spaces[ability]

    def dragon_dead(self, p: Pos) -> bool:
        return p["armour"] + sum(p["mat"].values()) >= self.armour + sum(self.ability_spaces.values())

    def phase(self, p: Pos) -> str:
        if p["draws"]:
            return "chance"
        if p["hits"]:
            return "reaction"
        if p["to_place"]:
            return "wounds"
        if any(len(h) > HAND_LIMIT for h in p["hands"]):
            return "discard"
        if p["exchange"]:
            return "exchange"
        return "placing" if "unplaced" in p["dwarves"].values() else "turn"

    # -- what may be done ----------------------------------------------------------------------

    def turn_actions(self, p: Pos) -> set[str]:
        side, out = p["turn"], set()
        if p["decks"][side]:
            out.add("draw")
        for code in set(p["hands"][side]):
            card = self.card(side, code)
            for option in card.options:
                head = f"play {code}" if len(card.options) == 1 else f"play {code}:{option.code}"
                out |= {f"{head}{tail}" for tail in self.option_targets(p, side, option.symbol, option.value)}
        if side == 1 and not p["fury"] and self.holder["fury"] in self.standing(p):
            out.add("fury")
        if side == 0 and p["net"] and p["left"] == 2:
            out.add("escape")
        return out

    def option_targets(self, p: Pos, side: int, symbol: str, value: int) -> set[str]:
        """The words after the card for each legal use of an option ('' for none)."""
        standing = self.standing(p)
        taken = set(standing.values()) | {p["dragon"]}
        dragon = p["dragon"]
        if side == 0:
            if symbol in ("move", "flight") and (p["net"] or self.lost(p, symbol)):
                return set()
            if symbol == "move":
                return {f" {c}" for c in self.reach(dragon, value, taken - {dragon})}
            if symbol == "flight":
                return {f" {c}" for c in self.hexes if c not in taken}
            if symbol == "attack":
                return {f" {d}" for d, c in standing.items() if c in self.neighbours(dragon)}
            if symbol == "fire" and not self.lost(p, "fire"):
                return {f" {d}" for d in COMPASS.values() if set(self.line(dragon, d)) & set(standing.values())}
            return set()
        order = [d for d in self.ids if d in standing]
        out: set[str] = set()
        if symbol in ("move", "move-two"):
            for d in order:
                out |= {f" {d} {c}" for c in self.reach(standing[d], value, taken - {standing[d]})}
            if symbol == "move-two":
                for i, a in enumerate(order):
                    for b in order[i + 1:]:
                        for first, second in ((a, b), (b, a)):
                            s1, s2 = standing[first], standing[second]
                            for c1 in self.reach(s1, value, taken - {s1}) - {s1}:
                                for c2 in self.reach(s2, value, (taken - {s1, s2}) | {c1}) - {s2}:
                                    ends = {first: c1, second: c2}
                                    out.add(f" {a} {ends[a]} {b} {ends[b]}")
        elif symbol in ("attack", "attack-two"):
            near = [d for d in order if standing[d] in self.neighbours(dragon)]
            out |= {f" {d}" for d in near}
            if symbol == "attack-two":
                out |= {f" {a} {b}" for i, a in enumerate(near) for b in near[i + 1:]}
        elif symbol == "crossbow" and self.holder["archery"] in standing:
            for d in COMPASS.values():
                ray = self.line(standing[self.holder["archery"]], d)
                if dragon in ray and not set(ray[:ray.index(dragon)]) & set(standing.values()):
                    out.add("")
        elif symbol == "net" and self.holder["net"] in standing and not p["net"]:
            out.add("")
        return out

    def ending(self, p: Pos) -> str | None:
        if self.dragon_dead(p):
            return "dragon-killed"
        if all(c == "dead" for c in p["dwarves"].values()):
            return "dwarves-killed"
        if p["draws"] or p["hits"] or p["to_place"] or p["exchange"]:
            return None
        if not p["decks"][1] and not p["hands"][1]:
            return "dwarf-cards-exhausted"
        if p["turn"] == 1 and self.phase(p) == "turn" and not self.turn_actions(p) - {"fury"}:
            return "dwarf-cards-exhausted"
        return None

    def legal(self, p: Pos) -> set[str]:
        phase = self.phase(p)
        if self.ending(p) or phase == "chance":
            return set()
        if phase == "reaction":
            side = 0 if p["hits"][0][0] == -1 else 1
            return {f"block {c}" for c in p["hands"][side] if self.card(side, c).defends} | {"take"}
        if phase == "wounds":
            return {f"wound {a}" for a in self.ability_spaces if not self.lost(p, a)}
        if phase == "discard":
            return {f"discard {c}" for h in p["hands"] if len(h) > HAND_LIMIT for c in h}
        if phase == "exchange":
            return {"keep", "exchange"}
        if phase == "placing":
            dwarf = next(d for d in self.ids if p["dwarves"][d] == "unplaced")
            taken = set(self.standing(p).values()) | {p["dragon"]}
            return {f"place {dwarf} {c}" for c in self.hexes
                    if c not in taken and c not in self.neighbours(p["dragon"])}
        found = self.turn_actions(p)
        return found or ({"pass"} if p["turn"] == 0 else set())

    # -- what an action does -------------------------------------------------------------------

    def after(self, p: Pos, text: str) -> Pos:
        """The position after an action (or chance's 'drawn CARD'), settled as the rules settle it."""
        p = {k: (dict(v) if isinstance(v, dict) else list(v) if isinstance(v, list) else v) for k, v in p.items()}
        verb, *args = text.split()
        side = p["turn"]
        if verb == "drawn":
            side = p["draws"].pop(0)
            p["decks"][side] = _less(p["decks"][side], args[0])
            p["hands"][side] = tuple(sorted(p["hands"][side] + (args[0],)))
        elif verb == "draw":
            p["draws"], p["left"] = [side] * min(2, len(p["decks"][side])), p["left"] - 1
        elif verb == "discard":
            side = next(s for s in (0, 1) if len(p["hands"][s]) > HAND_LIMIT)
            p["hands"][side] = _less(p["hands"][side], args[0])
        elif verb == "block":
            target, _ = p["hits"].pop(0)
            p["hands"][0 if target == -1 else 1] = _less(p["hands"][0 if target == -1 else 1], args[0])
        elif verb == "take":
            self.land(p, *p["hits"].pop(0))
        elif verb == "wound":
            p["mat"][args[0]] += 1
            p["to_place"] -= 1
        elif verb == "fury":
            p["fury"], p["left"] = True, p["left"] + 1
            self.land(p, self.ids.index(self.holder["fury"]), 1)
        elif verb in ("escape", "pass"):
            p["net"] = p["net"] and verb != "escape"
            p["left"] = 0
        elif verb in ("keep", "exchange"):
            side = p["exchange"].pop(0)
            if verb == "exchange":
                p["decks"][side] = tuple(sorted(p["decks"][side] + p["hands"][side]))
                p["hands"][side], p["draws"] = (), [side] * OPENING_HAND
        elif verb == "place":
            p["dwarves"][args[0]] = args[1]
        else:
            self.play(p, side, args)
        while not (self.dragon_dead(p) or all(c == "dead" for c in p["dwarves"].values()) or p["draws"]):
            if p["hits"]:
                if p["hands"][0 if p["hits"][0][0] == -1 else 1]:
                    break
                self.land(p, *p["hits"].pop(0))  # nobody to answer: it lands
                continue
            if not p["to_place"] and self.phase(p) == "turn" and p["left"] == 0:
                p["turn"], p["left"] = 1 - p["turn"], 2
            break
        return p

    def play(self, p: Pos, side: int, args: list[str]) -> None:
        code, _, chosen = args[0].partition(":")
        card = self.card(side, code)
        option = card.option(chosen) if chosen else card.options[0]
        p["hands"][side] = _less(p["hands"][side], code)
        p["left"] -= 1
        rest, symbol = args[1:], option.symbol
        if side == 0 and symbol in ("move", "flight"):
            p["dragon"] = rest[0]
        elif side == 0 and symbol == "attack":
            p["hits"] = [(self.ids.index(rest[0]), option.value)]
        elif side == 0:
            ray = self.line(p["dragon"], rest[0])
            struck = sorted((ray.index(c), d) for d, c in self.standing(p).items() if c in ray)
            p["hits"] = [(self.ids.index(d), option.value) for _, d in struck]
        elif symbol.startswith("move"):
            p["dwarves"].update(zip(rest[::2], rest[1::2]))
        elif symbol.startswith("attack"):
            p["hits"] = [(-1, option.value)] * len(rest)
        elif symbol == "crossbow":
            p["hits"] = [(-1, option.value)]
        else:
            p["net"] = True

    def land(self, p: Pos, target: int, amount: int) -> None:
        if target != -1:
            dwarf = self.ids[target]
            p["dwarf_wounds"][dwarf] = min(self.spaces[dwarf], p["dwarf_wounds"][dwarf] + amount)
            if p["dwarf_wounds"][dwarf] == self.spaces[dwarf]:
                p["dwarves"][dwarf] = "dead"
            return
        on_armour = min(amount, self.armour - p["armour"])
        p["armour"] += on_armour
        free = sum(self.ability_spaces.values()) - sum(p["mat"].values()) - p["to_place"]
        if amount - on_armour >= free:  # every space filled: the dragon is dead
            p["mat"], p["to_place"] = dict(self.ability_spaces), 0
        else:
            p["to_place"] += amount - on_armour


def _less(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    rest = list(cards)
    rest.remove(card)
    return tuple(rest)


Chooser = Callable[[DrakoRules, random.Random, State, list[Action]], Action]


def _policy(engine: DrakoRules, rng: random.Random, state: State, legal: list[Action]) -> Action:
    return engine.choose(rng, state, legal)


def _uniform(engine: DrakoRules, rng: random.Random, state: State, legal: list[Action]) -> Action:
    return rng.choice(legal)


def _compare_game(engine: DrakoRules, model: Model, seed: int, choose: Chooser) -> str:
    rng = random.Random(seed)
    state = engine.new_game(seed)
    while True:
        p = model.plain(engine, state)
        decider = engine.decision(state)
        where = f"seed {seed}\n{engine.state_text(state)}"
        if decider is None:
            result = engine.result(state)
            assert result is not None and model.ending(p) == result.reason, where
            return result.reason
        assert model.ending(p) is None, where
        if decider == CHANCE:
            action = engine.sample_chance(state, rng)
        else:
            legal = engine.legal_actions(state)
            assert {engine.action_text(a) for a in legal} == model.legal(p), where
            action = choose(engine, rng, state, legal)
        state = engine.apply(state, action).state
        assert model.plain(engine, state) == model.after(p, engine.action_text(action)), \
            f"{where}\n{engine.action_text(action)}"


def test_the_model_and_the_engine_agree_on_self_play() -> None:
    endings = set()
    for options in ({}, {"first_game": False, "exchange_opening_hand": True}):
        engine = rules(**options)
        model = Model(engine)
        for seed in range(12):
            for choose in (_policy, _uniform):
                endings.add(_compare_game(engine, model, seed, choose))
    assert endings == {"dragon-killed", "dwarves-killed", "dwarf-cards-exhausted"}


def test_the_model_reads_the_board_as_the_examples_do() -> None:
    model = Model(rules())
    assert model.line("d4", "n") == ["d5", "d6", "d7"]
    assert sorted(model.neighbours("d4")) == ["c3", "c4", "d3", "d5", "e3", "e4"]
    assert len(model.neighbours("a1")) == 3
