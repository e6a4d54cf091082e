"""Speed of The Game's fast path (every seat ``heuristic``), per player count; prints
one JSON object.

    PYTHONPATH=src python bench/the_game_fast.py --games 20000 --seed 2026

Game ``i`` of a player count uses the deal seed ``derive_seed(seed, i)``. Each count is
warmed up first (compilation excluded), then timed in CPU seconds of this one process
(``time.process_time``), best of ``--repeat`` runs. The wins, the score sum and the
action count are printed too: they change only when the moves do.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from partie.core.registry import get_game
from partie.core.rng import derive_seed
from partie.games.the_game.fast import fast_simulate


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20_000, help="games per player count")
    parser.add_argument("--players", default="1,2,3,4,5")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs, best kept")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    game = get_game("the-game")
    out: dict[str, Any] = {"seed": args.seed, "games": args.games, "players": {}}
    seeds = [derive_seed(args.seed, i) for i in range(args.games)]
    for players in [int(x) for x in args.players.split(",")]:
        options = game.parse_options({"players": players})
        fast_simulate(options, "heuristic", seeds[:200])  # compile and warm up
        best = float("inf")
        results: list[tuple[int, bool, int]] = []
        for _ in range(args.repeat):
            start = time.process_time()
            results = fast_simulate(options, "heuristic", seeds)
            best = min(best, time.process_time() - start)
        out["players"][str(players)] = {
            "games": len(results),
            "wins": sum(1 for _, won, _ in results if won),
            "score_sum": sum(score for score, _, _ in results),
            "actions": sum(actions for _, _, actions in results),
            "cpu_seconds": round(best, 4),
            "games_per_second": round(len(results) / best, 1),
        }
    return out


if __name__ == "__main__":
    print(json.dumps(main(), indent=2))
