"""Exact odds of a Tennis Quizz match: a Markov chain over points, games and sets.

Inputs are the per-point odds of each side *on its own service*, as in tennis:
``p`` = P(side A wins a point when A asks), ``q`` = P(side B wins a point when B asks).
In quiz terms, when A asks, B answers: ``p = 1 - accuracy(B)`` and ``q = 1 - accuracy(A)``
(``from_accuracies``). Points are independent.

The chain follows the rules the engine plays: no-ad games (first to 4 points), a set
to 6 games with two ahead, at 6-6 one normal game (7-6) or, with ``decider``, the
*jeu décisif* (each side answers 7 questions, more right answers wins, a tie plays
again), service alternating game by game across sets (a jeu décisif counts as one
game), best of ``2 * sets_to_win - 1`` sets, and a fair toss for the first server.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from functools import cache
from math import comb

QUESTIONS_PER_DECIDER = 7


def game_win(s: float) -> float:
    """P(the server wins a no-ad game) when it wins each point with probability ``s``."""
    return _game(s)[0]


@cache
def _game(s: float) -> tuple[float, float]:
    """(P(server wins), expected points) of a no-ad game from 0-0."""
    win: dict[tuple[int, int], float] = {}
    length: dict[tuple[int, int], float] = {}
    for i in range(4, -1, -1):
        for j in range(4, -1, -1):
            if i == 4 or j == 4:
                win[(i, j)] = 1.0 if i == 4 else 0.0
                length[(i, j)] = 0.0
                continue
            win[(i, j)] = s * win[(i + 1, j)] + (1 - s) * win[(i, j + 1)]
            length[(i, j)] = 1 + s * length[(i + 1, j)] + (1 - s) * length[(i, j + 1)]
    return win[(0, 0)], length[(0, 0)]


def decider_odds(p: float, q: float) -> tuple[float, float]:
    """(P(A wins the jeu décisif), expected rounds). A answers B's 7 questions (right
    with probability ``1 - q``), B answers A's (``1 - p``); a tie plays another round."""
    n = QUESTIONS_PER_DECIDER
    a = [comb(n, k) * (1 - q) ** k * q ** (n - k) for k in range(n + 1)]
    b = [comb(n, k) * (1 - p) ** k * p ** (n - k) for k in range(n + 1)]
    a_more = sum(a[i] * b[j] for i in range(n + 1) for j in range(n + 1) if i > j)
    tie = sum(a[i] * b[i] for i in range(n + 1))
    if tie >= 1.0:
        return 0.5, float("inf")
    return a_more / (1 - tie), 1 / (1 - tie)


@dataclass(frozen=True)
class SetOutcome:
    """Joint law of how a set ends, from a given first server."""

    # (A won the set, server of the next game, 6-6 reached) -> probability
    ends: dict[tuple[bool, int, bool], float]
    points: float  # expected questions in the set
    deciders: float  # expected jeu décisif rounds in the set


def set_outcome(p: float, q: float, first: int, decider: bool) -> SetOutcome:
    """Walk the set's (games A, games B, server) states forward from 0-0."""
    hold = {0: _game(p), 1: _game(q)}  # (P(server holds), expected points)
    mass: dict[tuple[int, int, int], float] = {(0, 0, first): 1.0}
    ends: dict[tuple[bool, int, bool], float] = {}
    points = 0.0
    deciders = 0.0
    for total in range(13):
        layer = [(k, v) for k, v in mass.items() if k[0] + k[1] == total]
        for (ga, gb, server), m in layer:
            del mass[(ga, gb, server)]
            if (ga, gb) == (6, 6) and decider:
                win_a, rounds = decider_odds(p, q)
                points += m * rounds * 2 * QUESTIONS_PER_DECIDER
                deciders += m * rounds
                _add(ends, (True, 1 - server, True), m * win_a)
                _add(ends, (False, 1 - server, True), m * (1 - win_a))
                continue
            held, length = hold[server]
            points += m * length
            a_wins = held if server == 0 else 1 - held
            for a_won, prob in ((True, a_wins), (False, 1 - a_wins)):
                na, nb = (ga + 1, gb) if a_won else (ga, gb + 1)
                if _set_over(na, nb):
                    _add(ends, (na > nb, 1 - server, (ga, gb) == (6, 6)), m * prob)
                else:
                    _add(mass, (na, nb, 1 - server), m * prob)
    assert not mass
    return SetOutcome(ends, points, deciders)


def _set_over(a: int, b: int) -> bool:
    return (max(a, b) >= 6 and abs(a - b) >= 2) or max(a, b) == 7


def _add(table: dict, key: object, value: float) -> None:
    table[key] = table.get(key, 0.0) + value


@dataclass(frozen=True)
class MatchOdds:
    """Exact figures of a match between sides A and B."""

    p: float
    q: float
    decider: bool
    sets_to_win: int
    win_a: float  # the toss decides who serves first
    win_a_serving_first: float
    win_a_receiving_first: float
    questions: float  # expected questions asked in a match
    sets: float  # expected sets played
    reached_6_6: float  # P(at least one set reaches 6-6)
    sets_6_6: float  # expected sets reaching 6-6
    jeu_decisif: float  # expected jeu décisif rounds

    def to_json(self) -> dict[str, object]:
        return asdict(self)


def match_odds(p: float, q: float, *, decider: bool = False, sets_to_win: int = 2) -> MatchOdds:
    """The exact odds for per-point odds ``p`` (A serving) and ``q`` (B serving)."""
    for name, value in (("p", p), ("q", q)):
        if not 0.0 <= value <= 1.0:
            raise ValueError(f"{name} must be a probability, not {value}")
    sets = {s: set_outcome(p, q, s, decider) for s in (0, 1)}
    per_first = {}
    for first in (0, 1):
        # state: (sets A, sets B, server, 6-6 reached yet) -> probability
        mass: dict[tuple[int, int, int, bool], float] = {(0, 0, first, False): 1.0}
        win = questions = played = reached = n66 = rounds = 0.0
        for _ in range(2 * sets_to_win - 1):
            nxt: dict[tuple[int, int, int, bool], float] = {}
            for (sa, sb, server, seen), m in mass.items():
                outcome = sets[server]
                questions += m * outcome.points
                rounds += m * outcome.deciders
                played += m
                for (a_won, next_server, hit), prob in outcome.ends.items():
                    na, nb = (sa + 1, sb) if a_won else (sa, sb + 1)
                    w = m * prob
                    n66 += w * hit
                    now_seen = seen or hit
                    if na == sets_to_win or nb == sets_to_win:
                        win += w * (na == sets_to_win)
                        reached += w * now_seen
                    else:
                        _add(nxt, (na, nb, next_server, now_seen), w)
            mass = nxt
        per_first[first] = (win, questions, played, reached, n66, rounds)
    avg = [(a + b) / 2 for a, b in zip(per_first[0], per_first[1], strict=True)]
    return MatchOdds(
        p=p,
        q=q,
        decider=decider,
        sets_to_win=sets_to_win,
        win_a=avg[0],
        win_a_serving_first=per_first[0][0],
        win_a_receiving_first=per_first[1][0],
        questions=avg[1],
        sets=avg[2],
        reached_6_6=avg[3],
        sets_6_6=avg[4],
        jeu_decisif=avg[5],
    )


def from_accuracies(accuracy_a: float, accuracy_b: float) -> tuple[float, float]:
    """(p, q) for sides answering right with these probabilities."""
    return 1 - accuracy_b, 1 - accuracy_a


__all__ = ["MatchOdds", "decider_odds", "from_accuracies", "game_win", "match_odds", "set_outcome"]
