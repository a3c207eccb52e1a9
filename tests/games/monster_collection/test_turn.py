"""回合流程 (R19-R33, R96-R99): the five phases, the hand adjustments, the first player's first
turn, the end declaration."""

from __future__ import annotations

from .helpers import act, events, moves, put, start, to_hand, to_main


def test_the_first_players_first_turn_skips_the_adjustment_and_the_main_phase():  # R25, R30, R33
    state = start()
    assert state.turn == 1 and state.phase == "summon"
    assert [e[2] for e in events(state, "phase")] == ["summon"]
    act(state, "end summon")
    act(state, "refill")  # 4) the second adjustment is played
    assert state.turn == 2 and state.active == 1 and state.phase == "adjust1"  # R19: turns alternate
    act(state, "refill")
    assert state.phase == "main"
    act(state, "end main")
    assert state.phase == "summon"


def test_a_hand_over_the_limit_must_discard_down_before_it_may_refill():  # R26, U3
    state = start()
    act(state, "end summon")
    for name in ("Volcano", "Forest"):
        to_hand(state, 0, name)
    assert len(state.hand[0]) == 8
    assert "refill" not in moves(state)  # forced: discards only, the player picks which
    act(state, f"discard {state.name(state.hand[0][0])}")
    assert "refill" not in moves(state)
    act(state, f"discard {state.name(state.hand[0][0])}")
    assert "refill" in moves(state)


def test_any_cards_may_be_discarded_then_the_hand_is_refilled_to_the_limit():  # R20, R27, R28
    state = start()
    act(state, "end summon")
    for _ in range(3):
        act(state, f"discard {state.name(state.hand[0][0])}")
    assert len(state.hand[0]) == 3 and len(state.discard[0]) == 3
    deck = len(state.deck[0])
    act(state, "refill")
    assert len(state.hand[0]) == 6 and len(state.deck[0]) == deck - 3


def test_a_refill_from_a_short_deck_draws_what_there_is_and_the_game_goes_on():  # R9, U4
    state = start()
    act(state, "end summon")
    for _ in range(2):
        act(state, f"discard {state.name(state.hand[0][0])}")
    while len(state.deck[0]) > 1:
        state.discard[0].append(state.deck[0].pop())
    act(state, "refill")
    assert len(state.hand[0]) == 5 and state.deck[0] == [] and state.result is None
    assert state.active == 1


def test_the_main_phase_actions_repeat_in_any_order():  # R21, R31, R32: two placements, then a march
    state = start()
    to_main(state)  # player 1's first main phase
    lake, shore = to_hand(state, 1, "Lake"), to_hand(state, 1, "Misty Shore")
    act(state, f"place {state.name(lake)} at 2")
    act(state, f"place {state.name(shore)} at 1")
    harpy = put(state, 1, "Harpy", "5")
    act(state, f"march to 2: {state.name(harpy)}")
    assert state.phase == "main" and "end main" in moves(state)


def test_the_end_declaration_untaps_every_creature_and_both_summoners():  # R97, R98, U13, U14
    state = start()
    to_main(state)
    harpy = put(state, 1, "Harpy", "5")
    state.acted.add(harpy)
    state.summoner = [True, True]
    act(state, "end main")
    act(state, "end summon")
    act(state, "refill")
    assert state.acted == set() and state.summoner == [False, False]
    assert events(state, "untap")
