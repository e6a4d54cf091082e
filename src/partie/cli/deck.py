"""``partie deck``: check, list, import, export and print Tennis Quizz question decks."""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path
from typing import TYPE_CHECKING

import click

from partie.cli.common import lang, text_arg
from partie.core.errors import PartieError
from partie.core.files import check_output, write_atomic

if TYPE_CHECKING:
    from partie.games.tennis_quizz.decks import Question


@click.group()
def deck() -> None:
    """Question decks of Tennis Quizz: check, list, import, export, print."""


@deck.command("check")
@click.argument("spec", metavar="NAME|FILE")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.pass_context
def check(ctx: click.Context, spec: str, as_json: bool) -> None:
    """Validate a deck; every error names the file, card, question and field (exit 2)."""
    from partie.games.tennis_quizz.decks import check_file, plural

    report = check_file(spec)
    if as_json:
        click.echo(json.dumps(report.to_json(), ensure_ascii=False))
    else:
        language = lang()
        for problem in report.errors:
            click.echo(f"{'erreur' if language == 'fr' else 'error'}: {problem.text(language)}")
        for problem in report.warnings:
            click.echo(
                f"{'attention' if language == 'fr' else 'warning'}: {problem.text(language)}"
            )
        verdict = (
            ("paquet valide" if language == "fr" else "valid deck")
            if report.ok
            else (
                plural(len(report.errors), "erreur", "erreurs")
                if language == "fr"
                else plural(len(report.errors), "error", "errors", "en")
            )
        )
        fr = language == "fr"
        cards = plural(report.cards, *(("carte", "cartes") if fr else ("card", "cards")), language)
        questions = plural(report.questions, "question", "questions", language)
        click.echo(f"{report.file}: {cards}, {questions}: {verdict}")
    if not report.ok:
        ctx.exit(2)


@deck.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def list_decks(as_json: bool) -> None:
    """Show the built-in decks."""
    from partie.games.tennis_quizz.decks import builtin_decks, check_file

    rows = []
    for path in builtin_decks():
        try:
            with path.open("rb") as handle:
                head = tomllib.load(handle).get("deck", {})
        except (OSError, tomllib.TOMLDecodeError):
            head = {}
        report = check_file(str(path))
        rows.append(
            {
                "name": path.stem,
                "id": head.get("id", path.stem),
                "title": head.get("title", ""),
                "language": head.get("language", ""),
                "cards": report.cards,
                "questions": report.questions,
                "valid": report.ok,
                "file": str(path),
            }
        )
    if as_json:
        click.echo(json.dumps({"decks": rows}, ensure_ascii=False))
        return
    if not rows:
        click.echo("aucun paquet intégré" if lang() == "fr" else "no built-in deck")
    for row in rows:
        flag = "" if row["valid"] else "  (invalide / invalid)"
        click.echo(
            f"{row['name']:<16} {row['cards']:>3} cartes  {row['questions']:>4} questions  "
            f"{row['language']:<3} {row['title']}{flag}"
        )


@deck.command("import")
@click.argument("path", type=click.Path(exists=True, dir_okay=False))
@click.option(
    "--from",
    "fmt",
    type=click.Choice(["gift", "aiken", "csv", "opentdb", "openquizzdb"]),
    default=None,
    help="Input format (default: from the file name or the JSON's shape).",
)
@click.option("--out", "out", type=click.Path(dir_okay=False), default=None, help="TOML to write.")
@click.option("--force", is_flag=True, help="Replace --out if it exists.")
@click.option("--id", "deck_id", default=None, help="Deck id (default: the file's stem).")
@click.option("--title", default=None, help="Deck title.")
@click.option("--language", default="fr", show_default=True)
@click.option("--licence", default="", help="Licence of the questions.")
@click.option("--author", "authors", multiple=True, help="An author (repeatable).")
@click.option("--source", default="", help="Source line for questions that have none.")
@click.option("--quiz-lang", default="fr", show_default=True, help="OpenQuizzDB language.")
@click.pass_context
def import_deck(
    ctx: click.Context,
    path: str,
    fmt: str | None,
    out: str | None,
    force: bool,
    deck_id: str | None,
    title: str | None,
    language: str,
    licence: str,
    authors: tuple[str, ...],
    source: str,
    quiz_lang: str,
) -> None:
    """Import questions from GIFT, Aiken, CSV, Open Trivia DB or OpenQuizzDB into a TOML
    deck (cards of 7; an incomplete last card is left out and reported)."""
    from partie.games.tennis_quizz.decks import BadDeck, check_text
    from partie.games.tennis_quizz.importers import build_deck, read_source

    for flag, value in (("--id", deck_id), ("--title", title), ("--language", language)):
        text_arg(value, flag)
    for flag, value in (("--licence", licence), ("--source", source), ("--quiz-lang", quiz_lang)):
        text_arg(value, flag)
    for author in authors:
        text_arg(author, "--author")
    if out is not None:
        check_output(out, force=force, inputs=[path])
    file = Path(path)
    fmt, imported = read_source(file, fmt, source, quiz_lang)
    default_source = source or f"importé de {file.name}"
    if not source:
        imported.questions = [
            q if q.source else _with_source(q, default_source) for q in imported.questions
        ]
    name = deck_id or file.stem
    built, left_out = build_deck(
        imported, name, title or name, language, licence, tuple(authors) or ("partie import",)
    )
    if not built.cards:
        raise BadDeck(
            f"{file.name} : aucune carte complète de 7 questions ({len(imported.questions)} lues)",
            f"{file.name}: no complete card of 7 questions ({len(imported.questions)} read)",
        )
    toml_text = built.to_toml()
    report = check_text(toml_text, out or "<import>")
    if report.errors:  # nothing is written: an invalid deck is never left behind
        first = report.errors[0]
        more = len(report.errors) - 1
        raise BadDeck(
            f"le paquet importé est invalide : {first.text('fr')}"
            + (f" (et {more} autre(s))" if more else ""),
            f"the imported deck is invalid: {first.text('en')}"
            + (f" (and {more} more)" if more else ""),
        )
    for note in imported.skipped:  # notes only once the deck is good: a refusal is one line
        click.echo(f"skipped: {note}", err=True)
    if left_out:
        click.echo(
            f"left out: {left_out} question(s) of an incomplete last card (a card has 7)",
            err=True,
        )
    if out is not None:
        write_atomic(out, toml_text, force=force)
        click.echo(f"{out}: {len(built.cards)} cards, {len(built.questions)} questions", err=True)
    else:
        sys.stdout.write(toml_text)


def _with_source(question: Question, source: str) -> Question:
    from dataclasses import replace

    return replace(question, source=source)


@deck.command("export")
@click.argument("spec", metavar="NAME|FILE")
@click.option("--to", "fmt", type=click.Choice(["gift", "csv"]), required=True)
@click.option("--out", type=click.Path(dir_okay=False), default=None)
@click.option("--force", is_flag=True, help="Replace --out if it exists.")
@click.option("--delimiter", type=click.Choice([";", ","]), default=";", show_default=True)
def export_deck(spec: str, fmt: str, out: str | None, force: bool, delimiter: str) -> None:
    """Export a deck to GIFT (Moodle) or CSV."""
    from partie.games.tennis_quizz.decks import load_deck, resolve
    from partie.games.tennis_quizz.importers import write_csv, write_gift

    if out is not None:
        check_output(out, force=force, inputs=[resolve(spec)])
    the_deck = load_deck(spec)
    text = write_gift(the_deck) if fmt == "gift" else write_csv(the_deck, delimiter)
    if out is not None:
        write_atomic(out, text, force=force)
    else:
        sys.stdout.write(text)


@deck.command("print")
@click.argument("spec", metavar="NAME|FILE")
@click.option("--out", type=click.Path(dir_okay=False), required=True, help="PDF (or .html) file.")
@click.option("--force", is_flag=True, help="Replace --out if it exists.")
def print_deck(spec: str, out: str, force: bool) -> None:
    """Print-and-play cards (PDF, as ``partie print DECK``): 7 questions a card, the right
    choice underlined, backs for duplex; an ``.html`` file gets the old HTML sheet."""
    from partie.games.tennis_quizz.decks import load_deck, resolve

    check_output(out, force=force, inputs=[resolve(spec)])
    if out.lower().endswith((".html", ".htm")):
        from partie.games.tennis_quizz.sheet import card_sheet

        the_deck = load_deck(spec)
        write_atomic(out, card_sheet(the_deck), force=force)
        click.echo(f"{out}: {len(the_deck.cards)} cards")
        return
    from partie.printing import make_pdf

    printed = make_pdf(spec, out, lang=lang())
    click.echo(f"{out}: {printed.cards} cards, {printed.pages} pages")


__all__ = ["PartieError", "deck"]
