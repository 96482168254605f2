"""Immutable positions and actions of Patrakill and Vatrakill."""
from __future__ import annotations

from typing import NamedTuple


class Knight(NamedTuple):
    """A knight token: where it stands, the way it faces, its faction and its round-1 errand.

    ``carrying``: it holds a tower earned on an X square (round 1 of the duel);
    ``returning``: it has set a tower down and must reach its camp before it earns another.
    """

    square: str
    facing: str
    faction: str
    carrying: bool = False
    returning: bool = False


class Tower(NamedTuple):
    """A tower standing on the board; ``faction`` is None for a neutral tower or a duel tower."""

    square: str
    faction: str | None = None


class Ending(NamedTuple):
    """How the game ended: the winning seats, a reason code and the winning faction (if a faction won)."""

    winners: tuple[str, ...]
    reason: str
    faction: str | None = None


class Barred(NamedTuple):
    """A knight thrown out of a tower may not step back into it on its side's next turn."""

    knight: str
    tower: str
    seat: str


class State(NamedTuple):
    """A whole position.

    ``round`` is 1 or 2 in the duel; Vatrakill is played under the second round's rules (round 2).
    ``dragon`` is None while the dragon waits to be placed. ``seat`` indexes the engine's seat order.
    ``reserve`` counts duel towers not yet earned; ``devoured`` the knights eaten this round;
    ``absent`` the knights out of play for another reason (lost to a broken camp square).
    """

    round: int
    dragon: str | None
    knights: tuple[Knight, ...]
    towers: tuple[Tower, ...]
    broken: tuple[str, ...]
    reserve: int
    devoured: int
    absent: int
    seat: int
    barred: tuple[Barred, ...] = ()
    ending: Ending | None = None


#: Kinds of action, as :meth:`PatrakillRules.action_kind` names them.
ACTION_KINDS = ("place", "step", "exit", "passage", "dragon-step", "jump", "pass")


class Action(NamedTuple):
    """One action: ``kind`` from :data:`ACTION_KINDS` and the squares it runs through.

    ``place``: (square,); ``step``, ``exit``, ``passage``, ``dragon-step``: (from, to);
    ``jump``: the dragon's start and every landing square; ``pass``: ().
    """

    kind: str
    path: tuple[str, ...] = ()
