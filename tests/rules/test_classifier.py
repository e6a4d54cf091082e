"""The classifier learnt from the FAQ's questions (off in the answerer, kept to measure)
and the count of a question's own words in the sure/unsure call."""

from __future__ import annotations

import pytest

from partie.rules import answerer as answerer_module
from partie.rules import ask
from partie.rules.answerer import Answerer
from partie.rules.classifier import Centroids, features
from partie.rules.faq import load_faq


def test_nearest_centroid_survives_typos_and_verb_forms() -> None:
    samples = [
        (features("je peux reculer de dix", ["recul", "10"]), 0),
        (features("on recule de 10 sur une pile", ["recul", "10", "pile"]), 0),
        (features("combien de cartes on pioche", ["cart", "pioch"]), 1),
        (features("je pioche quand", ["pioch"]), 1),
    ]
    model = Centroids(samples, 2)
    # no stems given: only the pieces of the misspelt words can tell
    recule, pioche = model.scores(features("on peut recullé ?", []))
    assert recule > pioche
    recule, pioche = model.scores(features("piocher combien", []))
    assert pioche > recule


def test_made_up_probe_is_not_sure() -> None:
    """ "le tas au milieu" is two words; "milieu" brings the lifted forehand's synonym
    "endroit" with it, which once counted as a third word and made the answer sure."""
    answer = ask("tennis-mots", "le tas au milieu c'est quoi")
    assert answer.signals["terms"] == 2
    assert not answer.sure


def test_fused_ranking_still_answers_faq_questions(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(answerer_module, "FUSION", 0.5)
    faq = [e for e in load_faq("the-game") if not e.held_out and e.lang == "fr"]
    fused = Answerer("the-game", "fr", faq)
    assert fused.model is not None
    asked = [e for e in faq if e.passage_id][:40]
    right = sum(fused.ask(e.question).best.passage.id == e.passage_id for e in asked)
    assert right >= 0.9 * len(asked)


def test_perceptron_learns_the_samples(monkeypatch: pytest.MonkeyPatch) -> None:
    from partie.rules import classifier

    monkeypatch.setattr(classifier, "PERCEPTRON", 5)
    samples = [
        (features("reculer de dix", []), 0),
        (features("on recule de 10", []), 0),
        (features("combien on pioche", []), 1),
        (features("je pioche quand", []), 1),
    ]
    model = Centroids(samples, 2)
    assert model.scores(features("recul", []))[0] == 1.0
    assert model.scores(features("piochons", []))[1] == 1.0
