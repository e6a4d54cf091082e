"""The bots of Tennis de mots: they play legal actions from their view only, follow
their stated tactics in exact positions, and limited bots keep to their vocabulary."""

from __future__ import annotations

import random

import pytest
from mots_position import GAME, arrange, new_state

from partie.core import BadOptions
from partie.core.rng import derive_seed
from partie.games.tennis_mots.bot_specs import bot_from_spec
from partie.games.tennis_mots.bots import GreedyBot, TacticianBot, load_lexicon
from partie.games.tennis_mots.cards import LETTERS_SET
from partie.games.tennis_mots.montecarlo import MonteCarloBot, guess_state
from partie.games.tennis_mots.rules import ACCEPT, CHALLENGE, PASS, Net, Shot
from partie.games.tennis_mots.vocab import frequent_words


def play_checked(names: list[str], seed: int, **options) -> tuple:
    """A whole match where every action is checked legal before it is applied."""
    state = GAME.setup(GAME.parse_options({"players": len(names), **options}), seed)
    bots = [GAME.make_bot(n, derive_seed(seed, "bot", s)) for s, n in enumerate(names)]
    steps = 0
    while not state.is_over:
        seat = state.to_act[0]
        action = bots[seat].act(state.view(seat))
        assert state.is_legal(seat, action), (names[seat], action, state)
        state.apply(seat, action)
        steps += 1
        assert steps < 3000
    return state, bots


@pytest.mark.parametrize(
    ("names", "seed"),
    [
        (["greedy", "tactician"], 1),
        (["tactician@3000", "greedy", "tactician:bluff=0.3"], 2),
    ],
)
def test_bots_play_legal_actions_to_the_end(names: list[str], seed: int) -> None:
    state, _bots = play_checked(names, seed, sets_to_win=1)
    assert state.winner is not None
    details = state.result.details
    assert details["first_server"] in range(len(names))
    assert details["first_server_won"] == int(details["first_server"] == state.winner)


def test_a_vocabulary_bot_lays_only_words_it_knows() -> None:
    state, _bots = play_checked(["tactician@2000", "tactician"], 3, sets_to_win=1)
    known = frequent_words(2000)
    shots = [e for e in state.events if e["kind"] == "shot" and e["seat"] == 0]
    assert shots, "the limited bot laid no word at all"
    for event in shots:
        assert known.knows(event["letters"]), event


def test_vocabulary_is_folded_frequent_french() -> None:
    vocab = frequent_words(300)
    assert len(vocab) == 300
    assert all(set(w) <= LETTERS_SET for w in vocab.words)
    assert vocab.knows_word("DE") and vocab.knows_word("ETE")  # "été", folded
    assert vocab.knows("ET") and not vocab.knows_word("ZYGOMATIQUE")
    assert frequent_words(1000).prefixes > vocab.prefixes


def pending_view(word: str, *, shooter: int = 0) -> dict:
    """Seat 1's view while seat 0's LIGNE ``word`` waits for a challenge."""
    state = arrange(new_state(), ["EEEEEEE", "AAAAAAA"], word)
    seat = 1 - shooter
    state.turn = shooter
    state._open_challenge(shooter, "LIGNE", tuple(state.table), True, False)
    return state.view(seat)


def test_full_lexicon_bots_check_challenges_exactly() -> None:
    lexicon = load_lexicon(None)
    assert lexicon.is_prefix("JEUX") and not lexicon.is_prefix("JEUZ")
    for bot in (GreedyBot(1), TacticianBot(1)):
        assert bot.act(pending_view("JEUX")) == ACCEPT
        assert bot.act(pending_view("JEUZ")) == CHALLENGE


def test_a_vocabulary_bot_challenges_the_words_it_does_not_know() -> None:
    vocab = frequent_words(1000)
    assert vocab.knows("JEUX") and not vocab.knows("ZYTHUM")
    always = bot_from_spec("tactician:doubt=1@1000", 5)
    never = bot_from_spec("tactician:doubt=0@1000", 5)
    assert always.act(pending_view("JEUX")) == ACCEPT
    assert always.act(pending_view("ZYTHUM")) == CHALLENGE  # a real word, but unknown
    assert never.act(pending_view("ZYTHUM")) == ACCEPT


def test_the_tactician_lays_more_cards_than_greedy_at_a_near_value() -> None:
    state = arrange(new_state(), ["EEEEEEE", "RSTEIXA"], "JEU")
    view = state.view(1)
    greedy, tactician = GreedyBot(1), TacticianBot(1)
    g, t = greedy.act(view), tactician.act(view)
    assert isinstance(g, Shot) and isinstance(t, Shot)
    assert state.is_legal(1, g) and state.is_legal(1, t)
    shots = {s.action: s for s in tactician.shots(view)}
    assert shots[g].value == max(s.value for s in shots.values())
    pick = shots[t]
    assert len(pick.laid) >= len(shots[g].laid)
    assert pick.value + 0.9 * len(pick.laid) == max(
        s.value + 0.9 * len(s.laid) for s in shots.values()
    )


def test_the_tactician_faults_with_its_cheapest_card_and_keeps_jokers() -> None:
    state = arrange(new_state(serve_weight=60), ["★EAAIIU", "RRRRRRT"])
    action = TacticianBot(1).act(state.view(0))
    assert isinstance(action, Net) and len(action.cards) == 1
    assert state.deck.faces[action.cards[0][0]] == "E"


def test_the_tactician_nets_a_surplus_vowel_when_it_cannot_return() -> None:
    state = arrange(new_state(), ["TTTTTTN", "EAAIOU●"], "KIWI")
    view = state.view(1)
    assert not TacticianBot(1).shots(view)
    action = TacticianBot(1).act(view)
    assert isinstance(action, Net) and len(action.cards) == 1
    face = state.deck.faces[action.cards[0][0]]
    assert face in "AEIOU" and state.deck.value_of(face) <= 3
    assert state.is_legal(1, action)
    # Balanced hand: a plain pass.
    state = arrange(new_state(), ["TTTTTTN", "EARSLNS"], "KIWI")
    if not TacticianBot(1).shots(state.view(1)):
        assert TacticianBot(1).act(state.view(1)) == PASS


def test_the_guessed_state_agrees_with_the_view() -> None:
    state = arrange(new_state(), ["EEAASTR", "RSTEIXA"], "JEU")
    view = state.view(1)
    guess = guess_state(view, random.Random(3))
    seen = guess.view(1)
    for key in ("hand", "table", "pot", "hand_sizes", "tricks", "malus", "draw_count", "weight"):
        assert seen[key] == view[key], key
    GAME.check_invariants(guess)  # every card of the deck is somewhere, once


def test_budgeted_and_exact_shots_agree_on_a_small_position() -> None:
    """The bots' budgeted search finds legal shots, a subset of the exact generator's
    (it does not always find the best one)."""
    from partie.games.tennis_mots.bots import budgeted_shots
    from partie.games.tennis_mots.movegen import all_shots

    state = arrange(new_state(), ["EEAASTR", "RSTEIXA"], "JEU")
    view = state.view(1)
    lexicon = load_lexicon(None)
    quick = budgeted_shots(view, lexicon)
    exact = all_shots(view, lexicon)
    assert quick and all(state.is_legal(1, s.action) for s in quick)
    exact_letters = {s.letters for s in exact}
    assert {s.letters for s in quick} <= exact_letters
    assert max(s.value for s in quick) <= max(s.value for s in exact)


def test_the_monte_carlo_bot_plays_a_legal_shot() -> None:
    state = arrange(new_state(), ["EEAASTR", "RSTEIXA"], "JEU")
    # JEUX and longer words are in reach (X, S, R, A, I in hand): passing would be a loss.
    for seed in (4, 5):
        action = MonteCarloBot(seed, playouts=12).act(state.view(1))
        assert action != PASS and state.is_legal(1, action)


@pytest.mark.parametrize(
    "spec",
    [
        "nobody",
        "greedy@",
        "greedy@x",
        "greedy:playouts=3",
        "mc:0",
        "simple:bluff=0.1",
        "tactician:bluff=2",
        "tactician:color=red",
        "greedy@0",
        "greedy:gen=fast",
    ],
)
def test_bad_bot_names_are_refused_in_one_line(spec: str) -> None:
    with pytest.raises(BadOptions) as info:
        GAME.make_bot(spec, 0)
    assert "\n" not in info.value.fr and "\n" not in info.value.en


def test_an_unknown_parameter_is_named_as_such() -> None:
    with pytest.raises(BadOptions) as info:
        GAME.make_bot("tactician:color=red", 0)
    assert "unknown parameter 'color'" in info.value.en


def test_bot_names_parse() -> None:
    assert isinstance(GAME.make_bot("mc:20", 0), MonteCarloBot)
    assert GAME.make_bot("mc:20", 0).playouts == 20
    bot = GAME.make_bot("tactician:bluff=0.05@5000", 0)
    assert isinstance(bot, TacticianBot) and bot.bluff == 0.05 and bot.vocab_size == 5000
    assert GAME.make_bot("greedy", 0).vocab is None
    assert GAME.make_bot("greedy:gen=exact", 0).exact and not GAME.make_bot("greedy", 0).exact
    assert "tactician" in GAME.bot_names() and "mc" in GAME.bot_names()
