"""Sources, payment, sets, equipment, relics, amulets and priority (RULES.md: Fontes ... Prioridade)."""

from __future__ import annotations

from .helpers import act, fetch, label, next_rodada, sources, start, texts, to_phase


def test_one_source_in_your_main_phase_and_one_in_an_opponents():
    state = start(players=3)
    a, b = fetch(state, 0, "Fonte de Luz"), fetch(state, 0, "Fonte de Luz")
    assert f"source {label(state, a)}" in texts(state) and f"source {label(state, b)}" in texts(state)
    act(state, f"source {label(state, a)}")
    assert not any(t.startswith("source") for t in texts(state))  # the own drop is used
    mine = [fetch(state, 1, "Fonte de Sombra") for _ in range(3)]
    act(state, "pass")
    assert state.pending.player == 1 and f"source {label(state, mine[0])}" in texts(state)
    act(state, f"source {label(state, mine[0])}")  # in P0's Main phase: P1's drop in an opponent's
    assert not any(t.startswith("source") for t in texts(state))
    act(state, "pass")
    next_rodada(state)  # P1's rodada: their own drop; the foreign one stays used until it starts
    assert state.active == 1 and state.pending.player == 1
    act(state, f"source {label(state, mine[1])}")
    assert not any(t.startswith("source") for t in texts(state))
    next_rodada(state)  # P2's rodada: P1 may drop in it again (a new cycle began at P1's rodada)
    act(state, "pass")
    assert state.pending.player == 0 and f"source {label(state, b)}" in texts(state)  # P0's foreign drop
    act(state, "pass")
    assert state.pending.player == 1 and f"source {label(state, mine[2])}" in texts(state)


def test_light_and_shadow_cards_need_their_sources_and_neutral_cards_take_either_or_both():
    state = start()
    sources(state, 0, luz=3, sombra=2)
    giant, curse, ray = (fetch(state, 0, n) for n in ("Gigante das Colinas", "Toque da Morte",
                                                     "Raio Purificador"))
    legal = texts(state)
    assert {t for t in legal if t.startswith(f"play {label(state, giant)}")} == {
        f"play {label(state, giant)} pay L2+S2", f"play {label(state, giant)} pay L3+S1"}
    assert not any(t.startswith(f"amulet {label(state, curse)}") for t in legal)  # no opponent warrior
    assert not any(t.startswith(f"amulet {label(state, ray)}") for t in legal)
    act(state, f"play {label(state, giant)} pay L3+S1")
    assert state.free_sources(0) == (0, 1)
    assert len(state.sets[giant].sources) == 4  # the sources paying a new set are bound to it


def test_a_set_grows_with_the_warriors_below_paying_as_sources():
    """The rulebook's example: Mago Iluminado (1), then Fhaonna (2) with one light source and the
    Mago; next, a warrior of up to four light sources goes on without adding any source."""
    state = start(decks=("aurora", "aurora"))
    sources(state, 0, luz=1)
    mago = fetch(state, 0, "Mago Iluminado")
    act(state, f"play {label(state, mago)} pay L1")
    fhaonna = fetch(state, 0, "Fhaonna")
    assert not any(t.startswith(f"play {label(state, fhaonna)} on") for t in texts(state))  # the Mago is new
    next_rodada(state)
    next_rodada(state)
    act(state, f"play {label(state, fhaonna)} on set#{mago}")  # 1 bound source + the Mago's cost
    knight = fetch(state, 0, "Cavaleiro de Prata")
    assert not any(t.startswith(f"play {label(state, knight)} on") for t in texts(state))  # one per rodada
    next_rodada(state)
    next_rodada(state)
    assert f"play {label(state, knight)} on set#{mago}" in texts(state)  # 1 + 1 + 2 = 4, no source added
    arcanjo = fetch(state, 0, "Arcanjo de Lúmen")
    sources(state, 0, luz=2)
    assert f"play {label(state, arcanjo)} on set#{mago} pay L2" in texts(state)  # 6 = 4 + 2 added
    act(state, f"play {label(state, arcanjo)} on set#{mago} pay L2")
    assert state.sets[mago].warriors == [mago, fhaonna, arcanjo] and len(state.sets[mago].sources) == 3


def test_acumular_lets_a_second_warrior_join_a_set_in_the_same_rodada():
    state = start(decks=("aurora", "aurora"))
    sources(state, 0, luz=2)
    mago = fetch(state, 0, "Mago Iluminado")
    act(state, f"play {label(state, mago)} pay L1")
    next_rodada(state)
    next_rodada(state)
    squire, second = fetch(state, 0, "Escudeiro Solar"), fetch(state, 0, "Mago Iluminado")
    act(state, f"play {label(state, second)} on set#{mago}")
    assert f"play {label(state, squire)} on set#{mago}" in texts(state)  # acumular
    assert f"play {label(state, second)} on set#{mago}" not in texts(state)


def test_equipment_shares_the_sets_sources_and_needs_its_faction():
    state = start(decks=("aurora", "aurora"))
    sources(state, 0, luz=1)
    mago = fetch(state, 0, "Mago Iluminado")
    act(state, f"play {label(state, mago)} pay L1")
    aegis, sword = fetch(state, 0, "Égide Sagrada"), fetch(state, 0, "Espada de Lúmen")
    act(state, f"play {label(state, aegis)} on set#{mago}")  # the set's one source carries it
    assert f"play {label(state, sword)} on set#{mago}" not in texts(state)  # 1 + 2 > 1 source
    sources(state, 0, luz=2)
    act(state, f"play {label(state, sword)} on set#{mago} pay L2")  # the two join the set
    assert state.stat(mago, "defense") == 2 + 2 and state.stat(mago, "attack") == 1 + 2
    assert len(state.sets[mago].sources) == 3


def test_a_set_of_sources_and_equipment_survives_its_warriors_and_takes_only_warriors_and_equipment():
    state = start(decks=("aurora", "abismo"))
    sources(state, 0, luz=2)
    mago, guard = fetch(state, 0, "Mago Iluminado"), fetch(state, 0, "Guardiã da Aurora")
    act(state, f"play {label(state, mago)} pay L1")
    aegis = fetch(state, 0, "Égide Sagrada")
    act(state, f"play {label(state, aegis)} on set#{mago}")
    act(state, "pass")
    sources(state, 1, sombra=3)
    death = fetch(state, 1, "Toque da Morte")
    act(state, f"amulet {label(state, death)} at {label(state, mago)} pay S3")
    act(state, "pass")
    act(state, "pass")  # the amulet resolves: the Mago leaves the game
    assert mago in state.exterminatus[0]
    assert state.sets[mago].warriors == [] and state.sets[mago].equipment == [aegis]
    kept = state.sets[mago].sources  # the Mago's source stays, shared with the Égide
    assert len(kept) == 1 and state.sets[mago].paid == {kept[0]: aegis}
    assert not any(e[0] == "unbound" for e in state.log)
    state.check_invariants()
    sources(state, 0, luz=1)
    next_rodada(state)  # one warrior per set per rodada: the Mago came in this one
    act(state, "pass")
    assert state.pending.player == 0  # in P1's Main phase
    assert f"play {label(state, guard)} on set#{mago} pay L1" in texts(state)  # 1 kept + 1 added
    relic = fetch(state, 0, "Estandarte Solar")
    assert not any(t.startswith(f"play {label(state, relic)} on") for t in texts(state))


def test_a_dead_warriors_set_frees_its_sources_only_at_the_start_of_the_next_rodada():
    state = start(decks=("aurora", "abismo"))
    sources(state, 0, luz=2)
    guard = fetch(state, 0, "Guardiã da Aurora")
    act(state, f"play {label(state, guard)} pay L2")
    act(state, "pass")
    sources(state, 1, sombra=3)
    death = fetch(state, 1, "Toque da Morte")
    act(state, f"amulet {label(state, death)} at {label(state, guard)} pay S3")
    act(state, "pass")
    act(state, "pass")
    assert guard not in state.sets and len(state.field[0]) == 2
    assert state.free_sources(0) == (0, 0)  # back on the field, used
    next_rodada(state)
    assert state.free_sources(0) == (2, 0)


def test_amulets_go_on_the_stack_and_the_last_one_resolves_first():
    state = start(decks=("abismo", "crepusculo"))
    sources(state, 0, sombra=2)
    sources(state, 1, luz=2)
    whisper = fetch(state, 0, "Sussurro do Vazio")
    shield = fetch(state, 1, "Escudo de Fé")
    act(state, f"amulet {label(state, whisper)} at P1 pay S2")
    assert state.pending.player == 0  # the caster keeps priority
    act(state, "pass")
    act(state, f"amulet {label(state, shield)} at {label(state, whisper)} pay L2")
    mons = len(state.mons[1])
    act(state, "pass")
    act(state, "pass")  # the shield resolves first: the whisper is countered
    assert whisper in state.mortis[0] and len(state.mons[1]) == mons
    assert shield in state.amulets[1]  # unstable: in play until the end of the rodada...
    next_rodada(state)
    assert shield in state.mortis[1]  # ...then to the Mortis


def test_amulets_may_be_played_in_attack_block_and_sacrifice_phases_but_no_decision_in_draw_or_damage():
    state = start(decks=("crepusculo", "crepusculo"))
    sources(state, 0, luz=2)
    vision = fetch(state, 0, "Visão Clara")
    to_phase(state, "sacrifice")
    assert f"amulet {label(state, vision)} pay L2" in texts(state)
    kinds = set()
    state.apply(state.parse_action(f"amulet {label(state, vision)} pay L2", state.to_move), state.to_move)
    for _ in range(200):
        if state.active == 1 and state.phase == "sacrifice":
            break
        kinds.add((state.phase, state.pending.kind))
        act(state, "done" if state.pending.kind in ("declare", "blockers") else "pass")
    assert all(phase not in ("draw", "damage") for phase, _ in kinds)


def test_relics_static_and_activated():
    state = start(decks=("mercenarios", "abismo"))
    sources(state, 0, luz=2, sombra=4)
    merc, drum, glass = (fetch(state, 0, n) for n in ("Mercenário Errante", "Tambor de Guerra",
                                                      "Ampulheta Antiga"))
    act(state, f"play {label(state, merc)} pay S1")
    act(state, f"play {label(state, drum)} pay L2+S1")
    assert state.stat(merc, "attack") == 1 + 1
    act(state, f"play {label(state, glass)} pay S2")
    assert not any(t.startswith("use") for t in texts(state))  # no opponent warrior to aim at
    act(state, "pass")
    sources(state, 1, sombra=1)
    rat = fetch(state, 1, "Cultista do Véu")
    act(state, f"play {label(state, rat)} pay S1")
    act(state, "pass")
    sources(state, 0, luz=1)
    use = f"use 0 {label(state, glass)} at {label(state, rat)} pay L1"
    assert use in texts(state)
    act(state, use)
    act(state, "pass")
    act(state, "pass")
    assert state.stat(rat, "attack") == 2 - 1
    assert not any(t.startswith("use") for t in texts(state))  # once per rodada


def test_priority_goes_around_in_turn_order_and_an_action_restarts_the_round_of_passes():
    state = start(players=3)
    assert state.pending.player == 0
    act(state, "pass")
    assert state.pending.player == 1
    act(state, "pass")
    assert state.pending.player == 2
    sources(state, 2, luz=1)
    mago = fetch(state, 2, "Mago Iluminado")
    act(state, f"play {label(state, mago)} pay L1")  # a warrior in another player's Main phase
    assert state.pending.player == 2 and state.phase == "main"
    act(state, "pass")
    assert state.pending.player == 0 and state.phase == "main"  # everyone gets another chance


def test_a_player_is_passed_for_only_when_public_facts_force_it():
    state = start(players=2)
    state.mons[1] += state.hand[1]
    state.hand[1] = []
    state.legal = None
    act(state, "pass")  # P1 holds nothing: passing is all they can do, everyone can see it
    assert state.active == 1 and state.round == 2  # P1 was never asked in P0's rodada
    state = start(players=2)
    act(state, "pass")  # P1 holds cards: asked, even when nothing in hand could be played
    assert state.pending.player == 1 and state.phase == "main" and state.active == 0
