"""The challenge rule "at no risk" is said the same way in the players' rules (French and
English) and the docs, as the shared rules mark it: a decision."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

DOCS = Path(__file__).resolve().parents[3] / "docs" / "tennis-mots.md"


def _flat(text: str) -> str:
    return " ".join(text.split())


def _rules(lang: str) -> str:
    path = resources.files("partie.rules").joinpath(f"text/tennis-mots.{lang}.md")
    return _flat(path.read_text("utf-8"))


def test_the_french_rules_mark_no_risk_as_our_choice() -> None:
    rules = _rules("fr")
    assert "Notre choix : la règle dit que la contestation est « sans aucun risque »" in rules
    assert "un contestataire qui a tort n'a aucune pénalité à lui" in rules
    assert "le joueur dont le mot était valide reçoit la récompense de l'ACE" in rules


def test_the_english_rules_say_it_the_same_way() -> None:
    rules = _rules("en")
    assert 'Our choice: the rules say a challenge is "at no risk"' in rules
    assert "a challenger who is wrong takes no penalty of their own" in rules
    assert "the player whose word was valid gets the ACE reward" in rules


def test_the_docs_say_it_the_same_way() -> None:
    docs = _flat(DOCS.read_text(encoding="utf-8"))
    assert "at no risk" in docs
    assert "a challenger who is wrong takes no penalty of their own" in docs
    assert "the rally still ends with the ACE reward to the player whose word was valid" in docs
