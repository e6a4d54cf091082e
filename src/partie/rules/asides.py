"""A question that tells how another game does a thing ("au uno on pioche une carte à
la fin, ici on en reprend combien ?", "comme au scrabble les lettres valent pas pareil,
on peut changer les points ?") sets the scene with that game's rule and asks about
ours in the rest of the sentence. The rest is what the answer is about: it counts
twice, the other game's clause once (its words often name a neighbouring rule of ours).
When the rest holds no words of its own ("…, ici aussi ?"), the clause is the question.
"""

from __future__ import annotations

import re

from partie.rules.normalise import fold

OTHER_GAMES = (
    "uno",
    "scrabble",
    "belote",
    "tarot",
    "poker",
    "bridge",
    "rami",
    "monopoly",
    "boggle",
    "dobble",
    "skyjo",
    "vrai tennis",
    "tennis",
)
"""Games a player compares ours with. "tennis" alone is real tennis: our games are
named "tennis quizz" and "tennis de mots" (excluded below)."""

_CLAUSE = re.compile(
    r"\b(?:au|a la|aux|comme au|comme a la|comme en|comme dans le|dans le|en)\s+(?:"
    + "|".join(OTHER_GAMES)
    + r")\b(?!\s+(?:quizz|quiz|de mots|des mots))[^,;?!.]*"
)
"""The other game named ("au uno", "comme au scrabble") and its clause, up to the
first punctuation."""


def asked_part(question: str) -> str | None:
    """The part of ``question`` that asks about our game when another game's clause
    sets the scene, or None when no other game is told of (folded text, the clause
    taken out)."""
    folded = fold(question)
    match = _CLAUSE.search(folded)
    if match is None:
        return None
    rest = folded[: match.start()] + " " + folded[match.end() :]
    return _BACK.sub(" ", rest)


_BACK = re.compile(r"\b(?:ici|aussi|pareil(?:le)?|idem|(?:la )?meme chose|chez vous|dans ce jeu)\b")
"""Words that point back at the other game's clause ("ici aussi ?", "c'est pareil
ici ?"): they ask whether ours does the same, and say nothing of which rule."""


_NAMES = re.compile(
    r"\b(?:" + "|".join(g for g in OTHER_GAMES if "tennis" not in g) + r")\b", re.IGNORECASE
)


def without_other_games(question: str) -> str:
    """A FAQ question with the other games' names taken out, before it joins the passage
    it rests on: "au scrabble on peut contester n'importe quel mot" teaches the
    contest's paragraph about contesting, not that "scrabble" is a word of it (the next
    player who compares with Scrabble may ask about letter values). Real tennis is
    left: our games are named after it."""
    return _NAMES.sub(" ", question)
