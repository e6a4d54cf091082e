"""Plus haut in a terminal: the round on the table, the hand, rounds taken."""

from __future__ import annotations

from typing import Any

from partie.terminal.common import TerminalScreen

HELP = (
    "Tapez le numéro d'une carte de votre main ; « aide » ou « ? » ; « quitter » pour arrêter.",
    "Type the number of a card in your hand; 'help' or '?'; 'quit' to stop.",
)


class PlusHautScreen(TerminalScreen):
    help = HELP

    def draw(self, view: dict[str, Any]) -> None:
        laid = ", ".join(f"{self.name(s)} {c}" for s, c in view["table"]) or "—"
        self.console.print(self.tr(f"Sur la table : {laid}", f"On the table: {laid}"))
        taken = ", ".join(f"{self.name(s)} {n}" for s, n in enumerate(view["taken"]))
        self.console.print(self.tr(f"Manches prises : {taken}", f"Rounds taken: {taken}"))
        if view["hand"] is not None:
            hand = " ".join(str(c) for c in view["hand"])
            self.console.print(self.tr(f"Votre main : {hand}", f"Your hand: {hand}"))

    def read(self, view: dict[str, Any], line: str) -> Any | None:
        return self.game.parse_action(view, line)

    def describe(self, action: Any) -> str:
        return action.text()

    def played(self, view: dict[str, Any], seat: int, action: Any) -> None:
        self.console.print(self.tr(f"{self.name(seat)} pose le {action.card}",
                                   f"{self.name(seat)} lays the {action.card}"))  # fmt: skip
        if not view["table"] and view["rounds"]:
            winner = self.name(view["rounds"][-1]["winner"])
            self.console.print(self.tr(f"{winner} prend la manche.", f"{winner} takes the round."))

    def finish(self, view: dict[str, Any]) -> None:
        best = max(view["taken"])
        names = " et ".join(self.name(s) for s, n in enumerate(view["taken"]) if n == best)
        names_en = " and ".join(self.name(s) for s, n in enumerate(view["taken"]) if n == best)
        said = self.tr(f"Gagné : {names} ({best} manches)", f"Won: {names_en} ({best} rounds)")
        self.console.print(said, style="bold green")
