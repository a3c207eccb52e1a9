"""Card text beyond battle spells, in real games with the shipped preconstructed decks:
creatures' special abilities (action-completing or not), consumable items, counters that answer
only attacks (対抗:攻撃限定), rituals and the summoner (R85, R98, U13, U19), a terrain's hand-type
ability (R52) and a terrain's march rule (R77)."""

from __future__ import annotations

from .helpers import act, cell, dice, empty_hand, events, ground, moves, put, start, to_hand, to_main


def main_phase(decks=("tide_wings", "flame_legion")):
    """Player 1's main phase, both hands empty, a terrain at player 1's 2 and at E2 (player 0's)."""
    state = start(decks=decks, starters=True)
    to_main(state)
    ground(state, 1, "2")
    ground(state, 0, "E2", who=1)
    empty_hand(state, 0)
    empty_hand(state, 1)
    return state


def march(state, *cards):
    """Player 1 marches ``cards`` into E2 and both sides pass their timings up to the normal one."""
    act(state, f"march to E2: {', '.join(state.name(c) for c in sorted(cards))}")
    while state.decisions[-1].kind in ("instant", "formation"):
        act(state, "pass" if state.decisions[-1].kind == "instant" else moves(state)[0])


def name(state, c):
    return state.name(c)


# -- creatures' special abilities (RULES-NOTES 3.2 step 4) ----------------------------------
def test_an_action_completing_ability_stands_for_the_creatures_attack():
    state = main_phase()
    guard = put(state, 0, "Coral Guard", "E2", who=1)  # defence 4
    seal = put(state, 0, "Frost Seal", "E2", who=1)  # defence 3
    drake = put(state, 1, "Ember Drake", "2")  # 4/4, Flame Breath: 4 damage, completes
    drummer = put(state, 1, "War Drummer", "2")  # 1/3, Drumbeat: +2 attack, does not complete
    dice(state, 6, 1)
    march(state, drake, drummer)
    assert state.decisions[-1].kind == "normal" and state.to_move == 1
    breath = f"use {name(state, drake)} at {name(state, guard)}"
    assert breath in moves(state) and f"use {name(state, drummer)} at {name(state, drake)}" in moves(state)
    act(state, breath)
    assert ("spell_hit", guard, 4, 4, True) in state.log and guard in state.discard[0]
    assert drake in state.parties[cell(1, "E2")][1]  # the creature stays; only its action is spent
    assert not any(m.startswith(f"use {name(state, drake)}") for m in moves(state))  # once a battle
    act(state, f"use {name(state, drummer)} at {name(state, drake)}")  # +2 on the drake: it will not attack
    act(state, "attack")
    strike = events(state, "strike")[0]
    assert strike[1:3] == (1, 1)  # the drummer's 1 alone: the drake's action was its breath
    assert ("holds", seal, 3, 1) in state.log


def test_a_non_completing_ability_leaves_its_creature_attacking():
    state = main_phase()
    seal = put(state, 0, "Frost Seal", "E2", who=1)  # defence 3
    crab = put(state, 0, "Coral Guard", "E2", who=1)  # defence 4
    drake = put(state, 1, "Ember Drake", "2")
    drummer = put(state, 1, "War Drummer", "2")
    dice(state, 6, 1)
    march(state, drake, drummer)
    act(state, f"use {name(state, drummer)} at {name(state, drummer)}")  # its own attack +2
    assert ("boost", drummer, "attack", 2) in state.log
    act(state, "attack")
    assert events(state, "strike")[0][1:3] == (1, 4 + 3)  # both attack: 4 + (1 + 2)
    assert ("dies", seal, 3, 3, 4) in state.log and ("dies", crab, 4, 4, 0) in state.log


def test_a_countered_ability_does_nothing_and_its_creature_stays_having_acted():  # U20 edge
    state = main_phase()
    guard = put(state, 0, "Coral Guard", "E2", who=1)
    sprite = put(state, 0, "Tide Sprite", "E2", who=1)  # water, 1 spell slot
    dispel = to_hand(state, 0, "Dispel")
    drake = put(state, 1, "Ember Drake", "2")
    dice(state, 6, 1)
    march(state, drake)
    act(state, f"use {name(state, drake)} at {name(state, guard)}")
    assert state.decisions[-1].kind == "respond" and state.to_move == 0
    act(state, f"cast {name(state, dispel)} at {name(state, drake)}")  # the ability on the stack
    # neither player holds a card now, a public fact: both are passed by (U20), Dispel resolves
    assert ("countered", drake) in state.log and not events(state, "spell_hit")
    assert drake in state.parties[cell(1, "E2")][1] and drake not in state.discard[1]
    assert dispel in state.discard[0]
    while state.decisions[-1].kind == "respond":
        act(state, "pass")
    assert moves(state) == ["attack"]  # its one use this battle is spent
    act(state, "attack")
    assert events(state, "strike")[0][1:3] == (1, 0)  # and it completed its action: no attack
    assert guard in state.parties[cell(1, "E2")][0] and sprite in state.parties[cell(1, "E2")][0]


# -- consumable items (RULES-NOTES 3.2 step 4, U18) -----------------------------------------
def test_a_consumable_item_is_used_from_hand_for_free_item_slots_and_used_up():
    state = main_phase()
    guard = put(state, 0, "Coral Guard", "E2", who=1)  # defence 4
    drake = put(state, 1, "Ember Drake", "2")  # 1 item slot
    flask = to_hand(state, 1, "Fire Flask")
    dice(state, 6, 1, 3)  # initiative 6 against 1; the flask's die 3: 3 + 1 = 4
    march(state, drake)
    use = f"use {name(state, flask)} at {name(state, guard)}"
    assert use in moves(state)
    act(state, use)
    assert ("use", 1, flask, guard) in state.log and ("spell_hit", guard, 4, 4, True) in state.log
    assert flask in state.discard[1] and state.battle is None  # used up; no defender: taken


def test_item_slots_held_by_equipment_or_spent_this_battle_pay_for_no_item():  # U18 edge
    state = main_phase()
    put(state, 0, "Coral Guard", "E2", who=1)
    put(state, 0, "Frost Seal", "E2", who=1)
    drake = put(state, 1, "Ember Drake", "2")  # 1 item slot
    champion = put(state, 1, "Dwarf Champion", "2")  # 2 item slots
    sword = to_hand(state, 1, "Long Sword")
    state.hand[1].remove(sword)
    state.gear[champion] = [sword]  # one of the champion's slots is taken
    flask = to_hand(state, 1, "Fire Flask")
    dice(state, 6, 1, 1, 1)
    march(state, drake, champion)
    assert state.free_item_slots(1) == 2  # the drake's one and the champion's free one
    for left in (1, 0):
        act(state, f"use {name(state, flask)} at {moves(state)[0].split(' at ')[1]}")
        assert state.free_item_slots(1) == left and flask in state.discard[1]
        state.discard[1].remove(flask)
        state.hand[1].append(flask)  # the same card again (a test's shortcut for a second one)
        state.legal = None
    assert not any(name(state, flask) in m for m in moves(state))  # no slot is left for it


# -- counters that answer only attacks (対抗:攻撃限定, MC16) ----------------------------------
def test_an_attack_only_counter_answers_the_declared_attack_before_it_lands():
    state = main_phase()
    guard = put(state, 0, "Coral Guard", "E2", who=1)  # defence 4
    put(state, 0, "Tide Sprite", "E2", who=1)  # water, 1 spell slot; defence 2
    veil = to_hand(state, 0, "Water Veil")
    dispel = to_hand(state, 0, "Dispel")
    drake = put(state, 1, "Ember Drake", "2")
    drummer = put(state, 1, "War Drummer", "2")
    dice(state, 6, 1)
    march(state, drake, drummer)
    act(state, "attack")  # 4 + 1 = 5: through a front of defence 4, or not with +3
    assert state.decisions[-1].kind == "answer" and state.to_move == 0
    assert ("attacks", 1) in state.log and not events(state, "strike")  # not landed yet
    veil_at_guard = f"cast {name(state, veil)} at {name(state, guard)}"
    assert veil_at_guard in moves(state)
    assert not any(name(state, dispel) in m for m in moves(state))  # nothing on the stack to dispel
    act(state, veil_at_guard)
    act(state, "pass")
    act(state, "pass")
    assert ("boost", guard, "defence", 3) in state.log and veil in state.discard[0]
    while state.decisions[-1].kind == "answer":
        act(state, "pass")
    strike = events(state, "strike")[0]
    assert strike[1:5] == (1, 5, 0, 5)
    assert ("holds", guard, 7, 5) in state.log  # the guard in front, defence 4 + 3, holds
    assert guard in state.parties[cell(1, "E2")][0]


def test_an_attack_only_counter_never_answers_a_spell_and_no_window_follows_an_attack_without_one():
    state = main_phase()
    guard = put(state, 0, "Coral Guard", "E2", who=1)
    put(state, 0, "Tide Sprite", "E2", who=1)
    veil = to_hand(state, 0, "Water Veil")
    dancer = put(state, 1, "Flame Dancer", "2")  # fire, 1 spell slot
    stream = to_hand(state, 1, "Fire Stream")
    dice(state, 6, 1)
    march(state, dancer)
    act(state, f"cast {name(state, stream)} at {name(state, guard)}")
    assert state.decisions[-1].kind == "respond"
    assert not any(name(state, veil) in m for m in moves(state))  # a spell is no attack
    # the rule tests' first decks hold no counter that answers attacks: no window after one
    old = start(decks=("tide_wings", "flame_legion"))
    to_main(old)
    ground(old, 1, "2")
    ground(old, 0, "E2", who=1)
    put(old, 0, "Tide Sprite", "E2", who=1)
    to_hand(old, 0, "Dispel")  # a card in hand and a spell slot in the battle, but no such counter
    empty_hand(old, 1)
    imp = put(old, 1, "Ember Imp", "2")
    dice(old, 6, 1)
    march(old, imp)
    act(old, "attack")
    assert not events(old, "attacks") and events(old, "strike")


# -- rituals and the summoner (R85, R98, U13, U19, A7) --------------------------------------
def test_a_ritual_costs_the_summoner_and_lets_an_acted_creature_march_again():
    state = main_phase(decks=("flame_legion", "tide_wings"))
    guard = put(state, 1, "Coral Guard", "2")
    wind = to_hand(state, 1, "Second Wind")
    assert not any(m.startswith("perform") for m in moves(state))  # no acted creature to target
    act(state, "march to 5: " + name(state, guard))
    assert guard in state.acted
    act(state, f"perform {name(state, wind)} at {name(state, guard)}")
    assert state.summoner[1] and ("summoner", 1) in state.log and ("unacted", guard) in state.log
    assert guard not in state.acted and wind in state.discard[1]
    assert f"march to 2: {name(state, guard)}" in moves(state)  # it marches again this turn
    assert state.phase == "main" and state.to_move == 1


def test_an_acted_summoner_pays_for_nothing_until_the_end_declaration_untaps_it():  # R98 edge
    state = main_phase(decks=("flame_legion", "tide_wings"))
    guard = put(state, 1, "Coral Guard", "2")
    wind = to_hand(state, 1, "Second Wind")
    line = to_hand(state, 1, "Ley Line")
    act(state, "march to 5: " + name(state, guard))
    act(state, f"place {name(state, line)} at 3 with ability")  # the summoner acts for the draw
    assert state.summoner[1]
    assert not any(m.startswith("perform") for m in moves(state))  # its cost cannot be paid
    act(state, "end main")
    act(state, "end summon")
    while state.decisions[-1].kind == "adjust":
        act(state, "refill" if "refill" in moves(state) else moves(state)[0])
    assert ("untap", 1) in state.log and state.summoner == [False, False]
    assert wind in state.hand[1] or wind in state.discard[1]


def test_banish_discards_an_enemy_creature_of_level_2_or_less_from_the_battlefield():
    state = main_phase(decks=("tide_wings", "dawn_and_dusk"))
    small = put(state, 0, "Frost Seal", "E2", who=1)  # level 2
    big = put(state, 0, "Coral Guard", "E2", who=1)  # level 3
    banish = to_hand(state, 1, "Banish")
    assert f"perform {name(state, banish)} at {name(state, small)}" in moves(state)
    assert f"perform {name(state, banish)} at {name(state, big)}" not in moves(state)  # edge: level 3
    act(state, f"perform {name(state, banish)} at {name(state, small)}")
    assert small in state.discard[0] and ("destroyed", small) in state.log and banish in state.discard[1]
    assert state.parties[cell(1, "E2")][0] == [big]


# -- a terrain's hand-type ability (手牌型特殊能力, R52, U21) ---------------------------------
def test_a_hand_type_ability_is_declared_with_the_reveal_and_resolves_after_the_placement():
    state = main_phase(decks=("flame_legion", "tide_wings"))
    line = to_hand(state, 1, "Ley Line")
    assert f"place {name(state, line)} at 3 with ability" in moves(state)
    assert f"place {name(state, line)} at 3" in moves(state)
    top = state.deck[1][-1]
    act(state, f"place {name(state, line)} at 3 with ability")
    assert state.terrain[cell(1, "3")] == line
    at = [e[0] for e in state.log]
    assert at.index("place") < at.index("declares") < at.index("summoner")
    assert top in state.hand[1] and state.summoner[1]


def test_a_hand_type_ability_not_declared_with_the_reveal_is_gone():  # R52 edge
    state = main_phase(decks=("flame_legion", "tide_wings"))
    line = to_hand(state, 1, "Ley Line")
    hand = len(state.hand[1])
    act(state, f"place {name(state, line)} at 3")
    assert len(state.hand[1]) == hand - 1 and not state.summoner[1] and not events(state, "declares")
    assert not any("with ability" in m or name(state, line) in m for m in moves(state))
    # and with the summoner acted, the declaration is not offered at all
    other = to_hand(state, 1, "Ley Line")
    state.summoner[1] = True
    state.legal = None
    assert f"place {name(state, other)} at 3" in moves(state)
    assert not any("with ability" in m for m in moves(state))


# -- a terrain's march rule (R77) -----------------------------------------------------------
def test_a_terrain_may_bar_marchers_and_act_when_a_march_arrives():
    state = main_phase(decks=("tide_wings", "flame_legion"))
    cave = put(state, 1, "Crystal Cave", "3")  # walkers only; a march here draws a card
    drake = put(state, 1, "Ember Drake", "2")  # walks
    phoenix = put(state, 1, "Phoenix Chick", "2")  # flies
    marches = [m for m in moves(state) if m.startswith("march to 3")]
    assert f"march to 3: {name(state, drake)}" in marches
    assert not any(name(state, phoenix) in m for m in marches)  # R77: the cave keeps fliers out
    assert any(m.startswith("march to 5") and name(state, phoenix) in m for m in moves(state))
    top = state.deck[1][-1]
    act(state, f"march to 3: {name(state, drake)}")
    assert top in state.hand[1] and ("draw", 1, top) in state.log
    assert state.terrain[cell(1, "3")] == cave


def test_a_face_down_terrain_has_no_march_rule_and_the_rule_binds_a_battle_march_too():  # R77 edge
    state = main_phase(decks=("flame_legion", "tide_wings"))
    # player 0's Crystal Cave at E2, held by their creature: player 1's flier may not attack it
    cave = put(state, 0, "Crystal Cave", "E2", who=1)
    put(state, 0, "Flame Dancer", "E2", who=1)
    griffin = put(state, 1, "Griffin", "2")  # flies
    crab = put(state, 1, "Coral Guard", "2")  # walks
    marches = [m for m in moves(state) if m.startswith("march to E2")]
    assert marches == [f"march to E2: {name(state, crab)}"]
    state.down[cell(1, "E2")] = True  # the same card as a proxy: no name, no effect
    state.legal = None
    assert any(name(state, griffin) in m for m in moves(state) if m.startswith("march to E2"))
    state.down[cell(1, "E2")] = False
    state.legal = None
    top = state.deck[1][-1]
    act(state, f"march to E2: {name(state, crab)}")  # into a battle: the marcher's player draws
    assert ("draw", 1, top) in state.log and state.battle is not None
    assert state.terrain[cell(1, "E2")] == cave


# -- card files: text checked field by field ----------------------------------------------
def test_card_text_in_the_wrong_place_is_refused_naming_the_card_and_the_field(tmp_path):
    import pytest

    from tcgkit.games.monster_collection.cards import load_cards
    from tcgkit.kernel.errors import CardDataError

    head = '[[card]]\nname = "Odd"\nzh = "怪"\n'
    cases = {
        'kind = "spell"\nelement = "fire"\n  [[card.abilities]]\n  timing = "battle"\n  completes = true\n'
        '  effects = [{ do = "draw" }]\n  text = "x"\n': "abilities[0].completes: only a creature",
        'kind = "spell"\nelement = "fire"\n  [[card.abilities]]\n  timing = "battle"\n  answers = "attack"\n'
        '  effects = [{ do = "draw" }]\n  text = "x"\n': "abilities[0].answers: only a counter",
        'kind = "ritual"\n  [[card.abilities]]\n  timing = "ritual"\n'
        '  effects = [{ do = "discard" }]\n  text = "x"\n': "effect 'discard' is not used by",
        'kind = "ritual"\n  [[card.abilities]]\n  timing = "ritual"\n'
        '  target = { choose = "acted_creature" }\n'
        '  effects = [{ do = "modify_stat", stat = "attack", amount = 1, to = "target" }]\n  text = "x"\n':
            "modify_stat works in a battle only",
        'kind = "terrain"\nlimit = 8\n  [[card.abilities]]\n  timing = "battle"\n'
        '  effects = [{ do = "draw" }]\n  text = "x"\n': "a terrain's ability has timing place, march",
        'kind = "item"\n': "field abilities: a card of kind item is its text",
    }
    for body, message in cases.items():
        path = tmp_path / "odd.toml"
        path.write_text(head + body, encoding="utf-8")
        with pytest.raises(CardDataError, match="card 'Odd'") as err:
            load_cards((path,))
        assert message in str(err.value), (message, str(err.value))
