"""The Game's written forms against tables written here from the documentation: an
action's text (what players type and read, docs/the-game.md) and JSON (what clients send
and records hold, docs/protocol.md), a seat's view, a position's text
(docs/positions.md) and each refusal's code (docs/refusals.md). Nothing is read from the
module's own constants."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from partie.core import get_game
from partie.core.errors import (
    AmbiguousAction,
    BadPosition,
    GameOver,
    IllegalAction,
    InvalidAction,
    NotYourTurn,
    PartieError,
)
from partie.games.the_game.rules import (
    END_TURN,
    ChooseStart,
    EndTurn,
    Play,
    Signal,
    action_from_json,
    parse_action,
    pile_index,
)
from partie.terminal.the_game import describe

GAME = get_game("the-game")
A1, A2, D1, D2 = 0, 1, 2, 3

# (action, its text, its JSON)
ACTIONS = [
    (Play(37, A1), "37 a1", {"type": "play", "card": 37, "pile": "a1"}),
    (Play(5, A2), "5 a2", {"type": "play", "card": 5, "pile": "a2"}),
    (Play(99, D1), "99 d1", {"type": "play", "card": 99, "pile": "d1"}),
    (Play(2, D2), "2 d2", {"type": "play", "card": 2, "pile": "d2"}),
    (EndTurn(), "fin", {"type": "end"}),
    (Signal(A1, "keep"), "signal a1 garde", {"type": "signal", "pile": "a1", "kind": "keep"}),
    (Signal(D2, "good"), "signal d2 bon", {"type": "signal", "pile": "d2", "kind": "good"}),
    (Signal(D1, "clear"), "signal d1 efface", {"type": "signal", "pile": "d1", "kind": "clear"}),
    (ChooseStart(0), "commence 1", {"type": "start", "seat": 0}),
    (ChooseStart(2), "commence 3", {"type": "start", "seat": 2}),
]


@pytest.mark.parametrize(("action", "text", "data"), ACTIONS)
def test_each_action_has_its_text_and_json(action: Any, text: str, data: dict) -> None:
    assert action.text() == text
    assert action.to_json() == data
    assert action.type == data["type"]
    assert parse_action(text) == action  # what is written reads back
    assert action_from_json(data) == action


@pytest.mark.parametrize("action", [a for a, _, _ in ACTIONS])
def test_actions_are_frozen_values(action: Any) -> None:
    """design.md: actions are small frozen dataclasses; records and search keep them as
    values (set members, dictionary keys), by the million (no per-action dictionary)."""
    assert len({action, dataclasses.replace(action)}) == 1
    assert not hasattr(action, "__dict__")
    for field in dataclasses.fields(action):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(action, field.name, 1)


def test_the_end_of_turn_is_one_value_and_a_play_shows_its_card_and_pile() -> None:
    assert EndTurn() == END_TURN
    assert repr(Play(37, A1)) == "Play(37, 0)"


@pytest.mark.parametrize(
    ("action", "fr", "en"),
    [
        (Signal(A1, "keep"), "signal a1 garde", "signal a1 keep"),
        (Signal(A2, "good"), "signal a2 bon", "signal a2 good"),
        (Signal(D1, "clear"), "signal d1 efface", "signal d1 clear"),
        (END_TURN, "fin du tour", "end of turn"),
        (Play(37, D2), "37 d2", "37 d2"),
    ],
)
def test_the_terminal_tells_an_action_in_each_language(action: Any, fr: str, en: str) -> None:
    assert (describe(action, "fr"), describe(action, "en")) == (fr, en)
    assert parse_action(fr if action.type != "end" else "fin") == action
    assert parse_action(en if action.type != "end" else "end") == action


# (what a player types, the action it names)
TYPED = [
    ("37 a1", Play(37, A1)),
    ("a1 37", Play(37, A1)),
    ("  37   D2 ", Play(37, D2)),
    ("D1 64", Play(64, D1)),
    ("fin", END_TURN),
    ("FIN", END_TURN),
    ("end", END_TURN),
    ("f", END_TURN),
    ("e", END_TURN),
    ("signal d2 garde", Signal(D2, "keep")),
    ("signal d2 keep", Signal(D2, "keep")),
    ("Signal A2 bon", Signal(A2, "good")),
    ("signal a2 good", Signal(A2, "good")),
    ("signal d1 efface", Signal(D1, "clear")),
    ("signal d1 clear", Signal(D1, "clear")),
    ("commence 1", ChooseStart(0)),
    ("commence 2", ChooseStart(1)),
    ("start 3", ChooseStart(2)),
]


@pytest.mark.parametrize(("text", "action"), TYPED)
def test_typed_moves(text: str, action: Any) -> None:
    assert parse_action(text) == action


# (what a player types, the refusal's code)
UNREADABLE = [
    ("", "empty_move"),
    ("   ", "empty_move"),
    ("37", "unreadable_move"),  # a bare card needs the player's view
    ("37 a3", "unknown_pile"),
    ("a0 37", "unknown_pile"),
    ("37 a1 x", "unreadable_move"),
    ("fin fin", "unreadable_move"),
    ("end 2", "unknown_pile"),  # a card on a pile named "end"
    ("fini", "unreadable_move"),
    ("signal d2", "unreadable_move"),
    ("signal d2 garde x", "unreadable_move"),
    ("signal d2 peut-être", "unknown_signal"),
    ("signal d3 garde", "unknown_pile"),
    ("commence", "unreadable_move"),
    ("commence deux", "unreadable_move"),
    ("start 1 2", "unreadable_move"),
    ("joue 37", "unknown_pile"),
    ("a1 a2", "unreadable_move"),
]


@pytest.mark.parametrize(("text", "code"), UNREADABLE)
def test_unreadable_moves_say_why(text: str, code: str) -> None:
    with pytest.raises(InvalidAction) as caught:
        parse_action(text)
    assert caught.value.code == code


@pytest.mark.parametrize(
    ("name", "index"),
    [("a1", 0), ("a2", 1), ("d1", 2), ("d2", 3), (" A1 ", 0), ("D2", 3)],
)
def test_pile_names(name: str, index: int) -> None:
    assert pile_index(name) == index


@pytest.mark.parametrize("name", ["a3", "d0", "b1", "", "a", "1", "a1 d2"])
def test_unknown_pile_names(name: str) -> None:
    with pytest.raises(InvalidAction) as caught:
        pile_index(name)
    assert caught.value.code == "unknown_pile"


# (JSON an action may arrive as, the action it is)
JSON_READ = [
    ({"type": "play", "card": 7, "pile": "D2"}, Play(7, D2)),
    ({"type": "play", "card": 7, "pile": "a2", "note": "x"}, Play(7, A2)),
    ({"type": "end", "note": "x"}, END_TURN),
    ({"type": "signal", "pile": "a1", "kind": "garde"}, Signal(A1, "keep")),
    ({"type": "signal", "pile": "a1", "kind": "GOOD"}, Signal(A1, "good")),
    ({"type": "signal", "pile": "d2", "kind": "efface"}, Signal(D2, "clear")),
    ({"type": "start", "seat": 4}, ChooseStart(4)),
]


@pytest.mark.parametrize(("data", "action"), JSON_READ)
def test_json_actions(data: dict, action: Any) -> None:
    assert action_from_json(data) == action


# (JSON that names no action, the refusal's code)
JSON_REFUSED = [
    (None, "unreadable_action"),
    ([], "unreadable_action"),
    ("37 a1", "unreadable_action"),
    ({}, "unknown_action"),
    ({"type": "fly"}, "unknown_action"),
    ({"type": "PLAY", "card": 7, "pile": "a1"}, "unknown_action"),
    ({"type": "play"}, "incomplete_action"),
    ({"type": "play", "card": 7}, "incomplete_action"),
    ({"type": "play", "pile": "a1"}, "incomplete_action"),
    ({"type": "play", "card": "7", "pile": "a1"}, "incomplete_action"),
    ({"type": "play", "card": True, "pile": "a1"}, "incomplete_action"),
    ({"type": "play", "card": 7.0, "pile": "a1"}, "incomplete_action"),
    ({"type": "play", "card": 7, "pile": "a5"}, "unknown_pile"),
    ({"type": "signal", "pile": "a1"}, "incomplete_action"),
    ({"type": "signal", "kind": "keep"}, "incomplete_action"),
    ({"type": "signal", "pile": "a1", "kind": "shout"}, "unknown_signal"),
    ({"type": "signal", "pile": "x9", "kind": "keep"}, "unknown_pile"),
    ({"type": "start"}, "incomplete_action"),
    ({"type": "start", "seat": "1"}, "incomplete_action"),
    ({"type": "start", "seat": False}, "incomplete_action"),
]


@pytest.mark.parametrize(("data", "code"), JSON_REFUSED)
def test_json_that_names_no_action(data: Any, code: str) -> None:
    with pytest.raises(InvalidAction) as caught:
        action_from_json(data)
    assert caught.value.code == code


# A bare card typed alone, read against what the player sees ------------------------


def _view(hand: list[int], tops: tuple[int, int, int, int]) -> dict[str, Any]:
    piles = [
        {"name": name, "top": top, "ascending": up}
        for name, top, up in zip(
            ("a1", "a2", "d1", "d2"), tops, (True, True, False, False), strict=True
        )
    ]
    return {"hand": hand, "piles": piles}


def test_a_bare_card_goes_on_the_one_pile_it_fits_or_names_the_choices() -> None:
    assert parse_action("44", _view([44], (50, 60, 95, 40))) == Play(44, D1)
    assert parse_action("40", _view([40], (50, 60, 35, 20))) == Play(40, A1)  # the trick
    with pytest.raises(AmbiguousAction) as caught:
        parse_action("37", _view([37], (1, 47, 40, 100)))
    assert caught.value.code == "ambiguous_action"
    assert caught.value.fr == "37 : a1, a2, d1 ou d2 ?"
    assert caught.value.data["choices"] == [
        {"type": "play", "card": 37, "pile": "a1"},
        {"type": "play", "card": 37, "pile": "a2"},
        {"type": "play", "card": 37, "pile": "d1"},
        {"type": "play", "card": 37, "pile": "d2"},
    ]
    assert caught.value.en == "37: a1, a2, d1 or d2?"
    with pytest.raises(AmbiguousAction) as caught:
        parse_action("37", _view([37], (1, 90, 40, 30)))
    assert caught.value.fr == "37 : a1 ou d1 ?" and caught.value.en == "37: a1 or d1?"


@pytest.mark.parametrize(
    ("hand", "code"), [([50], "does_not_fit"), ([51], "card_not_in_hand"), ([], "card_not_in_hand")]
)
def test_a_bare_card_that_cannot_be_laid(hand: list[int], code: str) -> None:
    with pytest.raises(IllegalAction) as caught:
        parse_action("50", _view(hand, (55, 70, 45, 30)))
    assert caught.value.code == code
    with pytest.raises(IllegalAction) as caught:
        parse_action("50", {"hand": None, "piles": []})
    assert caught.value.code == "card_not_in_hand"


# Views -------------------------------------------------------------------------------

POSITION = "piles 47 1 65 100; hands 36 38 50 / 20 70; draw 4 3; turn 1; laid 0"
PILES = [
    {"name": "a1", "top": 47, "ascending": True},
    {"name": "a2", "top": 1, "ascending": True},
    {"name": "d1", "top": 65, "ascending": False},
    {"name": "d2", "top": 100, "ascending": False},
]
PLAYED = sorted(set(range(2, 100)) - {36, 38, 50, 20, 70, 4, 3})


def test_a_seat_sees_its_hand_and_every_public_count() -> None:
    state = GAME.from_position(POSITION)
    state.apply(1, Signal(D2, "keep"))
    state.apply(0, Signal(A1, "good"))
    assert state.view(0) == {
        "game": "the-game",
        "seat": 0,
        "players": 2,
        "to_move": 0,
        "current": 0,
        "to_act": [0],
        "started": True,
        "piles": PILES,
        "hand": [36, 38, 50],
        "hand_sizes": [3, 2],
        "draw_count": 2,
        "played_this_turn": 0,
        "laid_this_turn": [],
        "min_cards": 2,
        "options": {"expert": False, "fewer_cards": False, "takeback": False},
        "signals": [
            {"seat": 0, "pile": "a1", "kind": "good"},
            {"seat": 1, "pile": "d2", "kind": "keep"},
        ],
        "played": PLAYED,
        "over": False,
    }
    other = state.view(1)
    assert other["seat"] == 1 and other["hand"] == [20, 70]
    spectator = state.view(None)
    assert spectator["seat"] is None and spectator["hand"] is None
    assert set(spectator) == set(other)  # nobody sees more keys than another


def test_the_view_follows_the_turn_and_opens_every_hand_at_the_end() -> None:
    expert = GAME.from_position("piles 1 1 100 100; hands 10 20 30 / 40; draw 50; expert")
    assert expert.view(1)["min_cards"] == 3 and expert.view(1)["options"]["expert"] is True
    state = GAME.from_position("piles 1 96 90 90; hands 97 98 / 95; draw 40")
    state.apply(0, Play(97, A1))
    view = state.view(1)
    assert view["played_this_turn"] == 1 and view["piles"][0]["top"] == 97
    assert view["played"] == sorted(set(range(2, 100)) - {98, 95, 40})  # 97 among them
    assert view["hand_sizes"] == [1, 1]
    assert view["current"] == 0 and view["to_act"] == [0] and view["to_move"] == 0
    state.apply(0, Play(98, A1))
    state.apply(0, END_TURN)  # 40 drawn; 95 fits no pile: seat 1 is stuck at once
    assert state.is_over
    end = state.view(None)
    assert end["over"] is True and end["to_act"] == [] and end["to_move"] is None
    assert end["score"] == 2 and end["reason"] == "stuck"
    assert end["hands"] == [[40], [95]] and end["draw_count"] == 0
    assert "score" not in view and "hands" not in view and "reason" not in view


def test_a_table_that_chooses_who_starts_shows_it_has_not_started() -> None:
    options = GAME.parse_options({"players": 2, "choose_start": True, "fewer_cards": True})
    state = GAME.setup(options, 3)
    view = state.view(0)
    assert view["started"] is False and view["options"] == {
        "expert": False,
        "fewer_cards": True,
        "takeback": False,
    }
    assert len(view["hand"]) == 6 and view["draw_count"] == 98 - 12


# Legal actions ---------------------------------------------------------------------------


def test_legal_actions_of_the_player_to_act_and_of_the_others() -> None:
    state = GAME.from_position("piles 47 1 65 100; hands 37 70 / 20; draw 4 3")
    state.apply(0, Signal(A2, "keep"))
    signals = [
        Signal(A1, "keep"),
        Signal(A1, "good"),
        Signal(A2, "good"),  # "keep" is already there: only "good" and "clear"
        Signal(A2, "clear"),
        Signal(D1, "keep"),
        Signal(D1, "good"),
        Signal(D2, "keep"),
        Signal(D2, "good"),
    ]
    plays = [Play(37, A1), Play(37, A2), Play(37, D1), Play(37, D2), Play(70, A1), Play(70, A2)]
    plays.append(Play(70, D2))
    assert state.legal_plays() == plays
    assert state.legal_actions(0) == plays + signals
    state.apply(0, Play(37, A1))
    state.apply(0, Play(70, D2))
    assert END_TURN in state.legal_actions(0)  # two laid: the turn may end
    assert state.legal_actions(1) == [
        Signal(p, k) for p in range(4) for k in ("keep", "good")
    ]  # not its turn: talk only
    assert state.legal_actions(2) == [] and state.legal_actions(-1) == []


def test_before_the_start_the_table_names_who_starts() -> None:
    options = GAME.parse_options({"players": 2, "choose_start": True})
    state = GAME.setup(options, 3)
    assert state.legal_plays() == []
    assert state.legal_actions(0)[:3] == [ChooseStart(0), ChooseStart(1), Signal(A1, "keep")]
    assert state.legal_actions(1)[0] == Signal(A1, "keep")


def test_a_finished_game_offers_nothing() -> None:
    state = GAME.from_position("piles 55 70 45 30; hands 50")
    assert state.is_over and state.to_act == ()
    assert state.legal_actions(0) == [] and state.legal_plays() == []


# Refusals: each with its code, the state unchanged ------------------------------------

# (seat, action, error, code)
REFUSALS = [
    (2, Play(36, A1), IllegalAction, "unknown_seat"),
    (-1, Play(36, A1), IllegalAction, "unknown_seat"),
    ("0", Play(36, A1), IllegalAction, "unknown_seat"),
    (1, Play(20, A1), NotYourTurn, "not_your_turn"),
    (1, END_TURN, NotYourTurn, "not_your_turn"),
    (0, "37 a1", InvalidAction, "unknown_action"),
    (0, Play(36, 4), InvalidAction, "unknown_pile"),
    (0, Play(36, -1), InvalidAction, "unknown_pile"),
    (0, Signal(4, "keep"), InvalidAction, "unknown_signal"),
    (0, Signal(-1, "keep"), InvalidAction, "unknown_signal"),
    (1, Signal(A1, "shout"), InvalidAction, "unknown_signal"),
    (0, Play(20, A2), IllegalAction, "card_not_in_hand"),
    (0, Play(38, A1), IllegalAction, "trick_needs_ten"),  # 9 below an ascending 47
    (0, Play(36, A1), IllegalAction, "trick_needs_ten"),  # 11 below
    (0, Play(70, D1), IllegalAction, "trick_needs_ten"),  # 5 above a descending 65
    (0, END_TURN, IllegalAction, "below_minimum"),
    (1, Signal(D2, "clear"), IllegalAction, "no_signal_to_clear"),
    (0, ChooseStart(1), IllegalAction, "choose_start_off"),
]


@pytest.mark.parametrize(("seat", "action", "error", "code"), REFUSALS)
def test_each_refusal_has_its_code_and_changes_nothing(
    seat: Any, action: Any, error: type[PartieError], code: str
) -> None:
    state = GAME.from_position("piles 47 1 65 100; hands 36 38 50 70 / 20; draw 4 3")
    before = state.fingerprint()
    with pytest.raises(error) as caught:
        state.apply(seat, action)
    assert caught.value.code == code
    assert state.fingerprint() == before


# (card, top, pile, code, French words, English words)
PILE_REFUSALS = [
    (38, 47, A1, "trick_needs_ten", "la pile a1 est montante", "pile a1 is ascending"),
    (36, 47, A2, "trick_needs_ten", "(ici 11)", "(here 11)"),
    (70, 65, D1, "trick_needs_ten", "la pile d1 est descendante", "pile d1 is descending"),
    (74, 65, D2, "trick_needs_ten", "(ici 9)", "(here 9)"),
    (47, 47, A1, "does_not_fit", "47 ne peut pas aller sur 47 (pile a1)", "cannot go on 47"),
    (65, 65, D2, "does_not_fit", "(pile d2)", "65 cannot go on 65 (pile d2)"),
]


@pytest.mark.parametrize(("card", "top", "pile", "code", "fr", "en"), PILE_REFUSALS)
def test_a_card_that_does_not_fit_says_which_way_the_pile_goes(
    card: int, top: int, pile: int, code: str, fr: str, en: str
) -> None:
    tops = [1, 1, 100, 100]
    tops[pile] = top
    held = f"{card} 2" if card != 2 else "2 3"
    state = GAME.from_position(f"piles {' '.join(map(str, tops))}; hands {held} 98; draw 99")
    with pytest.raises(IllegalAction) as caught:
        state.apply(0, Play(card, pile))
    assert caught.value.code == code
    assert fr in caught.value.fr and en in caught.value.en


def test_the_minimum_is_said_in_cards_laid() -> None:
    state = GAME.from_position("piles 1 1 100 100; hands 10 20 30; draw 90")
    with pytest.raises(IllegalAction) as caught:
        state.apply(0, END_TURN)
    assert "au moins 2 cartes ce tour-ci (0 posée)" in caught.value.fr
    assert "at least 2 cards this turn (0 laid)" in caught.value.en
    state.apply(0, Play(10, A1))
    with pytest.raises(IllegalAction) as caught:
        state.apply(0, END_TURN)
    assert "(1 posée)" in caught.value.fr
    state = GAME.from_position("piles 1 1 100 100; hands 10 20 30 40; draw 90; expert")
    state.apply(0, Play(10, A1))
    state.apply(0, Play(20, A1))
    with pytest.raises(IllegalAction) as caught:
        state.apply(0, END_TURN)
    assert "au moins 3 cartes ce tour-ci (2 posées)" in caught.value.fr
    state = GAME.from_position("piles 1 1 100 100; hands 10 20")  # the draw pile is empty
    with pytest.raises(IllegalAction) as caught:
        state.apply(0, END_TURN)
    assert "au moins 1 carte ce tour-ci (0 posée)" in caught.value.fr
    assert "at least 1 card this turn (0 laid)" in caught.value.en


def test_signals_refused_when_they_would_change_nothing() -> None:
    state = GAME.from_position("piles 1 1 100 100; hands 10 20 / 30 40; draw 4 3")
    state.apply(1, Signal(D1, "good"))
    with pytest.raises(IllegalAction) as caught:
        state.apply(1, Signal(D1, "good"))
    assert caught.value.code == "signal_already_set"
    assert "d1 (bon)" in caught.value.fr and "d1 (good)" in caught.value.en
    state.apply(0, Signal(A2, "keep"))
    with pytest.raises(IllegalAction) as caught:
        state.apply(0, Signal(A2, "keep"))
    assert "a2 (garde)" in caught.value.fr and "a2 (keep)" in caught.value.en
    with pytest.raises(IllegalAction) as caught:
        state.apply(1, Signal(A2, "clear"))
    assert caught.value.code == "no_signal_to_clear" and "a2" in caught.value.en
    state.apply(1, Signal(D1, "keep"))  # another kind replaces it
    assert state.signals == {(1, D1): "keep", (0, A2): "keep"}
    assert state.history[-1] == (1, Signal(D1, "keep")) and len(state.history) == 3
    assert state.current == 0  # talk does not pass the turn


def test_the_default_options() -> None:
    options = GAME.parse_options({})
    with pytest.raises(AttributeError):
        options.players = 2  # type: ignore[misc]
    assert (options.players, options.expert, options.fewer_cards) == (1, False, False)
    assert options.choose_start is False and options.deal is None
    assert (options.min_cards, options.hand_size) == (2, 8)
    state = GAME.setup(options, 4)
    assert state.started is True and state.current == 0 and state.played_this_turn == 0
    assert state.position().endswith("; turn 1; laid 0")


def test_out_of_turn_the_refusal_names_the_player_to_play() -> None:
    state = GAME.from_position("piles 1 1 100 100; hands 10 / 20 21 / 30; draw 40 41 42; turn 2")
    with pytest.raises(NotYourTurn) as caught:
        state.apply(2, Play(30, A1))
    assert "c'est au joueur 2" in caught.value.fr and "player 2 is to play" in caught.value.en


def test_the_turn_passes_to_the_next_seat_holding_cards() -> None:
    state = GAME.from_position("piles 1 1 100 100; hands 10 11 / 20 21 / 30 31; draw 40 41 42")
    state.apply(0, Play(10, A1))
    state.apply(0, Play(11, A1))
    state.apply(0, END_TURN)
    assert state.current == 1 and state.hands[0] == [40, 41]
    state = GAME.from_position("piles 1 1 100 100; hands 10 11 / - / 30 31")
    state.apply(0, Play(10, A1))
    state.apply(0, END_TURN)
    assert state.current == 2  # seat 1 holds nothing and the draw pile is empty
    state.apply(2, Play(30, A1))
    state.apply(2, END_TURN)
    assert state.current == 0


def test_choosing_who_starts() -> None:
    options = GAME.parse_options({"players": 3, "choose_start": True})
    first = GAME.setup(options, 1)
    first.apply(0, ChooseStart(0))  # the first seat may name itself
    assert first.started and first.current == 0
    state = GAME.setup(options, 1)
    with pytest.raises(IllegalAction) as caught:
        state.apply(0, ChooseStart(3))
    assert "pas de joueur 4" in caught.value.fr and "no player 4" in caught.value.en
    for action, code in [(Play(state.hands[0][0], A1), "choose_start_first"),
                         (END_TURN, "choose_start_first"),
                         (ChooseStart(3), "unknown_seat"),
                         (ChooseStart(-1), "unknown_seat")]:  # fmt: skip
        with pytest.raises(IllegalAction) as caught:
            state.apply(0, action)
        assert caught.value.code == code
    with pytest.raises(NotYourTurn):
        state.apply(1, ChooseStart(1))
    state.apply(0, ChooseStart(1))
    assert state.started and state.current == 1 and state.to_act == (1,)
    assert state.history == [(0, ChooseStart(1))]
    with pytest.raises(IllegalAction) as caught:
        state.apply(1, ChooseStart(2))
    assert caught.value.code == "already_started"


def test_a_finished_game_refuses_every_action_even_talk() -> None:
    state = GAME.from_position("piles 55 70 45 30; hands 50")
    for action in (Play(50, A1), END_TURN, Signal(A1, "keep")):
        with pytest.raises(GameOver) as caught:
            state.apply(0, action)
        assert caught.value.code == "game_over"


# Positions as text ----------------------------------------------------------------------

# (position as typed, as written back)
POSITIONS = [
    (
        "piles 47 1 65 100; hands 36 38 / 20; draw 4 3; turn 1; laid 0; expert",
        "piles 47 1 65 100; hands 36 38 / 20; draw 4 3; turn 1; laid 0; expert",
    ),
    (
        "PILES 47 1 65 100;  hands 38 36 / 20 ;draw 4 3;turn 2",
        "piles 47 1 65 100; hands 36 38 / 20; draw 4 3; turn 2; laid 0",
    ),
    (
        "piles 1 1 100 100; hands 10 20 30 / -",
        "piles 1 1 100 100; hands 10 20 30 / -; draw; turn 1; laid 0",
    ),
    (
        "hands - / 5 6; piles 1 2 99 100; draw; turn 2; laid 1",
        "piles 1 2 99 100; hands - / 5 6; draw; turn 2; laid 1",
    ),
    (
        "piles 10 1 100 100; hands 20 30; laid 1; draw 50;",
        "piles 10 1 100 100; hands 20 30; draw 50; turn 1; laid 1",
    ),
]


@pytest.mark.parametrize(("text", "written"), POSITIONS)
def test_positions_are_read_and_written_back(text: str, written: str) -> None:
    state = GAME.from_position(text)
    assert state.position() == written
    assert GAME.from_position(written).position() == written


def test_a_position_sets_every_field() -> None:
    text = "piles 47 1 65 100; hands 36 38 / 20 30 40; draw 4 3; turn 2; expert"
    state = GAME.from_position(text)
    assert state.tops == [47, 1, 65, 100]
    assert state.hands == [[36, 38], [20, 30, 40]]
    assert state.draw == [3, 4]  # 4, written first, is the top (the end of the list)
    assert state.current == 1 and state.played_this_turn == 0
    assert state.options.players == 2 and state.options.expert is True
    assert state.min_cards == 3 and state.started and not state.is_over
    assert state.played == sorted(set(range(2, 100)) - {36, 38, 20, 30, 40, 4, 3})
    assert state.signals == {} and state.history == []


def test_a_position_mid_turn_ends_as_play_would() -> None:
    # one card laid of two, and 50 fits nowhere: stuck, as after a card in play
    state = GAME.from_position("piles 55 70 45 30; hands 50; draw 3; laid 1")
    assert state.is_over and state.reason == "stuck"
    # the minimum reached: the player may still end the turn
    state = GAME.from_position("piles 55 70 45 30; hands 50; draw 3; laid 2")
    assert not state.is_over and END_TURN in state.legal_actions(0)
    # every card down
    state = GAME.from_position("piles 55 70 45 30; hands -; laid 1")
    assert state.is_over and state.reason == "all_cards_played" and state.score == 0
    state = GAME.from_position("piles 55 70 45 30; hands -")
    assert state.is_over and state.reason == "all_cards_played" and state.score == 0
    # an empty hand before the draw pile is empty cannot lay the minimum
    state = GAME.from_position("piles 55 70 45 30; hands -; draw 5")
    assert state.is_over and state.reason == "stuck" and state.score == 1
    # laid 0 and blocked: over at once
    state = GAME.from_position("piles 55 70 45 30; hands 50")
    assert state.is_over and state.reason == "stuck"
    # laid 1 with the draw pile empty: the minimum (1) is reached, the turn may end
    state = GAME.from_position("piles 55 70 45 30; hands 50; laid 1")
    assert not state.is_over and state.legal_actions(0)[0] == END_TURN


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("", "piles"),
        ("piles 1 1 100; hands 3", "piles 1 1 100"),
        ("piles 1 1 100 x; hands 3", "piles 1 1 100 x"),
        ("piles 1 1 100 100", "piles"),
        ("hands 3", "piles"),
        ("piles 1 1 100 100; hands", "hands"),
        ("piles 1 1 100 100; hands 3 3", "deux fois"),
        ("piles 1 1 100 100; hands 3; draw 3", "deux fois"),
        ("piles 1 1 100 100; hands 101", "2 à 99"),
        ("piles 1 1 100 100; hands 1", "2 à 99"),
        ("piles 1 1 100 100; hands 2 x", "2 à 99"),
        ("piles 1 1 100 100; hands 3; draw 100", "2 à 99"),
        ("piles 0 1 100 100; hands 3", "sommets"),
        ("piles 1 100 100 100; hands 3", "sommets"),
        ("piles 1 1 1 100; hands 3", "sommets"),
        ("piles 1 1 100 101; hands 3", "sommets"),
        ("piles 1 1 100 100; hands 3; turn 2", "pas de joueur"),
        ("piles 1 1 100 100; hands 3; turn 0", "pas de joueur"),
        ("piles 1 1 100 100; hands 3; turn", "turn"),
        ("piles 1 1 100 100; hands 3; turn 1 2", "turn 1 2"),
        ("piles 1 1 100 100; hands 3; laid x", "laid x"),
        ("piles 1 1 100 100; hands 3; expert 1", "expert 1"),
        ("piles 1 1 100 100; hands 3; colour blue", "colour blue"),
    ],
)
def test_unreadable_positions_name_the_field_at_fault(text: str, field: str) -> None:
    with pytest.raises(BadPosition) as caught:
        GAME.from_position(text)
    assert caught.value.code == "bad_position"
    assert field in caught.value.fr
    # each language shows the example of docs/positions.md in its own quotes
    example = "piles 47 1 65 100; hands 36 38 / 20; draw 4 3; turn 1; laid 0; expert"
    assert f"« {example} »" in caught.value.fr and f"'{example}'" in caught.value.en


@pytest.mark.parametrize(
    "text",
    ["piles 1 99 2 100; hands 3", "piles 99 1 100 2; hands 3", "piles 1 1 100 100; hands 2 99"],
)
def test_the_extreme_tops_and_cards_are_readable(text: str) -> None:
    assert GAME.from_position(text).position().startswith(text)


# Results, copies --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hands", "score", "excellent"),
    [
        ("50", 2, True),
        ("50 51 52 53 54 55 56 57", 9, True),
        ("50 51 52 53 54 55 56 57 58", 10, False),  # "excellent" is under 10
    ],
)
def test_a_result_counts_the_cards_left(hands: str, score: int, excellent: bool) -> None:
    state = GAME.from_position(f"piles 99 99 2 2; hands {hands} / 60")  # nothing fits
    result = state.result
    assert result is not None and result.reason == "stuck" and state.score == score
    assert result.details == {"score": score, "excellent": excellent}
    assert result.scores == (float(score), float(score)) and result.winners == ()


def test_no_result_before_the_end() -> None:
    assert GAME.from_position("piles 1 1 100 100; hands 5").result is None


def test_a_clone_is_the_same_game_and_independent() -> None:
    state = GAME.setup(GAME.parse_options({"players": 2}), 9)
    state.apply(1, Signal(A1, "keep"))
    copy = state.clone()
    assert copy.fingerprint() == state.fingerprint()
    assert copy.seed == state.seed and copy.options is state.options and copy.game is state.game
    assert copy.rng.random() == state.rng.random()
    play = copy.legal_plays()[0]
    copy.apply(0, play)
    assert copy.fingerprint() != state.fingerprint()
    assert copy.played == [play.card] and state.played == []
    assert len(state.hands[0]) == 7 and state.tops == [1, 1, 100, 100]
    assert state.history == [(1, Signal(A1, "keep"))] and copy.signals == state.signals


def test_a_state_shows_its_tops_and_counts() -> None:
    state = GAME.from_position("piles 47 1 65 100; hands 36 38 / 20; draw 4 3")
    assert repr(state) == (
        "<TheGameState players=2 current=0 a1:47 a2:1 d1:65 d2:100 draw=2 score=5 over=False>"
    )
