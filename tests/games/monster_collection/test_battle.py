"""戰鬥 (R66, RULES-NOTES 3.2 with A1, A2; U12, U15, U16, U22, U23): instant summons, formation,
initiative with dice, the attacks front to back, Charge and Defender, the battle's end."""

from __future__ import annotations

from tcgkit.games.monster_collection.board import HQ

from .helpers import act, cell, dice, empty_hand, events, ground, moves, put, start, to_hand, to_main


def battle_position(**options):
    """Player 1 to march from own 2 into E2, held by player 0."""
    state = start(decks=("flame_legion", "dawn_and_dusk"), **options)
    to_main(state)
    ground(state, 1, "2")
    ground(state, 0, "E2", who=1)
    empty_hand(state, 0)
    empty_hand(state, 1)
    return state


def march(state, *cards):
    act(state, f"march to E2: {', '.join(state.name(c) for c in sorted(cards))}")


def through_timings(state):
    """Pass both instant-summon timings, order formations as they stand, attack with no spell."""
    answers = {"instant": "pass", "normal": "attack"}
    while state.battle is not None and state.decisions[-1].kind in ("instant", "formation", "normal"):
        kind = state.decisions[-1].kind
        act(state, answers[kind] if kind in answers else moves(state)[0])


def test_the_attack_total_kills_front_to_back_and_stops_at_the_first_it_cannot():  # 3.2 step 4
    state = battle_position()
    at = cell(1, "E2")
    front = put(state, 0, "Stone Pixie", "E2", who=1)  # defence 1
    back = put(state, 0, "Salamander", "E2", who=1)  # defence 3
    third = put(state, 0, "Treant Sapling", "E2", who=1)  # defence 4, initiative -1
    paladin = put(state, 1, "Paladin", "2")  # attack 6, Charge 1, defence 7
    dice(state, 6, 1)  # 6 + 0 against 1 - 1
    march(state, paladin)
    through_timings(state)
    assert [e[1:] for e in events(state, "initiative")] == [(1, 6, 0, 6), (0, 1, -1, 0)]
    assert events(state, "goes_first")[-1][1] == 1
    first, second = events(state, "strike")
    assert first[1:] == (1, 6, 1, 7, "first")  # attack 6, Charge +1
    assert [e[1:] for e in events(state, "dies")] == [(front, 1, 1, 6), (back, 3, 3, 3)]
    assert events(state, "holds")[0][1:] == (third, 4, 3)  # 3 left: the Treant holds
    assert second[1:] == (0, 2, 1, 3, "second")  # the Treant strikes back, Defender +1
    assert events(state, "holds")[1][1:] == (paladin, 7, 3)
    assert state.parties[at][0] == [third] and front in state.discard[0] and back in state.discard[0]
    assert state.parties[cell(1, "2")][1] == [paladin]  # the march failed: back to own 2


def test_damage_does_not_stay_on_a_creature_that_holds():  # A1, U23
    state = battle_position()
    at = cell(1, "E2")
    golem = put(state, 0, "Magma Golem", "E2", who=1)  # defence 5
    skeleton = put(state, 1, "Skeleton", "2")  # attack 2
    cat = put(state, 1, "Temple Cat", "2")  # attack 2
    dice(state, 6, 1)
    march(state, skeleton, cat)
    through_timings(state)
    assert events(state, "holds")[0][1:] == (golem, 5, 4)
    assert golem in state.parties[at][0] and state.battle is None  # one pass each, then the end


def test_damage_accumulates_when_the_option_says_so():  # U23 option
    state = battle_position(damage_accumulates=True)
    golem = put(state, 0, "Magma Golem", "E2", who=1)
    skeleton = put(state, 1, "Skeleton", "2")  # attack 2
    to_hand(state, 0, "Volcano")  # a card in hand: player 0 is asked in the instant timing
    dice(state, 6, 1)
    march(state, skeleton)
    assert state.decisions[-1].kind == "instant"
    state.battle.damage[golem] = 3  # damage taken earlier in this battle (no card of MC1 deals it)
    through_timings(state)
    assert events(state, "dies")[0][1:] == (golem, 5, 2, 0)  # 3 kept + 2 reaches 5


def test_the_second_side_strikes_back_and_the_survivors_return_where_they_came_from():  # 3.2 steps 5, 7; U15
    state = battle_position()
    at = cell(1, "E2")
    golem = put(state, 0, "Magma Golem", "E2", who=1)  # attack 4, Defender 1, defence 5
    acolyte = put(state, 1, "Acolyte", "2")  # 1 / 2
    unicorn = put(state, 1, "Unicorn", "2")  # 3 / 4
    dice(state, 6, 1)
    march(state, acolyte, unicorn)
    act(state, f"next {state.name(acolyte)}")  # the Acolyte in front
    through_timings(state)
    second = [e for e in events(state, "strike") if e[5] == "second"][0]
    assert second[1:5] == (0, 4, 1, 5)
    assert [e[1] for e in events(state, "dies")] == [acolyte]  # 5 - 2 = 3 < 4: the Unicorn holds
    assert events(state, "march_fails") and golem in state.parties[at][0]
    assert ("returns", 1, unicorn, cell(1, "2")) in state.log
    assert state.parties[cell(1, "2")][1] == [unicorn] and unicorn in state.acted


def test_an_initiative_tie_is_the_simultaneous_attack_without_charge_or_defender():  # A2, U22
    state = battle_position()
    at = cell(1, "E2")
    put(state, 0, "Cinder Hound", "E2", who=1)  # 1 / 2, initiative +1
    cat = put(state, 1, "Temple Cat", "2")  # 2 / 1, initiative +1
    dice(state, 3, 3)
    march(state, cat)
    assert events(state, "simultaneous")
    strikes = events(state, "strike")
    assert {e[5] for e in strikes} == {"simultaneous"} and all(e[3] == 0 for e in strikes)
    assert not state.parties[at][0] and not state.parties[at][1]  # each kills the other
    assert events(state, "wiped_out")[-1][1] == at and state.controller(at) is None  # R80


def test_after_a_wipe_out_a_terrain_may_be_marched_into_again_but_an_hq_may_not():  # R80-R82
    state = battle_position()
    put(state, 0, "Cinder Hound", "E2", who=1)
    cat = put(state, 1, "Temple Cat", "2")
    other = put(state, 1, "Acolyte", "2")
    dice(state, 3, 3)
    march(state, cat)
    assert f"march to E2: {state.name(other)}" in moves(state)  # R81: again, this turn
    hq = battle_position()
    put(hq, 0, "Cinder Hound", "E5", who=1)
    cat = put(hq, 1, "Temple Cat", "E2")  # player 1 holds E2, next to player 0's HQ
    other = put(hq, 1, "Acolyte", "E2")
    dice(hq, 3, 3)
    act(hq, f"march to E5: {hq.name(cat)}")
    assert not hq.parties[HQ[0]][0] and not hq.parties[HQ[0]][1] and hq.result is None
    assert HQ[0] in hq.hq_closed
    assert not any(m.startswith("march to E5") for m in moves(hq))  # R82
    act(hq, "end main")
    assert HQ[0] in hq.hq_closed
    act(hq, "end summon")
    act(hq, "refill")
    assert hq.hq_closed == set()  # for that turn only


def test_no_defender_left_at_the_enemy_hq_is_an_hq_fall():  # R5, U16
    state = battle_position()
    put(state, 0, "Stone Pixie", "E5", who=1)
    seraph = put(state, 1, "Seraph", "2")  # long fly: own 2 to E5
    dice(state, 6, 1)
    act(state, f"march to E5: {state.name(seraph)}")
    through_timings(state)
    assert state.result.winner == 1 and state.outcome.reason == "HQ fall" and state.is_terminal


def test_instant_summons_attacker_first_within_the_limit_and_count_as_marched():  # 3.2 step 1, U12
    state = battle_position()
    at = cell(1, "E2")
    put(state, 0, "Fire Giant", "E2", who=1)  # level 6
    paladin = put(state, 1, "Paladin", "2")  # level 6 of 8
    cat = to_hand(state, 1, "Temple Cat")  # level 1, instant
    parisette = to_hand(state, 1, "Parisette")  # level 2, instant
    ozbor = to_hand(state, 1, "Ozbor")  # not instant
    imp = to_hand(state, 0, "Ember Imp")
    golem = to_hand(state, 0, "Magma Golem")  # level 4, not instant
    march(state, paladin)
    assert state.decisions[-1].kind == "instant" and state.to_move == 1  # the attacker first
    got = moves(state)
    assert f"instant {state.name(cat)}" in got and f"instant {state.name(parisette)}" in got
    assert f"instant {state.name(ozbor)}" not in got
    act(state, f"instant {state.name(parisette)}")
    assert f"instant {state.name(cat)}" not in moves(state)  # 6 + 2 = 8: the limit is full
    assert parisette in state.acted and parisette in state.battle.summoned
    act(state, "pass")
    assert state.to_move == 0
    assert f"instant {state.name(imp)}" in moves(state) and f"instant {state.name(golem)}" not in moves(state)
    act(state, f"instant {state.name(imp)}")
    assert imp not in state.acted  # the defender's stay unacted
    assert state.parties[at][0][-1] == imp


def test_formation_orders_the_party_front_to_back_attacker_first():  # 3.2 step 2
    state = battle_position()
    at = cell(1, "E2")
    put(state, 0, "Stone Pixie", "E2", who=1)
    put(state, 0, "Salamander", "E2", who=1)
    a = put(state, 1, "Temple Cat", "2")
    b = put(state, 1, "Acolyte", "2")
    march(state, a, b)  # empty hands: both instant-summon timings are skipped
    assert state.decisions[-1].kind == "formation" and state.to_move == 1
    act(state, f"next {state.name(b)}")
    assert state.to_move == 0 and state.decisions[-1].kind == "formation"
    assert state.parties[at][1] == [b, a]
    assert ("formation", 1, [b, a]) in state.log


def test_the_attackers_instant_summons_are_discarded_after_a_failed_march():  # U15 and its option
    for option in ("discard", "hq"):
        state = battle_position(failed_instant_summons=option)
        put(state, 0, "Rock Troll", "E2", who=1)  # 5 / 5
        acolyte = put(state, 1, "Acolyte", "2")  # 1 / 2
        unicorn = to_hand(state, 1, "Unicorn")  # 3 / 4, instant
        march(state, acolyte)
        act(state, f"instant {state.name(unicorn)}")  # the hand is empty now: the timing ends (U20)
        dice(state, 6, 1)
        act(state, f"next {state.name(acolyte)}")  # 4 < 5; the Troll's 5 kills the Acolyte only
        through_timings(state)
        assert events(state, "march_fails")
        if option == "discard":
            assert unicorn in state.discard[1] and ("lost", 1, unicorn) in state.log
        else:
            assert state.parties[HQ[1]][1] == [unicorn]
