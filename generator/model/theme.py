"""Themes: colour palettes and drawing style, with inheritance and accessibility checks."""
from __future__ import annotations

import itertools
import math
import re
from functools import lru_cache
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import Problem, SpecError
from ..output.outfiles import SAFE_NAME
from .validate import check_schema, did_you_mean, matches
from .yamlsource import Document, load_document
from ..contrast import linear_channel, luminance_ratio, relative_luminance
from ..wording import counted


#: Minimum contrast for text on a colour (WCAG 2.x, normal text).
MIN_TEXT_CONTRAST = 4.5
#: Minimum CIEDE2000 distance between two link colours under each colour-vision deficiency.
MIN_LINK_DISTANCE = 8.0
#: Pairs of (background, text) colour keys whose contrast is checked; every key ``on-X`` is also checked on ``X``.
TEXT_PAIRS = (("frame", "frame-text"), ("square-light", "text"), ("paper", "text"))


@dataclass
class Theme:
    """A resolved theme: every colour key set, style settings, and where it came from."""

    name: str
    colours: dict[str, str]
    style: dict[str, Any] = field(default_factory=dict)
    description: str = ""
    source: Path | None = None
    roles: tuple[str, ...] = ()

    def colour(self, key: str) -> str:
        """The colour for a palette key, as #rrggbb."""
        return self.colours[key]

    @property
    def outline(self) -> bool:
        """True when emblems are drawn as outlines (ink-saving)."""
        return bool(self.style.get("emblems", "filled") == "outline")

    @property
    def show_features(self) -> bool:
        """False for a blank board: grid and coordinates only."""
        return bool(self.style.get("features", True))


#: A colour written as six hex digits: its own sRGB value already (only its case is normalised).
_SIX_DIGITS = re.compile(r"#[0-9a-fA-F]{6}")


def srgb_hex(value: str) -> str | None:
    """A colour as sRGB ``#rrggbb`` (fitted into sRGB), or None when ``value`` is no colour."""
    if isinstance(value, str) and _SIX_DIGITS.fullmatch(value):
        return value.lower()
    from coloraide import Color  # loads when first needed (50 ms): spec colours are mostly hex already

    try:
        return Color(value).convert("srgb").fit("srgb").to_string(hex=True)
    except (ValueError, TypeError, AttributeError):
        return None


def builtin_path(name: str, builtin_dir: Path) -> Path | None:
    """The file of the built-in theme ``name``, or None when there is none."""
    path = builtin_dir / f"{name}.yaml"
    return path if matches(SAFE_NAME, name) and path.is_file() else None


def builtin_names(builtin_dir: Path) -> list[str]:
    """Names of the built-in themes in ``builtin_dir``."""
    return sorted(p.stem for p in builtin_dir.glob("*.yaml"))


def load_theme(ref: str | Path, builtin_dir: Path, _chain: tuple[str, ...] = ()) -> Theme:
    """Load a built-in theme by name or a user theme file by path, resolving ``base`` inheritance.

    A theme without ``base`` that is not built in must set every colour the built-in themes set.
    """
    path = Path(ref)
    if path.suffix not in (".yaml", ".yml"):
        found = builtin_path(str(ref), builtin_dir)
        if found is None:
            names = builtin_names(builtin_dir)
            hint = did_you_mean(str(ref), names) or f"built-in themes: {', '.join(names)}; or give a .yaml path"
            raise SpecError([Problem(builtin_dir, None, None, f"no theme named '{ref}'", hint)])
        path = found
    doc = load_document(path)
    problems = check_schema(doc, "theme")
    if problems:
        raise SpecError(problems)
    data = doc.data
    name = data.get("name", path.stem)
    if "name" not in data and not matches(SAFE_NAME, name):
        problems.append(doc.problem((), f"the theme's file name '{path.stem}' cannot name its boards",
                                    "add 'name:' with ASCII letters (a-z, A-Z), digits, '-' and '_' only"))
    base_name = data.get("base")
    if base_name:
        base = _base(doc, base_name, builtin_dir, _chain)
        colours, style = dict(base.colours), dict(base.style)
    else:
        colours, style = {}, {}
    inherited = set(colours)
    for key, value in data.get("colours", {}).items():
        fixed = srgb_hex(value)
        if fixed is None:
            problems.append(doc.problem(("colours", key), f"'{value}' is not a colour",
                                        "write #rrggbb (e.g. #1f4fd1), rgb(31 79 209) or a CSS colour name"))
        elif inherited and key not in inherited:
            hint = did_you_mean(key, sorted(colours)) or "only keys of the base theme can be set"
            problems.append(doc.problem(("colours", key), f"unknown colour key '{key}'", hint, of_key=True))
        else:
            colours[key] = fixed
    if not base_name and path.resolve().parent != builtin_dir.resolve():
        missing = sorted(builtin_colour_keys(builtin_dir) - set(colours))
        if missing:
            problems.append(doc.problem(("colours",) if "colours" in data else (),
                                        f"the theme has no 'base' and does not set {counted(len(missing), 'colour')}: "
                                        f"{', '.join(missing)}",
                                        f"add 'base:' with a built-in theme ({', '.join(builtin_names(builtin_dir))})"
                                        " to inherit the rest, or set every colour", of_key=True))
    if problems:
        raise SpecError(problems)
    style.update(data.get("style", {}))
    return Theme(name, colours, style, data.get("description", ""), path, tuple(data.get("roles", ())))


def _base(doc: Document, base_name: str, builtin_dir: Path, chain: tuple[str, ...]) -> Theme:
    """The built-in theme a theme names as ``base``; a miss or a loop is reported at the ``base:`` line."""
    if base_name in chain:
        raise SpecError([doc.problem(("base",), f"themes inherit from each other in a loop: "
                                     f"{' -> '.join(chain + (base_name,))}", "break the loop")])
    if builtin_path(base_name, builtin_dir) is None:
        names = builtin_names(builtin_dir)
        raise SpecError([doc.problem(("base",), f"no built-in theme named '{base_name}'",
                                     did_you_mean(base_name, names) or f"built-in themes: {', '.join(names)}")])
    return load_theme(base_name, builtin_dir, chain + (base_name,))


def builtin_themes(builtin_dir: Path) -> dict[str, Theme]:
    """Every built-in theme of a game, by name."""
    return {name: load_theme(name, builtin_dir) for name in builtin_names(builtin_dir)}


def builtin_colour_keys(builtin_dir: Path, themes: dict[str, Theme] | None = None) -> set[str]:
    """The colour keys every built-in theme of a game sets (what the game's art may ask a theme for); ``themes``:
    those themes when they are loaded already (:func:`builtin_themes`)."""
    keys = [set(t.colours) for t in (builtin_themes(builtin_dir) if themes is None else themes).values()]
    return set.intersection(*keys) if keys else set()


def _channels(colour: str) -> tuple[float, float, float]:
    """The sRGB channels (0 to 1) of a ``#rrggbb`` colour."""
    r, g, b = (int(colour[i:i + 2], 16) * (1.0 / 255.0) for i in (1, 3, 5))
    return r, g, b


def _luminance(rgb: tuple[float, float, float]) -> float:
    """The relative luminance of sRGB channels, computed as coloraide computes it, step for step, so that it is the
    same float: a diagram chooses its inks without loading coloraide, whose import costs 50 ms."""
    r, g, b = rgb
    return relative_luminance((linear_channel(r), linear_channel(g), linear_channel(b)))


@lru_cache(maxsize=4096)  # a pure function of two colours, asked for every cell and piece drawn
def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two colours."""
    if _SIX_DIGITS.fullmatch(a) and _SIX_DIGITS.fullmatch(b):
        return luminance_ratio(_luminance(_channels(a)), _luminance(_channels(b)))
    from coloraide import Color  # loads when first needed (see srgb_hex): a colour in another notation

    return Color(a).contrast(Color(b))


def text_on(theme: Theme, background: str) -> str:
    """The theme's dark text colour or white, whichever reads better on ``background``."""
    dark = theme.colours.get("text", "#000000")
    return dark if contrast(background, dark) >= contrast(background, "#ffffff") else "#ffffff"


@lru_cache(maxsize=4096)  # a pure function of its colours, asked for every mark and label drawn
def readable_on(colour: str, background: str, minimum: float = MIN_TEXT_CONTRAST) -> str:
    """``colour``, darkened just enough (towards black) to reach ``minimum`` contrast on ``background``; on a
    ground too dark for that, lightened just enough (towards white); black or white, whichever reads better, when
    neither reaches it. Each try mixes in a twentieth more of black (or white) in sRGB, as coloraide's ``mix``
    does; colours in another notation than ``#rrggbb`` are taken as :func:`srgb_hex` gives them."""
    rgb = _channels(srgb_hex(colour) or colour)
    ground = _luminance(_channels(srgb_hex(background) or background))
    for towards in (0.0, 1.0):
        for step in range(21):
            r, g, b = (c + (towards - c) * (step / 20) for c in rgb)
            candidate = (r, g, b)
            if luminance_ratio(_luminance(candidate), ground) >= minimum:
                return "#" + "".join(f"{math.floor(c * 255.0 + 0.5):02x}" for c in candidate)
    return "#000000" if contrast("#000000", background) >= contrast("#ffffff", background) else "#ffffff"


def label_ink(theme: Theme, background: str, key: str = "muted-text") -> str:
    """The theme's colour ``key`` for small print on ``background`` when it reads there (``MIN_TEXT_CONTRAST``),
    else the theme's text colour or white, whichever reads better."""
    wanted = theme.colours.get(key, theme.colours.get("text", "#000000"))
    return wanted if contrast(wanted, background) >= MIN_TEXT_CONTRAST else text_on(theme, background)


#: The colour-vision deficiencies the link colours are checked under (coloraide's filter names).
DEFICIENCIES = ("protan", "deutan", "tritan")


@dataclass(frozen=True)
class ColourWarning:
    """An accessibility warning and the colour keys that cause it (where an editor shows it)."""

    keys: tuple[str, ...]
    text: str


def colour_warnings(theme: Theme, link_keys: list[str]) -> list[ColourWarning]:
    """Low text contrast and link colours (each with its letter) colour-blind players may confuse, with their keys."""
    from coloraide import Color  # loads when first needed (see srgb_hex)

    warnings = []
    on_pairs = tuple((k[3:], k) for k in sorted(theme.colours) if k.startswith("on-") and k[3:] in theme.colours)
    for bg, fg in TEXT_PAIRS + on_pairs:
        if bg in theme.colours and fg in theme.colours:
            ratio = contrast(theme.colours[bg], theme.colours[fg])
            if ratio < MIN_TEXT_CONTRAST:
                warnings.append(ColourWarning((fg, bg), f"theme {theme.name}: text colour '{fg}' on '{bg}' has "
                                              f"contrast {ratio:.1f}:1, below {MIN_TEXT_CONTRAST}:1; darken one or "
                                              "lighten the other"))
    keys = [k for k in link_keys if k in theme.colours]
    for key in keys:
        ratio = contrast(theme.colours[key], text_on(theme, theme.colours[key]))
        if ratio < MIN_TEXT_CONTRAST:
            warnings.append(ColourWarning((key,), f"theme {theme.name}: letters on '{key}' have contrast "
                                          f"{ratio:.1f}:1, below {MIN_TEXT_CONTRAST}:1; make the colour lighter or "
                                          "darker"))
    for a, b in itertools.combinations(keys, 2):
        for deficiency in DEFICIENCIES:
            ca = Color(theme.colours[a]).filter(deficiency)
            cb = Color(theme.colours[b]).filter(deficiency)
            distance = ca.delta_e(cb, method="2000")
            if distance < MIN_LINK_DISTANCE:
                warnings.append(ColourWarning((a, b), f"theme {theme.name}: '{a}' and '{b}' look alike with "
                                              f"{deficiency}opia (difference {distance:.1f}); their letters tell "
                                              "them apart, but consider a different colour"))
                break
    return warnings


def accessibility_warnings(theme: Theme, link_keys: list[str]) -> list[str]:
    """Warnings for low text contrast and for link colours (each with its letter) colour-blind players may confuse."""
    return [w.text for w in colour_warnings(theme, link_keys)]


def simulated(colour: str, deficiency: str) -> str:
    """``colour`` as a person with ``deficiency`` (one of :data:`DEFICIENCIES`) sees it, as #rrggbb."""
    from coloraide import Color  # loads when first needed (see srgb_hex)

    return str(Color(colour).filter(deficiency).convert("srgb").fit("srgb").to_string(hex=True))
