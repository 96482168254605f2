"""WCAG contrast, computed as coloraide computes it, step for step, so that every figure is the same float: a theme
chooses its inks with it, and the label check measures a printed page's pixels with it."""
from __future__ import annotations

#: The Y row of sRGB's matrix to CIE XYZ (D65), as coloraide holds it: a colour's relative luminance from its linear
#: channels.
_LUMINANCE_ROW = (0.21263900587151024, 0.715168678767756, 0.07219231536073371)


def linear_channel(channel: float) -> float:
    """An sRGB channel (0 to 1) made linear, as coloraide makes it."""
    return ((channel + 0.055) / 1.055) ** 2.4 if channel > 0.04045 else channel / 12.92


def relative_luminance(linear: tuple[float, float, float]) -> float:
    """The WCAG relative luminance of linear sRGB channels (see :func:`linear_channel`), as coloraide computes it."""
    return max(0, _LUMINANCE_ROW[0] * linear[0] + _LUMINANCE_ROW[1] * linear[1] + _LUMINANCE_ROW[2] * linear[2])


def luminance_ratio(a: float, b: float) -> float:
    """The WCAG contrast ratio of two relative luminances (1 to 21)."""
    dark, light = sorted((a, b))
    return (light + 0.05) / (dark + 0.05)
