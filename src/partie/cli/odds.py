"""``partie odds tennis-quizz``: exact match odds from per-point odds (Markov chain)."""

from __future__ import annotations

import json

import click

from partie.cli.common import FiniteRange, lang


@click.group()
def odds() -> None:
    """Exact odds of a game from per-point probabilities."""


@odds.command("tennis-quizz")
@click.option("--p", "p", type=FiniteRange(0, 1), default=None, help="P(A wins a point A asks).")
@click.option("--q", "q", type=FiniteRange(0, 1), default=None, help="P(B wins a point B asks).")
@click.option(
    "--accuracy",
    nargs=2,
    type=FiniteRange(0, 1),
    default=None,
    metavar="A B",
    help="Instead of --p/--q: how often side A and side B answer right.",
)
@click.option("--jeu-decisif", is_flag=True, help="The jeu décisif variant at 6-6.")
@click.option("--sets-to-win", type=click.IntRange(1, 3), default=2, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def tennis_quizz_odds(
    p: float | None,
    q: float | None,
    accuracy: tuple[float, float] | None,
    jeu_decisif: bool,
    sets_to_win: int,
    as_json: bool,
) -> None:
    """Exact probability that side A wins the match, questions per match, how often 6-6
    and the jeu décisif happen (the toss decides who asks first)."""
    from partie.games.tennis_quizz.balance import from_accuracies, match_odds

    if accuracy is not None:
        if p is not None or q is not None:
            raise click.UsageError("give --p/--q or --accuracy, not both")
        p, q = from_accuracies(*accuracy)
    if p is None or q is None:
        raise click.UsageError("give --p and --q (or --accuracy A B)")
    result = match_odds(p, q, decider=jeu_decisif, sets_to_win=sets_to_win)
    if as_json:
        click.echo(json.dumps(result.to_json()))
        return
    fr = lang() == "fr"
    rows = [
        ("P(A gagne le match)" if fr else "P(A wins the match)", f"{result.win_a:.4f}"),
        ("  A sert en premier" if fr else "  A serves first", f"{result.win_a_serving_first:.4f}"),
        (
            "  B sert en premier" if fr else "  B serves first",
            f"{result.win_a_receiving_first:.4f}",
        ),
        ("questions par match" if fr else "questions per match", f"{result.questions:.1f}"),
        ("sets par match" if fr else "sets per match", f"{result.sets:.3f}"),
        ("P(au moins un 6-6)" if fr else "P(at least one 6-6)", f"{result.reached_6_6:.4f}"),
        (
            "jeux décisifs par match" if fr else "jeux décisifs per match",
            f"{result.jeu_decisif:.4f}",
        ),
    ]
    click.echo(f"p = {p:g}, q = {q:g}")
    for name, value in rows:
        click.echo(f"{name:<26} {value}")
