"""Play: the contract every game's rules implement, the registry that finds them, and what is
written once against the contract (seeded self-play, recorded playthroughs, rule examples).

Nothing here knows a game by name: games live under :mod:`generator.games` and are found by
:mod:`generator.play.registry`.
"""
