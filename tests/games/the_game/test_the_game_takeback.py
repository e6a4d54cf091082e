"""The Game's take-back within the turn ("reprise dans le tour", option ``takeback``):
the last card laid this turn goes back to the hand, one at a time back to the start of
the turn and never further; every other case is refused and changes nothing."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from partie.core import GameOver, IllegalAction, NotYourTurn, Record, get_game, replay
from partie.core.refusals import catalogue
from partie.games.the_game import END_TURN, Play, Signal, TakeBack, parse_action
from partie.games.the_game.rules import CARDS

GAME = get_game("the-game")
A1, A2, D1, D2 = range(4)


def dealt(first: list[int], players: int = 1, **options: Any) -> Any:
    """A game whose first hand is ``first`` (the other cards follow in order)."""
    rest = [c for c in CARDS if c not in first]
    deal = [*first, *rest]
    return GAME.setup(
        GAME.parse_options({"players": players, "deal": deal, "takeback": True, **options}), 1
    )


def refused(state: Any, seat: int, action: Any) -> str:
    """The code of the refusal of ``action``, checking that nothing changed."""
    before = state.fingerprint()
    with pytest.raises(IllegalAction) as caught:
        state.apply(seat, action)
    assert state.fingerprint() == before
    error = caught.value
    assert error.fr and error.en and error.code in catalogue()
    return error.code


def test_the_option_is_off_unless_asked() -> None:
    assert GAME.parse_options({}).takeback is False
    state = GAME.setup(GAME.parse_options({"players": 1}), 3)
    card = state.legal_plays()[0]
    state.apply(0, card)
    assert not any(isinstance(a, TakeBack) for a in state.legal_actions(0))
    assert refused(state, 0, TakeBack(card.card)) == "takeback_off"
    assert refused(state, 0, TakeBack()) == "takeback_off"


def test_take_back_restores_the_pile_the_hand_and_the_count() -> None:
    state = dealt([20, 30, 40, 50, 60, 70, 80, 97])
    before = state.view(0)
    state.apply(0, Play(97, A1))  # the mistaken tap: 97 on an ascending pile
    view = state.view(0)
    assert view["laid_this_turn"] == [{"card": 97, "pile": "a1"}]
    assert TakeBack(97) in state.legal_actions(0)
    state.apply(0, TakeBack(97))
    after = state.view(0)
    assert after["piles"] == before["piles"] and after["hand"] == before["hand"]
    assert after["played"] == [] and after["played_this_turn"] == 0
    assert after["laid_this_turn"] == []
    state.apply(0, Play(20, A1))
    assert state.tops[A1] == 20


def test_take_back_after_a_backwards_trick_shows_the_pile_as_it_was() -> None:
    state = dealt([20, 30, 40, 50, 60, 70, 80, 97])
    state.apply(0, Play(30, A1))
    state.apply(0, Play(20, A1))  # back by exactly 10
    assert state.tops[A1] == 20
    state.apply(0, TakeBack(20))
    assert state.tops[A1] == 30
    state.apply(0, TakeBack())  # "the last one"
    assert state.tops[A1] == 1 and state.hands[0] == [20, 30, 40, 50, 60, 70, 80, 97]
    assert refused(state, 0, TakeBack()) == "nothing_to_take_back"


def test_only_the_last_card_and_never_a_previous_turn() -> None:
    state = dealt([20, 30, 40, 50, 60, 70, 80, 97])
    state.apply(0, Play(20, A1))
    state.apply(0, Play(30, A1))
    assert refused(state, 0, TakeBack(20)) == "not_last_card"  # a double tap sent twice
    state.apply(0, END_TURN)
    # One player: the same seat acts again, and the turn it ended is closed.
    assert refused(state, 0, TakeBack(30)) == "turn_ended"
    assert refused(state, 0, TakeBack()) == "turn_ended"
    state.apply(0, Signal(A1, "keep"))  # talk does not reopen anything
    assert refused(state, 0, TakeBack()) == "turn_ended"
    state.apply(0, Play(40, A1))
    state.apply(0, TakeBack(40))
    assert refused(state, 0, TakeBack()) == "nothing_to_take_back"
    assert state.tops[A1] == 30


def test_other_seats_and_the_seat_that_ended() -> None:
    state = dealt([20, 30, 40, 50, 60, 70, 80], players=2)
    state.apply(0, Play(20, A1))
    assert refused(state, 1, TakeBack(20)) == "not_your_turn"
    state.apply(0, Play(30, A1))
    state.apply(0, END_TURN)
    assert refused(state, 0, TakeBack(30)) == "turn_ended"  # after the end and the draw
    assert refused(state, 1, TakeBack()) == "nothing_to_take_back"
    with pytest.raises(NotYourTurn):
        state.apply(0, Play(40, A2))


def test_nothing_after_the_game_ends() -> None:
    state = GAME.setup(GAME.parse_options({"players": 1, "takeback": True}), 5)
    rng = random.Random(5)
    while not state.is_over:
        moves = [a for a in state.legal_actions(0) if not isinstance(a, Signal | TakeBack)]
        state.apply(0, rng.choice(moves))
    with pytest.raises(GameOver):
        state.apply(0, TakeBack())
    assert refused(state, 0, TakeBack()) == "game_over"


def test_typed_take_back_in_french_and_english() -> None:
    state = dealt([20, 30, 40, 50, 60, 70, 80, 97])
    state.apply(0, Play(97, A1))
    view = state.view(0)
    for word in ("reprendre", "Reprendre", "undo", "takeback"):
        assert parse_action(word, view) == TakeBack(97)
    assert parse_action("reprendre 97") == TakeBack(97)
    assert parse_action("undo", None) == TakeBack()
    assert GAME.parse_action(state.view(0), "reprendre") == TakeBack(97)


def test_json_forms_round_trip() -> None:
    for action in (TakeBack(97), TakeBack()):
        data = json.loads(json.dumps(action.to_json()))
        assert GAME.action_from_json(data) == action
    from partie.core import InvalidAction

    with pytest.raises(InvalidAction) as caught:
        GAME.action_from_json({"type": "takeback", "card": "97"})
    assert caught.value.code == "incomplete_action"


def test_records_with_and_without_take_backs_replay_exactly() -> None:
    state = dealt([20, 30, 40, 50, 60, 70, 80, 97])
    laid = (Play(97, A1), TakeBack(97), Play(20, A1), Play(30, A1), TakeBack(), Play(40, A1))
    for action in (*laid, END_TURN):
        state.apply(0, action)
    text = Record.of(state, ["human"]).dump()
    assert '"takeback"' in text
    again = replay(Record.load(text))
    assert again.fingerprint() == state.fingerprint()
    # A record made before the option existed (no "takeback" key) still loads and plays.
    plain = GAME.setup(GAME.parse_options({"players": 2}), 9)
    while not plain.is_over:
        plain.apply(plain.current, next(a for a in plain.legal_actions(plain.current)))
    data = json.loads(Record.of(plain).dump())
    assert "takeback" in data["options"]
    del data["options"]["takeback"]
    assert replay(Record.load(json.dumps(data))).fingerprint() == plain.fingerprint()


# Properties -----------------------------------------------------------------------------


def without_history(state: Any) -> dict[str, Any]:
    data = dict(state.fingerprint())
    del data["history"]
    return data


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 5), st.integers(0, 60), st.booleans())
def test_take_back_then_the_same_play_gives_the_same_state(
    seed: int, players: int, steps: int, expert: bool
) -> None:
    options = GAME.parse_options({"players": players, "takeback": True, "expert": expert})
    state = GAME.setup(options, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            return
        seat = state.current
        moves = [a for a in state.legal_actions(seat) if not isinstance(a, Signal | TakeBack)]
        state.apply(seat, rng.choice(moves))
    if state.is_over or not state.laid:
        return
    seat = state.current
    card, pile, _top = state.laid[-1]
    undone = state.clone()
    undone.apply(seat, TakeBack(card))
    undone.apply(seat, Play(card, pile))
    assert without_history(undone) == without_history(state)
    for viewer in [*range(players), None]:
        assert undone.view(viewer) == state.view(viewer)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 5), st.integers(0, 80))
def test_take_backs_stop_at_the_start_of_the_turn(seed: int, players: int, steps: int) -> None:
    options = GAME.parse_options({"players": players, "takeback": True})
    state = GAME.setup(options, seed)
    rng = random.Random(seed)
    start = without_history(state)
    for _ in range(steps):
        if state.is_over:
            return
        seat = state.current
        moves = [a for a in state.legal_actions(seat) if not isinstance(a, Signal | TakeBack)]
        action = rng.choice(moves)
        state.apply(seat, action)
        if action == END_TURN:
            start = without_history(state)
    if state.is_over:
        return
    seat = state.current
    laid, taken = state.played_this_turn, 0
    while any(isinstance(a, TakeBack) for a in state.legal_actions(seat)):
        state.apply(seat, TakeBack())
        taken += 1
    assert taken == laid
    assert without_history(state) == start  # the turn as it began, nothing earlier
    assert refused(state, seat, TakeBack()) in ("nothing_to_take_back", "turn_ended")
    GAME.check_invariants(state)
