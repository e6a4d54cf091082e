"""A printable card sheet (HTML): the paper form of a deck, 7 questions a card, the
right choice underlined as on the original cards. Choice order is shuffled per card
from the deck and card ids, so a sheet prints the same every time."""

from __future__ import annotations

import random
from html import escape

from partie.games.tennis_quizz.decks import Deck

STYLE = """
body { font-family: sans-serif; margin: 1cm; }
.sheet { display: flex; flex-wrap: wrap; gap: 0.5cm; }
.card { border: 1px solid #333; border-radius: 6px; width: 8.5cm; padding: 0.3cm;
        page-break-inside: avoid; font-size: 9pt; }
.card h2 { font-size: 10pt; margin: 0 0 0.2cm 0; }
.card ol { margin: 0; padding-left: 0.5cm; }
.card li { margin-bottom: 0.15cm; }
.choices span { margin-right: 0.4cm; }
.right { text-decoration: underline; font-weight: bold; }
.level { color: #666; }
"""


def card_sheet(deck: Deck) -> str:
    parts = [
        "<!doctype html>",
        '<html lang="' + escape(deck.language) + '"><head><meta charset="utf-8">',
        f"<title>{escape(deck.title)}</title><style>{STYLE}</style></head><body>",
        f"<h1>{escape(deck.title)}</h1>",
        f"<p>{escape(deck.id)} · {len(deck.cards)} cartes · {escape(deck.licence)}</p>",
        '<div class="sheet">',
    ]
    for card in deck.cards:
        rng = random.Random(f"{deck.id}/{card.id}")
        parts.append(f'<div class="card"><h2>Carte {escape(card.id)}</h2><ol>')
        for q in card.questions:
            choices = list(enumerate(q.choices))
            rng.shuffle(choices)
            spans = " ".join(
                f'<span class="right">{escape(text)}</span>'
                if i == 0
                else f"<span>{escape(text)}</span>"
                for i, text in choices
            )
            parts.append(
                f"<li>{escape(q.text)} <span class='level'>({'★' * q.difficulty})</span>"
                f'<div class="choices">{spans}</div></li>'
            )
        parts.append("</ol></div>")
    parts.append("</div></body></html>")
    return "\n".join(parts)


__all__ = ["card_sheet"]
