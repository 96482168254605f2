"""The two cutting machines: where each reads a printed sheet, and the marks it reads, in millimetres.

**Silhouette** (Cameo, Portrait, Curio) finds a printed sheet by three marks
that Silhouette Studio draws ("Type 1"): a filled square in the top-left
corner and two corner brackets, top right and bottom left, each at the same
inset from the page's edges. Studio hatches the band outside the marks and a
square round each mark: nothing may be printed there, or the machine's
optical eye may take it for a mark. The sizes below are the ones Studio
draws, so that a sheet printed from our PDF is read as if Studio had printed
it (the user switches Studio's marks on with the same settings, which the
print guide gives):

- the square is 5 mm a side and each bracket's arm 20 mm long, 0.3 mm thick
  (the Silhouette regmark renderer of the inkscape-silhouette project,
  ``render_silhouette_regmarks.py``, draws these sizes to match Studio's, and
  notes from users' tests that 0.3 mm marks register best);
- the marks sit 10 mm in from the top and side edges, the least inset Studio
  offers (the same project's ``render_silhouette_regmarks.inx`` and its user
  guide's A4 example: marks 10 mm from the left and top, 190 x 277 mm apart);
- each mark keeps a square as wide as its arm clear round it (the keep-out
  corners the same renderer draws 20 mm from each mark's corner), and we keep
  :data:`CLEAR_MM` more.

**Cricut** (Explore, Maker, Joy Xtra) prints a Print Then Cut image itself,
from Design Space, with its own frame round it: an image may be at most
6.75 x 9.25 in (Cricut's published Print Then Cut size on A4 and Letter), and
the cut paths are uploaded beside it at the same size.
"""
from __future__ import annotations

from dataclasses import replace

from ..errors import UserError
from ..model.printers import PaperSetup
from ..model.validate import did_you_mean

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 on the page, y down

#: The machines the kit makes cut files for.
MACHINES = ("silhouette", "cricut")

#: Silhouette Studio's "Type 1" registration marks: the square's side, an arm's length and thickness, and how far
#: the marks sit in from the page's edges (see the module's notes for the sources).
REG_SQUARE_MM, REG_LENGTH_MM, REG_THICKNESS_MM, REG_INSET_MM = 5.0, 20.0, 0.3, 10.0
#: Clear paper kept round each mark's square beyond the one Studio hatches.
CLEAR_MM = 2.0

#: Cricut's largest Print Then Cut image, in inches and millimetres, and the resolution its images are made at.
CRICUT_AREA_IN = (6.75, 9.25)
CRICUT_AREA_MM = (round(CRICUT_AREA_IN[0] * 25.4, 2), round(CRICUT_AREA_IN[1] * 25.4, 2))
CRICUT_DPI = 300
#: Paper left round the pieces at the image's edge (Design Space's frame lies outside the image).
CRICUT_EDGE_MM = 2.0
#: What each machine reads of a sheet, in words (for a sheet that does not fit).
AREA_WORDS = {
    "silhouette": f"inside its registration marks, {REG_INSET_MM:g} mm in from the edges, clear of the "
                  f"{REG_LENGTH_MM + CLEAR_MM:g} mm squares round them",
    "cricut": f"Print Then Cut images of at most {CRICUT_AREA_IN[0]:g} x {CRICUT_AREA_IN[1]:g} in "
              f"({CRICUT_AREA_MM[0]:g} x {CRICUT_AREA_MM[1]:g} mm)",
}


def check_machines(names: tuple[str, ...]) -> tuple[str, ...]:
    """``names`` as given to ``--cut``, each once; :class:`UserError` naming one that is no machine of ours."""
    for name in names:
        if name not in MACHINES:
            hint = did_you_mean(name, list(MACHINES))
            raise UserError(f"--cut: no cutting machine named '{name}'; "
                            + (hint if hint else f"the machines are {' and '.join(MACHINES)}"))
    return tuple(dict.fromkeys(names))


def mark_rects(page: tuple[float, float]) -> list[Rect]:
    """The ink of Silhouette's three marks on a portrait page: the square, then each bracket's two arms."""
    w, h = page
    i, arm, half = REG_INSET_MM, REG_LENGTH_MM, REG_THICKNESS_MM / 2
    right, bottom = w - i, h - i
    return [(i, i, i + REG_SQUARE_MM, i + REG_SQUARE_MM),
            (right - arm, i - half, right + half, i + half), (right - half, i - half, right + half, i + arm),
            (i - half, bottom - half, i + arm, bottom + half), (i - half, bottom - arm, i + half, bottom + half)]


def mark_zones(page: tuple[float, float]) -> list[Rect]:
    """The squares round the three marks where nothing but the mark may print (the clear band included)."""
    w, h = page
    i, arm, c = REG_INSET_MM, REG_LENGTH_MM, CLEAR_MM
    return [(i - c, i - c, i + arm + c, i + arm + c),
            (w - i - arm - c, i - c, w - i + c, i + arm + c),
            (i - c, h - i - arm - c, i + arm + c, h - i + c)]


def reading_area(page: tuple[float, float]) -> Rect:
    """The rectangle the marks frame, inside which Silhouette cuts (less the zones round the marks)."""
    w, h = page
    return (REG_INSET_MM, REG_INSET_MM, w - REG_INSET_MM, h - REG_INSET_MM)


def silhouette_setup(setup: PaperSetup) -> PaperSetup:
    """``setup`` with margins that keep the sheet's art inside the marks and below and above their zones.

    The sheet's heading, pieces, targets and scale bar then lie between the
    top marks' zones and the bottom mark's zone; the printer's own margins
    still hold where they are wider.
    """
    side = REG_INSET_MM + CLEAR_MM
    ends = REG_INSET_MM + REG_LENGTH_MM + CLEAR_MM
    top, right, bottom, left = setup.margins
    return replace(setup, margins=(max(top, ends), max(right, side), max(bottom, ends), max(left, side)))


def cricut_setup(setup: PaperSetup) -> PaperSetup:
    """A 'page' the size of Cricut's Print Then Cut image, for the printer profile's duplex and offset."""
    e = CRICUT_EDGE_MM
    return replace(setup, page=CRICUT_AREA_MM, margins=(e, e, e, e))


def machine_setup(machine: str, setup: PaperSetup) -> PaperSetup:
    """The paper setup the sheets are laid out on again for ``machine`` (see :data:`MACHINES`)."""
    return silhouette_setup(setup) if machine == "silhouette" else cricut_setup(setup)
