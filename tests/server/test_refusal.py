"""One refusal type, said two ways: ``{"error": message}`` with its status over HTTP, an
``Error`` frame of its code over a match's socket."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from tcgkit.server.middleware import http_response
from tcgkit.server.protocol import Error, Step, parse_client
from tcgkit.server.refusal import Refusal

from .conftest import guest, receive


def test_a_refusal_is_an_http_answer_of_its_status_and_message() -> None:
    response = http_response(Refusal(409, "conflict", "the match is over: no seat to join", tag="t1"))
    assert response.status_code == 409
    assert json.loads(bytes(response.body)) == {"error": "the match is over: no seat to join"}


def test_a_refusal_is_a_socket_error_of_its_code_message_tag_and_version() -> None:
    refusal = Refusal(409, "stale", "the match is at version 3, not 2", tag="t1", version=3,
                      scene={"moves": []}, steps=[Step(version=3)])
    error = Error.of(refusal)
    assert error.model_dump(exclude_none=True) == {
        "type": "error", "code": "stale", "message": "the match is at version 3, not 2", "tag": "t1",
        "version": 3, "scene": {"moves": []}, "steps": [{"version": 3}]}
    assert Error.of(Refusal(404, "unknown_match", "no match 'x'")).model_dump(exclude_none=True) == {
        "type": "error", "code": "unknown_match", "message": "no match 'x'"}


def test_a_prefixed_refusal_keeps_its_status_and_code() -> None:
    refusal = Refusal(409, "conflict", "your cards are held").prefixed("seat 1: ")
    assert (refusal.status, refusal.code, refusal.message) == (409, "conflict", "seat 1: your cards are held")


def test_a_frame_that_does_not_parse_is_a_refusal_naming_what_is_wrong() -> None:
    with pytest.raises(Refusal) as raised:
        parse_client('{"type": "act", "version": "zero", "action": "x"}')
    assert raised.value.status == 400 and raised.value.code == "bad_message"
    assert raised.value.message.startswith("act: version:")


def test_one_refusal_reaches_an_http_client_and_a_socket_client_in_the_same_words(client: TestClient) -> None:
    answer = client.get("/api/matches/nothing-here")
    assert answer.status_code == 404 and answer.json() == {"error": "no match 'nothing-here'"}
    alice = guest(client)
    with alice.socket("nothing-here") as ws:
        assert receive(ws) == {"type": "error", "code": "unknown_match", "message": "no match 'nothing-here'",
                               "tag": None, "version": None, "scene": None, "steps": None}


def test_a_refusal_of_the_room_carries_the_requests_tag_and_the_match_version(client: TestClient) -> None:
    alice = guest(client)
    made = alice.create("triple-triad", {"first_player": 0},
                        seats=[{"kind": "me"}, {"kind": "ai", "level": "random"}])
    with alice.socket(made["id"]) as ws:
        welcome = receive(ws)
        ws.send_text(json.dumps({"type": "act", "version": welcome["version"], "action": "no such move",
                                 "tag": "mine"}))
        error = receive(ws)
        assert (error["type"], error["code"], error["tag"], error["version"]) == (
            "error", "illegal", "mine", welcome["version"])
