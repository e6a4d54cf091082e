"""Tennis de mots on the web: the table options a browser may set, the preview of a
word being built, the hints after a shot, and one line per action for everyone.

Everything here works from **one seat's view** (what ``state.view(seat)`` gives): the
preview and the hints never see another hand or the draw order. The preview runs the
engine's own check on a state rebuilt from that view, so the screen and the engine
can never disagree on a shot's name, its points or the reason it is refused.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from typing import Any, ClassVar

from partie.core.errors import IllegalAction, NotYourTurn, PartieError
from partie.core.game import Action, State
from partie.games.tennis_mots import shots as names_of
from partie.games.tennis_mots.bots import load_lexicon
from partie.games.tennis_mots.movegen import hints as best_shots
from partie.games.tennis_mots.rules import (
    ACCEPT,
    CHALLENGE,
    PENALTY_CARDS,
    Accept,
    Challenge,
    Net,
    Plan,
    Shot,
    TennisMotsState,
    action_from_json,
    cards_text,
)
from partie.games.tennis_mots.views import state_from_view
from partie.server.botlevels import BotLevel
from partie.server.games import GameAdapter, NotSupported

GAME_ID = "tennis-mots"

OPTION_SPECS: list[dict[str, Any]] = [
    {
        "name": "players",
        "type": "int",
        "default": 2,
        "min": 2,
        "max": 4,
        "label": {"fr": "Joueurs", "en": "Players"},
    },
    {
        "name": "serve_weight",
        "type": "int",
        "default": 5,
        "min": 0,
        "max": 60,
        "label": {"fr": "Poids du service", "en": "Serve weight"},
        "help": {
            "fr": "ce que vaut au moins un service ; en dessous, c'est une faute",
            "en": "what a serve must be worth at least; under it, it is a fault",
        },
    },
    {
        "name": "bluff",
        "type": "bool",
        "default": True,
        "label": {"fr": "Bluff toléré", "en": "Bluffing tolerated"},
        "help": {
            "fr": "NET et LIGNE passent sans vérification et peuvent être contestés ; "
            "sans bluff, chaque mot est vérifié aussitôt",
            "en": "NET and LIGNE shots are not checked and may be challenged; without "
            "bluffing every word is checked at once",
        },
    },
    {
        "name": "sets_to_win",
        "type": "int",
        "default": 2,
        "min": 1,
        "max": 5,
        "label": {"fr": "Sets gagnants", "en": "Sets to win"},
    },
]
"""Every option of ``TennisMotsOptions`` a browser may set. ``lexicon`` and ``deck`` are
file paths on the server: they never come from the network."""

BOT_LEVELS = (
    BotLevel(
        "greedy@5000",
        "Débutant",
        "Beginner",
        "ne connaît que les 5 000 mots les plus courants et joue son coup le plus cher",
        "knows only the 5,000 commonest words and plays its most valuable shot",
    ),
    BotLevel(
        "tactician@20000",
        "Moyen",
        "Average",
        "connaît les 20 000 mots les plus courants, pose beaucoup de cartes et garde ses jokers",
        "knows the 20,000 commonest words, lays many cards and keeps its jokers",
        cheaper="greedy@5000",
    ),
    BotLevel(
        "greedy",
        "Fort",
        "Strong",
        "connaît tout le lexique et joue toujours son coup le plus cher",
        "knows the whole lexicon and always plays its most valuable shot",
    ),
    BotLevel(
        "tactician",
        "Expert",
        "Expert",
        "connaît tout le lexique, pose beaucoup de cartes et garde ses jokers : "
        "gagne plus souvent que Fort",
        "knows the whole lexicon, lays many cards and keeps its jokers: wins more often "
        "than Strong",
        cheaper="greedy",
    ),
)
"""The levels a page may pick (``partie play`` and ``simulate`` take any spec:
``mc:N``, ``bluff=P``...)."""


def option_specs() -> list[dict[str, Any]]:
    """The option specs for ``GET /api/games`` (copies: callers may change them)."""
    return [dict(spec) for spec in OPTION_SPECS]


# The state one seat can see -----------------------------------------------------------


# Preview ---------------------------------------------------------------------------------


def _say(fr: str, en: str) -> dict[str, str]:
    return {"fr": fr, "en": en}


def preview(view: dict[str, Any], data: Any) -> dict[str, Any]:
    """What ``data`` (an action's JSON) would do for the seat of ``view``, without
    playing it. A shot under the weight is looked at as the NET (or fault) it would be.
    Raises the engine's refusal (a ``PartieError``) when it could not be played."""
    seat = view.get("seat")
    if seat is None:
        raise NotYourTurn("un spectateur ne joue pas", "a spectator does not play")
    action = action_from_json(data)
    state = state_from_view(view)
    if isinstance(action, Challenge | Accept):
        state._check(seat, action)
        return {"action": action.to_json(), "kind": action.type}
    try:
        plan = state._check(seat, action)
    except IllegalAction as refusal:
        if not (isinstance(action, Shot) and action.cards):
            raise
        # Under the weight a shot is a NET (or a fault on a serve): say so, when the
        # same cards can be laid that way.
        try:
            plan = state._check(seat, Net(action.cards))
        except PartieError:
            raise refusal from None
        action = Net(action.cards)
    assert plan is not None
    return _describe_plan(state, action, plan, view.get("draw_count", 0))


def _describe_plan(
    state: TennisMotsState, action: Shot | Net, plan: Plan, draw_count: int
) -> dict[str, Any]:
    """The preview of a checked shot; ``draw_count`` is the view's (the state made from
    a view holds no draw pile), for what a NET or a double fault would draw."""
    lexicon = state.lexicon
    letters = "".join(letter for _c, _g, letter in plan.new)
    serve = state.phase == "serve"
    bluff = state.options.bluff
    word = cards_text(plan.new)
    info: dict[str, Any] = {
        "action": action.to_json(),
        "word": word,
        "letters": letters,
        "value": plan.value,
        "weight": plan.weight,
        "laid": len(plan.added),
        "to_pot": len(plan.removed),
        "known": plan.valid,
        "complete": bool(plan.valid and "?" not in letters and lexicon.is_word(letters)),
        "example": lexicon.example(letters) if plan.valid and "?" not in letters else None,
    }
    if isinstance(action, Shot):
        names = list(plan.names)
        info["kind"] = "serve" if serve else "shot"
        info["names"] = names
        info["announce"] = _say(names_of.announce(names, "fr"), names_of.announce(names, "en"))
        challengeable = bluff and names_of.LIGNE in names
        info["challengeable"] = challengeable
        explain = [
            _say(
                f"{word} vaut {plan.value} points (il en faut {plan.weight}).",
                f"{word} is worth {plan.value} points ({plan.weight} needed).",
            )
        ]
        if names_of.AMORTI in names:
            explain.append(
                _say("Pile le poids : un AMORTI.", "Exactly the weight: a drop shot (AMORTI).")
            )
        if challengeable:
            explain.append(
                _say(
                    "13 points ou plus : LIGNE, vos adversaires peuvent contester le mot.",
                    "13 points or more: on the line (LIGNE), your opponents may challenge "
                    "the word.",
                )
            )
        if not plan.valid:
            explain.append(
                _say(
                    "Aucun mot français ne commence ainsi : c'est un bluff.",
                    "No French word starts this way: it is a bluff.",
                )
            )
        info["explain"] = explain
        return info
    if not plan.added:
        info["kind"] = "pass"
        info["names"] = []
        info["announce"] = _say("PASSE", "pass")
        info["challengeable"] = False
        info["explain"] = [
            _say(
                "Vous passez : vous sortez de cet échange.",
                "You pass: you are out of this rally.",
            )
        ]
        return info
    if serve and not state.last_rally:
        second = state.serve_number == 2
        info["kind"] = "double_fault" if second else "fault"
        info["names"] = [names_of.DOUBLE_FAULT if second else names_of.FAULT]
        info["announce"] = _say(info["names"][0], "double fault" if second else "fault")
        info["challengeable"] = False
        # The penalty comes from the draw pile: fewer cards, or none, once it runs low.
        penalty = min(PENALTY_CARDS, draw_count)
        fr_penalty, en_penalty = (
            (f"avec {penalty} cartes de pénalité", f"with {penalty} penalty cards")
            if penalty > 1
            else ("avec 1 carte de pénalité", "with 1 penalty card")
            if penalty == 1
            else ("sans pénalité (la pioche est vide)", "with no penalty (the draw pile is empty)")
        )
        info["explain"] = [
            _say(
                f"{plan.value} points, sous le poids du service ({plan.weight}) : "
                + (
                    f"DOUBLE FAUTE, vos cartes vont à votre pile de malus {fr_penalty}, "
                    "et le service passe au joueur suivant."
                    if second
                    else "FAUTE, vos cartes vont au pot et vous servez une seconde balle."
                ),
                f"{plan.value} points, under the serve weight ({plan.weight}): "
                + (
                    f"DOUBLE FAULT, your cards go to your malus pile {en_penalty} "
                    "and the serve goes to the next player."
                    if second
                    else "FAULT, your cards go to the pot and you serve a second ball."
                ),
            )
        ]
        return info
    info["kind"] = "net"
    info["names"] = [names_of.NET]
    info["announce"] = _say("NET", "net")
    info["challengeable"] = bluff
    laid = len(plan.added)
    fr_laid, en_laid = (
        ("La carte posée va au pot", "The card laid goes to the pot")
        if laid == 1
        else (f"Les {laid} cartes posées vont au pot", f"The {laid} cards laid go to the pot")
    )
    # Once the draw pile is empty nobody draws back up: the hand stays short.
    fr_draw, en_draw = (
        ("vous complétez votre main", "you draw back to 7")
        if draw_count
        else (
            "la pioche est vide, votre main reste ainsi",
            "the draw pile is empty, you draw nothing",
        )
    )
    explain = [
        _say(
            f"{plan.value} points, sous le poids ({plan.weight}) : NET. {fr_laid}, le mot "
            f"de la table ne change pas, {fr_draw} et vous sortez de l'échange.",
            f"{plan.value} points, under the weight ({plan.weight}): NET. {en_laid}, the "
            f"table word stays, {en_draw} and you leave the rally.",
        )
    ]
    if bluff:
        explain.append(
            _say(
                "Vos adversaires peuvent contester le mot.",
                "Your opponents may challenge the word.",
            )
        )
    info["explain"] = explain
    return info


# Hints -------------------------------------------------------------------------------------


def hints(view_before: dict[str, Any], played: dict[str, Any] | None, top: int = 3) -> dict:
    """The best shots the seat could have played from ``view_before`` (its own view
    just before its last shot or NET), as the terminal's hints give them; ``played``
    is the event of what it did (a ``shot`` or ``net`` event), for comparison."""
    lexicon = load_lexicon(view_before["options"].get("lexicon"))
    found = best_shots(view_before, lexicon, top=top, seconds=HINT_SECONDS)
    value = played.get("value") if played and played.get("kind") == "shot" else None
    return {
        "word_before": view_before["word"],
        "weight": view_before["weight"],
        "played": played,
        "shots": [
            {
                "word": h.text(),
                "letters": h.letters,
                # A word start ("[■C]ORSETEREN") is shown with a word it begins.
                "complete": lexicon.is_word(h.letters),
                "example": None if lexicon.is_word(h.letters) else lexicon.example(h.letters),
                "value": h.value,
                "names": list(h.names),
                "announce": _say(
                    names_of.announce(h.names, "fr"), names_of.announce(h.names, "en")
                ),
                "better": value is None or h.value > value,
            }
            for h in found
        ],
    }


# From the state, public parts only ----------------------------------------------------------


def running(state: TennisMotsState) -> list[dict[str, int]]:
    """Each seat's points so far in this set, as far as everyone can know them: the
    face-up cards won (table and pot of each rally) and the face-up cards of double
    faults, plus how many face-down cards (ACE bonus, penalty) lie beside them."""
    n = state.options.players
    out = [{"seen": 0, "hidden": 0, "malus_seen": 0, "malus_hidden": 0} for _ in range(n)]
    events = state.events
    # The match's last set stays on the end screen: its closing events are skipped, or
    # every figure read 0 beside the cards won ("38 cartes (0 pts visibles)").
    end = len(events)
    while end and events[end - 1].get("kind") in ("set", "match") and state.over:
        end -= 1
    events = events[:end]
    start = 0
    for i in range(len(events) - 1, -1, -1):
        if events[i].get("kind") in ("set", "match"):
            start = i + 1
            break
    for event in events[start:]:
        kind = event.get("kind")
        if kind == "rally":
            row = out[event["winner"]]
            row["seen"] += event.get("points", 0)
            row["hidden"] += event["bonus"]
        elif kind == "fault" and event["double"]:
            row = out[event["seat"]]
            row["malus_seen"] += event["value"]
            row["malus_hidden"] += event["penalty"]
    return out


def public(state: TennisMotsState, seat: int | None) -> dict[str, Any]:
    """What the table message adds to a view: the running points of the set (the
    same for every seat: nothing here depends on ``seat``)."""
    del seat
    return {"running": running(state)}


def hints_for(state: TennisMotsState, seat: int, top: int = 3) -> dict[str, Any]:
    """The hints after ``seat``'s last shot or NET: the game is replayed to just before
    it and only that seat's view of that moment is searched."""
    history = list(state.history)  # a snapshot: the table may move on meanwhile
    last = None
    for index in range(len(history) - 1, -1, -1):
        who, action = history[index]
        if who == seat and isinstance(action, Shot | Net):
            last = index
            break
    if last is None:
        return {
            "shots": None,
            "message": _say(
                "Vous n'avez pas encore joué de coup.", "You have not played a shot yet."
            ),
        }
    game = state.game
    replay = game.setup(state.options, state.seed)
    for who, action in history[:last]:
        replay.apply(who, action)
    before = replay.view(seat)
    count = len(replay.events)
    replay.apply(*history[last])
    played = next((e for e in replay.events[count:] if e["kind"] in ("shot", "net", "fault")), None)
    # The search depends on that view and that shot only: the same hints for every
    # later position until the seat shoots again, and for every page asking.
    key = json.dumps([before, played, top], sort_keys=True, default=str)
    with _HINTS_LOCK:
        kept = _HINTS.get(key)
        if kept is not None:
            _HINTS.move_to_end(key)
            return kept
    answer = hints(before, played, top)
    with _HINTS_LOCK:
        _HINTS[key] = answer
        while len(_HINTS) > HINTS_KEPT:
            _HINTS.popitem(last=False)
    return answer


HINT_SECONDS = 2.0
"""Wall clock one hints search may take; it then gives the best shots found so far."""
HINTS_KEPT = 512
"""Hints kept (the least recently asked are forgotten first)."""
_HINTS: OrderedDict[str, dict[str, Any]] = OrderedDict()
_HINTS_LOCK = threading.Lock()


# The adapter ----------------------------------------------------------------------------


def action_text(action: Action) -> dict[str, str]:
    """How an action reads in the table message's ``last`` line."""
    if isinstance(action, Shot):
        return _say(action.text(), action.text())
    if isinstance(action, Net):
        if not action.cards:
            return _say("passe", "pass")
        word = cards_text(action.cards)
        return _say(f"net {word}", f"net {word}")
    if action == CHALLENGE:
        return _say("conteste", "challenges")
    if action == ACCEPT:
        return _say("laisse passer", "lets it pass")
    text = str(action.to_json())
    return _say(text, text)


class TennisMotsAdapter(GameAdapter):
    """Tennis de mots for ``partie serve``: options without file paths, the preview of
    a word being built, hints after a shot, the running points of the set."""

    # Word lists and decks are files on the server: a browser never names one.
    hidden_options = frozenset({"lexicon", "deck"})
    option_text: ClassVar[dict[str, dict[str, Any]]] = {
        spec["name"]: {k: spec[k] for k in ("label", "help", "min", "max") if k in spec}
        for spec in OPTION_SPECS
    }
    bot_levels = BOT_LEVELS
    warm_bots = ("greedy",)

    def describe(self, seat: int, action: Action, viewer: int | None) -> dict[str, Any]:
        return {"seat": seat, "action": action.to_json(), "text": action_text(action)}

    def public(self, state: State, seat: int | None) -> dict[str, Any] | None:
        assert isinstance(state, TennisMotsState)
        return public(state, seat)

    def preview(self, state: State, seat: int, action: Action) -> dict[str, Any]:
        return preview(state.view(seat), action.to_json())

    def ask_key(self, what: str, args: dict[str, Any]) -> str:
        return ""  # hints take no arguments: varying them must not mean a new search

    def ask(self, state: State, seat: int | None, what: str, args: dict[str, Any]) -> Any:
        assert isinstance(state, TennisMotsState)
        if what != "hints":
            raise NotSupported(f"question inconnue : {what!r}", f"unknown question: {what!r}")
        if seat is None:
            raise NotSupported(
                "les conseils sont pour les joueurs assis", "hints are for seated players"
            )
        return hints_for(state, seat)


ADAPTER = TennisMotsAdapter


__all__ = [
    "ADAPTER",
    "BOT_LEVELS",
    "GAME_ID",
    "OPTION_SPECS",
    "hints",
    "option_specs",
    "preview",
    "state_from_view",
]
