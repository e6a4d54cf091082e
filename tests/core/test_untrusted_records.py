"""Records and options from untrusted sources: no file of the machine is named, every
field is strictly typed, tampered records are refused before any replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from partie.core import Record, get_game, replay
from partie.core.errors import BadOptions, BadRecord, PartieError
from partie.games.tennis_quizz.decks import inline_deck_id
from partie.games.tennis_quizz.game import deck_options
from partie.sim.runner import play_one
from quizz_decks import deck_toml

THE_GAME = get_game("the-game")
MOTS = get_game("tennis-mots")
QUIZZ = get_game("tennis-quizz")


@pytest.fixture(scope="module")
def good() -> dict:
    state = play_one(THE_GAME, THE_GAME.parse_options({"players": 2}), ("greedy",) * 2, 7)
    return json.loads(Record.of(state, ["greedy", "greedy"]).dump())


def mots_record(options: dict) -> str:
    return json.dumps({"game": "tennis-mots", "options": options, "seed": 1, "actions": []})


@pytest.mark.parametrize("path", ["/dev/zero", "/etc/hostname", "../x.txt", "deck.toml"])
@pytest.mark.parametrize("key", ["lexicon", "deck"])
def test_a_record_never_names_a_file(key: str, path: str) -> None:
    with pytest.raises(BadRecord, match=f"option {key}"):
        Record.load(mots_record({key: path}))


def test_a_record_may_name_the_builtin_ones() -> None:
    record = Record.load(mots_record({"lexicon": "default", "deck": None}))
    assert replay(record).game.id == "tennis-mots"


def test_cli_options_stay_trusted() -> None:
    with pytest.raises(PartieError, match="/nonexistent"):  # read, so the error names it
        MOTS.parse_options({"lexicon": "/nonexistent/words.txt"})


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"seed": 7.9}, "seed"),
        ({"seed": "7"}, "seed"),
        ({"seed": -7}, "seed"),
        ({"seed": True}, "seed"),
        ({"seed": 2**64}, "seed"),
        ({"options": {"players": "abc"}}, "players"),
        ({"options": {"players": 99999999999999}}, "players"),
        ({"options": None}, "options"),
        ({"format": "partie-record/9"}, "format"),
        ({"surprise": 1}, "surprise"),
    ],
)
def test_tampered_fields_are_refused(good: dict, change: dict, field: str) -> None:
    with pytest.raises(BadRecord, match=field):
        Record.load(json.dumps({**good, **change}))


def test_tampered_moves_are_refused(good: dict) -> None:
    seat, action = good["actions"][0]
    bad_moves = [
        [0.9, action],
        [True, action],
        [5, action],  # no seat 5 at a two-player table
        [seat, {**action, "extra": 1}],
        [seat, {**action, "card": float(action["card"])}],
        [seat, action, "third"],
    ]
    for move in bad_moves:
        tampered = {**good, "actions": [move, *good["actions"][1:]]}
        with pytest.raises(BadRecord, match=r"actions|move|coup"):
            Record.load(json.dumps(tampered))
    assert replay(Record.load(json.dumps(good))).is_over


def test_choice_must_be_written_as_a_letter() -> None:
    state = QUIZZ.setup(QUIZZ.parse_options({}), 3)
    record = Record.of(state)
    choose = {"type": "choose", "choice": "A"}
    with_number = {"type": "choose", "choice": 1}
    assert QUIZZ.action_from_json(choose).to_json() == choose
    data = json.loads(record.dump())
    data["actions"] = [[0, with_number]]
    with pytest.raises(BadRecord, match=r"move 1|coup 1"):
        Record.load(json.dumps(data))


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"game": "the-game", "seed": Infinity, "actions": []}',
        '{"game": "the-game", "seed": 1e400, "actions": []}',
        '{"game": "the-game", "seed": ' + "9" * 5000 + ', "actions": []}',
    ],
)
def test_malformed_json_is_one_clean_error(text: str) -> None:
    with pytest.raises(BadRecord):
        Record.load(text)


@pytest.mark.parametrize("encoding", ["utf-16", "latin-1"])
def test_other_encodings_are_refused(good: dict, encoding: str) -> None:
    text = json.dumps({**good, "players": ["Élodie", "Zoë"]}, ensure_ascii=False)
    with pytest.raises(BadRecord, match="UTF-8"):
        Record.load(text.encode(encoding))


def test_a_custom_quizz_deck_travels_inline(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(deck_toml(12, "mine"), encoding="utf-8")
    options = deck_options(str(path))
    assert options["deck"] == inline_deck_id(options["deck_text"])
    assert options["deck"].startswith("sha256:") and len(options["deck"]) == 7 + 16
    state = play_one(QUIZZ, QUIZZ.parse_options(options), ("quiz",) * 2, 5)
    path.unlink()  # the record needs the file no more
    again = replay(Record.load(Record.of(state).dump()))
    assert again.fingerprint() == state.fingerprint()
    view = json.dumps(again.view(0))
    assert options["deck_text"][:60] not in view and "mine" in view
    assert "deck_text" in QUIZZ.private_options


def test_inline_deck_hash_and_size_are_checked() -> None:
    text = deck_toml(12, "mine")
    with pytest.raises(BadOptions, match="sha256"):
        QUIZZ.parse_options({"deck": "sha256:0000000000000000", "deck_text": text})
    with pytest.raises(BadOptions, match="deck_text"):
        QUIZZ.parse_options({"deck": "sha256:0000000000000000"})
    big = text + "#" * (1024 * 1024)
    with pytest.raises(BadOptions, match="1 Mi"):
        QUIZZ.parse_options({"deck": inline_deck_id(big), "deck_text": big})
    bad = text.replace("difficulty = 1", "difficulty = 1.0", 1)
    with pytest.raises(PartieError, match="difficult"):
        QUIZZ.parse_options({"deck": inline_deck_id(bad), "deck_text": bad})


@pytest.mark.parametrize("deck", ["fr-starter", "/etc/hostname", "fr-starter,/etc/hostname"])
def test_untrusted_quizz_deck_is_builtin_or_inline(deck: str) -> None:
    if deck == "fr-starter":
        assert QUIZZ.parse_options({"deck": deck}, trusted=False).deck == deck
    else:
        with pytest.raises(BadOptions, match=r"built-in|intégré"):
            QUIZZ.parse_options({"deck": deck}, trusted=False)


def test_a_large_inline_deck_replays(tmp_path: Path) -> None:
    path = tmp_path / "large.toml"
    path.write_text(deck_toml(90, "large"), encoding="utf-8")
    options = deck_options(str(path))
    assert len(options["deck_text"]) > 100_000  # longer than any other text of a record
    state = QUIZZ.setup(QUIZZ.parse_options(options), 8)
    loaded = Record.load(Record.of(state).dump())
    assert loaded.options["deck"] == options["deck"]
