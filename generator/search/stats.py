"""The figures of many games: shares with their 95 % Wilson intervals, and quartiles of lengths."""
from __future__ import annotations

import math
from statistics import quantiles
from typing import Sequence

#: The normal quantile of a two-sided 95 % interval.
Z95 = 1.959963984540054


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share (95 % by default), as fractions; (0, 1) when there are no trials."""
    if trials <= 0:
        return (0.0, 1.0)
    share = successes / trials
    denominator = 1 + z * z / trials
    centre = (share + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def quartiles(values: Sequence[float]) -> tuple[float, float, float]:
    """The first quartile, the median and the third quartile (inclusive method; a lone value for all three)."""
    if not values:
        raise ValueError("no values")
    if len(values) == 1:
        return (values[0], values[0], values[0])
    first, median, third = quantiles(sorted(values), n=4, method="inclusive")
    return (first, median, third)


def percent(share: float) -> str:
    """A fraction as a percentage with one decimal: ``0.4567`` -> ``45.7 %``."""
    return f"{100 * share:.1f} %"
