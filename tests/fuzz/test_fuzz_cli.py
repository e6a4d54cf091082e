"""Malformed records, deals files, decks, importer files and arguments thrown at the CLI
entry points: each run either works or ends with exit 2 and one line, no traceback, and
nothing written. In-process through ``run_cli`` (fast), plus a few real subprocesses
under a memory limit.

Bounded so that CI stays quick: a fixed number of examples per entry point, no deadline
per example (the machine is shared), derandomised so a failure replays.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import resource
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from partie.cli import cli
from partie.cli.common import run_cli
from partie.core import Record, get_game
from partie.sim.runner import play_one
from quizz_decks import deck_toml

FUZZ = settings(
    max_examples=100,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

GAME = get_game("the-game")
GOOD_RECORD = json.loads(
    Record.of(play_one(GAME, GAME.parse_options({"players": 2}), ("greedy",) * 2, 3)).dump()
)
GOOD_DECK = deck_toml(2, "fuzz")

json_leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=20),
)
json_value = st.recursive(
    json_leaf,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
nasty_text = st.sampled_from(
    [
        "[" * 5000 + "]" * 5000,
        '{"a": Infinity}',
        "1e400",
        "9" * 5000,
        "\x00",
        "NaN",
        "{}",
        "null",
        '"\udcff"',
        "/dev/zero",
        "/etc/hostname",
    ]
)


@contextlib.contextmanager
def fresh() -> Iterator[Path]:
    """A new empty folder for each example (pytest's ``tmp_path`` is shared by all)."""
    with tempfile.TemporaryDirectory(prefix="partie-fuzz-") as name:
        yield Path(name)


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = run_cli(cli, argv)
    return code, out.getvalue(), err.getvalue()


def check_clean(code: int, err: str, folder: Path, before: set[str]) -> None:
    """Works, or: exit 2, one line, no traceback, nothing new in ``folder``."""
    assert "Traceback" not in err
    if code == 0:
        return
    assert code == 2, err
    assert len(err.strip().splitlines()) == 1, err
    assert {p.name for p in folder.iterdir()} == before


def mutate_record(data: dict, key: str, value: object) -> dict:
    out = dict(data)
    if key == "action":
        out["actions"] = [[0, value], *out["actions"][1:]]
    elif key == "seat":
        out["actions"] = [[value, out["actions"][0][1]], *out["actions"][1:]]
    elif key == "options.players":
        out["options"] = {**out["options"], "players": value}
    else:
        out[key] = value
    return out


@FUZZ
@given(
    key=st.sampled_from(
        [
            *("game", "seed", "options", "actions", "players", "result", "format"),
            *("action", "seat", "options.players", "extra"),
        ]
    ),
    value=json_value,
)
def test_tampered_records(key: str, value: object) -> None:
    with fresh() as tmp_path:
        path = tmp_path / "r.json"
        path.write_text(json.dumps(mutate_record(GOOD_RECORD, key, value)), encoding="utf-8")
        before = {p.name for p in tmp_path.iterdir()}
        code, _out, err = run(["replay", "-q", str(path)])
        check_clean(code, err, tmp_path, before)


@FUZZ
@given(
    data=st.one_of(
        st.binary(max_size=300), nasty_text.map(lambda t: t.encode("utf-8", "surrogatepass"))
    )
)
def test_garbage_records(data: bytes) -> None:
    with fresh() as tmp_path:
        path = tmp_path / "r.json"
        path.write_bytes(data)
        before = {p.name for p in tmp_path.iterdir()}
        code, _out, err = run(["replay", "-q", str(path)])
        assert code == 2
        check_clean(code, err, tmp_path, before)


@FUZZ
@given(lines=st.lists(st.one_of(nasty_text, json_value.map(json.dumps)), min_size=1, max_size=3))
def test_garbage_deals_files(lines: list[str]) -> None:
    with fresh() as tmp_path:
        path = tmp_path / "deals.jsonl"
        path.write_text("\n".join(lines), encoding="utf-8", errors="surrogatepass")
        before = {p.name for p in tmp_path.iterdir()}
        code, _out, err = run(["simulate", "the-game", "--deals", str(path), "--games", "1"])
        assert code == 2
        check_clean(code, err, tmp_path, before)


deck_edits = st.tuples(
    st.sampled_from(
        [
            'language = "fr"',
            "difficulty = 1",
            'title = "Paquet de test"',
            'answer = "9"',
            '[[cards]]\nid = "c01"',
        ]
    ),
    st.sampled_from(
        [
            "language = {a=1}",
            "difficulty = 2.0",
            'title = "a\\u0007b"',
            "answer = [[[[[1]]]]]",
            "x = " + "[" * 3000 + "]" * 3000,
            "",
            "answer = 1e400",
            'answer = "\\u0000"',
        ]
    ),
)


@FUZZ
@given(edit=deck_edits)
def test_broken_decks(edit: tuple[str, str]) -> None:
    with fresh() as tmp_path:
        path = tmp_path / "d.toml"
        path.write_text(GOOD_DECK.replace(edit[0], edit[1], 1), encoding="utf-8")
        before = {p.name for p in tmp_path.iterdir()}
        code, _out, err = run(
            ["deck", "export", str(path), "--to", "csv", "--out", str(tmp_path / "o")]
        )
        check_clean(code, err, tmp_path, before)


@FUZZ
@given(
    suffix=st.sampled_from([".gift", ".aiken", ".csv", ".json"]),
    data=st.one_of(
        st.binary(max_size=400),
        json_value.map(lambda v: json.dumps(v).encode()),
        st.builds(
            lambda v: json.dumps({"quizz": {"fr": {"débutant": [v] * 7}}}).encode(), json_value
        ),
        st.builds(lambda v: json.dumps({"results": [v] * 7}).encode(), json_value),
        st.text(max_size=200).map(lambda t: t.encode("utf-8", "surrogatepass")),
    ),
)
def test_garbage_importer_files(suffix: str, data: bytes) -> None:
    with fresh() as tmp_path:
        path = tmp_path / f"in{suffix}"
        path.write_bytes(data)
        before = {p.name for p in tmp_path.iterdir()}
        code, _out, err = run(["deck", "import", str(path), "--out", str(tmp_path / "o.toml")])
        assert code == 2
        check_clean(code, err, tmp_path, before)


@FUZZ
@given(
    option=st.one_of(nasty_text, json_value.map(json.dumps), st.text(max_size=12)),
    key=st.sampled_from(["players", "expert", "deal", "fewer_cards", "zz"]),
    bot=st.one_of(
        st.sampled_from(["mc:", "best:", "mc:99999999999", "mc:0", "heuristic:x", "x" * 500]),
        st.text(max_size=12),
    ),
    players=st.one_of(st.none(), st.sampled_from(["0", "1-99999", "a", "9" * 30, "2,,3"])),
)
def test_garbage_arguments(option: str, key: str, bot: str, players: str | None) -> None:
    argv = ["simulate", "the-game", "--games", "1", "--workers", "1", "--json"]
    argv += ["-o", f"{key}={option}", "--bot", bot]
    if players is not None:
        argv += ["--players", players]
    with fresh() as tmp_path:
        before = {p.name for p in tmp_path.iterdir()}
        code, _out, err = run(argv)
        check_clean(code, err, tmp_path, before)


def limited(megabytes: int = 768):
    def apply() -> None:
        size = megabytes * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (size, size))

    return apply


@pytest.mark.parametrize(
    "content",
    [
        json.dumps({**GOOD_RECORD, "game": "tennis-mots", "options": {"lexicon": "/dev/zero"}}),
        "[" * 200_000 + "]" * 200_000,
        json.dumps({**GOOD_RECORD, "seed": 1}).replace('"seed": 1', '"seed": ' + "7" * 6000),
    ],
    ids=["dev-zero-lexicon", "deep", "long-integer"],
)
def test_real_processes_under_a_memory_limit(tmp_path: Path, content: str) -> None:
    path = tmp_path / "r.json"
    path.write_text(content, encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "partie", "replay", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=limited(),
        env={**os.environ, "PARTIE_LANG": "en"},
    )
    assert result.returncode == 2, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.stderr.startswith("partie replay: error: ")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.json"]
