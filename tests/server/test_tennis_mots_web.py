"""Tennis de mots on the web: the adapter (preview, hints, public part) against the real
engine and lexicon, then the protocol against the real app."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from partie.core import IllegalAction
from partie.games.tennis_mots.bots import bot_from_spec, load_lexicon
from partie.games.tennis_mots.game import GAME
from partie.games.tennis_mots.movegen import hints as engine_hints
from partie.games.tennis_mots.rules import Net, Shot
from partie.server.games import tennis_mots as web

sys.path.insert(0, str(Path(__file__).parents[1] / "games" / "tennis_mots"))
from mots_position import arrange, ids, new_state


def laid(state, seat: int, faces: str, table: bool = True) -> list[list]:
    """The JSON cards of a shot: the table's cards then these hand cards on the right."""
    out = [[c, g, ""] for c, g, _l in state.table] if table else []
    out += [[c, state.deck.faces[c], ""] for c in ids(state, seat, faces)]
    return out


# -- the adapter, on exact positions ---------------------------------------------------------


def test_options_a_browser_may_set_are_the_engine_options_but_files() -> None:
    names = {spec["name"] for spec in web.option_specs()}
    assert names == {"players", "serve_weight", "bluff", "sets_to_win"}
    for spec in web.option_specs():
        GAME.parse_options({spec["name"]: spec["default"]})  # every default is accepted
        assert spec["label"]["fr"] and spec["label"]["en"]
    with pytest.raises(web.PartieError) as refused:
        web.network_options({"lexicon": "/etc/passwd"})
    assert "lexicon" in refused.value.en
    for spec in web.BOT_SPECS:
        assert GAME.make_bot(spec).act  # every offered bot is a real bot


def test_preview_names_the_shot_and_its_points() -> None:
    state = arrange(new_state(bluff=False), ["AAAAAAA", "XZSSSSS"], "JEU")
    info = web.preview(state.view(1), {"type": "shot", "cards": laid(state, 1, "X")})
    assert info["kind"] == "shot" and info["value"] == 19 and info["weight"] == 14
    assert info["names"] == ["COUP DROIT", "LIGNE"] and info["known"] and info["complete"]
    assert info["announce"] == {"fr": "COUP DROIT · LIGNE", "en": "forehand · on the line"}
    # The action the preview gives is the one the engine plays, with the same names.
    state.apply(1, GAME.action_from_json(info["action"]))
    assert state.events[-1]["names"] == info["names"]


def test_preview_refuses_with_the_engines_reason_and_changes_nothing() -> None:
    state = arrange(new_state(bluff=False), ["AAAAAAA", "XZSSSSS"], "JEU")
    before = state.fingerprint()
    cards = laid(state, 1, "Z")
    with pytest.raises(IllegalAction) as refused:
        web.preview(state.view(1), {"type": "shot", "cards": cards})
    with pytest.raises(IllegalAction) as engine:
        state.apply(1, GAME.action_from_json({"type": "shot", "cards": cards}))
    assert (refused.value.fr, refused.value.en) == (engine.value.fr, engine.value.en)
    assert refused.value.en == "JEUZ: no French word starts this way"
    assert state.fingerprint() == before


def test_under_the_weight_a_shot_is_shown_as_the_net_it_would_be() -> None:
    state = arrange(new_state(), ["AAAAAAA", "XZSSSSE"], "JEU")
    info = web.preview(state.view(1), {"type": "shot", "cards": laid(state, 1, "E")})
    assert info["kind"] == "net" and info["action"]["type"] == "net"
    assert info["value"] == 13 and info["weight"] == 14 and info["challengeable"]
    assert "NET" in info["explain"][0]["fr"]


def test_a_serve_under_the_weight_is_a_fault_then_a_double_fault() -> None:
    state = arrange(new_state(), ["EEAAAAA", "XZSSSSE"])
    first = web.preview(state.view(0), {"type": "shot", "cards": laid(state, 0, "E", False)})
    assert first["kind"] == "fault" and first["names"] == ["FAUTE"]
    state.apply(0, GAME.action_from_json(first["action"]))
    second = web.preview(state.view(0), {"type": "shot", "cards": laid(state, 0, "E", False)})
    assert second["kind"] == "double_fault" and "malus" in second["explain"][0]["fr"]


def test_a_bluff_on_the_line_is_shown_as_one() -> None:
    state = arrange(new_state(), ["AAAAAAA", "XZSSSSS"], "JEU")
    info = web.preview(state.view(1), {"type": "shot", "cards": laid(state, 1, "XZ")})
    assert not info["known"] and info["challengeable"] and "LIGNE" in info["names"]
    assert any("bluff" in line["en"] for line in info["explain"])


def test_a_joker_letter_is_checked_and_read() -> None:
    state = arrange(new_state(), ["★AAAAAA", "XZSSSSS"], "JE", server=1)
    joker = ids(state, 0, "★")[0]
    table = [[c, g, ""] for c, g, _l in state.table]
    info = web.preview(state.view(0), {"type": "shot", "cards": [*table, [joker, "★", "U"]]})
    assert info["letters"] == "JEU" and info["known"]
    refused = pytest.raises(
        IllegalAction,
        web.preview,
        state.view(0),
        {"type": "shot", "cards": [*table, [joker, "★", "é"]]},
    )
    assert "★" in refused.value.fr


def test_preview_sees_nothing_hidden() -> None:
    """The same view gives the same preview whatever the other hands and the draw pile
    hold (they are dealt again at random)."""
    rng = random.Random(3)
    state = GAME.setup(GAME.parse_options({"players": 3}), 11)
    bots = [bot_from_spec("greedy", s) for s in range(3)]
    checked = 0
    while not state.is_over and checked < 25:
        seat = state.to_act[0]
        view = state.view(seat)
        action = bots[seat].act(view)
        if isinstance(action, Shot | Net) and action.cards:
            other = GAME.reshuffle_hidden(state, seat, rng)
            assert other.view(seat) == view
            data = action.to_json()
            assert web.preview(view, data) == web.preview(other.view(seat), data)
            checked += 1
        state.apply(seat, action)
    assert checked == 25


def test_hints_after_a_shot_are_the_terminals_hints_of_the_view_before() -> None:
    state = GAME.setup(GAME.parse_options({"players": 2}), 5)
    bots = [bot_from_spec("simple", s) for s in range(2)]
    seat = state.to_act[0]
    assert web.hints_for(state, seat)["shots"] is None  # nothing played yet
    before = state.view(seat)
    state.apply(seat, bots[seat].act(before))
    while state.to_act and seat not in state.to_act[:1]:
        s = state.to_act[0]
        state.apply(s, bots[s].act(state.view(s)))
    answer = web.hints_for(state, seat)
    expected = engine_hints(before, load_lexicon(None), top=3)
    assert [h["word"] for h in answer["shots"]] == [h.text() for h in expected]
    assert answer["played"]["seat"] == seat


def test_running_points_count_only_face_up_cards() -> None:
    state = arrange(new_state(), ["AAAAAAA", "XZSSSSS"], "JEU")
    state.apply(1, Net())  # nobody returns the serve JEU: an ACE for seat 0
    rows = web.running(state)
    # JEU's 12 points are seen; the 8 bonus cards (J is worth 8) are face down.
    assert rows[0]["seen"] == 12 and rows[0]["hidden"] == 8 and rows[1]["seen"] == 0
    assert web.public(state, 0) == web.public(state, 1) == web.public(state, None)
