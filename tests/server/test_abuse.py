"""Bad input and abuse: each gets a clear error, changes nothing, and leaves the connection
usable where that is safe."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from starlette.websockets import WebSocketDisconnect

from tcgkit.server.app import create_app
from tcgkit.server.db import ActionRow
from tcgkit.server.room import Room
from tcgkit.server.service import Settings
from tcgkit.server.store import Store

from .conftest import guest, receive, receive_until


def my_match(client: TestClient) -> tuple[Any, str, Room]:
    alice = guest(client)
    made = alice.create("triple-triad", {"first_player": 0},
                        seats=[{"kind": "me"}, {"kind": "ai", "level": "random"}])
    room: Room = client.app.state.server.rooms[made["id"]]  # type: ignore[attr-defined]
    return alice, made["id"], room


def still_usable(ws: Any) -> None:
    ws.send_text(json.dumps({"type": "ping"}))
    assert receive_until(ws, lambda m: m["type"] not in ("update", "seats"))["type"] == "pong"


@pytest.mark.parametrize("frame, code, words", [
    ("{not json", "bad_message", "not JSON"),
    ("[1, 2]", "bad_message", "JSON object"),
    ('{"type": "teleport"}', "bad_message", "unknown message type 'teleport'"),
    ('{"type": "act", "version": "zero", "action": "x"}', "bad_message", "version"),
    ('{"type": "act", "version": 0}', "bad_message", "action"),
    ('{"type": "act", "version": 0, "action": "' + "x" * 500 + '"}', "bad_message", "action"),
    ('{"type": "act", "version": 0, "action": "x", "seat": 1}', "bad_message", "seat"),
    ('{"type": "sync", "since": -9}', "bad_message", "since"),
    ("[" * 100_000, "too_large", "at most"),
    ('{"type": "act", "version": 0, "action": "' + "x" * 20_000 + '"}', "too_large", "at most"),
])
def test_malformed_messages_are_refused_and_the_socket_stays_usable(client: TestClient, frame: str,
                                                                    code: str, words: str) -> None:
    alice, match_id, room = my_match(client)
    before = room.state.to_json()
    with alice.socket(match_id) as ws:
        receive(ws)
        ws.send_text(frame)
        error = receive(ws)
        assert error["type"] == "error" and error["code"] == code and words in error["message"], error
        still_usable(ws)
    assert room.state.to_json() == before


def test_binary_frames_are_refused(client: TestClient) -> None:
    alice, match_id, _room = my_match(client)
    with alice.socket(match_id) as ws:
        receive(ws)
        ws.send_bytes(b'{"type": "ping"}')
        assert receive(ws)["code"] == "bad_message"
        still_usable(ws)


def test_an_old_action_sent_again_is_stale_and_lands_once(client: TestClient, db: str) -> None:
    alice, match_id, room = my_match(client)
    with alice.socket(match_id) as ws:
        welcome = receive(ws)
        act = json.dumps({"type": "act", "version": 0, "action": welcome["scene"]["moves"][0]["notation"],
                          "tag": "once"})
        ws.send_text(act)
        receive_until(ws, lambda m: m.get("ack") == "once")
        ws.send_text(act)
        error = receive_until(ws, lambda m: m["type"] == "error")
        assert error["code"] == "stale" and error["tag"] == "once"
    played = Store(db).read_now(lambda s: s.scalars(select(ActionRow.notation).where(
        ActionRow.match_id == match_id, ActionRow.number == 1)).all())
    assert played == [json.loads(act)["action"]]


def test_someone_else_in_the_match_cannot_act_for_a_seat(client: TestClient) -> None:
    alice, match_id, room = my_match(client)
    mallory = guest(client)
    with mallory.socket(match_id) as ws:
        welcome = receive(ws)
        assert welcome["seat"] is None  # no seat of hers: a spectator
        assert welcome["scene"]["moves"] == []  # and the seat's moves are not shown to her
        ws.send_text(json.dumps({"type": "act", "version": 0, "action": str(room.state.legal_actions()[0])}))
        assert receive(ws)["code"] == "spectator"
        ws.send_text(json.dumps({"type": "claim", "seat": 0}))
        assert receive(ws)["code"] == "spectator"
    assert room.state.version == 0


def test_cursors_out_of_range_are_clamped(client: TestClient) -> None:
    alice, match_id, room = my_match(client)
    with alice.socket(match_id, since=10**9) as ws:
        assert receive(ws)["steps"] == []
    with alice.socket(match_id, since=-5) as ws:
        assert [s["version"] for s in receive(ws)["steps"]] == [0]
    url = f"/api/matches/{match_id}/ws?since=abc"
    with pytest.raises(WebSocketDisconnect), client.websocket_connect(url) as ws:
        receive(ws)


def test_unknown_matches_and_other_sites_are_refused(client: TestClient) -> None:
    alice, match_id, _room = my_match(client)
    with alice.socket("f" * 32) as ws:
        assert receive(ws)["code"] == "unknown_match"
    headers = {"cookie": alice.headers["cookie"], "origin": "http://evil.example"}
    with client.websocket_connect(f"/api/matches/{match_id}/ws", headers=headers) as ws:
        error = receive(ws)
        assert error["code"] == "origin" and "evil.example" in error["message"]


def test_too_many_connections_from_one_account(db: str) -> None:
    with TestClient(create_app(Settings(db=db, ai_workers=0, connections_per_account=2))) as client:
        alice, match_id, _room = my_match(client)
        with alice.socket(match_id) as ws1, alice.socket(match_id) as ws2:
            receive(ws1), receive(ws2)
            with alice.socket(match_id) as ws3:
                error = receive(ws3)
                assert error["code"] == "rate_limited" and "at most 2 connections" in error["message"]
            still_usable(ws1)


def test_too_many_messages_are_dropped_then_the_flood_is_cut_off(db: str) -> None:
    slow = Settings(db=db, ai_workers=0, messages_per_second=1, message_burst=3)
    with TestClient(create_app(slow)) as client:
        alice, match_id, _room = my_match(client)
        with alice.socket(match_id) as ws:
            receive(ws)
            for _ in range(3):
                ws.send_text(json.dumps({"type": "ping"}))
                assert receive(ws)["type"] == "pong"
            ws.send_text(json.dumps({"type": "ping"}))
            dropped = receive(ws)
            assert dropped["code"] == "rate_limited" and "dropped" in dropped["message"]
            for _ in range(10):
                ws.send_text(json.dumps({"type": "ping"}))
            last = receive_until(ws, lambda m: "disconnected" in m.get("message", ""))
            assert last["code"] == "rate_limited"


def test_http_abuse_is_refused_and_changes_nothing(client: TestClient, db: str) -> None:
    alice, match_id, _room = my_match(client)
    mallory = guest(client)
    assert client.get("/api/me").status_code == 401
    assert client.post("/api/matches", json={"game": "triple-triad"}).status_code == 401
    assert mallory.post(f"/api/matches/{match_id}/rematch").status_code == 403
    assert mallory.get(f"/api/matches/{match_id}/record").status_code == 409  # not over: nobody's yet
    assert mallory.post(f"/api/matches/{match_id}/leave").status_code == 409
    assert mallory.post(f"/api/matches/{match_id}/join", {"seat": 1}).status_code == 409
    huge = mallory.post("/api/matches", {"game": "triple-triad", "options": {"x": "y" * 70_000}})
    assert huge.status_code == 413
    bad_status = client.get("/api/matches?status=secret")
    assert bad_status.status_code == 422
    assert client.get("/api/matches/nope").status_code == 404
    count = Store(db).read_now(lambda s: s.scalar(select(func.count()).select_from(ActionRow)))
    assert count == 0


def test_too_many_spectators_without_a_session_from_one_address(db: str) -> None:
    with TestClient(create_app(Settings(db=db, ai_workers=0, spectators_per_address=2))) as client:
        alice, match_id, _room = my_match(client)
        url = f"/api/matches/{match_id}/ws"
        with client.websocket_connect(url) as one, client.websocket_connect(url) as two:
            assert receive(one)["seat"] is None and receive(two)["seat"] is None
            with client.websocket_connect(url) as three:
                error = receive(three)
                assert error["code"] == "rate_limited" and "without a session" in error["message"]
            with alice.socket(match_id) as mine:  # a session is counted on its own
                assert receive(mine)["seat"] == 0
            still_usable(one)
        with client.websocket_connect(url) as again:  # the others left: room again
            assert receive(again)["type"] == "welcome"
