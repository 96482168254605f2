"""The spec model: the spec files read, checked and turned into the game, its board, theme, print formats,
printers, pieces, cards, mats and emblems. It imports nothing above it (only :mod:`generator.output`'s file
helpers and :mod:`generator.errors`)."""
