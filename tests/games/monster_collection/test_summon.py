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


def test_two_creatures_with_full_slots_swap_their_equipment():  # R83
    state = summon_phase(decks=("flame_legion", "dawn_and_dusk"))
    ground(state, 1, "2")
    knight = put(state, 1, "Paladin", "2")  # 2 item slots
    belial = put(state, 1, "Belial the Night Lord", "2")  # 2 item slots
    shield, lance = to_hand(state, 1, "Tower Shield"), to_hand(state, 1, "Holy Lance")  # cost 2 each
    act(state, f"equip {state.name(shield)} to {state.name(knight)}")
    act(state, f"equip {state.name(lance)} to {state.name(belial)}")
    swaps = [m for m in moves(state) if m.startswith("exchange")]
    low, high = sorted((knight, belial))
    given, back = (shield, lance) if low == knight else (lance, shield)
    assert swaps == [f"{exchange(state, given, low, high)} for {state.name(back)}"]  # once, not twice
    scene = state.scene(1, 0).to_json()  # the menu says the swap in words
    said = [m["note"] for m in scene["moves"] if m["notation"] == swaps[0]]
    assert said and "swap" in str(said[0]), said
    act(state, swaps[0])
    assert state.gear == {knight: [lance], belial: [shield]}
    assert [e[2:] for e in events(state, "exchange")] == [(given, low, high), (back, high, low)]
    assert not any(m.startswith("exchange") for m in moves(state))  # swapping back undoes it


def test_exchange_repeats_and_an_item_may_go_back_only_into_an_arrangement_not_had():  # R21, R83, edge
    state = summon_phase(decks=("flame_legion", "dawn_and_dusk"))
    ground(state, 1, "2")
    knight = put(state, 1, "Paladin", "2")  # 2 item slots
    acolyte = put(state, 1, "Acolyte", "2")  # 1 slot
    vampire = put(state, 1, "Vampire", "2")  # 1 slot
    sword, other = to_hand(state, 1, "Long Sword"), to_hand(state, 1, "Long Sword")
    act(state, f"equip {state.name(sword)} to {state.name(knight)}")
    act(state, f"equip {state.name(other)} to {state.name(vampire)}")
    act(state, exchange(state, sword, knight, acolyte))
    assert exchange(state, sword, acolyte, knight) not in moves(state)  # the arrangement it came from
    act(state, exchange(state, other, vampire, knight))
    act(state, exchange(state, sword, acolyte, vampire))
    back = exchange(state, sword, vampire, knight)  # to the Paladin it left: a new arrangement
    assert back in moves(state)
    act(state, back)
    assert state.gear == {knight: [other, sword]}
    assert exchange(state, sword, knight, vampire) not in moves(state)  # the one just left
    act(state, "end summon")  # the record is the phase's
    assert state.handed == set()


def test_only_the_marching_side_exchanges_in_a_battle_and_nobody_equips_there():  # R83, R88, R90
    state = start(decks=("flame_legion", "dawn_and_dusk"))
    to_main(state)
    empty_hand(state, 0)
    empty_hand(state, 1)
    ground(state, 1, "2")
    ground(state, 0, "E2", who=1)
    dancer, blaze = put(state, 0, "Flame Dancer", "E2", who=1), put(state, 0, "Blaze Knight", "E2", who=1)
    axe = to_hand(state, 0, "Long Sword")
    state.hand[0].remove(axe)
    state.gear[dancer] = [axe]  # the defender: an item it could hand on, and an equipment card in hand
    to_hand(state, 0, "Long Sword")
    acolyte, vampire = put(state, 1, "Acolyte", "2"), put(state, 1, "Vampire", "2")
    sword = to_hand(state, 1, "Long Sword")
    state.hand[1].remove(sword)
    state.gear[acolyte] = [sword]
    to_hand(state, 1, "Long Sword")  # an equipment card in the attacker's hand
    act(state, "march to E2: " + ", ".join(state.name(c) for c in sorted((acolyte, vampire))))
    assert state.decisions[-1].kind == "instant" and state.to_move == 1
    assert moves(state) == ["pass"]  # no equip, no unequip: those are the summon phase's steps (R88, R90)
    act(state, "pass")
    assert state.decisions[-1].kind == "instant" and state.to_move == 0
    assert moves(state) == ["pass"]
    act(state, "pass")
    assert state.decisions[-1].kind == "formation" and state.to_move == 1
    assert exchange(state, sword, acolyte, vampire) in moves(state)  # the marching side (進軍側)
    act(state, f"next {state.name(acolyte)}")
    assert state.decisions[-1].kind == "formation" and state.to_move == 0
    assert sorted(moves(state)) == sorted(f"next {state.name(c)}" for c in (dancer, blaze))  # no exchange
