"""Benchmark of the Tennis de mots move generator; prints one JSON object.

On a fixed set of seeded positions (a table word of 2-10 cards, the start of a real
French word; a hand of 7 cards holding 0-2 jokers; the seat to play is returning):

- ``all_shots_ms_median`` / ``_p99`` / ``_max``: ``movegen.all_shots`` on the seat's view;
- ``best_shot_ms_median`` / ``_p99``, and the same for ``cheapest_return`` and
  ``keeping_best``;
- ``shots_median`` / ``shots_max``: how many distinct shots a position has;
- ``*_cpu_ms_*``: the same in CPU time of the process (less sensitive to a busy
  machine; ``load_average`` tells how busy it was).

Each figure is the best of ``--repeat`` runs per position (1 by default). Before timing,
each query runs once, untimed, on the first position: it loads the compiled kernels
(numba's on-disk cache, or compiles them on a fresh install), so ``_max`` measures a
query, not that load. Each timing includes a young-generation garbage collection right
after the query (the pass its new objects cause). Hook for
whole matches: ``--matches N --bot NAME`` also plays N seeded 2-player matches of that
bot against itself and reports ``match_seconds_median``.

Run: ``PYTHONPATH=src python bench/movegen.py [--positions 1000] [--seed 1]``.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import time
from typing import Any

from partie.core import get_game
from partie.games.tennis_mots import movegen
from partie.games.tennis_mots.lexicon import Lexicon
from partie.games.tennis_mots.positions import rally_position
from partie.games.tennis_mots.rules import TennisMotsState

GAME = get_game("tennis-mots")


def starts_pool(lexicon: Lexicon, rng: random.Random, count: int) -> list[str]:
    """``count`` seeded starts of French words, 2 to 10 letters, lengths evenly spread."""
    words = [w for w in lexicon.words() if len(w) >= 2]
    out = []
    while len(out) < count:
        word = rng.choice(words)
        size = rng.randint(2, 10)
        if len(word) >= size:
            out.append(word[:size])
    return out


def position(seed: int, start: str) -> TennisMotsState | None:
    """A rally position: ``start`` on the table (served by seat 0), seat 1 to return
    with 7 cards holding 0-2 jokers; None when the deck cannot spell ``start``."""
    return rally_position(seed, start)


def timed(fn: Any, view: dict[str, Any], lexicon: Lexicon, repeat: int) -> tuple[float, float, Any]:
    """Wall and CPU milliseconds of ``fn(view, lexicon)`` (best of ``repeat``), and its
    answer; the garbage collection its new objects cause is included."""
    wall = cpu = float("inf")
    out = None
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        out = fn(view, lexicon)
        # The young-generation pass the answer's new objects would trigger at the next
        # allocation (the listing pauses the collector), counted with the query.
        gc.collect(0)
        wall = min(wall, time.perf_counter() - t0)
        cpu = min(cpu, time.process_time() - c0)
    return wall * 1e3, cpu * 1e3, out


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def match_seconds(bot: str, matches: int, seed: int) -> float:
    """Median wall time of whole 2-player matches of ``bot`` against itself."""
    times = []
    for k in range(matches):
        t0 = time.perf_counter()
        state = GAME.setup(GAME.parse_options({"players": 2}), seed + k)
        bots = [GAME.make_bot(bot, seed + k * 2 + s) for s in range(2)]
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, bots[seat].act(state.view(seat)))
        times.append(time.perf_counter() - t0)
    return round(statistics.median(times), 3)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--matches", type=int, default=0)
    parser.add_argument("--bot", default="simple")
    args = parser.parse_args()
    lexicon = Lexicon.default()
    rng = random.Random(args.seed)
    starts = starts_pool(lexicon, rng, args.positions * 2)
    states = []
    k = 0
    while len(states) < args.positions:
        state = position(args.seed * 1_000_003 + k, starts[k])
        k += 1
        if state is not None:
            states.append(state)
    names = ("all_shots", "best_shot", "cheapest_return", "keeping_best")
    wall: dict[str, list[float]] = {name: [] for name in names}
    cpu: dict[str, list[float]] = {name: [] for name in names}
    counts = []
    warm = states[0].view(1)
    for name in names:  # untimed: loads (or compiles) the compiled kernels
        getattr(movegen, name)(warm, lexicon)
    load_before = os.getloadavg()[0]
    for state in states:
        view = state.view(1)
        for name in names:
            w, c, answer = timed(getattr(movegen, name), view, lexicon, args.repeat)
            wall[name].append(w)
            cpu[name].append(c)
            if name == "all_shots":
                counts.append(len(answer))
    out: dict[str, Any] = {"positions": len(states), "seed": args.seed}
    for name in names:
        out[f"{name}_ms_median"] = round(statistics.median(wall[name]), 2)
        out[f"{name}_ms_p99"] = round(percentile(wall[name], 0.99), 2)
        out[f"{name}_ms_max"] = round(max(wall[name]), 2)
        out[f"{name}_cpu_ms_median"] = round(statistics.median(cpu[name]), 2)
        out[f"{name}_cpu_ms_p99"] = round(percentile(cpu[name], 0.99), 2)
    out["shots_median"] = statistics.median(counts)
    out["shots_max"] = max(counts)
    out["positions_without_shot"] = sum(1 for c in counts if c == 0)
    out["load_average"] = [round(load_before, 2), round(os.getloadavg()[0], 2)]
    out["cpus"] = os.cpu_count()
    if args.matches:
        out["match_bot"] = args.bot
        out["match_seconds_median"] = match_seconds(args.bot, args.matches, args.seed)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
