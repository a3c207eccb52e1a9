"""The rodada's edges (RULES.md: Começando a partida ... Análise de dano): the first player, the
round limit, extra source drops, asks answered one card at a time, set ids, combat damage.

Found by mutation testing (docs/kernel.md): each test pins a rule or a choice's shape.
"""

from __future__ import annotations

from tcgkit.games.conflictus import Conflictus
from tcgkit.games.conflictus import turn as turn_module
from tcgkit.games.conflictus.turn import SET_AGAIN

from . import test_rules_combat as combat_tests
from .helpers import DECKS, act, fetch, label, next_rodada, sources, start, texts, to_phase


def test_a_first_player_past_the_seats_is_drawn_by_the_seed():
    game = Conflictus(players=2, first_player=2)
    assert {game.new_state(seed, [DECKS["aurora"]] * 2).first for seed in range(12)} == {0, 1}


def test_sealed_mulligans_hide_every_answer_but_the_last_of_the_round():
    state = start(players=3, keep=False)
    secret = []
    for _ in range(3):
        secret.append(state.pending.secret)
        act(state, "keep")
    assert secret == [True, True, False]
    state = start(players=3, keep=False)
    act(state, "keep")
    assert state.choices == {0: False}  # a save taken now holds the answer as a keep


def test_the_first_player_skips_only_their_very_first_draw():
    state = start(players=2)
    hand = len(state.hand[0])
    next_rodada(state)
    next_rodada(state)
    assert state.active == 0 and len(state.hand[0]) == hand + 1


def test_the_round_limit_ends_the_game_as_a_draw_after_its_last_rodada():
    state = start(players=2, round_limit=2)
    next_rodada(state)
    assert state.round == 2 and not state.is_terminal
    while not state.is_terminal:
        act(state, "done" if state.pending.kind in ("declare", "blockers") else "pass")
    assert state.outcome.is_draw and state.outcome.reason == "round limit"


def test_drawing_from_an_empty_mons_ends_the_game_in_the_draw_phase():
    state = start(players=2)
    state.mortis[1] += state.mons[1]
    state.mons[1] = []
    while not state.is_terminal:
        act(state, "done" if state.pending.kind in ("declare", "blockers") else "pass")
    assert state.outcome.winner == 0 and state.view(None)["phase"] == "draw"


def test_windows_open_in_turn_order_from_the_active_player_even_with_a_cold_cache():
    turn_module.ORDERS.clear()
    state = start(players=3)
    next_rodada(state)
    assert state.active == 1
    holders = []
    for _ in range(3):
        holders.append(state.pending.player)
        act(state, "pass")
    assert holders == [1, 2, 0]


def test_an_extra_drop_allows_one_more_source_and_is_used_up():
    state = start(players=2)
    a, b, c = (fetch(state, 0, "Fonte de Luz") for _ in range(3))
    act(state, f"source {label(state, a)}")
    assert state.drops[0] == (1, 0, 0)
    assert state.view(None)["drops"][0] == {"own": 1, "foreign": 0, "extra": 0}
    state.extra_drop(0)
    state.legal = None
    act(state, f"source {label(state, b)}")
    assert state.drops[0] == (1, 0, 0)
    assert f"source {label(state, c)}" not in texts(state)
    state.extra_drop(0)
    state.extra_drop(0)
    state.legal = None
    act(state, f"source {label(state, c)}")
    assert state.drops[0] == (1, 0, 1)


def test_a_discard_of_two_is_asked_one_card_at_a_time():
    state = start(players=2)
    hand = list(state.hand[1])
    state.ask_discard(1, 2)
    state.legal = None
    assert state.pending.kind == "discard" and state.pending.player == 1
    act(state, f"discard {label(state, hand[0])}")
    assert state.pending.kind == "discard" and state.pending.player == 1
    act(state, f"discard {label(state, hand[1])}")
    assert state.pending.kind == "main" and state.mortis[1] == hand[:2]
    assert [(e.kind, e.data) for e in state.events[-2:]] == [
        ("discard", {"player": 1, "card": label(state, hand[0])}),
        ("discard", {"player": 1, "card": label(state, hand[1])})]


def test_a_card_cost_of_three_is_offered_one_card_at_a_time_from_what_is_left():
    state = start(decks=("abismo", "abismo"))
    cults = [combat_tests.ready(state, 0, "Cultista do Véu", sombra=1, pay=" pay S1") for _ in range(3)]
    state.ask_pay(0, cults, 3, "mortis")
    state.legal = None
    assert texts(state) == [f"offer {label(state, c)}" for c in cults]
    act(state, f"offer {label(state, cults[1])}")
    assert state.pending.player == 0 and state.pending.kind == "pay"
    assert texts(state) == [f"offer {label(state, c)}" for c in (cults[0], cults[2])]
    act(state, f"offer {label(state, cults[2])}")
    assert state.pending.player == 0 and texts(state) == [f"offer {label(state, cults[0])}"]
    act(state, f"offer {label(state, cults[0])}")
    assert state.pending.kind == "main" and state.mortis[0] == [cults[1], cults[2], cults[0]]


def test_a_search_takes_the_named_card_from_the_top_down():
    state = start(decks=("mercenarios", "mercenarios"))
    state.ask_search(0, "guerreiro")
    state.legal = None
    names = [state.card(c).name for c in state.mons[0] if state.card(c).klass == "guerreiro"]
    name = names[0]  # the warrior deepest in the mons: others may lie above it
    hand = list(state.hand[0])
    act(state, f"search {name}")
    new = [c for c in state.hand[0] if c not in hand]
    assert len(new) == 1 and state.card(new[0]).name == name
    assert ("search", {"player": 0, "card": label(state, new[0])}) in [(e.kind, e.data) for e in state.events]


def test_a_warrior_that_founds_a_set_again_gets_a_new_set_id():
    state = start(decks=("crepusculo", "crepusculo"))
    sources(state, 0, luz=3)
    mago = fetch(state, 0, "Mago Iluminado")
    act(state, f"play {label(state, mago)} pay L1")
    aegis = fetch(state, 0, "Égide Sagrada")
    act(state, f"play {label(state, aegis)} on set#{mago}")
    state.to_mortis(mago, "died")  # the set lives on with its equipment
    state.mortis[0].remove(mago)
    state.hand[0].append(mago)
    state.legal = None
    act(state, f"play {label(state, mago)} pay L1")
    assert set(state.sets) == {mago, mago + SET_AGAIN} and state.sets[mago + SET_AGAIN].warriors == [mago]


def mago_as_card_zero(state) -> None:
    """Swap player 0's Mago Iluminado with the card of id 0, so the Mago in hand has id 0."""
    mago = fetch(state, 0, "Mago Iluminado")
    state.kind = list(state.kind)
    state.kind[0], state.kind[mago] = state.kind[mago], state.kind[0]
    state.hand[0].remove(mago)
    for zone in (state.mons[0], state.hand[0], state.mortis[0]):
        if 0 in zone:
            zone.remove(0)
    state.hand[0].append(0)
    state.mons[0].append(mago)


def test_the_set_of_card_zero_takes_more_cards():
    state = start(decks=("crepusculo", "crepusculo"))
    mago_as_card_zero(state)
    sources(state, 0, luz=2)
    act(state, f"play {label(state, 0)} pay L1")
    aegis = fetch(state, 0, "Égide Sagrada")
    act(state, f"play {label(state, aegis)} on set#0")
    assert state.sets[0].equipment == [aegis] and 0 in state.sets


def test_combat_damage_counts_every_pair_and_every_unblocked_attacker():
    state = start(decks=("abismo", "aurora"))
    spectres = [combat_tests.ready(state, 0, "Espectro Faminto", sombra=2, pay=" pay S2") for _ in range(3)]
    act(state, "pass")
    guards = [combat_tests.ready(state, 1, "Guardiã da Aurora", luz=2, pay=" pay L2") for _ in range(2)]
    next_rodada(state)
    next_rodada(state)
    to_phase(state, "attack")
    for s in spectres:
        act(state, f"attack set#{s} P1")
    to_phase(state, "block")
    mons = len(state.mons[1])
    act(state, f"block set#{spectres[0]} with set#{guards[0]}")
    act(state, f"block set#{spectres[1]} with set#{guards[1]}")
    if state.pending.kind == "blockers":
        act(state, "done")
    hits = [e.data["hits"] for e in state.events if e.kind == "combat_damage"][-1]
    assert len(hits) == 4 and {h[0] for h in hits} == {label(state, c) for c in (*spectres[:2], *guards)}
    assert len(state.mons[1]) == mons - state.stat(spectres[2], "tombo")


def test_an_attacker_with_a_warrior_below_still_hits_and_a_gone_one_does_not():
    state, spectre, guard, mago = combat_tests.combat()
    act(state, f"attack set#{spectre} P1")
    state.sets[spectre].warriors.insert(0, state.mons[0].pop())  # a warrior below the attacker
    to_phase(state, "block")
    mons = len(state.mons[1])
    act(state, "done")
    to_phase(state, "sacrifice")
    assert len(state.mons[1]) == mons - state.stat(spectre, "tombo")
    state, spectre, guard, mago = combat_tests.combat()
    act(state, f"attack set#{spectre} P1")
    to_phase(state, "block")
    mons = len(state.mons[1])
    state.to_mortis(spectre, "died")
    state.sets.pop(spectre, None)
    act(state, "done")
    to_phase(state, "sacrifice")
    assert len(state.mons[1]) == mons


def test_a_blocker_deals_its_attack_and_an_attacker_of_no_attack_deals_nothing():
    state = start(decks=("aurora", "abismo"))
    squire = combat_tests.ready(state, 0, "Escudeiro Solar", luz=1, pay=" pay L1")
    act(state, "pass")
    cult = combat_tests.ready(state, 1, "Cultista do Véu", sombra=1, pay=" pay S1")
    next_rodada(state)
    next_rodada(state)
    to_phase(state, "attack")
    act(state, f"attack set#{squire} P1")
    to_phase(state, "block")
    act(state, f"block set#{squire} with set#{cult}")
    hits = [e.data["hits"] for e in state.events if e.kind == "combat_damage"][-1]
    assert hits == [[label(state, cult), 0], [label(state, squire), state.stat(cult, "attack")]]
    assert state.damage[cult] == 0 and cult in state.sets


def test_an_until_the_end_of_the_rodada_change_wears_off_when_it_ends():
    state = start(decks=("aurora", "aurora"))
    mago = combat_tests.ready(state, 0, "Mago Iluminado", luz=1, pay=" pay L1")
    attack = state.stat(mago, "attack")
    state.add_modifier(mago, "attack", 2, "end_of_round")
    assert state.stat(mago, "attack") == attack + 2
    next_rodada(state)
    assert state.stat(mago, "attack") == attack


def test_each_attacked_player_declares_blockers_and_no_one_else():
    state = start(players=3, decks=("abismo", "aurora", "aurora"))
    spectres = [combat_tests.ready(state, 0, "Espectro Faminto", sombra=2, pay=" pay S2") for _ in range(2)]
    act(state, "pass")
    combat_tests.ready(state, 1, "Guardiã da Aurora", luz=2, pay=" pay L2")
    act(state, "pass")
    combat_tests.ready(state, 2, "Guardiã da Aurora", luz=2, pay=" pay L2")
    for _ in range(3):
        next_rodada(state)
    to_phase(state, "attack")
    act(state, f"attack set#{spectres[0]} P1")
    act(state, f"attack set#{spectres[1]} P2")
    to_phase(state, "block")
    assert state.pending.kind == "blockers" and state.pending.player == 1
    act(state, "done")
    assert state.pending.kind == "blockers" and state.pending.player == 2
    one = start(players=3, decks=("abismo", "aurora", "aurora"))
    spectre = combat_tests.ready(one, 0, "Espectro Faminto", sombra=2, pay=" pay S2")
    act(one, "pass")
    act(one, "pass")
    combat_tests.ready(one, 2, "Guardiã da Aurora", luz=2, pay=" pay L2")
    for _ in range(3):
        next_rodada(one)
    to_phase(one, "attack")
    act(one, f"attack set#{spectre} P1")
    asked = []
    while one.phase != "sacrifice":
        asked.append((one.pending.kind, one.pending.player))
        act(one, "done" if one.pending.kind in ("declare", "blockers") else "pass")
    assert ("blockers", 2) not in asked


def test_an_ability_used_once_in_a_rodada_waits_for_the_next():
    state = start(decks=("mercenarios", "aurora"))
    act(state, "pass")
    mago = combat_tests.ready(state, 1, "Mago Iluminado", luz=1, pay=" pay L1")
    act(state, "pass")
    sources(state, 0, luz=4)
    glass = fetch(state, 0, "Ampulheta Antiga")
    act(state, f"play {label(state, glass)} pay L2")
    use = f"use 0 {label(state, glass)} at {label(state, mago)} pay L1"
    assert use in texts(state)
    act(state, use)
    assert not any(t.startswith(f"use 0 {label(state, glass)}") for t in texts(state))


def test_unblocked_tombo_adds_up_with_equipment_never_below_zero_past_a_fallen_attacker():
    state = start(decks=("abismo", "aurora"))
    spectres = [combat_tests.ready(state, 0, "Espectro Faminto", sombra=2, pay=" pay S2") for _ in range(3)]
    next_rodada(state)
    next_rodada(state)
    to_phase(state, "attack")
    scythe = fetch(state, 0, "Foice Sombria")
    state.hand[0].remove(scythe)
    state.sets[spectres[1]].equipment.append(scythe)  # tombo 1 + 1, and + 1 more below
    state.add_modifier(spectres[1], "tombo", 1, "end_of_round")
    state.add_modifier(spectres[2], "tombo", -3, "end_of_round")  # tombo 1 - 3: mills none
    act(state, f"attack set#{spectres[0]} P1")
    state.to_mortis(spectres[0], "died")  # gone before the damage: the others still hit
    mons = len(state.mons[1])
    act(state, f"attack set#{spectres[1]} P1")
    act(state, f"attack set#{spectres[2]} P1")
    to_phase(state, "sacrifice")
    assert len(state.mons[1]) == mons - 3


def test_an_amulet_may_target_the_card_with_id_zero():
    state = start(decks=("crepusculo", "crepusculo"))
    mago_as_card_zero(state)
    sources(state, 0, luz=1)
    act(state, f"play {label(state, 0)} pay L1")
    act(state, "pass")
    sources(state, 1, sombra=3)
    death = fetch(state, 1, "Toque da Morte")
    act(state, f"amulet {label(state, death)} at {label(state, 0)} pay S3")
    act(state, "pass")
    act(state, "pass")
    assert 0 in state.exterminatus[0] and 0 not in state.sets  # Toque da Morte: out of the game
