"""``partie play GAME``: play in the terminal, alone against bots or at one keyboard.

Each game has its own subcommand (its options differ); they share the seed, the
language and where the record goes.
"""

from __future__ import annotations

import random

import click
from rich.console import Console

from partie.cli.common import lang as default_lang
from partie.core.registry import get_game
from partie.core.rng import derive_seed
from partie.terminal.common import save_record, stdin_reader

LANG = click.option(
    "--lang",
    type=click.Choice(["fr", "en"]),
    default=None,
    help="Language of the screens (default: from LANG).",
)
SEED = click.option(
    "--seed",
    type=int,
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


@click.group()
def play() -> None:
    """Play a game in the terminal."""


def fresh_seed(seed: int | None) -> int:
    return seed if seed is not None else random.SystemRandom().randrange(1 << 31)


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
@click.option("--bot", "bot_name", default="greedy", show_default=True, help="Which bot.")
@click.option("--expert", is_flag=True, help="Lay at least 3 cards while the draw pile lasts.")
@click.option("--fewer-cards", is_flag=True, help="Deal every hand one card fewer.")
@SEED
@LANG
@RECORD
def play_the_game(
    players: int | None,
    bots: int,
    bot_name: str,
    expert: bool,
    fewer_cards: bool,
    seed: int | None,
    lang: str | None,
    record_path: str | None,
) -> None:
    """The Game: cooperative, 1-5 players, 98 cards on four piles."""
    from partie.terminal.the_game import play_game

    lang = lang or default_lang()
    players = players if players is not None else max(1, bots + 1)
    if bots > players:
        raise click.BadParameter(f"{bots} bots for {players} players", param_hint="--bots")
    game = get_game("the-game")
    seed = fresh_seed(seed)
    options = game.parse_options({"players": players, "expert": expert, "fewer_cards": fewer_cards})
    humans = players - bots
    bot_seats = {
        seat: game.make_bot(bot_name, derive_seed(seed, "bot", seat))
        for seat in range(humans, players)
    }
    state = game.setup(options, seed)
    console = Console(highlight=False)
    finished = play_game(state, bot_seats, humans, stdin_reader, console, lang)
    names = ["human"] * humans + [bot_name] * bots
    path = save_record(state, names, record_path)
    if not finished:
        console.print(
            ("Partie interrompue. " if lang == "fr" else "Game stopped. ") + f"seed {seed}"
        )
    console.print(("Enregistrement : " if lang == "fr" else "Record: ") + str(path))


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
@click.option("--bot", "bot_name", default="simple", show_default=True, help="Which bot.")
@click.option(
    "--serve-weight",
    type=click.IntRange(0, 60),
    default=5,
    show_default=True,
    help="What a serve must be worth.",
)
@click.option("--no-bluff", is_flag=True, help="Check every word at once (no unchecked NET/LIGNE).")
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
def play_tennis_mots(
    players: int | None,
    bots: int,
    bot_name: str,
    serve_weight: int,
    no_bluff: bool,
    lexicon_path: str | None,
    deck_path: str | None,
    seed: int | None,
    lang: str | None,
    record_path: str | None,
) -> None:
    """Tennis de mots: a French word card game, 2-4 players, first to 2 sets."""
    from partie.terminal.tennis_mots import play_game

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
    bot_seats = {
        seat: game.make_bot(bot_name, derive_seed(seed, "bot", seat))
        for seat in range(humans, players)
    }
    state = game.setup(options, seed)
    console = Console(highlight=False)
    finished = play_game(state, bot_seats, humans, stdin_reader, console, lang)
    names = ["human"] * humans + [bot_name] * bots
    path = save_record(state, names, record_path)
    if not finished:
        console.print(
            ("Partie interrompue. " if lang == "fr" else "Game stopped. ") + f"seed {seed}"
        )
    console.print(("Enregistrement : " if lang == "fr" else "Record: ") + str(path))
