"""The players' rules of each game, read from the Markdown its package names.

Each game names the package holding its rules (``Game.rules_text``; the built-in
games' are in ``text/`` next to this module, with the FAQ the answerer learns from).
A rules file is ``<game>.<lang>.md``: a ``#`` title, an introduction, then
``## Title {#id}`` sections whose ids are the same in every language. A section's
*passages* are its paragraphs: the unit a rule question is answered with.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

from partie.core.errors import PartieError, UnknownGame
from partie.core.registry import get_game

LANGS = ("fr", "en")
GAMES = tuple(
    sorted({p.name.split(".")[0] for p in resources.files(__package__).joinpath("text").iterdir()
            if p.name.endswith(".md")})
)  # fmt: skip
"""The games whose rules ship here: the ones the rules answerer knows (it has their FAQ)."""

_HEADING = re.compile(r"^## (?P<title>.+?)\s*\{#(?P<id>[a-z0-9-]+)\}\s*$")


class UnknownRules(PartieError):
    """No rules text for this game or language."""

    code = "unknown_rules"


@dataclass(frozen=True)
class Passage:
    """One paragraph of a section; ``id`` is ``<section>.<n>`` (n from 1)."""

    id: str
    section_id: str
    section: str
    text: str


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    passages: tuple[Passage, ...]

    @property
    def text(self) -> str:
        """The section body as Markdown (paragraphs separated by blank lines)."""
        return "\n\n".join(p.text for p in self.passages)

    def to_json(self) -> dict[str, str]:
        return {"id": self.id, "title": self.title, "text": self.text}


@dataclass(frozen=True)
class Rules:
    game: str
    lang: str
    title: str
    intro: str
    sections: tuple[Section, ...]

    @property
    def passages(self) -> list[Passage]:
        return [p for s in self.sections for p in s.passages]

    def section(self, section_id: str) -> Section:
        for section in self.sections:
            if section.id == section_id:
                return section
        raise KeyError(section_id)

    def markdown(self) -> str:
        """The whole text, as shown by ``partie rules GAME``."""
        parts = [f"# {self.title}", self.intro]
        for section in self.sections:
            parts += [f"## {section.title}", section.text]
        return "\n\n".join(p for p in parts if p) + "\n"

    def to_json(self) -> dict[str, object]:
        return {
            "game": self.game,
            "lang": self.lang,
            "title": self.title,
            "intro": self.intro,
            "sections": [s.to_json() for s in self.sections],
        }


def parse(text: str, game: str, lang: str) -> Rules:
    """Split a rules file into title, introduction and sections of paragraphs."""
    title = ""
    intro: list[str] = []
    sections: list[tuple[str, str, list[str]]] = []
    block: list[str] = []

    def flush() -> None:
        if block:
            paragraph = " ".join(line.strip() for line in block)
            (sections[-1][2] if sections else intro).append(paragraph)
            block.clear()

    for line in text.splitlines():
        heading = _HEADING.match(line)
        if line.startswith("# ") and not title:
            title = line[2:].strip()
        elif heading:
            flush()
            sections.append((heading["id"], heading["title"], []))
        elif line.startswith("#"):
            raise ValueError(f"{game}.{lang}: heading without an id: {line!r}")
        elif not line.strip():
            flush()
        else:
            block.append(line)
    flush()
    return Rules(
        game=game,
        lang=lang,
        title=title,
        intro="\n\n".join(intro),
        sections=tuple(
            Section(
                sid,
                stitle,
                tuple(Passage(f"{sid}.{n}", sid, stitle, p) for n, p in enumerate(paras, 1)),
            )
            for sid, stitle, paras in sections
        ),
    )


@cache
def load_rules(game: str, lang: str = "fr") -> Rules:
    """The players' rules of ``game`` in ``lang``; ``UnknownRules`` otherwise."""
    package = _rules_package(game) if lang in LANGS else None
    if package is None:
        raise UnknownRules(
            f"pas de règles pour {game!r} en {lang!r} (jeux : {', '.join(GAMES)} ; "
            f"langues : {', '.join(LANGS)})",
            f"no rules for {game!r} in {lang!r} (games: {', '.join(GAMES)}; "
            f"languages: {', '.join(LANGS)})",
        )
    text = resources.files(package).joinpath(f"{game}.{lang}.md").read_text(encoding="utf-8")
    return parse(text, game, lang)


def _rules_package(game: str) -> str | None:
    """The package the registered game ``game`` keeps its rules in, if it has rules."""
    try:
        return get_game(game).rules_text
    except UnknownGame:
        return None
