"""Final Fantasy TCG state JSON: keyed, round-tripping, and refused with the field named when wrong."""

from __future__ import annotations

import copy
import json
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
    assert {"player", "kind"} == set(data["decisions"][0])
    assert {"kind", "holder", "order", "passed"} == set(data["resolution"]["windows"][0])
    assert all(isinstance(entry, dict) and "kind" in entry for entry in data["log"])
    turn = next(entry for entry in data["log"] if entry["kind"] == "turn")
    assert set(turn) == {"kind", "turn", "player"}


def broken(change: Any) -> dict[str, Any]:
    data = as_loaded(POSITIONS["ask"].to_json())
    change(data)
    return data


@pytest.mark.parametrize("change, where", [
    (lambda d: d["zones"]["hand"][0].append("Asp"), "zones.hand[0]["),
    (lambda d: d.pop("turn"), "missing field 'turn'"),
    (lambda d: d.update(mystery=1), "unknown field 'mystery'"),
    (lambda d: d["decisions"][0].update(kind="dance"), "decisions[0].kind"),
    (lambda d: d["decisions"].insert(0, [0, "play"]), "decisions[0]: should be an object"),
    (lambda d: d["resolution"]["frames"][0].update(ability=99), "resolution.frames[0].ability"),
    (lambda d: d["resolution"]["frames"][0].update(at="2"), "resolution.frames[0].at"),
    (lambda d: d["resolution"].update(step="nap"), "resolution.step"),
    (lambda d: d["resolution"]["asks"].clear(), "asks and decisions out of step"),
    (lambda d: d["log"][0].update(kind="teleport"), "log[0].kind"),
    (lambda d: d["log"][1].update(player=True), "log[1].player"),
    (lambda d: d["mods"].append({"card": 0, "stat": "luck", "amount": 1, "until": "permanent"}),
     "mods[0].stat"),
    (lambda d: d.update(active=2), "active: should be between 0 and 1"),
    (lambda d: d.update(played="yes"), "played: should be true or false"),
    (lambda d: d["zones"]["deck"][0].append(d["zones"]["hand"][0][0]), "a card is lost or duplicated"),
    (lambda d: d.update(rng=-1), "rng"),
    (lambda d: d["decklists"][0].append("Asp"), "decklists[0]"),
])
def test_a_malformed_state_is_refused_naming_the_field(change, where):
    with pytest.raises(NotationError) as caught:
        GAME.state_from_json(broken(change))
    assert where in str(caught.value)
    assert str(caught.value).startswith("state JSON: ")


def test_the_checks_hold_under_python_minus_O():
    data = broken(lambda d: d["zones"]["deck"][0].append(d["zones"]["hand"][0][0]))
    script = ("import json, sys, tcgkit; from tcgkit.kernel import NotationError\n"
              "g = tcgkit.load_game('ff-tcg', post_reveal_window=True)\n"
              "try:\n    g.state_from_json(json.loads(sys.stdin.read()))\n"
              "except NotationError as e:\n    print('refused:', e)\n")
    out = subprocess.run([sys.executable, "-O", "-c", script], input=json.dumps(data), capture_output=True,
                         text=True, timeout=120)
    assert out.stdout.startswith("refused: state JSON: a card is lost or duplicated"), out.stderr[-500:]


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
