import json

import pytest

import tcgkit
from tcgkit.kernel.errors import ReplayError, ReplayMismatch
from tcgkit.kernel.replay import MatchRecord, replay, verify
from tcgkit.kernel.rng import Rng

DECKS = [
    ["Geezard", "Funguar", "Bite Bug", "Red Bat", "Blobra"],
    ["Gayla", "Gesper", "Fastitocalon-F", "Blood Soul", "Caterchipillar"],
]


def played_record(game, seed=3) -> MatchRecord:
    state = game.new_state(seed, DECKS)
    record = MatchRecord.start(game, seed, DECKS)
    rng = Rng(seed)
    while not state.is_terminal:
        action = rng.choice(state.legal_actions())
        record.actions.append(str(action))
        state.apply(action, state.to_move)
    record.finish(state)
    return record


@pytest.fixture
def game():
    return tcgkit.load_game("triple-triad", same=True, plus=True, trade="one")


def test_a_record_replays_to_its_outcome(game, tmp_path):
    record = played_record(game)
    path = tmp_path / "r.json"
    record.save(path)
    data = json.loads(path.read_text())
    assert {"game", "options", "seed", "decks", "actions", "engine", "cards"} <= set(data)
    state = verify(MatchRecord.load(path))
    assert state.outcome.to_json() == record.outcome


def test_a_changed_action_is_reported_with_its_number(game):
    record = played_record(game)
    record.actions[2] = record.actions[0]  # that card is no longer in hand, or the cell is taken
    with pytest.raises(ReplayMismatch, match="action 3 '.*' does not replay"):
        verify(record)


def test_a_wrong_recorded_outcome_is_reported(game):
    record = played_record(game)
    record.outcome = {**record.outcome, "scores": [0, 10]}
    with pytest.raises(ReplayMismatch, match="the record says the game ended"):
        verify(record)


def test_version_and_card_data_mismatches_are_reported_not_replayed(game):
    record = played_record(game)
    old = MatchRecord(**{**record.to_json(), "engine": "0.0.1"})
    with pytest.raises(ReplayMismatch, match="engine 0.0.1"):
        verify(old)
    assert verify(old, force=True).outcome.to_json() == record.outcome
    other_cards = MatchRecord(**{**record.to_json(), "cards": "0123456789abcdef"})
    with pytest.raises(ReplayMismatch, match="card data 0123456789abcdef"):
        replay(other_cards)


def test_an_unfinished_record_resumes_where_it_stopped(game):
    record = played_record(game)
    partial = MatchRecord(**{**record.to_json(), "actions": record.actions[:4], "outcome": None})
    state = replay(partial)
    assert not state.is_terminal
    for text in record.actions[4:]:
        state.apply(state.parse_action(text, state.to_move), state.to_move)
    assert state.outcome.to_json() == record.outcome


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json", "not JSON"),
        ("[1, 2]", "record: should be an object with game, options"),
        ('{"game": "triple-triad"}', "missing field 'options'"),
    ],
)
def test_broken_record_files_say_what_is_wrong(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(ReplayError, match=message):
        MatchRecord.load(path)


def test_wrong_field_types_and_unknown_fields_are_refused(game):
    data = played_record(game).to_json()
    with pytest.raises(ReplayError, match="record.seed: should be a whole number"):
        MatchRecord.from_json({**data, "seed": "3"})
    with pytest.raises(ReplayError, match="unknown field"):
        MatchRecord.from_json({**data, "extra": 1})
    with pytest.raises(ReplayError, match=r"record.decks\[0\]\[0\]: should be text"):
        MatchRecord.from_json({**data, "decks": [[1, 2]]})
    with pytest.raises(ReplayError, match="cannot read"):
        MatchRecord.load("/nonexistent/record.json")


def test_a_record_for_an_unknown_game_says_so(game):
    data = played_record(game).to_json()
    with pytest.raises(ReplayError, match="no game named 'go'"):
        replay(MatchRecord.from_json({**data, "game": "go"}))


def test_a_game_begun_from_a_position_records_it_and_replays(game, tmp_path):
    start = game.state_from_notation(
        "triple-triad rules=same,plus board=1:0/2:1/3:0/4:1/-/6:1/7:0/8:1/9:0 hands=5/10 turn=1"
    )
    record = MatchRecord.from_position(start)
    state = start.clone()
    for action in ("Caterchipillar@4",):
        record.actions.append(action)
        state.apply(state.parse_action(action, state.to_move), state.to_move)
    record.finish(state)
    path = tmp_path / "p.json"
    record.save(path)
    loaded = MatchRecord.load(path)
    assert loaded.position == start.to_notation() and loaded.decks is None
    assert verify(loaded).to_notation() == state.to_notation()
    with pytest.raises(ReplayError, match="record.position: should be text"):
        MatchRecord.from_json({**loaded.to_json(), "position": 5})
    broken = MatchRecord(**{**loaded.to_json(), "position": "triple-triad board=1:0"})
    with pytest.raises(ReplayMismatch, match="does not start a game: position: missing field"):
        replay(broken)
