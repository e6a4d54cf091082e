"""Tennis scoring against tables written from the rules of tennis (and of Tennis Quizz:
no-ad games, one normal game at 6-6, best of three), never from the code under test.

Points are written as strings of sides: "0001" is three points for side 0, then one for
side 1.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from partie.core.tennis import QUIZZ, Event, Score, TennisFormat, call

ADVANTAGE = TennisFormat(no_ad=False)
DECIDER = TennisFormat(decider=True)


def run(points: str, score: Score | None = None) -> tuple[Score, Event | None]:
    score = score or Score()
    event = None
    for ch in points:
        if score.in_decider:
            score, event = score.decider_won(int(ch))
        else:
            score, event = score.point(int(ch))
    return score, event


def games(n: int, side: int) -> str:
    """``n`` games won to love by ``side``."""
    return str(side) * 4 * n


# -- games ------------------------------------------------------------------------------

GAME_CASES = [
    # (format, points, expected raw points after, event of the last point)
    (QUIZZ, "000", (3, 0), Event.POINT),
    (QUIZZ, "0000", (0, 0), Event.GAME),
    (QUIZZ, "000111", (3, 3), Event.POINT),
    (QUIZZ, "0001111", (0, 0), Event.GAME),  # the deciding point wins the game
    (QUIZZ, "0001110", (0, 0), Event.GAME),
    (ADVANTAGE, "0001110", (4, 3), Event.POINT),  # advantage, not yet the game
    (ADVANTAGE, "00011101", (4, 4), Event.POINT),  # back to deuce
    (ADVANTAGE, "0001110100", (0, 0), Event.GAME),  # two clear points after deuce
    (ADVANTAGE, "000110", (0, 0), Event.GAME),  # 4-2: no deuce needed
    (ADVANTAGE, "00111", (2, 3), Event.POINT),
]


@pytest.mark.parametrize(("fmt", "points", "raw", "event"), GAME_CASES)
def test_a_game_ends_as_tennis_says(fmt, points, raw, event) -> None:
    score, last = run(points, Score(fmt=fmt))
    assert score.points == raw
    assert last is event


def test_the_game_goes_to_the_side_that_won_the_deciding_point() -> None:
    assert run("0001111")[0].games == (0, 1)
    assert run("0001110")[0].games == (1, 0)
    assert run("0001110111", Score(fmt=ADVANTAGE))[0].games == (0, 1)


def test_deciding_point_only_in_no_ad_games() -> None:
    assert run("000111")[0].deciding_point
    assert not run("000111", Score(fmt=ADVANTAGE))[0].deciding_point
    assert not run("00011")[0].deciding_point
    assert not run("001111")[0].deciding_point
    assert QUIZZ.no_ad, "Tennis Quizz plays no-ad games"


# -- calls ------------------------------------------------------------------------------

CALLS = [
    # (format, server, points, French call, English call)
    (QUIZZ, 0, "0", "15-0", "15-0"),
    (QUIZZ, 0, "01", "15-15", "15-15"),
    (QUIZZ, 1, "00", "0-30", "0-30"),  # server first: the server (1) has none
    (QUIZZ, 1, "111", "40-0", "40-0"),
    (QUIZZ, 0, "000111", "40-40, point décisif", "40-40, deciding point"),
    (ADVANTAGE, 0, "000111", "égalité", "deuce"),
    (ADVANTAGE, 0, "0001110", "avantage serveur", "advantage in"),
    (ADVANTAGE, 0, "0001111", "avantage relanceur", "advantage out"),
    (ADVANTAGE, 1, "0001111", "avantage serveur", "advantage in"),
]


@pytest.mark.parametrize(("fmt", "server", "points", "fr", "en"), CALLS)
def test_game_calls(fmt, server, points, fr, en) -> None:
    score, _ = run(points, Score(fmt=fmt, server=server))
    assert score.game_call("fr") == fr
    assert score.game_call("en") == en


@pytest.mark.parametrize(
    ("event", "fr", "en"),
    [
        (Event.GAME, "jeu", "game"),
        (Event.SET, "jeu et set", "game and set"),
        (Event.MATCH, "jeu, set et match", "game, set and match"),
    ],
)
def test_umpire_calls_after_a_game(event: Event, fr: str, en: str) -> None:
    assert call(Score(), event, "fr") == fr
    assert call(Score(), event, "en") == en


def test_umpire_call_after_a_point_is_the_game_call() -> None:
    score, event = run("00")
    assert call(score, event, "fr") == "30-0"
    assert call(score, event, "en") == "30-0"


def test_call_during_a_decider() -> None:
    level = "".join(games(1, int(w)) for w in "000001111101")
    score, _ = run(level, Score(fmt=DECIDER))
    assert score.games == (6, 6) and score.in_decider
    assert score.game_call("fr") == "jeu décisif"
    assert score.game_call("en") == "deciding game"


# -- sets and matches -------------------------------------------------------------------

SET_CASES = [
    # (games won in order as sides, expected finished sets, games of the set in progress)
    ("000000", [(6, 0)], (0, 0)),
    ("0000011111", [], (5, 5)),
    ("000001111101", [], (6, 6)),
    ("0000011111010", [(7, 6)], (0, 0)),  # one normal game at 6-6 (Tennis Quizz)
    ("000001111100", [(7, 5)], (0, 0)),
    ("0000111100", [(6, 4)], (0, 0)),
    ("000011111", [], (4, 5)),
    ("00001111100", [], (6, 5)),
]


@pytest.mark.parametrize(("winners", "sets", "current"), SET_CASES)
def test_sets_end_at_six_with_two_games_or_seven(winners, sets, current) -> None:
    score, _ = run("".join(games(1, int(w)) for w in winners))
    assert list(score.sets) == sets
    assert score.games == current


def test_a_short_set_format() -> None:
    fmt = TennisFormat(games=4, sets_to_win=1)
    score, event = run(games(3, 0) + games(3, 1) + games(1, 0), Score(fmt=fmt))
    assert score.games == (4, 3) and event is Event.GAME
    score, event = run(games(1, 0), score)
    assert score.sets == ((5, 3),) and event is Event.MATCH and score.winner == 0
    score, event = run(games(3, 0) + games(3, 1) + "0000" + "1111" + "1111", Score(fmt=fmt))
    assert score.sets == ((4, 5),) and score.winner == 1


def test_format_needs_a_game_and_a_set() -> None:
    TennisFormat(games=1, sets_to_win=1)
    with pytest.raises(ValueError):
        TennisFormat(games=0)
    with pytest.raises(ValueError):
        TennisFormat(sets_to_win=0)


def test_a_match_won_in_two_sets() -> None:
    score, event = run(games(12, 0))
    assert event is Event.MATCH
    assert score.winner == 0 and score.is_over
    assert score.sets == ((6, 0), (6, 0))
    assert score.sets_won == (2, 0)
    assert score.games_played == 12
    assert score.points == (0, 0) and score.games == (0, 0)
    with pytest.raises(ValueError):
        score.point(0)


def test_a_match_won_in_three_sets_by_the_other_side() -> None:
    score, event = run(games(6, 0) + games(6, 1) + games(3, 0))
    assert (score.sets, score.games, score.sets_won) == (((6, 0), (0, 6)), (3, 0), (1, 1))
    assert event is Event.GAME and not score.is_over
    assert score.games_played == 15
    score, event = run(games(6, 1), score)
    assert score.sets == ((6, 0), (0, 6), (3, 6))
    assert score.winner == 1 and event is Event.MATCH
    assert score.sets_won == (1, 2)


def test_games_played_counts_sets_and_the_current_set() -> None:
    assert Score(sets=((6, 4),), games=(2, 1)).games_played == 13
    assert Score(sets=((7, 6), (4, 6)), games=(0, 3)).games_played == 26


def test_sets_won_counts_each_side() -> None:
    assert Score(sets=((6, 4), (3, 6), (7, 6))).sets_won == (2, 1)
    assert Score(sets=((4, 6), (6, 7))).sets_won == (0, 2)


def test_the_decider_at_six_all() -> None:
    level = "".join(games(1, int(w)) for w in "000001111101")
    score, event = run(level, Score(fmt=DECIDER))
    assert score.games == (6, 6) and score.in_decider and not score.final_game
    with pytest.raises(ValueError):
        score.point(0)
    score, event = score.decider_won(1)
    assert score.sets == ((6, 7),) and event is Event.SET
    with pytest.raises(ValueError):
        score.decider_won(0)


def test_final_game_only_at_six_all_without_decider() -> None:
    level = "".join(games(1, int(w)) for w in "000001111101")
    assert run(level)[0].final_game
    assert not run(level)[0].in_decider
    assert not Score().final_game and not Score(games=(6, 5)).final_game
    assert not Score(fmt=DECIDER).in_decider


def test_the_service_changes_every_game_and_after_a_decider() -> None:
    score = Score(fmt=DECIDER, server=1)
    score, _ = run(games(1, 0), score)
    assert score.server == 0
    level = "".join(games(1, int(w)) for w in "00001111101")  # 11 more games: 12 in all
    score, _ = run(level, score)
    assert score.games == (6, 6) and score.server == 1  # 12 games: back to the first server
    score, _ = score.decider_won(0)
    assert score.server == 0  # the decider counts as one game


def test_point_checks_its_side() -> None:
    with pytest.raises(ValueError):
        Score().point(2)
    with pytest.raises(ValueError):
        Score().point(-1)


def test_board_of_a_known_score() -> None:
    score, _ = run(games(6, 0) + games(2, 1) + "0001", Score(server=1))
    assert score.board() == {
        "points": ["40", "15"],
        "raw_points": [3, 1],
        "games": [0, 2],
        "sets": [[6, 0]],
        "sets_won": [1, 0],
        "server": 1,
        "winner": None,
        "deciding_point": False,
        "in_decider": False,
        "final_game": False,
    }
    over, _ = run(games(12, 1))
    board = over.board()
    assert board["winner"] == 1 and board["sets_won"] == [0, 2]
    assert run("000111")[0].board()["deciding_point"] is True
    level = "".join(games(1, int(w)) for w in "000001111101")
    assert run(level)[0].board()["final_game"] is True
    assert run(level, Score(fmt=DECIDER))[0].board()["in_decider"] is True


def test_board_of_an_advantage_game_stays_readable() -> None:
    score, _ = run("0001110101", Score(fmt=ADVANTAGE))
    assert score.points == (5, 5)
    assert score.board()["points"] == ["40", "40"]


def test_events_are_ordered() -> None:
    assert Event.POINT.value < Event.GAME.value < Event.SET.value < Event.MATCH.value
    assert len({Event.POINT, Event.GAME, Event.SET, Event.MATCH}) == 4


# -- whole matches ----------------------------------------------------------------------

CAP = 3 * 13 * 30  # far above any real match; a match that never ends fails, never hangs


def whole_match(fmt: TennisFormat, first: int, p: float, rng: random.Random) -> list[Score]:
    scores = [Score(fmt=fmt, server=first)]
    for _ in range(CAP):
        score = scores[-1]
        if score.is_over:
            return scores
        side = 0 if rng.random() < p else 1
        scores.append(score.decider_won(side)[0] if score.in_decider else score.point(side)[0])
    raise AssertionError("the match did not end")


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from([QUIZZ, DECIDER, ADVANTAGE, TennisFormat(sets_to_win=3)]),
    st.integers(0, 1),
    st.floats(0.3, 0.7),
    st.randoms(use_true_random=False),
)
def test_whole_matches_end_with_legal_sets(fmt, first, p, rng) -> None:
    scores = whole_match(fmt, first, p, rng)
    final = scores[-1]
    assert final.is_over
    won = final.sets_won
    assert won[final.winner] == fmt.sets_to_win and won[1 - final.winner] < fmt.sets_to_win
    assert len(final.sets) == sum(won)
    for a, b in final.sets:
        hi, lo = max(a, b), min(a, b)
        assert (hi == 6 and lo <= 4) or (hi == 7 and lo in (5, 6))
    # the last set went to the winner, and games played add up
    last = final.sets[-1]
    assert (last[0] > last[1]) == (final.winner == 0)
    assert final.games_played == sum(a + b for a, b in final.sets)
    assert final.server == (first + final.games_played) % 2
    assert call(final, Event.MATCH, "fr") == "jeu, set et match"


def test_advantage_game_calls_before_deuce() -> None:
    assert run("0001", Score(fmt=ADVANTAGE))[0].game_call() == "40-15"
    assert run("1110", Score(fmt=ADVANTAGE))[0].game_call() == "15-40"


def test_a_score_is_a_value() -> None:
    score = Score()
    with pytest.raises(AttributeError):
        score.points = (1, 0)  # type: ignore[misc]
    assert run("00")[0] == run("00")[0] and hash(run("00")[0]) == hash(run("00")[0])
