"""The Game's rules, including every worked check of rules/the-game.md."""

from __future__ import annotations

import pytest
from positions import GAME

from partie.core import BadOptions, GameOver, IllegalAction, InvalidAction, NotYourTurn
from partie.games.the_game import END_TURN, ChooseStart, Play, Signal, parse_action, playable
from partie.games.the_game.rules import can_play_sequence

A1, A2, D1, D2 = range(4)


# Worked checks --------------------------------------------------------------------


def test_worked_check_ascending_pile_at_47() -> None:
    legal = [c for c in range(2, 100) if playable(c, 47, True)]
    assert legal == [37, *range(48, 100)]
    assert not playable(38, 47, True) and not playable(36, 47, True)


def test_worked_check_descending_pile_at_65() -> None:
    legal = [c for c in range(2, 100) if playable(c, 65, False)]
    assert legal == [*range(2, 65), 75]
    assert not playable(74, 65, False) and not playable(76, 65, False)


def test_worked_check_blocked_hand_ends_the_game_with_cards_left_as_score() -> None:
    # Draw pile empty, hand {50}, every pile blocked for 50.
    state = GAME.from_position("piles 55 70 45 30; hands 50")
    assert state.is_over and state.result.reason == "stuck"
    assert state.result.details["score"] == 1 == state.score
    assert state.result.winners == ()


def test_worked_check_empty_handed_player_is_skipped() -> None:
    # 2 players, draw pile empty, B holds nothing: A plays every turn.
    state = GAME.from_position("piles 1 1 100 100; hands 10 20 30 / -")
    for card in (10, 20):
        state.apply(0, Play(card, A1))
        state.apply(0, END_TURN)
        assert state.current == 0
    state.apply(0, Play(30, A1))
    assert state.is_over and state.result.reason == "all_cards_played"
    assert state.result.winners == (0, 1) and state.score == 0


# Set-up ---------------------------------------------------------------------------


@pytest.mark.parametrize("players,size", [(1, 8), (2, 7), (3, 6), (4, 6), (5, 6)])
def test_hand_sizes(players: int, size: int) -> None:
    state = GAME.setup(GAME.parse_options({"players": players}), 7)
    assert [len(h) for h in state.hands] == [size] * players
    assert len(state.draw) == 98 - size * players
    fewer = GAME.setup(GAME.parse_options({"players": players, "fewer_cards": True}), 7)
    assert [len(h) for h in fewer.hands] == [size - 1] * players


def test_same_seed_same_deal_other_seed_other_deal() -> None:
    options = GAME.parse_options({"players": 3})
    a, b, c = (GAME.setup(options, s) for s in (5, 5, 6))
    assert a.fingerprint() == b.fingerprint()
    assert a.hands != c.hands


def test_fixed_deal_is_dealt_in_order() -> None:
    deal = list(range(99, 1, -1))
    state = GAME.setup(GAME.parse_options({"players": 2, "deal": deal}), 0)
    assert state.hands[0] == sorted(deal[:7]) and state.hands[1] == sorted(deal[7:14])
    assert state.draw[-1] == deal[14]  # the top of the draw pile


@pytest.mark.parametrize(
    "options",
    [{"players": 0}, {"players": 6}, {"players": "2"}, {"colour": "red"}, {"deal": [2, 3]}],
)
def test_bad_options_are_refused(options: dict) -> None:
    with pytest.raises(BadOptions) as error:
        GAME.parse_options(options)
    assert error.value.fr and error.value.en


# A turn ---------------------------------------------------------------------------


def test_minimum_two_then_one_once_the_draw_pile_is_empty() -> None:
    state = GAME.from_position("piles 1 1 100 100; hands 10 20 30; draw 80 90")
    assert state.min_cards == 2
    state.apply(0, Play(10, A1))
    with pytest.raises(IllegalAction) as caught:
        state.apply(0, END_TURN)
    assert caught.value.code == "below_minimum"
    state.apply(0, Play(20, A1))
    state.apply(0, END_TURN)
    assert state.hands[0] == [30, 80, 90] and state.draw == []
    assert state.min_cards == 1


def test_expert_needs_three() -> None:
    state = GAME.from_position("piles 1 1 100 100; hands 10 20 30 40; draw 90; expert")
    assert state.min_cards == 3
    state.apply(0, Play(10, A1))
    state.apply(0, Play(20, A1))
    with pytest.raises(IllegalAction):
        state.apply(0, END_TURN)
    state.apply(0, Play(30, A1))
    state.apply(0, END_TURN)
    assert state.min_cards == 1  # the draw pile is empty now


def test_tricks_any_number_of_times_mixed_with_normal_plays() -> None:
    state = GAME.from_position("piles 67 1 38 100; hands 47 48 57 58; draw 99")
    state.apply(0, Play(57, A1))  # trick on an ascending pile
    state.apply(0, Play(47, A1))  # and again
    state.apply(0, Play(48, D1))  # trick on a descending pile
    state.apply(0, Play(58, D1))
    assert state.tops == [47, 1, 58, 100]


def test_drawing_refills_only_as_far_as_the_draw_pile_allows() -> None:
    state = GAME.from_position("piles 1 1 100 100; hands 10 20 30; draw 90")
    state.apply(0, Play(10, A1))
    state.apply(0, Play(20, A1))
    state.apply(0, END_TURN)
    assert state.hands[0] == [30, 90]


def test_game_ends_at_the_start_of_a_turn_that_cannot_reach_the_minimum() -> None:
    # Only one card of the hand can be played: with cards left to draw, 2 are needed.
    state = GAME.from_position("piles 96 97 41 45; hands 50 95 98; draw 3")
    assert state.is_over and state.result.reason == "stuck"
    assert state.score == 4


def test_painting_oneself_into_a_corner_ends_the_game() -> None:
    state = GAME.from_position("piles 55 99 2 2; hands 50 56 61; draw 3")
    assert not state.is_over  # 56 then 61 would do
    state.apply(0, Play(61, A1))  # now neither 50 nor 56 fits anywhere
    assert state.is_over and state.result.reason == "stuck"


def test_all_98_cards_played_is_total_victory() -> None:
    state = GAME.from_position("piles 97 1 100 100; hands 98 99")
    state.apply(0, Play(98, A1))
    state.apply(0, END_TURN)
    state.apply(0, Play(99, A1))
    assert state.is_over and state.score == 0 and state.result.winners == (0,)
    assert state.result.details == {"score": 0, "excellent": True}


def test_search_for_a_sequence_of_plays() -> None:
    assert can_play_sequence([50, 61], [55, 99, 2, 2], 1)
    assert not can_play_sequence([50, 61], [55, 99, 2, 2], 2)
    assert can_play_sequence([50, 60], [55, 99, 2, 2], 2)  # 60, then 50 is a trick
    assert can_play_sequence([50, 40], [45, 99, 2, 2], 2)  # 50 on 45, then 40 is a trick


# Refusals: a one-line reason, nothing changes ------------------------------------


REFUSALS = [
    (Play(38, A1), IllegalAction, "trick_needs_ten", "écart de 10"),  # 9 below an ascending 47
    (Play(36, A1), IllegalAction, "trick_needs_ten", "ici 11"),  # 11 below
    (Play(70, D1), IllegalAction, "trick_needs_ten", "descendante"),  # higher on descending 65
    (Play(99, A1), IllegalAction, "card_not_in_hand", "pas le 99"),  # not in hand
    (Play(38, 7), InvalidAction, "unknown_pile", "pile"),
    (END_TURN, IllegalAction, "below_minimum", "au moins 2"),
    (Signal(A1, "clear"), IllegalAction, "no_signal_to_clear", "aucun signal"),
    (ChooseStart(1), IllegalAction, "choose_start_off", "choose_start"),
]


@pytest.mark.parametrize("action,error,code,words", REFUSALS)
def test_refusals_explain_and_change_nothing(action, error, code, words) -> None:
    state = GAME.from_position("piles 47 1 65 100; hands 36 38 50 70 / 20; draw 4 3")
    before = state.fingerprint()
    with pytest.raises(error) as caught:
        state.apply(0, action)
    assert caught.value.code == code
    assert words in caught.value.fr
    assert caught.value.en and "\n" not in caught.value.fr
    assert state.fingerprint() == before


def test_acting_out_of_turn_is_refused() -> None:
    state = GAME.from_position("piles 1 1 100 100; hands 38 50 / 20 30; draw 4 3")
    before = state.fingerprint()
    with pytest.raises(NotYourTurn) as caught:
        state.apply(1, Play(20, A1))
    assert caught.value.code == "not_your_turn"
    assert state.fingerprint() == before


def test_a_finished_game_refuses_everything() -> None:
    state = GAME.from_position("piles 55 70 45 30; hands 50")
    with pytest.raises(GameOver):
        state.apply(0, Play(50, A1))


# Signals and the starting seat ---------------------------------------------------


def test_signals_are_talk_any_seat_any_time() -> None:
    state = GAME.from_position("piles 1 1 100 100; hands 10 20 / 30 40; draw 4 3")
    state.apply(1, Signal(D2, "keep"))
    assert state.current == 0
    assert state.view(0)["signals"] == [{"seat": 1, "pile": "d2", "kind": "keep"}]
    with pytest.raises(IllegalAction) as caught:
        state.apply(1, Signal(D2, "keep"))
    assert caught.value.code == "signal_already_set"
    state.apply(1, Signal(D2, "good"))
    state.apply(1, Signal(D2, "clear"))
    assert state.view(None)["signals"] == []


def test_the_table_may_choose_who_starts() -> None:
    state = GAME.setup(GAME.parse_options({"players": 3, "choose_start": True}), 1)
    assert state.legal_actions(0)[:3] == [ChooseStart(0), ChooseStart(1), ChooseStart(2)]
    with pytest.raises(IllegalAction) as caught:
        state.apply(0, Play(state.hands[0][0], A1))
    assert caught.value.code == "choose_start_first"
    state.apply(0, ChooseStart(2))
    assert state.current == 2
    with pytest.raises(IllegalAction) as caught:
        state.apply(2, ChooseStart(1))
    assert caught.value.code == "already_started"


# Notation --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text,action",
    [
        ("37 a1", Play(37, A1)),
        ("  37   D2 ", Play(37, D2)),
        ("a2 5", Play(5, A2)),
        ("fin", END_TURN),
        ("end", END_TURN),
        ("signal d2 garde", Signal(D2, "keep")),
        ("signal a1 good", Signal(A1, "good")),
        ("signal a1 efface", Signal(A1, "clear")),
        ("commence 2", ChooseStart(1)),
    ],
)
def test_parse_action(text: str, action) -> None:
    assert parse_action(text) == action
    assert GAME.action_from_json(action.to_json()) == action


@pytest.mark.parametrize("text", ["", "37", "37 a3", "joue 37", "signal d2 peut-être", "37 a1 x"])
def test_unreadable_moves(text: str) -> None:
    with pytest.raises(InvalidAction) as caught:
        parse_action(text)
    assert "\n" not in caught.value.fr and caught.value.en


@pytest.mark.parametrize(
    "data", [None, {}, {"type": "play"}, {"type": "play", "card": "7", "pile": "a1"},
             {"type": "fly"}, {"type": "signal", "pile": "a1", "kind": "shout"}],
)  # fmt: skip
def test_unreadable_json_actions(data) -> None:
    with pytest.raises(InvalidAction):
        GAME.action_from_json(data)
