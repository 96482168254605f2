"""The rulebook and the player aid, written from templates and laid out as print-ready PDFs.

Templates (``templates/rulebook/``) are jinja2 files in a small markup
(:mod:`.markup`); they take every number and name from the specs
(:mod:`.facts`) and name their figures (:mod:`.figures`). :mod:`.book` lays
them out in A4, US Letter and A5, :mod:`.booklet` imposes the A5 pages for
saddle stitching, :mod:`.aid` makes the player aid, and :mod:`.files` hands
the kit its files.
"""
from .files import book_files, player_aid_files

__all__ = ["book_files", "player_aid_files"]
