"""Every rule example of a game placed exactly once in its rules reference.

The reference shows every example of ``specs/<game>/examples/``, by
``{{ examples("<section>") }}`` or ``{{ figure("<id>") }}``; an example shown
nowhere or more than once is a problem naming its file, and the template
lines that place it. An example the game's options leave out of the books
(:meth:`~.figures.Figures.shown`) is placed by nothing and asked of nothing.
"""
from __future__ import annotations

from pathlib import Path

from ..errors import Problem
from ..model.yamlsource import load_document
from .figures import Figures
from .markup import Block


def placement_problems(blocks: list[Block], figures: Figures, folder: Path) -> list[Problem]:
    """The examples the book's ``blocks`` place nowhere or twice; ``folder`` holds the book's chapters."""
    placed: dict[str, list[Block]] = {}
    for block in blocks:
        if block.kind == "directive" and block.text == "figure":
            placed.setdefault(block.args[0], []).append(block)
    problems: list[Problem] = []
    for path in figures.examples():
        if not figures.shown(path.stem):
            continue  # this game's options change what it shows: the books leave it out, and the build says so
        where = placed.get(path.stem, [])
        if not where:
            doc = load_document(path)
            section = doc.data.get("section", "") if isinstance(doc.data, dict) else ""
            line, _ = doc.where(("section",))
            problems.append(Problem(path, line, None, f"the rule example '{path.stem}' is placed nowhere in the "
                                    "rules reference",
                                    f"add {{{{ examples(\"{section}\") }}}} to a chapter of {folder}, or "
                                    f"{{{{ figure(\"{path.stem}\") }}}} where it belongs"))
        for block in where[1:]:
            first = where[0]
            problems.append(Problem(f"{block.source} (rendered)", block.line, None,
                                    f"the rule example '{path.stem}' ({path.name}) is placed again in the rules "
                                    f"reference (first at {first.source}, line {first.line})",
                                    "place each example once"))
    return problems
