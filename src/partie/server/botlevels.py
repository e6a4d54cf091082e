"""Bot levels a table may use from the network: named for people, bounded in cost.

The command line accepts every bot spec a game reads (``mc:100000`` included); a page
on the network may only pick one of the levels its game's adapter lists. Each level is
one bounded spec with a name and a line saying how it plays, in French and English,
and a wall-clock budget per move after which a ``cheaper`` level plays that move
instead (so a slow machine or a busy server never leaves a table waiting on a bot).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from partie.core.errors import BadOptions


@dataclass(frozen=True)
class BotLevel:
    """One level: the spec stored with the seat, its names and its cost bounds."""

    spec: str
    name_fr: str
    name_en: str
    about_fr: str
    about_en: str
    #: Seconds of wall clock a move may take before ``cheaper`` plays it instead.
    budget: float = 2.0
    #: The spec that plays when the budget is spent (``None``: this level is cheap and
    #: always answers within its budget: it is awaited to the end).
    cheaper: str | None = None

    def label(self) -> dict[str, str]:
        """The bot's name on every screen: « Robot débutant », "Beginner bot"."""
        return {"fr": f"Robot {self.name_fr.lower()}", "en": f"{self.name_en} bot"}

    def to_json(self) -> dict[str, Any]:
        return {
            "bot": self.spec,
            "name": {"fr": self.name_fr, "en": self.name_en},
            "label": self.label(),
            "about": {"fr": self.about_fr, "en": self.about_en},
        }


def find_level(levels: tuple[BotLevel, ...], spec: str) -> BotLevel | None:
    return next((level for level in levels if level.spec == spec), None)


def bot_name(levels: tuple[BotLevel, ...], spec: str | None) -> dict[str, str]:
    """What every screen calls the bot playing ``spec``: « Robot fort », "Strong bot"
    (a spec outside the list, stored by an older server, keeps its own name)."""
    level = None if spec is None else find_level(levels, spec)
    if level is None:
        return {"fr": f"Robot {spec or ''}".strip(), "en": f"Bot {spec or ''}".strip()}
    return level.label()


def refuse_bot(game_id: str, spec: str, levels: tuple[BotLevel, ...]) -> BadOptions:
    names_fr = ", ".join(f"{lv.name_fr} ({lv.spec})" for lv in levels)
    names_en = ", ".join(f"{lv.name_en} ({lv.spec})" for lv in levels)
    shown = spec[:40]
    return BadOptions(
        f"bot refusé pour {game_id} : {shown!r} (niveaux proposés : {names_fr})",
        f"bot refused for {game_id}: {shown!r} (levels offered: {names_en})",
        code="bad_bot",
    )
