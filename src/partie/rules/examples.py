"""Questions that ask for a worked example, and what is left of them once the request
is taken out.

A player who writes "exemple de rétro en chaîne svp" or "montre-moi un tour à deux"
wants the rules' worked example first, and the rule it shows after it; a player who
writes "par exemple, 37 sur 47 ?" tells a situation and wants the rule. The request is
told by a few phrases (an example, a concrete case, "show me", "à montrer au
tableau"), never by numbers alone: a situation told with numbers asks what the rule
is, and the situation reader answers it.
"""

from __future__ import annotations

import re

from partie.rules.normalise import fold

_OWN = "ses|tes|vos|mes|sa|ta|son|ton|leurs?|nos|notre|votre|les cartes|your|his|her|their|my"
"""After "montre-moi", a possessive is one's cards ("il peut me montrer ses cartes ?"),
which the rule on talking answers: no request."""

_REQUEST = re.compile(
    r"\b(?<!par )(?<!for )(?<!comme )exemples?\b"  # "un exemple", not "par exemple"
    r"|\b(?<!for )(?<!like )examples?\b"
    r"|\bexemplifi\w*|\billustr\w*"
    r"|\bcas (?:concrets?|pratiques?|precis)\b|\bconcretement\b"
    rf"|\b(?:montre[sz]?[ -](?:moi|nous)|(?:me|nous) montrer|a montrer)\b(?! (?:{_OWN})\b)"
    r"|\bmontrer comment\b"
    rf"|\bshow (?:me|us)\b(?! (?:{_OWN})\b)"
    r"|\bconcrete (?:case|example)s?\b|\bwalk (?:me|us) through\b"
    r"|\bmise en situation\b|\bdemo\b"
)
"""Phrases that ask to be shown a case, on folded text. Showing one's cards ("je peux
montrer mes lettres") is a rule question, not a request: "montrer" alone is not one."""

_FILLER = re.compile(
    r"\b(?:un|une|des|d|de|l|le|la|les|exemples?|examples?|an|a|some|of|"
    r"avez vous|auriez vous|vous avez|tu as|t as|tu aurais|vous auriez|tu peux|"
    r"vous pouvez|pouvez vous|peux tu|could you|can you|do you have|"
    r"concrets?|chiffres?|precis|pratiques?|please|svp|stp)\b"
)


_FROM = re.compile(r"\ba partir (?:de|du|des|d)\b")
"""The locution "à partir de", on folded text: a frame, not a word of the games."""


def asks_example(question: str) -> bool:
    """Whether the question asks to be shown a worked example."""
    return bool(_REQUEST.search(_flat(question)))


def without_request(question: str) -> str:
    """The question with its request words taken out ("exemple de rétro en chaîne" →
    "rétro en chaîne"): what the example must be about."""
    text = _REQUEST.sub(" ", _flat(question))
    # "à partir de 5-5" (from) goes before its "à" and "de" do, or "partir" would be
    # left alone and stem as "partie" (a game)
    text = _FROM.sub(" ", text)
    return " ".join(_FILLER.sub(" ", text).split())


def _flat(question: str) -> str:
    """Folded words separated by single spaces (apostrophes and hyphens are spaces)."""
    return " ".join(re.findall(r"[a-z0-9]+", fold(question)))
