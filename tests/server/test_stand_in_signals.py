"""A stand-in bot keeps its person's pile signals (it used to clear them: "signal efface")."""

from __future__ import annotations

from serverkit import Page, make_client, new_table, sit_and_start


def test_a_stand_in_keeps_the_signals_of_the_person_it_plays_for(db):
    """Alice says "Garde" on D1 and "Bon ici" on A2, then lets her time run out: the
    heuristic plays her turn for her and both signals are still hers when it is over."""
    with make_client(db) as client:
        code, owner = new_table(
            client,
            options={"players": 2},
            seats=[{}, {"bot": "greedy"}],
            settings={"zombie_bot": "heuristic", "turn_seconds": 1},
        )
        with client.websocket_connect("/ws") as ws:
            page = Page(ws)
            first = sit_and_start(page, code, owner)
            version = first["version"]
            for pile, kind in (("d1", "keep"), ("a2", "good")):
                page.send(
                    type="act",
                    version=version,
                    action={"type": "signal", "pile": pile, "kind": kind},
                )
                version = page.until("table", lambda m, v=version: m["version"] == v + 1)["version"]
            back = page.until(
                "table",
                lambda m: m["view"]["over"]
                or (m["view"]["to_act"] == [0] and m["last"] and m["last"]["seat"] == 1),
            )
            stand_in, seen = [], set()  # seat 0's moves, once each
            for m in page.got:
                last = m.get("last") if m["type"] == "table" else None
                if last and last["seat"] == 0 and m["version"] not in seen:
                    seen.add(m["version"])
                    stand_in.append(last["action"])
            assert any(a["type"] == "play" for a in stand_in)  # the stand-in did play
            assert not any(
                a["type"] == "signal" and a["pile"] in ("d1", "a2") for a in stand_in[2:]
            ), stand_in
            mine = {(s["pile"], s["kind"]) for s in back["view"]["signals"] if s["seat"] == 0}
            assert {("d1", "keep"), ("a2", "good")} <= mine
