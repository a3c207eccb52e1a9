"""Conflictus Aeternus's scene (``scene.py``), built from a view: each player's side as areas
(sources free or used, sets with the active warrior's stats, equipment, relics, amulets, the
viewer's own hand, the Mortis), the seats' counts, the status (rodada, phase, priority, attacks
and blocks), the stack, the moves with what they do, and a sentence for every kind of event."""

from __future__ import annotations

import pytest

from tcgkit.games.conflictus import ConflictusState
from tcgkit.games.conflictus.records import Target
from tcgkit.games.conflictus.scene import STATS, sentences
from tcgkit.kernel import refs
from tcgkit.kernel import values as v
from tcgkit.kernel.rng import Rng
from tcgkit.terminal.render import Renderer
from tcgkit.terminal.seats import Seats

from .helpers import act, fetch, label, sources, start
from .test_state_json import battle


def names(area):
    return [face.name for face in area.items if face is not None]


def test_each_side_is_a_group_of_areas_and_only_the_viewers_hand_shows():
    state, spectre, guard, mago = battle()
    scene = state.scene(0)
    groups = [area.group for area in scene.areas]
    assert groups == sorted(groups, key=lambda g: g != "side1")  # the others first, the viewer last
    keys = [area.key for area in scene.areas]
    assert "hand0" in keys and "hand1" not in keys
    assert [a.key for a in scene.areas if a.group == "side1" and "." not in a.key][:3] == [
        "field1", f"set{guard}", f"set{mago}"]
    field = scene.area("field0")
    assert [(f.name, f.marks) for f in field.items if f is not None] == [
        (label(state, c), ["used" if c in state.used else "free"]) for c in state.field[0]]
    assert {f.style[0] for f in field.items if f is not None} == {"faction:sombra"}
    assert names(scene.area("hand0")) == [label(state, c) for c in state.hand[0]]
    seats = {seat.player: {c.key: c.value for c in seat.counters} for seat in scene.seats}
    counted = ("mons", "hand", "mortis", "exterminatus")
    assert seats[1] == {zone: len(getattr(state, zone)[1]) for zone in counted}
    assert [seat.to_move for seat in scene.seats] == [p == state.to_move for p in (0, 1)]
    assert "hand1" not in [a.key for a in state.scene(None).areas + state.scene(0).areas]


def test_a_set_shows_its_active_warriors_stats_the_ones_below_its_sources_and_its_equipment():
    state, spectre, guard, mago = battle()
    below = state.mons[0].pop()
    state.sets[spectre].warriors.insert(0, below)
    state.entered[below] = state.round - 1
    state.sets[spectre].equipment.append(state.mons[0].pop())
    state.legal = None
    area = state.scene(1).area(f"set{spectre}")
    assert (area.label, area.layout, area.owner, area.group) == (f"set#{spectre}", "stack", 0, "side0")
    assert names(area) == [label(state, below), label(state, spectre)]
    top = area.items[-1]
    assert top is not None and {s.key: s.value for s in top.fields if "stats" in s.style} == {
        "attack": state.stat(spectre, "attack"), "defense": state.stat(spectre, "defense"),
        "tombo": state.stat(spectre, "tombo")}
    assert state.stat(spectre, "attack") == state.card(spectre).attack + 1  # the modifier counts
    printed = state.card(below)
    assert area.items[0] is not None and {s.key: s.value for s in area.items[0].fields if s.key in STATS} == {
        "attack": printed.attack, "defense": printed.defense, "tombo": printed.tombo}  # as printed
    assert not any("stats" in s.style for s in area.items[0].fields)  # only the active warrior's now
    assert [(c.key, c.value) for c in area.counters] == [("sources", len(state.sets[spectre].sources))]
    equipment = state.scene(1).area(f"set{spectre}.equipment")
    assert names(equipment) == [label(state, state.sets[spectre].equipment[0])]


def test_the_status_tells_the_rodada_priority_and_every_attack_with_its_block():
    state, spectre, guard, mago = battle()
    renderer = Renderer(state.game, Seats.numbered(2))
    lines = renderer.status(state.scene(1))
    assert lines[1] == ("Rodada 3: Player 0 (Blue), Block | Player 0 (Blue) has priority: "
                        "play an amulet, use an ability, or 'pass'")
    assert lines[2] == (f"set#{spectre} ({label(state, spectre)}) attacks Player 1 (Red), blocked by "
                        f"set#{mago} ({label(state, mago)})")
    assert lines[0].startswith("Player 0 (Blue): mons ") and "| Player 1 (Red): mons " in lines[0]


def test_the_stack_shows_what_waits_and_the_amulet_lies_marked_on_the_stack():
    state = start(decks=("abismo", "crepusculo"))
    sources(state, 0, sombra=2)
    whisper = fetch(state, 0, "Sussurro do Vazio")
    act(state, f"amulet {label(state, whisper)} at P1 pay S2")
    scene = state.scene(1)
    assert [(item.face.name, item.player) for item in scene.stack] == [(label(state, whisper), 0)]
    assert scene.window is not None and scene.window.kind == "main"
    amulets = scene.area("amulets0")
    assert [(f.name, f.marks) for f in amulets.items if f is not None] == [
        (label(state, whisper), ["on the stack"])]


def test_moves_say_what_they_do_from_the_card_table_and_the_view():
    state, spectre, guard, mago = battle()
    assert state.to_move == 0 and state.pending.kind == "block"
    renderer = Renderer(state.game, Seats.numbered(2))
    moves = {m.notation: m for m in state.scene(0).moves}
    touches = [m for n, m in moves.items() if n.startswith("amulet Toque da Morte")]
    assert {m.refs[1] for m in touches} == {refs.card(c) for c in state.tops(1)} >= {refs.card(mago)}
    card = state.card(touches[0].refs[0].id)
    assert card.text_en and all(m.text is not None and m.text.value == card.text_en for m in touches)
    assert touches[0].text is not None and touches[0].text.translations == {"pt": card.text}
    assert moves["pass"].refs == [] and moves["pass"].text is None
    assert renderer.say(moves["pass"].note) == "Pass: do nothing more now"
    assert state.scene(1).moves == []  # not P1's decision
    fresh = start(decks=("abismo", "crepusculo"))
    spectre = fetch(fresh, 0, "Espectro Faminto")
    sources(fresh, 0, sombra=2)
    play = next(m for m in fresh.scene(0).moves if m.notation.startswith(f"play {label(fresh, spectre)}"))
    card = fresh.card(spectre)
    assert play.note is not None and renderer.say(play.note) == (
        f"{label(fresh, spectre)}: warrior, cost {card.cost} Shadow, attack {card.attack}, defence "
        f"{card.defense}, tombo {card.tombo}" + (f": {card.english}" if card.text else ""))


def _sample(kind: v.Value) -> object:
    """A value of a log field's type as an event writes it."""
    if isinstance(kind, v.Player):
        return 1
    if isinstance(kind, v.Card):
        return "Golem de Pedra#61"
    if isinstance(kind, v.Opt):
        return _sample(kind.inner)
    if isinstance(kind, Target):
        return "P0"
    if isinstance(kind, v.ListOf):
        inner = kind.inner
        if type(inner).__name__ == "Hit":
            return [["Golem de Pedra#61", 2]]
        return [_sample(inner), _sample(inner)]
    if isinstance(kind, v.Text):
        return kind.choices[0] if kind.choices else "a reason"
    return 2


@pytest.mark.parametrize("entry", ConflictusState.SPEC.log, ids=lambda e: e.kind)
def test_every_kind_of_event_reads_as_an_english_sentence_to_everyone(entry):
    renderer = Renderer(start().game, Seats.versus(0, "greedy"))
    event = {"kind": entry.event or entry.kind, **{name: _sample(kind) for name, kind in entry.fields}}
    shown = [event, {k: x for k, x in event.items() if k not in entry.secret}] if entry.secret else [event]
    for seen in shown:
        said = sentences(seen)
        assert said
        lines = renderer.lines(said)
        assert lines and not any(line.startswith("ca.") for line in lines), lines
        if entry.fields[0][0] == "player" and entry.kind != "shuffled":  # a player's doing names them
            assert any("greedy (Red)" in line for line in lines), lines


def test_sentences_agree_with_you_and_hide_what_you_may_not_see():
    renderer = Renderer(start().game, Seats.versus(0, "greedy"))

    def read(*events):
        return renderer.lines([s for e in events for s in sentences(e)])

    assert read({"kind": "draw", "player": 0, "card": "Golem de Pedra#3"}, {"kind": "draw", "player": 1}) == [
        "You (Blue) draw Golem de Pedra#3.", "greedy (Red) draws a card."]
    assert read({"kind": "keep", "player": 0}, {"kind": "keep", "player": 1}) == [
        "You (Blue) keep your hand.", "greedy (Red) keeps their hand."]
    assert read({"kind": "amulet", "player": 1, "card": "Sussurro do Vazio#60", "target": "P0"},
                {"kind": "activates", "player": 0, "card": "Dado dos Deuses#7", "target": ""}) == [
        "greedy (Red) plays the amulet Sussurro do Vazio#60 at You (Blue).",
        "You (Blue) use Dado dos Deuses#7."]
    assert read({"kind": "combat_damage", "hits": [["Golem de Pedra#3", 2], ["Mago Iluminado#70", 1]]}) == [
        "Damage: Golem de Pedra#3 takes 2, Mago Iluminado#70 takes 1"]
    assert read({"kind": "mill", "player": 1, "cards": []},
                {"kind": "modified", "card": "Golem de Pedra#3", "stat": "defense", "amount": -2}) == [
        "greedy (Red) tomba 0: nothing.", "Golem de Pedra#3: -2 defence."]
    assert read({"kind": "sources_used", "player": 1, "count": 1},
                {"kind": "sources_freed", "player": 0, "count": 2}) == [
        "1 of greedy (Red)'s sources becomes used.", "2 of your sources become free."]
    assert read({"kind": "prevented", "player": 0, "event": "mill", "amount": 3},
                {"kind": "shield", "card": "Barreira de Luz#9", "event": "mill", "mode": "reduce",
                 "subject": "any"}) == [
        "You (Blue): mill prevented (3 of it).", "Barreira de Luz#9 shields any from mill (reduce)."]


def test_a_redeal_of_what_a_viewer_cannot_see_leaves_their_scene_as_it_was():
    state, spectre, guard, mago = battle()
    for viewer in (0, 1, None):
        shown = state.scene(viewer).to_json()
        for seed in range(5):
            assert state.game.redeal_hidden(state, viewer, Rng(seed)).scene(viewer).to_json() == shown
