"""Record files written out by hand: the exact shape of a dump, every bound of a record
(seats at the table, names, players), and what a replay calls and refuses."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from partie.core import Record, get_game, replay
from partie.core.errors import BadRecord, PartieError

GAME = get_game("the-game")


def record_json(**change: Any) -> str:
    data: dict[str, Any] = {
        "format": "partie-record/1",
        "game": "the-game",
        "options": {"players": 2},
        "seed": 5,
        "players": ["Zoé", "Léo"],
        "actions": [],
        "result": None,
    }
    data.update(change)
    return json.dumps(data, ensure_ascii=False)


def first_moves() -> list[list[Any]]:
    """Seat 0's two smallest legal plays and the end of its turn, as JSON."""
    state = GAME.setup(GAME.parse_options({"players": 2}), 5)
    moves = []
    for _ in range(2):
        play = min(state.legal_plays(), key=lambda p: (p.card, p.pile))
        state.apply(0, play)
        moves.append([0, play.to_json()])
    moves.append([0, {"type": "end"}])
    return moves


def test_a_dump_is_this_json_with_one_space_indents_and_accents_kept() -> None:
    record = Record(game="the-game", options={"players": 2}, seed=5, players=["Zoé"])
    text = record.dump()
    assert json.loads(text) == {
        "format": "partie-record/1",
        "game": "the-game",
        "options": {"players": 2},
        "seed": 5,
        "players": ["Zoé"],
        "actions": [],
        "result": None,
    }
    assert '\n "format": "partie-record/1",' in text and "Zoé" in text


def test_a_record_loads_with_its_fields_and_defaults() -> None:
    moves = first_moves()
    record = Record.load(record_json(actions=moves))
    assert (record.game, record.options, record.seed) == ("the-game", {"players": 2}, 5)
    assert record.players == ["Zoé", "Léo"] and record.result is None
    assert record.actions == [(seat, action) for seat, action in moves]
    bare = Record.load(json.dumps({"game": "the-game", "seed": 0, "actions": []}))
    assert bare.options == {} and bare.players == [] and bare.result is None


@pytest.mark.parametrize(("seat", "ok"), [(0, True), (1, True), (2, False), (63, False)])
def test_a_move_s_seat_must_be_at_the_table(seat: int, ok: bool) -> None:
    moves = [[seat, {"type": "end"}]]
    if ok:
        assert Record.load(record_json(actions=moves)).actions[0][0] == seat
    else:
        with pytest.raises(BadRecord, match=f"pas de place {seat} à 2 joueurs"):
            Record.load(record_json(actions=moves))


@pytest.mark.parametrize(
    ("change", "ok"),
    [
        ({"players": ["x" * 200]}, True),
        ({"players": ["x" * 201]}, False),
        ({"players": ["p"] * 64}, True),
        ({"players": ["p"] * 65}, False),
        ({"game": "g" * 41}, False),
    ],
)
def test_bounds_of_names(change: dict, ok: bool) -> None:
    if ok:
        Record.load(record_json(**change))
    else:
        with pytest.raises(BadRecord):
            Record.load(record_json(**change))


def test_a_badly_written_move_is_refused_with_its_number() -> None:
    moves = first_moves()
    moves[1][1] = {**moves[1][1], "extra": 1}
    with pytest.raises(BadRecord, match="coup 2 : "):
        Record.load(record_json(actions=moves))
    with pytest.raises(BadRecord) as caught:
        Record.load(record_json(actions=moves))
    assert caught.value.en.startswith("record: move 2: ")


def test_replay_calls_back_before_each_move_in_order() -> None:
    moves = first_moves()
    seen: list[tuple[int, dict, int]] = []
    record = Record.load(record_json(actions=moves))
    state = replay(
        record, on_action=lambda s, seat, a: seen.append((seat, a.to_json(), len(s.history)))
    )
    assert seen == [(0, moves[i][1], i) for i in range(3)]
    assert len(state.history) == 3 and not state.is_over
    assert Record.of(state).result is None and Record.of(state).players == []
    assert Record.of(state, ["a", "b"]).players == ["a", "b"]


def test_a_recorded_result_the_replay_does_not_reach_is_refused() -> None:
    record = Record.load(record_json(actions=first_moves()))
    record.result = {"reason": "stuck"}
    with pytest.raises(BadRecord, match="résultat"):
        replay(record)


def test_save_refuses_to_overwrite_unless_forced(tmp_path: Path) -> None:
    record = Record.load(record_json())
    path = record.save(tmp_path / "r.json")
    assert path.read_text(encoding="utf-8") == record.dump() + "\n"
    with pytest.raises(PartieError):
        record.save(path, force=False)
    assert Record.read(record.save(path)) == record


def test_a_replay_never_reads_a_file_named_in_the_options() -> None:
    record = Record(game="tennis-mots", options={"lexicon": "/etc/hostname"}, seed=1)
    with pytest.raises(PartieError) as caught:
        replay(record)
    assert "built-in" in caught.value.en  # refused by name, the file never opened


def test_moves_may_list_their_keys_in_any_order() -> None:
    moves = first_moves()
    moves[0][1] = dict(reversed(list(moves[0][1].items())))
    assert Record.load(record_json(actions=moves)).actions[0][1] == moves[0][1]


def test_more_moves_than_the_bound_are_refused_before_any_is_read() -> None:
    moves = [[0, {"type": "end"}]] * 100_001
    with pytest.raises(BadRecord, match="actions"):
        Record.load(record_json(actions=moves))
