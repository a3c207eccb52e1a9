"""Battle spells and counters (RULES-NOTES 3.2 step 4, MC14, MC16; U20): cast in the side's
normal timing with spell slots of their element, answered on the kernel's stack last in first
out, costs and targets checked again when they resolve, windows skipped only on public facts."""

from __future__ import annotations

from tcgkit.kernel.rng import Rng

from .helpers import act, cell, dice, empty_hand, events, ground, moves, put, start, to_hand, to_main


def battle(decks=("tide_wings", "dawn_and_dusk"), **options):
    """Player 1 to march from own 2 into E2, held by player 0; both hands empty."""
    state = start(decks=decks, **options)
    to_main(state)
    ground(state, 1, "2")
    ground(state, 0, "E2", who=1)
    empty_hand(state, 0)
    empty_hand(state, 1)
    return state


def march(state, *cards):
    act(state, f"march to E2: {', '.join(state.name(c) for c in sorted(cards))}")
    while state.decisions[-1].kind in ("instant", "formation"):
        act(state, "pass" if state.decisions[-1].kind == "instant" else moves(state)[0])


def test_a_damage_spell_in_the_first_sides_timing_kills_before_the_attack():  # 3.2 step 4, MC14
    state = battle()
    at = cell(1, "E2")
    crab = put(state, 0, "River Crab", "E2", who=1)  # defence 2
    acolyte = put(state, 1, "Acolyte", "2")  # holy, 1 spell slot
    sunburst = to_hand(state, 1, "Sunburst")  # holy, 1 slot: 1D+1
    dice(state, 6, 1, 2)  # initiative 6 against 1, then the spell's die: 2 + 1 = 3
    march(state, acolyte)
    assert state.decisions[-1].kind == "normal" and state.to_move == 1
    assert moves(state) == [f"cast {state.name(sunburst)} at {state.name(crab)}", "attack"]
    act(state, f"cast {state.name(sunburst)} at {state.name(crab)}")
    # player 0 holds no card: no window (U20), the spell resolves at once
    assert ("roll", 6, 2) in state.log and ("spell_hit", crab, 2, 3, True) in state.log
    assert crab in state.discard[0] and sunburst in state.discard[1]
    assert state.battle is None and state.parties[at][1] == [acolyte]  # no defender left: taken
    assert ("takes", 1, at) in state.log


def test_no_slot_of_the_element_no_spell():  # MC14 edge
    state = battle()
    put(state, 0, "River Crab", "E2", who=1)
    cat = put(state, 1, "Temple Cat", "2")  # holy, no spell slot
    to_hand(state, 1, "Sunburst")
    to_hand(state, 1, "Shadow Bolt")  # dark
    dice(state, 6, 1)
    march(state, cat)
    assert moves(state) == ["attack"]


def sunburst_cast():
    """Player 1 marches an Acolyte onto player 0's River Crab and Tide Sprite (water, one spell
    slot) and casts Sunburst, its last card, at the crab; player 0 holds a Dispel.
    Returns the state and the cards by name."""
    state = battle()
    crab = put(state, 0, "River Crab", "E2", who=1)
    put(state, 0, "Tide Sprite", "E2", who=1)
    dispel = to_hand(state, 0, "Dispel")
    acolyte = put(state, 1, "Acolyte", "2")
    sunburst = to_hand(state, 1, "Sunburst")
    dice(state, 6, 1)
    march(state, acolyte)
    act(state, f"cast {state.name(sunburst)} at {state.name(crab)}")
    return state, crab, dispel, acolyte, sunburst


def test_a_world_determinized_while_a_spell_waits_gives_it_the_name_the_view_shows():  # MC16 edge
    """The stack's cards are in view (a spell cast is public): a world dealt from a view keeps
    each frame's card as the view names it, not any name the deck list still holds."""
    state, crab, _, _, sunburst = sunburst_cast()  # player 0 may answer: the spell waits
    for viewer in (0, 1):
        view = state.view(viewer)
        assert view["res"]["stack"][0]["source"] == state.name(sunburst)
        for seed in range(10):
            world = state.game.determinize(view, Rng(seed))
            assert world.kind[sunburst] == state.kind[sunburst] and world.view(viewer) == view


def test_a_counter_answers_a_spell_and_resolves_first():  # MC16, U20: LIFO
    state, crab, dispel, _, sunburst = sunburst_cast()
    assert state.decisions[-1].kind == "respond" and state.to_move == 0  # the other player first
    assert f"cast {state.name(dispel)} at {state.name(sunburst)}" in moves(state)
    scene = state.scene(0)
    assert [item.face.name for item in scene.stack] == [state.name(sunburst)] and scene.window.holder == 0
    act(state, f"cast {state.name(dispel)} at {state.name(sunburst)}")
    # priority alternates, but neither holds a card now, a public fact: both are passed by (U20)
    # and the top (Dispel) resolves
    assert not events(state, "passes")
    assert (
        ("countered", sunburst) in state.log and sunburst in state.discard[1] and dispel in state.discard[0]
    )
    assert not events(state, "spell_hit")
    while state.decisions[-1].kind == "respond":
        act(state, "pass")
    assert state.decisions[-1].kind == "normal" and state.to_move == 1  # back to player 1's timing
    assert moves(state) == ["attack"]  # its hand is empty now
    assert state.battle.spent == {"0:water": 1}  # the Dispel paid; the countered Sunburst never did


def test_a_window_passes_by_the_declaring_player_with_nothing_to_answer_with():  # U20 edge
    state, _, _, _, sunburst = sunburst_cast()  # Sunburst: player 1's last card
    assert state.decisions[-1].kind == "respond" and state.to_move == 0  # a card and a water slot
    act(state, "pass")
    # player 1 holds no card, a public fact: not asked to pass; the spell resolves
    assert events(state, "spell_hit") and sunburst in state.discard[1] and ("passes", 1) not in state.log


def test_a_spell_whose_target_or_slots_are_gone_on_resolution_does_nothing():  # U20, tocage
    for gone in ("target", "slots"):
        state, crab, _, acolyte, sunburst = sunburst_cast()
        state.kill(crab if gone == "target" else acolyte)  # meanwhile, as another effect could
        act(state, "pass")
        act(state, "pass")
        assert ("fizzles", sunburst, gone) in state.log and not events(state, "spell_hit")
        state.check_invariants()


def test_a_stat_spell_lasts_until_the_battle_ends():  # modify_stat, end_of_battle
    state = battle(decks=("tide_wings", "flame_legion"))
    guard = put(state, 0, "Coral Guard", "E2", who=1)  # defence 4
    miner = put(state, 1, "Dwarf Miner", "2")  # earth, 1 spell slot, attack 2
    muscle = to_hand(state, 1, "Muscle Body")  # +2 attack
    dice(state, 6, 1)
    march(state, miner)
    act(state, f"cast {state.name(muscle)} at {state.name(miner)}")
    assert ("boost", miner, "attack", 2) in state.log and state.stat(miner, "attack") == 4
    act(state, "attack")
    assert events(state, "strike")[0][2] == 4 and guard in state.discard[0]
    assert state.battle is None and state.stat(miner, "attack") == 2


def test_the_simultaneous_attack_has_no_spell_timing():  # A2, U22
    state = battle()
    put(state, 0, "Mermaid Scout", "E2", who=1)  # initiative +1
    cat = put(state, 1, "Temple Cat", "2")  # initiative +1
    to_hand(state, 1, "Sunburst")
    dice(state, 3, 3)
    act(state, f"march to E2: {state.name(cat)}")
    while state.battle is not None:
        kind = state.decisions[-1].kind
        assert kind in ("instant", "formation")
        act(state, "pass" if kind == "instant" else moves(state)[0])
    assert events(state, "simultaneous") and not events(state, "cast")
