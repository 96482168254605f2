"""What must hold in every reachable position: nothing lost, nothing doubled, nothing out of place."""
from __future__ import annotations

from collections import Counter

from ....wording import counted
from .state import State
from .tables import BoardTables, RESTRICTED


def state_problems(tb: BoardTables, state: State) -> list[str]:
    """Every way ``state`` breaks the bookkeeping of pieces and items (empty when sound).

    Each player's pieces on the board plus those at home make exactly the
    pieces a player owns; every item is in exactly one place (at its origin,
    carried, lying thrown, or as the token of a frozen piece); merged pairs
    carry nothing; frozen pieces carry the freeze token that froze them;
    pieces and thrown flags stand only where the rules let them; nothing
    waits to happen by itself (a piece with free hands beside its item at
    home takes it, an unfrozen teammate beside a frozen piece thaws it).
    """
    found: list[str] = []
    for player in tb.players:
        out = sum(p.count for p in state.pieces.values() if p.owner == player)
        home = state.home.get(player, -1)
        if home < 0 or out + home != tb.pieces_per_player:
            found.append(f"{player}: {counted(out, 'piece')} on the board and {home} at home, "
                         f"expected {tb.pieces_per_player} in all")
    places: Counter[str] = Counter(state.stored)
    for square, piece in state.pieces.items():
        kind = tb.kind.get(square)
        if kind is None or kind == "gate" or (kind in RESTRICTED and square != tb.start[piece.owner]):
            found.append(f"{square}: a piece of {piece.owner} stands where no piece may stay")
        if piece.merged and (piece.item is not None or piece.frozen):
            found.append(f"{square}: a merged pair carries {piece.item} or is frozen")
        if piece.frozen and (piece.item is None or tb.item_kind[piece.item] != "freeze"):
            found.append(f"{square}: a frozen piece without its freeze token")
        if kind == "start" and (piece.item is not None or piece.frozen):
            found.append(f"{square}: a piece on the starting point carries an item or is frozen")
        if piece.item is not None:
            places[piece.item] += 1
        offered = tb.acquisition_item.get(square)
        if piece.free_hands and offered in state.stored:
            found.append(f"{square}: a piece with free hands stands beside {offered} at its origin and would "
                         "already hold it")
        if piece.frozen and any((other := state.pieces.get(n)) is not None and other.owner == piece.owner
                                and not other.frozen for n in tb.neighbours[square]):
            found.append(f"{square}: a frozen piece beside an unfrozen teammate would already be thawed")
    for square, flag in state.lying.items():
        places[flag] += 1
        if tb.item_kind.get(flag) != "flag":
            found.append(f"{square}: '{flag}' lies on the board but only flags are thrown")
        if square in state.pieces:
            found.append(f"{square}: a thrown flag lies under a piece")
        if tb.kind.get(square) not in ("plain", "landing"):
            found.append(f"{square}: a thrown flag lies on a {tb.kind.get(square)} square")
    for item in tb.item_kind:
        if places[item] != 1:
            found.append(f"{item} is in {places[item]} places, expected exactly one")
    for item in places:
        if item not in tb.item_kind:
            found.append(f"unknown item '{item}'")
    if state.winner is None and state.to_move not in tb.players:
        found.append(f"unknown player to move: {state.to_move}")
    return found
