"""tcgkit replay FILE --at K [--seat S]: one move's table from a file, as a seat or a spectator
saw it; a seat's view of a game not over is refused (its hidden cards stay hidden)."""

from __future__ import annotations

import json

from tests.kernel.test_replay import DECKS, played_record

import tcgkit
from tcgkit.kernel.record import MatchRecord


def test_a_finished_records_move_from_a_seat_and_as_a_spectator(run, tmp_path):
    game = tcgkit.load_game("triple-triad", trade="none")
    record = played_record(game, seed=4)
    path = tmp_path / "game.json"
    record.save(path)
    seat = run("replay", str(path), "--at", "2", "--seat", "1", "--no-color")
    assert seat.exit_code == 0, seat.output
    assert f"Move 2 of {len(record.actions)}, as Player 1 (Red) saw it." in seat.stdout
    assert "2. " in seat.stdout and "Result:" not in seat.stdout
    spectator = run("replay", str(path), "--at", "2", "--no-color")
    assert "as a spectator saw it" in spectator.stdout
    # seat 1 sees its own hand (4 cards left of 5; one of them played at move 2, on the board),
    # a spectator only the one played
    assert sum(name in seat.stdout for name in DECKS[1]) == 5
    assert sum(name in spectator.stdout for name in DECKS[1]) == 1
    end = run("replay", str(path), "--at", str(len(record.actions)), "--no-color")
    assert end.exit_code == 0 and "Result:" in end.stdout
    past = run("replay", str(path), "--at", str(len(record.actions) + 1))
    assert past.exit_code == 1 and f"--at {len(record.actions) + 1}: the match has" in past.output


def test_a_seats_view_of_a_game_not_over_is_refused(run, tmp_path):
    game = tcgkit.load_game("triple-triad", trade="none")
    finished = played_record(game, seed=4)
    unfinished = MatchRecord(**{**finished.to_json(), "actions": finished.actions[:3], "outcome": None})
    path = tmp_path / "unfinished.json"
    path.write_text(json.dumps(unfinished.to_json()))
    refused = run("replay", str(path), "--at", "2", "--seat", "1")
    assert refused.exit_code == 1 and "the game is not over" in refused.output
    public = run("replay", str(path), "--at", "2", "--no-color")
    assert public.exit_code == 0 and "as a spectator saw it" in public.stdout
