"""Deals files: read, checked by the game, one-line errors naming file and line."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import pytest

from partie.core import get_game
from partie.core.errors import BadOptions
from partie.core.game import Game
from partie.sim.deals import BadDeals, read_deals, write_deals
from partie.sim.runner import SimulationSpec, run_simulation

GAME = get_game("the-game")


def shuffled(seed: int) -> list[int]:
    deal = list(range(2, 100))
    random.Random(seed).shuffle(deal)
    return deal


def test_round_trip_with_comments_and_blank_lines(tmp_path: Path) -> None:
    deals = [tuple(shuffled(i)) for i in range(3)]
    path = tmp_path / "deals.jsonl"
    write_deals(path, deals)
    text = "# three deals\n\n" + path.read_text()
    path.write_text(text)
    assert read_deals(path, GAME) == tuple(deals)


@pytest.mark.parametrize(
    "line,reason",
    [
        ("[2, 3,", "invalid JSON"),
        ('{"deal": 1}', "JSON array of integers"),
        ("[2, 3, 4]", "98 cards"),
        (json.dumps([2, *range(2, 99)]), "98 cards"),
        (json.dumps([*range(2, 99), 1.5]), "JSON array of integers"),
    ],
)
def test_bad_line_names_file_and_line(tmp_path: Path, line: str, reason: str) -> None:
    path = tmp_path / "deals.jsonl"
    path.write_text(json.dumps(shuffled(1)) + "\n# comment\n" + line + "\n")
    with pytest.raises(BadDeals) as info:
        read_deals(path, GAME)
    message = info.value.message("en")
    assert message.startswith(f"{path}:3: ")
    assert reason in message
    assert "\n" not in message


def test_missing_and_empty_files(tmp_path: Path) -> None:
    with pytest.raises(BadDeals, match="introuvable"):
        read_deals(tmp_path / "nope.jsonl", GAME)
    (tmp_path / "empty.jsonl").write_text("# nothing\n")
    with pytest.raises(BadDeals):
        read_deals(tmp_path / "empty.jsonl", GAME)


@dataclasses.dataclass(frozen=True)
class CoinOptions:
    players: int = 1


class CoinGame(Game):
    """A game whose options have no deal: deals files must be refused for it."""

    id = "coin"
    name = "Coin"
    min_players = 1
    max_players = 1

    def parse_options(
        self, data: dict[str, Any] | None = None, *, trusted: bool = True
    ) -> CoinOptions:
        return CoinOptions(**(data or {}))

    def setup(self, options: Any, seed: int) -> Any:
        raise NotImplementedError

    def action_from_json(self, data: Any) -> Any:
        raise NotImplementedError

    def bot_names(self) -> list[str]:
        return []

    def make_bot(self, spec: str, seed: int = 0) -> Any:
        raise NotImplementedError


def test_game_without_deals_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "deals.jsonl"
    write_deals(path, [tuple(shuffled(0))])
    with pytest.raises(BadOptions, match="does not take fixed deals"):
        try:
            read_deals(path, CoinGame())
        except BadOptions as exc:
            raise BadOptions(exc.en) from None


def test_games_are_played_on_the_deals(tmp_path: Path) -> None:
    deals = tuple(tuple(shuffled(10 + i)) for i in range(4))
    spec = SimulationSpec(
        game="the-game",
        options={"players": 2},
        bots=("greedy", "greedy"),
        games=4,
        seed=3,
        keep_records=True,
        deals=deals,
    )
    outcomes = run_simulation(spec, workers=1)
    for outcome, deal in zip(outcomes, deals, strict=True):
        record = json.loads(outcome.record)
        assert tuple(record["options"]["deal"]) == deal
    # the seed does not change a fixed deal's first hands
    other = run_simulation(dataclasses.replace(spec, seed=4), workers=1)
    for a, b in zip(outcomes, other, strict=True):
        assert json.loads(a.record)["options"]["deal"] == json.loads(b.record)["options"]["deal"]


def test_more_games_than_deals_is_refused() -> None:
    spec = SimulationSpec(
        game="the-game",
        options={"players": 1},
        bots=("greedy",),
        games=3,
        seed=0,
        deals=(tuple(shuffled(0)),),
    )
    with pytest.raises(BadOptions):
        spec.check()
