"""The worked checks of the rules file, and the engine's rules one by one, on exact
positions with the real lexicon."""

from __future__ import annotations

import pytest
from mots_position import GAME, arrange, ids, new_state

from partie.core import IllegalAction, NotYourTurn
from partie.games.tennis_mots.notation import parse
from partie.games.tennis_mots.rules import ACCEPT, CHALLENGE, HAND_SIZE, PASS, Net, Shot
from partie.games.tennis_mots.shots import COUP_DROIT, LIGNE, LOB, NET, REVERS, SMASH


def play(state, seat: int, text: str):
    action = parse(text, state.table, state.hands[seat], state.deck.faces)
    state.apply(seat, action)
    return action


def refused(state, seat: int, text: str) -> IllegalAction:
    before = state.fingerprint()
    with pytest.raises(IllegalAction) as info:
        play(state, seat, text)
    assert state.fingerprint() == before
    assert "\n" not in info.value.fr and "\n" not in info.value.en
    return info.value


def last(state, kind: str) -> dict:
    return next(e for e in reversed(state.events) if e["kind"] == kind)


# -- the worked checks ------------------------------------------------------------------


def test_jeu_is_worth_12_and_the_next_weight_is_14() -> None:
    state = arrange(new_state(), ["AAAAAAA", "XZSSSSS"], "JEU")
    assert state.table_value == 12 and state.weight == 14


def test_jeuz_is_refused_with_a_reason() -> None:
    state = arrange(new_state(bluff=False), ["AAAAAAA", "XZSSSSS"], "JEU")
    error = refused(state, 1, "JEUZ")
    assert error.code == "not_a_word"
    assert error.fr == "JEUZ : aucun mot français ne commence ainsi"
    assert error.en == "JEUZ: no French word starts this way"


def test_jeux_is_a_coup_droit_on_the_line() -> None:
    state = arrange(new_state(bluff=False), ["AAAAAAA", "XZSSSSS"], "JEU")
    old = [c for c, _g, _l in state.table]
    x = ids(state, 1, "X")[0]
    play(state, 1, "JEUX")
    shot = last(state, "shot")
    assert shot["value"] == 19 and shot["names"] == [COUP_DROIT, LIGNE]
    assert [c for c, _g, _l in state.table] == [*old, x] and x not in state.hands[1]
    assert state.weight == 21 and len(state.hands[1]) == HAND_SIZE


def test_under_the_weight_is_refused_with_the_points() -> None:
    state = arrange(new_state(), ["AAAAAAA", "EESSSSS"], "JEU")
    error = refused(state, 1, "JEUE")
    assert error.code == "below_weight"
    assert error.fr.startswith("JEUE : 13 points, il en faut au moins 14")


def test_serving_le_under_weight_5_is_a_fault_then_a_double_fault() -> None:
    state = arrange(new_state(), ["LELEAAA", "SSSSSSS"], server=0)
    draw_before = len(state.draw)
    first = play(state, 0, "net LE")
    assert isinstance(first, Net)
    assert last(state, "fault")["double"] is False
    assert sorted(state.pot) == sorted(c for c, _g, _l in first.cards)
    assert state.turn == 0 and state.serve_number == 2 and not state.table
    assert len(state.hands[0]) == HAND_SIZE
    second = play(state, 0, "net LE")
    fault = last(state, "fault")
    assert fault["double"] is True and fault["penalty"] == 3
    laid = {c for c, _g, _l in second.cards}
    assert laid <= set(state.malus[0]) and len(state.malus[0]) == 2 + 3
    assert len(state.draw) == draw_before - 2 - 2 - 3
    # The next player takes the serve.
    assert state.turn == 1 and state.phase == "serve" and state.serve_number == 1


def test_a_serve_under_the_weight_typed_as_a_shot_is_refused() -> None:
    state = arrange(new_state(), ["LEAAAAA", "SSSSSSS"])
    assert refused(state, 0, "LE").code == "below_weight"


@pytest.mark.parametrize(
    "word, reading",
    [("ATTEL<", "ATTELL"), ("ATTEL>", "ATTELE"), ("ATTEL>E", "ATTELEE"), ("<ATTEL", None)],
)
def test_the_double_joker(word: str, reading: str | None) -> None:
    # ATTEL◀ reads ATTELL (attelleraient); ATTEL▶ reads ATTELE, the card still to
    # come being another E (attelée), and with that E laid ATTELEE; ◀ first never reads.
    state = arrange(new_state(bluff=False), ["ATTEL◀E", "EEEEEEE"])
    if reading is not None:
        play(state, 0, word)
        assert last(state, "shot")["letters"] == reading
    else:
        assert refused(state, 0, word).code == "not_a_word"


def test_a_shot_may_state_a_joker_letter_and_a_wrong_kind_is_refused() -> None:
    state = arrange(new_state(bluff=False), ["EEEEEEE", "■AS●SSS"], "JE")
    assert refused(state, 1, "JE[#E]AS").code == "joker_mismatch"
    play(state, 1, "JE[#T]AS")
    assert state.table[2][2] == "T" and last(state, "shot")["letters"] == "JETAS"


# -- serve, returns, shot names --------------------------------------------------------


def test_serve_then_return_names_and_draws() -> None:
    state = arrange(new_state(bluff=False), ["JEUAAAA", "XAISSSS"])
    play(state, 0, "JEU")
    assert last(state, "shot")["names"] == ["SERVICE"]
    assert state.turn == 1 and state.weight == 14 and len(state.hands[0]) == HAND_SIZE
    play(state, 1, "JEUX")
    assert state.turn == 0 and state.weight == 21


def test_revers_and_lob_and_smash() -> None:
    state = arrange(new_state(bluff=False), ["AAAAAAA", "ACHETER"], "TE")
    play(state, 1, "ACHETE")
    assert last(state, "shot")["names"][0] == REVERS
    state = arrange(new_state(bluff=False), ["AAAAAAA", "SALONSE"], "JEU")
    play(state, 1, "SALONS")
    assert last(state, "shot")["names"] == [LOB, "AMORTI", LIGNE]
    assert len(state.pot) == 3
    state = arrange(new_state(bluff=False), ["AAAAAAA", "★IENTEE"], "PAS")
    play(state, 1, "PA[*T]IENT")
    assert last(state, "shot")["names"][0] == SMASH
    assert len(state.pot) == 1


def test_a_net_discards_and_leaves_the_table() -> None:
    state = arrange(new_state(bluff=False), ["AAAAAAA", "SEQUOIE"], "AMI")
    table = list(state.table)
    discarded = play(state, 1, "net AMIE").cards[-1][0]
    net = last(state, "net")
    assert net["discarded"] == 1 and net["word"] == "AMIE"
    assert len(state.hands[1]) == HAND_SIZE
    # The table stayed AMI, the E went to the pot, and both went to the rally's winner.
    # The server is the last one in: an ACE, with M (3) as bonus.
    rally = last(state, "rally")
    assert rally["winner"] == 0 and rally["ace"] and rally["bonus"] == 3
    assert len(state.tricks[0]) == 3 + 1 + 3
    assert {c for c, _g, _l in table} | {discarded} <= set(state.tricks[0])


def test_a_net_over_the_weight_and_a_net_with_no_card_are_refused() -> None:
    state = arrange(new_state(), ["AAAAAAA", "XAISSSS"], "JEU")
    assert refused(state, 1, "net JEUX").code == "weight_reached"
    assert refused(state, 1, "net JEU").code == "empty_net"


def test_out_of_turn_and_cards_not_in_hand() -> None:
    state = arrange(new_state(), ["XAAAAAA", "SSSSSSS"], "JEU")
    with pytest.raises(NotYourTurn):
        state.apply(0, Shot(((state.hands[0][0], "X", ""),)))
    error = refused(state, 1, "JEUX")
    assert error.code == "letter_not_available"
    with pytest.raises(IllegalAction) as caught:
        state.apply(1, Shot((*state.table, (state.hands[0][-1], "X", ""))))
    assert caught.value.code == "card_not_in_hand"


def test_the_server_cannot_pass_but_a_returner_can() -> None:
    state = arrange(new_state(), ["JEUAAAA", "SSSSSSS"])
    assert PASS not in state.legal_actions(0)
    with pytest.raises(IllegalAction) as caught:
        state.apply(0, PASS)
    assert caught.value.code == "must_serve"
    play(state, 0, "JEU")
    assert PASS in state.legal_actions(1)


# -- rallies, ACE, challenges ----------------------------------------------------------


def test_the_last_player_in_wins_table_and_pot_without_bonus_after_a_return() -> None:
    state = arrange(new_state(), ["JEUAAAA", "XSSSSSS"])
    play(state, 0, "JEU")
    play(state, 1, "JEUX")  # LIGNE: the opponent may challenge
    state.apply(0, ACCEPT)
    state.apply(0, PASS)
    rally = last(state, "rally")
    assert rally["winner"] == 1 and not rally["ace"] and rally["bonus"] == 0
    assert len(state.tricks[1]) == 4
    # The serve goes to the player after the winner.
    assert state.phase == "serve" and state.turn == 0


def test_ace_bonus_unpaid_ends_the_set_with_every_card() -> None:
    state = arrange(new_state(), ["JEUAAAA", "SSSSSSS"], draw=5)
    set_before = state.set_number
    play(state, 0, "JEU")
    assert len(state.draw) == 2
    values = state.deck.values
    in_play = [c for c, _g, _l in state.table] + state.draw + state.pot
    in_play += [c for hand in state.hands for c in hand]
    state.apply(1, PASS)
    rally = last(state, "rally")
    assert rally["unpaid"] and rally["winner"] == 0
    end = last(state, "set")
    assert end["reason"] == "bonus_unpaid" and end["number"] == set_before
    # The server won the table, the rest of the draw pile and every hand.
    assert end["scores"] == [sum(values[c] for c in in_play), 0]
    assert end["scores"][0] == 12 + 14 + 15 + 4  # JEU, the S's, AAAA+BAA drawn, AA left
    assert state.set_number == set_before + 1


def test_a_bluff_on_the_line_is_accepted_and_a_challenge_wins_it() -> None:
    state = arrange(new_state(), ["AAAAAAA", "ZXSSSSS"], "JEU")
    play(state, 1, "JEUZ")  # 19 points, LIGNE: accepted unchecked
    assert state.to_act == (0,) and set(state.legal_actions(0)) == {CHALLENGE, ACCEPT}
    assert state.view(0)["pending"]["word"] == "JEUZ"
    state.apply(0, CHALLENGE)
    event = last(state, "challenge")
    assert event["valid"] is False and event["winner"] == 0
    rally = last(state, "rally")
    assert rally["winner"] == 0 and rally["bonus"] == 8  # J is the highest card
    assert state.stats["challenges"] == state.stats["challenges_won"] == 1


def test_a_valid_word_challenged_rewards_its_player() -> None:
    state = arrange(new_state(), ["AAAAAAA", "XSSSSSS"], "JEU")
    play(state, 1, "JEUX")
    state.apply(0, CHALLENGE)
    assert last(state, "challenge")["winner"] == 1
    assert last(state, "rally")["bonus"] == 8


def test_a_net_can_be_challenged_and_without_bluff_nothing_can() -> None:
    state = arrange(new_state(), ["AAAAAAA", "ESSSSSS"], "JEU")
    play(state, 1, "net JEUE")  # 13 points, under the weight, and not French
    assert state.pending is not None and state.pending.kind == NET
    state.apply(0, CHALLENGE)
    assert last(state, "challenge")["winner"] == 0
    state = arrange(new_state(bluff=False), ["AAAAAAA", "XSSSSSS"], "JEU")
    play(state, 1, "JEUX")
    assert state.pending is None and CHALLENGE not in state.legal_actions(0)
    with pytest.raises(IllegalAction) as caught:
        state.apply(0, CHALLENGE)
    assert caught.value.code == "nothing_to_challenge"


def test_challenge_with_three_players_waits_for_every_opponent() -> None:
    state = arrange(new_state(players=3), ["AAAAAAA", "XSSSSSS", "EEEEEEE"], "JEU")
    play(state, 1, "JEUX")
    assert state.to_act == (2, 0)
    state.apply(2, ACCEPT)
    assert state.to_act == (0,)
    with pytest.raises(IllegalAction):
        state.apply(2, CHALLENGE)
    state.apply(0, ACCEPT)
    assert state.pending is None and state.turn == 2


# -- the ends of a set, the match -------------------------------------------------------


def test_set_point_last_rally_takes_every_hand() -> None:
    state = arrange(new_state(bluff=False), ["JEU", "NAIMERA"], draw=0)
    play(state, 0, "JEU")
    assert state.last_rally  # draw empty, the server's hand is empty
    play(state, 1, "JEUN")  # 14: AMORTI
    assert state.to_act == (0,)
    state.apply(0, PASS)
    end = last(state, "set")
    assert end["reason"] == "last_rally"
    assert end["scores"][1] > 0 and end["scores"][0] == 0


def test_nobody_can_serve_removes_the_hands() -> None:
    state = arrange(new_state(), ["", "EE"], draw=0)
    assert state.last_rally
    state.apply(0, PASS)  # no card: pass
    assert state.turn == 1 and state.phase == "serve"
    play(state, 1, "net EE")
    assert state.pending is not None
    state.apply(0, ACCEPT)
    end = last(state, "set")
    assert end["reason"] == "no_serve"


def test_a_match_is_two_won_sets_and_reports_details() -> None:
    from partie.sim.runner import play_one

    state = play_one(GAME, GAME.parse_options({"players": 2}), ("simple", "simple"), 7)
    result = state.result
    assert result is not None and max(result.scores) == 2 and len(result.winners) == 1
    details = result.details
    assert details["sets"] >= 2 and details["rallies"] > 0
    for key in ("aces", "faults", "double_faults", "challenges", "challenges_won"):
        assert isinstance(details[key], int)


def test_a_server_holding_only_doubles_can_always_fault() -> None:
    # With a serve weight of 0 no card is under the weight, and a double never reads:
    # the server can still fault with it, so the game never gets stuck.
    state = arrange(new_state(serve_weight=0, bluff=False), ["◀", "EEEEEEE"], draw=3)
    assert refused(state, 0, "<").code == "not_a_word"
    play(state, 0, "net <")
    assert last(state, "fault")["double"] is False and state.serve_number == 2


def test_a_set_score_is_tricks_minus_malus() -> None:
    state = arrange(new_state(bluff=False), ["JEU", "NAIMERA"], draw=0)
    # Two cards out of play go to seat 0's malus pile (values 2 + 2).
    state.malus[0] = [state.removed.pop(0), state.removed.pop(0)]
    malus = sum(state.deck.values[c] for c in state.malus[0])
    play(state, 0, "JEU")
    state.apply(1, PASS)
    end = last(state, "set")
    assert end["reason"] == "last_rally"
    hand_1 = sum(state.deck.values[state.deck.faces.index(f)] for f in "NAIMERA")
    assert end["scores"] == [12 + hand_1 - malus, 0]


def test_shots_found_after_a_last_double_are_legal() -> None:
    # The table ends with a ▶ that stands for the card to come: whatever is added on
    # the right becomes the letter it copies.
    from partie.games.tennis_mots.game import shots

    state = arrange(new_state(bluff=False), ["AAAAAAA", "ERSIONS"], "ATTEL◀", readings="ATTELE")
    state.table[-1] = (state.table[-1][0], "▶", "E")
    found = [c for c in shots(state, 1, limit=100) if c.value >= state.weight]
    assert found
    for cand in found:
        assert state.is_legal(1, Shot(cand.cards)), cand
    assert any(len(c.cards) > 6 and c.cards[6][1] == "E" for c in found)  # ATTEL▶E...
