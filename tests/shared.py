"""Expensive builds made once per test run, however many processes pytest-xdist spreads the tests over.

Each xdist worker has a test session of its own, so a session fixture alone builds the same kit once in every
worker. :func:`shared_folder` builds it once per run: the first process to ask builds it in the run's shared
temporary folder behind a file lock, the others wait for it and read the same files (the pattern pytest-xdist's
documentation gives for session data). Without xdist it is a folder of the session's temporary folder.
"""
from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Callable

import pytest
from filelock import FileLock


def shared_folder(tmp_path_factory: pytest.TempPathFactory, name: str, make: Callable[[Path], object]) -> Path:
    """The folder ``name`` that ``make(folder)`` fills, made once for every test process of this run.

    The files are read by tests in several processes at once: a test must not change them (copy them first).
    A build that failed part-way is made again by the next process that asks, which then fails the same way.
    """
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent  # the folder that holds every worker's own temporary folder
    folder, done = base / f"shared-{name}", base / f"shared-{name}.done"
    with FileLock(str(base / f"shared-{name}.lock")):
        if not done.exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir(parents=True)
            make(folder)
            done.touch()
    return folder
