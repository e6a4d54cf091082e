"""Records round-trip as JSON and replay to the same game; bad records are refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from partie.core import Record, get_game, replay
from partie.core.errors import BadRecord
from partie.sim.runner import play_one

GAME = get_game("the-game")


def finished_record() -> Record:
    state = play_one(GAME, GAME.parse_options({"players": 2, "expert": True}), ("greedy",) * 2, 9)
    return Record.of(state, ["greedy", "greedy"])


def test_record_round_trip_and_replay(tmp_path: Path) -> None:
    record = finished_record()
    path = record.save(tmp_path / "game.json")
    loaded = Record.read(path)
    assert loaded == record
    assert loaded.options["expert"] is True
    state = replay(loaded)
    assert state.is_over and json.loads(json.dumps(state.result.to_json())) == record.result


def test_replay_refuses_a_tampered_move() -> None:
    record = finished_record()
    seat, action = record.actions[0]
    record.actions[0] = (seat, {**action, "card": 1})
    with pytest.raises(BadRecord, match="coup 1"):
        replay(record)


def test_replay_refuses_a_different_result() -> None:
    record = finished_record()
    record.result = {**record.result, "reason": "all_cards_played"}
    with pytest.raises(BadRecord, match="résultat"):
        replay(record)


@pytest.mark.parametrize(
    "text", ["", "{", "[]", '{"game": "the-game"}', '{"format": "x/9", "game": "the-game"}']
)
def test_unreadable_records(text: str) -> None:
    with pytest.raises(BadRecord):
        Record.load(text)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(BadRecord, match="introuvable"):
        Record.read(tmp_path / "nope.json")
