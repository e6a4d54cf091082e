"""Small generated decks for Tennis Quizz tests (the starter deck lives elsewhere)."""

from __future__ import annotations

from pathlib import Path

import pytest

from quizz_decks import deck_toml


@pytest.fixture(scope="session")
def small_deck(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Six cards: three a side, so piles run out and discards are reshuffled."""
    path = tmp_path_factory.mktemp("decks") / "small.toml"
    path.write_text(deck_toml(6, "small"), encoding="utf-8")
    return path


@pytest.fixture(scope="session")
def tiny_deck(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The smallest deck a match accepts: four cards, two a side."""
    path = tmp_path_factory.mktemp("decks") / "tiny.toml"
    path.write_text(deck_toml(4, "tiny"), encoding="utf-8")
    return path
