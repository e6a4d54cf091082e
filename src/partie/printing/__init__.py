"""Print-and-play PDFs: each game's cards (fronts, duplex-aligned backs, crop marks) and
its rules sheet. ``make_pdf("the-game", "out.pdf", paper="a4")``; a Tennis Quizz deck
is named by its built-in name or its file."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from partie.printing.faces import (
    letter_back,
    letter_front,
    quiz_back,
    quiz_front,
    the_game_back,
    the_game_front,
    the_game_marker,
)
from partie.printing.layout import PAPERS
from partie.printing.pdf import CardPdf, Face, save
from partie.rules.document import load_rules

GAMES = ("the-game", "tennis-quizz", "tennis-mots")
QUIZZ_DEFAULT_DECK = "fr-starter"


@dataclass(frozen=True)
class Printed:
    out: str
    game: str
    cards: int
    pages: int
    paper: str

    def to_json(self) -> dict[str, object]:
        return {"out": self.out, "game": self.game, "cards": self.cards,
                "pages": self.pages, "paper": self.paper}  # fmt: skip


def cards_of(target: str, lang: str = "fr") -> tuple[str, list[Face], Face]:
    """The game a target prints, its fronts and its back: a game id, or a deck."""
    fr = lang == "fr"
    if target == "the-game":
        fronts = [the_game_front(n) for n in range(2, 100)]
        fronts += [the_game_marker(n, fr) for n in (1, 1, 100, 100)]
        return "the-game", fronts, the_game_back()
    if target == "tennis-mots":
        from partie.games.tennis_mots.cards import load_deck as load_letters

        deck = load_letters()
        fronts = [letter_front(deck.faces[i], deck.values[i], fr) for i in deck.ids]
        return "tennis-mots", fronts, letter_back()
    from partie.games.tennis_quizz.decks import load_deck

    deck = load_deck(QUIZZ_DEFAULT_DECK if target == "tennis-quizz" else target)
    for card in deck.cards:
        check_printable(card)
    fronts = [quiz_front(card.id, card.questions, deck.title) for card in deck.cards]
    return "tennis-quizz", fronts, quiz_back(deck.title)


PRINTABLE_CHARS = 3000
"""The most characters of questions and choices one card can show: at the smallest
type (4 pt) a 63 × 88 mm card holds about 45 lines of 70 characters. Beyond, nothing
fits, and laying out a 10,000-character question at every size took seconds a card."""


def check_printable(card: Any) -> None:
    """Refuse a card whose text cannot fit on it, before any layout."""
    size = sum(len(q.text) + sum(len(c) for c in q.choices) for q in card.questions)
    if size > PRINTABLE_CHARS:
        from partie.core.errors import BadDeck

        raise BadDeck(
            f"carte {card.id} : {size} caractères de questions et de choix ne tiennent pas "
            f"sur une carte (au plus {PRINTABLE_CHARS})",
            f"card {card.id}: {size} characters of questions and choices do not fit on a "
            f"card (at most {PRINTABLE_CHARS})",
        )


def make_pdf(
    target: str, out: str | Path, paper: str = "a4", lang: str = "fr", rules: bool = True
) -> Printed:
    """Write the cards of ``target`` (then its rules sheet) to ``out``."""
    if paper not in PAPERS:
        raise ValueError(paper)
    game, fronts, back = cards_of(target, lang)
    pdf = CardPdf(paper)
    pdf.set_title(f"{game} — partie")
    pdf.card_sheets(fronts, back)
    if rules:
        pdf.rules_sheet(load_rules(game, lang))
    pages = save(pdf, out)
    return Printed(str(out), game, len(fronts), pages, paper)
