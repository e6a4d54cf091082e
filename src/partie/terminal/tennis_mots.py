"""Tennis de mots in a terminal: the table word and the hand with card values, pot,
weight, scores and whose turn it is; every shot is announced by name."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from partie.core.errors import PartieError
from partie.core.game import Bot
from partie.games.tennis_mots.bots import load_lexicon, word_is_valid
from partie.games.tennis_mots.movegen import hints
from partie.games.tennis_mots.notation import parse
from partie.games.tennis_mots.rules import Net, Shot, TennisMotsState
from partie.games.tennis_mots.shots import announce
from partie.terminal.common import LineReader, next_command, tr

HELP = (
    (
        "Tapez le nouveau mot avec les cartes de la table et de votre main (ex. « JEUX »). "
        "Jokers : * (toute lettre), # (consonne), @ (voyelle), < ou > (double) ; "
        "[*S] fixe la lettre d'un joker. « net MOT » : NET (les cartes ajoutées vont au "
        "pot) ; « passe » ; « conteste » ou « ok » après un NET ou une LIGNE ; "
        "« =passe » pour poser le mot PASSE ; « aide » ; « quitter »."
    ),
    (
        "Type the new word with table and hand cards (e.g. 'JEUX'). Jokers: * (any "
        "letter), # (consonant), @ (vowel), < or > (double); [*S] states a joker's letter. "
        "'net WORD': a NET (the added cards go to the pot); 'pass'; 'challenge' or 'ok' "
        "after a NET or LIGNE; '=passe' lays the word PASSE; 'help'; 'quit'."
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
    if phase == "serve":
        serve = tr(lang, " (2e balle)", " (second serve)") if view["serve_number"] == 2 else ""
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


def read_human_action(
    state: TennisMotsState, seat: int, read: LineReader, console: Console, lang: str
) -> Any | None:
    """Ask until the player types a legal action; ``None`` means quit or end of input."""
    faces = state.deck.faces
    prompt = f"{tr(lang, 'Joueur', 'Player')} {seat + 1}> "
    while True:
        line = next_command(read, prompt, console, HELP[0 if lang == "fr" else 1])
        if line is None:
            return None
        try:
            action = parse(line, state.table, state.hands[seat], faces)
            if (
                isinstance(action, Shot | Net)
                and action.cards
                and state.options.bluff
                and state.is_legal(seat, action)
                and not word_is_valid(load_lexicon(state.options.lexicon), action.cards)
            ):
                answer = read(
                    tr(
                        lang,
                        f"{action.text()} : aucun mot français ne commence ainsi. "
                        "Le jouer quand même (bluff, il peut être contesté) ? (o/n) ",
                        f"{action.text()}: no French word starts this way. "
                        "Play it anyway (a bluff, it may be challenged)? (y/n) ",
                    )
                )
                if answer is None or answer.strip().lower() not in ("o", "oui", "y", "yes"):
                    continue
            state.apply(seat, action)
            return action
        except PartieError as exc:
            console.print(f"[red]{exc.message(lang)}[/red]")


def play_game(
    state: TennisMotsState,
    bots: dict[int, Bot],
    humans: int,
    read: LineReader,
    console: Console,
    lang: str,
    *,
    show_hints: bool = False,
) -> bool:
    """Run the match to its end; returns ``False`` when a human quit early. With
    ``show_hints``, after each shot or NET of a person the better shots they had are
    shown ("Vous auriez pu jouer : ...")."""
    console.print(HELP[0 if lang == "fr" else 1])
    shown_events = 0
    shown_for: tuple[int, int] | None = None
    while not state.is_over:
        for event in state.events[shown_events:]:
            line = describe_event(event, humans, lang)
            if line:
                console.print(line, style="cyan" if event["kind"] == "shot" else None)
        shown_events = len(state.events)
        acting = state.to_act
        bot_seat = next((s for s in acting if s in bots), None)
        if bot_seat is not None:
            state.apply(bot_seat, bots[bot_seat].act(state.view(bot_seat)))
            continue
        seat = acting[0]
        key = (seat, len(state.history))
        if key != shown_for:
            view = state.view(seat)
            console.print(render(view, humans, lang))
            console.print(table_line(view, lang))
            console.print(hand_line(view, lang))
            pending = view["pending"]
            if pending is not None:
                console.print(
                    tr(
                        lang,
                        f"{player_name(pending['shooter'], humans, lang)} a joué "
                        f"{pending['kind']} {pending['word']} : « conteste » ou « ok » ?",
                        f"{player_name(pending['shooter'], humans, lang)} played "
                        f"{pending['kind']} {pending['word']}: 'challenge' or 'ok'?",
                    ),
                    style="bold",
                )
            shown_for = key
        before = state.view(seat) if show_hints else None
        action = read_human_action(state, seat, read, console, lang)
        if action is None:
            return False
        if before is not None:
            played = state.events[-1] if state.events else None
            value = played["value"] if played and played["kind"] == "shot" else None
            line = hint_line(before, action, value, lang)
            if line:
                console.print(line, style="magenta")
        shown_for = None
    for event in state.events[shown_events:]:
        line = describe_event(event, humans, lang)
        if line:
            console.print(line)
    console.print(render(state.view(None), humans, lang))
    return True
