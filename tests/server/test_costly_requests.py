"""Costly requests are bounded: a big deck's problems placed without a scan per problem,
deck checks in a child process with a wall-clock limit, hints searched once for what
they depend on, ``preview`` within ``ask``'s allowance."""

from __future__ import annotations

import asyncio
import time

import pytest
from serverkit import Page, new_table, sit_and_start
from starlette.testclient import TestClient

from partie.core.errors import PartieError
from partie.games.tennis_quizz.uploads import MAX_DECK_BYTES, read_upload
from partie.server.deckcheck import DeckChecker
from partie.server.tables import ASK_BURST, ASK_RATE


def _deck(cards: int, *, source: bool) -> str:
    parts = ['[deck]\nid = "gros"\ntitle = "Gros paquet"\nlanguage = "fr"\n']
    for c in range(cards):
        parts.append(f'\n[[cards]]\nid = "c{c}"\n')
        for n in range(7):
            parts.append(
                f'\n[[cards.questions]]\ntext = "Question {c} {n} sur le sujet {c * 7 + n} ?"\n'
                f'answer = "Réponse {c} {n}"\nwrong = ["Faux {c} {n} a", "Faux {c} {n} b"]\n'
                f"difficulty = {1 + n % 3}\n" + (f'source = "Source {c}"\n' if source else "")
            )
    return "".join(parts)


def test_every_problem_of_a_big_deck_points_at_its_own_line() -> None:
    """A deck of about 1 MiB with a problem on every question (5,000 problems): each is
    placed on the line of its question (this took minutes when each problem scanned
    the whole text again)."""
    text = _deck(700, source=False)
    assert len(text.encode()) < MAX_DECK_BYTES
    lines = text.splitlines()
    upload = read_upload("gros.toml", text.encode())
    assert not upload.ok and len(upload.errors) == 700 * 7
    for problem in upload.errors[:: 7 * 97]:  # one in 97 cards, every place checked
        assert problem.line is not None
        assert lines[problem.line - 1] == "[[cards.questions]]", problem
        card = problem.en.split(",")[0].removeprefix("card ")
        above = next(line for line in reversed(lines[: problem.line]) if line.startswith("id = "))
        assert above == f'id = "{card}"'
    last = upload.errors[-1]
    assert last.line is not None and last.line > len(lines) - 12


def test_a_deck_check_over_its_wall_clock_is_stopped_and_the_next_one_runs() -> None:
    checker = DeckChecker(seconds=0.05)
    big = _deck(700, source=True).encode()

    async def main() -> None:
        with pytest.raises(PartieError) as slow:
            await checker.check("gros.toml", big, None)
        assert slow.value.code == "deck_too_slow" and slow.value.en
        checker.seconds = 60
        small = await checker.check("petit.toml", _deck(30, source=True).encode(), None)
        assert small.ok and len(small.deck.cards) == 30

    try:
        asyncio.run(main())
    finally:
        checker.close()
    assert checker.stopped == 1


def test_hints_are_searched_once_whatever_args_a_page_sends(client: TestClient) -> None:
    code, owner = new_table(
        client, game="tennis-mots", options={"players": 2}, seats=[{}, {"bot": "greedy"}]
    )
    adapter = client.app.state.tables.tables[code].adapter  # type: ignore[attr-defined]
    searches = []
    real_ask = adapter.ask

    def counting_ask(*args: object) -> object:
        searches.append(args[1:3])
        return real_ask(*args)

    adapter.ask = counting_ask
    with client.websocket_connect("/ws") as ws:
        page = Page(ws)
        first = sit_and_start(page, code, owner)
        ours = lambda m: m["view"] is not None and 0 in m["view"]["to_act"]  # noqa: E731
        if not ours(first):
            page.until("table", ours)
        for n in range(ASK_BURST):
            page.send(type="ask", what="hints", args={"n": n, "pad": "x" * n})
        answers = [page.until("answer") for _ in range(ASK_BURST)]
        assert all(a["info"] == answers[0]["info"] for a in answers)
    assert searches == [(0, "hints")]


def test_preview_shares_the_questions_allowance(client: TestClient) -> None:
    """After a burst of questions, previews are refused too (a preview alone would have
    an allowance of its own otherwise)."""
    code, owner = new_table(
        client, game="tennis-mots", options={"players": 2}, seats=[{}, {"bot": "greedy"}]
    )
    with client.websocket_connect("/ws") as ws:
        page = Page(ws)
        msg = sit_and_start(page, code, owner)
        started = time.monotonic()
        for _ in range(ASK_BURST):
            page.send(type="ask", what="hints", args={})
        for _ in range(ASK_BURST):
            page.send(type="preview", version=msg["version"], action={"type": "pass"})
        answers = []
        while len(answers) < 2 * ASK_BURST:
            got = page.recv()
            if got["type"] in ("answer", "preview", "refused"):
                answers.append(got)
        elapsed = time.monotonic() - started
        refused = [a for a in answers if a["type"] == "refused" and a["code"] != "stale"]
        assert {(a["code"], a["ref"]) for a in refused} == {("ask_too_fast", "preview")}
        # Only what refilled meanwhile went through of the previews.
        assert len(refused) >= ASK_BURST - int(elapsed * ASK_RATE) - 1 > 0, elapsed
