"""Rendering the book templates (jinja2) to markup, with located errors.

A game's templates live in ``templates/<game>/``: every ``NN-name.md.j2`` of
its ``rulebook/`` folder is a chapter of the short rulebook and every one of
its ``reference/`` folder a chapter of the rules reference, in file name
order; other templates (the player aid's) are rendered on request.
Templates see what :meth:`~.book.Rulebook.context` gives them: the names
the game's book hooks give (``facts`` at least), ``ledger`` (the
clarifications, see :mod:`.ledger`), plus ``side`` for the player aid.
They can call ``figure(id, caption="")``, ``examples(section)`` (every
rule example of that section, as figures) and ``shown(id)`` (False for a
rule example this game's options leave out of the books: guard a sentence
that refers to it), and use the filters ``words`` (3 -> "three"),
``squares`` (square names as marked-up labels), ``join_and`` and
``sentence`` (a full stop added unless the text ends in one).
"""
from __future__ import annotations

import inspect
import re
from pathlib import Path
from typing import Any, Iterable

import jinja2

from ..errors import Problem
from ..model.game import Game
from .figures import Figures

#: Where every game's templates live: one folder per game, named as its spec folder.
TEMPLATES_ROOT = Path(__file__).resolve().parent.parent.parent / "templates"


def templates_dir(game: Game) -> Path:
    """The folder of a game's book and player aid templates: ``templates/<game>/`` of the repository, or a
    ``templates`` folder beside the game's specs (a game kept outside the repository brings its own)."""
    beside = game.folder / "templates"
    return beside if beside.is_dir() else TEMPLATES_ROOT / game.id


def template_folder(game: Game, name: str) -> Path:
    """Where template ``name`` of a game is: the game's own folder, else the shared templates/ folder."""
    own = templates_dir(game)
    return own if (own / name).is_file() else TEMPLATES_ROOT
_CHAPTER = re.compile(r"^\d\d-[a-z0-9-]+\.md\.j2$")
_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                 "twelve")


def words(number: int) -> str:
    """Small numbers as words (up to twelve), larger ones as digits."""
    return _NUMBER_WORDS[number] if 0 <= number < len(_NUMBER_WORDS) else str(number)


def join_and(items: Iterable[Any], last: str = "and") -> str:
    """'a', 'a and b', 'a, b and c'."""
    parts = [str(i) for i in items]
    if len(parts) < 2:
        return "".join(parts)
    return ", ".join(parts[:-1]) + f" {last} " + parts[-1]


def sentence(text: str) -> str:
    """``text`` closed by a full stop, unless it already ends in a stop, a question or an exclamation mark."""
    text = str(text).rstrip()
    return text if not text or text.endswith((".", "?", "!")) else text + "."


def squares(names: Iterable[str], last: str = "and") -> str:
    """Square names as markup labels joined into a phrase: '`a2`, `b1` and `b2`'."""
    return join_and((f"`{n}`" for n in names), last)


def _template_location() -> tuple[str, int | None]:
    """The template file and line that is being rendered by the calling jinja code."""
    for frame_info in inspect.stack():
        template = frame_info.frame.f_globals.get("__jinja_template__")
        if template is not None:
            return template.filename or template.name, template.get_corresponding_lineno(frame_info.lineno)
    return "template", None


class Renderer:
    """Renders rulebook templates, collecting every problem instead of stopping at the first."""

    def __init__(self, figures: Figures, context: dict[str, Any], folder: Path):
        self.folder = folder  # the game's templates: the books' folders and the other templates
        self.figures = figures
        self.context = context
        self.problems: list[Problem] = []
        self.env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(folder)), undefined=jinja2.StrictUndefined,
                                      trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
                                      autoescape=False)
        self.env.globals.update(figure=self.figure, examples=self.examples, shown=self.figures.shown)
        self.env.filters.update(words=words, join_and=join_and, squares=squares, sentence=sentence)

    def chapters(self, book: str) -> list[str]:
        """The chapter templates of one book (``rulebook`` or ``reference``), in order, as template names."""
        folder = self.folder / book
        if not folder.is_dir():
            return []
        return [f"{book}/{name}" for name in sorted(p.name for p in folder.iterdir() if _CHAPTER.match(p.name))]

    def figure(self, fig_id: str, caption: str = "") -> str:
        """The markup for a figure; records a located problem when ``fig_id`` names nothing. A rule example that
        this game's options change is left out (nothing; the build's warning names it)."""
        if not self.figures.exists(fig_id):
            file, line = _template_location()
            self.problems.append(Problem(file, line, None, self.figures.missing(fig_id),
                                         f"add the rule example, or use one of: {', '.join(self.figures.known())}"))
        elif not self.figures.shown(fig_id):
            return ""
        return f"\n::figure {fig_id}" + (f" | {' '.join(caption.split())}" if caption else "") + "\n"

    def examples(self, section: str) -> str:
        """The markup of every rule example whose ``section:`` is ``section``, in file-name order; records a located
        problem when the section names no example."""
        sections = self.figures.sections()
        found = sections.get(section, [])
        if not found:
            file, line = _template_location()
            folder = self.figures.examples_dir
            self.problems.append(Problem(file, line, None, f"examples(\"{section}\") places nothing: no rule example "
                                         f"of {folder or 'the game'} has 'section: {section}'",
                                         f"sections of the examples: {join_and(sorted(sections)) or 'none'}"))
        return "".join(self.figure(fig_id) for fig_id in found)

    def render(self, name: str, **extra: Any) -> str:
        """One template rendered to markup ('' when it fails; the problem is recorded)."""
        try:
            return self.env.get_template(name).render(**self.context, **extra)
        except jinja2.TemplateSyntaxError as exc:
            self.problems.append(Problem(exc.filename or str(self.folder / name), exc.lineno, None,
                                         f"template syntax: {exc.message}", "fix the jinja tag on that line"))
        except jinja2.TemplateNotFound as exc:
            self.problems.append(Problem(self.folder / name, None, None, f"template '{exc.name}' not found",
                                         f"templates live in {self.folder}"))
        except (jinja2.UndefinedError, TypeError, AttributeError, KeyError) as exc:
            file, line = str(self.folder / name), None
            trace = exc.__traceback__
            while trace is not None:  # jinja rewrites template frames to carry the template's file and line
                if trace.tb_frame.f_code.co_filename.endswith(".j2"):
                    file, line = trace.tb_frame.f_code.co_filename, trace.tb_lineno
                trace = trace.tb_next
            self.problems.append(Problem(file, line, None, f"template error: {exc}",
                                         "use only the names listed in generator/rulebook/templates.py's docstring"))
        return ""
