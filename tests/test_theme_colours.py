"""The inks a drawing chooses (contrast, readable_on) are computed without coloraide, and give what coloraide gives,
to the last bit: the same colours in every file, the same verdict at every threshold; the label check that reads a
printed page's pixels measures contrast with the same formula."""
from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

from coloraide import Color

from generator.model.theme import contrast, readable_on
from generator.output.inspect_pdf import contrast_ratio

REPO = Path(__file__).resolve().parent.parent


def _coloraide_readable_on(colour: str, background: str, minimum: float) -> str:
    """What readable_on chose when coloraide mixed the colours: the reference."""
    c = Color(colour)
    for towards in ("black", "white"):
        for step in range(21):
            candidate = c.mix(Color(towards), step / 20, space="srgb")
            if candidate.contrast(Color(background)) >= minimum:
                return str(candidate.to_string(hex=True))
    black, white = Color("#000000").contrast(Color(background)), Color("#ffffff").contrast(Color(background))
    return "#000000" if black >= white else "#ffffff"


def _sample(seed: int, count: int) -> list[str]:
    rnd = random.Random(seed)
    return [f"#{rnd.randrange(1 << 24):06x}" for _ in range(count)]


def test_contrast_is_coloraides_to_the_bit() -> None:
    ones = [f"#{v:02x}0000" for v in range(256)] + [f"#00{v:02x}00" for v in range(256)]
    ones += [f"#0000{v:02x}" for v in range(256)]
    for a in ones:
        assert contrast(a, "#ffffff") == Color(a).contrast(Color("#ffffff")), a
    colours = _sample(1, 3000)
    for a, b in zip(colours, colours[1:]):
        assert contrast(a, b) == Color(a).contrast(Color(b)), (a, b)
    assert contrast("red", "white") == Color("red").contrast(Color("white"))  # other notations still work


def test_a_printed_pages_pixels_are_measured_as_a_theme_measures_its_colours() -> None:
    rnd = random.Random(4)
    for _ in range(3000):
        a = (rnd.randrange(256), rnd.randrange(256), rnd.randrange(256))
        b = (rnd.randrange(256), rnd.randrange(256), rnd.randrange(256))
        assert contrast_ratio(a, b) == Color("#%02x%02x%02x" % a).contrast(Color("#%02x%02x%02x" % b)), (a, b)
    assert round(contrast_ratio((0, 0, 0), (255, 255, 255)), 9) == 21.0


def test_readable_on_mixes_as_coloraide_does() -> None:
    rnd = random.Random(2)
    darkened = lightened = 0
    for colour in _sample(3, 1500):
        v = rnd.randrange(40, 200)
        ground = f"#{v:02x}{rnd.randrange(40, 200):02x}{v:02x}"
        minimum = rnd.choice((3.0, 4.5, 7.0))
        chosen = readable_on(colour, ground, minimum)
        assert chosen == _coloraide_readable_on(colour, ground, minimum), (colour, ground, minimum)
        darkened += chosen != colour and contrast(chosen, "#000000") < contrast(colour, "#000000")
        lightened += chosen != colour and contrast(chosen, "#ffffff") < contrast(colour, "#ffffff")
    assert darkened > 100 and lightened > 100  # both ways of mixing were tried
    assert readable_on("#FFD700", "#FFFFFF") == _coloraide_readable_on("#FFD700", "#FFFFFF", 4.5)


def test_a_diagram_starts_without_loading_coloraide(tmp_path: Path) -> None:
    script = ("import sys; from generator.cli import main; "
              f"code = main(['diagram', '--game', 'dravakron', 'bomb-reach', '--out', r'{tmp_path / 'd.svg'}']); "
              "print('coloraide' in sys.modules); sys.exit(code)")
    done = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, check=True)
    assert done.stdout.splitlines()[-1] == "False" and (tmp_path / "d.svg").stat().st_size > 1000
