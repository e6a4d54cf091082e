"""Tennis Quizz through the real ``partie serve`` (a subprocess, SQLite on disk) and real
websocket clients: a whole match against a bot, a team match, the tactique choice, an
open answer overruled, referee mode with undo, the deck upload and its refusals, the
teacher's report, and the leak rule: no message to the receiving side's device (or to
the projector) holds the right answer before it is judged, nor a question not yet asked.
"""

from __future__ import annotations

import asyncio
import csv
import io
import json
import random
import re
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from serverkit import LiveServer
from websockets.asyncio.client import connect

from partie.core import Record, replay

UPLOAD = "/api/games/tennis-quizz/decks"


def marked_deck(cards: int = 20) -> str:
    """A deck whose every question, right answer and wrong choice is a unique marker,
    so a message can be searched for what it must not hold. Ten cards a side: a
    one-set match never reshuffles a pile, so no question comes twice."""
    out = ['[deck]\nid = "marques"\ntitle = "Marqueurs"\nlanguage = "fr"\n\n']
    for c in range(1, cards + 1):
        out.append(f'[[cards]]\nid = "c{c:02d}"\n\n')
        for n in range(1, 8):
            key = f"c{c:02d}n{n}"
            out.append(
                "[[cards.questions]]\n"
                f'text = "Q{key} ?"\n'
                f'answer = "R{key}"\n'
                f'wrong = ["W{key}a", "W{key}b"]\n'
                f"difficulty = {1 + n % 3}\n"
                'source = "tests"\n\n'
            )
    return "".join(out)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("quizz") / "quizz.sqlite3") as live:
        yield live


@pytest.fixture(scope="module")
def deck_id(server: LiveServer) -> str:
    answer = httpx.post(server.url(f"{UPLOAD}?name=marques.toml"), content=marked_deck())
    assert answer.status_code == 200, answer.text
    return answer.json()["deck"]["id"]


def new_table(server: LiveServer, options: dict[str, Any], seats: list[dict]) -> tuple[str, str]:
    answer = httpx.post(
        server.url("/api/tables"),
        json={"game": "tennis-quizz", "options": options, "seats": seats},
    )
    assert answer.status_code == 201, answer.text
    return answer.json()["code"], answer.json()["owner_token"]


def in_phase(phase: str) -> Callable[[dict], bool]:
    return lambda m: m["view"] is not None and m["view"]["phase"] == phase


Policy = Callable[[dict[str, Any], random.Random], dict[str, Any] | None]


def beginner(msg: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """Any legal action; a pro types an answer (right one time in three when it
    can guess it from the deck's markers, which a real player cannot)."""
    view = msg["view"]
    q = view.get("question")
    if view["phase"] == "answer" and q and q["open"]:
        key = re.search(r"Q(c\d+n\d)", q["text"]).group(1)
        return {"type": "reply", "text": f"R{key}" if rng.random() < 0.33 else "je ne sais pas"}
    return rng.choice(msg["legal"]) if msg["legal"] else None


class Page:
    """One browser page: keeps every message and its text; plays with a policy."""

    def __init__(self, server: LiveServer, code: str, token: str | None, policy: Policy) -> None:
        self.server, self.code, self.token, self.policy = server, code, token, policy
        self.texts: list[str] = []
        self.got: list[dict[str, Any]] = []
        self.seat: int | None = None
        self.rng = random.Random(code)
        self.ws: Any = None

    async def open(self) -> None:
        self.ws = await connect(self.server.ws)
        await self.send(type="hello", table=self.code, token=self.token, lang="fr")
        await self.until("welcome")

    async def send(self, **message: Any) -> None:
        await self.ws.send(json.dumps(message))

    async def next(self) -> dict[str, Any]:
        text = await asyncio.wait_for(self.ws.recv(), 60)
        message = json.loads(text)
        self.texts.append(text)
        self.got.append(message)
        if message["type"] == "seated":
            self.seat, self.token = message["seat"], message["token"]
        return message

    async def until(self, kind: str, test: Callable[[dict], bool] | None = None) -> dict:
        while True:
            message = await self.next()
            if message["type"] == kind and (test is None or test(message)):
                return message

    async def sit(self, seat: int, name: str) -> None:
        await self.send(type="sit", seat=seat, name=name)
        await self.until("seated")

    async def act(self, msg: dict[str, Any], action: dict[str, Any]) -> None:
        await self.send(type="act", version=msg["version"], action=action)

    async def play(self) -> dict[str, Any]:
        """Act on the latest message when it is this seat's turn, until the end."""
        last: dict[str, Any] | None = None
        while True:
            message = await self.next()
            if message["type"] == "table" and message["view"] is not None:
                last = message
                if message["view"]["over"]:
                    return message
            elif message["type"] != "refused" or last is None:
                continue
            if self.seat is not None and self.seat in last["view"]["to_act"]:
                action = self.policy(last, self.rng)
                if action is not None:
                    await self.act(last, action)


async def match(
    server: LiveServer, options: dict, seats: list[dict], policy: Policy = beginner
) -> dict[str, Any]:
    """People at the seats without a bot, a spectator (the projector); a whole match."""
    code, owner = new_table(server, options, seats)
    people = [i for i, s in enumerate(seats) if not s.get("bot")]
    pages = [Page(server, code, owner if k == 0 else None, policy) for k in range(len(people))]
    watcher = Page(server, code, None, policy)
    for page in [*pages, watcher]:
        await page.open()
    for page, seat in zip(pages, people, strict=True):
        await page.sit(seat, f"Équipe {seat + 1}")
    await pages[0].send(type="start")
    ends = await asyncio.gather(*(page.play() for page in [*pages, watcher]))
    return {"code": code, "pages": pages, "watcher": watcher, "end": ends[-1]}


def test_a_whole_match_against_a_bot_and_the_teachers_report(
    server: LiveServer, deck_id: str
) -> None:
    played = asyncio.run(
        match(server, {"deck": deck_id, "sets_to_win": 1}, [{}, {"bot": "quiz:0.5"}])
    )
    view = played["end"]["view"]
    assert view["over"] and view["winner"] in (0, 1)
    sets = view["score"]["sets"]
    assert len(sets) == 1 and max(sets[0]) in (6, 7)
    record = httpx.get(server.url(f"/api/tables/{played['code']}/record")).text
    assert "Qc01n1 ?" in json.loads(record)["options"]["deck_text"]  # the deck itself
    again = replay(Record.load(record))  # as ``partie replay`` reads it, with no file
    assert again.is_over and again.score.sets == tuple(tuple(s) for s in view["score"]["sets"])
    report = httpx.get(server.url(f"/api/games/tennis-quizz/tables/{played['code']}/questions"))
    assert report.status_code == 200
    rows = report.json()["rows"]
    assert len(rows) == view["questions_asked"] and report.json()["sets"] == sets
    assert {r["answerer_name"] for r in rows} == {"Équipe 1", "quiz:0.5"}
    for row in rows:  # what was asked is what the deck holds, judged as the deck says
        key = re.search(r"Q(c\d+n\d)", row["text"]).group(1)
        assert row["answer"] == f"R{key}" and row["right"] == (row["given"] == f"R{key}")
    got = httpx.get(
        server.url(f"/api/games/tennis-quizz/tables/{played['code']}/questions.csv?lang=en")
    )
    assert got.headers["content-type"].startswith("text/csv")
    table = list(csv.reader(io.StringIO(got.text.lstrip("\ufeff")), delimiter=";"))
    assert table[0][0] == "no." and len(table) == len(rows) + 1
    assert sum(1 for line in table[1:] if line[10] == "yes") == sum(r["right"] for r in rows)


def test_the_option_form_and_a_report_that_waits_for_the_end(
    server: LiveServer, deck_id: str
) -> None:
    games = httpx.get(server.url("/api/games")).json()
    specs = {s["name"]: s for s in next(g for g in games if g["id"] == "tennis-quizz")["options"]}
    assert "deck_text" not in specs and "mode" not in specs  # the classroom page sets mode
    assert "fr-starter" in specs["deck"]["choices"] and specs["pros"]["type"] == "text"
    code, _ = new_table(server, {"deck": deck_id}, [{}, {"bot": "quiz"}])
    answer = httpx.get(server.url(f"/api/games/tennis-quizz/tables/{code}/questions.csv"))
    assert answer.status_code == 403 and answer.json()["code"] == "game_not_over"


def test_a_team_match_two_people_and_two_bots(server: LiveServer, deck_id: str) -> None:
    options = {"deck": deck_id, "players": 4, "choose_answerer": True, "sets_to_win": 1}
    played = asyncio.run(match(server, options, [{}, {}, {"bot": "quiz"}, {"bot": "quiz:0.9"}]))
    assert played["end"]["view"]["over"]
    phases = {
        (page.seat, m["view"]["phase"])
        for page in played["pages"]
        for m in page.got
        if m["type"] == "table" and m["view"] and m["legal"]
    }
    # Each person was asked to pick a server or an answerer for their team, and answered.
    assert {(0, "server"), (1, "server"), (0, "answerer"), (1, "answerer")} & phases
    assert {(0, "answer"), (1, "answer")} <= phases
    log = played["end"]["view"]["log"]
    assert all(e["server"] % 2 != e["answerer"] % 2 for e in log)


async def _duel(server: LiveServer, options: dict[str, Any]) -> tuple[Page, Page, dict[str, Any]]:
    """Ana (the owner, seat 0) and Bob (seat 1) on their own pages, the match started;
    Ana's first message with a view."""
    code, owner = new_table(server, options, [{}, {}])
    one, two = Page(server, code, owner, beginner), Page(server, code, None, beginner)
    for page in (one, two):
        await page.open()
    await one.sit(0, "Ana")
    await two.sit(1, "Bob")
    await one.send(type="start")
    return one, two, await one.until("table", lambda m: m["view"] is not None)


def test_tactique_the_server_picks_the_question(server: LiveServer, deck_id: str) -> None:
    async def run() -> None:
        one, two, msg = await _duel(server, {"deck": deck_id, "tactique": True})
        server_seat = msg["view"]["server"]
        asker = one if server_seat == 0 else two
        msg = await asker.until("table", lambda m: m["view"] is not None) if asker is two else msg
        assert msg["legal"] == [{"type": "ask", "number": k} for k in range(1, 8)]
        assert len(msg["view"]["card"]["questions"]) == 7  # the server's own card
        await asker.act(msg, {"type": "ask", "number": 6})
        msg = await asker.until("table", in_phase("answer"))
        assert msg["view"]["question"]["number"] == 6
        receiver = two if asker is one else one
        seen = await receiver.until("table", in_phase("answer"))
        assert "card" not in seen["view"] or "questions" not in (seen["view"]["card"] or {})
        await receiver.act(seen, {"type": "choose", "choice": "A"})
        msg = await asker.until("table", in_phase("ask"))
        assert {"type": "ask", "number": 6} not in msg["legal"]
        await asker.act(msg, {"type": "ask", "number": 6})
        refused = await asker.until("refused")
        assert refused["code"] == "question_already_asked" and "6" in refused["fr"]

    asyncio.run(run())


def test_an_open_answer_overruled_by_the_server(server: LiveServer, deck_id: str) -> None:
    async def run() -> None:
        options = {"deck": deck_id, "pros": "1, 2", "overrule": True}
        one, two, msg = await _duel(server, options)
        answerer = msg["view"]["answerer"]
        receiver, asker = (one, two) if answerer == 0 else (two, one)
        if receiver is two:  # ``one`` already read the first question
            msg = await receiver.until("table", in_phase("answer"))
        q = msg["view"]["question"]
        assert q["open"] and q["choices"] is None and msg["legal"] == []
        assert "answer" not in q
        right = "R" + re.search(r"Q(c\d+n\d)", q["text"]).group(1)
        typed = right.lower().replace("r", "r ", 1) + " !!"  # a spelling the judge refuses
        await receiver.act(msg, {"type": "reply", "text": "un " + typed + " peut-être"})
        ruling = await asker.until("table", in_phase("ruling"))
        assert ruling["view"]["ruling"]["judged"] is False
        assert ruling["legal"] == [
            {"type": "rule", "right": True},
            {"type": "rule", "right": False},
        ]
        await asker.act(ruling, {"type": "rule", "right": True})
        after = await receiver.until(
            "table", lambda m: m["view"] is not None and m["view"]["phase"] != "ruling"
        )
        entry = after["view"]["log"][-1]
        assert entry["right"] and entry["overruled"] and entry["answer"] == right
        points = after["view"]["score"]["raw_points"]
        assert points[receiver.seat % 2] == 1 and points[asker.seat % 2] == 0

    asyncio.run(run())


def test_referee_mode_scores_with_undo_and_keeps_it(server: LiveServer) -> None:
    async def run() -> str:
        code, owner = new_table(server, {"mode": "referee", "first_server": 0}, [])
        page = Page(server, code, owner, beginner)
        await page.open()
        await page.sit(0, "Arbitre")
        await page.send(type="start")
        msg = await page.until("table", lambda m: m["view"] is not None)
        assert msg["view"]["next"] == {"side": 0, "card": 1, "number": 1, "decider": False}
        for winner in ["receiver", "receiver", "server", "receiver", "server"]:
            await page.act(msg, {"type": "point", "winner": winner})
            msg = await page.until("table")
        assert msg["view"]["score"]["points"] == ["30", "40"]
        await page.act(msg, {"type": "undo"})
        msg = await page.until("table")
        assert msg["view"]["score"]["points"] == ["15", "40"]
        assert msg["view"]["next"]["number"] == 5  # the undone point's question again
        await page.act(msg, {"type": "point", "winner": "receiver"})
        msg = await page.until("table")
        assert msg["view"]["score"]["games"] == [0, 1] and msg["view"]["next"]["side"] == 1
        await page.ws.close()
        return code

    code = asyncio.run(run())

    async def look() -> dict[str, Any]:
        projector = Page(server, code, None, beginner)
        await projector.open()
        return await projector.until("table")

    seen = asyncio.run(look())  # a new page (the projector) finds the same score
    assert seen["view"]["score"]["games"] == [0, 1] and seen["view"]["points_played"] == 5
    assert seen["legal"] == []


def test_teacher_mode_shows_the_answer_to_the_teacher_only(
    server: LiveServer, deck_id: str
) -> None:
    async def run() -> None:
        code, owner = new_table(server, {"mode": "teacher", "deck": deck_id}, [])
        teacher, projector = Page(server, code, owner, beginner), Page(server, code, None, beginner)
        await teacher.open()
        await projector.open()
        await teacher.sit(0, "Mme Dupont")
        await teacher.send(type="start")
        mine = await teacher.until("table", lambda m: m["view"] is not None)
        theirs = await projector.until("table", lambda m: m["view"] is not None)
        key = re.search(r"Q(c\d+n\d)", mine["view"]["question"]["text"]).group(1)
        assert mine["view"]["question"]["answer"] == f"R{key}"
        assert f"Q{key}" in json.dumps(theirs) and "answer" not in theirs["view"]["question"]
        await teacher.act(mine, {"type": "point", "winner": "receiver"})
        judged = await projector.until("table")
        assert judged["view"]["log"][-1]["answer"] == f"R{key}"

    asyncio.run(run())


def count_tables(server: LiveServer) -> int:
    with sqlite3.connect(f"file:{server.db}?mode=ro", uri=True) as db:
        return db.execute("SELECT COUNT(*) FROM tables").fetchone()[0]


def test_a_bad_deck_is_refused_with_its_line_and_nothing_is_stored(server: LiveServer) -> None:
    before = count_tables(server)
    bad = marked_deck().replace('answer = "Rc02n3"', 'answer = ""')
    answer = httpx.post(server.url(f"{UPLOAD}?name=cassé.toml"), content=bad.encode())
    assert answer.status_code == 400
    body = answer.json()
    line = next(k for k, text in enumerate(bad.splitlines(), 1) if text == 'answer = ""')
    assert body["code"] == "bad_deck" and body["errors"][0]["line"] == line
    assert f"ligne {line}" in body["fr"] and body["deck"] is None
    gift = "Combien font 2 + 2 ? {=4 ~5}\n\n" + "".join(
        f"Question {i} ? {{=a{i} ~b{i} ~c{i}}}\n\n" for i in range(30)
    )
    answer = httpx.post(server.url(f"{UPLOAD}?name=classe.gift"), content=gift.encode())
    assert answer.status_code == 400 and answer.json()["errors"][0]["line"] == 1
    huge = httpx.post(server.url(f"{UPLOAD}?name=gros.csv"), content=b"a;b\n" * 300_000)
    assert huge.status_code == 413 and huge.json()["code"] == "too_large"
    sha = __import__("hashlib").sha256(bad.encode()).hexdigest()
    refused = httpx.post(
        server.url("/api/tables"),
        json={"game": "tennis-quizz", "options": {"deck": f"upload:{sha}"}},
    )
    assert refused.status_code == 400
    path = httpx.post(
        server.url("/api/tables"),
        json={"game": "tennis-quizz", "options": {"deck": str(Path(__file__))}},
    )
    assert path.status_code == 400 and path.json()["code"] == "bad_options"
    assert count_tables(server) == before


def check_no_leak(page: Page) -> int:
    """Messages where this page's seat receives (or any message, for the projector)
    hold no question not yet asked, and the right answer of the question in play only
    among its three choices until it is judged. Returns how many views were checked."""
    checked = 0
    for text, message in zip(page.texts, page.got, strict=True):
        assert "deck_text" not in text and "[[cards" not in text  # never the deck itself
        view = message.get("view") if message["type"] == "table" else None
        if view is None:
            continue
        serving = view["serving"]
        if page.seat is not None and serving is not None and page.seat % 2 == serving:
            continue  # the server's side holds its own card, as on paper
        allowed = {re.search(r"Q(c\d+n\d)", e["text"]).group(1) for e in view["log"]}
        current = None
        if view["question"] is not None:
            current = re.search(r"Q(c\d+n\d)", view["question"]["text"]).group(1)
        for key in re.findall(r"Q(c\d+n\d)", text):
            assert key in allowed or key == current, f"a question not yet asked: {key}"
        if current is not None and view["phase"] == "answer":
            q = view["question"]
            assert "answer" not in q and "right_choice" not in q
            rest = json.loads(text)
            rest["view"]["question"]["choices"] = None
            assert f"R{current}" not in json.dumps(rest), "the right answer before judging"
            checked += 1
    return checked


def test_leak_receivers_and_projector_never_see_answers_or_questions_ahead(
    server: LiveServer, deck_id: str
) -> None:
    options = {"deck": deck_id, "pros": [1], "sets_to_win": 1}
    played = asyncio.run(match(server, options, [{}, {}]))
    assert played["end"]["view"]["over"]
    assert played["end"]["table"]["options"]["pros"] == "2"  # as the option form shows it
    counts = [check_no_leak(page) for page in [*played["pages"], played["watcher"]]]
    assert all(n > 10 for n in counts), counts
