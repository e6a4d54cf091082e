"""Fixtures of the server tests: a real SQLite file in a temporary folder, the real app."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from serverkit import make_client
from starlette.testclient import TestClient


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "partie.sqlite3"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with make_client(db) as c:
        yield c
