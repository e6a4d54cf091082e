"""Each game's FAQ: questions players ask, our answer, and the passage it rests on.

``faq/<game>.toml`` holds ``[[q]]`` entries: ``question``, ``answer``, ``section`` and
``passage`` (a few words quoted from that section's paragraph, which name it), and
``held_out = true`` for the questions kept out of the answerer's index and of its
calibration, to measure it on questions it has never seen (``series = N`` names the
held-out series it was written in; ``blind = true``: written
by someone who saw neither the FAQ nor the answerer; reported apart, and held out
too). An entry with an empty ``section`` is a question the rules do not answer: the
answerer must not be sure.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from partie.rules.document import Rules, load_rules


@dataclass(frozen=True)
class FaqEntry:
    game: str
    question: str
    answer: str
    passage_id: str | None  # None: the rules do not answer it
    held_out: bool
    lang: str = "fr"
    blind: bool = False
    """Written by someone who never saw the answerer's FAQ nor its code (held out too)."""
    series: int | None = None
    """Which held-out series the entry belongs to (``series = 8``): each is reported
    apart, since each was written before a different round of changes."""


def _squash(text: str) -> str:
    return " ".join(text.split()).casefold()


def find_passage(rules: Rules, section: str, quote: str) -> str:
    """The id of the one passage of ``section`` that contains ``quote``."""
    hits = [p.id for p in rules.section(section).passages if _squash(quote) in _squash(p.text)]
    if len(hits) != 1:
        raise ValueError(f"{rules.game}: {quote!r} is in {len(hits)} passages of {section!r}")
    return hits[0]


def _read(game: str) -> dict:
    raw = resources.files(__package__).joinpath("faq", f"{game}.toml").read_text("utf-8")
    return tomllib.loads(raw)


@cache
def load_keywords(game: str, lang: str = "fr") -> dict[str, str]:
    """Players' words for passages of the rules in ``lang`` (``[[keywords]]``, French
    unless ``lang = "en"``): passage id → words, added to that passage's search terms."""
    rules = load_rules(game, lang)
    out: dict[str, str] = {}
    for item in _read(game).get("keywords", []):
        if item.get("lang", "fr") != lang:
            continue
        pid = find_passage(rules, item["section"], item["passage"])
        out[pid] = (out.get(pid, "") + " " + item["words"]).strip()
    return out


@cache
def load_faq(game: str) -> tuple[FaqEntry, ...]:
    """The FAQ of ``game``; a quote that names no single passage is a bug (ValueError)."""
    return parse_faq(game, _read(game))


def parse_faq(game: str, data: dict) -> tuple[FaqEntry, ...]:
    """The ``[[q]]`` entries of a FAQ file already read as TOML."""
    entries = []
    for item in data["q"]:
        lang = item.get("lang", "fr")
        section = item.get("section", "")
        passage_id = (
            find_passage(load_rules(game, lang), section, item["passage"]) if section else None
        )
        entries.append(
            FaqEntry(
                game=game,
                question=item["question"],
                answer=item.get("answer", ""),
                passage_id=passage_id,
                held_out=bool(item.get("held_out", False) or item.get("blind", False)),
                lang=lang,
                blind=bool(item.get("blind", False)),
                series=item.get("series"),
            )
        )
    return tuple(entries)
