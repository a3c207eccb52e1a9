"""Legal plays and their costs (RULES.md: Fontes, Conjuntos, Equipamentos): which sources pay a
card of each faction, what a set's capacity counts, what equipment may cost, what an empty hand
may still do.

Found by mutation testing (docs/kernel.md).
"""

from __future__ import annotations

from tcgkit.games.conflictus.actions import Cast, Play

from .helpers import act, fetch, label, sources, start, texts


def take(state, player, name):
    """A card called ``name`` out of ``player``'s mons or hand (for a set built by hand)."""
    for zone in (state.mons[player], state.hand[player]):
        for c in reversed(zone):
            if state.card(c).name == name:
                zone.remove(c)
                return c
    raise LookupError(name)


def build(state, player, source_names, warriors, equipment=()):
    """A set of ``player`` from mons cards: warriors as (name, rodada entered), bottom to top."""
    ids = [take(state, player, n) for n, _ in warriors]
    rec = [player, [take(state, player, n) for n in source_names], ids,
           [take(state, player, n) for n in equipment]]
    for c, (_, entered) in zip(ids, warriors, strict=True):
        state.entered[c] = entered
    sid = ids[0] if ids else rec[3][0]
    state.sets[sid] = rec
    state.added[sid] = 0
    state.legal = None
    return sid, rec


def plays(state, c):
    return [t for t in texts(state) if t.startswith(f"play {label(state, c)}")]


def test_a_sets_capacity_counts_sources_and_earlier_warriors_by_faction():
    state = start(decks=("crepusculo", "crepusculo"))
    old = state.round - 1
    sid, rec = build(state, 0, ["Fonte de Luz"] * 2 + ["Fonte de Sombra"] * 2, [
        ("Cultista do Véu", old), ("Duelista Veterano", old), ("Mago Iluminado", old),
        ("Guardiã da Aurora", state.round)])  # the Guardiã came this rodada: it counts for nothing yet
    assert state.capacity(rec, warriors=True) == (2 + 1, 2 + 1, 2)
    assert state.capacity(rec, warriors=False) == (3, 3, 2)


def test_equipment_counts_only_the_warriors_below_the_active_one():
    state = start(decks=("crepusculo", "crepusculo"))
    old = state.round - 1
    sid, rec = build(state, 0, ["Fonte de Luz"], [
        ("Cultista do Véu", old), ("Duelista Veterano", old), ("Mago Iluminado", old)])
    assert state.capacity(rec, warriors=True) == (2, 1, 2)
    assert state.capacity(rec, warriors=False) == (1, 1, 2)


def test_each_faction_pays_with_its_own_sources_and_neutral_with_either():
    state = start(decks=("crepusculo", "crepusculo"))
    guard, carrasco, duelist, skull = (fetch(state, 0, n) for n in (
        "Guardiã da Aurora", "Carrasco Sombrio", "Duelista Veterano", "Crânio Maldito"))
    sources(state, 0, luz=3)
    assert plays(state, guard) == [f"play {label(state, guard)} pay L2"]
    assert plays(state, carrasco) == [] and plays(state, skull) == []
    assert plays(state, duelist) == [f"play {label(state, duelist)} pay L2"]
    sources(state, 0, sombra=2)
    assert plays(state, guard) == [f"play {label(state, guard)} pay L2"]
    assert plays(state, carrasco) == []  # three Shadow sources needed, two there
    assert plays(state, skull) == [f"play {label(state, skull)} pay S2"]
    assert plays(state, duelist) == [f"play {label(state, duelist)} pay {p}" for p in ("S2", "L1+S1", "L2")]


def test_equipment_pays_what_its_faction_and_the_sets_total_lack():
    state = start(decks=("crepusculo", "crepusculo"))
    old = state.round - 1
    theirs, _ = build(state, 1, ["Fonte de Sombra"], [("Cultista do Véu", old)])  # listed first
    sid, rec = build(state, 0, ["Fonte de Luz"], [("Mago Iluminado", old)])
    other, _ = build(state, 0, ["Fonte de Sombra"], [("Necromante Cinzento", old)])
    aegis, spear, cloak = (fetch(state, 0, n) for n in ("Égide Sagrada", "Lança Longa", "Manto das Trevas"))
    sources(state, 0, luz=2, sombra=2)
    assert plays(state, aegis) == [f"play {label(state, aegis)} on set#{sid}",
                                   f"play {label(state, aegis)} on set#{other} pay L1"]
    assert plays(state, cloak) == [f"play {label(state, cloak)} on set#{sid} pay S1",
                                   f"play {label(state, cloak)} on set#{other}"]
    assert plays(state, spear) == [f"play {label(state, spear)} on set#{s} pay {p}"
                                   for s in (sid, other) for p in ("S1", "L1")]
    act(state, f"play {label(state, aegis)} on set#{sid}")
    assert plays(state, spear)[:3] == [f"play {label(state, spear)} on set#{sid} pay {p}"
                                       for p in ("S2", "L1+S1", "L2")]
    assert theirs not in [a.on for a in state.legal_actions() if hasattr(a, "on")]


def test_with_an_empty_hand_relic_abilities_and_sacrifices_are_still_offered():
    state = start(decks=("crepusculo", "crepusculo"))
    mago = fetch(state, 0, "Mago Iluminado")
    sources(state, 0, luz=1)
    act(state, f"play {label(state, mago)} pay L1")
    state.mons[0] += state.hand[0]
    state.hand[0] = []
    skull = fetch(state, 0, "Crânio Maldito", "relics")
    assert texts(state) == ["pass", f"use 0 {label(state, skull)} at P1"]
    state.relics[0].remove(skull)
    state.mons[0].append(skull)
    state.legal = None
    assert texts(state) == ["pass"]
    while state.phase != "sacrifice":
        act(state, "done" if state.pending.kind in ("declare", "blockers") else "pass")
    assert state.pending.player == 0 and texts(state) == ["pass", f"sacrifice {label(state, mago)}"]


def test_actions_built_by_a_caller_from_their_fields_are_the_legal_ones():
    state = start(decks=("crepusculo", "crepusculo"))
    sources(state, 0, luz=3, sombra=2)
    names = ("Guardiã da Aurora", "Crânio Maldito", "Visão Clara")
    guard, skull, vision = (fetch(state, 0, n) for n in names)
    legal = state.legal_actions()
    assert Play(guard, -1, 2, 0, label(state, guard)) in legal  # on = -1: a new set
    assert Play(skull, -1, 0, 2, label(state, skull)) in legal
    assert Cast(vision, -1, -1, 2, 0, label(state, vision), "") in legal  # an amulet without a target


def test_amulets_pay_with_their_factions_sources():
    state = start(decks=("crepusculo", "abismo"))
    vision, whisper = fetch(state, 0, "Visão Clara"), fetch(state, 0, "Sussurro do Vazio")
    sources(state, 0, sombra=3)
    assert not any(t.startswith(f"amulet {label(state, vision)}") for t in texts(state))
    assert any(t.startswith(f"amulet {label(state, whisper)}") for t in texts(state))


def test_relics_active_warriors_and_equipment_may_be_sacrificed_and_new_warriors_wait_to_attack():
    state = start(decks=("crepusculo", "crepusculo"))
    old = state.round - 1
    skull = take(state, 0, "Crânio Maldito")
    state.relics[0].append(skull)
    sid, rec = build(state, 0, ["Fonte de Sombra"], [("Cultista do Véu", old), ("Necromante Cinzento", old)],
                     ["Manto das Trevas"])
    new, _ = build(state, 0, ["Fonte de Luz"], [("Mago Iluminado", state.round)])
    assert state.sacrificable(0) == [skull, rec[2][-1], rec[3][0], new]
    assert state.attack_ready(0) == [sid]
