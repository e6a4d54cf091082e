"""The challenge rule "at no risk" is said the same way in the rules text and the docs."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

DOCS = Path(__file__).resolve().parents[3] / "docs" / "tennis-mots.md"


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_the_rules_text_marks_no_risk_as_a_decision() -> None:
    rules = _flat(resources.files("partie.rules").joinpath("tennis-mots.md").read_text("utf-8"))
    assert '**[decision]** The page says both "sans aucun risque"' in rules
    assert "a challenger who is wrong takes no penalty of their own" in rules
    assert "the rally still ends with the ACE reward to the player whose word was valid" in rules


def test_the_docs_say_it_the_same_way() -> None:
    docs = _flat(DOCS.read_text(encoding="utf-8"))
    assert "at no risk" in docs
    assert "a challenger who is wrong takes no penalty of their own" in docs
    assert "the rally still ends with the ACE reward to the player whose word was valid" in docs
