"""``partie print GAME|DECK --out FILE.pdf``: print-and-play cards and the rules sheet."""

from __future__ import annotations

import json

import click

from partie.cli.common import lang


@click.command("print")
@click.argument("target", metavar="GAME|DECK")
@click.option("--out", type=click.Path(dir_okay=False), required=True, help="PDF file to write.")
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True)
@click.option(
    "--lang", "language", type=click.Choice(["fr", "en"]), default=None,
    help="Language of the rules sheet and card captions (default: PARTIE_LANG, else fr).",
)  # fmt: skip
@click.option("--no-rules", is_flag=True, help="Cards only, without the rules sheet.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--force", is_flag=True, help="Replace --out if it exists.")
def print_command(
    target: str,
    out: str,
    paper: str,
    language: str | None,
    no_rules: bool,
    as_json: bool,
    force: bool,
) -> None:
    """Cards of GAME (the-game, tennis-mots, tennis-quizz) or of a Tennis Quizz DECK
    (built-in name or file) as a PDF: 63 × 88 mm cards nine to a sheet, crop marks, each
    sheet of fronts followed by its backs for duplex printing (flip on the long edge),
    then the rules sheet."""
    from partie.core.files import check_output
    from partie.printing import make_pdf

    check_output(out, force=force, inputs=[target])  # never the deck being printed
    printed = make_pdf(target, out, paper=paper, lang=language or lang(), rules=not no_rules)
    if as_json:
        click.echo(json.dumps(printed.to_json(), ensure_ascii=False))
    else:
        click.echo(f"{out}: {printed.cards} cartes / cards, {printed.pages} pages ({paper})")
