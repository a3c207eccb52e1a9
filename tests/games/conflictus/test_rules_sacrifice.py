"""What may be sacrificed and what the sources of a card that leaves its set do (RULES.md: "as
fontes vinculadas a este guerreiro", "Sacrifício"): every card on the table may be sacrificed, and
the sources that paid for a warrior leave the set with it, used until the next rodada."""

from __future__ import annotations

from tcgkit.games.conflictus.legal import sacrificable

from .helpers import act, fetch, label, next_rodada, sources, start, texts, to_phase


def stacked(state):
    """The rulebook's set: Mago Iluminado founded with one Light source, then (two rodadas on)
    Cavaleiro de Prata (cost 4) on it with the two Light sources the set's capacity lacks."""
    sources(state, 0, luz=1)
    mago = fetch(state, 0, "Mago Iluminado")
    act(state, f"play {label(state, mago)} pay L1")
    founder_source = state.sets[mago].sources[0]
    next_rodada(state)
    next_rodada(state)
    sources(state, 0, luz=3)
    arcanjo = fetch(state, 0, "Cavaleiro de Prata")  # cost 4: 1 source + Mago 1 leave 2 to pay
    act(state, f"play {label(state, arcanjo)} on set#{mago} pay L2")
    return mago, arcanjo, founder_source


def test_the_sources_of_a_warrior_that_leaves_its_set_come_free_next_rodada():
    state = start(decks=("aurora", "aurora"))
    mago, arcanjo, founder_source = stacked(state)
    rec = state.sets[mago]
    theirs = [s for s in rec.sources if s != founder_source]
    assert len(theirs) == 2 and rec.paid == {founder_source: mago, **dict.fromkeys(theirs, arcanjo)}
    since, free = len(state.events), state.free_sources(0)
    state.destroy(arcanjo)  # the active warrior goes; the two sources that paid for it leave the set
    told = [(e.kind, e.data) for e in state.events[since:]]
    assert told == [("destroyed", {"card": label(state, arcanjo), "player": 0}),
                    ("unbound", {"card": label(state, arcanjo), "player": 0,
                                 "sources": [label(state, s) for s in theirs]})]
    assert rec.sources == [founder_source] and rec.warriors == [mago]
    assert all(s in state.field[0] and s in state.used for s in theirs)
    assert state.free_sources(0) == free  # used until the next rodada starts
    state.check_invariants()
    next_rodada(state)
    assert all(s not in state.used for s in theirs) and state.free_sources(0)[0] == free[0] + 2


def test_a_warrior_stacked_with_the_sets_capacity_alone_frees_no_source():
    state = start(decks=("aurora", "aurora"))
    sources(state, 0, luz=1)
    mago = fetch(state, 0, "Mago Iluminado")
    act(state, f"play {label(state, mago)} pay L1")
    next_rodada(state)
    next_rodada(state)
    fhaonna = fetch(state, 0, "Fhaonna")
    act(state, f"play {label(state, fhaonna)} on set#{mago}")  # 1 bound source + the Mago's cost
    field = list(state.field[0])
    state.destroy(fhaonna)
    assert state.field[0] == field and len(state.sets[mago].sources) == 1


def test_every_card_on_the_table_may_be_sacrificed_an_inactive_warrior_too():
    state = start(decks=("aurora", "aurora"))
    mago, arcanjo, founder_source = stacked(state)
    rec = state.sets[mago]
    free = list(state.field[0])
    assert free
    to_phase(state, "sacrifice")
    assert sacrificable(state, 0) == [arcanjo, mago, *rec.sources, *free]
    assert f"sacrifice {label(state, mago)}" in texts(state)  # the inactive warrior under the Arcanjo
    act(state, f"sacrifice {label(state, mago)}")
    assert rec.warriors == [arcanjo] and state.is_top(arcanjo) and mago in state.mortis[0]
    assert founder_source in state.field[0] and founder_source in state.used  # the Mago's source
    assert founder_source not in rec.sources and len(rec.sources) == 2
    act(state, f"sacrifice {label(state, free[0])}")  # a free source of the field, too
    assert free[0] in state.mortis[0] and free[0] not in state.field[0]
    state.check_invariants()


def test_an_amulet_waiting_on_the_stack_is_not_on_the_table_yet():
    state = start(decks=("aurora", "aurora"))
    sources(state, 0, luz=3)
    vision = fetch(state, 0, "Visão Clara")
    to_phase(state, "sacrifice")
    cast = next(t for t in texts(state) if t.startswith(f"amulet {label(state, vision)}"))
    act(state, cast)
    assert vision in state.stack[0] and vision not in sacrificable(state, 0)


def test_a_set_whose_last_warrior_dies_keeps_its_sources_with_its_equipment():
    state = start(decks=("aurora", "aurora"))
    mago, arcanjo, founder_source = stacked(state)
    aegis = fetch(state, 0, "Égide Sagrada")
    act(state, f"play {label(state, aegis)} on set#{mago}")  # shares the set's sources
    rec = state.sets[mago]
    theirs = [s for s in rec.sources if s != founder_source]
    state.destroy(arcanjo)  # a warrior stays: the Cavaleiro's sources leave with it
    assert all(s in state.field[0] for s in theirs) and rec.sources == [founder_source]
    since = len(state.events)
    state.destroy(mago)  # the last warrior: the set is kept as its source and its equipment
    assert [e.kind for e in state.events[since:]] == ["destroyed"]  # nothing unbound
    assert rec.warriors == [] and rec.equipment == [aegis] and rec.sources == [founder_source]
    assert rec.paid == {founder_source: aegis} and founder_source not in state.field[0]
    state.check_invariants()
    next_rodada(state)
    assert state.sets[mago].sources == [founder_source]  # still bound: not freed by the rodada
    state.destroy(aegis)  # the equipment goes: its source with it, used until the next rodada
    assert mago not in state.sets and founder_source in state.field[0] and founder_source in state.used
