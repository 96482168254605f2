"""Counted nouns for messages: "1 problem", "3 problems", never "problem(s)"."""
from __future__ import annotations


def counted(number: int, noun: str, plural: str = "") -> str:
    """``number`` and ``noun``, the noun in the plural (``plural``, else ``noun`` + "s") unless the number is 1."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"
