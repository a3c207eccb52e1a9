"""Issue 38, online play that cannot be abused: each finding of the attack on the match server,
shown fixed (consent for every match, bounded requests, a supervised AI, limits, sessions that
end, no move made silently for a player)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from fastapi.testclient import TestClient

from tcgkit.kernel.replay import Record
from tcgkit.server.ai import RETRIES, Pool, WorkerLost
from tcgkit.server.app import MAX_BODY, JsonWrites, create_app

from .conftest import fast, guest, receive, receive_until, signed_up


def test_a_chunked_body_is_refused_once_past_the_limit_without_reading_the_rest(
        live: tuple[str, Any]) -> None:
    url, _app = live
    where = urlparse(url)
    chunk = b"x" * 16384
    sent = 0
    with socket.create_connection((where.hostname, where.port), timeout=10) as raw:
        raw.sendall(b"POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    b"Transfer-Encoding: chunked\r\n\r\n")
        raw.settimeout(0.05)
        answer = b""
        while sent < 50 * 1024 * 1024 and not answer:
            try:
                raw.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                sent += len(chunk)
                answer = raw.recv(4096)
            except TimeoutError:
                continue
            except (BrokenPipeError, ConnectionResetError):
                break
        raw.settimeout(10)
        if not answer:
            answer = raw.recv(4096)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert sent < 4 * MAX_BODY  # answered as soon as the limit was passed


def test_the_body_limit_counts_what_streams_in_whatever_the_headers_say() -> None:
    reached: list[str] = []
    received = 0

    async def app(scope: Any, receive: Any, send: Any) -> None:
        reached.append(scope["path"])

    async def endless() -> dict[str, Any]:  # a client that never stops sending
        nonlocal received
        received += 1
        return {"type": "http.request", "body": b"x" * 1000, "more_body": True}

    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    for headers in ([(b"content-type", b"application/json")],
                    [(b"content-type", b"application/json"), (b"content-length", b"10")]):
        received = 0
        scope = {"type": "http", "method": "POST", "path": "/api/login", "headers": headers}
        asyncio.run(JsonWrites(app)(scope, endless, send))
        assert received == MAX_BODY // 1000 + 1  # read up to the limit, not one message more
        assert sent[-2]["status"] == 413 and b"over" in sent[-1]["body"]
    assert reached == []


def test_a_body_within_the_limit_still_reaches_the_route(client: Any) -> None:
    response = client.post("/api/signup", content=iter([b'{"name": "alice", ',
                                                        b'"password": "correct horse"}']),
                           headers={"content-type": "application/json"})
    assert response.status_code == 201, response.text
    assert json.loads(response.text)["account"] > 0


# -- finding 1: a rematch (any match that seats an account) is an invitation it accepts ----------------
def test_a_rematch_invites_the_other_player_and_moves_nothing_of_theirs_until_they_accept(
        client: Any) -> None:
    ana, rui = signed_up(client, "ana"), signed_up(client, "rui")
    made = ana.create("triple-triad", {"first_player": 0, "trade": "all"},
                      seats=[{"kind": "me"}, {"kind": "open"}],
                      rules={"grace": 0.5, "absence": "ai", "stand_in": "random"})
    assert rui.post(f"/api/matches/{made['id']}/join", {}).status_code == 200
    finish(client, made["id"], {0: ana, 1: rui})
    before = rui.get("/api/collection").json()
    asked = ana.post(f"/api/matches/{made['id']}/rematch", {})
    assert asked.status_code == 201, asked.text
    rematch = asked.json()
    assert rematch["status"] == "open" and rematch["rules"]["grace"] == 0.5  # the terms, shown
    assert [(s["kind"], s["name"]) for s in rematch["seats"]] == [("human", "ana"), ("invited", "rui")]
    assert client.app.state.server.rooms.get(rematch["id"]) is None  # nothing runs, nobody plays rui
    assert rui.get("/api/collection").json() == before  # and none of rui's cards is staked
    intruder = guest(client)
    assert intruder.post(f"/api/matches/{rematch['id']}/join", {}).status_code == 409
    assert rui.post(f"/api/matches/{rematch['id']}/leave").status_code == 409  # not his seat yet
    declined = rui.post(f"/api/matches/{rematch['id']}/decline")
    assert declined.status_code == 200 and declined.json()["status"] == "cancelled"
    assert ana.get("/api/collection").json()["held"] == {}  # ana's stake is free again
    assert rui.post(f"/api/matches/{rematch['id']}/join", {}).status_code == 409
    with rui.socket(rematch["id"]) as ws:
        assert receive(ws)["code"] == "not_started"


def test_an_accepted_rematch_stakes_what_each_player_chose(client: Any) -> None:
    ana, rui = signed_up(client, "ana"), signed_up(client, "rui")
    made = ana.create("triple-triad", {"first_player": 0, "trade": "one"},
                      seats=[{"kind": "me"}, {"kind": "open"}])
    assert rui.post(f"/api/matches/{made['id']}/join", {}).status_code == 200
    finish(client, made["id"], {0: ana, 1: rui})
    mine = "Geezard, Funguar, Bite Bug, Red Bat, Blobra"
    rematch = ana.post(f"/api/matches/{made['id']}/rematch", {"hand": mine}).json()
    assert rui.get("/api/collection").json()["held"] == {}
    ruis = "Gayla, Gesper, Fastitocalon-F, Blood Soul, Caterchipillar"
    accepted = rui.post(f"/api/matches/{rematch['id']}/join", {"hand": ruis})
    assert accepted.status_code == 200 and accepted.json()["status"] == "running", accepted.text
    room = client.app.state.server.rooms[rematch["id"]]
    assert room.decks == [mine.split(", "), ruis.split(", ")]


def finish(client: Any, match_id: str, players: dict[int, Any]) -> None:
    """Play ``match_id`` to its end, each seat its first legal move over its own socket."""
    room = client.app.state.server.rooms[match_id]
    sockets = {seat: player.socket(match_id) for seat, player in players.items()}
    opened = {seat: ws.__enter__() for seat, ws in sockets.items()}
    try:
        for ws in opened.values():
            receive_until(ws, lambda m: m["type"] == "welcome")
        while not room.over:
            mover = room.state.to_move
            version = room.state.version
            opened[mover].send_text(json.dumps({"type": "act", "version": version,
                                                "action": str(room.state.legal_actions()[0]), "tag": "t"}))
            receive_until(opened[mover], lambda m: m.get("ack") == "t" or m["type"] == "error")
    finally:
        for ws in sockets.values():
            ws.__exit__(None, None, None)


# -- finding 3: a supervised AI worker --------------------------------------------------------------
def test_a_worker_killed_mid_decision_is_replaced_and_the_decision_asked_again() -> None:
    pool = Pool(1)

    async def scenario() -> None:
        asked = asyncio.ensure_future(pool.ask("m", time.sleep, 1.5))
        while not pool.pids():
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.5)  # the worker is sleeping on it
        for pid in pool.pids():
            os.kill(pid, signal.SIGKILL)
        assert await asyncio.wait_for(asked, 30) is None  # answered by the new worker
        assert pool.replaced == 1
        assert await pool.ask("another match", abs, -3) == 3  # and it serves every match

    try:
        asyncio.run(scenario())
    finally:
        pool.shutdown()


def test_a_worker_that_cannot_be_kept_alive_is_reported() -> None:
    pool = Pool(1)
    try:
        with pytest.raises(WorkerLost):
            asyncio.run(pool.ask("m", os._exit, 1))  # every worker it starts dies on it
        assert pool.replaced == RETRIES + 1
    finally:
        pool.shutdown()


def test_ai_seats_play_on_after_their_worker_is_killed(db: str) -> None:
    with TestClient(create_app(replace(fast(db), ai_workers=1))) as client:
        alice = guest(client)
        made = alice.create("triple-triad", {"first_player": 0},
                            seats=[{"kind": "me"}, {"kind": "ai", "level": "random"}])
        server = client.app.state.server
        room = server.rooms[made["id"]]
        with alice.socket(made["id"]) as ws:
            receive(ws)
            for _ in range(2):
                for pid in server.pool.pids():
                    os.kill(pid, signal.SIGKILL)
                version = room.state.version
                ws.send_text(json.dumps({"type": "act", "version": version,
                                         "action": str(room.state.legal_actions()[0])}))
                receive_until(ws, lambda m, v=version: m["type"] == "update" and m["version"] == v + 2)
        assert room.problem is None and server.pool.replaced >= 1


def test_players_are_told_when_the_ai_is_lost(client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    alice = guest(client)
    made = alice.create("triple-triad", {"first_player": 0},
                        seats=[{"kind": "me"}, {"kind": "ai", "level": "random"}])
    room = client.app.state.server.rooms[made["id"]]

    async def lost(*_args: Any) -> str:
        raise WorkerLost("the AI worker died 3 times in a row")

    monkeypatch.setattr(client.app.state.server.pool, "ask", lost)
    with alice.socket(made["id"]) as ws:
        receive(ws)
        ws.send_text(json.dumps({"type": "act", "version": 0, "action": str(room.state.legal_actions()[0])}))
        error = receive_until(ws, lambda m: m["type"] == "error")
        assert error["code"] == "broken" and "AI of seat 1 is lost" in error["message"]
    with alice.socket(made["id"]) as ws:  # and whoever comes back is told too
        receive(ws)
        assert receive(ws)["code"] == "broken"


# -- finding 11: a worker (and the resource tracker) ends with its server ----------------------------
def test_the_ai_worker_and_resource_tracker_end_when_the_server_is_killed(tmp_path: Any) -> None:
    script = tmp_path / "serve.py"
    script.write_text(
        "import asyncio, multiprocessing.resource_tracker as tracker, time\n"
        "from tcgkit.server.ai import Pool\n"
        "if __name__ == '__main__':\n"
        "    pool = Pool(1)\n"
        "    asyncio.run(pool.ask('m', abs, 1))\n"
        "    print(*pool.pids(), tracker._resource_tracker._pid, flush=True)\n"
        "    time.sleep(60)\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    process = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, env=env)
    assert process.stdout is not None
    pids = [int(p) for p in process.stdout.readline().split()]
    assert len(pids) == 2
    process.kill()
    process.wait(10)
    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(alive(pid) for pid in pids)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with contextlib.suppress(ChildProcessError):  # a child of this test process: reaped
        if os.waitpid(pid, os.WNOHANG)[0] == pid:
            return False
    status = Path(f"/proc/{pid}/stat")
    return status.exists() and status.read_text().split(")")[-1].split()[0] != "Z"


# -- no move made silently for a player ------------------------------------------------------------
def test_between_people_running_out_of_time_loses_by_default(client: Any) -> None:
    alice, bob = guest(client), guest(client)
    made = alice.create("triple-triad", {"first_player": 0, "trade": "none"},
                        seats=[{"kind": "me"}, {"kind": "open"}], rules={"clock": "decision", "seconds": 0.4})
    assert made["rules"]["on_timeout"] == "lose" and made["rules"]["absence"] == "claim"  # shown
    assert bob.post(f"/api/matches/{made['id']}/join", {}).status_code == 200
    with bob.socket(made["id"]) as ws:
        ended = receive_until(ws, lambda m: m.get("ended") is not None)["ended"]
    assert ended["winner"] == 1 and ended["by"] == "server"
    assert client.app.state.server.rooms[made["id"]].state.version == 0  # nothing played for alice


def test_between_people_an_absent_players_seat_is_claimable_not_played(client: Any) -> None:
    alice, bob = guest(client), guest(client)
    made = alice.create("triple-triad", {"first_player": 1, "trade": "none"},
                        seats=[{"kind": "me"}, {"kind": "open"}], rules={"grace": 0.3})
    assert bob.post(f"/api/matches/{made['id']}/join", {}).status_code == 200
    room = client.app.state.server.rooms[made["id"]]
    with alice.socket(made["id"]) as ws:
        receive(ws)
        seats = receive_until(ws, lambda m: m["type"] == "seats" and m["seats"][1]["claimable"])["seats"]
        assert seats[1]["stand_in"] is None
        time.sleep(0.3)
        assert room.state.version == 0 and room.ai_level(1) is None  # bob's seat waits for a claim


def test_alone_against_the_ai_time_plays_the_default_and_absence_waits(client: Any) -> None:
    alice = guest(client)
    made = alice.create("triple-triad", {"first_player": 0, "trade": "none"},
                        seats=[{"kind": "me"}, {"kind": "ai", "level": "random"}])
    assert made["rules"]["on_timeout"] == "default" and made["rules"]["absence"] == "claim"
    trading = alice.create("triple-triad", {"first_player": 0, "trade": "one"},
                           seats=[{"kind": "me"}, {"kind": "ai", "level": "random"}])
    assert trading["rules"]["on_timeout"] == "default" and trading["rules"]["absence"] == "ai"


def test_a_move_the_server_makes_for_a_player_is_marked_everywhere(client: Any, tmp_path: Path) -> None:
    alice, bob = guest(client), guest(client)
    made = alice.create("triple-triad", {"first_player": 0, "trade": "none"},
                        seats=[{"kind": "me"}, {"kind": "open"}],
                        rules={"grace": 0.2, "absence": "ai", "stand_in": "random"})
    assert bob.post(f"/api/matches/{made['id']}/join", {}).status_code == 200
    room = client.app.state.server.rooms[made["id"]]
    with alice.socket(made["id"]) as ws:  # bob never comes: his seat is played by the stand-in
        receive(ws)
        while not room.over:
            version = room.state.version
            if room.state.to_move == 0:
                ws.send_text(json.dumps({"type": "act", "version": version,
                                         "action": str(room.state.legal_actions()[0]), "tag": "a"}))
            update = receive_until(ws, lambda m, v=version: m["type"] == "update" and m["version"] > v)
            step = update["steps"][-1]
            assert step.get("made_by") == ("stand_in" if room.history[step["version"] - 1][0] == 1 else None)
    his = {str(v) for v, (seat, _) in enumerate(room.history, 1) if seat == 1}
    with bob.socket(made["id"]) as ws:  # back at his own table: what was played for him says so
        welcome = receive(ws)
        assert {str(s["version"]) for s in welcome["steps"] if s.get("made_by") == "stand_in"} == his
    record = bob.get(f"/api/matches/{made['id']}/record").json()
    assert set(record["made_by"]) == his and set(record["made_by"].values()) == {"stand_in"}
    replayed = bob.get(f"/api/matches/{made['id']}/replay?seat=1").json()
    assert replayed["made_by"] == record["made_by"]
    exported = tmp_path / "match.json"
    exported.write_text(json.dumps(record))
    assert Record.load(exported).made_by == record["made_by"]  # the replay file keeps it
