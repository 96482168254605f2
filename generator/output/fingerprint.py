"""Build fingerprints: a hash of every input of the kit, so an unchanged kit is not built again."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from .outfiles import save_atomically

REPO = Path(__file__).resolve().parents[2]
#: Folders whose files feed every kit: the specs, templates and code of the shared package.
INPUT_DIRS = ("specs", "templates", "generator")
#: Where each game keeps its own folders, below the repository: another game's files never count.
GAME_DIRS = ("specs", "templates", "generator/games")
INPUT_SUFFIXES = {".py", ".yaml", ".yml", ".j2", ".jinja", ".md", ".svg", ".txt", ".json", ".html", ".css"}
#: Libraries whose version changes the bytes written.
LIBRARIES = ("cairosvg", "cairocffi", "pikepdf", "reportlab", "rl-accel", "pypdfium2", "pillow")


def _games_folders(game_ids: set[str]) -> set[Path]:
    """The folders of every game but those named (they hold nothing the named games' kits read)."""
    others = set()
    for base in GAME_DIRS:
        root = REPO / base
        if root.is_dir():
            others |= {p for p in root.iterdir() if p.is_dir() and p.name not in game_ids
                       and ((p / "game.yaml").is_file() or (p / "__init__.py").is_file()
                            or (REPO / "specs" / p.name / "game.yaml").is_file())}
    return others


def game_folder(ref: str | Path) -> Path | None:
    """The folder of a game named (``dravakron``) or given as a folder, without loading it; None when there is none
    (loading the game then says what is wrong)."""
    for folder in (Path(ref), REPO / "specs" / str(ref)):
        if (folder / "game.yaml").is_file():
            return folder
    return None


def build_key(game_id: str, folder: Path, parts: tuple[str, ...] | None, formats: tuple[str, ...] | None,
              themes: tuple[str, ...] | None, printer: Path | None, previews: bool, cut: tuple[str, ...] = ()) -> str:
    """A fingerprint of a whole build: the game's inputs (with the theme and profile files named) and what was
    selected. A build whose key a folder's manifest records, with every file still there, has nothing to do."""
    named = tuple(sorted({Path(v) for v in (*(themes or ()), *((printer,) if printer else ()))
                          if str(v).endswith((".yaml", ".yml"))}))
    selection = f"{folder.resolve()}|{parts}|{formats}|{themes}|{printer}|{previews}" + (f"|{cut}" if cut else "")
    return hashlib.sha256(f"{inputs_digest(game_id, named)}|{selection}".encode()).hexdigest()


def inputs_digest(game_id: str, extra_files: tuple[Path, ...] = ()) -> str:
    """SHA-256 over one game's input files, the shared ones, files named on the command line, and library versions.

    The folders of other games are left out, so editing one game's specs rebuilds only that game.
    A game's Python package may be named with underscores where its folders use dashes.
    """
    digest = hashlib.sha256()
    skipped = _games_folders({game_id, game_id.replace("-", "_")})
    for folder in INPUT_DIRS:
        root = REPO / folder
        if not root.is_dir():
            continue
        for path in sorted(p for p in root.rglob("*") if p.is_file() and p.suffix in INPUT_SUFFIXES
                           and "__pycache__" not in p.parts and not skipped.intersection(p.parents)):
            digest.update(str(path.relative_to(REPO)).encode())
            digest.update(path.read_bytes())
    for path in extra_files:
        digest.update(str(path).encode())
        digest.update(path.read_bytes() if path.is_file() else b"missing")
    from importlib import metadata  # imported here, when first needed, to keep start-up fast

    for name in LIBRARIES:
        try:
            digest.update(f"{name}={metadata.version(name)}".encode())
        except metadata.PackageNotFoundError:
            digest.update(f"{name}=none".encode())
    return digest.hexdigest()


#: The manifest's entry that holds whole builds (:func:`build_key`), beside the files' own entries.
BUILDS = ".builds"
#: How many different selections of one folder the manifest remembers as whole builds.
BUILDS_KEPT = 8


class Manifest:
    """The fingerprints of the files in one output folder, kept in ``.build-manifest.json``; and of the last whole
    builds made there, with their files and warnings, so that one with nothing to do is answered at once."""

    def __init__(self, folder: Path):
        self.path = folder / ".build-manifest.json"
        try:
            self.entries: dict[str, Any] = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            self.entries = {}

    def is_current(self, name: str, fingerprint: str, outputs: list[Path]) -> bool:
        """True when ``name`` was last built from ``fingerprint`` and all its outputs still exist."""
        entry = self.entries.get(name)
        return isinstance(entry, list) and entry[0] == fingerprint and all(p.is_file() for p in outputs)

    def pages(self, name: str) -> int:
        """The page count recorded when ``name`` was built."""
        return int(self.entries[name][1])

    def build(self, key: str) -> dict[str, Any] | None:
        """The whole build of ``key`` as recorded (files: name, pages, outputs; warnings), if every output of it is
        still there."""
        builds = self.entries.get(BUILDS)
        found = next((b for b in builds if isinstance(b, dict) and b.get("key") == key), None) \
            if isinstance(builds, list) else None
        if found is None or not all((self.path.parent / out).is_file()
                                    for _, _, outputs in found["files"] for out in outputs):
            return None
        return found

    def record_build(self, key: str, files: list[tuple[str, int, list[str]]], warnings: list[str]) -> None:
        """Remember a whole build that ended well: its files (name, pages, outputs) and the warnings it gave."""
        builds = self.entries.get(BUILDS)
        kept = [b for b in (builds if isinstance(builds, list) else []) if isinstance(b, dict) and b.get("key") != key]
        self.entries[BUILDS] = kept[-(BUILDS_KEPT - 1):] + [{"key": key, "files": [list(f) for f in files],
                                                             "warnings": warnings}]
        save_atomically(self.path, (json.dumps(self.entries, indent=1, sort_keys=True) + "\n").encode("utf-8"))

    def record(self, name: str, fingerprint: str, pages: int) -> None:
        """Remember that ``name`` was built from ``fingerprint`` (written at once, so an interrupted build keeps it)."""
        self.entries[name] = [fingerprint, pages]
        save_atomically(self.path, (json.dumps(self.entries, indent=1, sort_keys=True) + "\n").encode("utf-8"))
