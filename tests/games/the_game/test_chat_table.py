"""Table talk against lists written here from the rules (the-game: free chat refuses any
message that states a number): every number word, pile names and what is not one, the
length limit, look-alike letters. Nothing is taken from the module's own lists."""

from __future__ import annotations

import pytest

from partie.core import IllegalAction
from partie.games.the_game.chat import check_chat, number_in

FRENCH_NUMBERS = [
    "zero",
    "zéro",
    "deux",
    "trois",
    "quatre",
    "cinq",
    "six",
    "sept",
    "huit",
    "neuf",
    "dix",
    "onze",
    "douze",
    "treize",
    "quatorze",
    "quinze",
    "seize",
    "vingt",
    "vingts",
    "trente",
    "quarante",
    "cinquante",
    "soixante",
    "septante",
    "huitante",
    "octante",
    "nonante",
    "cent",
    "cents",
    "mille",
    "dizaine",
    "dizaines",
    "douzaine",
    "douzaines",
    "quinzaine",
    "vingtaine",
    "trentaine",
    "quarantaine",
    "cinquantaine",
    "soixantaine",
    "centaine",
    "centaines",
]
ENGLISH_NUMBERS = [
    "zero",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
    "thirty",
    "forty",
    "fourty",
    "fifty",
    "sixty",
    "seventy",
    "eighty",
    "ninety",
    "hundred",
    "hundreds",
    "thousand",
    "thousands",
    "dozen",
    "dozens",
    "tens",
    "twenties",
    "thirties",
    "forties",
    "fifties",
    "sixties",
    "seventies",
    "eighties",
    "nineties",
]


@pytest.mark.parametrize("word", FRENCH_NUMBERS + ENGLISH_NUMBERS)
def test_every_number_word_is_refused_and_quoted(word: str) -> None:
    assert number_in(f"bon, {word} !") == word
    assert number_in(f"Bon, {word.upper()} !") == word.upper()
    assert number_in(f"{word.capitalize()}.") == word.capitalize()


@pytest.mark.parametrize(
    ("message", "quoted"),
    [
        ("vingt et un", "vingt et un"),
        ("trente et une", "trente et une"),
        ("twenty one", "twenty one"),
        ("one hundred", "one hundred"),
        ("un cent", "un cent"),  # "un" counts before a hundred
        ("cent un", "cent un"),
        ("mille un", "mille un"),
        ("j'ai un trente", "trente"),  # an article before a number word
        ("et vingt et", "vingt"),  # joiners at the ends are not part of it
        ("and forty and", "forty"),
        ("vingtetun", "vingtetun"),
        ("twentyone", "twentyone"),
        ("soixantedixsept", "soixantedixsept"),
        ("xx", "xx"),
        ("XCIX", "XCIX"),  # 99, the largest Roman value a card has
        ("si x", None),  # two common short words are speech
        ("ni ne", None),
        ("un", None),
        ("une", None),
        ("one", None),
        ("Un et une", None),
        ("C", None),
        ("cd", None),  # Roman 400: not a card value
        ("mm", None),
        ("c", None),
        ("etun", None),  # a run of joiners and articles only
        ("unet", None),
        ("etvingt", None),  # a compound does not start or end with a joiner
        ("vingtet", None),
        ("t'en veux", None),  # an elided word is dropped, not read with the next
        ("d'eux", None),
        ("je l'X", None),
        ("l'i", None),
        ("t en", "t en"),
        ("et vingt bon", "vingt"),
        ("vingt et bon", "vingt"),
        ("dis un cent", "un cent"),
        ("un mille", "un mille"),
        ("one thousand", "one thousand"),
        ("trente-sept, bon", "trente-sept"),
        ("xiv vingt", "xiv"),  # a Roman numeral does not run on into words
        ("soixantedix sept", "soixantedix sept"),
        ("x x", "x x"),  # letters spelt one by one: XX
        ("x x k", "x x"),
        ("bon x x", "x x"),
        ("x ci", None),  # "ci" is a word, not two letters of XCI
        ("qua ran te", "qua ran te"),  # a word cut in three
        ("qu ara nt e", "qu ara nt e"),  # or in four
        ("trentes ept", "trentes ept"),  # a compound cut in two
        # two or more common short words are speech, whatever their letters spell
        ("ni ne", None),
        ("si x", None),
        ("on et en", None),
        ("te no ne", None),
        ("te nu ne", None),
        ("si x on e", None),
        ("si x o ne", None),
        ("on en i ne", None),
        ("on en in e", None),
        ("te ne tu ne", None),
        ("te ne to ne", None),  # the same letters without the apostrophe: ten
        ("d eux", "d eux"),
        ("l i", "l i"),
    ],
)
def test_compounds_and_their_bounds(message: str, quoted: str | None) -> None:
    assert number_in(message) == quoted


@pytest.mark.parametrize("pile", ["a1", "a2", "d1", "d2", "A1", "D2", "(a1)", "a1,d2"])
def test_pile_names_pass(pile: str) -> None:
    assert number_in(f"joue sur {pile} stp") is None
    assert number_in(pile) is None


@pytest.mark.parametrize(
    ("message", "quoted"),
    [
        ("a3", "3"),
        ("d0", "0"),
        ("a57", "57"),  # a value, not a pile
        ("a12", "12"),
        ("b1", "1"),
        ("x2", "2"),
        ("quad2", "2"),  # no word boundary before the pile letter
        ("xa1", "1"),
        ("a1b", "1"),  # nor after the digit
        ("d2x", "2"),
        ("sur d2 ou 7", "7"),
    ],
)
def test_what_is_not_a_pile_name_is_a_number(message: str, quoted: str) -> None:
    assert number_in(message) == quoted


def test_the_length_limit_is_280_characters_after_spaces_are_joined() -> None:
    assert check_chat("o" * 280) == "o" * 280
    assert check_chat("  " + "o " * 140 + "  ") == ("o " * 140).strip()  # 279
    with pytest.raises(IllegalAction) as caught:
        check_chat("o" * 281)
    assert caught.value.code == "message_too_long"
    assert "281" in caught.value.fr and "280" in caught.value.en


def test_a_message_is_returned_with_its_spaces_joined() -> None:
    assert check_chat("  bonne\tpartie \n à tous ") == "bonne partie à tous"
    with pytest.raises(IllegalAction) as caught:
        check_chat(" \t\n ")
    assert caught.value.code == "empty_message"
    assert caught.value.fr == "message vide" and caught.value.en == "empty message"


# Look-alike letters of other scripts, read as the Latin letter they imitate.
LOOK_ALIKES = {
    "а": "a", "в": "b", "е": "e", "ё": "e", "ї": "i", "к": "k",
    "м": "m", "н": "h", "о": "o", "р": "p",
    "с": "c", "т": "t", "у": "y", "х": "x", "і": "i", "ј": "j", "ѕ": "s", "ԁ": "d",
    "ԛ": "q", "ԝ": "w", "һ": "h", "ӏ": "l", "ᴠ": "v",
    "А": "a", "В": "b", "Е": "e", "К": "k", "М": "m", "Н": "h", "О": "o", "Р": "p",
    "С": "c", "Т": "t", "У": "y", "Х": "x", "І": "i", "Ј": "j", "Ѕ": "s", "Ԁ": "d",
    "α": "a", "ε": "e", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t",
    "υ": "u", "χ": "x", "Α": "a", "Β": "b", "Ε": "e", "Ζ": "z", "Η": "h", "Ι": "i",
    "Κ": "k", "Μ": "m", "Ν": "n", "Ο": "o", "Ρ": "p", "Τ": "t", "Υ": "y", "Χ": "x",
    "œ": "oe", "Œ": "oe", "æ": "ae", "Æ": "ae", "ß": "ss", "ı": "i", "ℓ": "l",
}  # fmt: skip
# A number word holding each letter, to hide it in.
CARRIER = {
    "a": "quarante", "c": "cinq", "d": "deux", "e": "sept", "h": "huit", "i": "six",
    "l": "mille", "m": "mille", "n": "neuf", "o": "onze", "p": "sept", "q": "cinq",
    "s": "six", "t": "trente", "u": "huit", "v": "vingt", "w": "two", "x": "six",
    "y": "twenty", "z": "onze",
}  # fmt: skip


@pytest.mark.parametrize(("look", "latin"), LOOK_ALIKES.items())
def test_a_look_alike_letter_reads_as_its_latin_letter(look: str, latin: str) -> None:
    if latin in CARRIER:
        hidden = CARRIER[latin].replace(latin, look, 1)
        assert number_in(f"j'ai {hidden} !") == hidden
    # glued to a number word, it makes one longer word, as the Latin letter would
    assert number_in(f"vingt{look}") == (None if latin != "s" else f"vingt{look}")


@pytest.mark.parametrize(
    ("message", "quoted"),
    [
        ("si\u200bx", "si\u200bx"),  # an invisible character is dropped, not a space
        ("ni\u00adne", "ni\u00adne"),  # a soft hyphen
        ("Ça va, Жюль ?", None),  # other letters are not digits
        ("joue sur a١", None),  # a pile name in Arabic-Indic digits
        ("a٣", "٣"),
        ("hundred and one", "hundred and one"),
        ("cent et un", "cent et un"),
    ],
)
def test_invisible_characters_and_other_scripts(message: str, quoted: str | None) -> None:
    assert number_in(message) == quoted


@pytest.mark.parametrize(
    ("message", "quoted"),
    [
        # an elision is read with the letters after it, like a word cut in two
        ("qu'atre", "qu'atre"),
        ("qu'inze", "qu'inze"),
        ("Qu’arante", "Qu’arante"),  # a typographic apostrophe
        ("qu'a tre", "qu'a tre"),
        ("c'inq", "c'inq"),
        ("c'ent", "c'ent"),
        ("s'ept", "s'ept"),
        ("s'eize", "s'eize"),
        ("d'ouze", "d'ouze"),
        ("n'euf", "n'euf"),
        ("m'ille", "m'ille"),
        ("t'rente", "t'rente"),
        ("t'rois", "t'rois"),
        ("t'ens", "t'ens"),  # only "t'en" itself is French
        ("d'i x", "d'i x"),  # an elided letter is spelt with the letters after it
        ("s'i x", "s'i x"),
        # the French that elides: "t'en" and "d'eux" are not "ten" and "deux"
        ("je t'en prie", None),
        ("chacun d'eux", None),
        ("qu'il joue", None),
        ("jusqu'à la fin", None),
        ("lorsqu'on peut", None),
        ("puisqu'elle attend", None),
        ("c'est bon", None),
        ("s'il te plaît", None),
        ("n'importe", None),
        ("je t'entends", None),
        ("l'i", None),  # l' is an article, not the Roman 50 spelt out
        ("je l'X", None),
        ("l'v", None),
    ],
)
def test_elisions_are_read_with_what_follows(message: str, quoted: str | None) -> None:
    assert number_in(message) == quoted
