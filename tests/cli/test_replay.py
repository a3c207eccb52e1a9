"""tcgkit replay: a good record, a tampered one, another version or card data, --force."""

from __future__ import annotations

import json

import pytest

from tcgkit import __version__
from tcgkit.games.triple_triad.scene import CELL_NAMES

from .helpers import plan_vs_ai


@pytest.fixture
def record_file(tmp_path):
    """A finished game's record, as ``tcgkit play --save`` writes it."""
    plan = plan_vs_ai(5, rules="same,plus")
    plan.match.save(tmp_path / "game.json")
    return tmp_path / "game.json", plan


def rewrite(path, **changes):
    data = json.loads(path.read_text())
    data.update(changes)
    path.write_text(json.dumps(data))
    return data


def test_a_good_record_shows_the_final_board_and_result(run, record_file):
    path, plan = record_file
    result = run("replay", str(path), "--no-color")
    assert result.exit_code == 0, result.output
    scores = plan.state.outcome.scores
    assert f"{scores[0]:g}-{scores[1]:g} (the board is full)" in result.stdout
    assert f"Seed 5, {len(plan.match.actions)} actions, engine {__version__}" in result.stdout


def test_json_is_one_object_with_state_view_and_outcome(run, record_file):
    path, plan = record_file
    result = run("replay", str(path), "--json")
    data = json.loads(result.stdout)
    assert set(data) == {"state", "view", "outcome"}
    assert data["outcome"] == plan.state.outcome.to_json()
    assert data["view"]["viewer"] is None
    assert data["state"] == plan.state.to_json()


def test_step_shows_every_move(run, record_file):
    path, plan = record_file
    result = run("replay", str(path), "--step", "--no-color")
    assert result.exit_code == 0
    for number, action in enumerate(plan.match.actions, start=1):
        if "@" in action:  # Geezard@4: told as "plays Geezard at centre"
            card, _, cell = action.rpartition("@")
            assert f"{number}. " in result.stdout
            assert f"plays {card} at {CELL_NAMES[int(cell)]}" in result.stdout


def test_a_tampered_action_is_reported_with_its_number(run, record_file):
    path, plan = record_file
    actions = list(plan.match.actions)
    actions[3] = actions[0]  # a card already played, on a cell already taken
    rewrite(path, actions=actions)
    result = run("replay", str(path))
    assert result.exit_code == 1
    assert f"action 4 '{actions[0]}' does not replay" in result.stderr
    assert result.stderr.startswith(f"tcgkit: error: {path}: ")
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_tampered_outcome_is_reported(run, record_file):
    path, _ = record_file
    data = json.loads(path.read_text())
    data["outcome"]["scores"] = [9, 1]
    path.write_text(json.dumps(data))
    result = run("replay", str(path))
    assert result.exit_code == 1
    assert "the record says the game ended" in result.stderr


def test_another_engine_version_needs_force(run, record_file):
    path, _ = record_file
    rewrite(path, engine="0.0.1")
    result = run("replay", str(path))
    assert result.exit_code == 1
    assert f"recorded with engine 0.0.1, this is {__version__}" in result.stderr
    assert "--force" in result.stderr
    assert run("replay", str(path), "--force").exit_code == 0


def test_other_card_data_needs_force(run, record_file):
    path, _ = record_file
    rewrite(path, cards="0123456789abcdef")
    result = run("replay", str(path))
    assert result.exit_code == 1
    assert "recorded with card data 0123456789abcdef" in result.stderr
    assert run("replay", str(path), "--force").exit_code == 0


def test_an_unfinished_record_shows_its_last_position(run, record_file):
    path, plan = record_file
    rewrite(path, actions=plan.match.actions[:3], outcome=None)
    result = run("replay", str(path), "--no-color")
    assert result.exit_code == 0
    assert "Unfinished after 3 actions;" in result.stdout
    data = json.loads(run("replay", str(path), "--json").stdout)
    assert data["outcome"] is None


def test_unreadable_files_are_one_line_errors(run, tmp_path):
    missing = run("replay", str(tmp_path / "nope.json"))
    assert missing.exit_code == 1
    assert "cannot read" in missing.stderr
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json")
    result = run("replay", str(garbage))
    assert result.exit_code == 1
    assert "not JSON" in result.stderr
    assert "Traceback" not in result.output


def test_json_and_step_together_are_a_usage_error(run, record_file):
    path, _ = record_file
    assert run("replay", str(path), "--json", "--step").exit_code == 2


def test_step_replays_each_action_a_bounded_number_of_times(run, record_file, monkeypatch):
    """--step is proportional to the record (issue 11, point 16): each action is read a
    fixed number of times, not once per later step."""
    from tcgkit.games.triple_triad.rules import TripleTriadState

    path, plan = record_file
    parsed = []
    original = TripleTriadState.parse_action
    monkeypatch.setattr(TripleTriadState, "parse_action",
                        lambda self, text, player: parsed.append(text) or original(self, text, player))
    result = run("replay", "--step", "--no-color", str(path))
    assert result.exit_code == 0, result.output
    assert len(parsed) <= 2 * len(plan.match.actions)
