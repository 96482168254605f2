"""The studio's fixtures: one studio per test session, reached through the framework's test client."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from generator.studio.app import Studio, create_app
from studiokit import BASE, PORT, TOKEN


@pytest.fixture(scope="session")
def studio_out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The studio's output folder."""
    return tmp_path_factory.mktemp("studio-out")


@pytest.fixture(scope="session")
def app(studio_out: Path) -> object:
    """One studio application for the session."""
    return create_app(Studio(studio_out, TOKEN, PORT))


@pytest.fixture(scope="session")
def client(app: object) -> Iterator[TestClient]:
    """A browser that opened the studio's address (token in it), and so holds the token's cookie."""
    with TestClient(app, base_url=BASE) as browser:  # type: ignore[arg-type]
        opened = browser.get(f"/?token={TOKEN}", follow_redirects=False)
        assert opened.status_code == 303
        yield browser


@pytest.fixture()
def stranger(app: object) -> TestClient:
    """A browser without the token (it shares the session's studio; its start and end are the session's)."""
    return TestClient(app, base_url=BASE)  # type: ignore[arg-type]
