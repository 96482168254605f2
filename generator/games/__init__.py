"""The games: one sub-package each, found by :mod:`generator.play.registry` (never imported by name)."""
