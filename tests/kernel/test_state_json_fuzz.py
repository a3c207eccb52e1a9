"""State JSON and position notation from outside (Triple Triad, Forge & Fury): malformed
input is refused with a one-line ``NotationError``, never half-read into a broken state.

Hypothesis mutates real states' JSON (a field or an entry anywhere replaced by any JSON
value, or dropped) and their notation text; whatever is accepted must be a whole state:
its invariants hold and every viewer's view, the legal actions and the events come out.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tcgkit
from tcgkit.kernel.errors import NotationError
from tcgkit.kernel.rng import Rng

GAMES = [("triple-triad", {}), ("triple-triad", {"same": True, "trade": "one"}),
         ("forge-fury", {"mode": "brasa"}), ("forge-fury", {"minigame": "odd_even"})]
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 300) | st.integers() | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)


def states(name: str, options: dict[str, Any]) -> list[Any]:
    game = tcgkit.load_game(name, options)
    out = []
    for seed in range(3):
        state, rng = game.new_state(seed), Rng(seed)
        while not state.is_terminal:
            if rng.below(3) == 0:
                out.append(state.clone())
            state.apply(rng.choice(state.legal_actions()), state.to_move)
        out.append(state)
    return out


def accepted_is_whole(game: Any, load: Any, text: Any) -> None:
    try:
        state = load(text)
    except NotationError as exc:
        assert "\n" not in str(exc) and str(exc)
        return
    state.check_invariants()
    for viewer in [*range(game.num_players), None]:
        json.dumps(state.view(viewer))
        json.dumps(state.events_since(0, viewer))
    for action in state.legal_actions():
        str(action)
    assert game.state_from_json(json.loads(json.dumps(state.to_json()))).to_json() == state.to_json()


def mutate(data: Any, draw: Any) -> Any:
    """``data`` with one value somewhere replaced by any JSON value, or dropped."""
    path: list[Any] = []
    node = data
    while isinstance(node, dict | list) and node and draw(st.booleans()):
        key = draw(st.sampled_from(sorted(node) if isinstance(node, dict) else range(len(node))))
        path.append(key)
        node = node[key]
    if not path:
        return draw(json_values)
    out = copy.deepcopy(data)
    parent = out
    for key in path[:-1]:
        parent = parent[key]
    if isinstance(parent, dict) and draw(st.booleans()):
        del parent[path[-1]]
    else:
        parent[path[-1]] = draw(json_values)
    return out


@pytest.mark.parametrize(("name", "options"), GAMES)
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_state_json_is_refused_or_whole(name, options, data):
    game = tcgkit.load_game(name, options)
    pool = _pool(name, options)
    state = pool[data.draw(st.integers(0, len(pool) - 1))]
    mutated = mutate(json.loads(json.dumps(state.to_json())), data.draw)
    accepted_is_whole(game, game.state_from_json, mutated)


@pytest.mark.parametrize(("name", "options"), GAMES)
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_position_text_is_refused_or_whole(name, options, data):
    game = tcgkit.load_game(name, options)
    pool = _pool(name, options)
    text = pool[data.draw(st.integers(0, len(pool) - 1))].to_notation()
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, min(len(text), start + 12)))
    mutated = text[:start] + data.draw(st.text(max_size=12)) + text[end:]
    accepted_is_whole(game, game.state_from_notation, mutated)


def test_a_position_refused_names_the_field():
    game = tcgkit.load_game("forge-fury")
    data = game.new_state(1).to_json()
    zones = data["zones"]
    for field, value, said in [
        ("colour", 7, "^state JSON: colour: should be one of green, red, blue, not 7$"),
        ("decisions", [{"player": 0, "kind": "dance", "secret": False}], "no 'dance' decision"),
        ("decisions", [[0, "dance", False]], r"^state JSON: decisions\[0\]: should be an object"),
        ("log", [["draw", 0]], r"^state JSON: log\[0\]: should be an entry of kind draw, pick"),
        ("log", [{"kind": "draw", "player": 0}], r"^state JSON: log\[0\]: missing field 'card'$"),
        ("zones", {**zones, "hand": [[], []]}, "player 0's cards are lost"),
        ("signs", ["lizard", None], r"^state JSON: signs\[0\]: should be one of rock, paper, scissors"),
        ("purpose", "x", "^state JSON: purpose: should be one of start, round, not 'x'$"),
    ]:
        with pytest.raises(NotationError, match=said):
            game.state_from_json({**data, field: value})


_POOLS: dict[str, list[Any]] = {}


def _pool(name: str, options: dict[str, Any]) -> list[Any]:
    key = name + json.dumps(options, sort_keys=True)
    if key not in _POOLS:
        _POOLS[key] = states(name, options)
    return _POOLS[key]
