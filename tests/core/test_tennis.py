"""Tennis scoring: the worked checks of the Tennis Quizz rules and properties over any
sequence of points."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from partie.core.tennis import QUIZZ, Event, Score, TennisFormat, call


def play(score: Score, sides: list[int]) -> tuple[Score, list[Event]]:
    events = []
    for side in sides:
        if score.is_over:
            break
        if score.in_decider:
            score, event = score.decider_won(side)
        else:
            score, event = score.point(side)
        events.append(event)
    return score, events


def win_game(score: Score, side: int) -> Score:
    for _ in range(4):
        score, event = score.point(side)
        if event is not Event.POINT:
            return score
    raise AssertionError("four points must win a game from 0-0")


# -- worked checks of docs/rules/tennis-quizz.md ------------------------------------


def test_deciding_point_at_40_40_goes_to_the_receiver() -> None:
    score = Score(server=0)
    for side in (0, 1, 0, 1, 0, 1):
        score, _ = score.point(side)
    assert score.points == (3, 3) and score.deciding_point
    assert score.game_call() == "40-40, point décisif"
    assert score.game_call("en") == "40-40, deciding point"
    after, event = score.point(score.receiver)
    assert event is Event.GAME
    assert after.games == (0, 1)
    assert call(after, event) == "jeu"


def test_5_5_then_6_5_then_7_5_ends_the_set() -> None:
    score = Score(games=(5, 5))
    score = win_game(score, 0)
    assert score.games == (6, 5) and score.sets == ()
    score = win_game(score, 0)
    assert score.sets == ((7, 5),) and score.games == (0, 0)


def test_6_6_one_normal_game_gives_7_6() -> None:
    score = Score(games=(6, 5))
    score = win_game(score, 1)
    assert score.games == (6, 6) and score.final_game and not score.in_decider
    score = win_game(score, 1)
    assert score.sets == ((6, 7),)


def test_one_set_all_plays_a_third_set() -> None:
    score = Score(sets=((6, 3),), games=(5, 6))
    score = win_game(score, 1)
    assert score.sets == ((6, 3), (5, 7)) and not score.is_over
    assert score.sets_won == (1, 1)
    for _ in range(6):
        score = win_game(score, 0)
    assert score.is_over and score.winner == 0 and len(score.sets) == 3


def test_two_sets_to_love_ends_the_match_without_a_third() -> None:
    score = Score(sets=((6, 0),), games=(5, 0))
    for _ in range(3):
        score, event = score.point(0)
        assert event is Event.POINT
    score, event = score.point(0)
    assert event is Event.MATCH and score.winner == 0 and score.sets == ((6, 0), (6, 0))
    assert call(score, event) == "jeu, set et match"
    with pytest.raises(ValueError):
        score.point(0)


def test_decider_at_6_6() -> None:
    score = Score(fmt=TennisFormat(decider=True), games=(6, 5), server=1)
    score = win_game(score, 1)
    assert score.in_decider and score.game_call() == "jeu décisif"
    with pytest.raises(ValueError):
        score.point(0)
    server_in_decider = score.server
    score, event = score.decider_won(0)
    assert event is Event.SET and score.sets == ((7, 6),)
    assert score.server != server_in_decider


def test_calls_are_server_first() -> None:
    score = Score(server=1)
    score, event = score.point(1)
    assert call(score, event) == "15-0"
    score, event = score.point(0)
    assert call(score, event) == "15-15"
    score, event = score.point(0)
    assert call(score, event) == "15-30"


def test_advantage_format() -> None:
    score = Score(fmt=TennisFormat(no_ad=False))
    score, _ = play(score, [0, 1, 0, 1, 0, 1])
    assert score.game_call("en") == "deuce"
    score, event = score.point(0)
    assert event is Event.POINT and score.game_call() == "avantage serveur"
    score, event = score.point(1)
    assert score.game_call() == "égalité"


# -- properties ------------------------------------------------------------------------

sides = st.lists(st.integers(0, 1), min_size=0, max_size=400)


@settings(max_examples=300, deadline=None)
@given(sides, st.integers(0, 1), st.booleans())
def test_any_points_give_a_legal_score(seq: list[int], first: int, decider: bool) -> None:
    fmt = TennisFormat(decider=decider)
    score = Score(fmt=fmt, server=first)
    points_in_game = 0
    games_seen = 0
    for side in seq:
        if score.is_over:
            break
        server_before = score.server
        if score.in_decider:
            score, event = score.decider_won(side)
            points_in_game = 0
        else:
            score, event = score.point(side)
            points_in_game += 1
            if event is Event.POINT:
                assert points_in_game < 7
                assert score.server == server_before
            else:
                assert 4 <= points_in_game <= 7
                points_in_game = 0
        if event is not Event.POINT:
            games_seen += 1
            assert score.server != server_before, "the service alternates every game"
        assert max(score.points) <= 3
        a, b = score.games
        assert max(a, b) <= 6 and (max(a, b) < 6 or abs(a - b) <= 1)
        for sa, sb in score.sets:
            hi, lo = max(sa, sb), min(sa, sb)
            assert (hi == 6 and lo <= 4) or (hi == 7 and lo in (5, 6))
        assert score.games_played == games_seen
        # the server of the next game follows from the games played
        assert score.server == (first + score.games_played) % 2
    assert len(score.sets) <= 3
    if score.is_over:
        won = score.sets_won
        assert max(won) == 2 and won[score.winner] == 2


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 1), st.randoms(use_true_random=False))
def test_every_match_ends(first: int, rnd) -> None:
    score = Score(server=first)
    # 3 sets of at most 13 games of at most 7 points: a match that goes on longer fails
    # here instead of hanging the suite
    for _ in range(3 * 13 * 7):
        score, _ = score.point(rnd.randrange(2))
        if score.is_over:
            break
    assert score.is_over, "no winner after the longest possible match"
    assert QUIZZ.sets_to_win == 2
