"""Games per second of ``run_simulation`` with 1 and 2 local workers (and optionally
Ray), and a check that every backend gives the same games. Prints one JSON object.

    python bench/simulate_workers.py [--games 600] [--players 2] [--ray]
"""

from __future__ import annotations

import argparse
import json
import time

from partie.sim.runner import SimulationSpec, run_simulation


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--ray", action="store_true", help="also time --ray local")
    args = parser.parse_args()
    spec = SimulationSpec(
        game="the-game",
        options={"players": args.players},
        bots=(args.bot,) * args.players,
        games=args.games,
        seed=1,
    )
    runs = {"workers_1": {"workers": 1}, "workers_2": {"workers": 2}}
    if args.ray:
        runs["ray_local"] = {"workers": 2, "ray_address": "local"}
    out: dict = {"games": args.games, "players": args.players, "bot": args.bot}
    reference = None
    for name, kwargs in runs.items():
        started = time.perf_counter()
        outcomes = run_simulation(spec, **kwargs)
        seconds = time.perf_counter() - started
        key = [(o.seed, o.scores, o.winners) for o in outcomes]
        reference = reference or key
        out[name] = {
            "seconds": round(seconds, 2),
            "games_per_second": round(args.games / seconds, 1),
            "same_games_as_workers_1": key == reference,
        }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
