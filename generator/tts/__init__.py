"""Export to Tabletop Simulator: a game's whole table, set up and ready to play, as a saved game.

``boardkit tts <game>`` (:func:`export_tts`) writes ``output/<game>/tts/``:
the save (``<Game name>.json``) and its thumbnail, the pictures it names and
the rulebook and player aid it shows. The board is a locked tile at the size
of a printed board with a snap point on every cell; every piece a two-sided
tile (or a standee) of its printed shape and size, drawn by the punch
sheets' renderer, in the numbers the punch sheets print, laid out as the
game's engine sets the game up (:mod:`.setup`; the rest in labelled bags);
decks as card sheets, shuffled and face down; mats as tiles.

Modules: :mod:`.units` (the table's unit and its objects' sizes, with the
documentation they come from), :mod:`.setup` (what a game lays out),
:mod:`.art` (the pictures), :mod:`.objects` (the save's objects),
:mod:`.table` (where everything lies), :mod:`.note` (the set-up notecard),
:mod:`.save` (the save and its JSON Schema, ``save.schema.json``) and
:mod:`.export` (checks and writing).
"""
from .export import Exported, TtsOptions, export_tts

__all__ = ["Exported", "TtsOptions", "export_tts"]
