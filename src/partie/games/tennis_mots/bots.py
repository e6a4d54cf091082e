"""A simple bot for Tennis de mots: it plays legal shots, never bluffs, and challenges
only words it knows are not French. It sees its seat's view only, and the lexicon the
table uses (public: anyone may look a word up)."""

from __future__ import annotations

from functools import cache
from typing import Any

from partie.core.game import Bot
from partie.games.tennis_mots import shots as names_of
from partie.games.tennis_mots.cards import DOUBLE, LETTERS_SET
from partie.games.tennis_mots.movegen import GeneratedShot, all_shots
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


def fault_cards(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The hand cards a server may fault with alone: worth less than the weight, or a
    double card (it never reads). Whatever the word list, a lone letter is not always
    the start of a word in it, nor always under the weight (``F`` is worth 5)."""
    weight = view["weight"]
    return [h for h in view["hand"] or [] if h["value"] < weight or h["face"] == DOUBLE]


def serve_of_last_resort(view: dict[str, Any], lexicon: Any) -> Any:
    """No fault is possible and the quick search found no serve: the most valuable of
    every legal serve (the exact generator). With no legal serve at all (a tiny word
    list, every card at or above the weight, no double) the cheapest card is laid, and
    the table refuses it: the rules give such a server no move."""
    shots = all_shots(view, lexicon, limit=50)
    if shots:
        return max(shots, key=lambda s: s.value).action
    card = min(view["hand"], key=lambda h: (h["value"], h["id"]))
    return Net(((card["id"], card["face"], ""),))


def fault_with(card: dict[str, Any]) -> Any:
    glyph = DOUBLE if card["face"] == DOUBLE else card["face"]
    return Net(((card["id"], glyph, ""),))


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
            faults = fault_cards(view)
            if not faults:
                return serve_of_last_resort(view, load_lexicon(view["options"]["lexicon"]))
            return fault_with(min(faults, key=lambda h: (h["face"] == DOUBLE, h["value"], h["id"])))
        if seat is not None and hand and self.rng.random() < 0.3:
            nets = [c for c in found if c.value < weight and c.laid == 1]
            # Rather a NET that builds on the table word than a lone card.
            table_size = len(view["table"])
            nets = [c for c in nets if len(c.cards) > table_size] or nets
            if nets:
                return Net(self.rng.choice(nets).cards)
        return PASS


# Stronger bots ---------------------------------------------------------------------
#
# They share one frame (``PlayerBot``): find the legal shots with the move generator,
# keep those the bot's vocabulary knows (when it has one), pick one, else fault on a
# serve or NET/pass in a rally; and answer a pending NET or LIGNE.


def _reading(lexicon: Any, glyphs: str) -> str | None:
    if all(ch in LETTERS_SET for ch in glyphs):
        return glyphs if lexicon.is_prefix(glyphs) else None
    reading = lexicon.read(glyphs)
    return None if reading is None else reading.letters


def budgeted_shots(view: dict[str, Any], lexicon: Any) -> list[GeneratedShot]:
    """Legal shots found by the budgeted search of ``moves.generate`` (at most 300
    shots, 4,000 look-ups), in ``movegen``'s form. Bots use it by default, as the studies
    and figures in the docs were made with it: the exact generator lists *every* shot
    (a median of 1,346 a position, up to 130,000 with two jokers; about 6 ms at the
    median, 150 ms at the 99th percentile, see docs/movegen.md). ``gen=exact`` in a
    bot's name switches to the exact generator."""
    table = table_from_view(view)
    hand = hand_from_view(view)
    weight = view["weight"]
    old = [c for c, _g, _l, _v in table]
    hand_ids = {c for c, _f, _v in hand}
    hand_jokers = {c for c, f, _v in hand if f not in LETTERS_SET}
    out = []
    for cand in generate(table, hand, lexicon, limit=300, budget=4000):
        if cand.value < weight:
            continue
        glyphs = "".join(g for _c, g, _l in cand.cards)
        letters = _reading(lexicon, glyphs)
        if letters is None or len(letters) != len(glyphs):
            continue
        ids = [c for c, _g, _l in cand.cards]
        laid = tuple(c for c in ids if c in hand_ids)
        cards = tuple(
            (c, g, letters[i] if g in ("★", "■", "●") else "")
            for i, (c, g, _l) in enumerate(cand.cards)
        )
        out.append(
            GeneratedShot(
                action=Shot(cards),
                letters=letters,
                value=cand.value,
                names=names_of.names(old, ids, hand_jokers & set(laid), cand.value, weight),
                jokers=tuple(
                    (i, letters[i])
                    for i, (_c, g, _l) in enumerate(cand.cards)
                    if g not in LETTERS_SET
                ),
                laid=laid,
                removed=tuple(c for c in old if c not in ids),
                complete=bool(lexicon.is_word(letters)),
            )
        )
    return out


STRONG_FACES = frozenset("★■●◀")
"""Jokers: worth 0 points, but they fit almost anywhere; a tactician keeps them."""
HARD_FACES = frozenset("JQKWXZYHFV")
"""Letters that fit few words: worth a lot on the table, hard to keep in hand."""
VOWEL_FACES = frozenset("AEIOU●")


class PlayerBot(Bot):
    """The shared frame of ``greedy``, ``tactician`` and the Monte Carlo bot.

    ``vocab``: the N most frequent French words the bot knows (``None``: the whole
    lexicon); it plays only shots whose letters are one of them or the start of one,
    and challenges every NET or LIGNE word it does not know. ``bluff``: how often it
    bluffs a LIGNE instead of passing, when it can lay one (challenges happen).
    ``doubt``: how often a bot with a vocabulary challenges a word it does not know
    (a person does not challenge every word they have not met). ``gen``: ``budgeted``
    (default) or ``exact`` (every legal shot, ``movegen``)."""

    name = "player"

    def __init__(
        self,
        seed: int = 0,
        *,
        vocab: int | None = None,
        bluff: float = 0.0,
        doubt: float = 0.25,
        gen: str = "budgeted",
    ) -> None:
        super().__init__(seed)
        self.doubt = doubt
        self.exact = gen == "exact"
        self.vocab_size = vocab
        self.vocab = None
        if vocab is not None:
            from partie.games.tennis_mots.vocab import frequent_words

            self.vocab = frequent_words(vocab)
        self.bluff = bluff

    # -- what the bot knows --

    def lexicon(self, view: dict[str, Any]) -> Any:
        return load_lexicon(view["options"]["lexicon"])

    def knows(self, letters: str) -> bool:
        return self.vocab is None or self.vocab.knows(letters)

    def shots(self, view: dict[str, Any]) -> list[Any]:
        """Legal shots at or above the weight that the bot knows."""
        weight = view["weight"]
        lexicon = self.lexicon(view)
        found = all_shots(view, lexicon) if self.exact else budgeted_shots(view, lexicon)
        return [s for s in found if s.value >= weight and self.knows(s.letters)]

    # -- acting --

    def act(self, view: dict[str, Any]) -> Any:
        if view["pending"] is not None:
            return CHALLENGE if self.doubts(view) else ACCEPT
        found = self.shots(view)
        if found:
            return self.choose(view, found).action
        if view["phase"] == "serve" and not view["last_rally"]:
            return self.fault(view)
        return self.no_return(view)

    def doubts(self, view: dict[str, Any]) -> bool:
        """Challenge the pending word? With the whole lexicon the bot checks it exactly;
        with a vocabulary it challenges what it does not know."""
        cards = view["pending"]["cards"]
        if self.vocab is None:
            return not word_is_valid(self.lexicon(view), cards)
        letters = "".join(letter for _c, _g, letter in cards)
        if "?" in letters:  # no reading at all: anyone sees it is not French
            return True
        return not self.vocab.knows(letters) and self.rng.random() < self.doubt

    def choose(self, view: dict[str, Any], found: list[Any]) -> Any:
        best = max(s.value for s in found)
        return self.rng.choice([s for s in found if s.value == best])

    def fault(self, view: dict[str, Any]) -> Any:
        """No serve reaches the weight: fault with the card the bot minds least."""
        hand = view["hand"]
        faults = fault_cards(view)
        if not faults:  # its vocabulary knows no serve and every card reaches the weight
            return serve_of_last_resort(view, self.lexicon(view))
        return fault_with(min(faults, key=lambda h: (self.keep_score(h, hand), h["id"])))

    def keep_score(self, card: dict[str, Any], hand: list[dict[str, Any]]) -> float:
        """How much the bot wants to keep a card (low: first to go)."""
        return float(card["value"])

    def no_return(self, view: dict[str, Any]) -> Any:
        bluffed = self.try_bluff(view)
        return bluffed if bluffed is not None else PASS

    def try_bluff(self, view: dict[str, Any]) -> Any:
        """Now and then, lay the table word with hand cards on the right as a LIGNE
        (accepted unchecked, but an opponent may challenge it)."""
        if not self.bluff or not view["options"]["bluff"] or view["phase"] != "rally":
            return None
        if self.rng.random() >= self.bluff:
            return None
        weight = max(view["weight"], LIGNE_POINTS)
        table = [(t["id"], t["glyph"], "") for t in view["table"]]
        value = view["table_value"]
        added = []
        for h in sorted(view["hand"] or [], key=lambda h: -h["value"]):
            if h["face"] in LETTERS_SET:
                added.append((h["id"], h["face"], ""))
                value += h["value"]
                if value >= weight:
                    return Shot((*table, *added))
        return None


class GreedyBot(PlayerBot):
    """Always the most valuable shot it finds; faults with its cheapest card; passes
    when it cannot return."""

    name = "greedy"


class TacticianBot(PlayerBot):
    """Plays like a careful player (choices measured against ``greedy``, see
    ``docs/tennis-mots-balance.md``):

    - **shots** (serves and returns): a value near the best it finds, but as many cards
      laid as possible: the hand refills to 7, so cards laid are cards renewed, and a
      long word leaves the opponent fewer ways to go on. Measured: returning at the
      lowest value, or holding jokers back, loses to ``greedy``; laying more wins;
    - **faults**: with the card it minds least (never a joker);
    - **NET**: when it cannot return and its hand is badly balanced (too many or too few
      vowels), it nets away one cheap surplus card instead of a plain pass;
    - **challenges**: see ``PlayerBot.doubts``.
    """

    name = "tactician"

    laid_bonus = 0.9
    """Points a card laid is worth to the tactician on top of its value."""

    def keep_score(self, card: dict[str, Any], hand: list[dict[str, Any]]) -> float:
        if card["face"] in STRONG_FACES or card["face"] == "▶":
            return 20.0
        return float(card["value"])

    def choose(self, view: dict[str, Any], found: list[Any]) -> Any:
        return max(found, key=lambda s: (s.value + self.laid_bonus * len(s.laid), s.value))

    def no_return(self, view: dict[str, Any]) -> Any:
        bluffed = self.try_bluff(view)
        if bluffed is not None:
            return bluffed
        net = self.discard(view)
        return net if net is not None else PASS

    def discard(self, view: dict[str, Any]) -> Any:
        """A NET of one cheap surplus card when the hand's vowels are out of balance
        and the draw pile can give a card back."""
        hand = view["hand"] or []
        if view["draw_count"] < 1 or len(hand) < 2:
            return None
        vowels = [h for h in hand if h["face"] in VOWEL_FACES]
        consonants = [h for h in hand if h["face"] in LETTERS_SET and h["face"] not in VOWEL_FACES]
        if len(vowels) >= 5:
            pool = [h for h in vowels if h["face"] != "●"]
        elif len(vowels) <= 1:
            pool = consonants
        else:
            return None
        # A NET stays under the weight, and without bluffing its letter must start a word.
        lexicon = self.lexicon(view)
        pool = [
            h
            for h in pool
            if h["value"] <= 3
            and h["value"] < view["weight"]
            and (view["options"]["bluff"] or lexicon.is_prefix(h["face"]))
        ]
        if not pool:
            return None
        card = min(pool, key=lambda h: (h["value"], h["id"]))
        return Net(((card["id"], card["face"], ""),))


LIGNE_POINTS = 13


BOTS: dict[str, type[Bot]] = {
    "simple": SimpleBot,
    "greedy": GreedyBot,
    "tactician": TacticianBot,
}
"""Bot names; ``bot_specs`` adds ``mc`` (the Monte Carlo bot, built on these)."""

__all__ = [
    "BOTS",
    "GreedyBot",
    "PlayerBot",
    "SimpleBot",
    "TacticianBot",
    "budgeted_shots",
    "load_lexicon",
    "word_is_valid",
]
