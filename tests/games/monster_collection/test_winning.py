"""遊戲勝利的條件 (R5-R10, U5, U6, U25): the deck-out judgement and the turn limit (HQ fall:
test_march.py, test_battle.py)."""

from __future__ import annotations

from .helpers import act, empty_hand, events, ground, put, start, to_main


def end_turn(state) -> None:
    """Play the rest of the turn: end the phases, refill."""
    turn = state.turn
    while state.turn == turn and state.result is None:
        kind = state.decisions[-1].kind
        act(state, {"main": "end main", "summon": "end summon", "adjust": "refill"}[kind])


def drain(state, p, keep=0) -> None:
    while len(state.deck[p]) > keep:
        state.discard[p].append(state.deck[p].pop())
    state.legal = None


def test_one_empty_deck_ends_nothing():  # R9, U4
    state = start()
    drain(state, 0)
    for _ in range(6):
        end_turn(state)
    assert state.result is None and state.judgement is None


def test_judgement_comes_after_the_turn_after_both_decks_first_stand_at_0():  # R6, R10, U5
    state = start(decks=("flame_legion", "dawn_and_dusk"))
    to_main(state)  # turn 2, player 1 (b in the rulebook's example)
    drain(state, 0)  # a's deck is gone already
    drain(state, 1)  # b's deck runs out in b's turn
    t = state.turn
    ground(state, 1, "E2", who=1)
    put(state, 1, "Parisette", "E2")  # one creature of b in a's territory
    end_turn(state)
    assert state.judgement == t + 1 and events(state, "judgement_set")
    assert state.result is None and state.active == 0  # a plays one more turn
    end_turn(state)
    assert events(state, "judgement")[-1][1] == [0, 1]
    assert state.result.winner == 1 and state.outcome.reason == "deck-out judgement"


def test_equal_creatures_in_enemy_territory_is_a_draw_heroes_counting_as_creatures():  # R7, R8, U25
    state = start(decks=("dawn_and_dusk", "dawn_and_dusk"))
    to_main(state)
    drain(state, 0)
    drain(state, 1)
    ground(state, 1, "E2", who=1)
    put(state, 1, "Lumina the Dawn", "E2")  # a level-8 hero: one creature
    ground(state, 0, "2", who=1)
    put(state, 0, "Temple Cat", "2", who=1)  # a level-1 creature: one too
    end_turn(state)
    end_turn(state)
    assert events(state, "judgement")[-1][1] == [1, 1]
    assert state.result.winner is None and state.outcome.is_draw and "equal" in state.outcome.reason


def test_a_deck_that_gains_cards_calls_the_judgement_off():  # U5 edge
    state = start()
    to_main(state)
    drain(state, 0)
    drain(state, 1)
    end_turn(state)
    assert state.judgement is not None
    state.deck[0].append(state.discard[0].pop())  # as an effect returning a card would
    end_turn(state)
    assert state.judgement is None and events(state, "judgement_cancelled") and state.result is None


def test_the_turn_limit_ends_the_game_as_a_draw():  # U6
    state = start(turn_limit=4)
    for _ in range(10):
        if state.result is not None:
            break
        empty_hand(state, state.active)
        end_turn(state)
    assert state.result.winner is None and state.outcome.reason == "turn limit" and state.turn == 4
