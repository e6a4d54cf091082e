"""Tennis Quizz in a terminal: a score board like the paper one (points, games, sets),
the question with its A/B/C choices or an open field; against bots or at one keyboard.
Screens only render views and send actions; no rules here."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.panel import Panel
from rich.table import Table

from partie.core.errors import PartieError
from partie.core.game import Bot
from partie.games.tennis_quizz.rules import (
    LETTERS,
    TennisQuizzState,
    parse_action,
)
from partie.terminal.common import LineReader, tr

HELP = (
    "Répondez A, B ou C (ou tapez la réponse si vous êtes pro) ; « quitter » pour arrêter.",
    "Answer A, B or C (or type the answer if you are a pro); 'quit' to stop.",
)
QUIT = ("quitter", "quit", "q")


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


def question_panel(view: dict[str, Any], lang: str) -> Panel:
    q = view["question"]
    stars = "★" * q["difficulty"]
    lines = [f"[bold]{q['text']}[/bold]"]
    if q["choices"] is not None:
        lines += [f"  {LETTERS[i]}) {c}" for i, c in enumerate(q["choices"])]
    else:
        lines.append(tr(lang, "  (réponse libre)", "  (open answer)"))
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


def read_choice(
    state: TennisQuizzState,
    seat: int,
    read: LineReader,
    console: Console,
    lang: str,
    names: list[str],
) -> Any | None:
    """Ask the human at ``seat`` until a legal action is typed; ``None`` means quit."""
    view = state.view(seat)
    phase = view["phase"]
    prompts = {
        "server": tr(
            lang, "Qui sert ce jeu ? (numéro de joueur) ", "Who serves this game? (player number) "
        ),
        "answerer": tr(lang, "Qui répond ? (numéro de joueur) ", "Who answers? (player number) "),
        "ask": tr(lang, "Quelle question posez-vous ? (1-7) ", "Which question do you ask? (1-7) "),
        "answer": tr(lang, "Votre réponse : ", "Your answer: "),
        "ruling": tr(
            lang,
            "Accordez-vous la réponse ? (o/n) ",
            "Do you accept the answer? (y/n) ",
        ),
    }
    while True:
        line = read(f"{seat_name(seat, names)} · {prompts[phase]}")
        if line is None:
            return None
        text = line.strip()
        if text.lower() in QUIT:
            return None
        if not text:
            continue
        try:
            action = parse_action(view, text)
            state.apply(seat, action)
            return action
        except PartieError as exc:
            console.print(f"[red]{exc.message(lang)}[/red]")


def describe_point(entry: dict[str, Any], names: list[str], lang: str) -> str:
    who = seat_name(entry["answerer"], names)
    if entry["right"]:
        verdict = tr(lang, "bonne réponse", "right answer")
        return f"{who} : « {entry['given']} » — [green]{verdict}[/green]"
    verdict = tr(lang, "mauvaise réponse, c'était", "wrong, it was")
    return f"{who} : « {entry['given']} » — [red]{verdict} « {entry['answer']} »[/red]"


def play_match(
    state: TennisQuizzState,
    bots: dict[int, Bot],
    names: list[str],
    read: LineReader,
    console: Console,
    lang: str,
) -> bool:
    """Run the match to its end; ``False`` when a person quit."""
    console.print(HELP[0 if lang == "fr" else 1])
    start = state.view(None)
    first = " & ".join(names[s] for s in start["teams"][start["toss"]])
    console.print(
        tr(lang, f"Tirage au sort : {first} sert en premier.", f"Toss: {first} serves first.")
    )
    logged = 0
    while not state.is_over:
        seat = state.to_act[0]
        view = state.view(seat)
        if seat in bots:
            state.apply(seat, bots[seat].act(view))
        else:
            if view["phase"] in ("answer", "ask", "server"):
                console.print(scoreboard(view, names, lang))
            if view["phase"] == "ask":
                console.print(card_panel(view, lang))
            if view["question"] is not None:
                console.print(question_panel(view, lang))
            if view["phase"] == "ruling":
                r = view["ruling"]
                judged = (
                    tr(lang, "jugée juste", "judged right")
                    if r["judged"]
                    else tr(lang, "jugée fausse", "judged wrong")
                )
                console.print(
                    f"« {r['given']} » ({judged}) — "
                    + tr(lang, "réponse attendue", "expected")
                    + f" : {view['question']['answer']}"
                )
            secret = view["phase"] == "ask"
            if read_choice(state, seat, read, console, lang, names) is None:
                return False
            humans = [s for s in range(len(names)) if s not in bots]
            if secret and len(humans) > 1:
                # One keyboard: hide the server's card before the receiver looks.
                console.clear()
        public = state.view(None)
        fresh = public["questions_asked"] - logged
        if fresh > 0:
            for entry in public["log"][-fresh:]:
                console.print(describe_point(entry, names, lang))
            logged = public["questions_asked"]
            last = public["last_call_en" if lang == "en" else "last_call"]
            if last:
                console.print(f"[bold]{last}[/bold]")
    view = state.view(None)
    console.print(scoreboard(view, names, lang))
    winners = " & ".join(names[s] for s in view["winners"])
    sets = ", ".join(f"{a}-{b}" for a, b in view["score"]["sets"])
    console.print(
        tr(
            lang,
            f"Jeu, set et match : {winners} ({sets})",
            f"Game, set and match: {winners} ({sets})",
        ),
        style="bold green",
    )
    return True


__all__ = ["play_match", "question_panel", "scoreboard"]
