"""Speed of the Tennis de mots bots, as JSON.

    PYTHONPATH=src python bench/mots_bots.py [--matches 11] [--mc 48]

``match_seconds_median``: the median wall time of a whole 2-player match (2 winning
sets) between two ``tactician`` bots, in one process (target: at most 2 seconds).
Also the CPU time of those matches, the mean time of one decision for each bot, and
of one Monte Carlo decision with ``--mc`` playouts. The machine may be shared: CPU
seconds say what the bots cost, wall seconds what a player waits.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from partie.core.rng import derive_seed
from partie.games.tennis_mots.game import GAME


def timed_match(names: list[str], seed: int) -> tuple[float, float, int, dict[str, list[float]]]:
    """Play one match; wall and CPU seconds, actions, and each bot's decision times."""
    options = GAME.parse_options({"players": len(names)})
    state = GAME.setup(options, seed)
    bots = [GAME.make_bot(n, derive_seed(seed, "bot", s)) for s, n in enumerate(names)]
    per_bot: dict[str, list[float]] = {n: [] for n in names}
    wall, cpu = time.perf_counter(), time.process_time()
    while not state.is_over:
        seat = state.to_act[0]
        t = time.perf_counter()
        action = bots[seat].act(state.view(seat))
        per_bot[names[seat]].append(time.perf_counter() - t)
        state.apply(seat, action)
    return (
        time.perf_counter() - wall,
        time.process_time() - cpu,
        len(state.history),
        per_bot,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=11)
    parser.add_argument("--mc", type=int, default=48, help="playouts of the mc bot timed")
    parser.add_argument("--mc-decisions", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    GAME.make_bot("tactician@5000", 0)  # load the lexicon and the vocabulary first
    walls, cpus, actions = [], [], []
    decisions: dict[str, list[float]] = {}
    for i in range(args.matches):
        wall, cpu, n, per = timed_match(["tactician", "tactician"], derive_seed(args.seed, i))
        walls.append(wall)
        cpus.append(cpu)
        actions.append(n)
        decisions.setdefault("tactician", []).extend(per["tactician"])
    for names in (["greedy", "tactician@5000"], ["simple", "greedy"]):
        for i in range(3):
            _w, _c, _n, per = timed_match(names, derive_seed(args.seed, 100 + i))
            for name, times in per.items():
                decisions.setdefault(name, []).extend(times)
    # Monte Carlo: the decisions of one match, up to --mc-decisions of them.
    mc_name = f"mc:{args.mc}"
    options = GAME.parse_options({"players": 2})
    state = GAME.setup(options, derive_seed(args.seed, 200))
    bots = [GAME.make_bot(mc_name, 1), GAME.make_bot("tactician", 2)]
    mc_times: list[float] = []
    while not state.is_over and len(mc_times) < args.mc_decisions:
        seat = state.to_act[0]
        view = state.view(seat)
        t = time.perf_counter()
        action = bots[seat].act(view)
        if seat == 0 and view["pending"] is None:
            mc_times.append(time.perf_counter() - t)
        state.apply(seat, action)
    decisions[mc_name] = mc_times
    print(
        json.dumps(
            {
                "bench": "mots_bots",
                "matches": args.matches,
                "match_seconds_median": round(statistics.median(walls), 3),
                "match_seconds_max": round(max(walls), 3),
                "match_cpu_seconds_median": round(statistics.median(cpus), 3),
                "actions_per_match_mean": round(statistics.mean(actions), 1),
                "decision_ms_mean": {
                    k: round(1000 * statistics.mean(v), 2) for k, v in decisions.items() if v
                },
                "decision_ms_max": {k: round(1000 * max(v), 1) for k, v in decisions.items() if v},
            }
        )
    )


if __name__ == "__main__":
    main()
