"""The table core (``partie.table.TableCore``) that the terminal's blocking loop and the
web service's tables both drive: who acts next, a person's move, a bot's move and its
fallback, a bot's answer arriving after the table moved, the record."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from partie.core import get_game
from partie.core.errors import PartieError
from partie.core.game import Action, Game
from partie.core.record import Record
from partie.table import Seat, TableCore, run_table

THE_GAME = get_game("the-game")
QUIZZ = get_game("tennis-quizz")
MOTS = get_game("tennis-mots")

# Seat 0 (to play) holds 36 and 38; a1 is at 47, a2 and d2 are empty, d1 is at 65.
TG_POSITION = "piles 47 1 65 100; hands 36 38 / 20; draw 4 3; turn 1; laid 0"


def played_by(*controllers: str | None):
    """A controller: seat ``i`` is played by ``controllers[i]`` (``None``: a person)."""
    return lambda seat: controllers[seat]


def core_at(game: Game, position: str, *controllers: str | None) -> TableCore:
    state = game.from_position(position)
    return TableCore(game, state.options, state.seed, played_by(*controllers), start=state)


# Who acts next ----------------------------------------------------------------------


def test_one_seat_to_act_a_person_or_a_bot() -> None:
    person = core_at(THE_GAME, TG_POSITION, None, "greedy")
    assert (person.next_seat(), person.bot_seat(), person.people_to_act()) == (0, None, [0])
    assert person.bot_turn() is None and person.bot_turn(0) is None
    bot = core_at(THE_GAME, TG_POSITION, "greedy", None)
    assert (bot.next_seat(), bot.bot_seat(), bot.people_to_act()) == (0, 0, [])
    turn = bot.bot_turn()
    assert turn is not None and (turn.seat, turn.spec, turn.version) == (0, "greedy", 0)
    assert turn.view == bot.view(0)  # the bot gets its seat's view, nothing more


def test_when_two_seats_may_act_a_bot_goes_first() -> None:
    # Four players: the serving side (seats 0 and 2) chooses who serves.
    position = "players 4; sets 6-2; games 5 0; points 30 15; seed 4"
    people = core_at(QUIZZ, position, None, "quiz", None, "quiz")
    assert people.state.to_act == (0, 2)
    assert (people.next_seat(), people.bot_seat(), people.people_to_act()) == (0, None, [0, 2])
    mixed = core_at(QUIZZ, position, None, "quiz", "quiz", "quiz")
    assert (mixed.next_seat(), mixed.bot_seat(), mixed.people_to_act()) == (2, 2, [0])


def test_a_finished_game_has_nobody_to_act() -> None:
    core = TableCore(
        THE_GAME, THE_GAME.parse_options({"players": 2}), 5, played_by("random", "random")
    )
    while (turn := core.bot_turn()) is not None:
        core.bot_played(turn, turn.think())
    assert core.is_over
    assert core.next_seat() is None and core.bot_seat() is None and core.people_to_act() == []


# A person's move --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seat", "line", "code"),
    [
        (0, "zz", "unreadable_move"),
        (0, "36", "ambiguous_action"),  # fits a2, d1 and d2
        (0, "99 a1", "card_not_in_hand"),
        (0, "36 a1", "trick_needs_ten"),
        (0, "fin", "below_minimum"),
        (1, "20 a2", "not_your_turn"),
    ],
)
def test_a_refused_line_leaves_the_table_as_it_was(seat: int, line: str, code: str) -> None:
    core = core_at(THE_GAME, TG_POSITION, None, None)
    before = core.state.fingerprint()
    with pytest.raises(PartieError) as refused:
        core.person(seat, line)
    assert refused.value.code == code
    assert core.state.fingerprint() == before
    assert (core.version, core.last, core.epoch) == (0, None, 0)


def test_a_typed_line_and_its_action_are_the_same_move() -> None:
    typed = core_at(THE_GAME, TG_POSITION, None, None)
    action = typed.person(0, "36 d1")
    assert typed.last == (0, action) and typed.version == 1
    given = core_at(THE_GAME, TG_POSITION, None, None)
    given.person(0, THE_GAME.action_from_json(action.to_json()))
    assert given.state.fingerprint() == typed.state.fingerprint()


# A bot's move -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("answer", "code"),
    [({"type": "play", "card": 99, "pile": "a1"}, "card_not_in_hand"), (None, "bot_no_move")],
)
def test_a_bot_move_the_engine_refuses_is_replaced_by_the_first_legal_one(
    answer: dict[str, Any] | None, code: str
) -> None:
    core = core_at(THE_GAME, TG_POSITION, "greedy", None)
    first = core.state.legal_actions(0)[0]
    turn = core.bot_turn()
    assert turn is not None
    move = core.bot_played(turn, None if answer is None else THE_GAME.action_from_json(answer))
    assert move is not None and move.refused is not None
    assert move.refused.code == code
    assert move.action == first and core.state.history == [(0, first)]


def test_a_refused_bot_with_nothing_legal_instead_changes_nothing() -> None:
    # Serving in Tennis de mots: shots cannot be listed, so nothing to fall back on.
    core = core_at(MOTS, "hands XAAAAAA / SSSSSSS; server 1", "simple", None)
    before = core.state.fingerprint()
    turn = core.bot_turn()
    assert turn is not None and turn.seat == 0
    with pytest.raises(PartieError) as refused:
        core.bot_played(turn, None)
    assert refused.value.code == "bot_no_move"
    assert core.state.fingerprint() == before and core.version == 0


def test_an_answer_that_comes_after_the_table_moved_is_dropped() -> None:
    position = "players 4; sets 6-2; games 5 0; points 30 15; seed 4"
    seats = (None, "quiz", "quiz", "quiz")
    core = core_at(QUIZZ, position, *seats)
    # Another action first: the person at seat 0 answers while seat 2's bot thinks.
    turn = core.bot_turn()
    assert turn is not None and turn.seat == 2
    answer = turn.think()
    core.person(0, core.state.legal_actions(0)[0])
    before = core.state.fingerprint()
    assert core.bot_played(turn, answer) is None
    assert core.state.fingerprint() == before
    # The seat changed hands meanwhile (its person came back to seat 2).
    core = core_at(QUIZZ, position, *seats)
    turn = core.bot_turn()
    assert turn is not None
    core.controller = played_by(None, "quiz", None, "quiz")
    assert core.bot_played(turn, turn.think()) is None and core.version == 0


def test_reset_replays_the_stored_actions_and_stales_a_thinking_bot() -> None:
    options = THE_GAME.parse_options({"players": 2})
    core = TableCore(THE_GAME, options, 11, played_by("greedy", "greedy"))
    for _ in range(3):
        turn = core.bot_turn()
        assert turn is not None
        core.bot_played(turn, turn.think())
    kept = list(core.state.history)
    turn = core.bot_turn()
    assert turn is not None
    core.reset(kept[:2])
    assert core.version == 2 and core.last == kept[1] and core.epoch == 1
    assert core.bot_played(turn, turn.think()) is None
    again = TableCore(THE_GAME, options, 11, played_by("greedy", "greedy"), actions=kept[:2])
    assert again.state.fingerprint() == core.state.fingerprint()


def test_each_seat_s_bot_is_seeded_by_the_game_seed_and_its_place() -> None:
    options = THE_GAME.parse_options({"players": 3})
    one = TableCore(THE_GAME, options, 7, played_by("random", "random", "random"))
    two = TableCore(THE_GAME, options, 7, played_by("random", "random", "random"))
    assert one.bot(1) is one.bot(1)  # made once per seat and name
    assert one.bot(1).rng.random() == two.bot(1).rng.random()
    assert one.bot(1).rng.random() != one.bot(2).rng.random()
    with pytest.raises(ValueError):
        TableCore(THE_GAME, options, 7, played_by(None, "random", "random")).bot(0)


# Both drivers, one core -------------------------------------------------------------


class BotAtTheKeyboard:
    """A terminal screen whose one person is played by a bot from their own view: it
    "types" the bot's move, as a person would."""

    watcher = 0

    def __init__(self, game: Game, bot: str, seed: int) -> None:
        self.bot = game.make_bot(bot, seed)

    def start(self, view: dict[str, Any]) -> None: ...
    def render(self, view: dict[str, Any]) -> None: ...
    def ask(self, view: dict[str, Any]) -> str | None:
        return ""

    def read(self, view: dict[str, Any], line: str) -> Action | None:
        return self.bot.act(view)

    def refused(self, view: dict[str, Any], error: PartieError) -> None:
        raise AssertionError(error)

    def describe(self, action: Action) -> str:
        return str(action.to_json())

    def played(self, view: dict[str, Any], seat: int, action: Action) -> None: ...
    def finish(self, view: dict[str, Any]) -> None: ...


@pytest.mark.parametrize(
    ("game", "options", "bots", "seed"),
    [
        (THE_GAME, {"players": 3}, ["random", "greedy"], 21),
        (QUIZZ, {"players": 4}, ["quiz", "random", "quiz:0.8"], 3),
        (MOTS, {"players": 2}, ["simple"], 2),
    ],
    ids=["the-game", "tennis-quizz", "tennis-mots"],
)
def test_the_blocking_loop_and_a_driver_by_hand_reach_the_same_record(
    game: Game, options: dict[str, Any], bots: list[str], seed: int, tmp_path: Path
) -> None:
    parsed = game.parse_options(options)
    seats = [Seat("Ana")] + [Seat(f"Bot {i + 2}", b) for i, b in enumerate(bots)]
    screen = BotAtTheKeyboard(game, bots[-1], 99)
    run = run_table(game, parsed, seed, seats, screen, tmp_path / "r.json")
    assert run.finished
    # By hand, as the web service drives it: bots' turns handed out then applied, the
    # person's moves given to ``person``.
    core = TableCore(game, parsed, seed, lambda place: seats[place].bot)
    keyboard = BotAtTheKeyboard(game, bots[-1], 99)
    while (seat := core.next_seat()) is not None:
        turn = core.bot_turn(seat)
        if turn is None:
            core.person(seat, keyboard.bot.act(core.view(seat)))
        else:
            move = core.bot_played(turn, turn.think())
            assert move is not None and move.refused is None
    by_hand = core.record([s.record_name for s in seats])
    assert by_hand.result is not None
    assert by_hand.dump() == Record.read(run.record).dump()
    assert any(who == 0 for who, _ in by_hand.actions)  # the person did play
    assert len({who for who, _ in by_hand.actions}) == len(seats)  # and every bot
