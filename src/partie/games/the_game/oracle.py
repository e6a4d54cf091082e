"""An oracle for The Game: it sees everything (every hand and the draw order) and says
whether the table can still win.

This is not a bot and never plays a game: bots only see their seat's view. The oracle
answers a different question, "could perfect play, knowing every card, win this
deal?", which is the ceiling bots are measured against.

The search plays every seat (the table is cooperative, so one searcher decides for
all), one card or one turn end at a time, for any number of players, in two phases:

1. Beam searches of growing width (4, 8, 16... positions kept per count of cards laid,
   ranked by how many unplayed cards lie behind the piles and how far the draw pile
   has been drawn). A beam can find a win, which is then a proof (the line is
   returned and replays in the engine). A beam that never had to drop a position has
   seen every reachable position, so when it dies out it proves a loss.
2. An exhaustive depth-first search with what is left of the node budget, which
   proves losses. It uses only sound reductions, each argued where it is used:

   - a table of positions proved lost (a position is every hand, the draw position,
     the pile tops, who plays and how many cards they have laid this turn);
   - symmetry: the two ascending piles are interchangeable, and so are the two
     descending ones, so positions are keyed with each pair sorted, and when both
     piles of a pair show the same top only one of them is tried;
   - solo, once the draw pile is empty, ending a turn changes nothing (no card is
     drawn, the same player plays again and must lay one card, which a win needs
     anyway), so turn ends are not searched there;
   - dead cards: a card that no pile can ever take again means the game is lost (the
     argument is in ``dead_card``).

   Move order (tricks first, then plays that jump over the fewest unplayed cards,
   ending a turn before any play that jumps over one) changes only how fast an answer
   comes, never the answer.

Past the node budget the answer is ``UNKNOWN``. Nothing here is used by bots.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from partie.games.the_game.rules import (
    ASCENDING,
    END_TURN,
    START_TOPS,
    TRICK,
    ChooseStart,
    EndTurn,
    Play,
    TheGameOptions,
    playable,
)

DEFAULT_BUDGET = 1_000_000
DEFAULT_BEAM = 1024
FIRST_BEAM = 4
BEAM_SHARE = 0.75
"""Phase 1 runs beam searches of width 4, 8, 16... up to ``DEFAULT_BEAM`` on at most
three quarters of the node budget; the exhaustive search gets the rest."""
BLOCKED_WEIGHT = 20
DRAWN_WEIGHT = 8.0
END_COST = 0.5
"""Where ending the turn sits in the move order: after tricks and plays that jump over
no unplayed card, before any other play."""


class Verdict(enum.Enum):
    WIN = "win"
    LOSS = "loss"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Position:
    """Everything about a position, hidden cards included (the oracle's input).

    ``draw`` lists the draw pile from its top (the next card drawn comes first).
    ``started`` is false before the table has chosen who starts (``choose_start``): the
    oracle then tries every starting seat.
    """

    hands: tuple[tuple[int, ...], ...]
    draw: tuple[int, ...]
    tops: tuple[int, int, int, int] = START_TOPS  # type: ignore[assignment]
    current: int = 0
    played_this_turn: int = 0
    min_cards: int = 2
    started: bool = True

    @classmethod
    def from_deal(cls, deal: tuple[int, ...] | list[int], options: TheGameOptions) -> Position:
        """The first position of a game dealt in the order ``deal`` (the engine's order:
        seat 0's hand first, then the others, then the draw pile from the top)."""
        size = options.hand_size
        n = options.players
        return cls(
            hands=tuple(tuple(sorted(deal[i * size : (i + 1) * size])) for i in range(n)),
            draw=tuple(deal[n * size :]),
            min_cards=options.min_cards,
            started=not options.choose_start,
        )

    @classmethod
    def from_state(cls, state: Any) -> Position:
        """The position of a live ``TheGameState``, reading its hidden cards."""
        return cls(
            hands=tuple(tuple(h) for h in state.hands),
            draw=tuple(reversed(state.draw)),
            tops=tuple(state.tops),  # type: ignore[arg-type]
            current=state.current,
            played_this_turn=state.played_this_turn,
            min_cards=state.options.min_cards,
            started=state.started,
        )

    @property
    def cards_left(self) -> int:
        return len(self.draw) + sum(len(h) for h in self.hands)


@dataclass(frozen=True)
class OracleResult:
    """The verdict, the nodes it took, and for a win one winning line of actions
    (``(seat, action)`` pairs that the engine accepts from the position)."""

    verdict: Verdict
    nodes: int
    line: tuple[tuple[int, Play | EndTurn | ChooseStart], ...] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "verdict": self.verdict.value,
            "nodes": self.nodes,
            "line": [[s, a.to_json()] for s, a in self.line] if self.line is not None else None,
        }


class _OutOfBudget(Exception):
    pass


def _bit_cards(mask: int) -> list[int]:
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return cards


def dead_card(unplayed: int, tops: list[int]) -> bool:
    """Is some unplayed card out of reach of every pile for the rest of the game?

    Take an ascending pile showing ``t`` and a card ``x < t - 10``. For ``x`` to be laid
    there later, the top must first be ``x + 10`` or below ``x``. The top only goes down
    by tricks of exactly 10, so the first top that reaches ``x + 10`` or less lies in
    ``(x, x + 10]``, and it must be a card still to be played (``t`` is above that
    range). Likewise for a descending pile showing ``t`` and a card ``x > t + 10``, with
    the range ``[x - 10, x)``. So a card below every ascending top minus 10, above every
    descending top plus 10, and with no other unplayed card within 10 of it, can never be
    laid: the game cannot be won.
    """
    low = max(tops[2], tops[3]) + TRICK + 1
    high = min(tops[0], tops[1]) - TRICK - 1
    if low > high:
        return False
    candidates = unplayed & (((1 << (high + 1)) - 1) ^ ((1 << low) - 1))
    while candidates:
        bit = candidates & -candidates
        x = bit.bit_length() - 1
        window = ((1 << (x + TRICK + 1)) - 1) ^ ((1 << (x - TRICK)) - 1)
        if unplayed & window == bit:
            return True
        candidates ^= bit
    return False


class OracleSolver:
    """Perfect-information solver: ``solve(position)`` says WIN, LOSS or UNKNOWN (the
    node budget ran out). Proved losses are kept between calls on the same deal only;
    make one solver per question, or reuse it: it clears its table for each ``solve``."""

    def __init__(self, budget: int = DEFAULT_BUDGET, beam: int = DEFAULT_BEAM) -> None:
        self.budget = budget
        self.beam = beam

    def solve(self, position: Position) -> OracleResult:
        self.nodes = 0
        self.lost: set[tuple[Any, ...]] = set()
        self.players = len(position.hands)
        self.min_cards = position.min_cards
        self.hands = [_mask(h) for h in position.hands]
        self.draw = list(position.draw)
        self.ndraw = len(self.draw)
        self.prefix = [0]
        for card in self.draw:
            self.prefix.append(self.prefix[-1] | (1 << card))
        self.ptr = 0
        self.tops = list(position.tops)
        self.path: list[tuple[int, Any]] = []
        self.line: list[tuple[int, Any]] | None = None
        if position.cards_left == 0:
            return OracleResult(Verdict.WIN, 0, ())
        starts = [position.current] if position.started else list(range(self.players))
        pt = position.played_this_turn if position.started else 0
        # Phase 1: beams of growing width look for a win. A beam that never had to drop
        # a position has seen every reachable position: then it proves a loss too.
        self.limit = int(self.budget * BEAM_SHARE)
        complete = [False] * len(starts)
        width = FIRST_BEAM
        while width <= self.beam and not all(complete):
            for i, seat in enumerate(starts):
                if complete[i]:
                    continue
                try:
                    line, complete[i] = self._beam_search(seat, pt, width)
                except _OutOfBudget:
                    width = self.beam + 1
                    break
                if line is not None:
                    first = [] if position.started else [(position.current, ChooseStart(seat))]
                    return OracleResult(Verdict.WIN, self.nodes, tuple(first + line))
            width *= 2
        if all(complete):
            return OracleResult(Verdict.LOSS, self.nodes)
        # Phase 2: the exhaustive depth-first search with what is left of the budget.
        self.limit = self.budget
        for i, seat in enumerate(starts):
            if complete[i]:
                continue
            self.path = [] if position.started else [(position.current, ChooseStart(seat))]
            try:
                if self._search(seat, pt):
                    return OracleResult(Verdict.WIN, self.nodes, tuple(self.line or ()))
            except _OutOfBudget:
                return OracleResult(Verdict.UNKNOWN, self.nodes)
        return OracleResult(Verdict.LOSS, self.nodes)

    def _search(self, cur: int, pt: int) -> bool:
        self.nodes += 1
        if self.nodes > self.limit:
            raise _OutOfBudget
        hands = self.hands
        left = self.ndraw - self.ptr
        if not left and not any(hands):
            self.line = list(self.path)
            return True
        tops = self.tops
        solo_end = self.players == 1 and not left
        key = (
            tuple(hands),
            self.ptr,
            min(tops[0], tops[1]),
            max(tops[0], tops[1]),
            min(tops[2], tops[3]),
            max(tops[2], tops[3]),
            cur,
            0 if solo_end else pt,
        )
        if key in self.lost:
            return False
        unplayed = (self.prefix[-1] ^ self.prefix[self.ptr]) if left else 0
        for h in hands:
            unplayed |= h
        if dead_card(unplayed, tops):
            self.lost.add(key)
            return False
        need = self.min_cards if left else 1
        moves: list[tuple[float, int, int]] = []
        if pt >= need and not solo_end:
            moves.append((END_COST, 0, -1))
        hand = hands[cur]
        for card in _bit_cards(hand):
            for p in range(4):
                if (p == 1 and tops[0] == tops[1]) or (p == 3 and tops[2] == tops[3]):
                    continue
                top = tops[p]
                if ASCENDING[p]:
                    if card > top:
                        # cost: the unplayed cards this play jumps over
                        skipped = (unplayed >> (top + 1)) & ((1 << (card - top - 1)) - 1)
                        moves.append((skipped.bit_count(), card, p))
                    elif card == top - TRICK:
                        moves.append((-1, card, p))
                elif card < top:
                    skipped = (unplayed >> (card + 1)) & ((1 << (top - card - 1)) - 1)
                    moves.append((skipped.bit_count(), card, p))
                elif card == top + TRICK:
                    moves.append((-1, card, p))
        moves.sort()
        for _cost, card, p in moves:
            if p < 0:
                if self._end_turn(cur, pt):
                    return True
                continue
            bit = 1 << card
            old = tops[p]
            hands[cur] = hand ^ bit
            tops[p] = card
            self.path.append((cur, Play(card, p)))
            won = self._search(cur, pt + 1)
            self.path.pop()
            tops[p] = old
            hands[cur] = hand
            if won:
                return True
        self.lost.add(key)
        return False

    # -- phase 1: beam search -----------------------------------------------------

    def _beam_search(
        self, cur: int, pt: int, width: int
    ) -> tuple[list[tuple[int, Any]] | None, bool]:
        """Keep the ``width`` best positions at each count of cards laid; a position's
        successors are its plays, and the plays after ending its turn. Returns a winning
        line or ``None``, and whether no position was ever dropped (then ``None`` means
        that no line wins)."""
        start = (tuple(self.hands), self.ptr, tuple(self.tops), cur, pt, None)
        level = [start]
        complete = True
        while level:
            seen: set[Any] = set()
            scored = []
            for node in level:
                for child in self._children(node):
                    hands, ptr, tops, ccur, cpt, _link = child
                    if ptr == self.ndraw and not any(hands):
                        return _unwind(child), complete
                    key = _key(hands, ptr, tops, ccur, cpt)
                    if key in seen:
                        continue
                    seen.add(key)
                    scored.append((self._evaluate(hands, ptr, tops), len(scored), child))
            scored.sort(key=lambda item: (item[0], item[1]))
            complete = complete and len(scored) <= width
            level = [child for _score, _i, child in scored[:width]]
        return None, complete

    def _children(self, node: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        hands, ptr, tops, cur, pt, _link = node
        left = self.ndraw - ptr
        need = self.min_cards if left else 1
        out = self._plays(node, hands, ptr, tops, cur, pt, [])
        if pt >= need and not (self.players == 1 and not left):
            drawn = min(pt, left)
            new_hands = list(hands)
            new_hands[cur] |= self.prefix[ptr + drawn] ^ self.prefix[ptr]
            nxt = cur
            for _ in range(self.players):
                nxt = (nxt + 1) % self.players
                if new_hands[nxt]:
                    break
            ended = (tuple(new_hands), ptr + drawn, tops, nxt, 0, (node, [(cur, END_TURN)]))
            self._plays(ended, ended[0], ended[1], tops, nxt, 0, out)
        return out

    def _plays(
        self,
        parent: tuple[Any, ...],
        hands: tuple[int, ...],
        ptr: int,
        tops: tuple[int, ...],
        cur: int,
        pt: int,
        out: list[tuple[Any, ...]],
    ) -> list[tuple[Any, ...]]:
        hand = hands[cur]
        for card in _bit_cards(hand):
            for p in range(4):
                if (p == 1 and tops[0] == tops[1]) or (p == 3 and tops[2] == tops[3]):
                    continue
                if playable(card, tops[p], ASCENDING[p]):
                    self.nodes += 1
                    if self.nodes > self.limit:
                        raise _OutOfBudget
                    new_hands = list(hands)
                    new_hands[cur] = hand ^ (1 << card)
                    new_tops = list(tops)
                    new_tops[p] = card
                    out.append(
                        (
                            tuple(new_hands),
                            ptr,
                            tuple(new_tops),
                            cur,
                            pt + 1,
                            (parent, [(cur, Play(card, p))]),
                        )
                    )
        return out

    def _evaluate(self, hands: tuple[int, ...], ptr: int, tops: tuple[int, ...]) -> float:
        """Lower is better: unplayed cards behind each pile (a card below an ascending
        top, or above a descending one, can only go there by a trick), with cards
        behind all four piles counted heavily."""
        unplayed = self.prefix[-1] ^ self.prefix[ptr]
        for h in hands:
            unplayed |= h
        below_a0 = unplayed & ((1 << tops[0]) - 1)
        below_a1 = unplayed & ((1 << tops[1]) - 1)
        above_d0 = unplayed >> (tops[2] + 1) << (tops[2] + 1)
        above_d1 = unplayed >> (tops[3] + 1) << (tops[3] + 1)
        blocked = below_a0 & below_a1 & above_d0 & above_d1
        return (
            below_a0.bit_count()
            + below_a1.bit_count()
            + above_d0.bit_count()
            + above_d1.bit_count()
            + BLOCKED_WEIGHT * blocked.bit_count()
            - DRAWN_WEIGHT * ptr
        )

    # -- phase 2: exhaustive search ------------------------------------------------

    def _end_turn(self, cur: int, pt: int) -> bool:
        """End ``cur``'s turn as the engine does: draw as many cards as were laid, then
        pass to the next seat that holds cards."""
        hands = self.hands
        hand = hands[cur]
        ptr = self.ptr
        drawn = min(pt, self.ndraw - ptr)
        hands[cur] = hand | (self.prefix[ptr + drawn] ^ self.prefix[ptr])
        self.ptr = ptr + drawn
        nxt = cur
        for _ in range(self.players):
            nxt = (nxt + 1) % self.players
            if hands[nxt]:
                break
        self.path.append((cur, END_TURN))
        won = self._search(nxt, 0)
        self.path.pop()
        self.ptr = ptr
        hands[cur] = hand
        return won


def _key(
    hands: tuple[int, ...], ptr: int, tops: tuple[int, ...], cur: int, pt: int
) -> tuple[Any, ...]:
    """A position up to the symmetry of each pair of piles."""
    a0, a1, d0, d1 = tops
    return (
        hands,
        ptr,
        a0 if a0 < a1 else a1,
        a1 if a0 < a1 else a0,
        d0 if d0 < d1 else d1,
        d1 if d0 < d1 else d0,
        cur,
        pt,
    )


def _unwind(node: tuple[Any, ...]) -> list[tuple[int, Any]]:
    """The actions from the beam's root to ``node``."""
    steps: list[tuple[int, Any]] = []
    link = node[5]
    while link is not None:
        parent, actions = link
        steps[:0] = actions
        link = parent[5]
    return steps


def _mask(cards: tuple[int, ...]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def check_line(position: Position, line: tuple[tuple[int, Any], ...]) -> bool:
    """Does ``line`` lay every card from ``position`` under the rules? An independent
    check of a WIN, by the plain ``playable`` rule and turn bookkeeping."""
    hands = [set(h) for h in position.hands]
    draw = list(position.draw)
    tops = list(position.tops)
    cur = position.current
    pt = position.played_this_turn
    n = len(hands)
    for seat, action in line:
        if isinstance(action, ChooseStart):
            cur = action.seat
            continue
        if seat != cur:
            return False
        need = position.min_cards if draw else 1
        if isinstance(action, Play):
            if action.card not in hands[cur] or not playable(
                action.card, tops[action.pile], ASCENDING[action.pile]
            ):
                return False
            hands[cur].discard(action.card)
            tops[action.pile] = action.card
            pt += 1
        else:
            if pt < need:
                return False
            for _ in range(min(pt, len(draw))):
                hands[cur].add(draw.pop(0))
            pt = 0
            for _ in range(n):
                cur = (cur + 1) % n
                if hands[cur]:
                    break
    return not draw and not any(hands)


def solve_positions(
    positions: list[Position],
    budget: int = DEFAULT_BUDGET,
    beam: int = DEFAULT_BEAM,
) -> list[OracleResult]:
    """The oracle's verdict on each position (one solver, its table cleared each time)."""
    solver = OracleSolver(budget, beam)
    return [solver.solve(position) for position in positions]
