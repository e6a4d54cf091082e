"""Tennis de mots bots by name: ``greedy``, ``tactician@5000``, ``mc:200``.

The one module that knows every bot, the Monte Carlo one included. It sits above
``bots`` and ``montecarlo`` (which builds its playouts on the plain bots), so neither
of them imports the other back.
"""

from __future__ import annotations

from typing import Any

from partie.core.errors import BadOptions
from partie.core.game import Bot
from partie.games.tennis_mots.bots import BOTS
from partie.games.tennis_mots.montecarlo import MonteCarloBot

BOT_HELP = (
    "NAME[:PARAMS][@N]: simple, greedy, tactician, mc; @N limits the bot to the N most "
    "frequent French words (tactician@5000); PARAMS is a comma list of key=value "
    "(bluff=0.05, doubt=0.5, vocab=5000, playouts=200, gen=exact), or a bare number "
    "for mc's playouts (mc:200)"
)


def bot_from_spec(spec: str, seed: int = 0) -> Bot:
    """A bot from its name: ``greedy``, ``tactician@5000``, ``mc:200``,
    ``tactician:bluff=0.05,vocab=20000``. Raises ``BadOptions`` with the grammar."""

    def refuse(why_fr: str, why_en: str) -> BadOptions:
        return BadOptions(
            f"bot inconnu pour Tennis de mots : {spec!r} ({why_fr})",
            f"unknown bot for Tennis de mots: {spec!r} ({why_en}; {BOT_HELP})",
        )

    from partie.core.inputs import MAX_BOT_BUDGET, check_bot_spec

    check_bot_spec(spec, game="Tennis de mots")
    text = spec.strip()
    vocab: int | None = None
    if "@" in text:
        text, _, size = text.partition("@")
        if not size.isdigit():
            raise refuse("@N : un nombre de mots", "@N: a number of words")
        vocab = int(size)
    name, _, params = text.partition(":")
    kinds: dict[str, type[Bot]] = {**BOTS, "mc": MonteCarloBot}
    if name not in kinds:
        raise refuse("bots : " + ", ".join(sorted(kinds)), "bots: " + ", ".join(sorted(kinds)))
    kwargs: dict[str, Any] = {}
    for item in filter(None, params.split(",")):
        key, eq, value = item.partition("=")
        if not eq:
            key, value = "playouts", item
        if key not in ("vocab", "playouts", "bluff", "doubt", "gen"):
            raise refuse(f"paramètre inconnu {key!r}", f"unknown parameter {key!r}")
        try:
            if key in ("vocab", "playouts"):
                kwargs[key] = int(value)
            elif key in ("bluff", "doubt"):
                kwargs[key] = float(value)
                if not 0.0 <= kwargs[key] <= 1.0:
                    raise ValueError
            elif value in ("budgeted", "exact"):
                kwargs[key] = value
            else:
                raise ValueError
        except ValueError:
            raise refuse(f"valeur illisible pour {key}", f"bad value for {key}") from None
        if key == "playouts" and not 1 <= kwargs[key] <= MAX_BOT_BUDGET:
            raise refuse(f"playouts de 1 à {MAX_BOT_BUDGET}", f"playouts 1 to {MAX_BOT_BUDGET}")
    if vocab is not None:
        kwargs["vocab"] = vocab
    if name == "simple" and kwargs:
        raise refuse("simple ne prend pas de paramètre", "simple takes no parameter")
    if "playouts" in kwargs and name != "mc":
        raise refuse("seul mc prend des playouts", "only mc takes playouts")
    if kwargs.get("playouts", 1) < 1:
        raise refuse("playouts : au moins 1", "playouts: at least 1")
    return kinds[name](seed, **kwargs)


__all__ = ["BOT_HELP", "bot_from_spec"]
