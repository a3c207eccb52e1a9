"""Conflictus Aeternus's own primitives (``effects.py``) in real games: what each card that uses
them does, to whom, and for how long. Found by mutation testing (docs/kernel.md)."""

from __future__ import annotations

from tcgkit.kernel import refs
from tcgkit.kernel.effects import Activation

from .helpers import act, fetch, label, next_rodada, sources, texts, to_phase
from .test_cards import as_holder, duel, resolve, warrior
from .test_rules_combat import declare


def test_eclipse_locks_two_free_sources_of_the_chosen_opponent_light_first():
    state = duel(("Eclipse",), ("Golem de Pedra",))
    eclipse = fetch(state, 0, "Eclipse")
    sources(state, 0, luz=3)
    state.field[1] = []
    theirs = [fetch(state, 1, "Fonte de Luz", "field") for _ in range(3)]
    act(state, f"amulet {label(state, eclipse)} at P1 pay L2")
    resolve(state)
    assert [c in state.used for c in sorted(theirs)] == [True, True, False]  # by id among Light ones
    assert sum(c not in state.used for c in state.field[0]) == 1  # the caster's spare source stays free


def test_renovacao_frees_two_used_sources_and_allows_one_more_source_this_rodada():
    state = duel(("Renovação",), ("Golem de Pedra",))
    sources(state, 0, luz=3)
    act(state, f"source {label(state, fetch(state, 0, 'Fonte de Luz'))}")
    spare = fetch(state, 0, "Fonte de Luz")
    assert not any(t.startswith("source") for t in texts(state))  # one source a rodada
    renewal = fetch(state, 0, "Renovação")
    act(state, f"amulet {label(state, renewal)} pay L1")
    lowest, *others = sorted(state.field[0])
    state.used = set(others)  # the first source in order is free: it is not one of the two freed
    resolve(state)
    assert state.used == {others[2]}  # two of the three used ones, in order
    assert f"source {label(state, spare)}" in texts(state)


def test_sacerdotisa_brings_back_the_last_warrior_of_the_mortis():
    state = duel(("Sacerdotisa de Lúmen",), ("Golem de Pedra",))
    first = fetch(state, 0, "Golem de Pedra", "mortis")
    last = fetch(state, 0, "Gigante das Colinas", "mortis")
    warrior(state, 0, "Sacerdotisa de Lúmen")
    assert last in state.hand[0] and state.mortis[0] == [first]


def test_the_juiz_hits_an_attacked_player_with_twenty_cards_or_fewer_in_the_mons():
    state = duel(("Juiz Radiante",), ("Golem de Pedra",))
    judge = fetch(state, 0, "Juiz Radiante")
    holds = state.game.conditions[state.kind[judge]][0]
    attacked = refs.player(1)  # the on_attack frame targets the attacked player
    attack_on_p1 = Activation(0, judge, 0, attacked, (attacked,))
    state.mons[1] = state.mons[1][:21]
    assert not holds(state, attack_on_p1)
    state.mons[1] = state.mons[1][:20]
    assert holds(state, attack_on_p1)
    me = refs.player(0)
    assert not holds(state, Activation(0, judge, 0, me, (me,)))  # not an opponent: nobody is chosen


def test_toque_da_morte_exterminates_only_its_target():
    state = duel(("Toque da Morte",), ("Golem de Pedra",))
    act(state, "pass")
    hit, spared = warrior(state, 1, "Golem de Pedra"), warrior(state, 1, "Golem de Pedra")
    act(state, "pass")
    touch = fetch(state, 0, "Toque da Morte")
    sources(state, 0, sombra=3)
    act(state, f"amulet {label(state, touch)} at {label(state, hit)} pay S3")
    resolve(state)
    assert state.exterminatus[1] == [hit] and spared in state.sets


def test_grilhoes_binds_only_its_target_for_the_rodada():
    state = duel(("Grilhões",), ("Golem de Pedra",))
    act(state, "pass")
    bound, free = warrior(state, 1, "Golem de Pedra"), warrior(state, 1, "Golem de Pedra")
    act(state, "pass")
    chains = fetch(state, 0, "Grilhões")
    sources(state, 0, luz=1)
    act(state, f"amulet {label(state, chains)} at {label(state, bound)} pay L1")
    since = len(state.events)
    resolve(state)
    assert ("modified", {"card": label(state, bound), "stat": "cannot_block", "amount": 1}) in [
        (e.kind, e.data) for e in state.events[since:]]
    assert state.has(bound, "cannot_block") and not state.has(free, "cannot_block")
    next_rodada(state)
    assert not state.has(bound, "cannot_block")


def test_a_warrior_target_on_the_opponents_side_offers_only_their_warriors():
    state = duel(("Raio Purificador", "Golem de Pedra"), ("Golem de Pedra",))
    warrior(state, 0, "Golem de Pedra")
    theirs = warrior(state, 1, "Golem de Pedra")
    ray = fetch(state, 0, "Raio Purificador")
    sources(state, 0, luz=3)
    assert [t for t in texts(state) if t.startswith(f"amulet {label(state, ray)}")] == [
        f"amulet {label(state, ray)} at {label(state, theirs)} pay L3"]


def test_a_counter_is_offered_against_other_players_amulets_only():
    state = duel(("Oração Protetora", "Escudo de Fé", "Golem de Pedra"), ("Golem de Pedra",))
    golem = warrior(state, 0, "Golem de Pedra")
    prayer, shield = fetch(state, 0, "Oração Protetora"), fetch(state, 0, "Escudo de Fé")
    sources(state, 0, luz=3)
    act(state, f"amulet {label(state, prayer)} at {label(state, golem)} pay L1")
    as_holder(state, 0)
    assert not any(t.startswith(f"amulet {label(state, shield)}") for t in texts(state))


def test_the_saqueador_draws_when_an_opponent_tombas_while_it_attacks():
    state = duel(("Saqueador de Túmulos", "Sussurro do Vazio"), ("Golem de Pedra",))
    raider = warrior(state, 0, "Saqueador de Túmulos")
    next_rodada(state)
    next_rodada(state)
    to_phase(state, "attack")
    whisper = fetch(state, 0, "Sussurro do Vazio")
    sources(state, 0, sombra=2)
    declare(state, f"attack set#{raider} P1")
    assert state.pending.kind == "attack" and state.pending.player == 0
    hand = len(state.hand[0])
    act(state, f"amulet {label(state, whisper)} at P1 pay S2")
    resolve(state)
    assert len(state.hand[0]) == hand - 1 + 1
