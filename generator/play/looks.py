"""How the kit's pieces look in print, for the pictures that show them: board legends and rule diagrams.

One fact in one place: a piece's shape and colour are those its components spec prints (``components.yaml``,
or the pieces a game's kit makes from it, :func:`generator.play.registry.pieces_for`); a legend's swatch and a
piece on a diagram take them from here, never from a table of their own.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..model.game import Game
from ..model.pieces import Component, Components
from ..model.theme import Theme
from .registry import pieces_for

#: The shape a diagram draws for each shape of printed piece (a standee stands as a figure).
DRAWN_SHAPES = {"disc": "disc", "square": "square", "hex": "hex", "standee": "figure"}


@dataclass(frozen=True)
class Look:
    """A kind of printed piece as a picture shows it: its shape (``disc``, ``square``, ``hex``, ``figure``) and the
    colour key that tells it from the others: its ground, or the ink of its face where the players' pieces share
    one neutral ground (Dragon Eyes' pieces, told apart by the disc printed on them)."""

    shape: str
    colour: str


def _look(component: Component, neutral: set[str]) -> Look:
    colour = component.front.ink if component.front.ground in neutral else component.front.ground
    return Look(DRAWN_SHAPES.get(component.shape, "disc"), colour)


def _neutral_grounds(components: Components) -> set[str]:
    """Grounds that tell no player's pieces apart: the one ground of every piece of two players or more (a player
    whose pieces come in several colours, as Ejderhalar's dragons do, is told apart by its pieces' shape)."""
    grounds: dict[str, set[str]] = {}
    for c in components.components:
        if c.owner:
            grounds.setdefault(c.owner, set()).add(c.front.ground)
    alone = [next(iter(g)) for g in grounds.values() if len(g) == 1]
    return {ground for ground in alone if alone.count(ground) > 1}


def piece_looks(game: Game) -> dict[str, Look]:
    """The look of every kind of piece the kit prints, by component id (a player's own pieces also by the player's
    id, as their first kind)."""
    components = pieces_for(game)
    if components is None:
        return {}
    neutral = _neutral_grounds(components)
    found: dict[str, Look] = {}
    for c in components.components:
        found[c.id] = _look(c, neutral)
        if c.owner:
            found.setdefault(c.owner, found[c.id])
    return found


def player_looks(game: Game) -> dict[str, list[Look]]:
    """For each player, the looks of every kind of piece the kit prints for that player (one per colour: a
    player whose pieces differ in colour, as Ejderhalar's dragons do, has several)."""
    components = pieces_for(game)
    if components is None:
        return {}
    neutral = _neutral_grounds(components)
    found: dict[str, list[Look]] = {}
    for c in components.components:
        if c.owner:
            looks = found.setdefault(c.owner, [])
            look = _look(c, neutral)
            if look not in looks:
                looks.append(look)
    return found


def look_palette(game: Game, theme: Theme) -> dict[str, str]:
    """The colours a look's keys name: the components spec's own and the theme's (the theme's win)."""
    components = pieces_for(game)
    return components.palette(theme) if components is not None else dict(theme.colours)
