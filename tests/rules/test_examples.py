"""Telling a request for a worked example from a question that merely gives one."""

from __future__ import annotations

import pytest

from partie.rules.examples import asks_example, without_request
from partie.rules.normalise import terms


@pytest.mark.parametrize(
    "question",
    [
        "exemple de retro en chaine svp",
        "Vous auriez un exemple chiffré ?",
        "montrez-moi comment on finit un set",
        "un cas concret de faute au service ?",
        "un tour complet à montrer au tableau",
        "can you show me a chained trick",
        "any example of a lob?",
    ],
)
def test_requests_for_an_example(question: str) -> None:
    assert asks_example(question)


@pytest.mark.parametrize(
    "question",
    [
        "je peux jouer par exemple 37 sur 47 ?",
        "for example can I play 37 on 47",
        "je peux montrer mes lettres à l'autre ?",
        "mon partenaire peut me montrer ses cartes ?",
        "je peux montrer une carte à mon partenaire ?",
        "can my partner show me his cards?",
        "pile montante à 47, j'ai 37, ça passe ?",
        "on est à 6-6 dans le 2e set",
    ],
)
def test_questions_that_do_not_ask_for_one(question: str) -> None:
    assert not asks_example(question)


def test_the_request_words_are_taken_out() -> None:
    assert without_request("Auriez-vous un exemple de rétro en chaîne svp") == "retro en chaine"


def test_from_is_a_frame_not_a_game() -> None:
    """ "à partir de 5-5" says from where; its "partir" stems as "partie" (a game), which
    made every request for an example of a game ("un exemple de partie en double") find
    the example of a set's end once a FAQ question asked for it "à partir de 5-5"."""
    assert without_request("un exemple de fin de set à partir de 5-5 svp") == "fin set 5 5"
    assert "part" not in terms("fin de set à partir de 5-5")
    assert "part" in terms("une partie à deux")
