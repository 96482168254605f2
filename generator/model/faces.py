"""A face of a component (piece, card, card back): ground and ink colours, an emblem, a glyph and a label."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import Problem
from .emblem_shapes import EMBLEMS, PAIR, known_emblem
from .validate import did_you_mean
from .yamlsource import Document


@dataclass(frozen=True)
class Face:
    """One side of a piece: ``emblem`` in colour ``ink`` on a disc of colour ``ground`` (palette keys).

    ``badge`` is the form number of an item that comes in several forms,
    shown as dots so that the forms differ by more than their colour;
    ``glyph`` is a letter or two drawn large, ``label`` a short caption.
    An empty ``emblem`` draws none; two names joined by ``+`` draw both
    (see :func:`generator.render.emblems.emblem`).
    """

    emblem: str
    ground: str
    ink: str
    badge: int | None = None
    glyph: str = ""
    label: str = ""



def check_face(doc: Document, where: tuple[Any, ...], face: dict[str, Any], palette: set[str],
               key: str = "emblem") -> list[Problem]:
    """Problems in one face at ``where``: an emblem (under ``key``) or colours that do not exist."""
    problems = []
    name = face.get("emblem", "")
    if name and not known_emblem(name):
        parts = name.split(PAIR)
        missing = next((p for p in parts if p not in EMBLEMS), name)
        if len(parts) > 2:
            problems.append(doc.problem((*where, key), f"'{name}' joins {len(parts)} emblems; a face shows one or two",
                                        f"keep at most two emblem names joined by '{PAIR}'"))
        else:
            problems.append(doc.problem((*where, key), f"no emblem named '{missing}'",
                                        did_you_mean(missing, sorted(EMBLEMS))
                                        or f"emblems: {', '.join(sorted(EMBLEMS))} (two joined by '{PAIR}')"))
    for part in ("ground", "ink"):
        if part in face and face[part] not in palette:
            problems.append(doc.problem((*where, part), f"unknown colour '{face[part]}'",
                                        did_you_mean(face[part], sorted(palette))
                                        or "use a theme colour key or one listed under 'colours'"))
    return problems
