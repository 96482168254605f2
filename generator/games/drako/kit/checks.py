"""What Drako's kit checks in its own spec files before it prints: its mats laid out like boards (every space on
the page, none over another), and no deck or mat written where the kit would not read it.

Drako's mats are laid out from ``mats.yaml``'s numbers (:func:`.parts.make_mats`), so a space that leaves
the page or covers another is reported at the line of ``mats.yaml`` whose number put it there, with the
largest number that fits; the shared layout check (:func:`generator.compose.mats.check_mat_fits`) then only
ever blames a printer profile's margins.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ....compose.mats import mat_area, mat_setup
from ....errors import SpecError
from ....model.game import Game
from ....model.mats import Mat, Space
from ....model.printers import load_printer
from ....model.yamlsource import load_document
from ..spec import DrakoSpec, load_spec
from .parts import make_mats

#: The tallest number of spaces the search for one that fits tries.
_MOST = 40


def check_components(game: Game) -> None:
    """Refuse ``decks:`` and ``mats:`` in Drako's components.yaml, at their line: the kit prints its decks from
    decks.yaml and its mats from mats.yaml (the files the rules engine reads), never from there."""
    path = game.path("components")
    if path is None or not path.is_file():
        return
    doc = load_document(path)
    if not isinstance(doc.data, dict):
        return
    problems = []
    for key, what in (("decks", "cards"), ("mats", "wound spaces")):
        if key in doc.data:
            source = game.options.get(key, f"{key}.yaml")
            problems.append(doc.problem((key,), f"Drako prints its {key} from {source} (the file its rules engine "
                                        f"reads): {key} listed in components.yaml would not be printed",
                                        f"remove '{key}:' here, and change the {what} in {source}", of_key=True))
    if problems:
        raise SpecError(problems)


def check_mats(game: Game) -> None:
    """Lay out both mats on every paper of the game's formats and refuse, at the line of ``mats.yaml`` that
    placed it, a space off the page, in the printer's margins, or over another space (the first of each)."""
    # Imported here: the kit's code loads only when it is needed (loading the game checks the mats too).
    from ....kit.piece_kit import papers_for

    spec = load_spec(game)
    doc = load_document(game.folder / str(game.options["mats"]))
    found: dict[tuple[Any, ...], str] = {}
    papers = papers_for(game, tuple(game.formats))
    for paper in papers:
        for key, message in _faults(spec, paper):
            found.setdefault(key, message)
    if found:
        raise SpecError([doc.problem(key, message, _fix(spec, key, papers)) for key, message in found.items()])


def _faults(spec: DrakoSpec, paper: str) -> list[tuple[tuple[Any, ...], str]]:
    """(mats.yaml key, what is wrong) for every space of the mats on ``paper`` that leaves its page or the
    printable area of the default printer profile, or covers another space."""
    faults = []
    profile = load_printer(None)
    for mat in make_mats(spec, paper):
        x0, y0, x1, y1 = mat_area(mat_setup(mat, profile))
        w, h = mat.page
        spaces = sorted((s for s, _ in mat.all_spaces()), key=lambda s: not s.track)  # a row's own fault first
        for space in spaces:
            key = _origin(spec, space)
            if key is None:
                continue
            a0, b0, a1, b1 = space.box
            if a0 < 0 or b0 < 0 or a1 > w or b1 > h:
                faults.append((key, f"on the {_mat_name(mat)}, {_name(spec, space)} reaches "
                                    f"{a1:.0f} mm across, off the {w:g} x {h:g} mm page"))
            elif a0 < x0 or b0 < y0 or a1 > x1 or b1 > y1:
                faults.append((key, f"on the {_mat_name(mat)}, {_name(spec, space)} reaches {a1:.0f} mm "
                                    f"across, past the {x1:g} mm a mat may use (inside a printer's margins)"))
            for other in spaces:
                if other is not space and (other.track != space.track or not space.track) \
                        and _overlap(space.box, other.box):
                    faults.append((key, f"on the {_mat_name(mat)}, {_name(spec, space)} lies over "
                                        f"{_name(spec, other)}"))
                    break
    return faults


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] - 1e-6 and b[0] < a[2] - 1e-6 and a[1] < b[3] - 1e-6 and b[1] < a[3] - 1e-6


def _paper(name: str) -> str:
    """A paper as a sentence names it: 'A4', 'Letter'."""
    return name if name[:1].isupper() else name.capitalize()


def _mat_name(mat: Mat) -> str:
    """'A4 dragon's mat', 'Letter dwarves' mat'."""
    owner = "dragon's" if mat.id == "dragon" else "dwarves'"
    return f"{_paper(mat.paper)} {owner} mat"


def _origin(spec: DrakoSpec, space: Space) -> tuple[Any, ...] | None:
    """The key of mats.yaml whose number places ``space`` (None for the spaces every mat has in one place)."""
    for n, dwarf in enumerate(spec.dwarves):
        if space.track == dwarf.id:
            return ("dwarves", n, "spaces")
    if space.id.endswith("-marker"):  # set beyond the longest dwarf's row
        longest = max(range(len(spec.dwarves)), key=lambda n: spec.dwarves[n].spaces)
        return ("dwarves", longest, "spaces")
    if space.track == "armour":
        return ("dragon", "armour")
    for n, (ability, _) in enumerate(spec.abilities):
        if space.track == ability:
            return ("dragon", "abilities", n, "spaces")
    return None


def _name(spec: DrakoSpec, space: Space) -> str:
    """How a message names a space: Brald's wound space 9, the dragon's armour space 9, the 'Dwarf deck' box."""
    dwarves = {d.id: d.name for d in spec.dwarves}
    if space.track in dwarves:
        return f"{dwarves[space.track]}'s wound space {space.label}"
    if space.track:
        return f"the dragon's {space.track} space {space.label}"
    if space.id.endswith("-marker"):
        return f"the {space.label} marker's space (beyond the longest row)"
    if space.id == "wound-supply":
        return "the wound markers' supply"
    return f"the '{space.label}' box"


def _with(spec: DrakoSpec, key: tuple[Any, ...], value: int) -> DrakoSpec:
    """``spec`` with the number of spaces at mats.yaml's ``key`` set to ``value``."""
    if key[0] == "dwarves":
        dwarves = list(spec.dwarves)
        dwarves[key[1]] = replace(dwarves[key[1]], spaces=value)
        return replace(spec, dwarves=tuple(dwarves))
    if key == ("dragon", "armour"):
        return replace(spec, armour=value)
    abilities = list(spec.abilities)
    abilities[key[2]] = (abilities[key[2]][0], value)
    return replace(spec, abilities=tuple(abilities))


def _value(spec: DrakoSpec, key: tuple[Any, ...]) -> int:
    if key[0] == "dwarves":
        return int(spec.dwarves[key[1]].spaces)
    return spec.armour if key == ("dragon", "armour") else spec.abilities[key[2]][1]


def _fix(spec: DrakoSpec, key: tuple[Any, ...], papers: list[str]) -> str:
    """The largest number at ``key`` with which the mats fit on every paper (the others as they are)."""
    least = 0 if key == ("dragon", "armour") else 1
    for value in range(min(_value(spec, key), _MOST) - 1, least - 1, -1):
        trial = _with(spec, key, value)
        if not any(k == key for paper in papers for k, _ in _faults(trial, paper)):
            shown = " and ".join(_paper(p) for p in papers)
            return f"at most {value} fit there on the {shown} mats: lower 'spaces' to {value} or less"
    return "lower 'spaces'"
