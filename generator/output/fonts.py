"""The project's fonts: TTF files shipped by PyPI packages, shared by cairo (SVG) and reportlab."""
from __future__ import annotations

import hashlib
import os
import tempfile
from functools import lru_cache
from pathlib import Path

import font_source_sans_pro
import font_source_serif_pro

SANS = "Source Sans Pro"
SERIF = "Source Serif Pro"

_SANS_DIR = Path(font_source_sans_pro.__file__).parent / "files"
_SERIF_DIR = Path(font_source_serif_pro.__file__).parent / "files"

#: reportlab font name -> TTF file.
REPORTLAB_FONTS: dict[str, Path] = {
    "Sans": _SANS_DIR / "SourceSansPro-Regular.ttf",
    "Sans-Bold": _SANS_DIR / "SourceSansPro-Bold.ttf",
    "Sans-Italic": _SANS_DIR / "SourceSansPro-It.ttf",
    "Sans-Semibold": _SANS_DIR / "SourceSansPro-Semibold.ttf",
    "Serif": _SERIF_DIR / "SourceSerifPro-Regular.ttf",
    "Serif-Bold": _SERIF_DIR / "SourceSerifPro-Bold.ttf",
    "Serif-Italic": _SERIF_DIR / "SourceSerifPro-It.ttf",
    "Serif-Semibold": _SERIF_DIR / "SourceSerifPro-Semibold.ttf",
}


@lru_cache(maxsize=None)
def use_project_fonts_in_cairo() -> Path:
    """Point fontconfig at the packaged TTFs only (no system fonts), before cairo first draws text.

    Returns the fontconfig file written. Must run before cairosvg renders any
    text; :mod:`generator.output.pdf` calls it on import.
    """
    dirs = "".join(f"<dir>{d}</dir>" for d in (_SANS_DIR, _SERIF_DIR))
    key = hashlib.sha1(dirs.encode()).hexdigest()[:12]
    base = Path(tempfile.gettempdir()) / f"boardkit-fontconfig-{key}"
    base.mkdir(parents=True, exist_ok=True)
    conf = base / "fonts.conf"
    text = ('<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>'
            f"{dirs}<cachedir>{base / 'cache'}</cachedir>"
            "<selectfont><rejectfont><glob>*.otf</glob></rejectfont></selectfont>"
            "</fontconfig>\n")
    # Other processes (a build's workers, other builds) may be reading the file: it is replaced whole, never
    # rewritten in place (fontconfig reading a half-written file falls back to the system's fonts).
    if not conf.is_file() or conf.read_text(encoding="utf-8") != text:
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=base, prefix=".fonts.", delete=False) as out:
            out.write(text)
        os.chmod(out.name, 0o644)  # as a plain write would leave it (a temporary file is the writer's only)
        os.replace(out.name, conf)
    os.environ["FONTCONFIG_FILE"] = str(conf)
    return conf


@lru_cache(maxsize=None)
def register_reportlab_fonts() -> None:
    """Register the TTFs with reportlab under the names in :data:`REPORTLAB_FONTS` (embedded as subsets)."""
    # Imported here, when first needed, to keep start-up fast.
    from reportlab.lib.fonts import addMapping

    for name in REPORTLAB_FONTS:
        register_reportlab_font(name)
    for family in ("Sans", "Serif"):
        addMapping(family, 0, 0, family)
        addMapping(family, 1, 0, f"{family}-Bold")
        addMapping(family, 0, 1, f"{family}-Italic")
        addMapping(family, 1, 1, f"{family}-Bold")


@lru_cache(maxsize=None)
def register_reportlab_font(name: str) -> str:
    """Register one of :data:`REPORTLAB_FONTS` with reportlab (reading a TTF takes a while: what only measures
    text registers only the fonts it sets); returns ``name``."""
    # Imported here, when first needed, to keep start-up fast.
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    pdfmetrics.registerFont(TTFont(name, str(REPORTLAB_FONTS[name])))
    return name
