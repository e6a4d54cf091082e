"""Games per second on one core and win rates of The Game's first bots, 1..5 players.

Usage: python bench/the_game.py [--games N] [--seed S] [--bots random,greedy]
Prints one JSON object. Every game is seeded, so win rates are reproducible; speed is
whatever this machine gives (one process, one core).
"""

from __future__ import annotations

import argparse
import json
import platform
import time

from partie.core import get_game
from partie.core.rng import derive_seed
from partie.sim.runner import play_one
from partie.sim.stats import mean_ci95, wilson_ci95


def measure(bot: str, players: int, games: int, seed: int) -> dict:
    game = get_game("the-game")
    options = game.parse_options({"players": players})
    wins = 0
    scores = []
    started = time.perf_counter()
    for index in range(games):
        state = play_one(game, options, (bot,) * players, derive_seed(seed, index))
        scores.append(state.score)
        wins += state.score == 0
    seconds = time.perf_counter() - started
    low, high = wilson_ci95(wins, games)
    mean, mlow, mhigh = mean_ci95(scores)
    return {
        "bot": bot,
        "players": players,
        "games": games,
        "wins": wins,
        "win_rate": wins / games,
        "win_rate_ci95": [round(low, 5), round(high, 5)],
        "mean_score": round(mean, 3),
        "mean_score_ci95": [round(mlow, 3), round(mhigh, 3)],
        "games_per_second": round(games / seconds, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--bots", default="random,greedy")
    parser.add_argument("--players", default="1,2,3,4,5")
    args = parser.parse_args()
    results = [
        measure(bot, players, args.games, args.seed)
        for bot in args.bots.split(",")
        for players in map(int, args.players.split(","))
    ]
    print(json.dumps({
        "benchmark": "the-game-bots",
        "python": platform.python_version(),
        "machine": platform.machine(),
        "seed": args.seed,
        "results": results,
    }))  # fmt: skip


if __name__ == "__main__":
    main()
