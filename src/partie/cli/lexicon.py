"""``partie lexicon check WORD...``: ask the Tennis de mots lexicon about words.

Each WORD may hold jokers (★ ■ ● ◀ ▶, or ``* # @ < >`` on a plain keyboard); the
verdict says whether some reading is a French word or the start of one, and shows it.
"""

from __future__ import annotations

import json
from typing import Any

import click

from partie.cli.common import lang as default_lang
from partie.core.errors import PartieError
from partie.games.tennis_mots.lexicon import JOKERS, Lexicon, Reading, obstacle, parse_cards

_OBSTACLES = {
    "before_first": (
        "◀ en première carte ne se lit jamais (il n'y a pas de carte avant)",
        "◀ as the first card never reads (there is no card before it)",
    ),
    "nothing_to_copy": (
        "ces doubles ne copient que d'autres doubles : aucune lettre à recopier",
        "these doubles only copy each other: no letter to copy",
    ),
}


def verdict(cards: str, reading: Reading | None, lang: str) -> str:
    """One line for one word, e.g. ``ATTEL◀ → valide : ATTELL… (ex. ATTELLERAIENT)``."""
    en = lang == "en"
    if reading is None:
        problem = obstacle(cards)
        if problem is not None:
            fr_reason, en_reason = _OBSTACLES[problem]
            return f"{cards} → invalid: {en_reason}" if en else f"{cards} → invalide : {fr_reason}"
        if any(c in JOKERS for c in cards):
            if en:
                return f"{cards} → invalid: no reading of {cards} starts a French word"
            return f"{cards} → invalide : aucune lecture de {cards} ne commence un mot français"
        if en:
            return f"{cards} → invalid: no French word starts with {cards}"
        return f"{cards} → invalide : aucun mot français ne commence par {cards}"
    if reading.complete:
        return f"{cards} → {'complete word' if en else 'mot complet'} ({reading.letters})"
    if en:
        return f"{cards} → valid: {reading.letters}… (e.g. {reading.example})"
    return f"{cards} → valide : {reading.letters}… (ex. {reading.example})"


def reason(cards: str) -> str:
    """Why no reading exists, as a stable code for the JSON output."""
    if problem := obstacle(cards):
        return problem
    return "no_reading_starts_a_word" if any(c in JOKERS for c in cards) else "no_word_starts_so"


def as_json(typed: str, cards: str, reading: Reading | None) -> dict[str, Any]:
    """The verdict as data: ``input``, ``valid``, ``complete_word``, ``reading``, ``example``."""
    return {
        "input": typed,
        "cards": cards,
        "valid": reading is not None,
        "complete_word": reading is not None and reading.complete,
        "reading": None if reading is None else reading.letters,
        "jokers": [] if reading is None else [list(j) for j in reading.jokers],
        "example": None if reading is None else reading.example,
        "reason": None if reading is not None else reason(cards),
    }


@click.group()
def lexicon() -> None:
    """Ask the French word list of Tennis de mots."""


@lexicon.command()
@click.argument("words", nargs=-1, required=True)
@click.option("--json", "as_json_output", is_flag=True, help="One JSON list of verdicts.")
@click.option(
    "--lexicon",
    "lexicon_file",
    type=click.Path(dir_okay=False),
    default=None,
    help="Another word list (UTF-8, one word per line) instead of the shipped one.",
)
@click.option(
    "--lang", type=click.Choice(["fr", "en"]), default=None, help="Language of the verdicts."
)
def check(
    words: tuple[str, ...], as_json_output: bool, lexicon_file: str | None, lang: str | None
) -> None:
    """Is each WORD a French word, or the start of one?

    WORD may hold jokers: ★ any letter, ■ a consonant, ● a vowel, ◀ same as the card
    before, ▶ same as the card after (type * # @ < >, quoted). Each verdict shows how
    the jokers read and an example word.
    """
    lang = lang or default_lang()
    try:
        all_cards = [parse_cards(word) for word in words]  # refuse bad input before output
        table = Lexicon.from_file(lexicon_file) if lexicon_file else Lexicon.default()
    except PartieError as error:
        raise click.UsageError(error.message(lang)) from None
    readings = [table.read(cards) for cards in all_cards]
    if as_json_output:
        items = [as_json(w, c, r) for w, c, r in zip(words, all_cards, readings, strict=True)]
        click.echo(json.dumps(items, ensure_ascii=False))
        return
    for cards, reading in zip(all_cards, readings, strict=True):
        click.echo(verdict(cards, reading, lang))
