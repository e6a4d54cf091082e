"""Fixtures of the server tests: a real SQLite file in a temporary folder, the real app."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from serverkit import make_client
from starlette.testclient import TestClient

from partie.server.limits import RATES


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "partie.sqlite3"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with make_client(db) as c:
        yield c


@pytest.fixture
def limited(db: Path) -> Iterator[TestClient]:
    """The app with its real allowances per address (every page of a test client has
    the same address)."""
    with make_client(db, rates=RATES) as c:
        yield c
