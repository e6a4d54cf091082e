"""Table talk refuses numbers, in digits or in French and English words."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from partie.core import IllegalAction
from partie.games.the_game.chat import NUMBER_WORDS, PILE_WORDS, check_chat, number_in


@pytest.mark.parametrize(
    "message",
    ["j'ai le trente", "Soixante-dix !", "quatre-vingt-dix-neuf", "I have thirty-two",
     "a DOZEN", "Quatre Vingts", "ça fait 37", "une vingtaine", "Nonante", "zéro"],
)  # fmt: skip
def test_numbers_are_refused_with_the_reason(message: str) -> None:
    with pytest.raises(IllegalAction) as caught:
        check_chat(message)
    assert caught.value.code == "number_in_chat"
    assert "nombre" in caught.value.fr and "number" in caught.value.en


@pytest.mark.parametrize(
    "message",
    ["ne joue pas sur d2 stp", "garde-moi la pile a1", "I can play well here", "often",
     "tendance", "prends une autre pile", "this one please", "deuxième pile ?"],
)  # fmt: skip
def test_ordinary_talk_passes(message: str) -> None:
    assert check_chat(message) == " ".join(message.split())


@pytest.mark.parametrize(
    "message",
    ["Je garde la montante 1", "↑A1 pour moi", "la descendante deux, stp", "A2 !",
     "Montante 2 : évite", "pas sur la Descendante n° 1", "keep Ascending 1 for me",
     "don't touch descending two", "la montante un", "↓D2 bon ici"],
)  # fmt: skip
def test_pile_names_as_the_screens_write_them_pass(message: str) -> None:
    assert check_chat(message) == message


@pytest.mark.parametrize(
    "message,quoted",
    [("montante 12", "12"), ("la montante 1 et j'ai 37", "37"), ("montante 3", "3"),
     ("descendante deux cent", "deux cent"), ("la montante 1 ou la 2", "2")],
)  # fmt: skip
def test_a_number_beside_a_pile_name_is_still_refused(message: str, quoted: str) -> None:
    assert number_in(message) == quoted


@given(st.text(), st.integers(0, 10_000), st.text())
def test_any_digit_is_refused(before: str, number: int, after: str) -> None:
    # A pile's own number ("montante 1") is the one digit allowed.
    assume(not (number in (1, 2) and PILE_WORDS & set(before.lower().split()[-2:])))
    assert number_in(f"{before} {number} {after}") is not None


@given(st.sampled_from(sorted(NUMBER_WORDS)), st.booleans())
def test_every_number_word_any_case(word: str, upper: bool) -> None:
    assert number_in(f"bon, {word.upper() if upper else word} !") is not None


@pytest.mark.parametrize(
    "message,quoted",
    [
        ("j'ai le 30", "30"),  # the whole number, not its first digit
        ("XXXVII", "XXXVII"),
        ("j'ai un xiv", "xiv"),
        ("le ⅩⅫ", "ⅩⅫ"),  # one Unicode sign for a Roman numeral
        ("ХХХVII", "ХХХVII"),  # Cyrillic Х that looks like X
        ("t r e n t e", "t r e n t e"),
        ("T.R.E.N.T.E !", "T.R.E.N.T.E"),
        ("s-e-p-t", "s-e-p-t"),
        ("X X X V I I", "X X X V I I"),
        ("trente-sept", "trente-sept"),
        ("trentesept", "trentesept"),
        ("quatre vingt dix neuf", "quatre vingt dix neuf"),
        ("vingt et un", "vingt et un"),
        ("j'ai un trente", "trente"),
        ("thirty seven", "thirty seven"),
        ("FORTY-TWO", "FORTY-TWO"),
        ("3 0", "3 0"),
        ("3.7", "3.7"),
        ("３７", "３７"),  # full-width digits
        ("le ³⁷", "³⁷"),
        ("tren\u200bte", "tren\u200bte"),  # a zero-width space inside
        ("tren te", "tren te"),
        ("qua rante", "qua rante"),
        ("ｔｒｅｎｔｅ", "ｔｒｅｎｔｅ"),
        ("τrente", "τrente"),  # a Greek tau
        ("sur a1 je mets 37", "37"),
    ],
)
def test_disguised_numbers_are_refused_and_quoted_as_written(message: str, quoted: str) -> None:
    assert number_in(message) == quoted
    with pytest.raises(IllegalAction) as caught:
        check_chat(message)
    assert f"« {quoted} »" in caught.value.fr


TABLE_TALK = [
    "Je peux jouer sur la pile montante, pas de souci.",
    "Ne joue pas sur d2 stp, j'ai une très bonne carte pour elle.",
    "Garde-moi la pile a1 s'il te plaît.",
    "Attention, je suis coincé, je n'ai rien de bon.",
    "Tu peux jouer un petit saut sur la descendante ?",
    "C'est bon pour moi, vas-y.",
    "Je t'en prie, commence.",
    "J'ai un truc presque parfait pour la pile du haut.",
    "Il ne joue ni ne parle, il réfléchit.",
    "Si tu peux, évite la deuxième pile.",
    "Je ne sais pas si x ou y est mieux.",
    "Oh là là, c'est mal parti.",
    "Laisse-moi la main, j'ai un retour en arrière.",
    "Je peux faire un bond en arrière sur la première pile descendante.",
    "Est-ce que quelqu'un a une carte proche du sommet ?",
    "Aïe, ma main est terrible. Hum, mmm, bof.",
    "Celui-ci, non, l'autre. CELUI-CI !",
    "On tente le coup ? Cette tentative était risquée.",
    "Le CD est rayé lol. Je mix les stratégies. Vive la France, mon civil préféré.",
    "Tu as vu le dixième de seconde ? trop rapide",
    "Juste au-dessus, ce serait parfait.",
    "Un instant, je réfléchis. C'était un bon coup.",
    "I can play well here. Please don't play on that pile.",
    "Often I wait, but this time go ahead. Nice one, well done!",
    "I have something close to the top. Sorry, I'm stuck.",
    "Let's keep the low pile for Anne, that's a tiny jump, trust me.",
    "Can someone play on the descending one? It's often tense.",
]


@pytest.mark.parametrize("message", TABLE_TALK)
def test_ordinary_table_talk_is_never_refused(message: str) -> None:
    assert number_in(message) is None
    assert check_chat(message) == message


def test_empty_and_too_long_messages() -> None:
    with pytest.raises(IllegalAction) as caught:
        check_chat("   ")
    assert caught.value.code == "empty_message"
    with pytest.raises(IllegalAction) as caught:
        check_chat("a" * 300)
    assert caught.value.code == "message_too_long"
