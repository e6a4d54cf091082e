"""Positions of Tennis de mots: a short text form (as FEN is for chess) and ready-made
rally positions for benchmarks.

The text form is a line of ``;``-separated fields::

    hands XAAAAAA / SSSSSSS; table JE[*U]; server 1; draw 10

- ``hands``: each seat's cards by face (``/`` between seats, ``-`` for none; a joker
  as ``★ ■ ●`` or ``* # @``, the double card as ``◀`` or ``<``);
- ``table``: the word on the table left to right, a joker with its reading in brackets
  (``[*U]``, ``[<E]``); empty or absent: the server is to serve;
- ``server``: the seat serving (from 1; default 1); ``turn``: the seat to play (default:
  the server on an empty table, else the seat after the server); ``serve 2``: the
  second ball;
- ``draw``: the draw pile, either its faces from the top or a count (that many of
  the remaining cards, the others out of play; default: every remaining card);
- ``pot``: faces in the pot; ``weight N``: the serve weight; ``no-bluff``; ``seed N``:
  the seed of the chance still to come (the deals of later sets; default 0).

A position starts a set's exchange with empty trick and malus piles; cards named
nowhere are in the draw pile or out of play, so the deck is always conserved.
"""

from __future__ import annotations

import random
from typing import Any

from partie.core import get_game
from partie.core.errors import BadPosition
from partie.games.tennis_mots.cards import (
    AFTER,
    ANY,
    BEFORE,
    CONSONANT,
    DOUBLE,
    LETTERS_SET,
    VOWEL,
)
from partie.games.tennis_mots.rules import Phase, TennisMotsState, position_text

ASCII = {"*": ANY, "#": CONSONANT, "@": VOWEL, "<": BEFORE, ">": AFTER}
EXAMPLE = "hands XAAAAAA / SSSSSSS; table JE[*U]; server 1; draw 10"


def _bad(text: str, fr: str, en: str) -> BadPosition:
    return BadPosition(
        f"position illisible ({fr}) : {text!r}, ex. « {EXAMPLE} »",
        f"unreadable position ({en}): {text!r}, e.g. '{EXAMPLE}'",
    )


def _glyphs(text: str, word: str) -> list[tuple[str, str]]:
    """``JE[*U]◀`` → ``[(J, J), (E, E), (★, U), (◀, ◀)]``: each card's glyph and reading."""
    out: list[tuple[str, str]] = []
    i = 0
    word = word.upper()
    while i < len(word):
        ch = word[i]
        if ch == "[":
            end = word.find("]", i)
            inner = word[i + 1 : end] if end > 0 else ""
            glyph = ASCII.get(inner[:1], inner[:1])
            if len(inner) != 2 or glyph in LETTERS_SET or inner[1] not in LETTERS_SET:
                raise _bad(text, f"joker {word[i : end + 1]!r}", f"joker {word[i : end + 1]!r}")
            out.append((glyph, inner[1]))
            i = end + 1
            continue
        glyph = ASCII.get(ch, ch)
        if glyph not in LETTERS_SET and glyph not in (ANY, CONSONANT, VOWEL, BEFORE, AFTER):
            raise _bad(text, f"carte {ch!r}", f"card {ch!r}")
        out.append((glyph, glyph))
        i += 1
    return out


def _seat(text: str, value: str, players: int) -> int:
    if not value.isdigit() or not 1 <= int(value) <= players:
        raise _bad(text, f"place {value!r}", f"seat {value!r}")
    return int(value) - 1


def from_position(game: Any, text: str) -> TennisMotsState:
    """The state a position text describes (see the module's docstring)."""
    fields: dict[str, list[str]] = {}
    flags: set[str] = set()
    for part in text.split(";"):
        name, _, rest = part.strip().partition(" ")
        name = name.lower()
        if not name:
            continue
        if name == "no-bluff" and not rest:
            flags.add(name)
        elif name in ("hands", "table", "server", "turn", "serve", "draw", "pot", "weight", "seed"):
            fields[name] = rest.split()
        else:
            raise _bad(text, f"champ {part.strip()!r}", f"field {part.strip()!r}")
    if "hands" not in fields:
        raise _bad(text, "il faut hands", "hands are needed")
    seats = " ".join(fields["hands"]).split("/")
    hands = [[] if h.strip() == "-" else _glyphs(text, "".join(h.split())) for h in seats]
    weight = fields.get("weight", ["5"])
    if len(weight) != 1 or not weight[0].isdigit():
        raise _bad(text, "poids", "weight")
    options = game.parse_options(
        {"players": len(hands), "serve_weight": int(weight[0]), "bluff": "no-bluff" not in flags}
    )
    seed = fields.get("seed", ["0"])
    if len(seed) != 1 or not seed[0].isdigit():
        raise _bad(text, "graine", "seed")
    state: TennisMotsState = game.setup(options, int(seed[0]))
    faces = state.deck.faces
    free: dict[str, list[int]] = {}
    for card in state.deck.ids:
        free.setdefault(faces[card], []).append(card)

    def take(glyph: str) -> int:
        face = DOUBLE if glyph in (BEFORE, AFTER) else glyph
        if not free.get(face):
            raise _bad(text, f"plus de carte {glyph}", f"no {glyph} card left")
        return free[face].pop(0)

    table = [(take(g), g, letter) for g, letter in _glyphs(text, "".join(fields.get("table", [])))]
    held = [sorted(take(g) for g, _l in hand) for hand in hands]
    pot = [take(g) for g, _l in _glyphs(text, "".join(fields.get("pot", [])))]
    n = options.players
    server = _seat(text, fields["server"][0], n) if fields.get("server") else 0
    draw_field = fields.get("draw")
    removed: list[int] = []
    if draw_field and len(draw_field) == 1 and draw_field[0].isdigit():
        rest = sorted(c for cards in free.values() for c in cards)
        keep = int(draw_field[0])
        draw, removed = rest[:keep], rest[keep:]
    elif draw_field:
        from_top = [take(g) for g, _l in _glyphs(text, "".join(draw_field))]
        draw = from_top[::-1]
        removed = sorted(c for cards in free.values() for c in cards)
    else:
        draw = sorted(c for cards in free.values() for c in cards)
    state.table = table
    state.hands = held
    state.pot = pot
    state.tricks = [[] for _ in range(n)]
    state.malus = [[] for _ in range(n)]
    state.removed = removed
    state.draw = draw
    state.server = server
    state.serve_number = 2 if fields.get("serve") == ["2"] else 1
    state.returns = 0
    state.in_rally = [True] * n
    state.serve_out = [False] * n
    state.pending = None
    state.last_rally = False
    state.phase = Phase.RALLY if table else Phase.SERVE
    default_turn = (server + 1) % n if table else server
    state.turn = _seat(text, fields["turn"][0], n) if fields.get("turn") else default_turn
    state._check_set_point()
    game.check_invariants(state)
    return state


def rally_position(seed: int, start: str) -> TennisMotsState | None:
    """``start`` on the table, seat 1 to return; None when the deck cannot spell it."""
    game = get_game("tennis-mots")
    rng = random.Random(seed)
    state = game.setup(game.parse_options({"players": 2, "bluff": False}), seed)
    faces = state.deck.faces
    free = list(state.deck.ids)
    rng.shuffle(free)
    table = []
    for letter in start:
        card = next((c for c in free if faces[c] == letter), None)
        if card is None:
            return None
        free.remove(card)
        table.append((card, letter, letter))
    jokers = [c for c in free if faces[c] not in LETTERS_SET]
    letters = [c for c in free if faces[c] in LETTERS_SET]
    k = rng.randint(0, 2)
    hand = jokers[:k] + letters[: 7 - k]
    other = letters[7 - k : 14 - k]
    used = set(hand) | set(other)
    state.table = table
    state.hands = [sorted(other), sorted(hand)]
    state.draw = [c for c in free if c not in used]
    state.pot, state.removed = [], []
    state.tricks, state.malus = [[], []], [[], []]
    state.phase, state.server, state.turn = "rally", 0, 1
    state.returns, state.in_rally, state.serve_out = 0, [True, True], [False, False]
    state.pending, state.last_rally, state.serve_number = None, False, 1
    game.check_invariants(state)
    return state


__all__ = ["from_position", "position_text", "rally_position"]
