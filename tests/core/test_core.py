"""Errors, options, seeds and the registry."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from partie.core import BadOptions, IllegalAction, PartieError, UnknownGame, get_game
from partie.core.options import options_from_json, options_to_json
from partie.core.registry import available_games
from partie.core.rng import derive_seed


def test_errors_carry_code_and_both_languages() -> None:
    error = IllegalAction("pas ici", "not here", code="nope")
    assert isinstance(error, ValueError) and isinstance(error, PartieError)
    assert str(error) == "pas ici" and error.message("en") == "not here"
    assert error.to_json() == {"code": "nope", "fr": "pas ici", "en": "not here"}


@dataclass(frozen=True)
class Opts:
    players: int = 2
    fast: bool = False
    name: str | None = None
    deal: tuple[int, ...] | None = None


def test_options_from_and_to_json() -> None:
    opts = options_from_json(Opts, {"players": 3, "deal": [1, 2]})
    assert opts == Opts(players=3, deal=(1, 2))
    assert options_to_json(opts) == {"players": 3, "fast": False, "name": None, "deal": [1, 2]}


@pytest.mark.parametrize(
    "data,words",
    [({"speed": 1}, "inconnue"), ({"players": "2"}, "type"), ({"fast": 1}, "type"),
     ({"players": True}, "type")],
)  # fmt: skip
def test_bad_options(data: dict, words: str) -> None:
    with pytest.raises(BadOptions, match=words):
        options_from_json(Opts, data)


def test_derived_seeds_are_stable_and_distinct() -> None:
    assert derive_seed(1, 0) == derive_seed(1, 0)
    seeds = {derive_seed(1, i) for i in range(10_000)}
    assert len(seeds) == 10_000 and all(0 <= s < 2**63 for s in seeds)
    assert derive_seed(1, 0) != derive_seed(2, 0)


def test_registry() -> None:
    assert "the-game" in available_games()
    assert get_game("the-game").id == "the-game"
    with pytest.raises(UnknownGame, match="the-game"):
        get_game("chess")
