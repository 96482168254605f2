"""A quicker way for cairosvg to draw a plain line of SVG text: the whole line at once, as cairo shows it.

cairosvg draws a ``<text>`` element letter by letter, twice (once as outlines it then strokes with nothing, once
as text): about a quarter of a millimetre of Python per letter, half of what a rule diagram costs to convert.
A plain line (one ``x`` and one ``y``, a solid fill, no stroke, no letter spacing, no children, shifts or
effects) comes out the same when cairo shows it in one call: each glyph at the sum of the advances before it,
which is where cairosvg puts each letter. Every other text element is left to cairosvg.

This module is imported by :mod:`generator.output.pdf` when a PDF is drawn (it loads cairosvg).
"""
from __future__ import annotations

from typing import Any

import cairocffi
from cairosvg.helpers import paint, size, transform

#: Attributes of a text element (its own or inherited) that this quicker way does not draw: cairosvg draws such
#: elements itself.
NOT_PLAIN = frozenset((
    "dx", "dy", "rotate", "textLength", "lengthAdjust", "display-anchor", "dominant-baseline",
    "alignment-baseline", "mask", "filter", "clip", "clip-path", "display", "visibility", "font", "opacity",
    "text-rendering", "shape-rendering", "stroke-dasharray", "href", "{http://www.w3.org/1999/xlink}href",
    "transform-origin",
))


def is_plain(node: Any) -> bool:
    """True when ``node`` (a cairosvg node of a ``<text>`` element) is a plain line of text this module draws."""
    text = node.text
    if node.children or not text or text.isspace() or any(name in node for name in NOT_PLAIN):
        return False
    if node.get("stroke", "none") != "none" or size(None, node.get("letter-spacing")):
        return False
    fill = node.get("fill", "black")
    if "url(" in fill or fill == "none":
        return False
    return all(_single(node.get(axis)) for axis in ("x", "y"))


def _single(value: str | None) -> bool:
    """True for one plain number (no list of positions, no unit to resolve)."""
    if value is None:
        return False
    try:
        float(value)
    except ValueError:
        return False
    return True


def draw_plain(surface: Any, node: Any) -> None:
    """Draw the plain line ``node`` (see :func:`is_plain`) on cairosvg's ``surface`` as cairosvg would place it:
    its font, size, weight and slant, its fill, its transform and its anchor."""
    context = surface.context
    old_font_size = surface.font_size
    surface.font_size = size(surface, node.get("font-size", "12pt"))
    context.save()
    transform(surface, node.get("transform"))
    family = (node.get("font-family") or "sans-serif").split(",")[0].strip("\"' ")
    slant = getattr(cairocffi, f'font_slant_{node.get("font-style")}'.upper(), cairocffi.FONT_SLANT_NORMAL)
    weight_name = node.get("font-weight")
    if weight_name and weight_name.isdigit() and int(weight_name) >= 550:
        weight_name = "bold"
    weight = getattr(cairocffi, f"font_weight_{weight_name}".upper(), cairocffi.FONT_WEIGHT_NORMAL)
    context.select_font_face(family, slant, weight)
    context.set_font_size(surface.font_size)
    text = node.text
    x_bearing, _, width, _, advance, _ = context.text_extents(text)
    anchor = node.get("text-anchor")
    shift = -(width / 2 + x_bearing) if anchor == "middle" else -(width + x_bearing) if anchor == "end" else 0.0
    x, y = float(node.get("x")), float(node.get("y"))
    _, colour = paint(node.get("fill", "black"))
    context.set_source_rgba(*surface.map_color(colour, float(node.get("fill-opacity", 1))))
    context.move_to(x + shift, y)
    context.show_text(text)
    context.restore()
    surface.cursor_position = (x + advance, y)
    surface.font_size = old_font_size
