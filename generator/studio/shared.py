"""What the studio takes from the shared package, in one place: the functions the command line calls.

The studio keeps no copy of a rule about kits, themes, printers or files: it plans and builds kits with
:mod:`generator.kit`, loads themes and printer profiles with their own loaders (and shows their located
problems), draws previews with the renderers that return SVG, describes files in the print guide's words
and draws rule examples with the diagram functions. When the package's modules move, this is the one
module of the studio to change.
"""
from __future__ import annotations

from ..cutfiles.files import cut_file_words
from ..cutfiles.machines import MACHINES, check_machines
from ..errors import Problem, SpecError, UserError, user_message
from ..output.fonts import REPORTLAB_FONTS
from ..model.game import Game, game_folders, load_game
from ..kit.guide import ChecklistRow, GuideMaker, file_rows, guide_context
from ..kit.kitfiles import FileRow
from ..kit import PARTS, Job, KitOptions, build, kit_options, parts_of, plan, theme_warnings
from ..output.outfiles import SAFE_NAME, inside, save_atomically
from ..kit.piece_kit import PdfMaker
from ..rulebook.diagram_art import draw_rule_example
from ..rulebook.diagram_files import check_shown, shown_examples
from ..play.registry import rules_for
from ..model.printers import DEFAULT_PRINTER, load_printer, printer_path, profile_names
from ..output.progress import Progress, Written, human_size
from ..model.theme import DEFICIENCIES, ColourWarning, Theme, load_theme, simulated
from ..model.validate import matches
from ..model.yamlsource import load_document

__all__ = ["DEFAULT_PRINTER", "DEFICIENCIES", "MACHINES", "PARTS", "REPORTLAB_FONTS", "SAFE_NAME", "ChecklistRow", "ColourWarning", "FileRow", "Game",
           "GuideMaker", "Job", "KitOptions", "PdfMaker", "Problem", "Progress", "SpecError", "Theme", "UserError",
           "Written", "build", "check_machines", "check_shown", "cut_file_words", "draw_rule_example", "file_rows", "game_folders", "guide_context", "human_size", "inside",
           "kit_options", "load_document", "load_game", "load_printer", "load_theme", "matches", "parts_of", "plan", "printer_path",
           "profile_names", "rules_for", "save_atomically", "shown_examples", "simulated", "theme_warnings",
           "user_message"]
