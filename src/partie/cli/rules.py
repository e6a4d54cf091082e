"""``partie rules GAME [QUESTION]``: the rules for players, or the passages that answer
a rule question (French or English)."""

from __future__ import annotations

import json

import click
from rich.console import Console
from rich.markdown import Markdown

from partie.cli.common import lang
from partie.core.inputs import BadInput
from partie.core.registry import available_games


@click.command()
@click.argument("game", type=click.Choice(available_games()), metavar="GAME")
@click.argument("question", required=False)
@click.option(
    "--lang",
    "language",
    type=click.Choice(["fr", "en"]),
    default=None,
    help="Language of the rules and answers (default: the question's, else PARTIE_LANG).",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def rules(game: str, question: str | None, language: str | None, as_json: bool) -> None:
    """Show the rules of GAME; with QUESTION, the passages that answer it, best first."""
    from partie.rules import ask, load_rules
    from partie.rules.answerer import MAX_QUESTION

    if question is None:
        text = load_rules(game, language or lang())
        if as_json:
            click.echo(json.dumps(text.to_json(), ensure_ascii=False))
        else:
            Console().print(Markdown(text.markdown()))
        return
    if len(question) > MAX_QUESTION:
        raise BadInput(
            f"question trop longue ({len(question)} caractères, au plus {MAX_QUESTION})",
            f"question too long ({len(question)} characters, at most {MAX_QUESTION})",
        )
    answer = ask(game, question, language)
    if as_json:
        click.echo(json.dumps(answer.to_json(), ensure_ascii=False))
        return
    fr = answer.lang == "fr"
    if not answer.hits:
        raise click.UsageError(
            f"rien dans les règles de {game} ne parle de {question!r}"
            if fr
            else f"nothing in the rules of {game} is about {question!r}"
        )
    parts: list[str] = []
    if answer.situation is not None:
        why = answer.situation.why[0 if fr else 1]
        parts.append(f"*Ta situation : {why}*" if fr else f"*Your situation: {why}*")
    if answer.example_first:
        parts.append(
            "**Un exemple, puis la règle qu'il montre :**"
            if fr
            else "**An example, then the rule it shows:**"
        )
    elif not answer.sure:
        parts.append(
            "**Pas de réponse sûre.** Les passages les plus proches :"
            if fr
            else "**No sure answer.** The closest passages:"
        )
    for n, hit in enumerate(answer.hits):
        if answer.sure and n == 1:
            parts.append("Voir aussi :" if fr else "See also:")
        parts.append(f"**{hit.passage.section}** — {hit.passage.text}")
    Console().print(Markdown("\n\n".join(parts)))
