"""Final Fantasy TCG state JSON: keyed, round-tripping, and refused with the field named when wrong."""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tcgkit
from tcgkit.games.ff_tcg import FFTcg, FFTcgState
from tcgkit.kernel import NotationError, Rng


def play_until(game: FFTcg, seed: int, stop: Any, limit: int = 2000) -> FFTcgState:
    """A random game of ``seed`` up to the first position where ``stop(state)`` holds."""
    state = game.new_state(seed)
    rng = Rng(seed)
    for _ in range(limit):
        if stop(state) or not state.decisions:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))], state.to_move)
    assert stop(state), "no such position in this game"
    return state


GAME = tcgkit.load_game("ff-tcg", post_reveal_window=True)
assert isinstance(GAME, FFTcg)
POSITIONS = {  # positions with every kind of record: a fight window, an effect waiting, the end
    "window": play_until(GAME, 1, lambda s: bool(s.res.windows) and bool(s.assigned) and s.turn > 6),
    "ask": play_until(GAME, 2, lambda s: bool(s.res.asks)),
    "over": play_until(GAME, 3, lambda s: s.outcome is not None),
}


def as_loaded(data: dict[str, Any]) -> dict[str, Any]:
    return json.loads(json.dumps(data))  # what a file holds: no tuples, no shared lists


@pytest.mark.parametrize("name", POSITIONS)
def test_a_state_round_trips_and_plays_on_the_same(name):
    state = POSITIONS[name]
    data = as_loaded(state.to_json())
    back = GAME.state_from_json(data)
    assert back.to_json() == state.to_json()
    assert [str(a) for a in back.legal_actions()] == [str(a) for a in state.legal_actions()]
    one, rng_a, rng_b = state.clone(), Rng(9), Rng(9)
    for _ in range(60):
        if not one.decisions:
            break
        legal_a, legal_b = one.legal_actions(), back.legal_actions()
        assert [str(a) for a in legal_a] == [str(b) for b in legal_b]
        one.apply(legal_a[rng_a.below(len(legal_a))], one.to_move)
        back.apply(legal_b[rng_b.below(len(legal_b))], back.to_move)
    assert one.to_json() == back.to_json()


def test_every_record_is_keyed():
    data = as_loaded(POSITIONS["window"].to_json())
    assert {"monster", "character"} == set(data["assigned"][0])
    assert {"player", "kind", "secret"} == set(data["decisions"][0])
    assert {"kind", "holder", "order", "passed"} == set(data["res"]["windows"][0])
    assert all(isinstance(entry, dict) and "kind" in entry for entry in data["log"])
    turn = next(entry for entry in data["log"] if entry["kind"] == "turn")
    assert set(turn) == {"kind", "turn", "player"}


def broken(change: Any) -> dict[str, Any]:
    data = as_loaded(POSITIONS["ask"].to_json())
    change(data)
    return data


def renamed(key: str, name: str) -> str:
    """A card key ``Name#id`` with another card's name on the same id."""
    return f"{name}#{key.rpartition('#')[2]}"


def a_card_of_player_1(data: dict[str, Any]) -> str:
    return next(key for deck in data["zones"]["deck"][1:] for key in deck)


@pytest.mark.parametrize("change, message", [
    (lambda d: d["zones"]["hand"][0].append("Asp"),
     r"zones.hand\[0\]\[\d+\]: no card 'Asp' \(cards are Name#id"),
    (lambda d: d["zones"]["hand"][0].__setitem__(0, renamed(d["zones"]["hand"][0][0], "Nobody")),
     r"zones.hand\[0\]\[0\]: no card 'Nobody#\d+'"),
    (lambda d: d["zones"]["hand"][0].append(a_card_of_player_1(d)), r"card #\d+ is in two places"),
    (lambda d: d["zones"]["hand"][0].append(d["zones"]["deck"][1].pop()),
     r"zones.hand\[0\]: card #\d+ is player 1's, not player 0's"),
    (lambda d: d["zones"]["deck"][0].append(renamed(d["zones"]["hand"][0][0], "Asp")),
     r"zones.hand\[0\]\[0\]: card #\d+ is named both Asp and \w+"),  # the deck is read first
    (lambda d: d["zones"].pop("luck"), "zones: missing field 'luck'"),
    (lambda d: d.pop("turn"), "the state: missing field 'turn'"),
    (lambda d: d.update(mystery=1), "the state: unknown field 'mystery'"),
    (lambda d: d["decisions"][0].update(kind="dance"), r"decisions\[0\].kind: no 'dance' decision in this"),
    (lambda d: d["decisions"][0].update(secret=True), r"decisions\[0\].kind: no secret '\w+' decision"),
    (lambda d: d["decisions"].insert(0, [0, "play"]), r"decisions\[0\]: should be an object"),
    (lambda d: d["res"]["frames"][0].update(ability=99), r"res.frames\[0\].ability: \w+#\d+ has no ability"),
    (lambda d: d["res"]["frames"][0].update(source=9999), r"res.frames\[0\].source: should be a card id"),
    (lambda d: d["res"]["frames"][0].update(at="2"), r"res.frames\[0\].at"),
    (lambda d: d["res"]["frames"][0].update(at=99), r"res.frames\[0\].at: the ability has no step 99"),
    (lambda d: d["res"]["frames"][0].update(tag="later"), r"res.frames\[0\].tag: should be '' or 'turned'"),
    (lambda d: d["res"].update(step="nap"), "res.step: should be one of"),
    (lambda d: d["res"]["asks"].clear(), "asks and decisions out of step"),
    (lambda d: d["res"]["stack"].append(d["res"]["frames"][0]), "res.stack: Final Fantasy TCG resolves"),
    (lambda d: d["log"][0].update(kind="teleport"), r"log\[0\]: should be an entry of kind cut, first"),
    (lambda d: d["log"][1].update(player=True), r"log\[1\].player: should be a player 0..1, not True"),
    (lambda d: d["log"][2].update(mystery=1), r"log\[2\]: unknown field 'mystery'"),
    (lambda d: d["mods"].append({"card": 0, "stat": "luck", "amount": 1, "until": "permanent"}),
     r"mods\[0\].stat: should be one of power, defense"),
    (lambda d: d["used"].append({"card": 0, "ability": 99}), r"used\[\d+\].ability: should be in 0..15"),
    (lambda d: d["used"].append({"card": "Asp#0", "ability": 0}), r"used\[\d+\].card: should be a card id"),
    (lambda d: d["wounded"].append(d["wounded"][0] if d["wounded"] else 0), "wounded"),
    (lambda d: d["on"].append({"card": 3, "under": "Asp#4"}), r"on\[\d+\].under: should be a card id"),
    (lambda d: d.update(fight_char="everyone"), "fight_char: should be a card or null or 'all'"),
    (lambda d: d.update(clear_city=-1), "clear_city: should be a card or null, not -1"),
    (lambda d: d.update(active=2), "active: should be a player 0..1, not 2"),
    (lambda d: d.update(turn=100_000), "turn: should be at most 201, not 100000"),
    (lambda d: d.update(played="yes"), "played: should be true or false"),
    (lambda d: d.update(extra=[0]), "extra: should hold 2 entries, not 1"),
    (lambda d: d.update(result={"winner": 3, "reason": "x"}), "result.winner: should be a player 0..1"),
    (lambda d: d.update(rng=-1), "rng: should be a whole number"),
])
def test_a_malformed_state_is_refused_naming_the_field(change, message):
    with pytest.raises(NotationError) as caught:
        GAME.state_from_json(broken(change))
    assert str(caught.value).startswith("state JSON: ")
    assert re.search(message, str(caught.value)), str(caught.value)


def test_a_deck_beyond_the_copy_limits_is_refused():
    data = broken(lambda d: None)
    villains = [c.name for c in GAME.db.cards if c.type == "villain"]
    zones = data["zones"]
    zones["deck"][0][:2] = [renamed(key, villains[0]) for key in zones["deck"][0][:2]]
    with pytest.raises(NotationError, match=f"player 0's cards hold 2 {villains[0]} \\(at most 1\\)"):
        GAME.state_from_json(data)


def test_the_checks_hold_under_python_minus_O():
    data = broken(lambda d: d["zones"]["deck"][0].append(d["zones"]["hand"][0][0]))  # a card twice
    script = ("import json, sys, tcgkit; from tcgkit.kernel import NotationError\n"
              "g = tcgkit.load_game('ff-tcg', post_reveal_window=True)\n"
              "try:\n    g.state_from_json(json.loads(sys.stdin.read()))\n"
              "except NotationError as e:\n    print('refused:', e)\n")
    out = subprocess.run([sys.executable, "-O", "-c", script], input=json.dumps(data), capture_output=True,
                         text=True, timeout=120)
    assert re.match(r"refused: state JSON: card #\d+ is in two places", out.stdout), out.stderr[-500:]


# -- fuzzing ----------------------------------------------------------------------------------
def paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON tree (dict keys, list indices), the log's long tail cut short."""
    out = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            out += paths(value, (*prefix, key))
    elif isinstance(data, list):
        for i, value in enumerate(data[:6]):
            out += paths(value, (*prefix, i))
    return out


SAMPLES = {name: as_loaded(state.to_json()) for name, state in POSITIONS.items()}
PLACES = [(name, path) for name, data in SAMPLES.items()
          for path in paths(data) if path and path[0] != "options"]
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 300) | st.integers() | st.floats(allow_nan=False)
    | st.text(max_size=12) | st.sampled_from(["play", "window", "discard", "target", "end_turn", "power"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8)


def mutate(data: Any, path: tuple[Any, ...], how: str, value: Any) -> None:
    *parents, last = path
    for key in parents:
        data = data[key]
    if how == "delete":
        del data[last]
    elif how == "extra" and isinstance(data, dict):
        data[f"{last}_extra"] = value
    else:
        data[last] = value


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PLACES), st.sampled_from(["replace", "replace", "delete", "extra"]), JSON_VALUES)
def test_malformed_states_are_refused_or_load_whole(place, how, value):
    name, path = place
    data = copy.deepcopy(SAMPLES[name])
    mutate(data, path, how, value)
    try:
        state = GAME.state_from_json(data)
    except NotationError as exc:
        assert str(exc).startswith(("state JSON: ", "position: "))
        return
    # Accepted: a whole, consistent position that saves as it loaded and can be played.
    assert state.problems() == []
    again = GAME.state_from_json(as_loaded(state.to_json()))
    assert again.to_json() == state.to_json()
    state.legal_actions()
