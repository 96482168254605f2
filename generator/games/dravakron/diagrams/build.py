"""Writing diagrams: one example to SVG, PDF or PNG, or every example of a game."""
from __future__ import annotations

from pathlib import Path

from ....errors import SpecError, UserError
from ..examples import Example, check_example, example_files, load_example, run_example
from ....game import Game
from ....pdf import PdfOptions, save_atomically, svg_to_png_bytes, write_pdf
from ..rules import Rules
from .draw import diagram_svg
from .marks import compute_marks

FORMATS = ("svg", "pdf", "png")


def example_svg(game: Game, example: Example, rules: Rules, captioned: bool = True) -> str:
    """The SVG of one checked example; a claim the engine disputes raises :class:`SpecError`."""
    problems = check_example(example, rules)
    if problems:
        raise SpecError(problems)
    run = run_example(example, rules)
    return diagram_svg(game, run, compute_marks(run, rules), game.theme("light"), captioned)


def find_example(game: Game, ref: str) -> Path:
    """An example file by path, or by id (file name without .yaml) in the game's examples folder."""
    path = Path(ref)
    if path.suffix in (".yaml", ".yml"):
        return path
    for candidate in example_files(game):
        if candidate.stem == ref:
            return candidate
    from ....validate import did_you_mean
    names = [p.stem for p in example_files(game)]
    raise UserError(f"no rule example '{ref}'. " + (did_you_mean(ref, names) or f"{len(names)} examples in "
                                                                                  f"{game.path('examples')}"))


def write_diagram(game: Game, ref: str, out: Path, fmt: str | None = None, rules: Rules | None = None) -> Path:
    """Write the diagram of example ``ref`` to ``out`` (format from the suffix, or ``fmt``)."""
    rules = rules or Rules.for_game(game)
    fmt = fmt or out.suffix.lstrip(".") or "svg"
    if fmt not in FORMATS:
        raise UserError(f"unknown diagram format '{fmt}'; use one of {', '.join(FORMATS)}")
    if out.suffix.lstrip(".") != fmt:
        out = out.with_suffix(f".{fmt}")
    example = load_example(find_example(game, ref), game, rules)
    svg = example_svg(game, example, rules)
    if fmt == "svg":
        save_atomically(out, lambda tmp: Path(tmp).write_text(svg, encoding="utf-8"))
    elif fmt == "pdf":
        write_pdf([svg], out, PdfOptions(title=f"{game.title}: {example.title}", subject=example.caption))
    else:
        png = svg_to_png_bytes(svg, 200)
        save_atomically(out, lambda tmp: Path(tmp).write_bytes(png))
    return out
