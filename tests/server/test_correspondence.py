"""Correspondence matches: clocks in hours or days a decision, a match that waits while its
players are away (``absence="wait"``: no stand-in, no claim), the list of the matches where it
is an account's turn (from the database, no room loaded), and a match resumed after a server
killed and restarted, its clock keeping the deadline it had."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tcgkit.kernel.rng import Rng
from tcgkit.server import watch_lists
from tcgkit.server.app import create_app
from tcgkit.server.client import Client, Table
from tcgkit.server.store import Store

from .conftest import Player, fast, receive, receive_until, signed_up
from .test_authority import room_of
from .test_crash import ServerProcess, free_port
from .test_postgres import pg as pg  # a new PostgreSQL database (skipped without one, outside CI)

DAYS = {"clock": "decision", "seconds": 3 * 86400, "unit": "days", "absence": "wait", "on_timeout": "lose"}


def correspondence(client: TestClient, rules: dict[str, Any], options: dict[str, Any] | None = None
                   ) -> tuple[Player, Player, str]:
    alice, bob = signed_up(client, "alice"), signed_up(client, "bob")
    made = alice.create("triple-triad", options or {"first_player": 0, "trade": "none"},
                        seats=[{"kind": "me"}, {"kind": "open"}], rules=rules)
    joined = bob.post(f"/api/matches/{made['id']}/join", {})
    assert joined.status_code == 200 and joined.json()["status"] == "running", joined.text
    return alice, bob, made["id"]


def turn_ids(player: Player) -> list[str]:
    answer = player.get("/api/turns")
    assert answer.status_code == 200, answer.text
    return [m["id"] for m in answer.json()]


def test_a_clock_in_days_that_waits_for_absent_players_is_accepted_and_shown(client: TestClient) -> None:
    alice, _bob, match_id = correspondence(client, DAYS)
    shown = alice.get(f"/api/matches/{match_id}").json()["rules"]
    assert (shown["unit"], shown["seconds"], shown["absence"]) == ("days", 3 * 86400, "wait")
    with alice.socket(match_id) as ws:
        clock = receive(ws)["clocks"][0]
        assert clock["running"] and 3 * 86400 - 5 < clock["buffer"] <= 3 * 86400


@pytest.mark.parametrize(("rules", "says"), [
    ({"clock": "decision", "seconds": 3, "unit": "weeks"}, "'hours' or 'days'"),
    ({"clock": "decision", "seconds": 8 * 86400, "unit": "days"}, "\"rules\",\"seconds\""),
    ({"absence": "sleep"}, "'claim' or 'wait'"),
])
def test_a_unit_or_absence_that_does_not_exist_is_refused_with_its_reason(
        client: TestClient, rules: dict[str, Any], says: str) -> None:
    alice = signed_up(client, "alice")
    answer = alice.post("/api/matches", {"game": "triple-triad", "rules": rules})
    assert answer.status_code == 422 and says in answer.text, answer.text
    assert client.get("/api/matches").json() == []


def test_a_trading_match_cannot_wait_for_an_absent_player(client: TestClient) -> None:
    alice = signed_up(client, "alice")
    answer = alice.post("/api/matches", {"game": "triple-triad", "options": {"trade": "one"},
                                         "seats": [{"kind": "me"}, {"kind": "open"}],
                                         "rules": {"absence": "wait"}})
    assert answer.status_code == 422 and "absence=ai" in answer.text, answer.text


def test_an_absent_player_is_waited_for_no_claim_and_no_stand_in(client: TestClient) -> None:
    alice, bob, match_id = correspondence(client, {**DAYS, "grace": 0.2})
    room = room_of(client, match_id)
    with bob.socket(match_id) as ws:  # alice, whose turn it is, is away
        receive(ws)
        time.sleep(0.6)  # three times the grace
        ws.send_text(json.dumps({"type": "claim", "seat": 0}))
        refused = receive_until(ws, lambda m: m["type"] == "error")
        assert refused["code"] == "not_absent"
        seats = room.presence.seat_info()
        assert not seats[0].connected and seats[0].absent_for is not None
        assert seats[0].stand_in is None and not seats[0].claimable
    assert room.state.version == 0 and not room.over and room.state.to_move == 0


def test_the_your_turn_list_follows_the_moves_and_needs_no_room(client: TestClient, db: str) -> None:
    alice, bob, match_id = correspondence(client, DAYS)
    assert turn_ids(alice) == [match_id] and turn_ids(bob) == []
    room = room_of(client, match_id)
    with alice.socket(match_id) as ws:
        welcome = receive(ws)
        ws.send_text(json.dumps({"type": "act", "version": 0, "tag": "m",
                                 "action": welcome["scene"]["moves"][0]["notation"]}))
        receive_until(ws, lambda m: m.get("ack") == "m")
    assert room.state.to_move == 1
    assert turn_ids(alice) == [] and turn_ids(bob) == [match_id]
    listed = bob.get("/api/turns").json()[0]
    assert listed["move"] == 1 and listed["seat"] == 1
    assert listed["deadline"] == pytest.approx(listed["since"] + 3 * 86400)
    # read from the database alone, by a store of its own: no server, no room
    store = Store(db)
    store.start()
    try:
        found = asyncio.run(watch_lists.your_turn(store, bob.account))
        assert [m["id"] for m in found] == [match_id]
    finally:
        store.stop()


def test_a_deadline_passed_while_the_server_was_down_ends_the_match_when_it_is_back(db: str) -> None:
    rules = {"clock": "decision", "seconds": 3, "absence": "wait", "on_timeout": "lose"}
    with TestClient(create_app(fast(db))) as client:
        alice, bob, match_id = correspondence(client, rules)
    time.sleep(3.2)  # down for longer than the decision's time: it ran out meanwhile
    with TestClient(create_app(fast(db))) as client:
        back = time.monotonic()
        alice, bob = (Player(client, p.token, p.csrf, p.account) for p in (alice, bob))
        with bob.socket(match_id) as ws:
            first = receive(ws)
            ended = first if first.get("ended") else receive_until(ws, lambda m: m.get("ended"))
        assert time.monotonic() - back < 1.5  # not a fresh 3 s for the decision
        assert ended["ended"]["by"] == "server" and ended["ended"]["winner"] == 1  # alice ran out
        assert room_of(client, match_id).over
        assert turn_ids(alice) == [] and turn_ids(bob) == []


def play_moves(tables: dict[int, Table], rng: Rng, moves: int) -> None:
    for _ in range(moves):
        table = next(t for t in tables.values() if t.my_turn)
        options = table.scene["moves"]
        table.act(options[rng.below(len(options))]["notation"])
        for other in tables.values():
            while other.version < table.version:
                other.receive()


@pytest.mark.timeout(180)
def test_a_correspondence_match_resumes_after_a_kill_with_its_deadline(tmp_path: Path) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'server.db'}", free_port(), tmp_path / "server.log")
    server.start()
    try:
        alice, bob = Client(server.url), Client(server.url)
        alice.sign_up("alice", "correct horse")
        bob.sign_up("bob", "correct horse")
        hours = {"clock": "decision", "seconds": 2 * 3600, "unit": "hours", "absence": "wait"}
        made = alice.create("triple-triad", {"first_player": 0, "trade": "none"},
                            seats=[{"kind": "me"}, {"kind": "open"}], rules=hours)
        bob.join(made["id"])
        match_id = made["id"]
        tables = {0: alice.connect(match_id), 1: bob.connect(match_id)}
        play_moves(tables, Rng(3), 3)  # alice, bob, alice: bob's turn now
        opened = time.time()
        assert [m["id"] for m in bob.turns()] == [match_id] and alice.turns() == []
        tables[0].close()
        tables[1].close()
        time.sleep(1.5)
        server.kill()
        time.sleep(2)  # the server is down: the decision's time still runs
        server.start()
        assert [m["id"] for m in bob.turns()] == [match_id] and alice.turns() == []
        table = bob.connect(match_id)
        assert table.my_turn and table.version == 3
        clock = next(c for c in table.clocks if c["seat"] == 1)
        waited = time.time() - opened
        assert clock["running"] and 2 * 3600 - waited - 2 < clock["buffer"] <= 2 * 3600 - waited + 0.5
        table.act(table.scene["moves"][0]["notation"])
        assert table.version == 4
        assert [m["id"] for m in alice.turns()] == [match_id] and bob.turns() == []
        table.close()
    finally:
        server.stop()


def test_the_turns_the_live_list_and_the_deadline_on_postgresql(pg: str) -> None:
    with TestClient(create_app(fast(pg))) as client:
        alice, bob, match_id = correspondence(client, DAYS)
        assert turn_ids(alice) == [match_id] and turn_ids(bob) == []
        with alice.socket(match_id) as ws:
            welcome = receive(ws)
            ws.send_text(json.dumps({"type": "act", "version": 0, "tag": "m",
                                     "action": welcome["scene"]["moves"][0]["notation"]}))
            receive_until(ws, lambda m: m.get("ack") == "m")
        assert turn_ids(alice) == [] and turn_ids(bob) == [match_id]
        assert [(m["id"], m["move"]) for m in client.get("/api/live").json()] == [(match_id, 1)]
    time.sleep(1)
    with TestClient(create_app(fast(pg))) as client:
        bob = Player(client, bob.token, bob.csrf, bob.account)
        assert turn_ids(bob) == [match_id]
        with bob.socket(match_id) as ws:
            clock = receive(ws)["clocks"][1]
            assert clock["running"] and clock["buffer"] < 3 * 86400 - 1  # the deadline it had
