"""Golden playthroughs: the recorded seeded games replay exactly (regenerate with
``python -m generator.play.playthrough --write drako`` and read the diff)."""
from __future__ import annotations

import pytest
from drako_support import rules

from generator.games.drako import PLUGIN
from generator.play.playthrough import playthrough_text, recording_path
from generator.play.registry import Recording


@pytest.mark.parametrize("recording", PLUGIN.recordings, ids=[r.filename for r in PLUGIN.recordings])
def test_playthrough_replays(recording: Recording) -> None:
    stored = recording_path(recording).read_text(encoding="utf-8")
    assert playthrough_text(rules(), recording) == stored


def test_recordings_are_short_and_distinct() -> None:
    assert 2 <= len(PLUGIN.recordings) <= 3
    assert all(60 <= r.max_plies <= 120 for r in PLUGIN.recordings)
    assert len({r.seed for r in PLUGIN.recordings}) == len(PLUGIN.recordings)
