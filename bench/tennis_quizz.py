"""Tennis Quizz speed on one core: matches per second between quiz bots, exact odds
per second, open answers judged per second; and the exact-versus-simulated win rates.

Usage: python bench/tennis_quizz.py [--games N] [--seed S] [--deck fr-starter]
Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import platform
import time

from partie.core import get_game
from partie.core.rng import derive_seed
from partie.games.tennis_quizz.balance import from_accuracies, match_odds
from partie.games.tennis_quizz.judging import judge
from partie.sim.runner import play_one
from partie.sim.stats import wilson_ci95


def matches(deck: str, a: float, b: float, games: int, seed: int) -> dict:
    game = get_game("tennis-quizz")
    options = game.parse_options({"deck": deck})
    wins = questions = 0
    started = time.perf_counter()
    for index in range(games):
        state = play_one(game, options, (f"quiz:{a}", f"quiz:{b}"), derive_seed(seed, index))
        wins += state.score.winner == 0
        questions += len(state.log)
    seconds = time.perf_counter() - started
    low, high = wilson_ci95(wins, games)
    exact = match_odds(*from_accuracies(a, b))
    return {
        "accuracies": [a, b],
        "games": games,
        "win_rate": wins / games,
        "win_rate_ci95": [round(low, 4), round(high, 4)],
        "exact_win_rate": round(exact.win_a, 4),
        "questions_per_match": round(questions / games, 2),
        "exact_questions_per_match": round(exact.questions, 2),
        "matches_per_second": round(games / seconds, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--deck", default="fr-starter")
    args = parser.parse_args()
    started = time.perf_counter()
    n = 0
    while time.perf_counter() - started < 1.0:
        match_odds(0.55 + (n % 10) / 100, 0.5, decider=n % 2 == 0)
        n += 1
    odds_per_second = n / (time.perf_counter() - started)
    started = time.perf_counter()
    pairs = [
        ("rolan garos", "Roland-Garros"),
        ("la terre battue", "Terre battue"),
        ("1969", "1968"),
    ]
    k = 0
    while time.perf_counter() - started < 1.0:
        given, answer = pairs[k % 3]
        judge(given, answer, ("ocre",))
        k += 1
    judged_per_second = k / (time.perf_counter() - started)
    print(
        json.dumps(
            {
                "python": platform.python_version(),
                "odds_per_second": round(odds_per_second, 1),
                "judged_per_second": round(judged_per_second),
                "matches": [
                    matches(args.deck, 0.7, 0.6, args.games, args.seed),
                    matches(args.deck, 0.5, 0.5, args.games, args.seed + 1),
                ],
            }
        )
    )


if __name__ == "__main__":
    main()
