"""Importers (GIFT, Aiken, CSV, Open Trivia DB, OpenQuizzDB) on hand-written samples,
and GIFT/CSV exports that read back to the same deck."""

from __future__ import annotations

import json
from pathlib import Path

from partie.games.tennis_quizz.decks import check_text, load_deck
from partie.games.tennis_quizz.importers import (
    build_deck,
    read_aiken,
    read_csv,
    read_gift,
    read_openquizzdb,
    read_opentdb,
    write_csv,
    write_gift,
)
from quizz_decks import deck_toml

GIFT = r"""
// a comment that is not metadata
$CATEGORY: $course$/tennis/tournois

::Q1:: Sur quelle surface se joue Roland-Garros ? {
  =Terre battue#Bravo
  ~Gazon#Non
  ~Dur
  ~Moquette
}

::Q2:: [html]Combien de points faut-il pour gagner un jeu \{sans égalité\} ? {~3 =4 ~5}

// difficulty: 3
// source: Règles du tennis, ITF
::Q3:: Score \: que vaut « 40 » ? {~%-50%deux points ~%100%trois points ~quatre points}

::Q4:: Le tennis est-il olympique ? {T}

::Q5:: Qui a gagné Wimbledon en 2008 ? {=Nadal =Rafael Nadal}
"""


def test_gift() -> None:
    got = read_gift(GIFT, source="test")
    assert [q.answer for q in got.questions] == ["Terre battue", "4", "trois points"]
    q1, q2, q3 = got.questions
    assert q1.wrong == ("Gazon", "Dur") and q1.category == "tennis/tournois"
    assert q2.text == "Combien de points faut-il pour gagner un jeu {sans égalité} ?"
    assert q2.difficulty == 2 and q2.source == "test"
    assert q3.text == "Score : que vaut « 40 » ?"
    assert q3.difficulty == 3 and q3.source == "Règles du tennis, ITF"
    assert len(got.skipped) == 2  # true/false and short answer


AIKEN = """Quel joueur est surnommé « le Taureau de Manacor » ?
A. Rafael Nadal
B) Carlos Moyà
C. David Ferrer
D. Tommy Robredo
ANSWER: A

En quelle année a été créé Roland-Garros ?
A. 1891
B. 1928
ANSWER: B

Question sans réponse
A. un
B. deux
C. trois
"""


def test_aiken() -> None:
    got = read_aiken(AIKEN, source="s")
    assert len(got.questions) == 1
    q = got.questions[0]
    assert q.answer == "Rafael Nadal" and q.wrong == ("Carlos Moyà", "David Ferrer")
    assert len(got.skipped) == 2  # two choices only; no ANSWER line


CSV_ROWS = [
    [
        "question",
        "réponse",
        "mauvaise1",
        "mauvaise2",
        "variantes",
        "catégorie",
        "difficulté",
        "source",
    ],
    [
        "Où se joue l'US Open ?",
        "New York",
        "Boston",
        "Chicago",
        "NY | Flushing",
        "tennis/tournois",
        "1",
        "USTA",
    ],
    ["Combien de sets, au plus ; en Grand Chelem ?", "5", "3", "4", "", "", "2", ""],
    ["", "", "", "", "", "", "", ""],
    ["Incomplète", "oui", "", "", "", "", "", ""],
]


def _csv(delimiter: str, bom: bool) -> str:
    import csv
    import io

    buf = io.StringIO()
    csv.writer(buf, delimiter=delimiter).writerows(CSV_ROWS)
    return ("\ufeff" if bom else "") + buf.getvalue()


def test_csv_semicolon_and_comma_with_and_without_bom() -> None:
    for delimiter in (";", ","):
        for bom in (True, False):
            got = read_csv(_csv(delimiter, bom), source="défaut")
            assert [q.text for q in got.questions] == [
                "Où se joue l'US Open ?",
                "Combien de sets, au plus ; en Grand Chelem ?",
            ], (delimiter, bom)
            q1, q2 = got.questions
            assert q1.alternatives == ("NY", "Flushing") and q1.difficulty == 1
            assert q1.source == "USTA" and q2.source == "défaut"
            assert len(got.skipped) == 1


OPENTDB = {
    "response_code": 0,
    "results": [
        {
            "type": "multiple",
            "difficulty": "hard",
            "category": "Sports",
            "question": "Which player won the &quot;Golden Slam&quot; in 1988?",
            "correct_answer": "Steffi Graf",
            "incorrect_answers": ["Martina Navratilova", "Chris Evert", "Monica Seles"],
        },
        {
            "type": "boolean",
            "difficulty": "easy",
            "category": "Sports",
            "question": "Tennis balls are yellow.",
            "correct_answer": "True",
            "incorrect_answers": ["False"],
        },
    ],
}


def test_opentdb() -> None:
    got = read_opentdb(json.dumps(OPENTDB))
    assert len(got.questions) == 1 and len(got.skipped) == 1
    q = got.questions[0]
    assert q.text == 'Which player won the "Golden Slam" in 1988?'
    assert q.wrong == ("Martina Navratilova", "Chris Evert")
    assert q.difficulty == 3 and q.category == "culture/sports" and "opentdb" in q.source


OPENQUIZZDB = {
    "fournisseur": "OpenQuizzDB",
    "licence": "CC BY-SA",
    "catégorie-nom-slogan": {"fr": {"catégorie": "Sport", "nom": "Tennis"}},
    "quizz": {
        "fr": {
            "débutant": [
                {
                    "id": 1,
                    "question": "Quel tournoi se joue sur gazon à Londres ?",
                    "propositions": ["Wimbledon", "US Open", "Roland-Garros", "Open d'Australie"],
                    "réponse": "Wimbledon",
                    "anecdote": "Le plus ancien tournoi du Grand Chelem.",
                    "wiki": "https://fr.wikipedia.org/wiki/Tournoi_de_Wimbledon",
                }
            ],
            "expert": [
                {
                    "id": 2,
                    "question": "Qui a remporté le premier Roland-Garros open en 1968 ?",
                    "propositions": ["Rod Laver", "Ken Rosewall", "Arthur Ashe", "Roy Emerson"],
                    "réponse": "Ken Rosewall",
                    "anecdote": "",
                    "wiki": "",
                }
            ],
        },
        "en": {"beginner": []},
    },
}


def test_openquizzdb() -> None:
    got = read_openquizzdb(json.dumps(OPENQUIZZDB, ensure_ascii=False))
    q1, q2 = got.questions
    assert q1.answer == "Wimbledon" and q1.wrong == ("US Open", "Roland-Garros")
    assert q1.difficulty == 1 and "wikipedia" in q1.source and q1.explanation
    assert q2.answer == "Ken Rosewall" and q2.wrong == ("Rod Laver", "Arthur Ashe")
    assert q2.difficulty == 3 and q1.category == "culture/sport"


def test_exports_read_back_to_the_same_deck(tmp_path: Path) -> None:
    path = tmp_path / "d.toml"
    path.write_text(deck_toml(3), encoding="utf-8")
    deck = load_deck(str(path))
    for text, reader in ((write_gift(deck), read_gift), (write_csv(deck), read_csv)):
        again, left_out = build_deck(reader(text), deck.id, deck.title, licence=deck.licence)
        assert left_out == 0
        assert again.cards == deck.cards
        assert check_text(again.to_toml(), "again.toml").ok


def test_build_deck_cards_of_seven() -> None:
    got = read_csv(_csv(";", False) + "\n".join(f"Q{i};a{i};b{i};c{i}" for i in range(20)))
    deck, left_out = build_deck(got, "x", "X")
    assert len(deck.cards) == 3 and left_out == 1
    assert [c.id for c in deck.cards] == ["c01", "c02", "c03"]
