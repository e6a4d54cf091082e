"""The rules for players: the text of each game (French and English), its FAQ, and the
answerer of rule questions. ``load_rules(game, lang)``, ``ask(game, question)``."""

from partie.rules.answerer import Answer, ask
from partie.rules.document import GAMES, LANGS, Rules, UnknownRules, load_rules

__all__ = ["GAMES", "LANGS", "Answer", "Rules", "UnknownRules", "ask", "load_rules"]
