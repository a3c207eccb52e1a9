"""An event survives a server killed at any moment: the same Swiss event of 8 accounts, played
once straight through and once with ``tcgkit serve`` SIGKILLed just as a round ends (before or
while the next is paired) and again in the middle of a round, ends with the same pairings and
standings. Its moves are drawn by round, table and version, so both runs make the same ones."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tcgkit.server.client import Client

from .test_crash import ServerProcess, free_port
from .test_events import NO_TRADE, accounts, play_event, play_round, round_made, wait_for

SALT = 11


def new_event(url: str) -> tuple[dict[str, Client], str]:
    people = accounts(url, 8)
    made = people[0].create_event("Night Swiss", "triple-triad", NO_TRADE, rounds=3, seed=2024)
    for client in people:
        client.join_event(made["id"])
    people[0].start_event(made["id"])
    return {f"player{n}": c for n, c in enumerate(people)}, made["id"]


def outcome(event: dict[str, Any]) -> tuple[Any, Any]:
    """What must come out the same: who sat where in each round, and the standings."""
    pairings = [[[s["name"] for s in t["seats"]] for t in r["tables"]] for r in event["pairings"]]
    return pairings, [(s["name"], s["points"], s["buchholz"], s["sonneborn_berger"], s["game_score"])
                      for s in event["standings"]]


@pytest.mark.timeout(400)
def test_a_swiss_event_killed_between_and_during_rounds_ends_the_same(tmp_path: Path) -> None:
    straight = ServerProcess(f"sqlite:///{tmp_path / 'straight.db'}", free_port(), tmp_path / "straight.log")
    straight.start()
    try:
        clients, event_id = new_event(straight.url)
        expected = play_event(clients, event_id, SALT)
    finally:
        straight.stop()
    assert expected["status"] == "over"

    server = ServerProcess(f"sqlite:///{tmp_path / 'killed.db'}", free_port(), tmp_path / "killed.log")
    server.start()
    try:
        clients, event_id = new_event(server.url)
        watcher = clients["player0"]
        event = wait_for(watcher, event_id, round_made)
        play_round(clients, event, SALT)  # round 1 to its last move, and killed at once
        server.kill()
        server.start()
        event = wait_for(watcher, event_id, lambda e: e["round"] == 2 and round_made(e))
        play_round(clients, event, SALT, moves=12)  # round 2 half played
        server.kill()
        server.start()
        event = wait_for(watcher, event_id, round_made)
        assert event["round"] == 2
        finished = play_event(clients, event_id, SALT)
    finally:
        server.stop()
    assert outcome(finished) == outcome(expected)
    assert finished["seed"] == expected["seed"] == 2024
