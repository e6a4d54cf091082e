"""Referee mode's scorekeeping: the worked checks of the rules page, card order and
carry-over, the jeu décisif, undo, and agreement with the engine on whole matches."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from partie.core import IllegalAction, get_game
from partie.core.errors import GameOver, InvalidAction
from partie.games.tennis_quizz.referee import Referee, RefereeOptions

GAME = get_game("tennis-quizz")
S, R = "server", "receiver"


def game_to(ref: Referee, side: int) -> None:
    """``side`` wins the current game in four straight points."""
    games = ref.score.games_played
    while ref.score.games_played == games and not ref.is_over:
        ref.tap(S if ref.serving == side else R)


def test_40_40_receiver_right_wins_the_game() -> None:
    ref = Referee.replay(RefereeOptions(first_server=0), [S, R, S, R, S, R])
    assert ref.score.points == (3, 3) and ref.score.deciding_point
    ref.tap(R)
    assert ref.score.games == (0, 1) and ref.score.points == (0, 0)
    assert ref.last_call == "jeu"


def test_sets_7_5_and_7_6_after_one_normal_game() -> None:
    ref = Referee()
    for _ in range(5):
        game_to(ref, 0)
        game_to(ref, 1)
    game_to(ref, 0)
    game_to(ref, 0)
    assert ref.score.sets == ((7, 5),)
    for _ in range(6):
        game_to(ref, 0)
        game_to(ref, 1)
    assert ref.score.games == (6, 6) and ref.decider is None
    game_to(ref, 1)
    assert ref.score.sets == ((7, 5), (6, 7))
    assert not ref.is_over  # one set all: a third set


def test_two_sets_to_love_end_the_match() -> None:
    ref = Referee()
    for _ in range(12):
        game_to(ref, 1)
    assert ref.is_over and ref.score.winner == 1 and ref.next_reading() is None
    with pytest.raises(GameOver):
        ref.tap(S)


def test_card_carries_over_to_the_servers_next_game() -> None:
    # Side 0 serves; the receivers win the game on question 5 (0-15, 0-30, 15-30, 15-40).
    ref = Referee.replay(RefereeOptions(first_server=0), [R, R, S, R, R])
    assert ref.score.games == (0, 1)
    assert [(p.reading.card, p.reading.number) for p in ref.log] == [(1, n) for n in range(1, 6)]
    game_to(ref, 1)  # side 1 serves a game from its own pile
    assert ref.log[-1].reading.side == 1 and ref.log[-1].reading.card == 1
    nxt = ref.next_reading()
    assert (nxt.side, nxt.card, nxt.number) == (0, 1, 6)
    ref.tap(S)
    ref.tap(S)
    assert (ref.next_reading().card, ref.next_reading().number) == (2, 1)


def test_card_changes_mid_game_after_question_7() -> None:
    ref = Referee.replay(RefereeOptions(first_server=0), [R, R, S, R, R])  # game at q5
    game_to(ref, 0)  # side 1 serves
    ref.tap(S)  # side 0 serves again: q6
    ref.tap(R)  # q7
    assert ref.next_reading().card == 2 and ref.next_reading().number == 1


def test_tactique_puts_the_card_away_after_each_game() -> None:
    ref = Referee(RefereeOptions(first_server=0, tactique=True))
    assert ref.next_reading().number is None
    game_to(ref, 0)
    game_to(ref, 0)
    assert ref.next_reading().side == 0 and ref.next_reading().card == 2


def test_jeu_decisif_fourteen_questions_then_the_set() -> None:
    ref = Referee(RefereeOptions(first_server=0, jeu_decisif=True))
    for _ in range(6):
        game_to(ref, 0)
        game_to(ref, 1)
    assert ref.decider is not None and ref.score.in_decider
    first = ref.serving
    start = ref.next_reading()
    assert start.decider and start.number == 1
    # First side asks 7: the receivers get 4 right; then the other asks: 2 right.
    for k in range(7):
        ref.tap(R if k < 4 else S)
    assert ref.serving == 1 - first and ref.next_reading().number == 1
    for k in range(7):
        ref.tap(R if k < 2 else S)
    assert ref.decider is None
    assert ref.score.sets == ((6, 7),) if first == 0 else ((7, 6),)


def test_jeu_decisif_tie_means_new_cards_other_side_first() -> None:
    ref = Referee(RefereeOptions(first_server=1, jeu_decisif=True, sets_to_win=1))
    for _ in range(6):
        game_to(ref, 0)
        game_to(ref, 1)
    first = ref.serving
    cards = list(ref.drawn)
    for _ in range(14):
        ref.tap(R)
    assert ref.decider is not None and ref.decider.round == 2
    assert ref.serving == 1 - first
    assert ref.drawn == [cards[0] + 1, cards[1] + 1]
    for k in range(14):
        ref.tap(S if k < 7 else R)  # 0 right for ``first``, 7 right for the other side
    assert ref.is_over and ref.score.winner == 1 - first


def test_undo_is_the_same_taps_but_the_last() -> None:
    rng = random.Random(5)
    taps = [rng.choice((S, R)) for _ in range(90)]
    opts = RefereeOptions(first_server=1, jeu_decisif=True)
    full = Referee.replay(opts, taps)
    back = full.undone()
    assert back.to_json() == Referee.replay(opts, taps[:-1]).to_json()
    assert back.to_json() != full.to_json()
    with pytest.raises(IllegalAction):
        Referee(opts).undone()


def test_bad_taps_are_refused_and_change_nothing() -> None:
    ref = Referee.replay(RefereeOptions(), [S, S])
    before = ref.to_json()
    with pytest.raises(InvalidAction):
        ref.tap("net")
    assert ref.to_json() == before
    with pytest.raises(IllegalAction):
        RefereeOptions(first_server=2)


@pytest.mark.parametrize(
    ("seed", "options"),
    [(3, {}), (16, {"jeu_decisif": True, "sets_to_win": 1}), (11, {"tactique": True})],
)
def test_agrees_with_the_engine_on_whole_matches(
    small_deck: Path, seed: int, options: dict
) -> None:
    """A bot match on the engine, re-scored from its points alone: same score after
    every point, same side asking, same question numbers, and each card rank maps to
    one card of the engine's (a reshuffled pile may give a card back)."""
    state = GAME.setup(GAME.parse_options({"deck": str(small_deck), **options}), seed)
    bots = [GAME.make_bot("quiz:0.5", seed + s) for s in range(2)]
    ref = Referee(RefereeOptions(first_server=state.serving, **options))
    rank_to_card: dict[tuple[int, int], str] = {}
    while not state.is_over:
        seat = state.to_act[0]
        before = len(state.log)
        state.apply(seat, bots[seat].act(state.view(seat)))
        if len(state.log) == before:
            continue
        entry = state.log[-1]
        played = ref.tap(R if entry["right"] else S)
        side = entry["server"] % 2
        assert played.reading.side == side
        if not options.get("tactique"):
            assert played.reading.number == entry["number"]
        card = (side, played.reading.card)
        assert rank_to_card.setdefault(card, entry["card"]) == entry["card"]
        assert ref.score.board() == state.score.board()
    assert ref.is_over and ref.score.winner == state.score.winner
    assert state.deciders == (2 if options.get("jeu_decisif") else 0)  # seed 16: a tie
