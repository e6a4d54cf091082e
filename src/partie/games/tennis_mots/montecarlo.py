"""A Monte Carlo bot: it guesses the cards it cannot see, then plays each candidate
shot out to the end of the rally with cheap bots, many times, and keeps the best.

Everything comes from its seat's view. The unseen cards are the deck minus its hand,
the table and the pot; they are dealt at random into the other hands, the draw pile
and the face-down piles (tricks, malus, cards out of play), each pile getting as many
cards as the view counts. A playout runs the real rules on that guess; its worth for
the bot is the points it gains in the rally minus the most any opponent gains.
"""

from __future__ import annotations

import random
from typing import Any

from partie.core.errors import PartieError
from partie.games.tennis_mots.bots import PASS, GreedyBot, TacticianBot, load_lexicon
from partie.games.tennis_mots.cards import load_deck
from partie.games.tennis_mots.rules import STAT_KEYS, TennisMotsOptions, TennisMotsState

PLAYOUT_STEPS = 40
"""A playout stops after this many actions even if the rally goes on."""


def guess_state(view: dict[str, Any], rng: random.Random) -> TennisMotsState:
    """A full state consistent with ``view``: the hidden cards dealt at random."""
    opts = view["options"]
    options = TennisMotsOptions(
        players=view["players"],
        serve_weight=opts["serve_weight"],
        bluff=opts["bluff"],
        lexicon=opts["lexicon"],
        deck=opts["deck"],
        sets_to_win=opts["sets_to_win"],
    )
    deck = load_deck(options.deck)
    lexicon = load_lexicon(options.lexicon)
    seat = view["seat"]
    n = view["players"]
    mine = [h["id"] for h in view["hand"]]
    table = [(t["id"], t["glyph"], t["letter"]) for t in view["table"]]
    pot = [p["id"] for p in view["pot"]]
    seen = set(mine) | {c for c, _g, _l in table} | set(pot)
    unseen = [c for c in deck.ids if c not in seen]
    rng.shuffle(unseen)

    def take(k: int) -> list[int]:
        out = unseen[-k:] if k else []
        del unseen[len(unseen) - k :]
        return out

    hands = [sorted(mine) if s == seat else sorted(take(view["hand_sizes"][s])) for s in range(n)]
    draw = take(view["draw_count"])
    tricks = [take(k) for k in view["tricks"]]
    malus = [take(k) for k in view["malus"]]
    removed = take(view["removed"])
    removed.extend(unseen)  # nothing should be left; keep the cards conserved anyway
    state = object.__new__(TennisMotsState)
    state.game = None
    state._options = options
    state.seed = 0
    state.deck = deck
    state.lexicon = lexicon
    state.rng = random.Random(rng.random())
    state.history = []
    state.events = []
    state.sets_won = list(view["sets_won"])
    state.set_scores = [list(s) for s in view["set_scores"]]
    state.set_number = view["set"]
    state.stats = dict.fromkeys(STAT_KEYS, 0)
    state.over = False
    state.winner = None
    state.first_server = view["server"]
    state.match_first_server = view["server"]
    state.hands = hands
    state.draw = draw
    state.table = table
    state.pot = pot
    state.tricks = tricks
    state.malus = malus
    state.removed = removed
    state.phase = view["phase"] if view["phase"] != "challenge" else "rally"
    state.server = view["server"]
    state.turn = view["turn"]
    state.serve_number = view["serve_number"]
    state.returns = view["returns"]
    state.in_rally = list(view["in_rally"])
    state.serve_out = [False] * n
    state.pending = None
    state.last_rally = view["last_rally"]
    return state


class MonteCarloBot(TacticianBot):
    """Challenges like the tactician; to shoot, it takes a few candidate shots (the
    tactician's pick, the most valuable, the cheapest, a spread of values, and passing
    or netting), shares ``playouts`` playouts among them over guessed deals, and plays
    the best on average. Playouts use greedy bots (fast)."""

    name = "mc"

    def __init__(
        self,
        seed: int = 0,
        *,
        playouts: int = 48,
        vocab: int | None = None,
        bluff: float = 0.0,
        doubt: float = 0.25,
        gen: str = "budgeted",
        candidates: int = 6,
    ) -> None:
        super().__init__(seed, vocab=vocab, bluff=bluff, doubt=doubt, gen=gen)
        self.playouts = playouts
        self.candidates = candidates

    def act(self, view: dict[str, Any]) -> Any:
        if view["pending"] is not None:
            return super().act(view)
        found = self.shots(view)
        serve = view["phase"] == "serve" and not view["last_rally"]
        options: list[Any] = []
        if found:
            options.append(self.choose(view, found).action)
            ranked = sorted(found, key=lambda s: s.value)
            step = max(1, len(ranked) // max(1, self.candidates - 2))
            for shot in [ranked[-1], ranked[0], *ranked[::step]]:
                if shot.action not in options:
                    options.append(shot.action)
                if len(options) >= self.candidates:
                    break
        if serve:
            if not options:
                return self.fault(view)
        else:
            options.append(TacticianBot.no_return(self, view))
            if PASS not in options:
                options.append(PASS)
        if len(options) == 1 or self.playouts < len(options):
            return options[0]
        return self.best_by_playouts(view, options)

    def best_by_playouts(self, view: dict[str, Any], options: list[Any]) -> Any:
        seat = view["seat"]
        totals = [0.0] * len(options)
        rounds = self.playouts // len(options)
        for _ in range(rounds):
            guess = guess_state(view, self.rng)
            for i, action in enumerate(options):
                totals[i] += self.playout(guess.clone(), seat, action)
        best = max(totals)
        return options[totals.index(best)]

    def playout(self, state: TennisMotsState, seat: int, action: Any) -> float:
        """Play ``action`` then greedy bots to the end of the rally; the bot's gain in
        points minus the best opponent's."""
        before = state.set_points()
        rallies = state.stats["rallies"]
        sets = state.set_number
        try:
            state.apply(seat, action)
        except PartieError:
            return -1000.0
        bots = [GreedyBot(self.rng.randrange(1 << 30)) for _ in range(state.options.players)]
        steps = 0
        while (
            not state.over
            and state.stats["rallies"] == rallies
            and state.set_number == sets
            and steps < PLAYOUT_STEPS
        ):
            who = state.to_act[0]
            state.apply(who, bots[who].act(state.view(who)))
            steps += 1
        if state.set_number != sets or state.over:
            after = state.set_scores[-1] if state.set_scores else state.set_points()
        else:
            after = state.set_points()
        gains = [a - b for a, b in zip(after, before, strict=True)]
        mine = gains[seat]
        others = max(g for s, g in enumerate(gains) if s != seat)
        return float(mine - others)


__all__ = ["MonteCarloBot", "guess_state"]
