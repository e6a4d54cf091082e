"""The Game in a terminal: four piles, the hand with its playable cards, the signals."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from partie.games.the_game import PILE_NAMES, Play, playable
from partie.games.the_game.chat import check_chat
from partie.games.the_game.rules import ASCENDING, SIGNAL_TEXT, corners, is_trick
from partie.terminal.common import TerminalScreen, tr

HELP = (
    (
        "Coups : « 37 a1 » pose le 37 sur a1 (ou « 37 » s'il ne va que sur une pile) ; "
        "« fin » termine le tour ; « signal d2 garde|bon|efface » ; « dire … » parle "
        "(sans nombres) ; « r » redessine la table ; « aide » ; « quitter ». "
        "Dans votre main, 44(a1 d2) va sur a1 ou d2, ↺ marque un rétro, 44✗ ne va nulle part."
    ),
    (
        "Moves: '37 a1' lays 37 on a1 (or '37' when it fits one pile only); "
        "'end' ends the turn; 'signal d2 keep|good|clear'; 'say …' talks (no "
        "numbers); 'r' redraws the table; 'help'; 'quit'. In your hand, 44(a1 d2) fits "
        "a1 or d2, ↺ marks a backwards trick, 44✗ fits nowhere."
    ),
)

TAKEBACK_HELP = (
    "« reprendre » reprend la dernière carte posée ce tour-ci (jusqu'à « fin »). ",
    "'undo' (or 'reprendre') takes back the last card laid this turn (until 'end'). ",
)
"""Added before the help's last sentence at a table with the take-back option."""


def player_name(seat: int, humans: int, lang: str) -> str:
    if seat < humans:
        return tr(lang, f"Joueur {seat + 1}", f"Player {seat + 1}")
    return tr(lang, f"Bot {seat + 1}", f"Bot {seat + 1}")


def render(view: dict[str, Any], humans: int, lang: str) -> Group:
    """The table as one seat sees it: a status line, the four piles, the hand."""
    seat = view["seat"]
    status = tr(
        lang,
        f"The Game · au tour de {player_name(view['current'], humans, lang)} · "
        f"pioche {view['draw_count']} · à poser {view['min_cards']} "
        f"(posées {view['played_this_turn']})",
        f"The Game · {player_name(view['current'], humans, lang)} to play · "
        f"draw pile {view['draw_count']} · lay {view['min_cards']} "
        f"({view['played_this_turn']} laid)",
    )
    grid = Table(show_header=True, expand=False, padding=(0, 2))
    signals: dict[str, list[str]] = {name: [] for name in PILE_NAMES}
    for s in view["signals"]:
        word = SIGNAL_TEXT[s["kind"]][0 if lang == "fr" else 1]
        signals[s["pile"]].append(f"{word} ({player_name(s['seat'], humans, lang)})")
    for pile in view["piles"]:
        arrow = "↑" if pile["ascending"] else "↓"
        grid.add_column(f"{pile['name']} {arrow}", justify="center")
    grid.add_row(*[Text(str(p["top"]), style="bold") for p in view["piles"]])
    if any(signals.values()):
        grid.add_row(*[", ".join(signals[n]) for n in PILE_NAMES])
    parts: list[Any] = [Text(status, style="bold cyan"), grid]
    if view["players"] > 1:
        parts.append(others_line(view, humans, lang))
    if seat is not None:
        parts.append(hand_line(view, lang))
    return Group(*parts)


def hand_line(view: dict[str, Any], lang: str) -> Text:
    """The hand: playable cards in green, followed by the piles they fit when not all
    four (↺ marks a trick of 10); a card that fits nowhere is dimmed and marked ✗, so
    that it differs from one that fits everywhere by more than its colour."""
    text = Text(tr(lang, "Votre main : ", "Your hand: "))
    tops = [p["top"] for p in view["piles"]]
    for card in view["hand"]:
        piles = [
            PILE_NAMES[p] + ("↺" if is_trick(card, tops[p], ASCENDING[p]) else "")
            for p in range(4)
            if playable(card, tops[p], ASCENDING[p])
        ]
        if not piles:
            text.append(f"{card}✗ ", style="dim")
            continue
        text.append(f"{card}", style="bold green")
        if len(piles) < 4 or any("↺" in p for p in piles):
            text.append(f"({' '.join(piles)})", style="green")
        text.append(" ")
    return text


def others_line(view: dict[str, Any], humans: int, lang: str) -> Text:
    """How many cards each other player holds."""
    parts = [
        f"{player_name(s, humans, lang)}{tr(lang, ' : ', ': ')}{n}"
        for s, n in enumerate(view["hand_sizes"])
        if s != view["seat"]
    ]
    return Text(tr(lang, "Cartes en main — ", "Cards in hand — ") + ", ".join(parts), style="dim")


def corners_itself(view: dict[str, Any], action: Play) -> bool:
    """Would this play leave the player unable to reach the turn's minimum (the game
    then ends)? The rule's own reading of the view (``rules.corners``), as the web's."""
    return corners(view, action.card, action.pile)


def describe(action: Any, lang: str) -> str:
    if isinstance(action, Play):
        return action.text()
    if action.type == "end":
        return tr(lang, "fin du tour", "end of turn")
    if action.type == "signal":
        word = SIGNAL_TEXT[action.kind][0 if lang == "fr" else 1]
        return f"signal {PILE_NAMES[action.pile]} {word}"
    if action.type == "takeback":
        if action.card is None:
            return tr(lang, "reprend sa dernière carte", "takes back the last card")
        return tr(lang, f"reprend le {action.card}", f"takes back the {action.card}")
    return action.text()


END_REASONS = {
    "all_cards_played": ("les 98 cartes sont posées", "all 98 cards are down"),
    "stuck": (
        "le joueur au tour ne pouvait plus poser le minimum",
        "the player to act could no longer lay the minimum",
    ),
}


class TheGameScreen(TerminalScreen):
    """The Game in a terminal, for people at one keyboard and bots."""

    help = HELP

    def help_text(self, view: dict[str, Any]) -> str:
        """The moves, ``reprendre`` among them where the table offers it."""
        text = super().help_text(view)
        if not (view.get("options") or {}).get("takeback"):
            return text
        marker = "Dans votre main" if self.lang == "fr" else "In your hand"
        extra = TAKEBACK_HELP[0 if self.lang == "fr" else 1]
        return text.replace(marker, extra + marker, 1)

    def draw(self, view: dict[str, Any]) -> None:
        self.console.print(render(view, len(self.persons), self.lang))

    def prompt(self, view: dict[str, Any]) -> str:
        return "> "

    def read(self, view: dict[str, Any], line: str) -> Any | None:
        head, _, message = line.partition(" ")
        if line.lower() in ("r", "plateau", "board"):
            self.draw(view)
            return None
        if head.lower() in ("dire", "say"):
            said = check_chat(message)
            self.console.print(f"[italic]{self.name(view['seat'])} : « {said} »[/italic]")
            return None
        action = self.game.parse_action(view, line)
        if isinstance(action, Play) and corners_itself(view, action):
            question = self.tr(
                "Attention : après ce coup vous ne pourrez plus atteindre le minimum "
                "et la partie s'arrêtera. Confirmer ? (o/n) ",
                "Careful: after this play you cannot reach the minimum and the game "
                "ends. Confirm? (y/n) ",
            )
            if not self.confirm(question):
                return None
        return action

    def describe(self, action: Any) -> str:
        return describe(action, self.lang)

    def played(self, view: dict[str, Any], seat: int, action: Any) -> None:
        if seat not in self.persons:
            self.console.print(f"{self.name(seat)} : {self.describe(action)}")

    def finish(self, view: dict[str, Any]) -> None:
        self.console.print(render(view, len(self.persons), self.lang))
        fr, en = END_REASONS.get(view["reason"], (view["reason"], view["reason"]))
        self.console.print(self.tr(f"Fin de la partie : {fr}.", f"Game over: {en}."))
        for seat, hand in enumerate(view.get("hands") or []):
            cards = " ".join(str(c) for c in hand) or self.tr("(vide)", "(empty)")
            self.console.print(f"{self.name(seat)}{self.tr(' : ', ': ')}{cards}")
        score = view["score"]
        if score == 0:
            self.console.print(
                self.tr(
                    "Victoire totale : les 98 cartes sont posées !",
                    "Total victory: all 98 cards are down!",
                ),
                style="bold green",
            )
            return
        verdict = self.tr(
            "excellent" if score < 10 else "partie finie",
            "excellent" if score < 10 else "game over",
        )
        self.console.print(
            self.tr(
                f"Score : {score} cartes restantes ({verdict})",
                f"Score: {score} cards left ({verdict})",
            ),
            style="bold",
        )


__all__ = ["TheGameScreen", "corners_itself", "hand_line", "render"]
