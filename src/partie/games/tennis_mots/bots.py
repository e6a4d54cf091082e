"""A simple bot for Tennis de mots: it plays legal shots, never bluffs, and challenges
only words it knows are not French. It sees its seat's view only, and the lexicon the
table uses (public: anyone may look a word up)."""

from __future__ import annotations

from functools import cache
from typing import Any

from partie.core.game import Bot
from partie.games.tennis_mots.cards import LETTERS_SET
from partie.games.tennis_mots.moves import Candidate, generate, hand_from_view, table_from_view
from partie.games.tennis_mots.rules import ACCEPT, CHALLENGE, PASS, Net, Shot


@cache
def load_lexicon(path: str | None = None) -> Any:
    """The table's lexicon: the default one or a word list file; read once per process."""
    from partie.games.tennis_mots.lexicon import Lexicon

    return Lexicon.default() if path is None else Lexicon.from_file(path)


def word_is_valid(lexicon: Any, cards: list[list[Any]] | tuple[Any, ...]) -> bool:
    """Would some reading of these laid cards start a French word? Stated joker letters
    count; other jokers are read freely."""
    text = []
    for _c, glyph, letter in cards:
        if glyph in LETTERS_SET or glyph in ("◀", "▶") or not letter or letter == "?":
            text.append(glyph)
        else:
            text.append(letter)
    cards_text = "".join(text)
    if all(ch in LETTERS_SET for ch in cards_text):
        return bool(lexicon.is_prefix(cards_text))
    return lexicon.read(cards_text) is not None


class SimpleBot(Bot):
    """Plays the most valuable shot it finds (AMORTI-level shots when nothing better);
    serves a one-card fault when it cannot serve; otherwise passes, and now and then
    nets away one card with a valid word under the weight."""

    name = "simple"

    def __init__(self, seed: int = 0, *, budget: int = 1500) -> None:
        super().__init__(seed)
        self.budget = budget

    def candidates(self, view: dict[str, Any]) -> list[Candidate]:
        lexicon = load_lexicon(view["options"]["lexicon"])
        return generate(table_from_view(view), hand_from_view(view), lexicon, budget=self.budget)

    def act(self, view: dict[str, Any]) -> Any:
        seat = view["seat"]
        pending = view["pending"]
        if pending is not None:
            lexicon = load_lexicon(view["options"]["lexicon"])
            return ACCEPT if word_is_valid(lexicon, pending["cards"]) else CHALLENGE
        weight = view["weight"]
        serve = view["phase"] == "serve"
        found = self.candidates(view)
        good = [c for c in found if c.value >= weight]
        if good:
            best = max(c.value for c in good)
            return Shot(self.rng.choice([c for c in good if c.value == best]).cards)
        hand = view["hand"] or []
        if serve and not view["last_rally"]:
            # A fault: the cheapest single card (a lone letter always starts a word).
            under = [c for c in found if c.laid == 1 and len(c.cards) == 1 and c.value < weight]
            if under:
                pick = min(under, key=lambda c: (c.value, c.cards[0][0]))
                return Net(pick.cards)
            card = min(hand, key=lambda h: (h["face"] == "◀", h["value"], h["id"]))
            glyph = "◀" if card["face"] == "◀" else card["face"]
            return Net(((card["id"], glyph, ""),))
        if seat is not None and hand and self.rng.random() < 0.3:
            nets = [c for c in found if c.value < weight and c.laid == 1]
            # Rather a NET that builds on the table word than a lone card.
            table_size = len(view["table"])
            nets = [c for c in nets if len(c.cards) > table_size] or nets
            if nets:
                return Net(self.rng.choice(nets).cards)
        return PASS


BOTS: dict[str, type[Bot]] = {"simple": SimpleBot}

__all__ = ["BOTS", "SimpleBot", "load_lexicon", "word_is_valid"]
