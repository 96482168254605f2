"""Recorded playthroughs: regenerating each seeded game must give exactly the stored text.

A failure means the engine now behaves differently. Read the diff; if the
change is intended, rewrite the files with
``python -m generator.rules.playthrough --write`` and commit them.
"""
from __future__ import annotations

import difflib

import pytest

from generator.rules.playthrough import PLAYTHROUGH_DIR, RECORDINGS, Recording, regenerate

FRESH = regenerate()


@pytest.mark.parametrize("name", sorted(FRESH))
def test_playthrough_matches_the_recording(name: str) -> None:
    fresh, stored = FRESH[name]
    assert stored is not None, f"{PLAYTHROUGH_DIR / name} is missing: run python -m generator.rules.playthrough --write"
    if fresh != stored:
        diff = difflib.unified_diff(stored.splitlines(), fresh.splitlines(), "recorded", "engine now", lineterm="", n=2)
        pytest.fail(f"{name} changed (rewrite with python -m generator.rules.playthrough --write if intended):\n"
                    + "\n".join(list(diff)[:60]))


@pytest.mark.parametrize("recording", RECORDINGS, ids=lambda r: r.filename)
def test_each_recording_ends_as_promised(recording: Recording) -> None:
    fresh, _ = FRESH[recording.filename]
    winners = [line for line in fresh.splitlines() if line.startswith("winner:")]
    if recording.ending is None:
        assert not winners
    else:
        assert winners and winners[-1].endswith(f"({recording.ending})")
