"""``partie play GAME``: play in the terminal, alone against bots or at one keyboard.

Each game has its own subcommand (its options differ); they share the seed, the
language and where the record goes.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import click
from rich.console import Console

from partie.cli.common import SEED, checked_output
from partie.cli.common import lang as default_lang
from partie.cli.options import parse_option_pairs
from partie.core.errors import PartieError
from partie.core.game import Game
from partie.core.registry import available_games, get_game, load_hook
from partie.table import Seat, run_table
from partie.terminal.common import TerminalScreen, default_record_path, stdin_reader

LANG = click.option(
    "--lang",
    type=click.Choice(["fr", "en"]),
    default=None,
    help="Language of the screens (default: from LANG).",
)
SEED = click.option(
    "--seed",
    type=SEED,
    default=None,
    help="Seed of the deal (default: a fresh one, printed at the end).",
)
RECORD = click.option(
    "--record",
    "record_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Where to save the game record (default: the user data folder).",
)
FORCE = click.option("--force", is_flag=True, help="Replace --record if it exists.")


def record_target(
    game_id: str, seed: int, record_path: str | None, *, force: bool, inputs: tuple[str, ...]
) -> Path:
    """Where the record will go, checked before the game starts (a game is never played
    to its end and then lost): ``--record`` through the output check (an existing file
    only with ``--force``, never a file the game reads); the default records folder is
    made on first use."""
    if record_path is not None:
        checked_output(record_path, "--record", force=force, inputs=inputs)
        return Path(record_path)
    target = default_record_path(game_id, seed)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise click.UsageError(
            f"cannot make the records folder {target.parent}: {exc.strerror}"
        ) from None
    checked_output(str(target), "--record", force=False)
    return target


class GamesGroup(click.Group):
    """The built-in games have subcommands of their own (their options differ); any
    other registered game that has a terminal screen is played through one generic
    subcommand (players, bots, ``-o`` options), so a game installed on its own plays
    here with no change to this file."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(_playable()))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        found = super().get_command(ctx, cmd_name)
        if found is None and cmd_name in _playable():
            return generic_play_command(get_game(cmd_name))
        return found


def _playable() -> list[str]:
    return [g for g in available_games() if get_game(g).terminal_screen is not None]


@click.group(cls=GamesGroup)
def play() -> None:
    """Play a game in the terminal."""


def fresh_seed(seed: int | None) -> int:
    return seed if seed is not None else random.SystemRandom().randrange(1 << 31)


def person_name(place: int, lang: str) -> str:
    return f"Joueur {place + 1}" if lang == "fr" else f"Player {place + 1}"


def play_table(
    game: Game,
    options: Any,
    seed: int,
    seats: list[Seat],
    screen_class: type[TerminalScreen],
    console: Console,
    lang: str,
    record_path: str | None,
    *,
    force: bool = False,
    inputs: tuple[str, ...] = (),
    **screen_options: Any,
) -> None:
    """Build the terminal screen, run the table, then say where the record went; an
    unfinished game (end of input, ``quitter``, Ctrl-C) also prints its seed."""
    target = record_target(game.id, seed, record_path, force=force, inputs=inputs)
    persons = [place for place, seat in enumerate(seats) if seat.is_person]
    screen = screen_class(
        game,
        [seat.name for seat in seats],
        persons,
        stdin_reader,
        console,
        lang,
        hand_over=sys.stdin.isatty(),
        **screen_options,
    )
    run = run_table(game, options, seed, seats, screen, target)
    if not run.finished:
        stopped = "Partie interrompue. " if lang == "fr" else "Game stopped. "
        console.print(stopped + f"seed {seed}")
    console.print(("Enregistrement : " if lang == "fr" else "Record: ") + str(run.record))


@play.command("the-game")
@click.option(
    "--players",
    type=click.IntRange(1, 5),
    default=None,
    help="Players at the table, people and bots (default: people + bots, min 1).",
)
@click.option(
    "--bots",
    type=click.IntRange(0, 5),
    default=0,
    show_default=True,
    help="How many of the players are bots (they sit after the people).",
)
@click.option(
    "--bot",
    "bot_name",
    default="heuristic",
    show_default=True,
    help="Which bot: heuristic, best (stronger, slower to prepare), greedy, random, mc:N.",
)
@click.option("--expert", is_flag=True, help="Lay at least 3 cards while the draw pile lasts.")
@click.option("--fewer-cards", is_flag=True, help="Deal every hand one card fewer.")
@click.option(
    "--takeback", is_flag=True, help="Let a player take back the cards laid this turn (reprendre)."
)
@SEED
@LANG
@RECORD
@FORCE
def play_the_game(
    players: int | None,
    bots: int,
    bot_name: str,
    expert: bool,
    fewer_cards: bool,
    takeback: bool,
    seed: int | None,
    lang: str | None,
    record_path: str | None,
    force: bool,
) -> None:
    """The Game: cooperative, 1-5 players, 98 cards on four piles."""
    from partie.terminal.the_game import TheGameScreen

    lang = lang or default_lang()
    players = players if players is not None else max(1, bots + 1)
    if bots > players:
        raise click.BadParameter(f"{bots} bots for {players} players", param_hint="--bots")
    game = get_game("the-game")
    seed = fresh_seed(seed)
    options = game.parse_options(
        {"players": players, "expert": expert, "fewer_cards": fewer_cards, "takeback": takeback}
    )
    humans = players - bots
    seats = [Seat(person_name(p, lang)) for p in range(humans)]
    seats += [Seat(f"Bot {p + 1}", bot_name) for p in range(humans, players)]
    console = Console(highlight=False)
    if bots:
        game.make_bot(bot_name, 0)  # an unknown bot fails here, before any screen
        if bot_name.partition(":")[0] not in ("random", "greedy"):  # plain Python
            prepare_bots(console, lang, bot_name)
    play_table(game, options, seed, seats, TheGameScreen, console, lang, record_path, force=force)


def prepare_bots(console: Console, lang: str, bot_name: str = "") -> bool:
    """When the bots' compiled code is not cached yet (the first run after an install
    or an upgrade), build it in a background process while the first screen shows and
    the people play; a bot's first move waits for it only if it is not done by then,
    under a one-line notice. Returns whether a warm-up was started (never for a bot of
    the C build compiled at install)."""
    from partie.games.the_game.warm import (
        BOTS_SECONDS,
        cache_ready,
        compiled_ahead,
        start_warm_up,
    )

    if compiled_ahead(bot_name) or cache_ready():
        return False
    message = (
        f"Les bots se préparent (la première fois seulement, ~{BOTS_SECONDS} s)…"
        if lang == "fr"
        else f"The bots are getting ready (first run only, ~{BOTS_SECONDS} s)…"
    )
    start_warm_up(lambda: console.status(message), bots_only=True)
    return True


VARIANTS = ("tactique", "jeu-decisif", "debutants-pros")


@play.command("tennis-quizz")
@click.option(
    "--vs",
    "vs",
    default=None,
    help="Bot for the other side, e.g. quiz:0.6 or quiz:0.9/0.7/0.5 (default: two people).",
)
@click.option("--partner", default=None, help="Bot for your partners in doubles (default: people).")
@click.option(
    "--players",
    type=click.IntRange(2, 6),
    default=2,
    show_default=True,
    help="2 for singles, 4 or 6 for doubles (even seats one side, odd seats the other).",
)
@click.option(
    "--variant",
    "variants",
    multiple=True,
    type=click.Choice(VARIANTS),
    help="A variant (repeatable): tactique, jeu-decisif, debutants-pros.",
)
@click.option(
    "--pro",
    "pros",
    multiple=True,
    type=click.IntRange(1, 6),
    help="With debutants-pros: a player (from 1) who answers without the choices "
    "(default: every person).",
)
@click.option("--deck", default="fr-starter", show_default=True, help="Deck name or file.")
@click.option(
    "--choose-answerer", is_flag=True, help="Doubles: the receiving team picks who answers."
)
@click.option(
    "--sets-to-win", type=click.IntRange(1, 3), default=2, show_default=True, help="2: best of 3."
)
@SEED
@LANG
@RECORD
@FORCE
def play_tennis_quizz(
    vs: str | None,
    partner: str | None,
    players: int,
    variants: tuple[str, ...],
    pros: tuple[int, ...],
    deck: str,
    choose_answerer: bool,
    sets_to_win: int,
    seed: int | None,
    lang: str | None,
    record_path: str | None,
    force: bool,
) -> None:
    """Tennis Quizz: questions served with tennis scoring, against a bot or at one keyboard."""
    from partie.terminal.tennis_quizz import TennisQuizzScreen

    lang = lang or default_lang()
    game = get_game("tennis-quizz")
    seed = fresh_seed(seed)
    bot_specs: dict[int, str] = {}
    for seat in range(players):
        if seat % 2 == 1 and vs:
            bot_specs[seat] = vs
        elif seat % 2 == 0 and seat > 0 and partner:
            bot_specs[seat] = partner
    humans = [s for s in range(players) if s not in bot_specs]
    pro_seats: list[int] = []
    if "debutants-pros" in variants:
        pro_seats = [p - 1 for p in pros] if pros else list(humans)
    elif pros:
        raise click.BadParameter("--pro needs --variant debutants-pros", param_hint="--pro")
    from partie.games.tennis_quizz.game import deck_options

    options = game.parse_options(
        {
            "players": players,
            **deck_options(deck),
            "tactique": "tactique" in variants,
            "jeu_decisif": "jeu-decisif" in variants,
            "pros": pro_seats,
            "choose_answerer": choose_answerer,
            "overrule": bool(pro_seats) and bool(humans),
            "sets_to_win": sets_to_win,
        }
    )
    seats = [
        Seat(f"Bot {s + 1}", bot_specs[s]) if s in bot_specs else Seat(person_name(s, lang))
        for s in range(players)
    ]
    console = Console(highlight=False)
    play_table(
        game,
        options,
        seed,
        seats,
        TennisQuizzScreen,
        console,
        lang,
        record_path,
        force=force,
        inputs=(str(deck_file(deck)),),
    )


def deck_file(spec: str) -> Path:
    """The file a ``--deck`` reads (a built-in deck's own file for a name)."""
    from partie.games.tennis_quizz.decks import resolve

    return resolve(spec)  # an unknown deck failed earlier, in parse_options


@play.command("tennis-mots")
@click.option(
    "--players",
    type=click.IntRange(2, 4),
    default=None,
    help="Players at the table, people and bots (default: people + bots, min 2).",
)
@click.option(
    "--bots",
    type=click.IntRange(0, 4),
    default=1,
    show_default=True,
    help="How many of the players are bots (they sit after the people).",
)
@click.option("--bot", "bot_name", default="tactician", show_default=True, help="Which bot.")
@click.option(
    "--serve-weight",
    type=click.IntRange(0, 60),
    default=5,
    show_default=True,
    help="What a serve must be worth.",
)
@click.option("--no-bluff", is_flag=True, help="Check every word at once (no unchecked NET/LIGNE).")
@click.option(
    "--hints/--no-hints",
    default=None,
    help="After each shot of a person, show better shots they had "
    "(default: on when people play against bots).",
)
@click.option(
    "--lexicon",
    "lexicon_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="A word list file (default: the packaged French lexicon).",
)
@click.option(
    "--deck",
    "deck_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="A deck file (default: the packaged deck).",
)
@SEED
@LANG
@RECORD
@FORCE
def play_tennis_mots(
    players: int | None,
    bots: int,
    bot_name: str,
    serve_weight: int,
    no_bluff: bool,
    hints: bool | None,
    lexicon_path: str | None,
    deck_path: str | None,
    seed: int | None,
    lang: str | None,
    record_path: str | None,
    force: bool,
) -> None:
    """Tennis de mots: a French word card game, 2-4 players, first to 2 sets."""
    from partie.terminal.tennis_mots import TennisMotsScreen

    lang = lang or default_lang()
    players = players if players is not None else max(2, bots + 1)
    if bots > players:
        raise click.BadParameter(f"{bots} bots for {players} players", param_hint="--bots")
    game = get_game("tennis-mots")
    seed = fresh_seed(seed)
    options = game.parse_options(
        {
            "players": players,
            "serve_weight": serve_weight,
            "bluff": not no_bluff,
            "lexicon": lexicon_path,
            "deck": deck_path,
        }
    )
    humans = players - bots
    seats = [Seat(person_name(p, lang)) for p in range(humans)]
    seats += [Seat(f"Bot {p + 1}", bot_name) for p in range(humans, players)]
    console = Console(highlight=False)
    show_hints = hints if hints is not None else (humans > 0 and bots > 0)
    play_table(
        game,
        options,
        seed,
        seats,
        TennisMotsScreen,
        console,
        lang,
        record_path,
        force=force,
        inputs=tuple(p for p in (lexicon_path, deck_path) if p),
        show_hints=show_hints,
    )


def generic_play_command(game: Game) -> click.Command:
    """``partie play GAME`` for a game with no subcommand of its own."""

    @click.command(game.id, help=f"{game.name}: {game.min_players}-{game.max_players} players.")
    @click.option(
        "--players",
        type=click.IntRange(game.min_players, game.max_players),
        default=None,
        help="Players at the table, people and bots (default: people + bots).",
    )
    @click.option(
        "--bots",
        type=click.IntRange(0, game.max_players),
        default=0,
        show_default=True,
        help="How many of the players are bots (they sit after the people).",
    )
    @click.option(
        "--bot", "bot_name", default=game.default_bot, show_default=True, help="Which bot."
    )
    @click.option(
        "-o", "--option", "pairs", multiple=True, metavar="KEY=VALUE", help="A game option."
    )
    @SEED
    @LANG
    @RECORD
    def command(
        players: int | None,
        bots: int,
        bot_name: str,
        pairs: tuple[str, ...],
        seed: int | None,
        lang: str | None,
        record_path: str | None,
    ) -> None:
        lang = lang or default_lang()
        players = players if players is not None else max(game.min_players, bots + 1)
        if bots > players:
            raise click.BadParameter(f"{bots} bots for {players} players", param_hint="--bots")
        try:
            options = game.parse_options({**parse_option_pairs(pairs), "players": players})
            if bots:
                game.make_bot(bot_name, 0)  # an unknown bot fails here, before any screen
        except PartieError as exc:
            raise click.UsageError(exc.message(lang)) from None
        seed = fresh_seed(seed)
        humans = players - bots
        seats = [Seat(person_name(p, lang)) for p in range(humans)]
        seats += [Seat(f"Bot {p + 1}", bot_name) for p in range(humans, players)]
        screen = load_hook(game.terminal_screen or "")
        console = Console(highlight=False)
        play_table(game, options, seed, seats, screen, console, lang, record_path)

    return command
