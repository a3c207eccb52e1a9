"""Conflictus Aeternus's effect host (``host.py``): what card text may ask of the zones, and what
the log tells of it. Found by mutation testing (docs/kernel.md).

The host methods are the contract between the primitives (``effects.py``, the kernel's
vocabulary) and the state: each test runs them on a real game, as a primitive would, and checks
what moves, what a condition or target finder sees, and the events every viewer reads.
"""

from __future__ import annotations

from tcgkit.games.conflictus.records import AbilityKey
from tcgkit.kernel import refs
from tcgkit.kernel.actions import Decision
from tcgkit.kernel.effects import Activation
from tcgkit.kernel.replacements import Shield

from .helpers import act, duel_with_extra_cards, fetch, label, next_rodada, sources, start, texts, to_phase
from .test_cards import act_as, duel, resolve, warrior


def told(state, since):
    return [(e.kind, e.data) for e in state.events[since:]]


def unbound(state, warrior):
    """The event of ``warrior``'s sources going back to the field (call it while it is in play)."""
    sid = state.set_of(warrior)
    paid = [label(state, s) for s, by in state.sets[sid].paid.items() if by == warrior]
    return ("unbound", {"card": label(state, warrior), "player": state.owner(warrior), "sources": paid})


def test_a_draw_is_told_to_the_drawer_and_redacted_for_the_others():
    state = start()
    since = len(state.events)
    top = state.mons[1][-1]
    state.draw(1, 1)
    event = state.events[since]
    assert (event.kind, event.data, event.visible_to, event.redacted) == (
        "draw", {"player": 1, "card": label(state, top)}, frozenset({1}), {"player": 1})
    assert state.hand[1][-1] == top


def test_a_player_who_is_losing_draws_no_more_and_an_empty_mons_loses_once():
    state = start()
    hand, mons = len(state.hand[1]), state.mons[1][:]
    state.mons[1] = []
    since = len(state.events)
    state.draw(1, 3)
    assert told(state, since) == [("loses", {"player": 1, "reason": "drew from an empty mons"})]
    state.mons[1] = mons
    state.draw(1, 2)  # dying (not yet out): nothing more is drawn, nothing more is told
    state.lose(1, "again")
    assert len(state.hand[1]) == hand and len(state.events) == since + 1 and state.dying == [1]


def test_a_mill_moves_the_top_cards_to_the_mortis_and_a_short_mons_loses():
    state = start()
    top = state.mons[1][-2:]
    since = len(state.events)
    state.mill(1, 0)
    assert len(state.events) == since  # nothing to tombar: nothing told
    state.mill(1, 2)
    assert state.mortis[1] == top[::-1]
    assert told(state, since) == [("mill", {"player": 1, "cards": [label(state, c) for c in top[::-1]]})]
    state.mons[1] = state.mons[1][:3]
    state.mill(1, 5)
    assert told(state, since)[1:] == [
        ("mill", {"player": 1, "cards": [label(state, c) for c in state.mortis[1][2:]]}),
        ("loses", {"player": 1, "reason": "had to tombar 5 with 3 in the mons"})]
    state.mons[1] = [state.mortis[1].pop()]  # dying: tombar no more
    state.mill(1, 1)
    assert len(state.events) == since + 3


def _barrier(state, player=0):
    """``player`` is shielded from the next 3 cards they would tombar this rodada."""
    source = state.hand[player][0]
    state.add_shield(Shield(source, "mill", refs.player(player), "reduce", 3, until="end_of_round", uses=1))


def test_a_mill_shield_reduces_the_count_and_tells_how_many_were_prevented():
    state = start()
    _barrier(state)
    since = len(state.events)
    state.mill(1, 2)  # another player's shield: nothing prevented, nothing told of it
    assert [k for k, _ in told(state, since)] == ["mill"]
    mons = len(state.mons[0])
    state.mill(0, 5)
    assert told(state, since)[1] == ("prevented", {"player": 0, "event": "mill", "amount": 3})
    assert len(state.mons[0]) == mons - 2 and told(state, since)[2][0] == "mill"
    _barrier(state)
    since = len(state.events)
    state.mill(0, 2)  # all prevented
    assert told(state, since) == [("prevented", {"player": 0, "event": "mill", "amount": 2})]
    assert len(state.mons[0]) == mons - 2


def test_shields_are_told_with_their_card_event_mode_and_subject():
    state = duel(("Oração Protetora", "Golem de Pedra", "Barreira de Luz"), ("Golem de Pedra",))
    golem = warrior(state, 0, "Golem de Pedra")
    prayer = fetch(state, 0, "Oração Protetora")
    sources(state, 0, luz=3)
    act(state, f"amulet {label(state, prayer)} at {label(state, golem)} pay L1")
    since = len(state.events)
    resolve(state)
    assert ("shield", {"card": label(state, prayer), "event": "destroy", "mode": "prevent",
                       "subject": label(state, golem)}) in told(state, since)
    barrier = fetch(state, 0, "Barreira de Luz")
    act(state, f"amulet {label(state, barrier)} pay L2")
    since = len(state.events)
    resolve(state)
    assert ("shield", {"card": label(state, barrier), "event": "mill", "mode": "reduce",
                       "subject": "P0"}) in told(state, since)


def test_destroy_sacrifice_and_exterminate_act_on_cards_in_play_only_and_are_told():
    state = duel(("Golem de Pedra",), ("Golem de Pedra",))
    a, b, c = (warrior(state, 0, "Golem de Pedra") for _ in range(3))
    in_hand = fetch(state, 0, "Golem de Pedra")
    since = len(state.events)
    for method in (state.destroy, state.sacrifice, state.exterminate):
        method(in_hand)
    assert len(state.events) == since and in_hand in state.hand[0]
    paid = {w: [label(state, s) for s in state.sets[w].sources] for w in (a, b, c)}
    state.destroy(a)
    state.sacrifice(b)
    state.exterminate(c)
    assert told(state, since) == [  # each, then the sources that paid for it going back
        ("destroyed", {"card": label(state, a), "player": 0}),
        ("unbound", {"card": label(state, a), "player": 0, "sources": paid[a]}),
        ("sacrificed", {"card": label(state, b), "player": 0}),
        ("unbound", {"card": label(state, b), "player": 0, "sources": paid[b]}),
        ("exterminated", {"card": label(state, c), "player": 0}),
        ("unbound", {"card": label(state, c), "player": 0, "sources": paid[c]})]
    assert state.mortis[0][-2:] == [a, b] and state.exterminatus[0] == [c] and not state.sets


def test_a_destroy_shield_on_another_card_leaves_a_destroy_as_it_is():
    state = duel(("Golem de Pedra",), ("Golem de Pedra",))
    kept, hit = warrior(state, 0, "Golem de Pedra"), warrior(state, 0, "Golem de Pedra")
    state.add_shield(Shield(kept, "destroy", refs.card(kept), "prevent", until="end_of_round", uses=1))
    since, freed = len(state.events), unbound(state, hit)
    state.destroy(hit)
    assert hit in state.mortis[0] and told(state, since) == [
        ("destroyed", {"card": label(state, hit), "player": 0}), freed]
    state.destroy(kept)
    assert kept in state.sets and told(state, since)[2:] == [
        ("prevented", {"card": label(state, kept), "event": "destroy"})]


def test_a_card_moved_goes_to_the_zone_named_and_is_told():
    state = duel(("Golem de Pedra",), ("Golem de Pedra",))
    golems = [warrior(state, 0, "Golem de Pedra") for _ in range(4)]
    bottom = state.mons[0][0]
    since, freed = len(state.events), [unbound(state, g) for g in golems]
    for golem, zone in zip(golems, ("hand", "mons_bottom", "mortis", "exterminatus"), strict=True):
        state.move_card(golem, zone)
    assert golems[0] in state.hand[0] and state.mons[0][:2] == [golems[1], bottom]
    assert state.mortis[0][-1] == golems[2] and state.exterminatus[0] == [golems[3]]
    assert told(state, since) == [
        ("returned", {"card": label(state, golems[0]), "player": 0, "zone": "hand"}), freed[0],
        ("returned", {"card": label(state, golems[1]), "player": 0, "zone": "mons_bottom"}), freed[1],
        ("sacrificed", {"card": label(state, golems[2]), "player": 0}), freed[2],
        ("exterminated", {"card": label(state, golems[3]), "player": 0}), freed[3]]
    state.move_card(golems[0], "mortis")  # in hand: not in play, stays
    assert golems[0] in state.hand[0] and len(state.events) == since + 8


def test_a_modifier_is_told_and_a_warrior_at_defence_zero_dies():
    state = duel(("Golem de Pedra",), ("Golem de Pedra",))
    golem = warrior(state, 0, "Golem de Pedra")
    defense = state.stat(golem, "defense")
    since, freed = len(state.events), unbound(state, golem)
    state.add_modifier(golem, "defense", -defense, "end_of_round")
    assert told(state, since) == [
        ("modified", {"card": label(state, golem), "stat": "defense", "amount": -defense}),
        ("died", {"card": label(state, golem), "player": 0}), freed]
    assert golem in state.mortis[0]


def guard_on_mago():
    """Player 0's set of a Mago Iluminado with a Guardiã da Aurora played on it a rodada later."""
    state = start(decks=("crepusculo", "crepusculo"))
    sources(state, 0, luz=1, sombra=1)
    mago = fetch(state, 0, "Mago Iluminado")
    act(state, f"play {label(state, mago)} pay L1")
    next_rodada(state)
    next_rodada(state)
    guard = fetch(state, 0, "Guardiã da Aurora")
    act(state, f"play {label(state, guard)} on set#{mago}")
    return state, mago, guard


def test_the_warrior_below_a_dead_one_dies_too_when_its_own_defence_is_gone():
    state, mago, guard = guard_on_mago()
    assert state.sets[mago].warriors == [mago, guard]
    state.add_modifier(mago, "defense", -20, "end_of_round")  # below: not active, it stays
    assert mago in state.sets[mago].warriors
    state.add_modifier(guard, "defense", -20, "end_of_round")
    assert state.mortis[0][-2:] == [guard, mago]


def test_a_card_leaving_play_leaves_no_damage_entry_or_modifier_behind():
    state = duel(("Golem de Pedra",), ("Golem de Pedra",))
    golem = warrior(state, 0, "Golem de Pedra")
    state.damage[golem] = 1
    state.add_modifier(golem, "attack", 2, "end_of_round")
    state.remove(golem)
    saved = state.to_json()
    assert saved["damage"] == [] and saved["mods"] == [] and golem not in dict(saved["entered"])
    assert state.stat(golem, "attack") == state.card(golem).attack


def test_a_used_source_removed_from_the_field_is_no_longer_used():
    state = start()
    source = fetch(state, 0, "Fonte de Luz", "field")
    state.used.add(source)
    state.remove(source)
    assert source not in state.used and source not in state.field[0]


def test_a_sets_sources_belong_to_it():
    state = duel(("Golem de Pedra",), ("Golem de Pedra",))
    golem = warrior(state, 0, "Golem de Pedra")
    paid = state.sets[golem].sources
    assert paid and all(state.set_of(s) == golem and state.in_play(s) for s in paid)
    assert not state.is_top(paid[0]) and state.is_top(golem)


def test_opponents_run_in_turn_order_and_skip_players_who_are_out():
    state = start(players=4)
    state.out.add(2)
    assert state.opponents(0) == [1, 3] and state.opponents(3) == [0, 1] and state.opponents(1) == [3, 0]
    assert state.living() == [0, 1, 3]


def test_player_references_leave_out_players_who_are_out():
    state = start(players=3)
    state.out.add(1)
    assert state.player_ref(Activation(0, 0), "each_opponent") == [2]
    assert state.player_ref(Activation(1, 50), "you") == []
    assert state.player_ref(Activation(0, 0), "you") == [0]


def test_card_references_self_target_and_bearer():
    state = duel(("Golem de Pedra", "Espada de Lúmen"), ("Golem de Pedra",))
    golem = warrior(state, 0, "Golem de Pedra")
    theirs = warrior(state, 1, "Golem de Pedra")
    sword = fetch(state, 0, "Espada de Lúmen")
    in_hand = fetch(state, 0, "Golem de Pedra")
    sources(state, 0, luz=state.card(sword).cost)
    act(state, f"play {label(state, sword)} on set#{golem}")
    assert state.card_refs(Activation(0, sword), "bearer") == [golem]
    assert state.card_refs(Activation(0, in_hand), "bearer") == []
    assert state.card_refs(Activation(0, sword), "self") == []  # equipment: not an active warrior
    assert state.card_refs(Activation(0, golem), "self") == [golem]
    assert state.card_refs(Activation(0, golem, target=refs.card(in_hand)), "target") == []
    assert state.card_refs(Activation(0, golem), "target") == []
    assert state.card_refs(Activation(0, golem, target=refs.card(theirs)), "target") == [theirs]
    assert state.card_refs(Activation(0, golem, target=refs.player(theirs)), "target") == []  # a player
    assert state.card_refs(Activation(0, golem), "your_warriors") == [golem]
    assert state.card_refs(Activation(0, golem), "opponents_warriors") == [theirs]


def test_a_discard_is_asked_only_of_a_player_in_with_cards_and_a_count():
    state = start()
    decisions = len(state.decisions)
    assert state.ask_discard(1, 0) is None
    state.out.add(1)
    assert state.ask_discard(1, 1) is None
    assert len(state.decisions) == decisions


def test_a_roll_is_between_one_and_the_sides_and_told():
    state = start()
    since = len(state.events)
    assert state.roll(1) == 1
    assert told(state, since) == [("roll", {"sides": 1, "value": 1})]


def test_combat_damage_through_a_reducing_shield():
    state = duel(("Golem de Pedra",), ("Golem de Pedra",))
    golem = warrior(state, 0, "Golem de Pedra")
    other = warrior(state, 0, "Golem de Pedra")
    state.add_shield(Shield(golem, "combat_damage", refs.card(golem), "reduce", 3))
    since = len(state.events)
    assert state.combat_damage(other, 4) == 4 and len(state.events) == since
    assert state.combat_damage(golem, 0) == 0 and len(state.events) == since
    assert state.combat_damage(golem, 5) == 2
    assert state.combat_damage(golem, 1) == 0
    assert told(state, since) == [
        ("prevented", {"card": label(state, golem), "event": "combat_damage", "amount": 3}),
        ("prevented", {"card": label(state, golem), "event": "combat_damage", "amount": 1})]


def test_combat_damage_fully_prevented_is_zero_and_no_damage_uses_up_no_shield():
    state = duel(("Golem de Pedra",), ("Golem de Pedra",))
    golem = warrior(state, 0, "Golem de Pedra")
    state.add_shield(Shield(golem, "combat_damage", refs.card(golem), "prevent", uses=1))
    assert state.combat_damage(golem, 0) == 0 and state.shields.entries  # nothing to prevent
    assert state.combat_damage(golem, 3) == 0 and not state.shields.entries


def test_zone_counts_and_combat():
    state = duel(("Golem de Pedra",), ("Golem de Pedra",))
    mine = warrior(state, 0, "Golem de Pedra")
    theirs = warrior(state, 1, "Golem de Pedra")
    fetch(state, 0, "Fonte de Luz", "field")
    assert state.zone_count(0, "sources") == len(state.field[0])
    assert state.zone_count(0, "hand") == len(state.hand[0]) != len(state.field[0])
    assert state.zone_count(0, "sets") == 1
    state.attackers = {mine: (mine, 1)}
    state.blocks = {mine: (theirs, theirs)}  # the attacking set: the blocking set and warrior
    assert state.in_combat(mine) and state.in_combat(theirs)
    state.blocks = {}
    assert state.in_combat(mine) and not state.in_combat(theirs)
    state.attackers = {theirs: (theirs, 0)}
    assert not state.in_combat(mine)


def test_active_warriors_by_side():
    state = duel(("Golem de Pedra",), ("Golem de Pedra",))
    mine = warrior(state, 0, "Golem de Pedra")
    theirs = warrior(state, 1, "Golem de Pedra")
    assert state.active_warriors(0, "own") == [mine]
    assert state.active_warriors(0, "opponent") == [theirs]
    assert state.active_warriors(0, "any") == [mine, theirs]


def test_the_first_decisions_of_a_game_are_made_right():
    state = start(keep=False, mulligan="turn_order")
    assert state.decisions == [Decision(0, "mulligan", False)]
    sealed = start(keep=False)
    assert sealed.decisions == [Decision(1, "mulligan", False), Decision(0, "mulligan", True)]


def test_the_game_over_is_told_with_winner_and_reason():
    state = start()
    since = len(state.events)
    state.finish(1, "a reason")
    state.finish(0, "another")
    assert told(state, since) == [("game_over", {"winner": 1, "reason": "a reason"})]


def test_sources_are_locked_light_first_and_freed_and_the_count_changed_is_told():
    state = start(decks=("crepusculo", "crepusculo"))
    state.field[1] = []
    sombra = [fetch(state, 1, "Fonte de Sombra", "field") for _ in range(2)]
    luz = [fetch(state, 1, "Fonte de Luz", "field") for _ in range(2)]
    state.used.add(luz[1])
    since = len(state.events)
    state.set_sources(1, 2, used=True)  # Light first: the one already used does not count
    assert state.used >= {*luz, min(sombra)} and max(sombra) not in state.used
    state.set_sources(1, 9, used=False)
    assert not state.used & {*luz, *sombra}
    state.set_sources(1, 0, used=True)
    assert told(state, since) == [("sources_used", {"player": 1, "count": 2}),
                                  ("sources_freed", {"player": 1, "count": 3}),
                                  ("sources_used", {"player": 1, "count": 0})]


def test_the_last_card_of_a_class_comes_back_from_the_mortis():
    state = start(decks=("crepusculo", "crepusculo"))
    first, last = fetch(state, 0, "Mago Iluminado", "mortis"), fetch(state, 0, "Guardiã da Aurora", "mortis")
    source = fetch(state, 0, "Fonte de Luz", "mortis")
    since = len(state.events)
    state.return_from_mortis(0, "guerreiro")
    assert state.hand[0][-1] == last and state.mortis[0] == [first, source]
    assert told(state, since) == [("returned", {"card": label(state, last), "player": 0, "zone": "hand"})]
    state.return_from_mortis(0, "reliquia")
    assert state.mortis[0] == [first, source] and len(state.events) == since + 1


def test_a_search_with_nothing_to_find_shuffles_and_asks_nothing():
    state = start()
    state.mons[0] = [c for c in state.mons[0] if state.card(c).klass != "reliquia"]
    decisions, mons = len(state.decisions), state.mons[0][:]
    since = len(state.events)
    assert state.ask_search(0, "reliquia") is None
    assert told(state, since) == [("shuffled", {"player": 0})] and len(state.decisions) == decisions
    assert sorted(state.mons[0]) == sorted(mons)


def test_a_search_asks_for_one_card_of_the_class():
    state = duel(("Busca Arcana",), ("Golem de Pedra",))
    search = fetch(state, 0, "Busca Arcana")
    sources(state, 0, luz=2)
    act(state, f"amulet {label(state, search)} pay L2")
    resolve(state)
    assert state.pending.kind == "search" and state.pending.player == 0
    assert state.to_json()["res"]["asks"] == [  # the saved position owes one card
        {"player": 0, "kind": "search", "count": 1, "detail": ["guerreiro"], "cards": []}]
    options = texts(state)
    found = [state.game.db.find(t.removeprefix("search ")) for t in options]
    assert found and all(card.klass == "guerreiro" for card in found)
    hand = len(state.hand[0])
    act(state, options[0])
    assert len(state.hand[0]) == hand + 1 and state.pending.kind != "search"


def test_only_other_players_amulets_on_the_stack_can_be_countered_and_the_one_named_is():
    state = duel(("Oração Protetora", "Golem de Pedra"), ("Escudo de Fé",))
    golems = [warrior(state, 0, "Golem de Pedra") for _ in range(2)]
    prayers = [fetch(state, 0, "Oração Protetora") for _ in range(2)]
    sources(state, 0, luz=2)
    act(state, f"amulet {label(state, prayers[0])} at {label(state, golems[0])} pay L1")
    assert state.amulets_on_stack(0) == [] and state.amulets_on_stack(1) == [prayers[0]]
    act_as(state, 0, f"amulet {label(state, prayers[1])} at {label(state, golems[1])} pay L1")
    shield = fetch(state, 1, "Escudo de Fé")
    sources(state, 1, luz=2)
    act_as(state, 1, f"amulet {label(state, shield)} at {label(state, prayers[1])} pay L2")
    since = len(state.events)
    for _ in range(3):
        resolve(state)
    assert ("countered", {"card": label(state, prayers[1]), "player": 0}) in told(state, since)
    assert prayers[1] in state.mortis[0]
    assert [s.subject for s in state.shields.entries] == [refs.card(golems[0])]


def test_an_amulet_that_left_the_stack_is_no_target():
    state = duel(("Oração Protetora", "Golem de Pedra"), ("Escudo de Fé",))
    golem = warrior(state, 0, "Golem de Pedra")
    prayer = fetch(state, 0, "Oração Protetora")
    sources(state, 0, luz=1)
    act(state, f"amulet {label(state, prayer)} at {label(state, golem)} pay L1")
    state.stack[0].remove(prayer)
    state.mortis[0].append(prayer)
    assert state.amulets_on_stack(1) == []


def test_equipment_helps_only_the_active_warrior_and_only_its_stat():
    state, mago, guard = guard_on_mago()
    aegis = fetch(state, 0, "Égide Sagrada")
    state.hand[0].remove(aegis)
    state.sets[mago].equipment.append(aegis)
    state.check_invariants()
    base = {c: {s: getattr(state.card(c), s) for s in ("attack", "defense", "tombo")} for c in (mago, guard)}
    assert state.stat(guard, "defense") == base[guard]["defense"] + 2
    assert state.stat(guard, "attack") == base[guard]["attack"]
    assert state.stat(mago, "defense") == base[mago]["defense"]  # below: no equipment bonus


def test_relics_and_equipment_add_up():
    state = duel(("Tambor de Guerra", "Golem de Pedra", "Espada de Lúmen"), ("Golem de Pedra",))
    golem = warrior(state, 0, "Golem de Pedra")
    theirs = warrior(state, 1, "Golem de Pedra")
    for _ in range(2):
        fetch(state, 0, "Tambor de Guerra", "relics")
    assert state.stat(golem, "attack") == state.card(golem).attack + 2
    assert state.stat(theirs, "attack") == state.card(theirs).attack
    sword = fetch(state, 0, "Espada de Lúmen")
    state.hand[0].remove(sword)
    state.sets[golem].equipment.append(sword)
    state.check_invariants()
    assert state.stat(golem, "attack") == state.card(golem).attack + 2 + 2


EXTRA = """
[[card]]
id = "totem-hostil"
name = "Totem Hostil"
faction = "neutra"
klass = "reliquia"
cost = 1
[[card.abilities]]
timing = "static"
duration = "permanent"
condition = { check = "count", zone = "hand", at_least = 0 }
[[card.abilities.effects]]
do = "modify_stat"
stat = "attack"
amount = { compute = "count", of = "your_warriors" }
to = "opponents_warriors"

[[card]]
id = "lamina-gemea"
name = "Lâmina Gêmea"
faction = "neutra"
klass = "equipamento"
cost = 1
[[card.abilities]]
timing = "static"
duration = "permanent"
condition = { check = "count", zone = "hand", at_least = 0 }
[[card.abilities.effects]]
do = "modify_stat"
stat = "attack"
amount = { compute = "count", of = "bearer", times = 3 }
to = "bearer"

[[card]]
id = "vigia-duplo"
name = "Vigia Duplo"
faction = "neutra"
klass = "guerreiro"
cost = 1
attack = 1
defense = 9
tombo = 1
[[card.abilities]]
timing = "on_enter"
effects = [{ do = "modify_stat", stat = "tombo", amount = 1, to = "self" }]
[[card.abilities]]
timing = "warrior_enters"
trigger_if = { all = [{ check = "subject_in", of = "your_warriors" },
                      { not = { check = "subject_is_self" } }] }
effects = [{ do = "modify_stat", stat = "attack", amount = 1, to = "self" }]
[[card.abilities]]
timing = "warrior_enters"
trigger_if = { all = [{ check = "subject_in", of = "target" },
                      { check = "subject_in", of = "opponents_warriors" }] }
condition = { check = "count", zone = "hand", at_least = 0 }
effects = [{ do = "modify_stat", stat = "defense", amount = 1, to = "self" }]
"""


def test_statics_of_relics_on_opponents_warriors_and_of_equipment_read_their_own_card(tmp_path):
    state = duel_with_extra_cards(tmp_path / "extra.toml", EXTRA, ("Totem Hostil", "Lâmina Gêmea"))
    mine = [warrior(state, 0, "Golem de Pedra") for _ in range(2)]
    theirs = warrior(state, 1, "Golem de Pedra")
    fetch(state, 0, "Totem Hostil", "relics")
    state.check_invariants()
    assert state.stat(theirs, "attack") == state.card(theirs).attack + 2  # P0 has two warriors
    assert state.stat(mine[0], "attack") == state.card(mine[0]).attack
    state.sets[mine[0]].equipment.append(fetch(state, 0, "Lâmina Gêmea"))
    state.hand[0].remove(state.sets[mine[0]].equipment[-1])
    assert state.stat(mine[0], "attack") == state.card(mine[0]).attack + 3  # one bearer, 3 times
    below = fetch(state, 0, "Golem de Pedra")
    state.hand[0].remove(below)
    state.sets[mine[0]].warriors.insert(0, below)
    state.entered[below] = state.round
    state.check_invariants()
    assert state.stat(mine[0], "attack") == state.card(mine[0]).attack + 3  # still one bearer
    assert state.stat(mine[0], "defense") == state.card(mine[0]).defense


def test_event_triggers_are_once_a_rodada_per_ability_and_keyed_by_card_and_ability(tmp_path):
    state = duel_with_extra_cards(tmp_path / "extra.toml", EXTRA, ("Vigia Duplo",))
    watch = warrior(state, 0, "Vigia Duplo")
    other = warrior(state, 0, "Vigia Duplo")
    card = state.card(watch)
    assert state.stat(watch, "tombo") == card.tombo + 1  # its own on_enter
    assert state.stat(watch, "attack") == card.attack + 1  # another own warrior entered
    warrior(state, 1, "Golem de Pedra")  # an opponent's: the second filter, whether or not the first held
    assert [state.stat(c, "defense") - card.defense for c in (watch, other)] == [1, 1]
    assert state.stat(other, "attack") == card.attack
    keys = sorted([(watch, 1), (watch, 2), (other, 2)])  # on_enter is not once a rodada
    assert state.used_abilities == {AbilityKey(c, a) for c, a in keys}
    assert state.to_json()["used_abilities"] == [{"card": c, "ability": a} for c, a in keys]
    warrior(state, 0, "Golem de Pedra")
    assert state.stat(watch, "attack") == card.attack + 1 and state.stat(other, "attack") == card.attack + 1


def test_equipment_sacrificed_leaves_its_set_to_the_warrior():
    state = duel(("Égide Sagrada", "Golem de Pedra"), ("Golem de Pedra",))
    golem = warrior(state, 0, "Golem de Pedra")
    aegis = fetch(state, 0, "Égide Sagrada")
    sources(state, 0, luz=2)
    act(state, f"play {label(state, aegis)} on set#{golem}")
    to_phase(state, "sacrifice")
    since = len(state.events)
    act(state, f"sacrifice {label(state, aegis)}")
    assert told(state, since)[0] == ("sacrificed", {"card": label(state, aegis), "player": 0})
    assert state.mortis[0][-1] == aegis and state.sets[golem].equipment == [] and state.is_top(golem)


def test_event_triggers_watch_active_warriors_only_and_any_players_tombar():
    state = duel(("Coveiro Pálido", "Golem de Pedra"), ("Coveiro Pálido",))
    below = warrior(state, 0, "Coveiro Pálido")
    top = fetch(state, 0, "Golem de Pedra")
    state.hand[0].remove(top)
    state.sets[below].warriors.append(top)
    state.entered[top] = state.round
    theirs = warrior(state, 1, "Coveiro Pálido")
    state.check_invariants()
    since = len(state.events)
    state.mill(1, 1)  # P1 tombas: P0's digger is not an active warrior, it does not trigger
    state.mill(0, 1)  # P0 (seat 0) tombas: P1's digger triggers
    assert state.to_json()["used_abilities"] == [{"card": theirs, "ability": 0}]
    state.advance()
    resolve(state)
    assert [e.data["card"] for e in state.events[since:] if e.kind == "trigger"] == [label(state, theirs)]
    assert state.stat(theirs, "attack") == state.card(theirs).attack + 1
