"""Writing rule-example diagrams to files: one example to SVG, PDF or PNG, for any game.

The picture comes from the neutral renderer (:func:`.diagram_art.draw_rule_example`),
the same for every game; this module finds the example, picks the format
and writes the file atomically.
"""
from __future__ import annotations

from pathlib import Path

from ..errors import UserError
from ..model.game import Game
from ..output.outfiles import save_atomically
from ..model.validate import did_you_mean
from .diagram_art import draw_rule_example

#: The file formats a diagram can be written in.
FORMATS = ("svg", "pdf", "png")


def example_files(game: Game) -> list[Path]:
    """Every example file of a game, sorted by name."""
    folder = game.path("examples")
    return sorted(folder.glob("*.yaml")) if folder and folder.is_dir() else []


def find_example(game: Game, ref: str) -> Path:
    """An example file by path, or by id (file name without .yaml) in the game's examples folder."""
    path = Path(ref)
    if path.suffix in (".yaml", ".yml"):
        if not path.is_file():
            raise UserError(f"no rule example file {path}")
        return path
    names = [p.stem for p in example_files(game)]
    if ref in names:
        return example_files(game)[names.index(ref)]
    raise UserError(f"no rule example '{ref}'. " + (did_you_mean(ref, names) or f"{len(names)} examples in "
                                                                                  f"{game.path('examples')}"))


def shown_examples(game: Game) -> tuple[list[str], dict[str, str]]:
    """The ids of the game's rule examples its books show, and those they leave out with the reason (an example
    that does not hold under this game's options or board)."""
    # Imported here, when first needed, to keep start-up fast.
    from ..play.examples import example_standing

    left_out = example_standing(game).left_out
    return [p.stem for p in example_files(game) if p.stem not in left_out], dict(left_out)


def check_shown(game: Game, ref: str) -> Path:
    """The file of example ``ref``; a :class:`UserError` when there is none, or when the books leave it out (only
    this example is checked, unless the game's examples were all checked already)."""
    # Imported here, when first needed, to keep start-up fast.
    from ..play.examples import standing_of

    path = find_example(game, ref)
    why = standing_of(game, [path]).left_out.get(path.stem)
    if why is not None:
        raise UserError(f"rule example '{ref}' is left out of this game's books: {why}")
    return path


def write_diagram(game: Game, ref: str, out: Path, fmt: str | None = None) -> Path:
    """Write the diagram of example ``ref`` to ``out`` (format from the suffix, or ``fmt``)."""
    fmt = fmt or out.suffix.lstrip(".") or "svg"
    if fmt not in FORMATS:
        raise UserError(f"unknown diagram format '{fmt}'; use one of {', '.join(FORMATS)}")
    if out.suffix.lstrip(".") != fmt:
        out = out.with_suffix(f".{fmt}")
    art = draw_rule_example(game, find_example(game, ref), True)
    if fmt == "svg":
        save_atomically(out, art.svg.encode("utf-8"))
        return out
    from ..output.pdf import PdfOptions, svg_to_png_bytes, write_pdf  # here: an SVG diagram needs no PDF library

    if fmt == "pdf":
        write_pdf([art.svg], out, PdfOptions(title=f"{game.title}: {art.title}", subject=art.caption))
    else:
        save_atomically(out, svg_to_png_bytes(art.svg, 200))
    return out
