"""Tennis de mots' text form of a position: read by the engine, written back the same."""

from __future__ import annotations

import pytest

from partie.core import get_game
from partie.core.errors import BadPosition

GAME = get_game("tennis-mots")


def test_a_position_reads_as_written() -> None:
    state = GAME.from_position("hands XAAAAAA / SSSSSSS; table JE[*U]; server 2; draw 10")
    faces = state.deck.faces
    assert [faces[c] for c in state.hands[0]] == list("AAAAAAX")
    assert [(g, letter) for _c, g, letter in state.table] == [("J", "J"), ("E", "E"), ("★", "U")]
    assert state.phase == "rally" and state.server == 1 and state.turn == 0
    assert len(state.draw) == 10 and state.removed
    assert state.position() == (
        "hands AAAAAAX / SSSSSSS; table JE[★U]; server 2; turn 1; draw "
        + "".join(faces[c] for c in reversed(state.draw))
        + "; weight 5"
    )


@pytest.mark.parametrize("seed,players", [(1, 2), (4, 3), (9, 4)])
def test_the_start_of_real_games_round_trips(seed: int, players: int) -> None:
    state = GAME.setup(GAME.parse_options({"players": players, "bluff": seed != 4}), seed)
    text = state.position()
    again = GAME.from_position(text)
    assert again.position() == text
    faces = state.deck.faces

    def seen(cards: list[int]) -> list[str]:
        return [faces[c] for c in cards]

    assert [seen(h) for h in again.hands] == [seen(h) for h in state.hands]
    assert seen(again.draw) == seen(state.draw)
    assert again.view(state.turn)["weight"] == state.view(state.turn)["weight"]
    assert (again.phase, again.turn, again.server) == (state.phase, state.turn, state.server)


def test_the_side_to_play_and_the_second_ball() -> None:
    state = GAME.from_position("hands JEUAAAA / SSSSSSS; serve 2; weight 8; no-bluff")
    assert state.phase == "serve" and state.serve_number == 2
    assert state.options.serve_weight == 8 and not state.options.bluff
    assert "(2e balle)" not in state.position() and "serve 2" in state.position()


@pytest.mark.parametrize(
    "text",
    [
        "",
        "table JEU",
        "hands JJJ / SSS",  # one J in the deck
        "hands JEU / SSS; table [*1]",
        "hands JEU / SSS; server 3",
        "hands JE1 / SSS",
        "hands JEU / SSS; colour blue",
    ],
)
def test_unreadable_positions_are_refused_in_one_line(text: str) -> None:
    with pytest.raises(BadPosition) as caught:
        GAME.from_position(text)
    assert caught.value.code == "bad_position" and "\n" not in caught.value.fr
