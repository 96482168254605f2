"""Pausing Python's cyclic garbage collector while a command or a build job makes what it keeps or drops at once."""
from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector for the block: the commands while they load what they keep to their end
    (modules, the game, the books' text), and each job of a build (see ``generator.kit``), where the collector would
    only walk the same objects again and again. It runs again, if it was running, when the block ends."""
    running = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if running:
            gc.enable()
