"""Bots are teammates: they read a person's pile signals, and a stand-in keeps them.

The position: seat 0 (a bot) holds 31 32 on ascending pile A1 at 30, its other plays
skip many alive cards. Seat 1 asks to keep A1. When seat 1 is a person (``people`` in
the view, as tables give it), every bot level keeps off A1; a bot's own "garde" stays a
cost the heuristic may outweigh, as before.
"""

from __future__ import annotations

from typing import Any

import pytest

from partie.core import get_game
from partie.games.the_game.heuristic import HeuristicBot, PersonModel
from partie.games.the_game.rules import Signal
from partie.table import TableCore

GAME = get_game("the-game")
DRAW = "2 3 4 5 6 7 8 9 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69 91 92 93 94 95"
POSITION = (
    "piles 30 90 25 70; hands 31 32 40 44 47 96 / 33 41 42 43 46 48 / 49 50 51 52 53 54; "
    f"draw {DRAW}; turn 1"
)
LEVELS = ("random", "greedy", "minjump", "heuristic", "mc:10", "best")


def bot_turn(bot_name: str, people: list[int] | None, keep: bool, position: str = POSITION):
    """Seat 0's whole turn by ``bot_name`` after seat 1 maybe flagged A1 "garde"."""
    state = GAME.from_position(position)
    if keep:
        state.apply(1, Signal(0, "keep"))
    bot = GAME.make_bot(bot_name, 1)
    actions = []
    while state.current == 0 and not state.is_over:
        view = state.view(0)
        if people is not None:
            view["people"] = people
        action = bot.act(view)
        state.apply(0, action)
        actions.append(action)
    return state, actions


def on_a1(actions: list[Any]) -> list[int]:
    return [a.card for a in actions if getattr(a, "pile", None) == 0 and a.type == "play"]


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_keeps_off_a_pile_a_person_asks_to_keep(level: str) -> None:
    _, free = bot_turn(level, None, keep=False)
    _, asked = bot_turn(level, [1], keep=True)
    assert on_a1(free), f"{level} would play on A1 without the signal: {free}"
    assert on_a1(asked) == [], f"{level} played on A1 a person keeps: {asked}"


def test_a_bots_keep_is_still_a_cost_not_a_ban() -> None:
    """Bot-only tables play as they always did: the heuristic still lays 31 on A1 when
    a bot keeps it (the alternatives cost more than the signal's penalty)."""
    _, actions = bot_turn("heuristic", None, keep=True)
    assert on_a1(actions) == [31]


@pytest.mark.parametrize("level", LEVELS)
def test_the_kept_pile_is_used_when_nothing_else_keeps_the_game_going(level: str) -> None:
    """Only A1 takes cards: the bot lays its minimum there rather than end the game."""
    position = "piles 30 99 2 2; hands 31 32 40 / 33 41 42 / 43 44 45; draw 50 51 52 53; turn 1"
    state, actions = bot_turn(level, [1], keep=True, position=position)
    assert len(on_a1(actions)) >= 2
    assert not state.is_over


def test_a_stand_in_keeps_its_persons_signals() -> None:
    """Alice (seat 0) flagged D1 "garde" and A2 "bon ici", then left: the stand-in plays
    her turn and leaves both; a bot of its own seat would have cleared them."""
    position = f"piles 30 90 25 70; hands 31 32 40 44 47 96 / 33 41 42 43 46 48; draw {DRAW}"
    for people, kept in (([0, 1], True), (None, False)):
        state = GAME.from_position(position)
        state.apply(0, Signal(2, "keep"))
        state.apply(0, Signal(1, "good"))
        bot = HeuristicBot(0)
        while state.current == 0 and not state.is_over:
            view = state.view(0)
            if people is not None:
                view["people"] = people
            state.apply(0, bot.act(view))
        mine = {p: kind for (seat, p), kind in state.signals.items() if seat == 0}
        assert (mine.get(2) == "keep" and mine.get(1) == "good") is kept, mine


def test_a_stand_in_clears_what_it_set_itself() -> None:
    state = GAME.from_position(POSITION)
    bot = HeuristicBot(0)
    people = [0, 1, 2]
    view = state.view(0)
    view["people"] = people
    assert bot.first_change(view, ["keep", None, None, None]) == Signal(0, "keep")
    state.apply(0, Signal(0, "keep"))
    view = state.view(0)
    view["people"] = people
    assert bot.first_change(view, [None, None, None, None]) == Signal(0, "clear")


def test_the_person_model_says_keep_and_good() -> None:
    """ "Garde" for a card within 2 alive cards (31 on 30), "bon ici" within 3 (94 on 90,
    skipping 91 92 93), nothing where the nearest card skips many (47 on 70)."""
    position = POSITION.replace(" 96 /", " 94 /").replace(" 94 95;", " 95;")
    state = GAME.from_position(position)
    bot = PersonModel(0)
    said = {}
    for _ in range(8):
        view = state.view(0)
        view["people"] = [0]
        signal = bot.signal(view)
        if signal is None:
            break
        state.apply(0, signal)
        said[signal.pile] = signal.kind
    assert said == {0: "keep", 1: "good"}


def test_a_table_tells_its_bots_who_the_people_are() -> None:
    options = GAME.parse_options({"players": 3})
    seats = {0: None, 1: "heuristic", 2: "heuristic"}
    core = TableCore(GAME, options, 5, seats.get, people=lambda: [0])
    core.person(0, core.state.legal_plays()[0])
    core.person(0, core.state.legal_plays()[0])
    core.person(0, "fin")
    turn = core.bot_turn()
    assert turn is not None and turn.view["people"] == [0]
    plain = TableCore(GAME, options, 5, seats.get)
    assert "people" not in plain.view(1)


@pytest.mark.parametrize("level", ("greedy", "minjump", "heuristic"))
def test_a_flag_in_the_middle_of_a_bots_turn_changes_the_rest_of_it(level: str) -> None:
    """The bot planned 31 then 32 on A1; after 31 the person flags A1: 32 goes elsewhere."""
    state = GAME.from_position(POSITION)
    bot = GAME.make_bot(level, 1)
    view = state.view(0)
    view["people"] = [1]
    first = bot.act(view)
    assert first.type == "play" and first.pile == 0
    state.apply(0, first)
    state.apply(1, Signal(0, "keep"))
    view = state.view(0)
    view["people"] = [1]
    second = bot.act(view)
    assert second.type == "play" and second.pile != 0, second
