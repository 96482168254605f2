"""Themes and printer profiles a person makes in the studio, written as the YAML files the command line takes.

A draft is the text of such a file. It is read back by the package's own
loaders (``load_theme``, ``load_printer``) from a file in the studio's
temporary folder, so a colour that is not one, a key the base theme does not
have or a margin that is not a number gets the located problem ``boardkit
print`` would print for that file; saving writes the same text into the
output folder and loads it again from there.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import yaml

from . import shared
from .workspace import Workspace, safe_name

#: Largest theme or printer file the studio takes, in bytes.
MAX_UPLOAD = 64 * 1024
#: Sides of a page, in the order a printer profile gives its margins.
SIDES = ("top", "right", "bottom", "left")


def _dump(header: str, data: dict[str, Any]) -> str:
    """A YAML file: comment lines, then ``data`` in the order given."""
    body = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=False, width=100)
    return "".join(f"# {line}\n" for line in header.splitlines()) + body


def theme_text(game: shared.Game, name: str, base: str, colours: dict[str, str]) -> str:
    """The YAML of a theme named ``name`` on built-in ``base`` that sets ``colours`` (those equal to the base's are
    left to it)."""
    inherited = game.theme(base).colours if base in game.theme_names() else {}
    changed = {k: v for k, v in colours.items() if inherited.get(k) != v}
    header = (f"A {game.title} theme made in boardkit studio. Build the kit in these colours with\n"
              f"  boardkit print {game.id} --theme {name}.yaml")
    return _dump(header, {"name": name, "base": base, "colours": changed})


def printer_text(name: str, margins: dict[str, str], duplex: str, offset: dict[str, str]) -> str:
    """The YAML of a printer profile from a form's fields (text; numbers are written as numbers, anything else as
    given, for the profile's checks to locate)."""
    values = {side: _number(margins.get(side, "")) for side in SIDES}
    same = len({str(v) for v in values.values()}) == 1
    header = f"A printer profile made in boardkit studio. Build a kit for it with\n  boardkit print --printer {name}.yaml"
    return _dump(header, {"name": name, "margins_mm": values["top"] if same else values, "duplex": duplex,
                          "duplex_offset_mm": {"x": _number(offset.get("x", "0")), "y": _number(offset.get("y", "0"))}})


def _number(text: str) -> object:
    """A form field as the number it spells, else the text itself (the profile's schema then says what is wrong)."""
    try:
        value = float(text.strip())
    except ValueError:
        return text
    return int(value) if value.is_integer() else value


@dataclass(frozen=True)
class Loaded:
    """A draft read back by the package's loader: its path, and the theme or profile, or the problems found."""

    path: Path
    value: Any = None
    problems: tuple[shared.Problem, ...] = ()
    message: str = ""


def _shown_as(problem: shared.Problem, name: str) -> shared.Problem:
    """A problem of a draft, located in the file as the person names it rather than in the temporary folder."""
    return replace(problem, file=name) if isinstance(problem.file, Path) and problem.file.name == name else problem


def read_theme(space: Workspace, game: shared.Game, text: str, filename: str) -> Loaded:
    """Load theme ``text`` as the file ``filename`` (a draft or an upload) with the kit's theme loader."""
    path = space.scratch("themes", text, filename)
    try:
        return Loaded(path, shared.load_theme(path, game.themes_dir))
    except shared.SpecError as exc:
        problems = tuple(_shown_as(p, filename) for p in exc.problems)
        return Loaded(path, problems=problems, message=shared.SpecError(list(problems)).format())


def read_printer(space: Workspace, text: str, filename: str) -> Loaded:
    """Load printer profile ``text`` as the file ``filename`` with the kit's profile loader (and refuse a name that
    cannot name the file it is saved as)."""
    path = space.scratch("printers", text, filename)
    try:
        profile = shared.load_printer(path)
    except shared.SpecError as exc:
        problems = tuple(_shown_as(p, filename) for p in exc.problems)
        return Loaded(path, problems=problems, message=shared.SpecError(list(problems)).format())
    if not safe_name(profile.name):
        problem = _shown_as(profile.doc.problem(("name",), f"the profile's name '{profile.name}' cannot name its file",
                                                "use ASCII letters (a-z, A-Z), digits, '-' and '_' only"), filename)
        return Loaded(path, problems=(problem,), message=shared.SpecError([problem]).format())
    return Loaded(path, profile)


def save(folder: Path, name: str, text: str) -> Path:
    """Write ``text`` as ``<name>.yaml`` in ``folder`` (a name the kit's checks accept), atomically; its path."""
    path = shared.inside(folder, f"{name}.yaml")
    shared.save_atomically(path, text.encode("utf-8"))
    return path


def upload_text(data: bytes, filename: str) -> str:
    """The text of an uploaded theme or profile; a :class:`UserError` for one too large or not UTF-8."""
    if len(data) > MAX_UPLOAD:
        raise shared.UserError(f"{filename} is {len(data) // 1024} KB; a theme or printer file may be at most "
                               f"{MAX_UPLOAD // 1024} KB")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise shared.UserError(f"{filename} is not UTF-8 text ({exc.reason}); save the file as UTF-8") from None


def upload_name(filename: str | None, fallback: str) -> str:
    """The name an uploaded file is read under: the name it was sent with, without folders; ``fallback`` for a name
    that is empty, hidden or not a .yaml file."""
    name = (filename or "").replace("\\", "/").rsplit("/", 1)[-1].strip()
    if not name or name.startswith(".") or not name.endswith((".yaml", ".yml")) or "\0" in name or len(name) > 120:
        return fallback
    return name
