"""Tennis Quizz in a terminal: a score board like the paper one (points, games, sets),
the question with its A/B/C choices or an open field; against bots or at one keyboard.
Screens only render views and send actions; no rules here."""

from __future__ import annotations

from typing import Any

from rich.panel import Panel
from rich.table import Table

from partie.games.tennis_quizz.rules import LETTERS
from partie.terminal.common import TerminalScreen, tr

HELP = (
    "Répondez A, B ou C (ou tapez la réponse si vous êtes pro) ; un numéro de joueur pour "
    "choisir serveur ou relanceur, de question en variante tactique ; o/n pour trancher "
    "une réponse libre ; « aide » ou « ? » ; « quitter » pour arrêter.",
    "Answer A, B or C (or type the answer if you are a pro); a player number to pick a "
    "server or an answerer, a question number in the tactique variant; y/n to rule on an "
    "open answer; 'help' or '?'; 'quit' to stop.",
)


def seat_name(seat: int, names: list[str]) -> str:
    return names[seat]


def scoreboard(view: dict[str, Any], names: list[str], lang: str) -> Table:
    """Points, games and sets of each side, the server marked with a ball."""
    score = view["score"]
    sets_played = score["sets"]
    table = Table(title=tr(lang, "Tableau de marque", "Score board"), show_header=True)
    table.add_column(tr(lang, "Équipe", "Side"))
    for i in range(len(sets_played)):
        table.add_column(f"Set {i + 1}", justify="center")
    table.add_column(tr(lang, "Jeux", "Games"), justify="center")
    table.add_column("Points", justify="center")
    for side in (0, 1):
        who = " & ".join(seat_name(s, names) for s in view["teams"][side])
        ball = " 🎾" if view["serving"] == side else ""
        row = [who + ball]
        row += [str(s[side]) for s in sets_played]
        row.append(str(score["games"][side]))
        row.append(score["points"][side] if not view["over"] else "")
        table.add_row(*row)
    extra = []
    if view["decider"] is not None:
        d = view["decider"]
        extra.append(
            tr(
                lang,
                f"Jeu décisif : bonnes réponses {d['right'][0]}-{d['right'][1]}",
                f"Jeu décisif: right answers {d['right'][0]}-{d['right'][1]}",
            )
        )
    elif not view["over"]:
        extra.append(view["call_en" if lang == "en" else "call"])
    table.caption = " · ".join(extra) if extra else None
    return table


def question_panel(view: dict[str, Any], lang: str, *, with_answer: bool = False) -> Panel:
    """The question as asked; ``with_answer`` adds the right answer (the server's
    screen: the server reads the card)."""
    q = view["question"]
    stars = "★" * q["difficulty"]
    lines = [f"[bold]{q['text']}[/bold]"]
    if q["choices"] is not None:
        lines += [f"  {LETTERS[i]}) {c}" for i, c in enumerate(q["choices"])]
    else:
        lines.append(tr(lang, "  (réponse libre)", "  (open answer)"))
    if with_answer and "answer" in q:
        lines.append(tr(lang, f"  → réponse : {q['answer']}", f"  → answer: {q['answer']}"))
    title = tr(
        lang,
        f"Carte {q['card']} · question {q['number']} · {stars}",
        f"Card {q['card']} · question {q['number']} · {stars}",
    )
    return Panel("\n".join(lines), title=title, expand=False)


def card_panel(view: dict[str, Any], lang: str) -> Panel:
    """The server's card in the tactique variant: the questions not yet asked."""
    card = view["card"]
    rows = []
    for q in card.get("questions", []):
        if q["number"] in card["asked"]:
            continue
        rows.append(f"{q['number']}. {'★' * q['difficulty']:<3} {q['text']}  → {q['answer']}")
    return Panel(
        "\n".join(rows),
        title=tr(lang, f"Votre carte {card['id']}", f"Your card {card['id']}"),
        expand=False,
    )


def describe_point(entry: dict[str, Any], names: list[str], lang: str) -> str:
    who = seat_name(entry["answerer"], names)
    if entry["right"]:
        verdict = tr(lang, "bonne réponse", "right answer")
        return f"{who} : « {entry['given']} » — [green]{verdict}[/green]"
    verdict = tr(lang, "mauvaise réponse, c'était", "wrong, it was")
    return f"{who} : « {entry['given']} » — [red]{verdict} « {entry['answer']} »[/red]"


PROMPTS = {
    "server": ("Qui sert ce jeu ? (numéro de joueur) ", "Who serves this game? (player number) "),
    "answerer": ("Qui répond ? (numéro de joueur) ", "Who answers? (player number) "),
    "ask": ("Quelle question posez-vous ? (1-7) ", "Which question do you ask? (1-7) "),
    "answer": ("Votre réponse : ", "Your answer: "),
    "ruling": ("Accordez-vous la réponse ? (o/n) ", "Do you accept the answer? (y/n) "),
}


def match_result(view: dict[str, Any], names: list[str], lang: str) -> str:
    """The result written winner first: ``Jeu, set et match : A (6-3, 4-6, 7-5)`` with
    every set counted from the winners' side."""
    side = view["winner"] or 0
    winners = " & ".join(names[s] for s in view["winners"])
    sets = ", ".join(f"{s[side]}-{s[1 - side]}" for s in view["score"]["sets"])
    return tr(
        lang,
        f"Jeu, set et match : {winners} ({sets})",
        f"Game, set and match: {winners} ({sets})",
    )


class TennisQuizzScreen(TerminalScreen):
    """Tennis Quizz in a terminal: the score board, the question, every point told."""

    help = HELP

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.logged = 0
        self._shown_question: tuple[Any, ...] | None = None

    def start(self, view: dict[str, Any]) -> None:
        self.console.print(self.help_text(view))
        first = " & ".join(self.names[s] for s in view["teams"][view["toss"]])
        self.console.print(
            self.tr(f"Tirage au sort : {first} sert en premier.", f"Toss: {first} serves first.")
        )

    def draw(self, view: dict[str, Any]) -> None:
        phase = view["phase"]
        if phase in ("answer", "ask", "server"):
            self.console.print(scoreboard(view, self.names, self.lang))
        if phase == "ask":
            self.console.print(card_panel(view, self.lang))
        if view["question"] is not None:
            self.console.print(question_panel(view, self.lang, with_answer=phase == "ruling"))
        if phase == "ruling":
            r = view["ruling"]
            judged = (
                self.tr("jugée juste", "judged right")
                if r["judged"]
                else self.tr("jugée fausse", "judged wrong")
            )
            self.console.print(f"« {r['given']} » ({judged})")

    def prompt(self, view: dict[str, Any]) -> str:
        fr, en = PROMPTS[view["phase"]]
        return f"{self.name(view['seat'])} · {self.tr(fr, en)}"

    def read(self, view: dict[str, Any], line: str) -> Any | None:
        return self.game.parse_action(view, line)

    def describe(self, action: Any) -> str:
        return action.text()

    def played(self, view: dict[str, Any], seat: int, action: Any) -> None:
        fresh = view["questions_asked"] - self.logged
        if fresh > 0:
            for entry in view["log"][-fresh:]:
                self.console.print(describe_point(entry, self.names, self.lang))
            self.logged = view["questions_asked"]
            last = view["last_call_en" if self.lang == "en" else "last_call"]
            if last:
                self.console.print(f"[bold]{last}[/bold]")
        self._show_served_question(view)

    def _show_served_question(self, view: dict[str, Any]) -> None:
        """A person serving to a bot sees the question they ask and its answer."""
        q = view.get("question")
        if (
            q is None
            or view["phase"] != "answer"
            or view["seat"] is None
            or view["server"] != view["seat"]
            or view["answerer"] in self.persons
        ):
            return
        key = (q["card"], q["number"], view["questions_asked"])
        if key != self._shown_question:
            self._shown_question = key
            self.console.print(
                self.tr("Vous posez :", "You ask:"),
                question_panel(view, self.lang, with_answer=True),
            )

    def finish(self, view: dict[str, Any]) -> None:
        self.console.print(scoreboard(view, self.names, self.lang))
        self.console.print(match_result(view, self.names, self.lang), style="bold green")


__all__ = ["TennisQuizzScreen", "match_result", "question_panel", "scoreboard"]
