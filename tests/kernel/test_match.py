"""The kernel's Match: play, replay, record and undo, on real Triple Triad games."""

import pytest

import tcgkit
from tcgkit.kernel import IllegalAction, Match, PlayedMove, ReplayMismatch
from tcgkit.kernel.match import OTHERS, OVER, TELLS
from tcgkit.kernel.rng import Rng


def played(game, seed=3, moves=None) -> Match:
    match = Match.start(game, seed, None)
    rng = Rng(seed)
    while not match.state.is_terminal and (moves is None or len(match.actions) < moves):
        match.play(rng.choice(match.state.legal_actions()), match.state.to_move)
    return match


@pytest.fixture
def open_game():
    return tcgkit.load_game("triple-triad", open=True, same=True, plus=True)


@pytest.fixture
def hidden_game():
    return tcgkit.load_game("triple-triad", same=True, plus=True)


def test_a_played_match_keeps_movers_and_marks_and_its_record_replays_to_the_same_state(open_game):
    match = played(open_game)
    assert match.state.is_terminal
    assert len(match.marks) == len(match.actions) + 1 == len(match.movers) + 1
    assert match.marks[-1] == match.state.event_count()
    assert set(match.movers) == {0, 1}
    record = match.record()
    assert record.outcome == match.state.outcome.to_json()
    again = Match.from_record(record, open_game)
    assert again.state.to_json() == match.state.to_json()
    assert (again.actions, again.movers, again.marks) == (match.actions, match.movers, match.marks)


def test_play_returns_where_the_moves_events_begin(open_game):
    match = Match.start(open_game, 5, None)
    before = match.state.event_count()
    since = match.play(match.state.legal_actions()[0], match.state.to_move)
    assert since == before == match.marks[0]
    assert match.marks[1] == match.state.event_count() > before


def test_an_illegal_move_raises_the_kernels_error_and_changes_nothing(open_game):
    match = played(open_game, moves=3)
    state, tally = match.state.to_json(), (match.tally.decided, match.tally.streak)
    kept = (list(match.actions), list(match.movers), list(match.marks))
    other = 1 - match.state.to_move
    with pytest.raises(IllegalAction):
        match.play(match.state.legal_actions()[0], other)
    with pytest.raises(IllegalAction):
        match.play(match.actions[0], match.state.to_move)  # that card has left the hand
    assert match.state.to_json() == state and (match.tally.decided, match.tally.streak) == tally
    assert (match.actions, match.movers, match.marks) == kept


def test_replay_names_the_first_move_that_does_not_follow_and_keeps_those_before(open_game):
    match = played(open_game, moves=4)
    moves = match.moves()
    wrong = PlayedMove(moves[2].notation, 1 - moves[2].mover)
    fresh = Match.start(open_game, 3, None)
    with pytest.raises(ReplayMismatch, match=f"action 3 '.*' does not replay: it is seat {moves[2].mover}'s"):
        fresh.replay([*moves[:2], wrong])
    assert fresh.actions == match.actions[:2]
    over = played(open_game)
    with pytest.raises(ReplayMismatch, match="does not replay: the game is over"):
        Match.start(open_game, 3, None).replay([*over.actions, over.actions[0]])


def test_who_made_a_move_goes_into_the_record_and_back(open_game):
    match = Match.start(open_game, 2, None)
    match.play(match.state.legal_actions()[0], match.state.to_move)
    match.play(match.state.legal_actions()[0], match.state.to_move, made_by="clock")
    match.play(match.state.legal_actions()[0], match.state.to_move, made_by="stand_in")
    record = match.record()
    assert record.made_by == {"2": "clock", "3": "stand_in"}
    assert Match.from_record(record, open_game).made_by == {2: "clock", 3: "stand_in"}
    record.made_by["0"] = "clock"  # no move 0: nothing is marked by it
    assert Match.from_record(record, open_game).made_by == {2: "clock", 3: "stand_in"}


def test_a_branch_is_played_on_without_touching_the_match(open_game):
    match = played(open_game, moves=2)
    before = match.state.to_json()
    trial = match.branch()
    trial.play(trial.state.legal_actions()[0], trial.state.to_move)
    assert match.state.to_json() == before and len(match.actions) == 2
    assert len(trial.actions) == 3


def test_undo_takes_back_the_seats_last_move_and_everything_after(open_game):
    match = played(open_game, moves=5)
    seat = match.movers[-2]  # the seat that moved before the last move
    at = played(open_game, moves=3)
    assert match.undo(seat) == 2
    assert match.state.to_json() == at.state.to_json()
    assert (match.actions, match.marks) == (at.actions, at.marks)


def test_undo_refuses_what_both_front_ends_refused(open_game, hidden_game):
    assert Match.start(open_game, 3, None).undo(0) == 0  # nothing of theirs to take back
    match = played(open_game, moves=3)
    assert match.undo(1 - match.movers[-1], own_only=True) == OTHERS  # players sharing a screen
    over = played(open_game)
    assert over.undo(0) == OVER
    hidden = played(hidden_game, moves=3)  # a card played from a hidden hand told its name
    assert hidden.undo(1 - hidden.movers[-1]) == TELLS
    assert len(hidden.actions) == 3
    assert hidden.undo(hidden.movers[-1]) == 1  # the seat's own last move told it nothing
