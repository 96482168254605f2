"""Drako's printed kit: the card and mat files, and its part of the rulebook (the cards' symbols are emblems in
``specs/drako/emblems/``).

Cards and mats are built from the engine's own spec files (``decks.yaml`` and
``mats.yaml``) with the shared card and mat composers, so the printed decks
and mats can never disagree with the decks and mats the rules play with.
"""
