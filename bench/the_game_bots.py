"""Win rates and speed of The Game's bots, per player count; prints one JSON object.

    PYTHONPATH=src python bench/the_game_bots.py --games 10000 --search-games 2000 --seed 2026

Game ``i`` of a player count uses the seed ``derive_seed(seed, i)`` (the deal) and
``partie.sim.runner.play_one``'s bot seeds, so a run is reproducible and every bot meets
the same deals. ``heuristic`` games run on the fast path (``fast.fast_simulate``, move
for move the engine's games); its engine speed is measured on a smaller sample too.
Speeds are CPU seconds of this one process (``time.process_time``), so other load on the
machine does not inflate them much. Intervals: Wilson 95% for win rates, normal 95% for
mean scores.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from partie.core.registry import get_game
from partie.core.rng import derive_seed
from partie.games.the_game.fast import fast_simulate
from partie.sim.runner import play_one
from partie.sim.stats import mean_ci95, wilson_ci95

PUBLISHED = {1: 0.118, 2: 0.24, 3: 0.10, 4: 0.112, 5: 0.144}
"""Best published win rates of computer players (all 98 cards played), by player count."""

SEARCH_BOTS = ("best", "mc")


def figures(scores: list[int], cpu: float) -> dict[str, Any]:
    games = len(scores)
    wins = sum(1 for s in scores if s == 0)
    low, high = wilson_ci95(wins, games)
    mean, mlow, mhigh = mean_ci95([float(s) for s in scores])
    return {
        "games": games,
        "wins": wins,
        "win_rate": wins / games,
        "win_rate_ci95": [round(low, 4), round(high, 4)],
        "mean_score": round(mean, 3),
        "mean_score_ci95": [round(mlow, 3), round(mhigh, 3)],
        "cpu_seconds": round(cpu, 3),
        "games_per_second": round(games / cpu, 1) if cpu > 0 else None,
        "seconds_per_game": round(cpu / games, 5),
    }


def engine_scores(bot: str, players: int, seeds: list[int]) -> tuple[list[int], float]:
    game = get_game("the-game")
    options = game.parse_options({"players": players})
    start = time.process_time()
    scores = [play_one(game, options, (bot,) * players, seed).score for seed in seeds]
    return scores, time.process_time() - start


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per count, no search")
    parser.add_argument("--search-games", type=int, default=2_000, help="games, search bots")
    parser.add_argument("--engine-games", type=int, default=500, help="heuristic engine speed")
    parser.add_argument("--players", default="1,2,3,4,5")
    parser.add_argument("--bots", default="random,greedy,heuristic,best,mc")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    counts = [int(x) for x in args.players.split(",")]
    bots = args.bots.split(",")
    game = get_game("the-game")
    for bot in bots:
        game.make_bot(bot, 0)  # unknown names fail before any long run
    out: dict[str, Any] = {
        "seed": args.seed,
        "published": {str(n): PUBLISHED[n] for n in counts},
        "bots": {},
    }
    fast_simulate(game.parse_options({"players": 1}), "heuristic", [0])  # compile first
    for bot in bots:
        per: dict[str, Any] = {}
        for players in counts:
            name = bot.partition(":")[0]
            games = args.search_games if name in SEARCH_BOTS else args.games
            seeds = [derive_seed(args.seed, i) for i in range(games)]
            if bot == "heuristic":
                options = game.parse_options({"players": players})
                start = time.process_time()
                results = fast_simulate(options, "heuristic", seeds)
                row = figures([score for score, _, _ in results], time.process_time() - start)
                row["path"] = "fast"
                few = seeds[: args.engine_games]
                if few:
                    scores, cpu = engine_scores(bot, players, few)
                    row["engine_games_per_second"] = round(len(few) / cpu, 1)
                    row["engine_matches_fast"] = scores == row_scores(results, len(few))
            else:
                scores, cpu = engine_scores(bot, players, seeds)
                row = figures(scores, cpu)
                row["path"] = "engine"
            row["beats_published"] = row["win_rate_ci95"][0] > PUBLISHED[players]
            per[str(players)] = row
            print(f"{bot} {players}p: {row['win_rate']:.4f}", file=sys.stderr, flush=True)
        out["bots"][bot] = per
    print(json.dumps(out, indent=1))
    return out


def row_scores(results: list[tuple[int, bool, int]], n: int) -> list[int]:
    return [score for score, _, _ in results[:n]]


if __name__ == "__main__":
    main()
