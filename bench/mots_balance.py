"""Tennis de mots balance study: seeded bot matches for serve weights 3 to 9 (and a few
other tables), summarised in ``docs/tennis-mots-balance.md`` with plots in ``docs/img/``.

Run (from the repository root; about 12 CPU minutes with ``--games 60``):

    PYTHONPATH=src python bench/mots_balance.py --games 60 --workers 1
    PYTHONPATH=src python bench/mots_balance.py --render-only   # rewrite the doc

Each setting is one ``partie simulate`` run (the command is printed in the doc): same
game, options, bots, game count and seed give the same matches. Results are appended
to ``bench/out/mots_balance.jsonl`` as they come, one JSON object per setting, so a
long run that stops keeps what it has done; ``--resume`` skips settings already there.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from partie.sim.runner import SimulationSpec, run_simulation
from partie.sim.stats import mean_ci95, wilson_ci95

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "out" / "mots_balance.jsonl"
DOC = ROOT / "docs" / "tennis-mots-balance.md"
IMG = ROOT / "docs" / "img"
FLAT_DECK = "bench/decks/mots-flat.toml"
WEIGHTS = range(3, 10)


def settings(games: int) -> list[dict[str, Any]]:
    """Every run of the study: a name, bots per seat, options, games, seed."""
    out = []
    for w in WEIGHTS:
        out.append(
            {
                "name": f"w{w}-tactician-greedy",
                "bots": ["tactician", "greedy"],
                "options": {"serve_weight": w},
                "games": games,
                "seed": 100 + w,
            }
        )
    for w in (3, 5, 7, 9):
        out.append(
            {
                "name": f"w{w}-tactician-tactician",
                "bots": ["tactician", "tactician"],
                "options": {"serve_weight": w},
                "games": games // 2,
                "seed": 200 + w,
            }
        )
    small = max(20, games // 4)
    out += [
        {
            "name": "w5-vocab5000-tactician",
            "bots": ["tactician@5000", "tactician"],
            "options": {"serve_weight": 5},
            "games": games // 2,
            "seed": 305,
        },
        {
            "name": "w5-bluff-vs-vocab5000",
            "bots": ["tactician:bluff=0.1", "tactician@5000"],
            "options": {"serve_weight": 5},
            "games": small,
            "seed": 307,
        },
        {
            "name": "w5-3p",
            "bots": ["tactician", "greedy", "tactician@5000"],
            "options": {"serve_weight": 5, "players": 3},
            "games": small,
            "seed": 403,
        },
        {
            "name": "w5-4p",
            "bots": ["tactician", "greedy", "tactician@5000", "greedy"],
            "options": {"serve_weight": 5, "players": 4},
            "games": small,
            "seed": 404,
        },
    ]
    for w in (5, 7):
        out.append(
            {
                "name": f"w{w}-flat-deck",
                "bots": ["tactician", "greedy"],
                "options": {"serve_weight": w, "deck": FLAT_DECK},
                "games": games // 2,
                "seed": 500 + w,
            }
        )
    return out


def command(s: dict[str, Any], workers: int) -> str:
    bots = " ".join(f"--bot {b}" for b in s["bots"])
    opts = " ".join(f"-o {k}={v}" for k, v in s["options"].items() if k != "players")
    players = s["options"].get("players", 2)
    return (
        f"partie simulate tennis-mots {bots} --players {players} {opts} "
        f"--games {s['games']} --seed {s['seed']} --workers {workers} --json"
    )


def run_setting(s: dict[str, Any], workers: int) -> dict[str, Any]:
    """One setting: the figures the study reports, from the matches' details."""
    options = dict(s["options"])
    options.setdefault("players", len(s["bots"]))
    spec = SimulationSpec("tennis-mots", options, tuple(s["bots"]), s["games"], s["seed"])
    start = time.perf_counter()
    outcomes = run_simulation(spec, workers=workers)
    seconds = time.perf_counter() - start
    n = len(outcomes)
    players = len(s["bots"])

    def rate(wins: int) -> dict[str, Any]:
        low, high = wilson_ci95(wins, n)
        return {"rate": wins / n, "ci95": [round(low, 4), round(high, 4)], "count": wins}

    def total(key: str) -> float:
        return float(sum(o.details[key] for o in outcomes))

    sets = total("sets")
    rallies = total("rallies")
    serves = rallies + total("faults")  # every rally had a first serve; faults serve again
    per_set, low, high = mean_ci95([o.details["rallies_per_set"] for o in outcomes])
    return {
        **s,
        "command": command(s, workers),
        "games": n,
        "seat_wins": [rate(sum(1 for o in outcomes if k in o.winners)) for k in range(players)],
        "first_server_wins": rate(sum(o.details["first_server_won"] for o in outcomes)),
        "sets_per_match": sets / n,
        "rallies_per_set": per_set,
        "rallies_per_set_ci95": [round(low, 3), round(high, 3)],
        "aces_per_rally": total("aces") / rallies,
        "faults_per_serve": total("faults") / serves,
        "double_faults_per_set": total("double_faults") / sets,
        "challenges_per_match": total("challenges") / n,
        "challenges_won_share": total("challenges_won") / max(1.0, total("challenges")),
        "lignes_per_rally": total("lignes") / rallies,
        "nets_per_rally": total("nets") / rallies,
        "bonus_cards_per_set": total("bonus_cards") / sets,
        "ends": {k: total(f"ends_{k}") / sets for k in ("last_rally", "bonus_unpaid", "no_serve")},
        "points_spread": sum(abs(o.details["points"][0] - o.details["points"][1]) for o in outcomes)
        / n,
        "seconds": round(seconds, 2),
    }


def load() -> list[dict[str, Any]]:
    if not OUT.exists():
        return []
    return [json.loads(line) for line in OUT.read_text().splitlines() if line.strip()]


# -- the document ----------------------------------------------------------------------


def pct(r: dict[str, Any]) -> str:
    low, high = r["ci95"]
    return f"{100 * r['rate']:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"


def plots(rows: list[dict[str, Any]]) -> list[str]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    IMG.mkdir(parents=True, exist_ok=True)
    made = []
    sweep = sorted(
        (r for r in rows if r["name"].endswith("-tactician-greedy")),
        key=lambda r: r["options"]["serve_weight"],
    )
    mirror = sorted(
        (r for r in rows if r["name"].endswith("-tactician-tactician")),
        key=lambda r: r["options"]["serve_weight"],
    )
    if not sweep:
        return made
    ws = [r["options"]["serve_weight"] for r in sweep]

    def band(ax: Any, xs: list[int], rs: list[dict[str, Any]], label: str, fmt: str) -> None:
        ys = [100 * r["rate"] for r in rs]
        lo = [100 * (r["rate"] - r["ci95"][0]) for r in rs]
        hi = [100 * (r["ci95"][1] - r["rate"]) for r in rs]
        ax.errorbar(xs, ys, yerr=[lo, hi], fmt=fmt, capsize=3, label=label)

    fig, ax = plt.subplots(figsize=(6, 4))
    band(ax, ws, [r["seat_wins"][0] for r in sweep], "tactician vs greedy", "o-")
    band(ax, ws, [r["first_server_wins"] for r in sweep], "first server (tact. vs greedy)", "s--")
    if mirror:
        band(
            ax,
            [r["options"]["serve_weight"] for r in mirror],
            [r["first_server_wins"] for r in mirror],
            "first server (tact. vs tact.)",
            "^:",
        )
    ax.axhline(50, color="grey", lw=0.8)
    ax.set_xlabel("serve weight")
    ax.set_ylabel("match win rate (%), 95% interval")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(IMG / "mots-balance-win-rates.png", dpi=110)
    plt.close(fig)
    made.append("mots-balance-win-rates.png")

    fig, ax = plt.subplots(figsize=(6, 4))
    ax.plot(ws, [r["rallies_per_set"] for r in sweep], "o-", label="rallies per set")
    ax.set_xlabel("serve weight")
    ax.set_ylabel("rallies per set")
    ax2 = ax.twinx()
    ax2.plot(ws, [100 * r["aces_per_rally"] for r in sweep], "s--", color="C1", label="aces %")
    ax2.plot(ws, [100 * r["faults_per_serve"] for r in sweep], "^:", color="C2", label="faults %")
    ax2.set_ylabel("% of rallies (aces) / of serves (faults)")
    lines = ax.get_legend_handles_labels()
    lines2 = ax2.get_legend_handles_labels()
    ax.legend(lines[0] + lines2[0], lines[1] + lines2[1], fontsize=8, loc="upper center")
    fig.tight_layout()
    fig.savefig(IMG / "mots-balance-rallies.png", dpi=110)
    plt.close(fig)
    made.append("mots-balance-rallies.png")
    return made


def render(rows: list[dict[str, Any]], big: dict[str, Any] | None) -> str:
    made = plots(rows)
    by = {r["name"]: r for r in rows}
    out = [
        "# Tennis de mots: balance study",
        "",
        "Seeded bot matches (`partie simulate tennis-mots`) for serve weights 3 to 9 with "
        "the default deck, a few 3- and 4-player tables, limited-vocabulary bots and "
        "another deck file. Produced by `bench/mots_balance.py`; every row gives the "
        "exact command that replays it. Runs were sized for 2 shared cores: 200 matches "
        "per serve weight (100 for the other two-player rows, fewer for 3-4 players), "
        "so intervals are wide (±7 points at 200 matches); read trends, not decimals.",
        "",
        "Bots (`docs/tennis-mots.md`, section Bots): `greedy` plays its most valuable "
        "shot; `tactician` a near-best value laying as many cards as it can, faults "
        "with its cheapest card and nets away surplus vowels or consonants; "
        "`tactician@N` knows only the N most frequent French words (wordfreq). A match "
        "is won by the first to win 2 sets; the first server is drawn at random.",
        "",
    ]
    if big is not None:
        low, high = big["win_rate_ci95"]
        out += [
            "## Tactician against greedy, 2,000 matches",
            "",
            f"`{big['command']}`",
            "",
            f"Tactician wins **{100 * big['win_rate']:.1f}%** of {big['games']} matches, "
            f"95% interval [{100 * low:.1f}%, {100 * high:.1f}%] (Wilson).",
            "",
        ]
    out += [
        "## Serve weight, 2 players, tactician against greedy",
        "",
        "| weight | tactician wins | first server wins | rallies/set | aces/rally "
        "| faults/serve | double faults/set | LIGNE/rally | sets/match | sec |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for w in WEIGHTS:
        r = by.get(f"w{w}-tactician-greedy")
        if r is None:
            continue
        out.append(
            f"| {w} | {pct(r['seat_wins'][0])} | {pct(r['first_server_wins'])} "
            f"| {r['rallies_per_set']:.1f} | {100 * r['aces_per_rally']:.1f}% "
            f"| {100 * r['faults_per_serve']:.1f}% | {r['double_faults_per_set']:.2f} "
            f"| {r['lignes_per_rally']:.2f} | {r['sets_per_match']:.2f} | {r['seconds']:.0f} |"
        )
    out += ["", "## Serve weight, 2 players, tactician against tactician", ""]
    out += [
        "| weight | first server wins | rallies/set | aces/rally | faults/serve "
        "| double faults/set | set end: last rally / bonus unpaid / no serve |",
        "|---|---|---|---|---|---|---|",
    ]
    for w in WEIGHTS:
        r = by.get(f"w{w}-tactician-tactician")
        if r is None:
            continue
        e = r["ends"]
        out.append(
            f"| {w} | {pct(r['first_server_wins'])} | {r['rallies_per_set']:.1f} "
            f"| {100 * r['aces_per_rally']:.1f}% | {100 * r['faults_per_serve']:.1f}% "
            f"| {r['double_faults_per_set']:.2f} "
            f"| {e['last_rally']:.2f} / {e['bonus_unpaid']:.2f} / {e['no_serve']:.2f} |"
        )
    out += ["", "## Other tables", ""]
    out += [
        "| run | bots (seat order) | seat win rates | first server wins | rallies/set "
        "| challenges/match (challenger right) |",
        "|---|---|---|---|---|---|",
    ]
    for r in rows:
        if r["name"].endswith(("-tactician-greedy", "-tactician-tactician")):
            continue
        seats = ", ".join(f"{100 * x['rate']:.0f}%" for x in r["seat_wins"])
        out.append(
            f"| {r['name']} | {', '.join(r['bots'])} | {seats} | {pct(r['first_server_wins'])} "
            f"| {r['rallies_per_set']:.1f} | {r['challenges_per_match']:.2f} "
            f"({100 * r['challenges_won_share']:.0f}%) |"
        )
    out += [""]
    for name in made:
        out += [f"![{name}](img/{name})", ""]
    out += ["## Commands", "", "```sh"]
    out += [r["command"] for r in rows]
    if big is not None:
        out.append(big["command"])
    out += ["```", ""]
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--resume", action="store_true")
    parser.add_argument("--render-only", action="store_true")
    parser.add_argument("--only", default="", help="comma list of setting names")
    parser.add_argument("--big", default="bench/out/tactician_vs_greedy_2000.json")
    args = parser.parse_args()
    if not args.render_only:
        done = {r["name"] for r in load()} if args.resume else set()
        if not args.resume:
            OUT.parent.mkdir(parents=True, exist_ok=True)
            OUT.write_text("")
        wanted = set(filter(None, args.only.split(",")))
        for s in settings(args.games):
            if s["name"] in done or (wanted and s["name"] not in wanted):
                continue
            row = run_setting(s, args.workers)
            with OUT.open("a") as f:
                f.write(json.dumps(row) + "\n")
            print(json.dumps({"name": row["name"], "seconds": row["seconds"]}), flush=True)
    big = None
    path = ROOT / args.big
    if path.exists() and path.read_text().strip():
        big = json.loads(path.read_text().strip().splitlines()[-1])
        big["command"] = (
            "partie simulate tennis-mots --bot tactician --bot greedy --games 2000 "
            "--seed 2026 --workers 1 --json"
        )
    DOC.write_text(render(load(), big))
    print(json.dumps({"doc": str(DOC.relative_to(ROOT)), "rows": len(load())}))


if __name__ == "__main__":
    main()
