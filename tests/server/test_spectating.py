"""Spectators: the public view only, in every frame, checked card by card against what the
match's record says nobody but its players could know at that version (as
``test_browser_play`` checks players); a delay in moves while the match runs and the whole
match at its end; the lobby's list of live matches; and a delay asked for wrongly refused."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tcgkit.server.room import Room

from .conftest import Player, guest, receive, receive_until
from .test_authority import room_of
from .test_browser_play import leaks, told


def record_of(room: Room, match_id: str) -> dict[str, Any]:
    """What ``told`` replays: the match's start and its actions, read from the room."""
    return {"game": room.game.name, "options": room.game.options_json(), "seed": room.seed,
            "decks": room.decks, "actions": list(room.match.actions), "match": match_id}


def check_spectator_frames(frames: list[str], record: dict[str, Any]) -> int:
    """Every frame a spectator received names no card hidden from the public at the
    version it shows; the steps it was sent go 1, 2, ... to the end, each once."""
    _game, everything, known = told(record, None)
    version, checked, steps = -1, 0, []
    for frame in frames:
        data = json.loads(frame)
        steps.extend(step["version"] for step in data.get("steps") or [])
        version = data.get("version") if data.get("version") is not None else version
        if version < 0 or data["type"] == "seats":
            continue
        assert data.get("seat") is None and (data.get("scene") or {}).get("viewer") is None
        hidden = everything[version] - known[version]
        assert leaks(frame, hidden) == [], (version, leaks(frame, hidden))
        checked += 1
    assert steps == list(range(0, len(record["actions"]) + 1)), steps
    return checked


def play_to_the_end(player: Any, watcher: Any, room: Room, delay: int) -> list[str]:
    """``player`` (seat 0, against the AI) plays each first move offered until the match is
    over; after each of its moves the spectator has been sent the match ``delay`` behind.
    Returns every frame the spectator received."""
    frames: list[str] = []

    def watch_until(version: int) -> dict[str, Any]:
        while True:
            text = watcher.receive_text()
            frames.append(text)
            data = json.loads(text)
            if data["type"] in ("welcome", "update") and data["version"] >= version:
                return data

    welcome = receive(player)
    watch_until(0)
    scene = welcome["scene"]
    tag = 0
    while not scene.get("outcome"):
        if scene["moves"]:
            tag += 1
            player.send_text(json.dumps({"type": "act", "version": room.state.version, "tag": str(tag),
                                         "action": scene["moves"][0]["notation"]}))
            message = receive_until(player, lambda m, t=str(tag): m.get("ack") == t or m["type"] == "error")
            assert message["type"] == "update", message
        else:
            message = receive_until(player, lambda m: m["type"] == "update")
        scene = message["scene"]
        actual = message["version"]
        if not scene.get("outcome"):
            seen = watch_until(max(0, actual - delay))
            assert seen["version"] == max(0, actual - delay), (actual, seen["version"])
    seen = watch_until(room.state.version)  # once over: the whole match
    assert seen["version"] == room.state.version and seen["scene"].get("outcome")
    return frames


def test_a_spectator_of_a_hidden_hand_triple_triad_match_sees_it_two_moves_behind(
        client: TestClient) -> None:
    alice, watcher = guest(client), guest(client)
    made = alice.create("triple-triad", {"first_player": 0},
                        seats=[{"kind": "me"}, {"kind": "ai", "level": "greedy"}], spectator_delay=2)
    assert made["spectator_delay"] == 2 and made["spectators"]
    match_id = made["id"]
    room = room_of(client, match_id)
    assert not room.game.options.open  # the hands are hidden
    with alice.socket(match_id) as player, watcher.socket(match_id) as seen:
        frames = play_to_the_end(player, seen, room, delay=2)
    record = record_of(room, match_id)
    assert len(record["actions"]) >= 9
    assert check_spectator_frames(frames, record) > 9


def test_a_spectator_of_a_monster_collection_match_sees_only_the_public_view(client: TestClient) -> None:
    alice, watcher = guest(client), guest(client)
    made = alice.create("monster-collection", {"turn_limit": 4, "first_player": 0},
                        seats=[{"kind": "me"}, {"kind": "ai", "level": "random"}], spectator_delay=3)
    match_id = made["id"]
    room = room_of(client, match_id)
    with alice.socket(match_id) as player, watcher.socket(match_id) as seen:
        frames = play_to_the_end(player, seen, room, delay=3)
    record = record_of(room, match_id)
    _game, everything, known = told(record, None)
    assert any(everything[v] - known[v] for v in range(len(everything)))  # there was a secret to keep
    assert check_spectator_frames(frames, record) > 5


def test_a_spectator_who_syncs_or_comes_late_is_still_kept_behind(client: TestClient) -> None:
    alice, watcher = guest(client), guest(client)
    made = alice.create("triple-triad", {"first_player": 0},
                        seats=[{"kind": "me"}, {"kind": "ai", "level": "greedy"}], spectator_delay=3)
    match_id = made["id"]
    room = room_of(client, match_id)
    with alice.socket(match_id) as player:
        welcome = receive(player)
        for tag in ("a", "b"):  # two moves of alice's, the AI answering each
            player.send_text(json.dumps({"type": "act", "version": room.state.version, "tag": tag,
                                         "action": welcome["scene"]["moves"][0]["notation"]}))
            receive_until(player, lambda m, t=tag: m.get("ack") == t)
            welcome = receive_until(player, lambda m: m["type"] == "update" and m["scene"]["moves"])
        assert room.state.version == 4
        with watcher.socket(match_id, since=10) as seen:  # a cursor from the future gets nothing new
            first = receive(seen)
            assert first["version"] == 1 and first["steps"] == []
        with watcher.socket(match_id) as seen:
            first = receive(seen)
            assert first["version"] == 1 and [s["version"] for s in first["steps"]] == [0, 1]
            seen.send_text(json.dumps({"type": "sync", "since": 3}))
            synced = receive_until(seen, lambda m: m["type"] == "update")
            assert synced["version"] == 1 and synced["steps"] == []
    listed = {m["id"]: m for m in client.get("/api/live").json()}
    assert listed[match_id]["move"] == 1 and listed[match_id]["spectator_delay"] == 3


def test_the_lobby_lists_the_live_matches_open_to_spectators(client: TestClient) -> None:
    alice = guest(client)
    open_one = alice.create("triple-triad", {"first_player": 0}, seats=[{"kind": "me"}, {"kind": "ai"}])
    closed = alice.create("triple-triad", seats=[{"kind": "me"}, {"kind": "ai"}], spectators=False)
    waiting = alice.create("triple-triad", seats=[{"kind": "me"}, {"kind": "open"}])
    with alice.socket(open_one["id"]) as ws:
        welcome = receive(ws)
        ws.send_text(json.dumps({"type": "act", "version": 0, "tag": "m",
                                 "action": welcome["scene"]["moves"][0]["notation"]}))
        receive_until(ws, lambda m: m.get("ack") == "m")
    listed = client.get("/api/live").json()  # anyone may ask: no session needed
    ids = [m["id"] for m in listed]
    assert open_one["id"] in ids and closed["id"] not in ids and waiting["id"] not in ids
    shown = next(m for m in listed if m["id"] == open_one["id"])
    assert shown["game"] == "triple-triad" and shown["move"] >= 1
    assert [s["kind"] for s in shown["seats"]] == ["human", "ai"] and "seed" not in shown
    with alice.client.websocket_connect(f"/api/matches/{closed['id']}/ws") as ws:
        assert receive(ws)["code"] == "spectator"  # closed at creation, as before


@pytest.mark.parametrize(("delay", "says"), [(-1, "greater than or equal to 0"),
                                             (101, "less than or equal to 100"), ("two", "valid integer")])
def test_a_wrong_delay_is_refused_with_its_reason_and_makes_no_match(client: TestClient, delay: Any,
                                                                      says: str) -> None:
    alice = guest(client)
    answer = alice.post("/api/matches", {"game": "triple-triad", "spectator_delay": delay})
    assert answer.status_code == 422 and says in answer.text and "spectator_delay" in answer.text
    assert client.get("/api/matches").json() == []


def test_a_delay_in_a_game_without_hidden_information_is_allowed(client: TestClient) -> None:
    # Triple Triad's Open rule shows both hands: the delay still keeps watchers from coaching
    alice = guest(client)
    made = alice.create("triple-triad", {"open": True}, seats=[{"kind": "me"}, {"kind": "ai"}],
                        spectator_delay=1)
    assert made["spectator_delay"] == 1


def test_a_rematch_keeps_the_delay(client: TestClient) -> None:
    alice: Player = guest(client)
    made = alice.create("triple-triad", seats=[{"kind": "me"}, {"kind": "ai", "level": "random"}],
                        spectator_delay=2, rules={"clock": "off"})
    room = room_of(client, made["id"])
    with alice.socket(made["id"]) as ws:
        message = receive(ws)
        while not message["scene"].get("outcome"):
            if message["scene"]["moves"]:
                ws.send_text(json.dumps({"type": "act", "version": room.state.version,
                                         "action": message["scene"]["moves"][0]["notation"]}))
            message = receive_until(ws, lambda m: m["type"] == "update")
    again = alice.post(f"/api/matches/{made['id']}/rematch", {})
    assert again.status_code == 201 and again.json()["spectator_delay"] == 2
