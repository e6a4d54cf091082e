"""The Game in a terminal: four piles, the hand with its playable cards, the signals."""

from __future__ import annotations

from typing import Any

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from partie.core.errors import PartieError
from partie.core.game import Bot
from partie.games.the_game import PILE_NAMES, Play, TheGameState, parse_action, playable
from partie.games.the_game.chat import check_chat
from partie.games.the_game.rules import ASCENDING, SIGNAL_TEXT, is_trick
from partie.terminal.common import LineReader, next_command, tr

HELP = (
    (
        "Coups : « 37 a1 » pose le 37 sur a1 (ou « 37 » s'il ne va que sur une pile) ; "
        "« fin » termine le tour ; « signal d2 garde|bon|efface » ; « dire … » parle "
        "(sans nombres) ; « quitter »."
    ),
    (
        "Moves: '37 a1' lays 37 on a1 (or '37' when it fits one pile only); "
        "'end' ends the turn; 'signal d2 keep|good|clear'; 'say …' talks (no "
        "numbers); 'quit'."
    ),
)


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
    four (↺ marks a trick of 10); cards that fit nowhere are dimmed."""
    text = Text(tr(lang, "Votre main : ", "Your hand: "))
    tops = [p["top"] for p in view["piles"]]
    for card in view["hand"]:
        piles = [
            PILE_NAMES[p] + ("↺" if is_trick(card, tops[p], ASCENDING[p]) else "")
            for p in range(4)
            if playable(card, tops[p], ASCENDING[p])
        ]
        if not piles:
            text.append(f"{card} ", style="dim")
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


def read_human_action(
    state: TheGameState, seat: int, read: LineReader, console: Console, lang: str
) -> Any | None:
    """Ask until the player types a legal action; ``None`` means quit or end of input."""
    while True:
        line = next_command(read, "> ", console, HELP[0 if lang == "fr" else 1])
        if line is None:
            return None
        head, _, message = line.partition(" ")
        if head.lower() in ("dire", "say"):
            try:
                said = check_chat(message)
            except PartieError as exc:
                console.print(f"[red]{exc.message(lang)}[/red]")
            else:
                console.print(f"[italic]{player_name(seat, seat + 1, lang)} : « {said} »[/italic]")
            continue
        try:
            action = parse_action(line, state.view(seat))
            if isinstance(action, Play) and corners_itself(state, seat, action):
                answer = read(
                    tr(
                        lang,
                        "Attention : après ce coup vous ne pourrez plus atteindre le minimum "
                        "et la partie s'arrêtera. Confirmer ? (o/n) ",
                        "Careful: after this play you cannot reach the minimum and the game "
                        "ends. Confirm? (y/n) ",
                    )
                )
                if answer is None or answer.strip().lower() not in ("o", "oui", "y", "yes"):
                    continue
            state.apply(seat, action)
            return action
        except PartieError as exc:
            console.print(f"[red]{exc.message(lang)}[/red]")


def corners_itself(state: TheGameState, seat: int, action: Play) -> bool:
    """Would this legal play leave the player unable to reach the minimum?"""
    if action not in state.legal_actions(seat):
        return False
    trial = state.clone()
    trial.apply(seat, action)
    return trial.is_over and trial.reason == "stuck"


def describe(action: Any, lang: str) -> str:
    if isinstance(action, Play):
        return action.text()
    if action.type == "end":
        return tr(lang, "fin du tour", "end of turn")
    if action.type == "signal":
        word = SIGNAL_TEXT[action.kind][0 if lang == "fr" else 1]
        return f"signal {PILE_NAMES[action.pile]} {word}"
    return action.text()


def play_game(
    state: TheGameState,
    bots: dict[int, Bot],
    humans: int,
    read: LineReader,
    console: Console,
    lang: str,
) -> bool:
    """Run the game to its end; returns ``False`` when a human quit early."""
    console.print(HELP[0 if lang == "fr" else 1])
    shown_for: tuple[int, int] | None = None
    while not state.is_over:
        seat = state.to_act[0]
        if seat in bots:
            action = bots[seat].act(state.view(seat))
            state.apply(seat, action)
            console.print(f"{player_name(seat, humans, lang)} : {describe(action, lang)}")
            continue
        key = (seat, len(state.history))
        if key != shown_for:
            console.print(render(state.view(seat), humans, lang))
            shown_for = key
        if read_human_action(state, seat, read, console, lang) is None:
            return False
        shown_for = None
    view = state.view(None)
    console.print(render(view, humans, lang))
    score = view["score"]
    if score == 0:
        console.print(
            tr(
                lang,
                "Victoire totale : les 98 cartes sont posées !",
                "Total victory: all 98 cards are down!",
            ),
            style="bold green",
        )
    else:
        verdict = tr(
            lang,
            "excellent" if score < 10 else "partie finie",
            "excellent" if score < 10 else "game over",
        )
        console.print(
            tr(
                lang,
                f"Score : {score} cartes restantes ({verdict})",
                f"Score: {score} cards left ({verdict})",
            ),
            style="bold",
        )
    return True
