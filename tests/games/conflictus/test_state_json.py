"""Conflictus Aeternus's state JSON, derived from its declaration (``rules.py`` ``SPEC``): keyed
(sets, attacks, blocks, drops, abilities, modifiers by name, cards by ``Name#id``), read back
whole, every value checked with errors naming the field; the sealed mulligan answers seen by
their own player only and drawn anew for the others."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tcgkit.games.conflictus.records import AbilityKey, Drops
from tcgkit.kernel import refs
from tcgkit.kernel.errors import NotationError, TcgkitError
from tcgkit.kernel.replacements import Shield
from tcgkit.kernel.rng import Rng
from tcgkit.terminal.game_support import checked_position

from . import test_rules_combat as combat_tests
from .helpers import act, fetch, label, sources, start, to_phase


def battle():
    """P0's Espectro attacks P1 and is blocked by the Mago; P0 may answer with an amulet in the
    Block window; a modifier, a shield and an ability used this rodada are in effect."""
    state, spectre, guard, mago = combat_tests.combat(decks=("abismo", "crepusculo"))
    combat_tests.declare(state, f"attack set#{spectre} P1")
    sources(state, 0, sombra=3)
    fetch(state, 0, "Toque da Morte")
    to_phase(state, "block")
    act(state, f"block set#{spectre} with set#{mago}")
    state.add_modifier(spectre, "attack", 1, "end_of_round")
    state.add_shield(Shield(guard, "destroy", refs.card(guard), "prevent", until="end_of_round", uses=1))
    state.used_abilities.add(AbilityKey(guard, 0))
    return state, spectre, guard, mago


def test_the_state_json_is_keyed_and_reads_back_whole():
    state, spectre, guard, mago = battle()
    state.drops[1] = Drops(0, 1, 1)  # one source put down in P0's rodada, one more allowed
    data = json.loads(json.dumps(state.to_json()))
    game = state.game
    sets = {entry["set"]: entry["cards"] for entry in data["sets"]}
    assert sets[spectre]["owner"] == 0 and sets[spectre]["warriors"] == [label(state, spectre)]
    assert sets[mago]["sources"] == [label(state, c) for c in state.sets[mago].sources]
    assert set(sets[mago]) == {"owner", "sources", "warriors", "equipment", "paid"}
    assert data["attackers"] == [{"set": spectre, "attack": {"warrior": spectre, "target": 1}}]  # bare ids
    assert data["blocks"] == [{"attacker": spectre, "block": {"set": mago, "warrior": mago}}]
    assert data["drops"] == [{"own": 0, "foreign": 0, "extra": 0}, {"own": 0, "foreign": 1, "extra": 1}]
    assert data["used_abilities"] == [{"card": guard, "ability": 0}]
    assert data["mods"] == [{"card": spectre, "stat": "attack", "amount": 1, "until": "end_of_round"}]
    assert data["shields"][0]["subject"] == {"kind": "card", "id": guard}
    assert {"kind": "blocks", "card": label(state, mago), "attacker": label(state, spectre)} in data["log"]
    assert data["zones"]["hand"][0] == [label(state, c) for c in state.hand[0]]
    back = game.state_from_json(data)
    assert back.to_json() == data and back.legal_actions() == state.legal_actions()
    assert back.events_since(0, 1) == state.events_since(0, 1)


def test_sets_and_attacks_keep_the_order_they_were_made_in():
    """The rules walk sets in the order they came into play (legal actions, combat): the JSON
    keeps it, not the ids' order."""
    state, spectre, guard, mago = battle()
    sids = list(state.sets)
    state.sets = {sid: state.sets[sid] for sid in reversed(sids)}
    data = state.to_json()
    assert [entry["set"] for entry in data["sets"]] == sids[::-1] != sorted(sids[::-1])
    back = state.game.state_from_json(data)
    assert list(back.sets) == sids[::-1]


def _data(state):
    return json.loads(json.dumps(state.to_json()))


def _set(data, sid):
    return next(entry["cards"] for entry in data["sets"] if entry["set"] == sid)


def _move_to_hand(data, key, player):
    """``key`` taken out of the mons it lies in and put in ``player``'s hand."""
    for mons in data["zones"]["mons"]:
        if key in mons:
            mons.remove(key)
    data["zones"]["hand"][player].append(key)


def _warrior(data, sid):
    return _set(data, sid)["warriors"][0]


J = r"^state JSON: "
CHANGES = [  # (change to the JSON of battle(), given the attacking set's id; the error)
    (lambda d, s: d["sets"][0]["cards"].update(owner=5),
     J + r"sets\[0\]\.cards\.owner: should be a player 0\.\.1, not 5$"),
    (lambda d, s: d["sets"][0]["cards"]["warriors"].append("Nobody#3"),
     J + r"sets\[0\]\.cards\.warriors\[1\]: no card 'Nobody#3' \(cards are Name#id, ids 0\.\.99\)$"),
    (lambda d, s: d["sets"][0]["cards"].update(extra=[]), J + r"sets\[0\]\.cards: unknown field 'extra'$"),
    (lambda d, s: d["sets"].append(d["sets"][0]), J + r"sets\[\d\]: set \d+ is listed twice$"),
    (lambda d, s: d.update(used=["x"]), J + r"used\[0\]: should be a card id 0\.\.99, not 'x'$"),
    (lambda d, s: d.update(phase="lunch"),
     J + r"phase: should be one of mulligan, draw, main, attack, block, damage, sacrifice, not 'lunch'$"),
    (lambda d, s: d["attackers"][0]["attack"].update(target=7),
     J + r"attackers\[0\]\.attack\.target: should be a player 0\.\.1, not 7$"),
    (lambda d, s: d["blocks"][0]["block"].pop("warrior"),
     J + r"blocks\[0\]\.block: missing field 'warrior'$"),
    (lambda d, s: d["mods"][0].update(stat="luck"), J + r"mods\[0\]\.stat: should be one of attack, "),
    (lambda d, s: d["mods"].append([1, "attack", 1, "end_of_round"]),
     J + r"mods\[1\]: should be an object with card, stat, amount, until$"),
    (lambda d, s: d["drops"][0].update(own=-1), J + r"drops\[0\]\.own: should be in 0\.\., not -1$"),
    (lambda d, s: d["used_abilities"][0].update(ability="first"),
     J + r"used_abilities\[0\]\.ability: should be a whole number, not 'first'$"),
    (lambda d, s: d.update(choices=[{"player": 0, "mulligan": "yes"}]),
     J + r"choices\[0\]\.mulligan: should be true or false, not 'yes'$"),
    (lambda d, s: d.update(eliminated=[[0, 4]]), J + r"eliminated\[0\]\[1\]: should be a player 0\.\.1"),
    (lambda d, s: d.update(result={"winner": 0}), J + r"result: missing field 'reason'$"),
    (lambda d, s: d["res"].update(step=3), J + r"res\.step: should be text, not 3$"),
    (lambda d, s: d["shields"][0].update(mode="ignore"), J + r"shields\[0\]\.mode: should be one of "),
    (lambda d, s: d["log"].append({"kind": "amulet", "player": 0, "card": d["zones"]["hand"][0][0],
                                   "target": "P9"}),
     J + r"log\[\d+\]\.target: should be a player P0\.\.P1 or a card, not 'P9'$"),
    (lambda d, s: d["log"].append({"kind": "combat_damage", "hits": [["Golem#1"]]}),
     J + r"log\[\d+\]\.hits\[0\]: should be \[card, amount\], not \['Golem#1'\]$"),
    (lambda d, s: d["log"].append({"kind": "shout"}), J + r"log\[\d+\]: should be an entry of kind first, "),
    (lambda d, s: d.pop("sets"), J + r"the state: missing field 'sets'$"),
    (lambda d, s: _move_to_hand(d, d["zones"]["mons"][1][0], 0), J + r"a card of another player in hand0$"),
    (lambda d, s: _set(d, s).update(sources=_set(d, s)["sources"][:-1], paid=_set(d, s)["paid"][:-1]),
     J + r"zones: card #\d+ is in no zone$"),
    (lambda d, s: d.update(used=[s]), J + r"a used source is not on a field$"),
    (lambda d, s: d["zones"]["mortis"][0].append(_warrior(d, s)), J + r"card #\d+ is in two places$"),
    (lambda d, s: d["zones"]["hand"][0].append("Fonte de Luz#" + _warrior(d, s).rpartition("#")[2]),
     J + r"sets\[\d\]\.cards\.warriors\[0\]: card #\d+ is named both Fonte de Luz and Espectro Faminto$"),
]


@pytest.mark.parametrize(("change", "message"), CHANGES)
def test_a_state_from_outside_is_checked_naming_the_field(change, message):
    state, spectre, guard, mago = battle()
    data = _data(state)
    change(data, spectre)
    with pytest.raises(NotationError, match=message):
        state.game.state_from_json(data)


def test_a_set_left_without_warriors_or_equipment_is_refused():
    state, spectre, guard, mago = battle()
    data = _data(state)
    cards = _set(data, spectre)
    data["zones"]["mortis"][0] += cards["warriors"]
    cards["warriors"] = []
    data["attackers"], data["blocks"] = [], []
    with pytest.raises(NotationError, match=f"{J}set#{spectre} has neither warriors nor equipment$"):
        state.game.state_from_json(data)


LEAVES = st.none() | st.booleans() | st.integers(-3, 300) | st.text(max_size=6) | st.just([]) | st.just({})


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 3), steps=st.integers(0, 60), pick=st.integers(0, 10**6), value=LEAVES)
def test_any_change_to_a_position_is_refused_in_one_line_or_read_as_a_working_state(seed, steps, pick, value):
    state = start(seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()), state.to_move)
    data = json.loads(state.to_notation())
    places = sorted(_paths(data), key=repr)
    where = places[pick % len(places)]
    try:
        checked_position(state.game, json.dumps(_replaced(data, where, value)))
    except TcgkitError as exc:
        assert "\n" not in str(exc)


def _paths(data, prefix=()):
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _paths(value, (*prefix, index))


def _replaced(data, path, value):
    if not path:
        return value
    node = data = json.loads(json.dumps(data))
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value
    return data


# -- the sealed mulligan answers ----------------------------------------------------------------
def test_a_sealed_mulligan_answer_is_its_players_own_until_the_round_shows_them():
    state = start(players=3, keep=False)
    assert [d.player for d in state.decisions[::-1]] == [0, 1, 2]  # P0 answers first
    act(state, "mulligan")
    assert state.choices == {0: True}
    assert state.view(0)["choices"] == [{"player": 0, "mulligan": True}]
    assert "choices" in state.view(0)["seen"]
    assert state.view(1)["choices"] == [] and state.view(None)["choices"] == []
    drawn = set()
    for seed in range(12):
        other = state.game.redeal_hidden(state, 1, Rng(seed))
        assert other.view(1) == state.view(1) and set(other.choices) == {0}
        drawn.add(other.choices[0])
        assert state.game.redeal_hidden(state, 0, Rng(seed)).choices == {0: True}  # P0's own answer stays
    assert drawn == {True, False}
    made = state.game.determinize(state.view(1), Rng(3))
    assert set(made.choices) == {0} and made.view(1) == state.view(1)  # P2 has not answered: no entry
    assert state.game.determinize(state.view(0), Rng(3)).choices == {0: True}
    since = state.event_count()
    act(state, "keep")
    assert state.events_since(since, 1) == []  # sealed still: nothing told
    act(state, "keep")  # the round's last answer: every answer shows now, in turn order
    answers = ("keep", "mulligan", "mulligan_discard")
    told = [e["kind"] for e in state.events_since(since, 1) if e["kind"] in answers]
    assert told == ["mulligan", "mulligan_discard", "keep", "keep"] and state.choices == {}
    assert state.pending.player == 0 and state.pending.kind == "mulligan"  # P0 decides again
