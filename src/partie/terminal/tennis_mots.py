"""Tennis de mots in a terminal: the table word and the hand with card values, pot,
weight, scores and whose turn it is; every shot is announced by name."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text

from partie.core.errors import PartieError
from partie.games.tennis_mots.bots import load_lexicon, word_is_valid
from partie.games.tennis_mots.cards import DOUBLE
from partie.games.tennis_mots.movegen import hints
from partie.games.tennis_mots.rules import Net, Shot
from partie.games.tennis_mots.shots import LIGNE_POINTS, announce
from partie.terminal.common import TerminalScreen, tr

HELP = (
    (
        "Tapez le nouveau mot avec les cartes de la table et de votre main (ex. « JEUX »). "
        "Jokers : * (toute lettre), # (consonne), @ (voyelle), < ou > (double) ; "
        "[*S] fixe la lettre d'un joker. « net MOT » : NET (les cartes ajoutées vont au "
        "pot) ; « passe » ; « conteste » ou « ok » après un NET ou une LIGNE ; "
        "« =passe » pour poser le mot PASSE ; « r » ou « plateau » redessine la table ; "
        "« aide » ; « quitter »."
    ),
    (
        "Type the new word with table and hand cards (e.g. 'JEUX'). Jokers: * (any "
        "letter), # (consonant), @ (vowel), < or > (double); [*S] states a joker's letter. "
        "'net WORD': a NET (the added cards go to the pot); 'pass'; 'challenge' or 'ok' "
        "after a NET or LIGNE; '=passe' lays the word PASSE; 'r' or 'board' redraws the "
        "table; 'help'; 'quit'."
    ),
)


SET_ENDS = {
    "last_rally": ("dernier échange joué", "last rally played"),
    "bonus_unpaid": ("la pioche ne paie pas le bonus", "the draw pile cannot pay the bonus"),
    "no_serve": ("plus personne ne peut servir", "nobody can serve any more"),
}


def player_name(seat: int, humans: int, lang: str) -> str:
    if seat < humans:
        return tr(lang, f"Joueur {seat + 1}", f"Player {seat + 1}")
    return f"Bot {seat + 1}"


def card_text(glyph: str, letter: str, value: int) -> str:
    """``J8``, and a joker with its reading: ``★(S)0``."""
    if glyph == letter or not letter:
        return f"{glyph}{value}"
    return f"{glyph}({letter}){value}"


def render(view: dict[str, Any], humans: int, lang: str) -> Table:
    """The table as one seat sees it."""
    n = view["players"]
    phase = view["phase"]
    acting = view["to_act"]
    who = ", ".join(player_name(s, humans, lang) for s in acting) or "—"
    serve = ""
    if phase == "serve" and view["serve_number"] == 2 and not view["last_rally"]:
        # At set point a NET serve passes the serve on: there is no second ball.
        serve = tr(lang, " (2e balle)", " (second serve)")
    title = tr(
        lang,
        f"Tennis de mots · set {view['set']} · à jouer : {who}{serve} · "
        f"pioche {view['draw_count']}",
        f"Tennis de mots · set {view['set']} · to play: {who}{serve} · "
        f"draw pile {view['draw_count']}",
    )
    if view["last_rally"]:
        title += tr(lang, " · BALLE DE SET", " · SET POINT")
    grid = Table(title=title, show_header=True, expand=False)
    grid.add_column(tr(lang, "joueur", "player"))
    grid.add_column(tr(lang, "sets", "sets"), justify="right")
    grid.add_column(tr(lang, "main", "hand"), justify="right")
    grid.add_column(tr(lang, "plis", "tricks"), justify="right")
    grid.add_column("malus", justify="right")
    grid.add_column(tr(lang, "échange", "rally"))
    for s in range(n):
        state_word = ""
        if phase != "serve" and phase != "over":
            state_word = (
                tr(lang, "en jeu", "in") if view["in_rally"][s] else tr(lang, "a passé", "out")
            )
        if s == view["server"]:
            state_word = (state_word + " " + tr(lang, "(serveur)", "(server)")).strip()
        grid.add_row(
            player_name(s, humans, lang) + (" ◀" if s in acting else ""),
            str(view["sets_won"][s]),
            str(view["hand_sizes"][s]),
            tr(lang, f"{view['tricks'][s]} cartes", f"{view['tricks'][s]} cards"),
            str(view["malus"][s]),
            state_word,
        )
    if view["set_scores"]:
        scores = " | ".join(" – ".join(str(p) for p in s) for s in view["set_scores"])
        grid.caption = tr(lang, f"points des sets : {scores}", f"set points: {scores}")
    return grid


def table_line(view: dict[str, Any], lang: str) -> Text:
    text = Text(tr(lang, "Table : ", "Table: "))
    if view["table"]:
        for card in view["table"]:
            text.append(card_text(card["glyph"], card["letter"], card["value"]) + " ", "bold")
        text.append(f"= {view['table_value']} pts · ")
    else:
        text.append(tr(lang, "(vide, au service) · ", "(empty, serve) · "))
    text.append(tr(lang, f"poids {view['weight']}", f"weight {view['weight']}"), "bold yellow")
    pot = view["pot"]
    text.append(" · pot ")
    text.append(
        " ".join(f"{c['face']}{c['value']}" for c in pot) + f" ({view['pot_value']} pts)"
        if pot
        else tr(lang, "vide", "empty")
    )
    return text


def hand_line(view: dict[str, Any], lang: str) -> Text:
    text = Text(tr(lang, "Main : ", "Hand: "))
    hand = view["hand"] or []
    for card in hand:
        text.append(f"{card['face']}{card['value']} ", "bold green")
    if not hand:
        text.append(tr(lang, "(vide)", "(empty)"))
    return text


def describe_event(event: dict[str, Any], humans: int, lang: str) -> str | None:
    """One line for what just happened, the shot's name announced."""
    kind = event["kind"]
    if kind == "shot":
        who = player_name(event["seat"], humans, lang)
        shown = event["word"]
        if event["letters"] != event["word"].replace("[", "").replace("]", ""):
            shown += f" ({event['letters']})"
        return f"{who} : {shown} — {announce(event['names'], lang)} ({event['value']} pts)"
    if kind == "net":
        who = player_name(event["seat"], humans, lang)
        if not event["discarded"]:
            return tr(lang, f"{who} passe", f"{who} passes")
        return tr(
            lang,
            f"{who} : NET {event['word']} ({event['value']} pts < {event['weight']}), "
            f"{event['discarded']} carte(s) au pot",
            f"{who}: NET {event['word']} ({event['value']} pts < {event['weight']}), "
            f"{event['discarded']} card(s) to the pot",
        )
    if kind == "fault":
        who = player_name(event["seat"], humans, lang)
        if event["double"]:
            return tr(
                lang,
                f"{who} : DOUBLE FAUTE ({event['word']}, {event['value']} pts < "
                f"{event['weight']}) : cartes au malus + {event['penalty']} de pénalité",
                f"{who}: DOUBLE FAULT ({event['word']}, {event['value']} pts < "
                f"{event['weight']}): cards to the malus pile + {event['penalty']} penalty",
            )
        return tr(
            lang,
            f"{who} : FAUTE ({event['word']}, {event['value']} pts < {event['weight']}), "
            "second service",
            f"{who}: FAULT ({event['word']}, {event['value']} pts < {event['weight']}), "
            "second serve",
        )
    if kind == "challenge":
        who = player_name(event["seat"], humans, lang)
        verdict = tr(
            lang,
            "le mot est valide" if event["valid"] else "aucun mot ne commence ainsi",
            "the word is valid" if event["valid"] else "no word starts so",
        )
        winner = player_name(event["winner"], humans, lang)
        return tr(
            lang,
            f"{who} conteste {event['word']} : {verdict}, l'échange va à {winner}",
            f"{who} challenges {event['word']}: {verdict}, the rally goes to {winner}",
        )
    if kind == "rally":
        who = player_name(event["winner"], humans, lang)
        extra = ""
        if event["ace"]:
            extra += " ACE !"
        if event["bonus"]:
            extra += tr(lang, f" +{event['bonus']} cartes bonus", f" +{event['bonus']} bonus cards")
        if event["unpaid"]:
            extra += tr(
                lang,
                " La pioche ne peut payer le bonus : toutes les cartes et fin du set !",
                " The draw pile cannot pay the bonus: every card, and the set ends!",
            )
        return tr(
            lang,
            f"Jeu pour {who} : {event['cards']} cartes aux plis.{extra}",
            f"Game to {who}: {event['cards']} cards to the tricks.{extra}",
        )
    if kind == "set":
        scores = " – ".join(str(s) for s in event["scores"])
        winner = (
            player_name(event["winner"], humans, lang)
            if event["winner"] is not None
            else tr(lang, "personne (égalité)", "nobody (tie)")
        )
        why_fr, why_en = SET_ENDS.get(event["reason"], (event["reason"], event["reason"]))
        return tr(
            lang,
            f"Fin du set {event['number']} ({why_fr}) : {scores}, gagné par {winner}",
            f"End of set {event['number']} ({why_en}): {scores}, won by {winner}",
        )
    if kind == "match":
        who = player_name(event["winner"], humans, lang)
        return tr(lang, f"Jeu, set et match : {who} !", f"Game, set and match: {who}!")
    return None


def hint_line(
    view_before: dict[str, Any], action: Any, played_value: int | None, lang: str
) -> str | None:
    """ "What could I have played": after a shot or a NET, up to three better shots of
    the position the player had (better: worth more than the shot played), or None."""
    if not isinstance(action, Shot | Net):
        return None
    lexicon = load_lexicon(view_before["options"]["lexicon"])
    found = [
        h
        for h in hints(view_before, lexicon, top=3)
        if played_value is None or h.value > played_value
    ]
    if not found:
        return None
    listed = ", ".join(f"{h.text()} ({h.value}, {announce(h.names, lang)})" for h in found)
    return tr(lang, f"Vous auriez pu jouer : {listed}", f"You could have played: {listed}")


REDRAW = ("r", "plateau", "board")


def only_a_net(view: dict[str, Any], lexicon: Any) -> bool:
    """Is the seat serving with no shot that reaches the weight (only a NET is left:
    a fault, or a pass at set point)?"""
    if view["phase"] != "serve" or view["turn"] != view["seat"] or not view["hand"]:
        return False
    if all(card["face"] == DOUBLE for card in view["hand"]):
        return True
    return not any(h.value >= view["weight"] for h in hints(view, lexicon, top=1))


def may_bluff(view: dict[str, Any], action: Shot | Net) -> bool:
    """Could this unchecked word stand as a bluff: a NET under the weight, or a shot on
    the LIGNE? Anything else is refused by the rules whatever it spells, so the player
    is not asked whether to bluff with it."""
    values = view["deck_values"]
    faces = {c["id"]: c["face"] for c in view["table"]}
    faces.update((c["id"], c["face"]) for c in view["hand"] or ())
    value = sum(values.get(faces.get(card, ""), 0) for card, _g, _l in action.cards)
    if isinstance(action, Net):
        return value < view["weight"]
    return value >= max(view["weight"], LIGNE_POINTS)


class TennisMotsScreen(TerminalScreen):
    """Tennis de mots in a terminal: the table, the hand, every shot named."""

    help = HELP

    def __init__(self, *args: Any, show_hints: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.show_hints = show_hints
        self.shown_events = 0
        self._before: dict[str, Any] | None = None
        self.seen_points = [0] * len(self.names)

    def lexicon(self, view: dict[str, Any]) -> Any:
        return load_lexicon(view["options"]["lexicon"])

    def draw(self, view: dict[str, Any]) -> None:
        self._before = view
        humans = len(self.persons)
        self.console.print(render(view, humans, self.lang))
        self.console.print(table_line(view, self.lang))
        self.console.print(hand_line(view, self.lang))
        self.console.print(self.points_line(), style="dim")
        pending = view["pending"]
        if pending is not None:
            self.console.print(
                self.tr(
                    f"{self.name(pending['shooter'])} a joué "
                    f"{pending['kind']} {pending['word']} : « conteste » ou « ok » ?",
                    f"{self.name(pending['shooter'])} played "
                    f"{pending['kind']} {pending['word']}: 'challenge' or 'ok'?",
                ),
                style="bold",
            )
        elif only_a_net(view, self.lexicon(view)):
            self.console.print(
                self.tr(
                    "Aucun service n'atteint le poids : seul un NET est possible "
                    "(ex. « net < » avec un double).",
                    "No serve reaches the weight: only a NET is possible "
                    "(e.g. 'net <' with a double).",
                ),
                style="bold yellow",
            )

    def prompt(self, view: dict[str, Any]) -> str:
        return f"{self.name(view['seat'])}> "

    def refused(self, view: dict[str, Any], error: PartieError) -> None:
        """The reason, then the table again, so the player sees what they work with."""
        super().refused(view, error)
        self.draw(view)

    def read(self, view: dict[str, Any], line: str) -> Any | None:
        if line.lower() in REDRAW:
            self.draw(view)
            return None
        action = self.game.parse_action(view, line)
        if (
            isinstance(action, Shot | Net)
            and action.cards
            and view["options"]["bluff"]
            and may_bluff(view, action)
            and not word_is_valid(self.lexicon(view), action.cards)
        ):
            question = self.tr(
                f"{action.text()} : aucun mot français ne commence ainsi. "
                "Le jouer quand même (bluff, il peut être contesté) ? (o/n) ",
                f"{action.text()}: no French word starts this way. "
                "Play it anyway (a bluff, it may be challenged)? (y/n) ",
            )
            if not self.confirm(question):
                return None
        return action

    def describe(self, action: Any) -> str:
        return action.text()

    def played(self, view: dict[str, Any], seat: int, action: Any) -> None:
        self._tell_events(view)
        before, self._before = self._before, None
        if self.show_hints and seat in self.persons and before is not None:
            last = view["log"][-1] if view["log"] else None
            value = last["value"] if last is not None and last["kind"] == "shot" else None
            line = hint_line(before, action, value, self.lang)
            if line:
                self.console.print(line, style="magenta")

    def points_line(self) -> str:
        """The running points of the set as far as the table has seen them: the cards
        won off the table and the pot, less the cards of double faults (bonus cards,
        penalty cards and the hands taken at set point are face down: counted at the
        end of the set)."""
        scores = " · ".join(f"{self.name(s)} {p}" for s, p in enumerate(self.seen_points))
        return self.tr(
            f"Points du set (cartes vues) : {scores}", f"Set points (seen cards): {scores}"
        )

    def _count(self, event: dict[str, Any]) -> None:
        kind = event["kind"]
        if kind == "rally":
            self.seen_points[event["winner"]] += event.get("points", 0)
        elif kind == "fault" and event["double"]:
            self.seen_points[event["seat"]] -= event["value"]
        elif kind == "set":
            self.seen_points = [0] * len(self.seen_points)

    def _tell_events(self, view: dict[str, Any]) -> None:
        for event in view["log"]:
            if event["n"] < self.shown_events:
                continue
            self._count(event)
            line = describe_event(event, len(self.persons), self.lang)
            if line:
                self.console.print(line, style="cyan" if event["kind"] == "shot" else None)
            self.shown_events = event["n"] + 1

    def finish(self, view: dict[str, Any]) -> None:
        self._tell_events(view)
        self.console.print(render(view, len(self.persons), self.lang))


__all__ = ["TennisMotsScreen", "describe_event", "hand_line", "render", "table_line"]
