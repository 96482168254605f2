"""Quicker ways for cairosvg to draw the plain elements the renderers write: the same ink, less Python.

cairosvg's ``Surface.draw`` walks every element through one long routine (masks, filters, clips, markers, dash
patterns, fonts, cursor bookkeeping...). Most of what the renderers write needs none of it:

* a **plain line of text** (one ``x`` and one ``y``, a solid fill, no stroke, no letter spacing, no children,
  shifts or effects): cairosvg draws it letter by letter, twice (once as outlines it then strokes with
  nothing, once as text), about a quarter of a millisecond per letter. cairo shows the whole line in one call,
  each glyph at the sum of the advances before it, which is where cairosvg puts each letter (to about a
  thousandth of a millimetre: the PDF keeps a glyph's advance rounded);
* a **plain group** (no clip, mask, filter or opacity): its transform, then its children;
* a **plain shape** (a circle, ellipse, line, polygon, polyline, rect or path with no children, clip, mask,
  filter, marker or group opacity): its outline is made by cairosvg's own shape drawer, then filled and
  stroked exactly as cairosvg's routine does, without the rest of it.

Every other element is left to cairosvg. :mod:`generator.output.pdf` imports this module when it draws a PDF
(it loads cairosvg).
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator

import cairocffi
from cairosvg.defs import gradient_or_pattern
from cairosvg.helpers import PointError, normalize, paint, size, transform
from cairosvg.surface import TAGS

#: Attributes (an element's own or inherited) that only cairosvg's full routine draws.
NOT_PLAIN = frozenset((
    "mask", "filter", "clip", "clip-path", "display", "visibility", "opacity", "font", "transform-origin",
    "shape-rendering", "marker", "marker-start", "marker-mid", "marker-end",
))
#: What else a line of text must not have: shifts, rotations, a path to follow, baseline alignments.
NOT_PLAIN_TEXT = NOT_PLAIN | frozenset((
    "dx", "dy", "rotate", "textLength", "lengthAdjust", "display-anchor", "dominant-baseline",
    "alignment-baseline", "text-rendering", "href", "{http://www.w3.org/1999/xlink}href",
))
#: The shapes drawn the quicker way.
SHAPES = frozenset(("circle", "ellipse", "line", "polygon", "polyline", "rect", "path"))


def draw(surface: Any, node: Any) -> bool:
    """Draw ``node`` (a cairosvg node) on cairosvg's ``surface`` the quicker way and return True, or return False
    (nothing drawn) when it is not a plain line of text, group or shape, or when cairosvg is outlining a clip path
    (it draws that without ink)."""
    if not surface.stroke_and_fill:
        return False
    if plain_text(node):
        _draw_text(surface, node)
        return True
    if node.tag == "g" and not any(name in node for name in NOT_PLAIN):
        _draw_group(surface, node)
        return True
    if plain_shape(node):
        if not (("width" in node and size(surface, node["width"]) == 0)
                or ("height" in node and size(surface, node["height"]) == 0)):
            _draw_shape(surface, node)  # as cairosvg, nothing drawn for a width or height of 0
        return True
    return False


def plain_shape(node: Any) -> bool:
    """True when ``node`` (a cairosvg node) is a plain shape (see the module's documentation)."""
    return node.tag in SHAPES and not node.children and not any(name in node for name in NOT_PLAIN)


def plain_text(node: Any) -> bool:
    """True when ``node`` (a cairosvg node) is a plain line of text (see the module's documentation)."""
    if node.tag != "text":
        return False
    text = node.text
    if node.children or not text or text.isspace() or any(name in node for name in NOT_PLAIN_TEXT):
        return False
    if node.get("stroke", "none") != "none" or size(None, node.get("letter-spacing")):
        return False
    fill = node.get("fill", "black")
    if "url(" in fill or fill == "none":
        return False
    return _number(node.get("x")) and _number(node.get("y"))


def _number(value: str | None) -> bool:
    """True for one plain number (no list of positions, no unit to resolve)."""
    if value is None:
        return False
    try:
        float(value)
    except ValueError:
        return False
    return True


@contextmanager
def _element(surface: Any, node: Any) -> Iterator[Any]:
    """What cairosvg's routine does around every element: the element's font size and parent in force, the context
    saved and the element's transform applied; all undone after. Yields the cairo context."""
    context = surface.context
    old_font_size, old_parent = surface.font_size, surface.parent_node
    surface.font_size = size(surface, node.get("font-size", "12pt"))
    surface.parent_node = node
    context.save()
    transform(surface, node.get("transform"))
    try:
        yield context
    finally:
        context.restore()
        surface.font_size, surface.parent_node = old_font_size, old_parent


def _draw_text(surface: Any, node: Any) -> None:
    """Show a plain line of text in one call, with its font, size, weight, slant, fill, transform and anchor."""
    with _element(surface, node) as context:
        family = (node.get("font-family") or "sans-serif").split(",")[0].strip("\"' ")
        slant = getattr(cairocffi, f'font_slant_{node.get("font-style")}'.upper(), cairocffi.FONT_SLANT_NORMAL)
        weight_name = node.get("font-weight")
        if weight_name and weight_name.isdigit() and int(weight_name) >= 550:
            weight_name = "bold"
        weight = getattr(cairocffi, f"font_weight_{weight_name}".upper(), cairocffi.FONT_WEIGHT_NORMAL)
        context.select_font_face(family, slant, weight)
        context.set_font_size(surface.font_size)
        text = node.text
        x_bearing, _, width, _, _, _ = context.text_extents(text)
        anchor = node.get("text-anchor")
        shift = -(width / 2 + x_bearing) if anchor == "middle" else -(width + x_bearing) if anchor == "end" else 0.0
        _, colour = paint(node.get("fill", "black"))
        context.set_source_rgba(*surface.map_color(colour, float(node.get("fill-opacity", 1))))
        context.move_to(float(node.get("x")) + shift, float(node.get("y")))
        context.show_text(text)
    surface.cursor_position, surface.cursor_d_position, surface.text_path_width = [0, 0], [0, 0], 0  # as cairosvg


def _draw_group(surface: Any, node: Any) -> None:
    """Draw a plain group's children (its transform applied) as cairosvg's routine does."""
    with _element(surface, node):
        for child in node.children:
            surface.draw(child)


def _draw_shape(surface: Any, node: Any) -> None:
    """Outline a plain shape with cairosvg's own drawer, then fill and stroke it as cairosvg's routine does."""
    with _element(surface, node) as context:
        _outline_and_paint(surface, node, context)


def _outline_and_paint(surface: Any, node: Any, context: Any) -> None:
    """The body of :func:`_draw_shape`: cairosvg's line settings, the shape's outline, its fill, its stroke."""
    context.move_to(size(surface, node.get("x"), "x"), size(surface, node.get("y"), "y"))
    cap = node.get("stroke-linecap")
    if cap == "square":
        context.set_line_cap(cairocffi.LINE_CAP_SQUARE)
    elif cap == "round":
        context.set_line_cap(cairocffi.LINE_CAP_ROUND)
    join = node.get("stroke-linejoin")
    if join == "round":
        context.set_line_join(cairocffi.LINE_JOIN_ROUND)
    elif join == "bevel":
        context.set_line_join(cairocffi.LINE_JOIN_BEVEL)
    dashes = [size(surface, dash) for dash in normalize(node.get("stroke-dasharray", "")).split()]
    if dashes and sum(dashes):
        context.set_dash(dashes, size(surface, node.get("stroke-dashoffset")))
    context.set_miter_limit(float(node.get("stroke-miterlimit", 4)))
    try:
        TAGS[node.tag](surface, node)
    except PointError:
        pass  # a shape cairosvg cannot read: it draws nothing either
    context.set_antialias(cairocffi.ANTIALIAS_DEFAULT)
    context.save()
    source, colour = paint(node.get("fill", "black"))
    if node.get("fill-rule") == "evenodd":
        context.set_fill_rule(cairocffi.FILL_RULE_EVEN_ODD)
    fill_opacity = float(node.get("fill-opacity", 1))
    if not gradient_or_pattern(surface, node, source, fill_opacity):
        context.set_source_rgba(*surface.map_color(colour, fill_opacity))
    context.fill_preserve()
    context.restore()
    context.save()
    context.set_line_width(size(surface, node.get("stroke-width", "1")))
    source, colour = paint(node.get("stroke"))
    stroke_opacity = float(node.get("stroke-opacity", 1))
    if not gradient_or_pattern(surface, node, source, stroke_opacity):
        context.set_source_rgba(*surface.map_color(colour, stroke_opacity))
    context.stroke()
    context.restore()
