"""通常召喚 (R83-R95): summons to the HQ, equipment, exchange, heroes."""

from __future__ import annotations

from tcgkit.games.monster_collection.board import HQ

from .helpers import act, cell, empty_hand, events, ground, moves, put, start, to_hand, to_main


def summon_phase(**options):
    """Player 1's normal summon phase, with an empty hand."""
    state = start(**options)
    to_main(state)
    act(state, "end main")
    empty_hand(state, 1)
    return state


def test_creatures_are_summoned_to_your_hq_within_its_limit_10():  # R40, R86, R87, R89
    state = summon_phase(decks=("flame_legion", "dawn_and_dusk"))
    paladin = to_hand(state, 1, "Paladin")  # 6
    vampire = to_hand(state, 1, "Vampire")  # 4
    cat = to_hand(state, 1, "Temple Cat")  # 1
    act(state, f"summon {state.name(paladin)}")
    act(state, f"summon {state.name(vampire)}")
    assert state.parties[HQ[1]][1] == [paladin, vampire] and state.level_total(HQ[1], 1) == 10
    assert f"summon {state.name(cat)}" not in moves(state)  # 11 > 10
    assert events(state, "summon")[-1][1:] == (1, vampire, HQ[1])


def test_only_creatures_are_summoned_and_skipping_everything_is_allowed():  # R86, U24
    state = summon_phase(decks=("flame_legion", "dawn_and_dusk"))
    temple = to_hand(state, 1, "Temple")
    assert f"summon {state.name(temple)}" not in moves(state)
    assert moves(state)[-1] == "end summon"
    act(state, "end summon")
    assert state.phase == "adjust2"


def test_equip_into_free_slots_anywhere_discard_to_free_them_exchange_one_way():  # R83, R84, R88, R90, R91
    state = summon_phase(decks=("flame_legion", "dawn_and_dusk"))
    ground(state, 1, "2")
    knight = put(state, 1, "Paladin", "2")  # 2 item slots
    cat = put(state, 1, "Temple Cat", "2")  # no slot
    acolyte = put(state, 1, "Acolyte", "2")  # 1 slot
    lance = to_hand(state, 1, "Holy Lance")  # costs 2
    shield = to_hand(state, 1, "Tower Shield")  # costs 2
    assert f"equip {state.name(lance)} to {state.name(knight)}" in moves(state)
    assert f"equip {state.name(lance)} to {state.name(cat)}" not in moves(state)
    assert f"equip {state.name(lance)} to {state.name(acolyte)}" not in moves(state)  # one slot is too few
    act(state, f"equip {state.name(lance)} to {state.name(knight)}")
    assert state.stat(knight, "attack") == 6 + 3 and state.free_slots(knight) == 0
    assert f"equip {state.name(shield)} to {state.name(knight)}" not in moves(state)
    assert not any(m.startswith("exchange") for m in moves(state))  # nobody has 2 free slots
    act(state, f"unequip {state.name(lance)}")  # R88: discarded, the slots are free again
    assert lance in state.discard[1] and state.free_slots(knight) == 2
    sword = to_hand(state, 1, "Long Sword")  # costs 1
    act(state, f"equip {state.name(sword)} to {state.name(knight)}")
    # one way (R84): the Acolyte has nothing to give back; it takes the sword into its one slot
    text = f"exchange {state.name(sword)} from {state.name(knight)} to {state.name(acolyte)}"
    assert text in moves(state)
    act(state, text)
    assert state.gear == {acolyte: [sword]}


def test_exchange_is_between_creatures_on_one_terrain_only():  # R83 edge
    state = summon_phase(decks=("flame_legion", "dawn_and_dusk"))
    ground(state, 1, "2")
    knight = put(state, 1, "Paladin", "2")
    acolyte = put(state, 1, "Acolyte", "5")
    sword = to_hand(state, 1, "Long Sword")
    act(state, f"equip {state.name(sword)} to {state.name(knight)}")
    assert not any(m.startswith("exchange") for m in moves(state))
    state.parties[cell(1, "5")][1].remove(acolyte)
    state.parties[cell(1, "2")][1].append(acolyte)
    state.legal = None
    assert any(m.startswith("exchange") for m in moves(state))


def test_a_hero_costs_its_hero_points_from_the_deck_top_face_up():  # R93, R95, U17
    state = summon_phase(decks=("flame_legion", "dawn_and_dusk"))
    lumina = to_hand(state, 1, "Lumina the Dawn")  # hero 2, level 8
    top = state.deck[1][-2:]
    act(state, f"summon {state.name(lumina)}")
    assert sorted(events(state, "hero_cost")[-1][2]) == sorted(top) and set(top) <= set(state.discard[1])
    seen = [e for e in state.events_since(0, 0) if e["kind"] == "hero_cost"]
    assert seen and len(seen[-1]["cards"]) == 2  # public


def test_a_hero_cannot_be_summoned_with_fewer_deck_cards_than_its_points():  # R95, U17 edge
    state = summon_phase(decks=("flame_legion", "dawn_and_dusk"))
    belial = to_hand(state, 1, "Belial the Night Lord")  # hero 3
    while len(state.deck[1]) > 2:
        state.discard[1].append(state.deck[1].pop())
    state.legal = None
    assert f"summon {state.name(belial)}" not in moves(state)


def test_one_hero_of_a_name_on_the_battlefield_or_per_side():  # R94, U17 option
    for option, allowed in (("battlefield", False), ("side", True)):
        state = summon_phase(decks=("dawn_and_dusk", "dawn_and_dusk"), hero_unique=option)
        ground(state, 0, "E2", who=1)
        put(state, 0, "Valkyrie Brunhild", "E2", who=1)  # the enemy's
        mine = to_hand(state, 1, "Valkyrie Brunhild")
        assert (f"summon {state.name(mine)}" in moves(state)) is allowed
        if allowed:
            act(state, f"summon {state.name(mine)}")
            other = to_hand(state, 1, "Valkyrie Brunhild")
            assert f"summon {state.name(other)}" not in moves(state)  # one on your own side


def exchange(state, e, source, target):
    return f"exchange {state.name(e)} from {state.name(source)} to {state.name(target)}"


def test_equipment_handed_on_may_not_go_back_to_a_creature_it_left_in_that_phase():  # project rule
    state = summon_phase(decks=("flame_legion", "dawn_and_dusk"))
    ground(state, 1, "2")
    knight = put(state, 1, "Paladin", "2")  # 2 item slots
    vampire = put(state, 1, "Vampire", "2")  # 1 slot
    acolyte = put(state, 1, "Acolyte", "2")  # 1 slot
    sword = to_hand(state, 1, "Long Sword")
    act(state, f"equip {state.name(sword)} to {state.name(knight)}")
    act(state, exchange(state, sword, knight, vampire))
    assert exchange(state, sword, vampire, knight) not in moves(state)  # back where it left: no
    act(state, exchange(state, sword, vampire, acolyte))  # on to a third creature: yes
    assert exchange(state, sword, acolyte, knight) not in moves(state)
    assert exchange(state, sword, acolyte, vampire) not in moves(state)
    assert not any(m.startswith("exchange") for m in moves(state))  # every way back is closed
    assert state.gear == {acolyte: [sword]}


def test_the_exchange_rule_lasts_one_phase_and_one_formation_timing():  # project rule, edge
    state = start(decks=("flame_legion", "dawn_and_dusk"))
    to_main(state)
    ground(state, 1, "2")
    knight = put(state, 1, "Paladin", "2")
    vampire = put(state, 1, "Vampire", "2")
    sword = to_hand(state, 1, "Long Sword")
    state.gear[knight] = [sword]
    state.hand[1].remove(sword)
    act(state, exchange(state, sword, knight, vampire))  # main phase
    assert exchange(state, sword, vampire, knight) not in moves(state)
    act(state, "end main")  # the normal summon phase is another phase: the way back is open
    assert exchange(state, sword, vampire, knight) in moves(state)
    act(state, exchange(state, sword, vampire, knight))
    assert exchange(state, sword, knight, vampire) not in moves(state)
    # a battle's formation timing starts its own record, and the main phase's stays after it
    state = start(decks=("flame_legion", "dawn_and_dusk"))
    to_main(state)
    ground(state, 1, "2")
    ground(state, 0, "E2", who=1)
    put(state, 0, "Ember Imp", "E2", who=1)
    knight = put(state, 1, "Acolyte", "2")
    vampire = put(state, 1, "Vampire", "2")
    sword = to_hand(state, 1, "Long Sword")
    state.gear[knight] = [sword]
    state.hand[1].remove(sword)
    act(state, exchange(state, sword, knight, vampire))
    empty_hand(state, 1)
    empty_hand(state, 0)
    act(state, "march to E2: " + ", ".join(state.name(c) for c in sorted((knight, vampire))))
    assert state.decisions[-1].kind == "instant"
    act(state, "pass")  # player 1's instant-summon timing (equipment hangs on their creatures)
    assert state.decisions[-1].kind == "formation" and state.to_move == 1
    assert exchange(state, sword, vampire, knight) in moves(state)  # a new timing
    act(state, exchange(state, sword, vampire, knight))
    assert exchange(state, sword, knight, vampire) not in moves(state)
    assert state.handed == {f"main:{sword}:{knight}", f"formation:{sword}:{vampire}"}
