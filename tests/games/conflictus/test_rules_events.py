"""What the event log tells the players (the front end, replays and agents read it): each action
and step is told with who did what, to what and where.

Found by mutation testing (docs/kernel.md).
"""

from __future__ import annotations

from tcgkit.games.conflictus.actions import Keep, Mulligan

from . import test_rules_combat as combat_tests
from .helpers import act, fetch, label, next_rodada, sources, start, to_phase


def told(state, since):
    return [(e.kind, e.data) for e in state.events[since:]]


def run(state, text):
    since = len(state.events)
    act(state, text)
    return told(state, since)


def test_sources_warriors_relics_and_equipment_are_told_with_player_card_and_set():
    state = start(decks=("aurora", "aurora"))
    sources(state, 0, luz=4)
    drop = fetch(state, 0, "Fonte de Luz")
    assert run(state, f"source {label(state, drop)}") == [
        ("source", {"player": 0, "card": label(state, drop)})]
    mago = fetch(state, 0, "Mago Iluminado")
    assert run(state, f"play {label(state, mago)} pay L1") == [
        ("warrior", {"player": 0, "card": label(state, mago), "set": mago})]
    chalice = fetch(state, 0, "Cálice da Luz")
    assert run(state, f"play {label(state, chalice)} pay L2") == [
        ("relic", {"player": 0, "card": label(state, chalice)})]
    aegis = fetch(state, 0, "Égide Sagrada")
    assert run(state, f"play {label(state, aegis)} on set#{mago}") == [
        ("equipment", {"player": 0, "card": label(state, aegis), "set": mago})]


def test_a_warrior_put_on_a_set_is_told_with_the_set_and_waits_a_rodada_for_the_next():
    state = start(decks=("crepusculo", "crepusculo"))
    sources(state, 0, luz=1, sombra=1)  # a Shadow source stays free beside the set
    mago = fetch(state, 0, "Mago Iluminado")
    act(state, f"play {label(state, mago)} pay L1")
    next_rodada(state)
    next_rodada(state)
    guard, second = fetch(state, 0, "Guardiã da Aurora"), fetch(state, 0, "Guardiã da Aurora")
    assert run(state, f"play {label(state, guard)} on set#{mago}")[0] == (
        "warrior", {"player": 0, "card": label(state, guard), "set": mago})
    assert state.added[mago] == state.round
    assert not any(str(a).startswith(f"play {label(state, second)} on") for a in state.legal_actions())
    next_rodada(state)
    next_rodada(state)
    assert f"play {label(state, second)} on set#{mago}" in [str(a) for a in state.legal_actions()]


def test_attacks_blocks_and_combat_damage_are_told():
    state, spectre, guard, mago = combat_tests.combat(decks=("abismo", "crepusculo"))
    assert run(state, f"attack set#{spectre} P1") == [
        ("attacks", {"card": label(state, spectre), "player": 0, "target": 1})]
    to_phase(state, "block")
    attack, blocker_attack = state.stat(spectre, "attack"), state.stat(mago, "attack")
    events = run(state, f"block set#{spectre} with set#{mago}")
    assert events[:2] == [
        ("blocks", {"card": label(state, mago), "attacker": label(state, spectre)}),
        ("combat_damage", {"hits": [[label(state, mago), attack], [label(state, spectre), blocker_attack]]})]


def test_amulets_and_abilities_are_told_with_their_target_and_amulets_leave_at_the_end():
    state = start(decks=("abismo", "crepusculo"))
    act(state, "pass")
    guard = combat_tests.ready(state, 1, "Guardiã da Aurora", luz=2, pay=" pay L2")
    act(state, "pass")
    sources(state, 0, sombra=6)
    skull = fetch(state, 0, "Crânio Maldito")
    act(state, f"play {label(state, skull)} pay S2")
    death = fetch(state, 0, "Toque da Morte")
    assert run(state, f"amulet {label(state, death)} at {label(state, guard)} pay S3")[0] == (
        "amulet", {"player": 0, "card": label(state, death), "target": label(state, guard)})
    act(state, "pass")
    act(state, "pass")
    mons = len(state.mons[1])
    events = run(state, f"use 0 {label(state, skull)} at P1")
    assert events[0] == ("activates", {"player": 0, "card": label(state, skull), "target": "P1"})
    assert skull in state.mortis[0]  # its cost: sacrificed at once
    act(state, "pass")
    act(state, "pass")
    assert len(state.mons[1]) == mons - 2
    since = len(state.events)
    to_phase(state, "sacrifice")
    while state.active == 0:
        act(state, "pass")
    assert ("amulets_to_mortis", {"player": 0, "cards": [label(state, death)]}) in told(state, since)
    assert death in state.mortis[0] and state.amulets[0] == []


def test_the_opening_tells_the_first_player_and_sealed_mulligans_in_turn_order():
    state = start(players=3, keep=False, first_player=1)
    assert ("first", {"player": 1}) in told(state, 0)
    for action in (Mulligan(), Keep(), Mulligan()):  # P1, P2, P0 in turn order
        state.apply(action, state.to_move)
    events = [(k, d) for k, d in told(state, 0) if k in ("mulligan", "keep", "mulligan_discard")]
    assert [(k, d.get("player")) for k, d in events] == [
        ("mulligan", 1), ("mulligan_discard", 1), ("keep", 2), ("mulligan", 0), ("mulligan_discard", 0)]
    lost = events[1][1]["cards"]
    assert len(lost) == 1 and lost == [label(state, c) for c in state.mortis[1]]
    state.check_invariants()


def test_a_rodada_is_told_with_its_player_and_number():
    state = start(players=2)
    since = len(state.events)
    next_rodada(state)
    assert ("rodada", {"player": 1, "round": 2}) in told(state, since)
