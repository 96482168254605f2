"""The own-words check without the source rulebooks: hashes of their eight-word runs, kept in the repo.

Every sentence the kit prints must be the project's own. The source texts sit
outside the repository, so the tests compare against
``tests/data/seed-runs.txt``: one short hash per run of eight consecutive
words of every source rulebook, never the words themselves. Rebuild it when
the sources change::

    python tests/own_words.py <folder holding the source rulebooks>
"""
from __future__ import annotations

import hashlib
import re
import sys
from pathlib import Path

#: How many consecutive words make a run.
RUN = 8
#: The hashes of every run of the source rulebooks.
SEED_RUNS = Path(__file__).resolve().parent / "data" / "seed-runs.txt"


def words(text: str) -> list[str]:
    """The words of a text, lower case, apostrophes kept inside words."""
    return re.findall(r"[a-z0-9]+(?:'[a-z]+)?", text.lower().replace("\u2019", "'"))


def run_hash(run: tuple[str, ...] | list[str]) -> str:
    """A short stable hash of one run of words."""
    return hashlib.blake2b(" ".join(run).encode(), digest_size=6).hexdigest()


def seed_hashes() -> set[str]:
    """The stored hashes."""
    return set(SEED_RUNS.read_text(encoding="ascii").split())


def copied_runs(text: str, hashes: set[str], exempt: set[str], n: int = RUN) -> list[str]:
    """Runs of ``n`` or more words of ``text`` whose every ``n``-word window is a source run.

    Names and lists aside: a window is let through when at least half its
    words are ``exempt`` names or contain digits (counts, square names).
    """
    mine = words(text)
    runs, i = [], 0
    while i <= len(mine) - n:
        window = mine[i:i + n]
        listy = sum(w in exempt or any(c.isdigit() for c in w) for w in window) * 2 >= n
        if run_hash(window) in hashes and not listy:
            j = i + n
            while j < len(mine) and run_hash(mine[j - n + 1:j + 1]) in hashes:
                j += 1
            runs.append(" ".join(mine[i:j]))
            i = j
        else:
            i += 1
    return runs


def hashes_of(text: str, n: int = RUN) -> set[str]:
    """The hashes of every ``n``-word run of a text."""
    ws = words(text)
    return {run_hash(ws[i:i + n]) for i in range(len(ws) - n + 1)}


def main(argv: list[str]) -> int:
    """Write the hash file from a folder of source rulebooks (``*.txt``)."""
    if len(argv) != 1 or not Path(argv[0]).is_dir():
        print("usage: python tests/own_words.py <folder of source rulebooks>", file=sys.stderr)
        return 2
    found: set[str] = set()
    for path in sorted(Path(argv[0]).glob("*.txt")):
        if path.name.lower() != "readme.txt":
            found |= hashes_of(path.read_text(encoding="utf-8", errors="replace"))
    SEED_RUNS.parent.mkdir(parents=True, exist_ok=True)
    SEED_RUNS.write_text("\n".join(sorted(found)) + "\n", encoding="ascii")
    print(f"wrote {len(found)} run hashes to {SEED_RUNS}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
