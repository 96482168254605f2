"""Mat sheets: one page per mat with its title, its spaces (boxes, circles, hexes) and numbered tracks.

Spaces are drawn exactly where the spec puts them, in millimetres from the
page's top-left corner; a space the printer cannot reach is a located error.
Each space is an SVG group with the id ``space-<id>`` (track spaces
``space-<track>-<number>``), so tests and tools can find it.
"""
from __future__ import annotations


from svgwrite.container import Group

from ..errors import SpecError
from ..model.mats import Mat, Space
from ..model.pieces import Components
from ..model.printers import PaperSetup, PrinterProfile
from ..render.pieces import outline
from ..model.theme import Theme
from .marks import scale_bar
from ..render.text import fit_size, text
from .punch import drawing

#: The outline each space shape is drawn with (see :func:`generator.render.pieces.outline`).
OUTLINES = {"box": "square", "circle": "disc", "hex": "hex"}
#: Width of a space's outline, and the height of a title, in mm.
SPACE_LINE_MM, TITLE_MM = 0.5, 7.0
#: Room at the foot of a mat for its scale bar and the line under it, in mm.
SCALE_BAND_MM = 9.0


def mat_setup(mat: Mat, profile: PrinterProfile) -> PaperSetup:
    """The printer's settings for ``mat``'s paper, turned a quarter for a landscape mat (the margins turn too)."""
    return profile.setup(mat.paper).turned_to(mat.page)


def check_mat_fits(mat: Mat, setup: PaperSetup) -> None:
    """Raise a located error when a space of ``mat`` reaches into the margins ``setup``'s printer cannot print."""
    x0, y0, x1, y1 = mat_area(setup)
    off = [s for s, _ in mat.all_spaces() if s.box[0] < x0 or s.box[1] < y0 or s.box[2] > x1 or s.box[3] > y1]
    if off:
        raise SpecError([setup.problem(
            f"mat '{mat.id}': space '{off[0].id}' reaches outside the area spaces may use with printer profile "
            f"'{setup.profile}': {x0:g} to {x1:g} mm across, {y0:g} to {y1:g} mm down (under the title, above "
            "the scale bar, inside the margins)",
            "move the space in the components spec, or use a printer profile with smaller margins")])


def mat_area(setup: PaperSetup) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of the part of a mat page spaces may use: the printable area less the title and scale bar."""
    x0, y0, x1, y1 = setup.printable
    return (x0, y0 + TITLE_MM + 3.0, x1, y1 - SCALE_BAND_MM)


def _space(space: Space, ink: str, fill: str) -> Group:
    """One space: its ground exactly its size, its outline just inside, and its label (a track's number) in it."""
    g = Group(id=f"space-{space.id}", class_=f"space shape-{space.shape}")
    (x, y), (w, h) = space.centre, space.size
    g.add(outline(OUTLINES[space.shape], x, y, w, h, fill=fill, class_="space-fill"))
    g.add(outline(OUTLINES[space.shape], x, y, w, h, -SPACE_LINE_MM / 2, fill="none", stroke=ink,
                  stroke_width=SPACE_LINE_MM))  # the line's outer edge is the space's edge
    if space.label:
        size = fit_size(space.label, 0.8 * w, min(0.3 * h, 6.0) if not space.track else 0.45 * h, 0.55)
        g.add(text(space.label, x, y + size * 0.35, size, ink, "600", "middle"))
    return g


def mat_pages(components: Components, theme: Theme, mat: Mat, setup: PaperSetup) -> list[str]:
    """The SVG page of ``mat``: ground, title, loose spaces, tracks with their names, and a scale bar.

    Check first with :func:`check_mat_fits` that the printer reaches every space.
    """
    palette = components.palette(theme)
    ink, ground = palette[mat.ink], palette[mat.ground]
    page = drawing(mat.page)
    x0, y0, x1, y1 = setup.printable
    page.add(outline("square", (x0 + x1) / 2, (y0 + y1) / 2, x1 - x0, y1 - y0, fill=ground, class_="mat-ground"))
    page.add(text(mat.title, (x0 + x1) / 2, y0 + TITLE_MM + 1, fit_size(mat.title, x1 - x0 - 20, TITLE_MM),
                  ink, "bold", "middle"))
    fill = palette["paper"] if "paper" in palette else "#ffffff"
    for space in mat.spaces:
        page.add(_space(space, ink, fill))
    for track in mat.tracks:
        g = Group(id=f"track-{track.id}", class_="track")
        for space in track.spaces:
            g.add(_space(space, ink, fill))
        first = track.spaces[0]
        if track.label:
            g.add(text(track.label, first.box[0], first.box[1] - 1.5, 4.0, ink, "bold"))
        page.add(g)
    page.add(scale_bar((x0 + x1) / 2 - 50, y1 - SCALE_BAND_MM + 1, 100.0, ink=ink))
    return [page.tostring()]
