"""What a kind of kit file is: its name pattern and the words the print guide says of its files.

:mod:`generator.kit.kitfiles` describes the shared kinds and lists a kit's files by them; a game's plug-in names
the kinds its own kit parts write (``GamePlugin.file_kinds``) with :class:`FileKind` from here, the spec model's
layer, so that a plug-in loaded to draw a diagram never loads the kit.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from .game import Game

#: How a file name's paper is printed: a4 -> A4, letter -> US Letter.
PAPER_WORDS = {"a4": "A4", "letter": "US Letter", "a3": "A3", "A4": "A4", "A3": "A3"}
#: A kind's words for the files of one row: (game, the fields of each file of the row) -> (paper, about).
Describe = Callable[[Game, list[dict[str, str]]], tuple[str, str]]


@dataclass(frozen=True)
class FileKind:
    """A kind of kit file: its name pattern (fields in braces: ``{format}``, ``{theme}``, ``{paper}``, ``{deck}``,
    ``{mat}``), how to describe its files, and whether each print format gets a row of its own."""

    pattern: str
    describe: Describe
    per_format: bool = False

    def match(self, name: str, game: Game) -> dict[str, str] | None:
        """The fields of ``name`` when it is a file of this kind, else None."""
        formats = "|".join(re.escape(f) for f in sorted(game.formats, key=len, reverse=True))
        values = {"format": f"(?:{formats})", "theme": r"[A-Za-z0-9_-]+?", "paper": "a4|letter",
                  "deck": r"[A-Za-z0-9_-]+?", "mat": r"[A-Za-z0-9_-]+?"}
        regex = re.escape(self.pattern)
        for field, value in values.items():
            regex = regex.replace(re.escape(f"{{{field}}}"), f"(?P<{field}>{value})")
        found = re.fullmatch(regex, name)
        return found.groupdict() if found else None
