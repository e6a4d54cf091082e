"""What people type, folded to search terms: accents, numbers in words, stems, synonyms."""

from __future__ import annotations

import pytest

from partie.rules.normalise import compile_synonyms, stem, terms, words_of
from partie.rules.synonyms import (
    card_first,
    letter_terms,
    number_terms,
    plain_numbers,
    synonyms_for,
)


@pytest.mark.parametrize(
    "text,words",
    [
        ("Dix", ["10"]),
        ("soixante-dix-sept", ["77"]),
        ("quatre-vingt-dix-neuf", ["99"]),
        ("vingt et un", ["21"]),
        ("six-six", ["6", "6"]),
        ("thirty seven", ["37"]),
        ("la 7e question", ["la", "7", "question"]),
        ("troisième set", ["3", "set"]),
        ("Égalité à 40-40", ["egalite", "a", "40", "40"]),
        ("ATTEL◀", ["attel", "double", "joker", "avant"]),
        ("c koi le 6a6", ["c", "quoi", "le", "6", "a", "6"]),
        ("jpeux poser 2cartes ?", ["je", "peux", "poser", "2", "cartes"]),
        ("cb de pts", ["combien", "de", "points"]),
        ("wat happens if u cant play", ["what", "happens", "if", "u", "can", "not", "play"]),
    ],
)
def test_words(text: str, words: list[str]) -> None:
    assert words_of(text) == words


@pytest.mark.parametrize(
    "forms",
    [
        "posées poser posent pose posé posons posez posait posera poserai",
        "cartes carte",
        "joueurs joueur",
        "prendre prend prends",
        "perdre perdu perds",
        "remplacer remplace remplacé remplacent",
        "choisir choisi choisis",
        "questions question",
        "lettres lettre",
        "attell attel",
        "played playing plays play",
        "winner winners",
        "jeux jeu",
        "won win wins",
        "lost lose losing",
        "mis mettre mets",
    ],
)
def test_plurals_feminines_and_verb_forms_share_a_stem(forms: str) -> None:
    assert len({stem(w) for w in words_of(forms)}) == 1, {w: stem(w) for w in forms.split()}


@pytest.mark.parametrize(
    "one,other",
    [
        ("joueur", "jouer"),
        ("player", "play"),
        ("fin", "finie"),  # the end of the game, not an empty draw pile
    ],
)
def test_words_that_differ_keep_different_stems(one: str, other: str) -> None:
    assert stem(one) != stem(other)
    assert stem("10") == "10"


def test_what_happens_is_not_a_pass() -> None:
    assert "pas" not in terms("que se passe-t-il à 40 partout ?")
    assert "pas" in terms("je passe mon tour")


@pytest.mark.parametrize(
    "game,typed,canonical",
    [
        ("the-game", "peut-on jouer en arrière de 10 ?", "retro"),
        ("the-game", "la marche arrière", "retro"),
        ("the-game", "Le RÉTRO", "retro"),
        ("tennis-quizz", "que se passe-t-il à 6-6 ?", "sixsix"),
        ("tennis-quizz", "y a-t-il un tie-break ?", "sixsix"),
        ("tennis-quizz", "à six partout", "sixsix"),
        ("tennis-quizz", "le jeu décisif", "sixsix"),
        ("tennis-mots", "je veux lancer un challenge", "contester"),
        ("tennis-mots", "peut-on contester ?", "contester"),
        # situations told with people and cards, not the rules' words
        ("the-game", "mon pote a plus rien en main", "mainvide"),
        ("the-game", "aucune de mes cartes rentre", "fin"),
        ("the-game", "il me reste qu'une seule carte jouable", "fin"),
        ("the-game", "une carte ca suffit ?", "minimum"),
        ("the-game", "quand je termine mon tour", "tourfini"),
        ("tennis-quizz", "ma carte est finie mais pas le jeu", "cartefinie"),
        ("tennis-quizz", "le jeu est fini avant la carte", "jeufini"),
        ("tennis-quizz", "qui sert au set suivant", "setsuivant"),
    ],
)
def test_synonyms_add_the_rules_word(game: str, typed: str, canonical: str) -> None:
    table = compile_synonyms(synonyms_for(game))
    assert canonical in terms(typed, table)


def test_stop_words_go_but_numbers_stay() -> None:
    assert terms("Combien de cartes faut-il poser ?") == ["combien", "cart", "pos"]


@pytest.mark.parametrize(
    "game,numbers,found,implied",
    [
        ("the-game", [50, 60], [], ["retro", "retro"]),  # 10 apart: the backwards trick
        ("the-game", [20, 80], [], ["montante"]),  # a pile, then a higher card
        ("the-game", [90, 12], [], ["descendante"]),
        ("the-game", [20, 80], ["descendante"], []),  # the question names the pile
        ("the-game", [100, 90], [], ["descendante"]),  # 100 is a pile, not a retro
        ("the-game", [1, 2], [], []),  # counts: one card, two cards
        ("the-game", [55, 45], ["descendante"], []),  # 10 lower on a falling pile: plain
        ("the-game", [55, 45], ["montante"], ["retro", "retro"]),  # 10 lower on a rising one
        ("tennis-quizz", [50, 60], [], []),
        ("tennis-mots", [3], ["servic", "valeur"], ["faute"]),  # a serve under the weight
        ("tennis-mots", [5], ["servic", "valeur", "moin"], ["faute"]),  # "moins de 5"
        ("tennis-mots", [5], ["servic", "valeur"], []),  # worth the weight: no fault
        ("tennis-mots", [9, 11], ["mot"], ["poids"]),  # the table's value, then plus 2
        ("tennis-mots", [1], ["serv"], []),  # "first serve": no value named
        ("tennis-mots", [3], ["mot"], []),
        ("tennis-mots", [15], ["mot"], ["ligne"]),  # 13 or more
        ("tennis-mots", [107], [], []),  # the deck, not a shot
    ],
)
def test_what_a_questions_numbers_imply(
    game: str, numbers: list[int], found: list[str], implied: list[str]
) -> None:
    assert number_terms(game, numbers, found) == implied


@pytest.mark.parametrize(
    "question,first",
    [
        ("je pose 45 sur la pile a 55", True),
        ("j'ai le 23 et la pile qui monte est a 33", True),
        ("pile a 20, je joue 80", False),
        ("la pile est a 47", False),
    ],
)
def test_which_number_is_the_card_laid(question: str, first: bool) -> None:
    assert card_first(words_of(question)) is first


def test_the_card_laid_first_turns_the_piles_direction_around() -> None:
    assert number_terms("the-game", [45, 55], ["descendante"], card_first=True) == []
    assert number_terms("the-game", [80, 20], [], card_first=True) == ["montante"]
    assert number_terms("the-game", [80, 20], [], card_first=False) == ["descendante"]
    assert number_terms("the-game", [20, 80], [], card_first=True) == ["descendante"]


def test_a_count_of_cards_is_not_the_backwards_trick() -> None:
    table = compile_synonyms(synonyms_for("the-game"))
    found = plain_numbers("the-game", terms("il reste moins de dix cartes", table))
    assert "10" not in found and "retro" not in found
    assert "10" in plain_numbers("the-game", terms("la pile 10 plus bas", table))


@pytest.mark.parametrize(
    "question,implied",
    [
        ("combien de S dans le jeu", ["let"]),  # a card letter that folding would drop
        ("le W vaut combien", ["let"]),
        ("A combien on joue ?", []),  # a sentence's first word, not a card
        ("J'ai une question", []),  # an elision
    ],
)
def test_a_lone_capital_is_a_card_letter_in_tennis_de_mots(
    question: str, implied: list[str]
) -> None:
    assert letter_terms("tennis-mots", question) == implied
    assert letter_terms("the-game", question) == []


def test_a_situations_card_values_are_not_searched_but_the_games_numbers_are() -> None:
    assert plain_numbers("the-game", ["pil", "47", "10", "100", "3"]) == ["pil", "10", "100", "3"]
    assert plain_numbers("tennis-quizz", ["40", "40", "77"]) == ["40", "40"]
    assert plain_numbers("tennis-mots", ["13", "14"]) == ["13"]


def test_must_is_not_a_fault() -> None:
    """ "faut-il" (must) and "faute" (a fault) share a stem; only the noun is a fault."""
    table = compile_synonyms(synonyms_for("tennis-mots"))
    assert "faute" not in terms("combien de points faut-il ?", table)
    assert "faute" in terms("une faute au service", table)


@pytest.mark.parametrize(
    "text,nobody",
    [
        ("personne n'a pu renvoyer", True),
        ("personne a pu renvoyer mon service", True),  # spoken: no "ne"
        ("et si personne répond ?", True),
        ("la personne à ma gauche", False),
        ("on peut jouer à combien de personnes", False),
        ("on est 4 personnes", False),
    ],
)
def test_nobody_is_not_a_person(text: str, nobody: bool) -> None:
    """ "personne" after an article, "combien de" or a number is a person (a player);
    anywhere else it is "nobody", which the ACE's "quand personne n'a pu" means."""
    words = words_of(text)
    assert ("nobody" in words) is nobody
    assert ("personne" in words or "personnes" in words) is not nobody
