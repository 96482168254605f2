"""A second, independent model of the Dravakron rules, compared with the engine on many positions.

The model below is written straight from the source rulebook and the ledger's readings
(specs/dravakron/rules-interpretations.md, cited by number), without the engine's rule code:
it uses none of check.py, conditions.py, generate.py or effects.py. From the engine it takes
only the board as ``Rules.for_game("dravakron").tables`` lays it out (square kinds, coordinates,
gates and their landing squares, starting points, flag rings, acquisition squares, item kinds
and origins) and the :class:`State` / :class:`Piece` types; lines and neighbours are walked here
on the coordinates. For every position of some seeded self-play games, and of some random
settled positions, it must offer exactly the engine's legal actions, and each action must leave
exactly the engine's next state (pieces, thrown flags, stored items, home counts, whose turn,
set-up, winner and how).
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Iterator, Mapping

from rules_helpers import ENGINE, RULES

from generator.games.dravakron.rules import Piece, State
from generator.games.dravakron.rules.tables import BoardTables
from generator.play.selfplay import random_game

RESTRICTED = {"home", "start", "flag", "storage"}  # ledger 4: never entered, crossed or fought on
ACQUIRE = {"flag-acquisition", "weapon-acquisition"}
KING = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
ROOK = [(1, 0), (-1, 0), (0, 1), (0, -1)]
BLOCKS = RESTRICTED | {"gate", "landing"}  # 9: no move stops there, no weapon or send crosses them
NO_MERGE = RESTRICTED | {"landing"}  # 5, 8, 28: a piece there cannot be joined or receive an item


class Model:
    """The rules on square names; a position is the engine's State, worked on as plain dicts."""

    def __init__(self, tables: BoardTables):
        self.tb = tables
        self.kind = tables.kind

    # -- the board ----------------------------------------------------------------------------

    def ray(self, s: str, d: tuple[int, int], n: int) -> list[str]:
        """Up to ``n`` squares from ``s`` (excluded) in direction ``d``, stopping at the edge."""
        x, y = self.tb.coords[s]
        out = []
        for k in range(1, n + 1):
            if (x + d[0] * k, y + d[1] * k) not in self.tb.at:
                break
            out.append(self.tb.at[(x + d[0] * k, y + d[1] * k)])
        return out

    def near(self, s: str) -> list[str]:
        return [r[0] for d in KING if (r := self.ray(s, d, 1))]

    def free(self, q: Piece | None) -> bool:
        """Single, unfrozen, empty-handed: able to take an item, or to be merged with (20, 28)."""
        return q is not None and not q.merged and not q.frozen and q.item is None

    def barred(self, st: State, q: str) -> bool:
        """A thrown flag of the actor's own lies there: its pieces never enter or cross it (24)."""
        return q in st.lying and self.tb.flag_owner[st.lying[q]] == st.actor

    def guarded(self, pieces: Mapping[str, Piece], s: str) -> bool:
        """An unfrozen piece of the same side on a neighbouring square (14, 17a)."""
        return any((q := pieces.get(n)) is not None and q.owner == pieces[s].owner and not q.frozen
                   for n in self.near(s))

    # -- what may be done ---------------------------------------------------------------------

    def ends(self, st: State, kind: str, s: str, t: str) -> set[str]:
        """A move from ``s`` to ``t``: onto an opponent or an empty square; a main gate is crossed
        onto a landing square of the mover's choice (3, 8, 11)."""
        def into(q: str) -> bool:
            return st.pieces[q].owner != st.actor if q in st.pieces else not self.barred(st, q)
        if self.kind[t] == "gate":
            return {f"{st.actor} {kind} {s} {t}>{q}" for q in self.tb.gate_landings[t] if into(q)}
        return {f"{st.actor} {kind} {s} {t}"} if self.kind[t] not in BLOCKS and into(t) else set()

    def hittable(self, st: State, t: str, freeze: bool) -> bool:
        """An opponent piece; for a freeze, neither frozen already nor guarded (14, 16)."""
        q = st.pieces.get(t)
        return q is not None and q.owner != st.actor and not (freeze and (q.frozen or self.guarded(st.pieces, t)))

    def legal(self, st: State) -> set[str]:
        pieces, p, start = st.pieces, st.actor, self.tb.start[st.actor]
        if st.setup:  # 6: the free drop, or not
            return {f"{p} drop {start}", f"{p} skip-free-drop"}
        out = {f"{p} drop {start}"} if st.home[p] and (start not in pieces or self.free(pieces[start])) else set()  # 5
        for s, piece in pieces.items():
            if piece.owner != p or piece.frozen:
                continue
            if piece.merged:  # 2, 29
                for d in ROOK:
                    r = self.ray(s, d, 2)
                    if len(r) == 2 and self.kind[r[0]] not in RESTRICTED and not self.barred(st, r[0]):
                        out |= self.ends(st, "merged-move", s, r[1])
                for n in self.near(s):
                    if n not in pieces and self.kind[n] not in BLOCKS and not self.barred(st, n):
                        out.add(f"{p} unmerge {s} {n}")
                    elif pieces.get(n, Piece("")).owner == p and self.free(pieces[n]) and self.kind[n] not in NO_MERGE:
                        out.add(f"{p} unmerge-merge {s} {n}")
                continue
            for n in self.near(s):  # 1, 28
                if pieces.get(n, Piece("")).owner != p:
                    out |= self.ends(st, "step", s, n)
                elif piece.item is None and self.free(pieces[n]) and self.kind[n] not in NO_MERGE:
                    out.add(f"{p} merge {s} {n}")
            if piece.item is not None:
                out |= self.item_actions(st, s, piece.item)
        return out

    def item_actions(self, st: State, s: str, item: str) -> set[str]:
        pieces, lying, p, tb = st.pieces, st.lying, st.actor, self.tb
        kind, here, out = tb.item_kind[item], self.kind[s], set()
        if here != "weapon-acquisition":  # 23, 25: throw or discard, never from a weapon acquisition square
            if kind != "flag":
                out.add(f"{p} discard-weapon {s}")
            for n in self.near(s) if kind == "flag" else ():
                if self.kind[n] == "gate":
                    out |= {f"{p} throw-flag {s} {n}>{q}" for q in tb.gate_landings[n] if q not in pieces and q not in lying}
                elif n not in pieces and n not in lying and self.kind[n] not in BLOCKS | ACQUIRE:
                    out.add(f"{p} throw-flag {s} {n}")
        if kind in ("bomb", "freeze"):  # 10, 12, 13: own pieces and blocking squares stop the line
            for d in KING:
                for t in self.ray(s, d, 3):
                    if self.kind[t] in BLOCKS or pieces.get(t, Piece("")).owner == p:
                        break
                    if self.hittable(st, t, kind == "freeze"):
                        out.add(f"{p} {kind} {s} {t}")
            out |= {f"{p} {kind} {s} {t}" for n in self.near(s) if self.kind[n] == "gate"
                    for t in tb.gate_landings[n] if self.hittable(st, t, kind == "freeze")}
        if kind == "rapid-transport":  # 11: one to five squares straight, crossing anything but restricted squares
            for d in ROOK:
                r = self.ray(s, d, 5)
                for i, t in enumerate(r):
                    if i and (self.kind[r[i - 1]] in RESTRICTED or self.barred(st, r[i - 1])):
                        break
                    out |= self.ends(st, "rapid-transport", s, t)
        if here in ACQUIRE:  # 25: no send or exchange from an acquisition square
            return out
        inside = here == "landing"
        for d in ROOK:  # 26, 27: along a line, one to three squares, nothing between
            for t in self.ray(s, d, 3):
                q = pieces.get(t)
                if q is not None and q.owner == p and not q.merged and not q.frozen and self.kind[t] not in NO_MERGE:
                    golden = item == tb.flag_item[tb.opponent[p]] and t in tb.flag_acquisition[tb.flag_item[p]]
                    if q.item is None and (self.kind[t] not in ACQUIRE or golden):
                        out.add(f"{p} send {s} {t}")
                    elif q.item is not None and not inside and self.kind[t] not in ACQUIRE:
                        out.add(f"{p} exchange {s} {t}")
                if q is not None or self.kind[t] in BLOCKS:
                    break
        if not inside:  # 26: a send through a neighbouring gate
            out |= {f"{p} send {s} {t}" for n in self.near(s) if self.kind[n] == "gate"
                    for t in tb.gate_landings[n] if self.free(pieces.get(t)) and pieces[t].owner == p}
        return out

    # -- what an action does ------------------------------------------------------------------

    def after(self, st: State, text: str) -> State:
        """The position after a legal action: its effect, then what happens by itself (thawing,
        items taken), then the wins, and the turn passes."""
        tb = self.tb
        pieces, lying, stored, home = dict(st.pieces), dict(st.lying), set(st.stored), dict(st.home)
        p, kind, *squares = text.split()
        frm = squares[0] if squares else ""
        to, _, land = (squares[1] if len(squares) > 1 else "").partition(">")
        struck = False  # 30: an opponent piece eliminated or frozen
        focus = frm

        def back(item: str | None) -> None:  # an item returns to its origin
            if item is not None:
                stored.add(item)

        def eliminate(s: str, capture: bool) -> str | None:  # 18: a stepping taker keeps the item, else it goes back
            nonlocal struck
            q = pieces.pop(s)
            home[q.owner] += q.count
            struck |= q.owner != p
            if q.frozen or not capture:
                back(q.item)
                return None
            return q.item

        def thaw(s: str) -> None:  # 17: the token goes back
            back(pieces[s].item)
            pieces[s] = pieces[s]._replace(frozen=False, item=None)

        if st.setup:  # 6
            if kind == "drop":
                pieces[tb.start[p]], home[p] = Piece(p), home[p] - 1
            return st._replace(pieces=pieces, home=home, setup=st.setup[1:], ply=st.ply + 1)
        if kind == "drop":  # 5: onto a lone own piece it merges
            focus = tb.start[p]
            pieces[focus], home[p] = Piece(p, merged=focus in pieces), home[p] - 1
        elif kind in ("step", "merged-move", "rapid-transport"):
            mover = pieces.pop(frm)
            if kind != "step":  # 17b: passing over frozen pieces frees them
                (fx, fy), (tx, ty) = tb.coords[frm], tb.coords[to]
                n = max(abs(tx - fx), abs(ty - fy))
                for x in self.ray(frm, ((tx - fx) // n, (ty - fy) // n), n)[:-1]:
                    if x in pieces and pieces[x].frozen:
                        thaw(x)
            focus = land or to
            item = mover.item
            if focus in pieces:
                taken = eliminate(focus, kind == "step" and item is None)
                item = taken or item
            flag = lying.pop(focus, None)
            if flag is not None:  # 23: taken if able, else home
                if mover.merged or item is not None:
                    back(flag)
                else:
                    item = flag
            if kind == "rapid-transport":  # 19: the Arxval returns after the move
                back(item)
                item = None
            pieces[focus] = Piece(p, mover.merged, False, item)
        elif kind == "merge":
            del pieces[frm]
            focus, pieces[to] = to, Piece(p, merged=True)
        elif kind in ("unmerge", "unmerge-merge"):  # 29
            pieces[frm] = Piece(p)
            focus, pieces[to] = to, Piece(p, merged=True) if kind == "unmerge-merge" else Piece(p, item=lying.pop(to, None))
        elif kind in ("throw-flag", "discard-weapon"):
            item = pieces[frm].item
            pieces[frm] = pieces[frm]._replace(item=None)
            if kind == "throw-flag":
                lying[land or to] = item or ""
            else:
                back(item)
        elif kind in ("bomb", "freeze"):  # 15, 16, 19
            item, target = pieces[frm].item, pieces[to]
            pieces[frm] = pieces[frm]._replace(item=None)
            if kind == "bomb" or target.merged:
                eliminate(to, False)
                back(item)
            else:
                back(target.item)
                pieces[to], struck = Piece(target.owner, False, True, item), True
        else:  # send, exchange
            a, b = pieces[frm], pieces[to]
            pieces[frm], pieces[to] = a._replace(item=b.item), b._replace(item=a.item)
        while thawing := [s for s, q in pieces.items() if q.frozen and self.guarded(pieces, s)]:  # 17a
            for s in thawing:
                thaw(s)
        squares_of = list(tb.acquisition_item)  # 20, 21: the actor first, then its side, then the other
        for s in [focus] + [s for s in squares_of if s in pieces and pieces[s].owner == p] + squares_of:
            item = tb.acquisition_item.get(s)
            if item in stored and self.free(pieces.get(s)):
                stored.discard(item)
                pieces[s] = pieces[s]._replace(item=item)
        winner, reason = None, None
        for side in (p, tb.opponent[p]):  # 31, 32, 30, in the order of 33
            theirs = tb.flag_item[tb.opponent[side]]
            ring = tb.flag_acquisition[theirs]
            if any(s in pieces and pieces[s].owner == side and pieces[s].item == theirs
                   for s in tb.flag_acquisition[tb.flag_item[side]]):
                winner, reason = side, "flag-home"
            elif all(s in pieces and pieces[s].owner == side for s in ring) and \
                    (theirs in stored or any(pieces[s].item == theirs for s in ring)):
                winner, reason = side, "siege"
            elif side == p and struck and all(q.frozen for q in pieces.values() if q.owner != p):
                winner, reason = side, "elimination"
            if winner:
                break
        return State(pieces, lying, frozenset(stored), home, tb.opponent[p], (), winner, reason, st.ply + 1)

    def settled(self, st: State) -> bool:
        """Nothing waits to happen by itself: no frozen piece guarded, no able piece before a stored item."""
        return not any(q.frozen and self.guarded(st.pieces, s) or
                       self.free(q) and self.tb.acquisition_item.get(s) in st.stored for s, q in st.pieces.items())


def random_position(rng: random.Random) -> State:
    """Up to ten pieces of either side (single, merged, frozen or carrying) on open squares, some thrown
    flags; one time in four, one side first crowds the other's flag ring (sieges)."""
    tb = RULES.tables
    squares = [s for s in tb.squares if tb.kind[s] in ("plain", "landing") or tb.kind[s] in ACQUIRE]
    items = sorted(tb.item_kind)
    rng.shuffle(items)
    pieces: dict[str, Piece] = {}
    count = Counter[str]()
    besieger = rng.choice(tb.players)
    ring = list(tb.flag_acquisition[tb.flag_item[tb.opponent[besieger]]]) if rng.random() < 0.25 else []
    for s in ring + rng.sample(squares, rng.randint(2, 10)):
        owner, shape = rng.choice(tb.players), rng.choice(["single", "merged", "frozen", "carrying", "carrying"])
        if s in ring:
            owner, shape = besieger, rng.choice(["merged", "carrying"])
        if s in pieces or count[owner] + (shape == "merged") >= tb.pieces_per_player:
            continue
        if shape == "frozen":
            tokens = [i for i in items if tb.item_kind[i] == "freeze"]
            if not tokens:
                continue
            items.remove(tokens[0])
            pieces[s] = Piece(owner, frozen=True, item=tokens[0])
        else:
            pieces[s] = Piece(owner, merged=shape == "merged", item=items.pop() if shape == "carrying" and items else None)
        count[owner] += pieces[s].count
    for owner in tb.players:
        if count[owner] < tb.pieces_per_player and rng.random() < 0.4:
            pieces[tb.start[owner]] = Piece(owner, merged=count[owner] < 4 and rng.random() < 0.3)
    flat = [s for s in tb.squares if tb.kind[s] in ("plain", "landing") and s not in pieces]
    lying = {s: f for f, s in zip([i for i in items if tb.item_kind[i] == "flag" and rng.random() < 0.6],
                                  rng.sample(flat, 2))}
    return RULES.position(pieces, lying=lying, to_move=rng.choice(tb.players))


def positions(model: Model) -> Iterator[tuple[str, State]]:
    """Every position of some seeded self-play games (set-up included), then random settled positions."""
    for seed in range(24):
        for ply in random_game(ENGINE, seed, 150):
            if not ply.state.over:
                yield f"self-play seed {seed}, ply {ply.number}", ply.state
    rng = random.Random(5)
    for number in range(1200):
        try:
            state = random_position(rng)
        except ValueError:  # a description no game can reach
            continue
        if model.settled(state):
            yield f"random position {number}", state


def test_an_independent_model_of_the_rules_agrees_with_the_engine() -> None:
    model = Model(RULES.tables)
    kinds: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    seen = 0
    for where, state in positions(model):
        seen += 1
        legal = {str(a): a for a in RULES.legal_actions(state)}
        expected = model.legal(state)
        board = f"{where}\n{ENGINE.state_text(state)}"
        assert set(legal) == expected, \
            f"{board}\nengine only: {sorted(set(legal) - expected)}\nmodel only: {sorted(expected - set(legal))}"
        for text, action in legal.items():
            after, mine = RULES.apply(state, action, checked=False).state, model.after(state, text)
            assert after == mine, (f"{board}\n{ENGINE.action_text(action)}\nengine ({after.winner}, {after.win_reason}):"
                                   f"\n{ENGINE.state_text(after)}\nmodel ({mine.winner}, {mine.win_reason}):"
                                   f"\n{ENGINE.state_text(mine)}")
            kinds[action.kind] += 1
            wins[after.win_reason or ""] += 1
    assert seen > 4000
    assert min(kinds[k] for k in ("bomb", "freeze", "rapid-transport", "send", "exchange", "throw-flag",
                                  "unmerge-merge", "skip-free-drop")) >= 30, kinds
    assert min(wins[w] for w in ("flag-home", "siege", "elimination")) >= 15, wins
