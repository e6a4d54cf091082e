"""Storage that fails under a running server, for real: a disk made full (a small
tmpfs, filled), the database file deleted or replaced, damaged rows at start. Memory
never runs ahead of storage, bots resume by themselves, the damage is said."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import socket
import sqlite3
import time
from pathlib import Path

import pytest
from serverkit import LiveServer, Page, SmallDisk, make_client, new_table


@pytest.fixture
def disk(tmp_path: Path):
    with SmallDisk(tmp_path / "disk", size_kb=4096) as small:
        yield small


def _refusal_with_state(page: Page, version: int) -> dict:
    """A storage refusal comes after a table message holding the state as stored."""
    table = page.until("table")
    assert table["version"] == version
    refused = page.until("refused")
    assert refused["code"] == "storage_error"
    assert "\n" not in refused["fr"] and refused["fr"] != refused["en"]
    return table


def _stored_actions(db: Path, code: str, game_no: int = 0) -> list[tuple[int, str]]:
    with sqlite3.connect(db) as con:
        return con.execute(
            "SELECT seat, action FROM actions WHERE code = ? AND game_no = ? ORDER BY idx",
            (code, game_no),
        ).fetchall()


def test_a_full_disk_refuses_start_and_moves_and_the_table_stays_as_stored(disk, caplog):
    db = disk.where / "partie.sqlite3"
    caplog.set_level(logging.INFO, logger="partie.server")
    with make_client(db) as client:
        code, owner = new_table(client, options={"players": 2}, seats=[{}, {"bot": "greedy"}])
        with client.websocket_connect("/ws") as ws:
            page = Page(ws)
            page.hello(code, owner)
            page.send(type="sit", seat=0, name="Alice")
            page.until("seated")
            page.until("table")
            disk.fill()
            page.send(type="start")
            shown = _refusal_with_state(page, 0)
            assert shown["table"]["status"] == "open" and shown["view"] is None
            assert client.get(f"/api/tables/{code}").json()["status"] == "open"
            status = client.get("/api/status").json()["storage"]
            assert status["writes_ok"] is False and "full" in status["reason"]
            disk.free()
            page.send(type="start")
            msg = page.until("table", lambda m: m["view"] is not None)
            acked = []
            while len(acked) < 3:
                while 0 not in msg["view"]["to_act"]:
                    msg = page.until("table")
                action = next(a for a in msg["legal"] if a["type"] == "play")
                page.send(type="act", version=msg["version"], action=action)
                msg = page.until("table", lambda m, v=msg["version"]: m["version"] == v + 1)
                acked.append(action)
            version = msg["version"]
            disk.fill()
            while 0 not in msg["view"]["to_act"]:
                msg = page.until("table")
            action = next(a for a in msg["legal"] if a["type"] == "play")
            page.send(type="act", version=msg["version"], action=action)
            again = _refusal_with_state(page, msg["version"])
            assert again["view"]["hand"] == msg["view"]["hand"]
            disk.free()
        assert client.get("/api/status").json()["tables"] == 1
    outage_lines = [r for r in caplog.records if "writes fail" in r.getMessage()]
    assert len(outage_lines) == 2  # one per outage, however many writes it refused
    assert not any(r.exc_info for r in caplog.records)  # no traceback per failed write
    stored = _stored_actions(db, code)
    assert len(stored) == version  # every acknowledged move, nothing more
    with make_client(db) as client:
        summary = client.get(f"/api/tables/{code}").json()
        assert summary["status"] == "playing"
        assert client.app.state.tables.get(code).version == version


def test_a_full_disk_refuses_again_and_the_last_game_stays_over(disk):
    db = disk.where / "partie.sqlite3"
    with make_client(db) as client:
        code, owner = new_table(
            client, options={"players": 2}, seats=[{"bot": "greedy"}, {"bot": "greedy"}]
        )
        with client.websocket_connect("/ws") as ws:
            page = Page(ws)
            page.hello(code, owner)
            page.send(type="start")
            over = page.until("table", lambda m: m["table"]["status"] == "over")
            disk.fill()
            page.send(type="again", same_deal=False)
            shown = _refusal_with_state(page, over["version"])
            assert shown["table"]["status"] == "over" and shown["table"]["game_no"] == 0
            disk.free()
            page.send(type="again", same_deal=False)
            page.until("table", lambda m: m["table"]["game_no"] == 1)
    with make_client(db) as client:
        assert client.get(f"/api/tables/{code}").json()["game_no"] == 1


def test_a_start_clears_what_an_older_server_left_under_its_game(tmp_path):
    """Rows of actions left by a start that failed under an older server (stored while
    the table stayed open) no longer block the moves of the next start."""
    db = tmp_path / "partie.sqlite3"
    with make_client(db) as client:
        code, owner = new_table(client, options={"players": 2}, seats=[{}, {"bot": "greedy"}])
    with sqlite3.connect(db) as con:
        for i in range(6):
            con.execute("INSERT INTO actions VALUES (?,?,?,?,?)", (code, 0, i, 0, '{"type":"end"}'))
    with make_client(db) as client, client.websocket_connect("/ws") as ws:
        page = Page(ws)
        page.hello(code, owner)
        page.send(type="sit", seat=0, name="Alice")
        page.until("seated")
        page.send(type="start")
        msg = page.until("table", lambda m: m["view"] is not None)
        while 0 not in msg["view"]["to_act"]:
            msg = page.until("table")
        action = next(a for a in msg["legal"] if a["type"] == "play")
        page.send(type="act", version=msg["version"], action=action)
        after = page.until("table", lambda m: m["version"] == msg["version"] + 1)
        assert after["last"]["action"] == action
    assert len(_stored_actions(db, code)) == after["version"]


def test_bots_stall_on_a_full_disk_and_resume_by_themselves(disk, caplog):
    db = disk.where / "partie.sqlite3"
    caplog.set_level(logging.INFO, logger="partie.server")
    with make_client(db, bot_pause=0.2) as client:
        code, owner = new_table(
            client, options={"players": 2}, seats=[{"bot": "greedy"}, {"bot": "greedy"}]
        )
        tables = client.app.state.tables
        with client.websocket_connect("/ws") as ws:
            page = Page(ws)
            page.hello(code, owner)
            page.send(type="start")
            page.until("table", lambda m: m["view"] is not None)
            disk.fill()
            time.sleep(1.5)
            stalled = tables.get(code).version
            time.sleep(1.0)
            assert tables.get(code).version == stalled  # nothing played without storage
            assert stalled < 3
            disk.free()
            page.until("table", lambda m: m["version"] >= stalled + 3)
    stored = _stored_actions(db, code)
    assert len(stored) >= stalled + 3
    fails = [r for r in caplog.records if "writes fail" in r.getMessage()]
    back = [r for r in caplog.records if "succeed again" in r.getMessage()]
    assert len(fails) == 1 and len(back) == 1


@pytest.mark.parametrize("how", ["deleted", "replaced"])
def test_a_database_deleted_or_replaced_while_running_refuses_every_change(tmp_path, how, caplog):
    db = tmp_path / "partie.sqlite3"
    caplog.set_level(logging.INFO, logger="partie.server")
    with make_client(db) as client:
        code, owner = new_table(client, options={"players": 2}, seats=[{}, {"bot": "greedy"}])
        with client.websocket_connect("/ws") as ws:
            page = Page(ws)
            page.hello(code, owner)
            for suffix in ("", "-wal", "-shm"):
                Path(f"{db}{suffix}").unlink(missing_ok=True)
            if how == "replaced":
                sqlite3.connect(db).close()
            deadline = time.monotonic() + 5
            while client.get("/api/status").json()["storage"]["lost"] is None:
                assert time.monotonic() < deadline, "not noticed within 5 s"
                time.sleep(0.1)
            assert how in client.get("/api/status").json()["storage"]["lost"]
            page.send(type="sit", seat=0, name="Alice")
            shown = _refusal_with_state(page, 0)
            assert shown["table"]["seats"][0]["kind"] == "empty"
            answer = client.post("/api/tables", json={"game": "the-game"})
            assert answer.status_code == 503 and answer.json()["code"] == "storage_error"
    said = [r.getMessage() for r in caplog.records if how in r.getMessage()]
    assert len(said) == 1 and str(db) in said[0]


def test_a_table_whose_rows_cannot_be_read_is_skipped_and_named(tmp_path, caplog):
    db = tmp_path / "partie.sqlite3"
    with make_client(db) as client:
        good, _ = new_table(client, options={"players": 2})
        bad, _ = new_table(client, options={"players": 2})
        worse, _ = new_table(client, options={"players": 2})
    with sqlite3.connect(db) as con:
        con.execute("UPDATE tables SET seats = '[{\"kind\"' WHERE code = ?", (bad,))
        con.execute("UPDATE tables SET game = 'chess', status = 'playing' WHERE code = ?", (worse,))
    caplog.set_level(logging.INFO, logger="partie.server")
    with make_client(db) as client:
        status = client.get("/api/status").json()
        assert status["tables"] == 1
        assert sorted(status["unreadable_tables"]) == sorted([bad, worse])
        assert client.get(f"/api/tables/{good}").status_code == 200
        assert client.get(f"/api/tables/{bad}").json()["code"] == "unknown_table"
    named = [r.getMessage() for r in caplog.records if "skipped" in r.getMessage()]
    assert len(named) == 2 and any(bad in line for line in named)


def _serve(db_arg: str) -> tuple[int, str]:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "partie", "serve", "--port", "0", "--no-warm", "--db", db_arg],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    return done.returncode, done.stderr + done.stdout


def test_a_database_that_cannot_be_read_at_start_is_one_line_and_exit_2(tmp_path):
    json_file = tmp_path / "tables.json"
    json_file.write_text('{"tables": []}\n' * 200)
    folder = tmp_path / "folder"
    folder.mkdir()
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    broken = tmp_path / "broken.sqlite3"
    sqlite3.connect(broken).execute("CREATE TABLE t (x)").connection.commit()
    with open(broken, "r+b") as out:  # the header's magic string, damaged
        out.write(b"SQLite formut 3\0")
    cases = [json_file, Path("/dev/zero"), folder, fifo, broken, tmp_path / "missing" / "x.db"]
    for path in cases:
        code, out = _serve(f"sqlite:///{path}")
        assert code == 2, (path, out)
        lines = out.strip().splitlines()
        assert len(lines) == 1 and "Traceback" not in out, (path, out)
        # the file named, or the folder that is missing for it
        named = str(path) if path.parent.exists() else str(path.parent)
        assert named in lines[0] and lines[0].startswith("partie serve: error:")
    assert json_file.read_text().startswith('{"tables"')  # left as it was


def _silent_page(port: int, hello: dict) -> socket.socket:
    """A websocket page that says hello, then never reads again (nor answers a ping)."""
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(
        b"GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
        b"Connection: Upgrade\r\nSec-WebSocket-Key: c2lsZW50IHJlYWRlciAxMg==\r\n"
        b"Sec-WebSocket-Version: 13\r\n\r\n"
    )
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += sock.recv(1)
    assert b" 101 " in answer
    payload = json.dumps(hello).encode()
    mask = b"\1\2\3\4"
    header = b"\x81" + bytes([0x80 | 126]) + len(payload).to_bytes(2, "big") + mask
    sock.sendall(header + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
    return sock


def test_a_page_that_stops_reading_is_absent_within_seconds(tmp_path):
    import httpx

    with LiveServer(tmp_path / "partie.sqlite3") as server:
        body = {"game": "the-game", "options": {"players": 2}, "seats": [{}, {"bot": "greedy"}]}
        data = httpx.post(server.url("/api/tables"), json=body).json()
        code, owner = data["code"], data["owner_token"]
        with make_client_ws(server, code, owner):
            pass
        sock = _silent_page(server.port, {"type": "hello", "table": code, "token": owner})
        try:
            deadline = time.monotonic() + 5
            while not httpx.get(server.url(f"/api/tables/{code}")).json()["seats"][0]["connected"]:
                assert time.monotonic() < deadline
                time.sleep(0.05)
            silent_since = time.monotonic()
            while httpx.get(server.url(f"/api/tables/{code}")).json()["seats"][0]["connected"]:
                assert time.monotonic() - silent_since < 15, "still present after 15 s"
                time.sleep(0.2)
        finally:
            sock.close()


@contextlib.contextmanager
def make_client_ws(server, code: str, owner: str):
    """The owner takes seat 0 (then leaves the page): the seat a silent page holds."""
    from websockets.sync.client import connect

    with connect(server.ws) as ws:
        ws.send(json.dumps({"type": "hello", "table": code, "token": owner}))
        ws.send(json.dumps({"type": "sit", "seat": 0, "name": "Ana"}))
        while json.loads(ws.recv())["type"] != "seated":
            pass
        yield
