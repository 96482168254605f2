"""How a neutral rule diagram looks: one style per mark role, text sizes, and small SVG helpers.

Every role has its own colour *and* its own line pattern, so a diagram
printed in grey (or read by a colour-blind player) still tells a blocked
move from a legal one. Colours are the Okabe-Ito palette, chosen to stay
apart under every common colour-vision deficiency.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import svgwrite.shapes
import svgwrite.text

from ..output.fonts import SANS
from ..play.views import MARK_ROLES

#: Ink of lines and text that belong to no role.
INK = "#1b1b1b"
#: The colour of a refusal (an illegal action's verdict).
ALERT = "#b0001e"
#: The smallest text a reader must read, in mm (6.2 pt; the house floor is 6 pt = 2.117 mm).
MIN_TEXT_MM = 2.2
#: One point in millimetres.
PT_MM = 25.4 / 72


@dataclass(frozen=True)
class RoleStyle:
    """How the marks of one role are stroked: colour, dash pattern (in cell widths), weight, legend text."""

    colour: str
    dash: tuple[float, ...]
    weight: float
    label: str

    def dasharray(self, cell: float) -> str | None:
        """The SVG dash array for a cell ``cell`` mm wide, or None for a solid line."""
        return ",".join(f"{d * cell:.2f}" for d in self.dash) if self.dash else None


#: The look of every role in :data:`~generator.play.views.MARK_ROLES` (colour never the only cue).
ROLE_STYLES: dict[str, RoleStyle] = {
    "move": RoleStyle(INK, (), 1.0, "move"),
    "capture": RoleStyle("#d55e00", (), 1.6, "capture"),
    "push": RoleStyle("#0072b2", (0.22, 0.07), 1.3, "push"),
    "reach": RoleStyle("#e69f00", (0.03, 0.07), 1.2, "reaches"),
    "blocked": RoleStyle(ALERT, (0.1, 0.08), 1.0, "blocked, not allowed"),
    "result": RoleStyle("#009e73", (0.3, 0.06, 0.04, 0.06), 1.3, "result"),
    "choice": RoleStyle("#cc79a7", (0.14, 0.06, 0.03, 0.06), 1.0, "a choice"),
    "info": RoleStyle("#56595e", (0.04, 0.04), 0.7, "note"),
}
assert tuple(ROLE_STYLES) == MARK_ROLES, "one style per mark role, in the same order"


def role_style(role: str) -> RoleStyle:
    """The style of a role; an unknown role is drawn as a note."""
    return ROLE_STYLES.get(role, ROLE_STYLES["info"])


def r3(value: float) -> float:
    """A coordinate rounded to a thousandth of a millimetre (stable, short SVG)."""
    return round(value, 3)


def label(content: str, x: float, y: float, size: float, fill: str = INK, weight: str = "normal",
          anchor: str = "middle", **extra: object) -> svgwrite.text.Text:
    """A line of text placed by its baseline, never smaller than :data:`MIN_TEXT_MM`."""
    return svgwrite.text.Text(content, insert=(r3(x), r3(y)), font_family=SANS,
                              font_size=r3(max(MIN_TEXT_MM, size)), font_weight=weight, fill=fill,
                              text_anchor=anchor, **extra)


def text_width(content: str, size: float) -> float:
    """Roughly how wide a line of the sans font is, in mm (for layout; half an em per glyph)."""
    return len(content) * max(MIN_TEXT_MM, size) * 0.52


def arrowhead(tail: tuple[float, float], tip: tuple[float, float], size: float, colour: str,
              **extra: object) -> svgwrite.shapes.Polygon:
    """A filled arrowhead ``size`` mm long at ``tip``, pointing away from ``tail``."""
    angle = math.atan2(tip[1] - tail[1], tip[0] - tail[0])
    points = [tip] + [(tip[0] - size * math.cos(angle + s), tip[1] - size * math.sin(angle + s)) for s in (-0.42, 0.42)]
    return svgwrite.shapes.Polygon([(r3(x), r3(y)) for x, y in points], fill=colour, **extra)
