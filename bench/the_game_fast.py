"""Speed of The Game's fast path (every seat ``heuristic``), per player count; prints
one JSON object.

    PYTHONPATH=src python bench/the_game_fast.py --games 10000 --repeat 15 --seed 2026

Game ``i`` of a player count uses the deal seed ``derive_seed(seed, i)``. Each count is
warmed up first (compilation excluded), then its games are played in batches of
``--batch`` games, timed in CPU seconds of this one process (``time.process_time``).
The whole set is played ``--repeat`` times; each batch keeps its fastest time.

``games_per_second`` is the games over the sum of the batches' fastest times: on a
shared machine, other work can only add time to a run, so the fastest of several
estimates what the code itself costs (as ``timeit`` advises). ``games_per_second_median``
uses each batch's median time instead, and ``games_per_second_whole`` the fastest
of the whole passes (the one figure earlier versions of this bench gave): how much
they fall below the first says how busy the machine was. The wins, the score sum and
the action count are printed too: they change only when the moves do.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from typing import Any

from partie.core.registry import get_game
from partie.core.rng import derive_seed
from partie.games.the_game.fast import fast_simulate


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per player count")
    parser.add_argument("--players", default="1,2,3,4,5")
    parser.add_argument("--batch", type=int, default=500, help="games per timed batch")
    parser.add_argument("--repeat", type=int, default=15, help="passes over the games")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    if args.games < 1 or args.batch < 1 or args.repeat < 1:
        parser.error("--games, --batch and --repeat must be at least 1")
    game = get_game("the-game")
    out: dict[str, Any] = {
        "seed": args.seed,
        "games": args.games,
        "batch": args.batch,
        "repeat": args.repeat,
        "load_average_1min": round(os.getloadavg()[0], 2),
        "players": {},
    }
    seeds = [derive_seed(args.seed, i) for i in range(args.games)]
    batches = [seeds[k : k + args.batch] for k in range(0, len(seeds), args.batch)]
    for players in [int(x) for x in args.players.split(",")]:
        options = game.parse_options({"players": players})
        fast_simulate(options, "heuristic", seeds[:200])  # compile and warm up
        times: list[list[float]] = [[] for _ in batches]
        results: list[tuple[int, bool, int]] = []
        for _ in range(args.repeat):
            results = []
            for b, batch in enumerate(batches):
                start = time.process_time()
                results += fast_simulate(options, "heuristic", batch)
                times[b].append(time.process_time() - start)
        best = sum(min(t) for t in times)
        median = sum(statistics.median(t) for t in times)
        whole = min(sum(t[r] for t in times) for r in range(args.repeat))
        out["players"][str(players)] = {
            "games": len(results),
            "wins": sum(1 for _, won, _ in results if won),
            "score_sum": sum(score for score, _, _ in results),
            "actions": sum(actions for _, _, actions in results),
            "cpu_seconds": round(best, 4),
            "games_per_second": round(len(results) / best, 1),
            "games_per_second_median": round(len(results) / median, 1),
            "games_per_second_whole": round(len(results) / whole, 1),
        }
    return out


if __name__ == "__main__":
    print(json.dumps(main(), indent=2))
