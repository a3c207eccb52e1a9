"""Positions read from outside (Forge & Fury and Final Fantasy TCG JSON notation): any
mutation of a real position is refused whole with an error of ours, or read into a state
whose cards, moves and views work; never a traceback (issue 11 point 10). The games'
readers validate (kernel v2); ``checked_position`` is the CLI's boundary around them."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from tcgkit.kernel.errors import TcgkitError
from tcgkit.kernel.registry import load_game
from tcgkit.terminal.game_support import checked_position

LEAVES = st.none() | st.booleans() | st.integers(-3, 300) | st.text(max_size=6) | st.just([]) | st.just({})


def paths(data, prefix=()):
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from paths(value, (*prefix, index))


def replaced(data, path, value):
    if not path:
        return value
    copy = json.loads(json.dumps(data))
    node = copy
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value
    return copy


def check(name: str, seed: int, steps: int, pick, value) -> None:
    game = load_game(name)
    state = game.new_state(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        state.apply(state.legal_actions()[0], state.to_move)
    data = json.loads(state.to_notation())
    where = sorted(paths(data), key=repr)
    mutated = replaced(data, where[pick % len(where)], value)
    try:
        checked_position(game, json.dumps(mutated))
    except TcgkitError as exc:
        assert "\n" not in str(exc)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 5), steps=st.integers(0, 30), pick=st.integers(0, 10**6), value=LEAVES)
def test_forge_fury_positions(seed, steps, pick, value):
    check("forge-fury", seed, steps, pick, value)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 5), steps=st.integers(0, 30), pick=st.integers(0, 10**6), value=LEAVES)
def test_ff_tcg_positions(seed, steps, pick, value):
    check("ff-tcg", seed, steps, pick, value)


def test_a_forge_fury_position_with_empty_hands_is_a_one_line_error(run):
    data = json.loads(load_game("forge-fury").new_state(1).to_notation())
    data["hands"] = []
    result = run("play", "forge-fury", "--hotseat", "--position", json.dumps(data), input="")
    assert result.exit_code == 2, result.output
    assert len(result.stderr.strip().splitlines()) == 1 and "hands" in result.stderr
    assert "Traceback" not in result.output


def test_a_record_with_a_broken_position_is_a_one_line_error(run, tmp_path):
    from tcgkit.kernel.replay import MatchRecord

    game = load_game("ff-tcg")
    data = json.loads(game.new_state(1).to_notation())
    data["decklists"] = [[-5]]
    record = MatchRecord.from_position(game.new_state(1))
    record.position = json.dumps(data)
    path = tmp_path / "broken.json"
    record.save(path)
    for args in (["replay", str(path)], ["play", "ff-tcg", "--resume", str(path)]):
        result = run(*args, input="")
        assert result.exit_code in (1, 2), result.output
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
