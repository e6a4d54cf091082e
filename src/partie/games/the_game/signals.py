"""How The Game's bots read the table's pile signals: bots are teammates.

A signal is public talk (``view["signals"]``: seat, pile, kind). The table also says
which seats people hold (``view["people"]``, their seats even while a stand-in bot plays
for them; absent in bot-only games, where every signal is a bot's). The reading:

- **"garde" (keep) from a person**: the pile is avoided unless nothing else reaches the
  turn's minimum (``PERSON_KEEP_COST``: more than any plan of the minimum costs
  elsewhere). A trick of 10 on it stays allowed: it only gives the pile room back.
- **"bon ici" (good: "I play well here")**: no reason to keep off: the bot plays there
  as freely as anywhere. Measured (``docs/the-game-bots.md``): reading it as a small
  "garde" made the bots leave 1.9 more cards at 3 players, pulling them onto the pile
  did not help either.
- **"garde" from a bot seat**: a cost of ``signal pen`` (the heuristic's setting, as it
  always was), so bot-only tables play exactly as before.

Every level obeys a person's "garde": ``random``, ``greedy`` and ``minjump`` by keeping
off the pile, ``heuristic``, ``mc`` and ``best`` through their planner's costs.
"""

from __future__ import annotations

from typing import Any

from partie.games.the_game.rules import ASCENDING, PILE_NAMES, can_play_sequence, is_trick

PERSON_KEEP_COST = 1000.0
"""A plan of the minimum (at most 3 cards, each skipping at most 97 alive cards, own
cards weighing at most twice) costs less than this: a kept pile is laid on only when no
plan avoiding it reaches the minimum."""


def people(view: dict[str, Any]) -> frozenset[int]:
    """The seats people hold at this table (none in a bot-only game)."""
    return frozenset(view.get("people") or ())


def pile_costs(view: dict[str, Any], signal_pen: float) -> list[float] | None:
    """Each pile's extra cost from the other seats' "garde", or ``None`` when no person
    asks to keep a pile (the planner then takes its plain "kept" flags, and bot-only
    tables play as they always did)."""
    seat = view["seat"]
    held = people(view)
    costs = [0.0, 0.0, 0.0, 0.0]
    special = False
    for signal in view["signals"]:
        if signal["seat"] == seat or signal["kind"] != "keep":
            continue
        p = PILE_NAMES.index(signal["pile"])
        if signal["seat"] in held:
            cost, special = PERSON_KEEP_COST, True
        else:
            cost = signal_pen
        costs[p] = max(costs[p], cost)
    return costs if special else None


def person_kept(view: dict[str, Any]) -> frozenset[int]:
    """The piles another seat held by a person asks to keep ("garde")."""
    held = people(view)
    seat = view["seat"]
    return frozenset(
        PILE_NAMES.index(s["pile"])
        for s in view["signals"]
        if s["kind"] == "keep" and s["seat"] != seat and s["seat"] in held
    )


def signal_key(view: dict[str, Any]) -> tuple[Any, ...]:
    """The other seats' signals and the seats people hold: a plan made before one of
    them changed is made again (a person may flag a pile in the middle of a bot's turn)."""
    seat = view["seat"]
    others = tuple((s["seat"], s["pile"], s["kind"]) for s in view["signals"] if s["seat"] != seat)
    return (others, tuple(view.get("people") or ()))


def tops_of(view: dict[str, Any]) -> list[int]:
    return [pile["top"] for pile in view["piles"]]


def touches(card: int, pile: int, tops: list[int], avoid: frozenset[int]) -> bool:
    """Does laying ``card`` on ``pile`` go against a person's "garde"? (A trick does not.)"""
    return pile in avoid and not is_trick(card, tops[pile], ASCENDING[pile])


def respectful(plays: list[Any], view: dict[str, Any], avoid: frozenset[int]) -> list[Any]:
    """The plays that keep off the piles in ``avoid`` and still leave the turn's
    minimum reachable; all of ``plays`` when none does (nothing else keeps the game
    going). Once the minimum is laid, ending the turn keeps it going: only the plays
    that keep off."""
    if not avoid:
        return plays
    if view["played_this_turn"] >= view["min_cards"]:  # ending the turn keeps it going
        return [p for p in plays if not touches(p.card, p.pile, tops_of(view), avoid)]
    hand = view["hand"]
    tops = tops_of(view)
    need = view["min_cards"] - view["played_this_turn"] - 1
    kept = []
    for play in plays:
        if touches(play.card, play.pile, tops, avoid):
            continue
        after = list(tops)
        after[play.pile] = play.card
        rest = [c for c in hand if c != play.card]
        if need <= 0 or can_play_sequence(rest, after, need):
            kept.append(play)
    return kept or plays


__all__ = [
    "PERSON_KEEP_COST",
    "people",
    "person_kept",
    "pile_costs",
    "respectful",
    "signal_key",
    "touches",
]
