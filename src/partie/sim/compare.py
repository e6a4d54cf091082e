"""Paired comparison of two bots: the same deals and the same seeds for both, so the
difference comes from the bots alone.

Game ``i`` of each side has the seed ``derive_seed(seed, i)``: the same deal (or the same
line of a deals file) and the same seeds for the bots' own randomness. The figures are
differences A − B over those pairs, with paired-t 95% intervals.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from partie.sim.runner import GameOutcome, SimulationSpec
from partie.sim.stats import paired_diff_ci95
from partie.sim.summary import summarize


def paired_specs(spec: SimulationSpec, bot_a: str, bot_b: str) -> tuple[SimulationSpec, ...]:
    """The two sides of a comparison: ``spec`` with every seat played by A, then by B."""
    seats = len(spec.bots)
    return (
        dataclasses.replace(spec, bots=(bot_a,) * seats),
        dataclasses.replace(spec, bots=(bot_b,) * seats),
    )


def won(outcome: GameOutcome) -> bool:
    """Seat 0 won (in a cooperative game: the table won)."""
    return 0 in outcome.winners


def compare_outcomes(
    spec_a: SimulationSpec,
    outcomes_a: list[GameOutcome],
    spec_b: SimulationSpec,
    outcomes_b: list[GameOutcome],
    seconds: tuple[float, float],
) -> dict[str, Any]:
    """One JSON-ready object: each side's summary and the paired differences A − B."""
    if [o.index for o in outcomes_a] != [o.index for o in outcomes_b]:
        raise ValueError("a paired comparison needs the same games on both sides")
    scores_a = [o.scores[0] for o in outcomes_a]
    scores_b = [o.scores[0] for o in outcomes_b]
    wins_a = [1.0 if won(o) else 0.0 for o in outcomes_a]
    wins_b = [1.0 if won(o) else 0.0 for o in outcomes_b]
    diff, low, high = paired_diff_ci95(scores_a, scores_b)
    wdiff, wlow, whigh = paired_diff_ci95(wins_a, wins_b)
    n = len(outcomes_a)
    return {
        "game": spec_a.game,
        "players": len(spec_a.bots),
        "bot_a": spec_a.bots[0],
        "bot_b": spec_b.bots[0],
        "seed": spec_a.seed,
        "games": n,
        "fixed_deals": spec_a.deals is not None,
        "mean_score_a": round(sum(scores_a) / n, 6),
        "mean_score_b": round(sum(scores_b) / n, 6),
        "mean_score_diff": round(diff, 6),
        "mean_score_diff_ci95": [round(low, 6), round(high, 6)],
        "wins_a": int(sum(wins_a)),
        "wins_b": int(sum(wins_b)),
        "win_rate_diff": round(wdiff, 6),
        "win_rate_diff_ci95": [round(wlow, 6), round(whigh, 6)],
        "only_a_won": sum(1 for x, y in zip(wins_a, wins_b, strict=True) if x > y),
        "only_b_won": sum(1 for x, y in zip(wins_a, wins_b, strict=True) if y > x),
        "score_a_lower": sum(1 for x, y in zip(scores_a, scores_b, strict=True) if x < y),
        "score_equal": sum(1 for x, y in zip(scores_a, scores_b, strict=True) if x == y),
        "score_a_higher": sum(1 for x, y in zip(scores_a, scores_b, strict=True) if x > y),
        "seconds": round(sum(seconds), 4),
        "a": summarize(spec_a, outcomes_a, seconds[0]),
        "b": summarize(spec_b, outcomes_b, seconds[1]),
    }


def per_deal_lines(
    outcomes_a: list[GameOutcome], outcomes_b: list[GameOutcome] | None = None
) -> list[dict[str, Any]]:
    """One JSON-ready object per deal: its score (and win), for one side or both."""
    lines = []
    for i, a in enumerate(outcomes_a):
        line: dict[str, Any] = {"deal": a.index, "seed": a.seed}
        if outcomes_b is None:
            line.update(score=a.scores[0], won=won(a), reason=a.reason)
        else:
            b = outcomes_b[i]
            line.update(
                score_a=a.scores[0],
                score_b=b.scores[0],
                won_a=won(a),
                won_b=won(b),
                score_diff=a.scores[0] - b.scores[0],
            )
        lines.append(line)
    return lines
