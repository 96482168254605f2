"""A reportlab paragraph that breaks its lines once per width.

A book is laid out several times over (until its contents and index settle),
and within one pass a frame, a table or a keep-together group asks the same
paragraph its height more than once: reportlab breaks the lines anew each
time. The lines depend only on the paragraph's text, its style and the width
it is given, so :class:`Paragraph` keeps the lines of the last width asked
for and hands them back when the same width comes again (about two thirds of
the asks in a rules reference).
"""
from __future__ import annotations

from typing import Any

from reportlab.platypus import paragraph


class Paragraph(paragraph.Paragraph):  # type: ignore[misc]
    """reportlab's Paragraph, remembering its lines for the last width it was wrapped to."""

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803 (reportlab's names)
        """reportlab's wrap; the lines of the last call are reused when the width is the same."""
        kept: tuple[float, Any, list[float], float] | None = getattr(self, "_kept", None)
        if kept is not None and kept[0] == availWidth:
            _, self.blPara, self._wrapWidths, self.height = kept
            self.width = availWidth
            return self.width, self.height
        width, height = super().wrap(availWidth, availHeight)
        if hasattr(self, "blPara"):
            self._kept = (availWidth, self.blPara, self._wrapWidths, height)
        return width, height
