"""Speed of The Game's fast path per bot, player count and engine (the C build and
numba, paired), and the paired strength of ``heuristic`` against ``minjump`` at its best
(R, E); prints one JSON object.

    PYTHONPATH=src python bench/the_game_fast.py --games 10000 --repeat 7 \
        --bots heuristic,minjump,greedy,random --engine both --strength 20000

Speed: each bot (every seat the same) is timed as below, under
``speed[bot][players][engine]`` (``engine``: ``c``, the C build of ``_fastgame.c``, or
``numba``; ``--engine both`` times both). Both engines play the same games: their wins,
score sums and action counts must agree (the bench stops otherwise).

Game ``i`` of a player count uses the deal seed ``derive_seed(seed, i)``. Each count is
warmed up first (compilation excluded), then its games are played in batches of
``--batch`` games, timed in CPU seconds of this one process (``time.process_time``).
The whole set is played ``--repeat`` times; each batch keeps its fastest time. With both
engines, each batch is played by one engine then the other before the next batch (so a
busy spell of the machine falls on both), and ``c_over_numba`` gives the ratios of their
rates (fastest batches, and median batches).

``games_per_second`` is the games over the sum of the batches' fastest times: on a
shared machine, other work can only add time to a run, so the fastest of several
estimates what the code itself costs (as ``timeit`` advises). ``games_per_second_median``
uses each batch's median time instead, and ``games_per_second_whole`` the fastest
of the whole passes: how much they fall below the first says how busy the machine was.
The wins, the score sum and the action count are printed too: they change only when the
moves do.

Strength (``--strength N``): ``heuristic`` and ``minjump:R,E`` (R, E per count from
``BEST_MINJUMP``, found on other seeds) play the same N deals per count, game ``i``
seeded ``derive_seed(seed, "strength", players, i)``; the paired differences
``heuristic - minjump`` of the cards left and of the win rate come with 95% intervals
(mean +- 1.96 standard errors of the per-deal differences).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from math import sqrt
from typing import Any

from partie.core.registry import get_game
from partie.core.rng import derive_seed
from partie.games.the_game import native
from partie.games.the_game.fast import fast_simulate

BEST_MINJUMP = {1: "0,5", 2: "3,8", 3: "2,5", 4: "2,5", 5: "1,5"}
"""``minjump``'s best (R, E) per player count by win rate: a grid R 0..8, E in
0,1,2,3,5,8,12,20,40 over 2,000 deals per count (seeds ``derive_seed(555, players, i)``),
ties broken by the order of the sort (the higher mean cards left first)."""


def paired(a: list[float], b: list[float]) -> dict[str, float]:
    """Mean of ``a - b`` per deal and its 95% interval."""
    d = [x - y for x, y in zip(a, b, strict=True)]
    n = len(d)
    mean = sum(d) / n
    sd = sqrt(sum((x - mean) ** 2 for x in d) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / sqrt(n)
    return {"mean": round(mean, 4), "low": round(mean - half, 4), "high": round(mean + half, 4)}


def strength(game: Any, players: int, deals: int, seed: int) -> dict[str, Any]:
    """``heuristic - minjump:BEST`` on the same ``deals`` seeded deals."""
    options = game.parse_options({"players": players})
    seeds = [derive_seed(seed, "strength", players, i) for i in range(deals)]
    best = f"minjump:{BEST_MINJUMP[players]}"
    h = fast_simulate(options, "heuristic", seeds)
    m = fast_simulate(options, best, seeds)
    return {
        "minjump": best,
        "deals": deals,
        "heuristic_win_rate": round(sum(w for _, w, _ in h) / deals, 4),
        "minjump_win_rate": round(sum(w for _, w, _ in m) / deals, 4),
        "heuristic_cards_left": round(sum(s for s, _, _ in h) / deals, 3),
        "minjump_cards_left": round(sum(s for s, _, _ in m) / deals, 3),
        "cards_left_difference": paired([s for s, _, _ in h], [s for s, _, _ in m]),
        "win_rate_difference": paired([float(w) for _, w, _ in h], [float(w) for _, w, _ in m]),
        "deals_heuristic_leaves_fewer": sum(a[0] < b[0] for a, b in zip(h, m, strict=True)),
        "deals_heuristic_leaves_more": sum(a[0] > b[0] for a, b in zip(h, m, strict=True)),
    }


def timed(
    options: Any, bot: str, batches: list[list[int]], repeat: int, engines: list[str]
) -> dict[str, Any]:
    """Games per second of ``bot`` on ``batches`` per engine (see the module docstring)."""
    for engine in engines:
        fast_simulate(options, bot, batches[0][:200], engine=engine)  # compile, warm up
    times = {e: [[] for _ in batches] for e in engines}
    results: dict[str, list[tuple[int, bool, int]]] = {}
    for _ in range(repeat):
        results = {e: [] for e in engines}
        for b, batch in enumerate(batches):
            for engine in engines:
                start = time.process_time()
                results[engine] += fast_simulate(options, bot, batch, engine=engine)
                times[engine][b].append(time.process_time() - start)
    out: dict[str, Any] = {}
    for engine in engines:
        if results[engine] != results[engines[0]]:
            raise SystemExit(f"{bot}, {options.players} players: the engines disagree")
        best = sum(min(t) for t in times[engine])
        median = sum(statistics.median(t) for t in times[engine])
        whole = min(sum(t[r] for t in times[engine]) for r in range(repeat))
        games = results[engine]
        out[engine] = {
            "games": len(games),
            "wins": sum(1 for _, won, _ in games if won),
            "score_sum": sum(score for score, _, _ in games),
            "actions": sum(actions for _, _, actions in games),
            "cpu_seconds": round(best, 4),
            "games_per_second": round(len(games) / best, 1),
            "games_per_second_median": round(len(games) / median, 1),
            "games_per_second_whole": round(len(games) / whole, 1),
        }
    if len(engines) == 2:
        c, nb = out["c"], out["numba"]
        out["c_over_numba"] = {
            "fastest": round(c["games_per_second"] / nb["games_per_second"], 3),
            "median": round(c["games_per_second_median"] / nb["games_per_second_median"], 3),
        }
    return out


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per player count")
    parser.add_argument("--players", default="1,2,3,4,5")
    parser.add_argument("--batch", type=int, default=500, help="games per timed batch")
    parser.add_argument("--repeat", type=int, default=15, help="passes over the games")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--bots", default="heuristic", help="bots to time, comma-separated")
    parser.add_argument("--strength", type=int, default=0, help="paired deals per count")
    parser.add_argument(
        "--engine", choices=("c", "numba", "both"), default="both", help="what to time"
    )
    args = parser.parse_args(argv)
    if args.games < 1 or args.batch < 1 or args.repeat < 1:
        parser.error("--games, --batch and --repeat must be at least 1")
    engines = ["c", "numba"] if args.engine == "both" else [args.engine]
    if "c" in engines and native.module() is None:
        parser.error("the C build is missing or stale (pip install -e .): use --engine numba")
    game = get_game("the-game")
    built = native.module()
    out: dict[str, Any] = {
        "engines": engines,
        "c_build": built.variant() if built is not None else None,
        "seed": args.seed,
        "games": args.games,
        "batch": args.batch,
        "repeat": args.repeat,
        "load_average_1min": round(os.getloadavg()[0], 2),
        "speed": {},
    }
    seeds = [derive_seed(args.seed, i) for i in range(args.games)]
    batches = [seeds[k : k + args.batch] for k in range(0, len(seeds), args.batch)]
    counts = [int(x) for x in args.players.split(",")]
    for bot in args.bots.split(","):
        out["speed"][bot] = {}
        for players in counts:
            options = game.parse_options({"players": players})
            out["speed"][bot][str(players)] = timed(options, bot, batches, args.repeat, engines)
    if args.strength > 0:
        out["strength_engine"] = native.engine()
        out["strength"] = {str(p): strength(game, p, args.strength, args.seed) for p in counts}
    out["load_average_1min_end"] = round(os.getloadavg()[0], 2)
    return out


if __name__ == "__main__":
    print(json.dumps(main(), indent=2))
