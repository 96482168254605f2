"""A game's setup checked against its engine before anything is built or played: the layout the engine was
built from, and the printed components it needs (:meth:`~.contract.GameRules.component_needs`)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import Problem, SpecError
from ..model.yamlsource import Document, load_document
from .contract import GameRules, LayoutProblem
from .registry import load_components, plugin_for

if TYPE_CHECKING:
    from ..model.game import Game


def setup_problems(game: Game, rules: GameRules[Any, Any]) -> list[Problem]:
    """Every problem of the layout (located at the board spec), of the component counts (at their line) and
    of the spec files only the game reads (:attr:`~.registry.GamePlugin.spec_checks`)."""
    own: list[Problem] = []
    for load in plugin_for(game).spec_checks:
        try:
            load(game)
        except SpecError as exc:
            own += exc.problems
    return [layout_problem(game, text) for text in rules.layout_problems()] + component_problems(game, rules) + own


def layout_problem(game: Game, text: str) -> Problem:
    """A layout problem of the engine, at the line of the specs it names: an option at its line of game.yaml, a
    cell at the mark (or zone) of board.yaml that lists it, else the board's marks."""
    board = game.documents.get("board")
    if board is None:
        return Problem(game.folder / game.files["board"], None, None, text)
    if not isinstance(text, LayoutProblem):
        return board.problem((), text)
    doc = game.documents.get("game")
    if text.option is not None and doc is not None:
        return doc.problem(("options", text.option), text, text.hint)
    return board.problem(_cell_key(board, text.cells), text, text.hint)


def _cell_key(board: Document, cells: tuple[str, ...]) -> tuple[object, ...]:
    """Where board.yaml names the first of ``cells``: in a mark's ``at`` list, or a zone; else its marks."""
    data = board.data if isinstance(board.data, dict) else {}
    for section in ("marks", "zones"):
        for n, entry in enumerate(data.get(section) or []):
            at = entry.get("at") if isinstance(entry, dict) else None
            if cells and isinstance(at, list) and cells[0] in at:
                return (section, n, "at", at.index(cells[0]))
    return ("marks",) if "marks" in data else ()


def component_problems(game: Game, rules: GameRules[Any, Any]) -> list[Problem]:
    """Where components.yaml prints fewer (or, for an exact need, other) counts than the engine needs (an entry
    without a count gets what the engine needs: see :func:`generator.play.registry.load_components`).

    Raises :class:`~generator.errors.SpecError` when components.yaml itself is broken.
    """
    needs = rules.component_needs()
    components = load_components(game) if needs else None
    path = game.path("components")
    if components is None or path is None:
        return []
    doc = load_document(path)
    found = {c.id: (n, c) for n, c in enumerate(components.components)}
    problems = []
    for ident, need in needs.items():
        wanted = f"{'exactly' if need.exact else 'at least'} {need.count}"
        if ident not in found:
            problems.append(doc.problem(("components",), f"no component '{ident}', and the game needs {wanted}: "
                                        f"{need.why}", f"add an entry with 'id: {ident}' and 'count: {need.count}'"))
            continue
        n, component = found[ident]
        if component.count < need.count or (need.exact and component.count != need.count):
            more = "" if need.exact else " or more"
            problems.append(doc.problem(("components", n, "count"), f"{component.name} ('{ident}'): count "
                                        f"{component.count}, but the game needs {wanted}: {need.why}",
                                        f"set count: {need.count}{more}, or leave count out to get what the game "
                                        "needs (extra copies to cut are 'spares')"))
    return problems
