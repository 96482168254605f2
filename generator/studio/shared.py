"""What the studio takes from the shared package, in one place: the functions the command line calls.

The studio keeps no copy of a rule about kits, themes, printers or files: it plans and builds kits with
:mod:`generator.kit`, loads themes and printer profiles with their own loaders (and shows their located
problems), draws previews with the renderers that return SVG, describes files in the print guide's words
and draws rule examples with the diagram functions. When the package's modules move, this is the one
module of the studio to change.
"""
from __future__ import annotations

from ..errors import Problem, SpecError, UserError, user_message
from ..fonts import REPORTLAB_FONTS
from ..game import Game, game_folders, load_game
from ..guide import ChecklistRow, GuideMaker, file_rows
from ..kitfiles import FileRow
from ..kit import Job, KitOptions, build, kit_options, parts_of, plan, theme_warnings
from ..outfiles import SAFE_NAME, inside, save_atomically
from ..piece_kit import PdfMaker
from ..play.diagram_art import draw_rule_example
from ..play.diagram_files import check_shown, shown_examples
from ..play.registry import rules_for
from ..printers import DEFAULT_PRINTER, load_printer, printer_path, profile_names
from ..progress import Progress, Written, human_size
from ..theme import DEFICIENCIES, ColourWarning, Theme, load_theme, simulated
from ..validate import matches
from ..yamlsource import load_document

__all__ = ["DEFAULT_PRINTER", "DEFICIENCIES", "REPORTLAB_FONTS", "SAFE_NAME", "ChecklistRow", "ColourWarning", "FileRow", "Game",
           "GuideMaker", "Job", "KitOptions", "PdfMaker", "Problem", "Progress", "SpecError", "Theme", "UserError",
           "Written", "build", "check_shown", "draw_rule_example", "file_rows", "game_folders", "human_size", "inside",
           "kit_options", "load_document", "load_game", "load_printer", "load_theme", "matches", "parts_of", "plan", "printer_path",
           "profile_names", "rules_for", "save_atomically", "shown_examples", "simulated", "theme_warnings",
           "user_message"]
