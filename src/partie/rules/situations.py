"""Reads the situation a rule question tells with numbers, and decides with the game's
own rules which rule applies.

A bag of words cannot read "la pile qui descend est à 52 et j'ai 62, je peux ?": the
two numbers only mean something once their roles are known (a pile's top and its
direction, a card in hand), and the rule that answers depends on the game's logic (62
on a falling pile at 52 is the backwards trick, 63 would be refused). This module finds
those roles in the question's folded words, asks the engines' rule helpers
(``the_game.rules.playable``, ``core.tennis.Score``, Tennis de mots' weights) what the
situation is, and names the passage of the rules that states that rule, with a worked
example that shows it and one line saying why. The answerer puts that passage first
(``answerer.Answerer.ask``); a question without such a situation gets ``None`` and is
left to the ranking alone. Pure: no index, no I/O besides the rules text it names.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import pairwise

from partie.core.tennis import QUIZZ, Score, TennisFormat
from partie.games.tennis_mots.cards import ANY, CONSONANT, JOKER_LETTERS, VOWEL, load_deck
from partie.games.tennis_mots.lexicon import Lexicon
from partie.games.tennis_mots.rules import HAND_SIZE, RETURN_MARGIN, TennisMotsOptions
from partie.games.tennis_mots.shots import (
    COUP_DROIT,
    COUP_DROIT_LIFTE,
    LIGNE_POINTS,
    LOB,
    REVERS,
    REVERS_LIFTE,
    shape,
)
from partie.games.tennis_quizz.game import TennisQuizz
from partie.games.the_game.rules import (
    ASCENDING,
    CARDS,
    EXCELLENT_BELOW,
    HAND_SIZES,
    TheGameOptions,
    can_play_sequence,
    is_trick,
    playable,
)
from partie.games.the_game.rules import TRICK as TRICK_GAP
from partie.rules.document import load_rules
from partie.rules.faq import find_passage
from partie.rules.normalise import fold, words_of


@dataclass(frozen=True)
class Reading:
    """What a question's numbers tell: the ``rule`` that applies (a short name), the
    passage that states it, a worked example that shows it (or None), and why, in
    French and English."""

    rule: str
    passage: str
    example: str | None
    why: tuple[str, str]

    def to_json(self, lang: str = "fr") -> dict[str, str | None]:
        return {
            "rule": self.rule,
            "passage": self.passage,
            "example": self.example,
            "why": self.why[0 if lang == "fr" else 1],
        }


@cache
def _passage(game: str, section: str, quote: str) -> str:
    """The id of the passage of ``section`` quoting ``quote`` (ids are the same in both
    languages); a quote that names no single passage fails loudly."""
    return find_passage(load_rules(game, "fr"), section, quote)


def _reading(
    game: str,
    rule: str,
    where: tuple[str, str],
    example: tuple[str, str] | None,
    fr: str,
    en: str,
) -> Reading:
    shown = _passage(game, *example) if example else None
    return Reading(rule, _passage(game, *where), shown, (fr, en))


def read(
    game: str, question: str, fix: Callable[[list[str]], list[str]] | None = None
) -> Reading | None:
    """The rule the situation told in ``question`` falls under, or None when the
    question tells no situation this reader understands. ``fix`` puts the folded words
    right first (the answerer's typos, ``spelling.Speller.correct``): "pile qui
    desc end" is the pile that goes down."""
    if game == "tennis-mots":
        told = _mots_table_words(question) or _word_validity(question) or _served(question)
        if told is not None:
            return told
    reader = READERS.get(game)
    if reader is None:
        return None
    words = _ranked(question)
    return reader(fix(words) if fix is not None else words)


RANK = "rang"
"""The word that marks an ordinal among the words read ("2e set" → "2 rang set")."""

_ORDINAL = re.compile(
    r"\b(?:(\d+) ?(?:e|eme|er|ere|re|nd|nde|th|st|rd)|(premier|premiere|first|second|seconde"
    r"|deuxieme|troisieme|third|quatrieme|cinquieme|sixieme|septieme))\b"
)
_ORDINAL_WORDS = {
    "premier": 1, "premiere": 1, "first": 1, "second": 2, "seconde": 2, "deuxieme": 2,
    "troisieme": 3, "third": 3, "quatrieme": 4, "cinquieme": 5, "sixieme": 6, "septieme": 7,
}  # fmt: skip


_NOTHING = re.compile(r"\s(?:a|to) (?:rien|zero|love)\b")
"""A score's nil said as a word: "2 sets à rien", "two sets to love"."""


def _ranked(question: str) -> list[str]:
    """The question's folded words, an ordinal kept apart from the numbers it sits
    next to: "le 2e set 6-3" reads "2 rang set 6 3", so no score "2-6" is made of it."""

    def mark(m: re.Match[str]) -> str:
        return f" {m.group(1) or _ORDINAL_WORDS[m.group(2)]} {RANK} "

    text = _NOTHING.sub(" a 0", _ORDINAL.sub(mark, fold(question)))
    return words_of(text)


def _numbers(words: Sequence[str], ranks: bool = False) -> list[tuple[int, int]]:
    """(position, value) of each number among the words; an ordinal ("2e", "premier")
    only when ``ranks``."""
    return [
        (i, int(w))
        for i, w in enumerate(words)
        if w.isdigit() and len(w) <= 3 and (ranks or words[i + 1 : i + 2] != ["rang"])
    ]


def _has(words: Sequence[str], *stems: str) -> bool:
    """Whether a word starts with one of ``stems``."""
    return any(w.startswith(stems) for w in words)


_DRAW_EMPTY = re.compile(
    r"\b(?:pioche (?:est |etait )?(?:vide|finie|terminee|epuisee)"
    r"|plus (?:de|rien dans la) pioche|pioche (?:n )?(?:a|y a) plus"
    r"|(?:draw pile|deck) (?:is )?(?:empty|gone)|empty (?:draw pile|deck)"
    r"|no more cards? (?:in|to draw|on) (?:the )?(?:draw|deck|pile)?)"
)
_HAND_EMPTY = re.compile(
    r"\b(?:main (?:est )?vide|plus rien (?:en|dans (?:la|ma|sa)) main|aucune carte en main"
    r"|plus aucune carte|(?:ai|as|a|avons|ont) plus (?:une seule|une|de) cartes?\b(?! a poser)"
    r"|(?:no|0) cards? (?:left )?in (?:my|his|her|their|a) hand|empty hand|out of cards)"
)


def _both_empty(words: Sequence[str]) -> bool:
    """Whether the question tells that the draw pile is empty *and* a hand is (not
    "plus de cartes à poser"): both games have a rule for that moment alone (The Game
    skips that player; in Tennis de mots the rally under way is the last)."""
    text = " ".join(words)
    return bool(_DRAW_EMPTY.search(text) and _HAND_EMPTY.search(text))


# The Game --------------------------------------------------------------------------

_UP = ("montant", "monte", "ascend", "croissant", "rising", "ascending", "up", "increas")
_DOWN = ("descend", "decroissant", "falling", "down", "decreas")
_PILE_CUES = frozenset(
    (
        *("pile", "piles", "dessus", "sur", "onto", "top", "montante", "montantes"),
        *("descendante", "descendantes", "monte", "descend", "montent", "descendent"),
    )
)
_CARD_CUES = frozenset(
    [
        "ai",
        "reste",
        "restent",
        "left",
        "pose",
        "poser",
        "posee",
        "pos",
        "mettre",
        "mets",
        "met",
        "mis",
        "jouer",
        "joue",
        "jou",
        "mon",
        "ma",
        "carte",
        "main",
        "have",
        "play",
        "put",
        "lay",
        "laid",
        "my",
    ]
)
_STUCK = (
    "perdu", "bloque", "coince", "fini", "fin", "termine", "arrete", "rien", "stuck",
    "lost", "over", "nulle", "aucun", "done", "finish", "block", "end",
)  # fmt: skip
_PLAYERS_AT = frozenset({"a", "est", "sommes", "are", "with"})


@dataclass
class _Number:
    value: int
    role: str  # "pile" or "card" or "?"
    up: bool | None  # the pile's direction when the question names it


def _direction(words: Sequence[str], at: int) -> bool | None:
    """The direction named nearest a pile's number: back to the previous number (five
    words at most), else the three words after it ("pile à 80 qui descend")."""
    before = _direction_in(words, range(at - 1, max(-1, at - 6), -1))
    return (
        before
        if before is not None
        else _direction_in(words, range(at + 1, min(len(words), at + 4)))
    )


def _direction_in(words: Sequence[str], places: range) -> bool | None:
    """The first direction word at ``places``, stopping at another number."""
    for j in places:
        if words[j].isdigit():
            break
        if words[j].startswith(_UP):
            return True
        if words[j].startswith(_DOWN):
            return False
    return None


def _roles(words: Sequence[str]) -> list[_Number]:
    """Each card-sized number of the question with its role: a pile's top (with its
    direction when named) or a card; a number after another with no cue of its own
    ("les montantes sont à 97 et 99", "j'ai 85 88") shares the first one's role."""
    out: list[_Number] = []
    found = _numbers(words)
    for k, (i, n) in enumerate(found):
        if n in (1, 100):
            out.append(_Number(n, "pile", n == 1))
            continue
        after = words[i + 1] if i + 1 < len(words) else ""
        counted = ("carte", "card", "joueur", "player", "pile", "tour", "turn")
        if not 2 <= n <= 99 or after.startswith(counted):
            out.append(_Number(n, "?", None))
            continue
        role = "?"
        after = words[i + 1 : i + 3]
        english_on = after[:1] == ["on"] and (after[1:] in (["the"], ["a"]) or after[-1].isdigit())
        there = words[max(0, i - 2) : i] == ["y", "a"]  # "il y a 72 sur la descendante"
        if there and _has(after, "sur", "on"):
            role = "pile"
        elif after[:1] in (["sur"], ["onto"]) or english_on:
            role = "card"  # "45 sur 55", "play 30 on the 40" (not French "on est")
        else:
            for j in range(i - 1, max(-1, i - 5), -1):
                w = words[j]
                if w.isdigit():
                    if out and out[-1].role != "?" and k:
                        role = out[-1].role
                    break
                if w in _PILE_CUES or w.startswith(_UP) or w.startswith(_DOWN):
                    role = "pile"
                    break
                if w in _CARD_CUES:
                    role = "card"
                    break
        up = None
        if role == "pile":
            gap = words[found[k - 1][0] + 1 : i] if k else ["?"]
            listed = out and out[-1].role == "pile" and set(gap) <= {"et", "and", "ou", "or"}
            up = out[-1].up if listed else _direction(words, i)
        out.append(_Number(n, role, up))
    return out


_SPEAK_WORDS = frozenset(
    ("dire", "dis", "dit", "chat", "message", "say", "says", "tell", "said", "told", "write")
)
_SPEAK_STEMS = ("annonc", "parl", "ecri")


def _speaks(words: Sequence[str]) -> bool:
    """Whether one of ``words`` is a verb of telling ("dire", not "direct")."""
    return any(w in _SPEAK_WORDS or w.startswith(_SPEAK_STEMS) for w in words)


_ONLINE = ("chat", "message", "ecri", "ligne", "online", "write", "app", "ordi")
_LEFT = ("reste", "restant", "restent", "left", "remain")
_JUDGE = ("bien", "bon", "score", "resultat", "excellent", "nul", "good", "result")
_DRAW_AFTER = ("pioch", "repioch", "repren", "draw", "take", "pick")
_ENOUGH = ("suffi", "arret", "minimum", "oblig", "assez", "enough", "stop")


def _the_game(words: Sequence[str]) -> Reading | None:
    counted = _the_game_counts(words)
    if counted is not None:
        return counted
    told = _the_game_talk(words) or _markers(words)
    if told is not None:
        return told
    if _both_empty(words):
        return _reading(  # "pioche vide et j'ai plus une seule carte, je fais quoi ?"
            "the-game",
            "both-empty",
            ("tour", "simplement sauté"),
            ("exemples", "il est sauté"),
            "Pioche vide et main vide : ce joueur est sauté, les autres continuent.",
            "Draw pile and hand empty: that player is skipped, the others go on.",
        )
    if _ONE_BY_ONE.search(" ".join(words)) and _has(words, "pos", "jou", "met", "play", "lay"):
        return _reading(  # "on pose toutes nos cartes d'un coup ou une par une ?"
            "the-game",
            "one-by-one",
            ("tour", "tu poses des cartes de ta main une par une"),
            None,
            "Les cartes se posent une par une, chacune sur la pile de son choix.",
            "Cards are laid one at a time, each on the pile of one's choice.",
        )
    numbers = [n for n in _roles(words) if n.role != "?" or 2 <= n.value <= 99]
    piles = [n for n in numbers if n.role == "pile"]
    cards = [n for n in numbers if n.role == "card" and 2 <= n.value <= 99]
    if len(piles) >= 2 and cards and _has(words, *_STUCK):
        return _stuck(words, piles, cards)
    if len(piles) == 1 and cards and not _elsewhere(words):
        return _move(piles[0], [c.value for c in cards])
    return None


def _elsewhere(words: Sequence[str]) -> bool:
    """Whether a move only sets the scene of a question about another rule: drawing
    after it ("je pose 48, puis je pioche combien ?") or telling it to others."""
    drawing = _has(words, "repioch", "piocher", "reprend", "draw") or any(
        a in ("je", "on", "tu") and b.startswith("pioch") for a, b in pairwise(words)
    )
    return drawing or _speaks(words)


_ORIGIN = frozenset(("pile", "piles", "tas", "depuis", "part", "partant", "from", "since"))
"""Words before a 1 or a 100 that make it a pile's start, not a card held: "la pile
du 100", "le tas qui descend depuis 100"."""
_HELD = ("ai", "avoir", "main", "garde", "tire", "pioche", "have", "hand", "drew", "draw")


def _markers(words: Sequence[str]) -> Reading | None:
    """A 1 or a 100 held in hand ("on peut avoir le 100 en main ?"): they are pile
    markers, not among the engine's ``CARDS``."""
    for i, n in _numbers(words):
        if n in CARDS or not 0 <= n <= 101:
            continue
        if i + 1 < len(words) and words[i + 1].startswith(("carte", "card")):
            continue  # "1 carte suffit ?": a count of cards, not the pile's 1
        before = words[max(0, i - 3) : i]
        if _ORIGIN & set(before) or not _has(words[max(0, i - 3) : i + 4], *_HELD):
            continue
        return _reading(
            "the-game",
            "markers",
            ("materiel", "repères de pile"),
            None,
            f"Le {n} n'est pas une carte : les cartes vont de 2 à 99, le 1 et le 100 marquent"
            " les piles.",
            f"{n} is no card: cards run from 2 to 99, 1 and 100 mark the piles.",
        )
    return None


def _the_game_talk(words: Sequence[str]) -> Reading | None:
    """A card's number said aloud or typed ("je peux dire que j'ai le 99 ?"): the
    rule against giving numbers, or the online chat's refusal of them. A pile named
    alone ("pour qu'elle garde la pile") is what the telling is for, not a move: only
    a direction or laying makes the number a move's."""
    said = [
        n
        for i, n in _numbers(words)
        if 2 <= n <= 99 and _speaks(words[max(0, i - 9) : i])
        and words[i - 1] in ("le", "la", "ai", "mon", "ma", "carte", "the", "my", "dire", "ecrire")
    ]  # fmt: skip
    if not said or _has(words, "montant", "descend", "pose", "ecart", "retro", "arrier"):
        return None
    if _has(words, *_ONLINE):
        return _reading(
            "the-game",
            "chat-number",
            ("communication", "Notre choix pour le jeu en ligne"),
            None,
            f"Écrire {said[0]} dans la discussion : le message est refusé (un nombre).",
            f"Typing {said[0]} in the chat: the message is refused (a number).",
        )
    return _reading(
        "the-game",
        "no-numbers",
        ("communication", "Il est interdit de donner des nombres"),
        None,
        f"Dire {said[0]} : interdit, aucune valeur de carte ne se dit.",
        f"Saying {said[0]}: not allowed, no card value may be told.",
    )


def _move(pile: _Number, cards: list[int]) -> Reading:
    """A card (or a run of cards) laid on one pile: plain move, backwards trick, or
    refused, as the engine's ``playable`` and ``is_trick`` say."""
    top, card, up = pile.value, cards[0], pile.up
    if up is None:  # the question does not say: the card's way tells the pile it needs
        if abs(card - top) == TRICK_GAP:
            return _trick(top, card, card < top)
        up = card > top
    if is_trick(card, top, up):
        run = [top, *cards]
        chain = len(cards) > 1 and all(is_trick(b, a, up) for a, b in pairwise(run))
        return _trick(top, card, up, chain)
    if playable(card, top, up):
        return _plain(top, card, up)
    if abs(card - top) in (TRICK_GAP - 1, TRICK_GAP + 1, 2 * TRICK_GAP):
        return _reading(
            "the-game",
            "trick-refused",
            ("tour", "Le rétro (la marche arrière)"),
            ("exemples", "Pile montante à 47" if up else "Pile descendante à 65"),
            f"{card} sur {top} : le rétro exige un écart de 10 tout rond, refusé.",
            f"{card} on {top}: the backwards trick needs a gap of exactly 10, refused.",
        )
    return _plain(top, card, up, legal=False)


def _trick(top: int, card: int, up: bool, chain: bool = False) -> Reading:
    way = "montante" if up else "descendante"
    return _reading(
        "the-game",
        "trick-chain" if chain else "trick",
        ("tour", "Le rétro (la marche arrière)"),
        ("exemples", "Rétro en chaîne")
        if chain
        else ("exemples", "Pile montante à 47" if up else "Pile descendante à 65"),
        f"{card} sur une pile {way} à {top} : exactement 10 en arrière, c'est le rétro.",
        f"{card} on {'an ascending' if up else 'a descending'} pile at {top}: exactly 10"
        " back, the backwards trick.",
    )


def _plain(top: int, card: int, up: bool, legal: bool = True) -> Reading:
    fr_way, en_way = ("montante", "ascending") if up else ("descendante", "descending")
    verdict = ("permis", "allowed") if legal else ("refusé", "refused")
    return _reading(
        "the-game",
        ("up" if up else "down") + ("" if legal else "-refused"),
        ("tour", f"Sur une pile {fr_way}, tu poses"),
        ("exemples", "Pile montante à 47" if up else "Pile descendante à 65"),
        f"{card} sur une pile {fr_way} à {top} : {verdict[0]}.",
        f"{card} on {'an' if up else 'a'} {en_way} pile at {top}: {verdict[1]}.",
    )


def _stuck(words: Sequence[str], piles: list[_Number], cards: list[_Number]) -> Reading:
    """A hand and the piles, and the question asks whether the game is lost: the engine
    says whether the minimum can still be laid."""
    empty = _has(words, "vide", "empty") or ("plus" in words and _has(words, "pioch"))
    need = 1 if empty else TheGameOptions().min_cards
    up = [p.value for p in piles if p.up is not False][:2]
    down = [p.value for p in piles if p.up is False][:2]
    tops = [*up, *[1] * (2 - len(up)), *down, *[100] * (2 - len(down))]
    assert len(tops) == len(ASCENDING)
    hand = sorted(c.value for c in cards)
    if can_play_sequence(hand, tops, need):
        fr = f"Avec {hand} sur {tops}, {need} carte(s) se posent encore : la partie continue."
        en = f"With {hand} on {tops}, {need} card(s) can still be laid: the game goes on."
    else:
        fr = f"Avec {hand} sur {tops}, impossible de poser {need} carte(s) : la partie s'arrête."
        en = f"With {hand} on {tops}, {need} card(s) cannot be laid: the game ends."
    return _reading(
        "the-game",
        "stuck",
        ("fin", "La partie se termine dès que"),
        ("exemples", "Fin de partie"),
        fr,
        en,
    )


_ALONE = (["solo"], ["tout", "seul"], ["joue", "seul"], ["jouer", "seul"], ["alone"])


def _players(words: Sequence[str], loose: bool = False) -> int | None:
    """How many play, when the question says it: "4 joueurs", "on est 4", "nous sommes
    3", "jouer à 5", "we are 2" (not "la pile est à 40"); ``loose`` also reads "à 3",
    "en solo", "tout seul" (for a question with no pile, whose "à 40" it could be)."""
    seq = list(words)
    if loose and any(seq[i : i + len(a)] == a for a in _ALONE for i in range(len(seq))):
        return 1
    if (
        loose
        and any(  # "je joue souvent seule le soir"
            w.startswith(("jou", "play")) and {"seul", "seule", "alone"} & set(seq[i + 1 : i + 3])
            for i, w in enumerate(seq)
        )
    ):
        return 1
    for i, n in _numbers(words):
        after = words[i + 1] if i + 1 < len(words) else ""
        before = seq[max(0, i - 2) : i]
        if after.startswith(("joueur", "player", "personne", "people")):
            return n
        if n > 12 or after.startswith(("carte", "card", "point", "set", "jeu", "contre")):
            continue
        if before in (["on", "est"], ["nous", "sommes"], ["we", "are"]):
            return n
        if (
            len(before) == 2
            and before[0].startswith(("jou", "play"))
            and before[1] in ("a", "with")
        ):
            return n
        if loose and before[-1:] == ["a"]:
            return n
    return None


_ONLY = frozenset(("seule", "seul", "single"))
_ONE_BY_ONE = re.compile(r"\b(?:une par une|une a une|one by one|one at a time)\b")


def _counts(words: Sequence[str]) -> list[tuple[int, int]]:
    """The numbers of the words, and "une (seule) carte" as a count of 1: "j'ai posé
    une seule carte, je peux m'arrêter ?" counts the cards laid."""
    ones = [
        (i, 1)
        for i, w in enumerate(words)
        if w in ("une", "one", "a")
        and words[i - 1 : i] != ["qu"]  # "je ne peux poser qu'une carte": stuck, not a count
        and next((v for v in words[i + 1 : i + 3] if v not in _ONLY), "").startswith(
            ("carte", "card")
        )
    ]
    return sorted([*_numbers(words), *ones])


_FEWER = re.compile(r"\b(?:carte de moins|cartes de moins|une de moins|fewer|one card less)\b")
"""The variant that deals one card fewer, named."""


def _asks_hand(words: Sequence[str]) -> bool:
    """Whether the question asks how many cards a hand holds."""
    asks = ("combien", "distribu", "recoi", "recev", "donn", "chacun", "prend", "many", "deal")
    return _has(words, "carte", "card") and _has(words, *asks)


def _the_game_counts(words: Sequence[str]) -> Reading | None:
    """Counts rather than cards: players asking their hand size or whether they may
    play at all. (Cards laid in a turn were read too, and dropped: "j'ai posé 3 cartes"
    asks about the draw as often as about the minimum.)"""
    players = _players(words, loose=True)
    fewer = _FEWER.search(" ".join(words))
    if players in HAND_SIZES and fewer and _asks_hand(words) and not _has(words, "pioch", "pile"):
        hand = TheGameOptions(players=players, fewer_cards=True).hand_size
        return _reading(
            "the-game",
            "hand-size-fewer",
            ("variantes", "Plus dur encore"),
            None,
            f"Variante une carte de moins, à {players} joueur(s) : {hand} cartes en main.",
            f"Fewer-cards variant, {players} player(s): {hand} cards in hand.",
        )
    if players is not None and not _has(words, "pioch", "pile", "moins", "fewer", "variant"):
        if players > max(HAND_SIZES) or players < 1:
            return _reading(
                "the-game",
                "players",
                ("mise-en-place", "On joue de 1 à 5 joueurs"),
                None,
                f"{players} joueurs : on joue de 1 à 5.",
                f"{players} players: the game is for 1 to 5.",
            )
        if _asks_hand(words):
            hand = HAND_SIZES[players]
            return _reading(
                "the-game",
                "hand-size",
                ("mise-en-place", "Nombre de cartes en main"),
                None,
                f"À {players} joueur(s), chacun a {hand} cartes en main.",
                f"With {players} player(s), each holds {hand} cards.",
            )
    for i, n in _counts(words):
        after = next((w for w in words[i + 1 : i + 3] if w not in _ONLY), "")
        if not after.startswith(("carte", "card")) or n > 98:
            continue
        if _has(words, *_LEFT, "fini", "fin") and _has(words, *_JUDGE):
            verdict = (
                ("victoire totale", "a total win")
                if n == 0
                else ("excellent", "excellent")
                if n < EXCELLENT_BELOW
                else ("plus il est bas, mieux c'est", "the lower the better")
            )
            return _reading(
                "the-game",
                "score",
                ("fin", "Le score, c'est le nombre de cartes non posées"),
                None,
                f"{n} carte(s) non posée(s) : score {n}, {verdict[0]}.",
                f"{n} card(s) not laid: score {n}, {verdict[1]}.",
            )
        laid = any(w.startswith(("pos", "jou", "mis", "mett", "play", "lay", "laid", "put"))
                   for w in words[max(0, i - 3) : i])  # fmt: skip
        if not laid or n > 8 or _has(words, "pile", "same"):
            continue
        empty = _has(words, "vide", "empty") or ("plus" in words and _has(words, "pioch"))
        need = 1 if empty else TheGameOptions(expert=_has(words, "expert")).min_cards
        if _has(words[i:], *_DRAW_AFTER) and not _has(words, *_ENOUGH) and not empty:
            return _reading(
                "the-game",
                "draw",
                ("tour", "Quand tu as fini de poser"),
                None,
                f"{n} carte(s) posée(s) : tu en pioches {n}, tant que la pioche le permet.",
                f"{n} card(s) laid: draw {n}, as long as the deck lasts.",
            )
        more = n > need and _has(words, "peu", "can", "droit", "permi", "allowed")
        if _ONE_BY_ONE.search(" ".join(words)):
            continue  # "2 cartes en même temps ou une par une ?": how to lay, not how many
        if _has(words, *_ENOUGH, "doi", "faut", "must") or more:
            where = ("variantes", "Mode expert") if _has(words, "expert") else ("tour", "Minimum")
            enough = n >= need
            return _reading(
                "the-game",
                "minimum",
                where,
                None,
                f"{n} carte(s), minimum {need}"
                + (" (pioche vide)" if empty else " tant qu'il reste de la pioche (1 ensuite)")
                + (" : c'est assez." if enough else " : pas assez."),
                f"{n} card(s), minimum {need}"
                + (" (empty deck)" if empty else " while the deck lasts (1 after)")
                + (": enough." if enough else ": not enough."),
            )
    return None


# Tennis Quizz ------------------------------------------------------------------------

_POINTS = frozenset({0, 15, 30, 40})
_LEVEL = frozenset({"partout", "all", "chacun", "each", "egalite"})
_UNITS = {"set": "sets", "sets": "sets", "jeu": "games", "jeux": "games", "game": "games"}
_UNITS |= {"games": "games", "point": "points", "points": "points"}
_BETWEEN = frozenset({"a", "to", "pour"})


def _pairs(words: Sequence[str]) -> list[tuple[int, int, str | None]]:
    """Scores told as two numbers ("40-30", "5 à 3", "2 sets à 0") or one and a word
    ("40 partout", "un set partout"), with the unit named next to them."""
    seq = ["1" if w in ("un", "one") and i + 1 < len(words) and words[i + 1] in _UNITS
           else w for i, w in enumerate(words)]  # fmt: skip
    out = []
    i = 0
    while i < len(seq):
        if not (seq[i].isdigit() and len(seq[i]) <= 2):
            i += 1
            continue
        run = i
        while run + 1 < len(seq) and seq[run + 1].isdigit() and int(seq[run + 1]) > int(seq[run]):
            run += 1
        if run - i >= 2:  # "le tableau avec 0 15 30 40": the scale of points, not a score
            i = run + 1
            continue
        a, unit, j, joined = int(seq[i]), None, i + 1, True
        while j < len(seq) and j <= i + 3 and (seq[j] in _UNITS or seq[j] in _BETWEEN):
            unit = _UNITS.get(seq[j], unit)
            joined = seq[j] in _BETWEEN  # "2 sets à 0", not "1er set 6-3"
            j += 1
        if j < len(seq) and seq[j].isdigit() and len(seq[j]) <= 2 and joined:
            b = int(seq[j])
            if j + 1 < len(seq) and seq[j + 1] in _UNITS:
                unit = unit or _UNITS[seq[j + 1]]
            out.append((a, b, unit))
            i = j + 1
            continue
        if j < len(seq) and seq[j] in _LEVEL:
            out.append((a, a, unit))
        i = j
    return out


_WHO = ("sert", "serv", "repond", "pose", "answer", "ask")


def _quizz(words: Sequence[str]) -> Reading | None:
    if ("qui" in words or "who" in words) and _has(words, *_WHO):
        return None  # "à 40-30 en double, qui répond ?": the score only sets the scene
    pairs = [(a, b, _unit(a, b, unit)) for a, b, unit in _pairs(words)]
    finished = [(a, b) for a, b, unit in pairs if unit == "games" and _set_over(a, b, QUIZZ)]
    if len(finished) >= 2:  # "6-3 pour nous, 6-4 pour eux": sets won, the match's count
        won = sum(a > b for a, b in finished)
        return _quizz_sets(won, len(finished) - won)
    side = _side_size(words)
    if side is not None:
        return side
    numbered = _quizz_question_number(words)
    if numbered is not None:  # "la 7e question lue, toujours 30-40": the score is the scene
        return numbered
    for a, b, unit in reversed(pairs):  # the last score told is the current one
        if unit == "points" and {a, b} <= _POINTS:
            return _quizz_points(a, b)
        if unit == "sets" and max(a, b) <= 2:
            return _quizz_sets(a, b)
        if unit == "games" and max(a, b) <= 7:
            return _quizz_games(words, a, b)
    return _quizz_out_of_order(words)


_SOONER = ("avant", "before", "sauter", "saute", "skip", "commenc", "start", "abord", "first")


def _quizz_out_of_order(words: Sequence[str]) -> Reading | None:
    """A card's question asked before an earlier one ("la question 4 avant la 1",
    "commencer par la 5"): the card's order, unless the tactical variant is named."""
    found = [n for i, n in _numbers(words, ranks=True) if 1 <= n <= 7]
    if not (_has(words, "question") and _has(words, *_SOONER) and found):
        return None
    if len(found) >= 2 and found[0] <= found[1]:
        return None  # "la 1 avant la 4" is the card's own order
    if len(found) == 1 and found[0] == 1:
        return None
    if _has(words, "tactique", "tactic"):
        return _reading(
            "tennis-quizz",
            "tactical-order",
            ("variantes", "Variante « tactique »"),
            None,
            "Variante tactique : le serveur choisit l'ordre des questions de sa carte.",
            "Tactical variant: the server picks the order of the card's questions.",
        )
    return _reading(
        "tennis-quizz",
        "card-order",
        ("questions", "dans l'ordre de la carte"),
        None,
        f"La question {found[0]} avant son tour : non, les questions se posent dans l'ordre"
        " de la carte (sauf en variante tactique).",
        f"Question {found[0]} out of turn: no, questions go in the card's order (except in"
        " the tactical variant).",
    )


_SIDES = ("equipe", "camp", "team")


def _side_size(words: Sequence[str]) -> Reading | None:
    """Players per side ("équipes de 12", "3 contre 3", "4 par équipe"), when the
    question asks whether it may be played (not who answers or serves)."""
    if _has(words, "repond", "sert", "serv", "qui", "answer"):
        return None
    most = TennisQuizz.max_players // 2
    for i, n in _numbers(words):
        before, after = words[max(0, i - 2) : i], words[i + 1 : i + 3]
        team = before and before[-1] == "de" and _has(before, "equipe", "camp", "team")
        team = team or after[:1] in (["contre"], ["par"], ["against"], ["per"])
        if team and n >= 1:
            ok = n <= most
            return _reading(
                "tennis-quizz",
                "side-size",
                ("mise-en-place", "On joue à un contre un"),
                None,
                f"{n} par camp : "
                + (f"permis (jusqu'à {most})." if ok else f"non, {most} au plus."),
                f"{n} a side: " + (f"allowed (up to {most})." if ok else f"no, {most} at most."),
            )
    players = _players(words)
    sides = any(
        words[i + 1 : i + 2] and _has(words[i + 1 : i + 2], *_SIDES) for i, _ in _numbers(words)
    )
    if players is not None and players >= 2 and _has(words, *_SIDES) and not sides:
        big, small = (players + 1) // 2, players // 2  # "on est 5, comment on fait les équipes"
        ok = big <= most
        return _reading(
            "tennis-quizz",
            "sides",
            ("mise-en-place", "On joue à un contre un"),
            None,
            f"{players} joueurs : {big} contre {small}"
            + (f" (jusqu'à {most} par camp)." if ok else f", trop : {most} par camp au plus."),
            f"{players} players: {big} against {small}"
            + (f" (up to {most} a side)." if ok else f", too many: {most} a side at most."),
        )
    return None


def _unit(a: int, b: int, unit: str | None) -> str | None:
    """The unit a score is told in, when no word names it: tennis points (15, 30, 40)
    or games (up to 7)."""
    if unit is not None:
        return unit
    if {a, b} <= _POINTS and {a, b} & {15, 30, 40}:
        return "points"
    if max(a, b) <= 7 and (a, b) != (0, 0):
        return "games"
    return None


def _quizz_points(a: int, b: int) -> Reading:
    score = Score(points=(_POINT_INDEX[a], _POINT_INDEX[b]))
    if score.deciding_point:
        fr = "40-40 : pas d'avantage, le point suivant gagne le jeu (no ad)."
        en = "40-40: no advantage, the next point wins the game (no ad)."
    else:
        fr = f"{a}-{b} : on compte 15, 30, 40, jeu ; à 40-40 un seul point décide."
        en = f"{a}-{b}: points go 15, 30, 40, game; at 40-40 one point decides."
    example = ("exemples", "À 40-40") if score.deciding_point else None
    return _reading(
        "tennis-quizz", "points", ("score", "Un jeu se compte 15, 30, 40"), example, fr, en
    )


_POINT_INDEX = {0: 0, 15: 1, 30: 2, 40: 3}


def _quizz_sets(a: int, b: int) -> Reading:
    over = max(a, b) >= QUIZZ.sets_to_win
    fr = f"{a} set(s) à {b} : " + (
        "le match est fini." if over else "on joue jusqu'à deux sets gagnants."
    )
    en = f"{a} set(s) to {b}: " + ("the match is over." if over else "play on to two sets.")
    return _reading(
        "tennis-quizz",
        "match",
        ("score", "Le match se joue en deux sets gagnants"),
        ("exemples", "À un set partout"),
        fr,
        en,
    )


def _quizz_games(words: Sequence[str], a: int, b: int) -> Reading:
    """Games in a set: at 6-6 the engine's score plays one more normal game
    (``final_game``), or the decider of the *jeu décisif* variant when the question
    names the variant; otherwise the set goes to 6 with two games ahead."""
    decider = _has(words, "decisif", "tie") and _has(words, "bonne", "question", "nouvel")
    # "X dit un jeu normal, Y dit un jeu décisif": both named, no variant chosen, the
    # rule without it (whose paragraph names the variant too) decides
    variant = _has(words, "variant", "option") or (decider and not _has(words, "normal"))
    fmt = TennisFormat(decider=variant)
    score = Score(fmt=fmt, games=(a, b))
    if score.in_decider:
        return _reading(
            "tennis-quizz",
            "decider-variant",
            ("variantes", "Variante « jeu décisif »"),
            None,
            "6-6 avec la variante : chaque camp pose les 7 questions d'une nouvelle carte.",
            "6-6 with the variant: each side asks the 7 questions of a new card.",
        )
    if score.final_game or {a, b} == {6, 7}:
        return _reading(
            "tennis-quizz",
            "six-all",
            ("score", "il n'y a pas de tie-break"),
            ("exemples", "À 5-5"),
            "6-6 : pas de tie-break, un jeu normal donne le set 7-6.",
            "6-6: no tie-break, one normal game gives the set 7-6.",
        )
    done = _set_over(a, b, fmt)
    return _reading(
        "tennis-quizz",
        "set",
        ("score", "Un set se gagne à 6 jeux"),
        ("exemples", "À 5-5"),
        f"{a}-{b} : " + ("le set est fini." if done else "le set continue (6 jeux, 2 d'écart)."),
        f"{a}-{b}: " + ("the set is over." if done else "the set goes on (6 games, 2 ahead)."),
    )


def _set_over(a: int, b: int, fmt: TennisFormat) -> bool:
    """Whether a set stands finished at ``a``-``b``: the engine's score, taken one game
    earlier, says whether the leader's last game closed it."""
    if a == b or max(a, b) == 0:
        return False
    lead = 0 if a > b else 1
    before = (a - 1, b) if lead == 0 else (a, b - 1)
    score = Score(fmt=fmt, games=before, points=(3, 0) if lead == 0 else (0, 3))
    if score.in_decider:
        return True
    return score.point(lead)[1].value >= 2


_OUT_OF = re.compile(r"\b(?:plus de questions?|no more questions?|out of questions)\b")


def _quizz_question_number(words: Sequence[str]) -> Reading | None:
    """ "Le jeu s'est arrêté à la question 5": which question comes next."""
    for i, n in _numbers(words, ranks=True):
        near = words[max(0, i - 2) : i + 3]
        if not (1 <= n <= 7 and any(w.startswith("question") for w in near)):
            continue
        ends = _has(words, "fini", "termin", "arret", "repren", "prochain", "suivant", "nouvel")
        if not ends and not _OUT_OF.search(" ".join(words)):
            continue
        if any(w in ("avant", "before") for w in words[max(0, i - 3) : i]):
            n -= 1  # "fini avant la 7e question": the last one asked was the 6th
        if _has(words, "tactique", "tactic"):
            return _reading(
                "tennis-quizz",
                "tactical-card",
                ("variantes", "Variante « tactique »"),
                ("exemples", "En variante tactique"),
                "Variante tactique : la carte est défaussée après chaque jeu.",
                "Tactical variant: the card is discarded after every game.",
            )
        if n < 7:
            return _reading(
                "tennis-quizz",
                "card-kept",
                ("questions", "Si le jeu se termine avant la fin de la carte"),
                ("exemples", "Un jeu se termine après la question 5"),
                f"Jeu fini à la question {n} : le serveur reprend à la question {n + 1}.",
                f"Game over at question {n}: the server goes on with question {n + 1}.",
            )
        return _reading(
            "tennis-quizz",
            "card-done",
            ("questions", "Si la carte est finie"),
            ("exemples", "Un jeu se termine après la question 5"),
            "Question 7 posée : le serveur prend une nouvelle carte.",
            "Question 7 asked: the server takes a new card.",
        )
    return None


# Tennis de mots ----------------------------------------------------------------------

_TABLE = ("table",)
_SERVE = ("serv", "sert", "sers")
_AFTER_SERVE = ("nobody", "renvoy", "bonus", "ace")
"""What follows a serve that stood: a question about it tells the serve as its scene
("j'ai servi ZOO et personne n'a pu renvoyer, je prends combien ?")."""
_SECOND = ("deuxieme", "second", "encore", "double", "again")
_COUNTED = ("carte", "card", "lettre", "letter", "joueur", "player", "set")


_WORTH_BEFORE = frozenset(
    [
        "vaut",
        "vaux",
        "valent",
        "valant",
        "fait",
        "font",
        "faire",
        "fais",
        "valeur",
        "worth",
        "makes",
        "make",
        "a",
        "at",
        "of",
    ]
)
_WEAK = frozenset({"a", "at", "of"})
"""Cues of a worth only for values from 4: "premier", "second", "3e" are digits too."""
_WORTH_AFTER = ("point", "pts", "pt")
_NAME = ("appel", "nom", "name", "called")
_EXACT = ("juste", "exact", "pile", "just")
_SHOT_NAMES = ("amorti", "net", "filet", "ligne", "drop", "line")
"""A shot named beside a return's worth and the table's: the question asks which shot
that return is."""


def _values(words: Sequence[str]) -> list[tuple[int, int]]:
    """(position, value) of the numbers told as a word's or a shot's worth: "vaut 9",
    "un mot à 9", "11 points" (not "premier", "2 fautes", "7 cartes")."""
    out = []
    for i, n in _numbers(words):
        after = words[i + 1] if i + 1 < len(words) else ""
        before = words[max(0, i - 2) : i]
        strong = _WORTH_BEFORE & set(before) - _WEAK or (n >= 4 and _WEAK & set(before))
        worth = after.startswith(_WORTH_AFTER) or strong
        if n <= 99 and worth and not after.startswith(_COUNTED):
            out.append((i, n))
    return out


def _mots(words: Sequence[str]) -> Reading | None:
    weight = TennisMotsOptions().serve_weight
    players = _players(words)
    # "à 4 joueurs, qui sert après l'échange ?": the count sets the scene of another rule
    scene = _has(words, "point", *_SERVE, "echange", "rally", "contest", "challenge")
    if players is not None and _has(words, "jou", "play") and not scene:
        return _reading(
            "tennis-mots",
            "players",
            ("mise-en-place", "On joue de 2 à 4 joueurs"),
            None,
            f"{players} joueurs : on joue de 2 à 4.",
            f"{players} players: the game is for 2 to 4.",
        )
    counted = _mots_counts(words) or _added_sides(words) or _rally_won(words)
    counted = counted or _server_passes(words)
    if counted is not None:
        return counted
    if _both_empty(words) and not _has(words, "net"):
        return _reading(  # "plus de pioche et j'ai plus aucune carte, je fais quoi ?"
            "tennis-mots",
            "both-empty",
            ("fin", "Quand la pioche est vide et qu'un joueur"),
            None,
            "Pioche vide et une main vide : l'échange en cours est le dernier (balle de set).",
            "Draw pile and a hand empty: the rally under way is the last (set point).",
        )
    under = _has(words, "sous", "under", "moins") and _has(words, "poids", "weight")
    if under and _has(words, *_SERVE) and _has(words, "contest", "verifi", "challenge", "check"):
        return _reading(
            "tennis-mots",
            "fault-unchecked",
            ("service", "une faute n'est jamais vérifiée"),
            None,
            "Un service sous le poids est une faute : jamais vérifiée, jamais contestée.",
            "A serve under the weight is a fault: never checked, never challenged.",
        )
    missed = _missed_second_serve(words)
    if missed is not None:
        return missed
    values = _values(words)
    names = _has(words, *_NAME) or (
        "coup" in words and _has(words, "quel", "quoi", "comment")
    )  # "ça s'appelle comment", "c'est quel coup"
    raise_by = [i for i, n in _numbers(words) if n == RETURN_MARGIN]
    exact = names or (_has(words, *_EXACT) and not _has(words, "table"))
    if exact and any("plus" in words[i + 1 : i + 4] for i in raise_by):
        return _shot(RETURN_MARGIN, RETURN_MARGIN, amorti=True)
    if not values and _below(words) is None:
        return None
    table = [n for i, n in values if _near(words, i, _TABLE)]
    rest = [n for i, n in values if not _near(words, i, _TABLE)]
    asks = _has(words, "combien", "doi", "faut", "minimum", "how", "must")
    if not table and len(values) == 1 and "table" in words and asks:
        table, rest = [values[0][1]], []  # "sur la table il y a 10 points, je dois ..."
    if not table and len(values) >= 2 and values[1][1] - values[0][1] >= RETURN_MARGIN:
        table, rest = [values[0][1]], [values[1][1]]  # "un mot à 9, je dois faire 11 ?"
    if table:
        need = table[0] + RETURN_MARGIN
        if rest and (names or _has(words, *_SHOT_NAMES)):
            return _shot(rest[0], need)  # "Sami fait 8 sur un mot à 6 : amorti ou net ?"
        reach = ""
        if rest:
            ok = rest[0] >= need
            reach = (
                f" {rest[0]} " + ("l'atteint." if ok else "ne suffit pas."),
                f" {rest[0]} " + ("reaches it." if ok else "is not enough."),
            )
        return _reading(
            "tennis-mots",
            "return-weight",
            ("renvoi", "La seule règle"),
            ("exemples", "Sur la table, JEU vaut 12"),
            f"Le mot de la table vaut {table[0]} : le renvoi doit valoir au moins {need}."
            + (reach[0] if reach else ""),
            f"The table's word is worth {table[0]}: the return must be worth {need} or more."
            + (reach[1] if reach else ""),
        )
    below = None if values else _below(words)
    if below is not None and below <= weight and _has(words, *_SERVE):
        values = [(0, below - 1)]  # "mon service vaut moins de 5": some value under it
    if not values:
        return None
    value = values[0][1]
    told = (
        (f"à moins de {below}", f"worth less than {below}")
        if below
        else (f"à {value}", f"worth {value}")
    )
    if _has(words, *_SERVE) and value < weight:
        second = _has(words, *_SECOND) or any(
            a == "2" and b in ("rang", "service", "services") for a, b in pairwise(words)
        )  # "deuxième service" was read "2 rang service"
        return _reading(
            "tennis-mots",
            "double-fault" if second else "fault",
            ("service", "Double faute")
            if second
            else ("service", "Faute : un service sous le poids"),
            ("exemples", "Poids du service 5"),
            f"Un service {told[0]} est sous le poids ({weight}) : "
            + ("double faute." if second else "faute, second service."),
            f"A serve {told[1]} is under the weight ({weight}): "
            + ("double fault." if second else "fault, second serve."),
        )
    if value >= LIGNE_POINTS and names:
        return _shot(value, 0)
    if _has(words, *_SERVE) and not names and not _has(words, *_SECOND, *_AFTER_SERVE):
        return _reading(
            "tennis-mots",
            "serve-weight",
            ("service", "Le serveur pose de 1 à 7 cartes"),
            ("exemples", "Poids du service 5"),
            f"Un service {told[0]} atteint le poids ({weight}) : il est bon.",
            f"A serve {told[1]} reaches the weight ({weight}): it stands.",
        )
    return None


def _below(words: Sequence[str]) -> int | None:
    """N in "moins de N", "sous N", "under N", "less than N"."""
    for i, n in _numbers(words):
        before = words[max(0, i - 2) : i]
        if before[-1:] in (["sous"], ["under"]) or before in (["moins", "de"], ["less", "than"]):
            return n
    return None


def _mots_counts(words: Sequence[str]) -> Reading | None:
    """Cards counted rather than points: a serve of N cards (1 to 7), an ACE's bonus
    against what the draw pile holds, sets won."""
    counts = [(i, n) for i, n in _numbers(words) if i + 1 < len(words)]
    cards = [(i, n) for i, n in counts if words[i + 1].startswith(("carte", "card", "lettre"))]
    if cards and _has(words, *_SERVE) and not _has(words, "bonus", "ace", "penalit", "malus"):
        n = cards[0][1]
        ok = 1 <= n <= HAND_SIZE
        return _reading(
            "tennis-mots",
            "serve-size",
            ("service", "Le serveur pose de 1 à 7 cartes"),
            None,
            f"Servir {n} carte(s) : " + ("permis (de 1 à 7)." if ok else "non, de 1 à 7."),
            f"Serving {n} card(s): " + ("allowed (1 to 7)." if ok else "no, 1 to 7."),
        )
    if _has(words, "bonus", "ace") and _has(words, "pioch", "draw", "deck"):
        found = _numbers(words)
        draw = _closest(words, found, ("pioch", "draw", "deck"))
        bonus = _closest(words, found, ("bonus", "ace", "prend", "take"))
        if draw is not None and bonus is not None and draw != bonus:
            short = found[bonus][1] > found[draw][1]
            return _reading(
                "tennis-mots",
                "ace-short" if short else "ace",
                ("echange", "Si la pioche ne suffit pas")
                if short
                else ("echange", "ACE : quand personne"),
                None,
                "Bonus plus grand que la pioche : le serveur gagne toutes les cartes en jeu"
                " et le set s'arrête."
                if short
                else "La pioche paie le bonus de l'ACE : le serveur le met dans ses plis.",
                "A bonus larger than the draw pile: the server wins every card in play and"
                " the set ends."
                if short
                else "The draw pile pays the ACE's bonus: the server adds it to his tricks.",
            )
    for a, b, unit in _pairs(words):
        if unit == "sets" and max(a, b) <= 3:
            return _reading(
                "tennis-mots",
                "match",
                ("fin", "Le premier joueur à gagner 2 sets"),
                None,
                f"{a} set(s) à {b} : le premier à 2 sets gagne le match.",
                f"{a} set(s) to {b}: the first to win 2 sets wins the match.",
            )
    return None


def _closest(
    words: Sequence[str], found: list[tuple[int, int]], stems: tuple[str, ...]
) -> int | None:
    """Index in ``found`` of the number nearest a word starting with one of ``stems``
    (four words away at most)."""
    spots = [j for j, w in enumerate(words) if w.startswith(stems)]
    best = None
    for k, (i, _) in enumerate(found):
        gap = min((abs(i - j) for j in spots), default=99)
        if gap <= 4 and (best is None or gap < best[0]):
            best = (gap, k)
    return best[1] if best else None


def _near(words: Sequence[str], at: int, stems: tuple[str, ...]) -> bool:
    """Whether one of ``stems`` is within three words of position ``at``, with no other
    number between."""
    for j in [*range(at - 1, max(-1, at - 4), -1), *range(at + 1, min(len(words), at + 4))]:
        if words[j].isdigit():
            continue
        if words[j].startswith(stems):
            return True
    return False


def _shot(value: int, need: int, amorti: bool = False) -> Reading:
    """A shot's value against the weight it had to reach: NET below it, AMORTI exactly
    on it, LIGNE at 13 or more."""
    if amorti or value == need:
        rule, quote = "amorti", "AMORTI"
        fr, en = f"{value} = le poids : c'est un AMORTI.", f"{value} = the weight: a drop shot."
    elif value < need:
        rule, quote = "net", "NET (filet)"
        fr = f"{value} est sous le poids ({need}) : c'est un NET."
        en = f"{value} is under the weight ({need}): a net."
    elif value >= LIGNE_POINTS:
        rule, quote = "ligne", "LIGNE"
        fr, en = f"{value} points, 13 ou plus : c'est une LIGNE.", f"{value} points: a LIGNE."
    else:
        rule, quote = "return-weight", "La seule règle"
        fr = f"{value} atteint le poids ({need}) : le renvoi est bon."
        en = f"{value} reaches the weight ({need}): the return stands."
        return _reading("tennis-mots", rule, ("renvoi", quote), None, fr, en)
    return _reading("tennis-mots", rule, ("coups", quote), None, fr, en)


_CAPS = re.compile(r"(?<![\w'’])[A-Z]{2,8}(?![\w'’])")
_NOT_WORDS = frozenset(
    (
        *("NET", "LIGNE", "SMASH", "LOB", "AMORTI", "ACE", "REVERS", "COUP", "DROIT"),
        *("LIFTE", "OK", "CP", "CE", "CM", "QCM"),
    )
)
_BECOMES = re.compile(
    r"\b(devient|donne|deviens|become|becomes|into|puis|en faire|pour faire)\b|->|→|=>"
)
_SHAPE_QUOTES = {
    COUP_DROIT: "COUP DROIT : des cartes ajoutées à droite",
    REVERS: "REVERS : des cartes ajoutées à gauche",
    COUP_DROIT_LIFTE: "COUP DROIT LIFTÉ",
    REVERS_LIFTE: "REVERS LIFTÉ",
    LOB: "LOB",
}


def _word_value(word: str) -> int:
    """A word's worth with the default deck (its letters' values, no joker)."""
    deck = load_deck()
    return sum(deck.value_of(letter) or 0 for letter in word)


def _kept(old: str, new: str) -> list[int]:
    """Card ids of ``new``: those of ``old`` kept in order (a longest common
    subsequence; a letter moved elsewhere counts as taken off and laid again, which
    the shape reads the same way: cards reordered or removed), fresh ids for the
    rest."""
    n, m = len(old), len(new)
    best = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            if old[i] == new[j]:
                best[i][j] = 1 + best[i + 1][j + 1]
            else:
                best[i][j] = max(best[i + 1][j], best[i][j + 1])
    ids, i, j, fresh = [-1] * m, 0, 0, n
    while i < n and j < m:
        if old[i] == new[j]:
            ids[j] = i
            i, j = i + 1, j + 1
        elif best[i + 1][j] >= best[i][j + 1]:
            i += 1
        else:
            j += 1
    for k in range(m):
        if ids[k] < 0:
            ids[k], fresh = fresh, fresh + 1
    return ids


def _mots_table_words(question: str) -> Reading | None:
    """Words told in capitals: "MER devient AMERS" is a shot whose shape the engine's
    ``shots.shape`` names; "JEU sur la table, je dois faire combien" is the return's
    weight, from the deck's values."""
    joker = _joker_letter(question)
    if joker is not None:
        return joker
    found = [(m.start(), m.group()) for m in _CAPS.finditer(question)]
    found = [(at, w) for at, w in found if w not in _NOT_WORDS]
    words = words_of(question)
    if len(found) >= 2 and found[0][1] != found[1][1]:
        (at_old, old), (at_new, new) = found[:2]
        between = question[at_old + len(old) : at_new]
        if _BECOMES.search(between) or (_has(words, *_NAME) or "coup" in words):
            return _named_shot(old, new)
    if len(found) == 1 and "table" in words:
        asks = _has(words, "combien", "doi", "faut", "minimum", "valoir", "vaut", "how", "must")
        if asks:
            worth = _word_value(found[0][1])
            need = worth + RETURN_MARGIN
            return _reading(
                "tennis-mots",
                "return-weight",
                ("renvoi", "La seule règle"),
                ("exemples", "Sur la table, JEU vaut 12"),
                f"{found[0][1]} vaut {worth} : le renvoi doit valoir au moins {need}.",
                f"{found[0][1]} is worth {worth}: the return must be worth {need} or more.",
            )
    return None


_VALIDITY = (
    *("compt", "accept", "valid", "march", "pass", "exist", "autoris", "permis", "droit"),
    *("dico", "dictionnaire", "infinitif", "conjug", "pluriel", "feminin", "francais"),
    *("count", "allowed", "legal", "infinitive", "plural", "dictionary", "ok"),
)
_NOT_VALIDITY = (
    *("vaut", "valeur", "combien", "point", "worth", "table", "contest", "challeng"),
    # a kind of word given an instance ("les noms propres comme PARIS"): that kind's rule
    *("propre", "sigle", "abrevi", "etranger", "anglais", "compos", "tiret", "accent"),
    *("proper", "foreign", "english", "abbrevi", "hyphen"),
)
_INFLECTED = re.compile(
    r"(?:S|X|ONS|EZ|AIENT|AIT|AIS|ENT|ERA|ERAI|ERONT|IONS|IEZ|EE|EES|ES|ANT|ASSE|IRENT)$"
)
"""Endings of a conjugated verb, a plural or a feminine: ``MANGEAIENT``, ``CHEVAUX``."""


_IS_A_WORD = ("exist", "valid", "dico", "dictionnaire", "francais", "accept", "vrai", "real")
"""A served word asked about as a word ("je sers AIE, ça existe ?"): not its worth."""


_MISSED = ("rate", "manque", "loupe", "foire", "miss", "fail")


def _missed_second_serve(words: Sequence[str]) -> Reading | None:
    """A second serve missed, told in words with no worth ("j'ai raté mon 2e service
    aussi"): the double fault, whatever the word was."""
    if not (_has(words, *_SERVE) and any(w in _MISSED or w.startswith(_MISSED) for w in words)):
        return None
    second = any(a == "2" and b in ("rang", "service") for a, b in pairwise(words))
    second = second or any(w in ("deuxieme", "second", "seconde") for w in words)
    if not second or _values(words) or _has(words, "contest", "challenge"):
        return None
    return _reading(
        "tennis-mots",
        "double-fault",
        ("service", "Double faute"),
        None,
        "Second service raté : double faute.",
        "Second serve missed: double fault.",
    )


def _served(question: str) -> Reading | None:
    """One word in capitals served, with no number told ("j'ai servi DE et on me dit
    faute"): the deck's values say whether it reaches the serve's weight."""
    found = {m.group() for m in _CAPS.finditer(question)} - _NOT_WORDS
    words = words_of(question)
    if len(found) != 1 or "table" in words or any(w.isdigit() for w in words):
        return None
    if not _has(words, *_SERVE) or _has(words, *_AFTER_SERVE, *_IS_A_WORD):
        return None
    word, weight = found.pop(), TennisMotsOptions().serve_weight
    worth = _word_value(word)
    if worth >= weight:
        return _reading(
            "tennis-mots",
            "serve-weight",
            ("service", "Le serveur pose de 1 à 7 cartes"),
            ("exemples", "Poids du service 5"),
            f"{word} vaut {worth} : il atteint le poids du service ({weight}), il est bon.",
            f"{word} is worth {worth}: it reaches the serve's weight ({weight}), it stands.",
        )
    second = _has(words, *_SECOND)
    return _reading(
        "tennis-mots",
        "double-fault" if second else "fault",
        ("service", "Double faute") if second else ("service", "Faute : un service sous le poids"),
        ("exemples", "Poids du service 5"),
        f"{word} vaut {worth}, sous le poids du service ({weight}) : "
        + ("double faute." if second else "faute, second service."),
        f"{word} is worth {worth}, under the serve's weight ({weight}): "
        + ("double fault." if second else "fault, second serve."),
    )


_CAPITAL_WORD = re.compile(r"(?<![\w'’])[A-Z]{3,15}(?![\w'’])")


@cache
def _lexicon() -> Lexicon:
    """The default word list, loaded only when a question names a word (a third of a
    second)."""
    return Lexicon.default()


def _word_validity(question: str) -> Reading | None:
    """One word told in capitals, asked whether it counts ("PARTIRAIENT ça passe ?"):
    the table's word list says whether it is a word or only the start of one; a
    conjugated, plural or feminine form falls under "every form counts"."""
    found = [w for w in _CAPITAL_WORD.findall(question) if w not in _NOT_WORDS]
    words = words_of(question)
    if len(set(found)) != 1 or any(w.isdigit() for w in words):
        return None
    if not _has(words, *_VALIDITY) or _has(words, *_NOT_VALIDITY, *_SERVE):
        return None
    word = found[0]
    lexicon = _lexicon()
    if lexicon.is_word(word) and _INFLECTED.search(word):
        return _reading(
            "tennis-mots",
            "inflected-word",
            ("mots", "Toutes les formes comptent"),
            None,
            f"{word} est une forme d'un mot de la liste : toutes les formes comptent.",
            f"{word} is a form of a listed word: every form counts.",
        )
    start = not lexicon.is_word(word) and lexicon.is_prefix(word)
    verdict = (
        ("un mot de la liste : valide.", "a listed word: valid.")
        if lexicon.is_word(word)
        else ("le début d'un mot : valide.", "the start of a word: valid.")
        if start
        else (
            "ni un mot ni le début d'un mot : pas valide.",
            "neither a word nor a start: invalid.",
        )
    )
    return _reading(
        "tennis-mots",
        "word" if lexicon.is_word(word) else "word-start" if start else "no-word",
        ("mots", "Une suite de cartes est valide si"),
        ("exemples", "ATTEL◀ est valide") if start else None,
        f"{word} : {verdict[0]}",
        f"{word}: {verdict[1]}",
    )


_JOKER_NAMES = {"etoile": ANY, "carre": CONSONANT, "rond": VOWEL}
_LETTER = re.compile(r"(?<![\w'’])([A-Z])(?![\w'’])")


def _joker_letter(question: str) -> Reading | None:
    """A joker and a letter ("le joker carré peut faire un Y ?"): what it may stand
    for, as the engine's ``JOKER_LETTERS`` say."""
    folded = fold(question)
    kinds = [g for name, g in _JOKER_NAMES.items() if re.search(rf"\b{name}\b", folded)]
    letters = [m.group(1) for m in _LETTER.finditer(question) if m.start() > 0]
    stands = any(w in folded for w in ("joker", "remplac", "replace", "a la place"))
    if len(kinds) != 1 or not letters or not stands:
        return None
    kind, letter = kinds[0], letters[0]
    ok = letter in JOKER_LETTERS[kind]
    return _reading(
        "tennis-mots",
        "joker-letter",
        ("materiel", "Les jokers valent 0 point"),
        None,
        f"{kind} pour {letter} : " + ("oui." if ok else "non.") + " Y compte comme une consonne.",
        f"{kind} for {letter}: " + ("yes." if ok else "no.") + " Y counts as a consonant.",
    )


def _server_passes(words: Sequence[str]) -> Reading | None:
    """The server asking to pass ("c'est moi qui sers, je peux passer ?"): a server may
    not, except at the last rally."""
    passes = any(
        w.startswith(("pass", "skip")) and words[i - 1 : i] not in (["se"], ["s"])
        for i, w in enumerate(words)
    )  # "il se passe quoi" is what happens
    asks = _has(words, "peu", "droit", "can", "may", "dire")
    who = any(a in ("qui", "who") and b in ("sert", "serves") for a, b in pairwise(words))
    if not (passes and asks and _has(words, *_SERVE)) or who or _has(words, "apres", "after"):
        return None  # "qui sert après ?" asks whose serve it is
    return _reading(
        "tennis-mots",
        "server-passes",
        ("service", "Le serveur ne peut pas passer"),
        None,
        "Le serveur ne peut pas passer (sauf au dernier échange).",
        "The server may not pass (except at the last rally).",
    )


_TAKES = ("recup", "ramass", "emport", "prend", "gets", "take", "collect")


def _rally_won(words: Sequence[str]) -> Reading | None:
    """What the winner of a rally takes ("celui qui gagne l'échange récupère quoi ?"):
    the table and the pot, or every hand when it is the set's last rally."""
    rally = _has(words, "echange", "rally")
    if not rally or not _has(words, *_TAKES) or _has(words, *_SERVE, "servic"):
        return None
    last = any(
        w.startswith(("echange", "rally")) and _has(words[max(0, i - 2) : i], "dernier", "last")
        for i, w in enumerate(words)
    )  # "le (tout) dernier échange", not "le dernier joueur qui n'a pas passé"
    if last:
        return _reading(
            "tennis-mots",
            "last-rally",
            ("fin", "Le gagnant du dernier échange"),
            None,
            "Le dernier échange du set : son gagnant ramasse aussi toutes les mains.",
            "The set's last rally: its winner also takes every hand.",
        )
    return _reading(
        "tennis-mots",
        "rally-won",
        ("echange", "Le dernier joueur qui n'a pas passé"),
        None,
        "Un échange gagné : le gagnant ramasse les cartes de la table et du pot.",
        "A rally won: the winner takes the table's cards and the pot.",
    )


_FRONT = re.compile(r"\b(?:devant|au debut|en tete|a gauche|in front|at the start|on the left)\b")
_END = re.compile(r"\b(?:a la fin|au bout|derriere|a droite|at the end|behind|on the right)\b")
_ADDED = ("ajout", "rajout", "mis", "met", "pose", "add", "put")


def _added_sides(words: Sequence[str]) -> Reading | None:
    """Letters added told in words rather than capitals ("une lettre devant et une à
    la fin, ça s'appelle comment ?"): the engine's ``shape`` names the shot of a word
    grown at the front, at the end, or both."""
    text = " ".join(words)
    front, end = bool(_FRONT.search(text)), bool(_END.search(text))
    asks = _has(words, *_NAME) or ("coup" in words and _has(words, "quel", "quoi", "comment"))
    if not (front or end) or not asks or not _has(words, *_ADDED):
        return None
    old = [0, 1, 2]
    kind = shape(old, [3] * front + old + [4] * end)
    where = (
        ("devant et à la fin", "in front and at the end")
        if front and end
        else ("devant", "in front")
        if front
        else ("à la fin", "at the end")
    )
    return _shape_reading(
        kind, f"Des lettres ajoutées {where[0]} : {kind}.", f"Letters added {where[1]}: {kind}."
    )


def _named_shot(old: str, new: str) -> Reading:
    """The name of the shot turning ``old`` into ``new``: under the weight a NET,
    else its shape (the passage that defines it)."""
    value, need = _word_value(new), _word_value(old) + RETURN_MARGIN
    if value < need:
        return _shot(value, need)
    kind = shape(list(range(len(old))), _kept(old, new))
    if kind not in _SHAPE_QUOTES:
        return _shot(value, need)
    return _shape_reading(
        kind,
        f"{old} → {new} ({value} points, il fallait {need}) : {kind}.",
        f"{old} → {new} ({value} points, {need} needed): {kind}.",
    )


def _shape_reading(kind: str, fr: str, en: str) -> Reading:
    """A reading naming a shot by its shape, with the passage that defines the shape."""
    return _reading(
        "tennis-mots",
        "shot-" + kind.lower().replace(" ", "-"),
        ("coups", _SHAPE_QUOTES[kind]),
        None,
        fr,
        en,
    )


READERS: dict[str, Callable[[Sequence[str]], Reading | None]] = {
    "the-game": _the_game,
    "tennis-quizz": _quizz,
    "tennis-mots": _mots,
}
"""Each game's reader of situations, from the question's folded words."""
