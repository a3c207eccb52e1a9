"""Issue 38, online play that cannot be abused: each finding of the attack on the match server,
shown fixed (consent for every match, bounded requests, a supervised AI, limits, sessions that
end, no move made silently for a player)."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import logging
import os
import signal
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import httpx
import pytest
from argon2.exceptions import VerificationError
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tcgkit.games.triple_triad import TripleTriad
from tcgkit.kernel.replay import MatchRecord
from tcgkit.server import accounts
from tcgkit.server.accounts import SESSION_COOKIE
from tcgkit.server.ai import RETRIES, Pool, WorkerLost
from tcgkit.server.app import create_app
from tcgkit.server.middleware import MAX_BODY, JsonWrites
from tcgkit.server.routes import games as games_routes
from tcgkit.server.service import Settings

from .conftest import fast, guest, receive, receive_until, session_of, signed_up


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
            if mover not in opened:  # an AI seat's move
                any_ws = next(iter(opened.values()))
                receive_until(any_ws, lambda m, v=version: m["type"] == "update" and m["version"] > v)
                continue
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

    async def lost(*_args: Any, **_kwargs: Any) -> str:
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
        assert room.state.version == 0 and room.ai_seats.level(1) is None  # bob's seat waits for a claim


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
    assert MatchRecord.load(exported).made_by == record["made_by"]  # the replay file keeps it


# -- finding 6: argon2 in a bounded pool of its own ------------------------------------------------
def test_a_flood_of_log_ins_does_not_slow_other_requests(live: tuple[str, Any],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    url, app = live
    slow = SlowHasher(0.5)
    monkeypatch.setattr(accounts, "HASHER", slow)
    app.state.server.hashing.waiting = 6
    with httpx.Client(base_url=url) as http:
        me = http.post("/api/guest", json={})
        cookie = {"cookie": f"{SESSION_COOKIE}={me.cookies[SESSION_COOKIE]}"}

        def wrong_log_in() -> int:
            return httpx.post(url + "/api/login", json={"name": "nobody", "password": "x" * 10},
                              timeout=30).status_code

        with ThreadPoolExecutor(12) as flood:
            answers = [flood.submit(wrong_log_in) for _ in range(12)]
            while slow.running < 2:
                time.sleep(0.01)
            started = time.monotonic()
            assert http.get("/api/me", headers=cookie).status_code == 200
            waited = time.monotonic() - started
            codes = sorted(answer.result() for answer in answers)
    assert waited < 0.25  # not behind the hashes (0.5 s each) in threads it shares
    assert slow.most == 2  # hashed two at a time, however many asked
    assert codes == [401] * 6 + [503] * 6  # past the bound of those waiting, refused at once


class SlowHasher:
    """An argon2 stand-in that takes ``seconds``, counting how many run at once."""

    def __init__(self, seconds: float) -> None:
        self.seconds, self.running, self.most = seconds, 0, 0

    def verify(self, _stored: str, _password: str) -> bool:
        self.running += 1
        self.most = max(self.most, self.running)
        time.sleep(self.seconds)
        self.running -= 1
        raise VerificationError("no")


# -- finding 9: the game listing built once per language ------------------------------------------
def test_the_game_listing_is_built_once_per_language(client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[str] = []
    real = games_routes.game_listing

    def counted(words: Any) -> Any:
        built.append(words.lang)
        return real(words)

    monkeypatch.setattr(games_routes, "game_listing", counted)
    first = client.get("/api/games?lang=pt").json()
    assert client.get("/api/games?lang=pt").json() == first
    assert client.get("/api/games", headers={"accept-language": "pt-BR"}).json() == first
    assert client.get("/api/games?lang=en").json() != first
    assert built == ["pt", "en"]


# -- findings 12 and 13: integers are integers, of any size a client may send ----------------------
@pytest.mark.parametrize("frame, words", [
    ('{"type": "act", "version": "0", "action": "x"}', "version"),
    ('{"type": "act", "version": true, "action": "x"}', "version"),
    ('{"type": "sync", "since": 0.0}', "since"),
    ('{"type": "act", "version": ' + "9" * 5000 + ', "action": "x"}', "a number too long"),
])
def test_a_version_that_is_not_an_integer_is_refused_with_an_error_frame(client: Any, frame: str,
                                                                         words: str) -> None:
    alice = guest(client)
    made = alice.create("triple-triad", {"first_player": 0, "trade": "none"},
                        seats=[{"kind": "me"}, {"kind": "ai", "level": "random"}])
    room = client.app.state.server.rooms[made["id"]]
    with alice.socket(made["id"]) as ws:
        receive(ws)
        ws.send_text(frame.replace('"x"', json.dumps(str(room.state.legal_actions()[0]))))
        error = receive(ws)
        assert error["code"] == "bad_message" and words in error["message"], error
        ws.send_text(json.dumps({"type": "ping"}))
        assert receive(ws)["type"] == "pong"  # still open
    assert room.state.version == 0


# -- finding 14: a frame of invalid UTF-8 is one line in the log -----------------------------------
def test_an_invalid_utf8_frame_logs_no_traceback(live: tuple[str, Any]) -> None:
    url, _app = live
    records: list[logging.LogRecord] = []
    catcher = logging.Handler()
    catcher.emit = records.append  # type: ignore[method-assign]
    logging.getLogger("uvicorn.error").addHandler(catcher)
    try:
        with httpx.Client(base_url=url) as http:
            me = http.post("/api/guest", json={})
            token, csrf = me.cookies[SESSION_COOKIE], me.json()["csrf"]
            made = http.post("/api/matches", json={"game": "triple-triad", "options": {"trade": "none"}},
                             headers={"x-csrf-token": csrf}).json()
        where = urlparse(url)
        with socket.create_connection((where.hostname, where.port), timeout=10) as raw:
            raw.sendall((f"GET /api/matches/{made['id']}/ws HTTP/1.1\r\nHost: {where.netloc}\r\n"
                         "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
                         f"Sec-WebSocket-Key: {base64.b64encode(os.urandom(16)).decode()}\r\n"
                         f"Cookie: {SESSION_COOKIE}={token}\r\n\r\n").encode())
            assert raw.recv(4096).startswith(b"HTTP/1.1 101")
            payload, mask = b"\xff\xfe\xfd", os.urandom(4)
            raw.sendall(bytes([0x81, 0x80 | len(payload)]) + mask
                        + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
            deadline = time.monotonic() + 5
            while not records and time.monotonic() < deadline:
                time.sleep(0.05)
    finally:
        logging.getLogger("uvicorn.error").removeHandler(catcher)
    assert records and all(r.exc_info is None for r in records), [r.getMessage() for r in records]


# -- finding 15: forwarded addresses trusted only from the proxies the operator names ---------------
def test_the_server_trusts_no_forwarded_address_unless_told(monkeypatch: pytest.MonkeyPatch,
                                                            tmp_path: Path) -> None:
    import uvicorn
    from typer.testing import CliRunner

    from tcgkit.cli.app import app as cli

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda _app, **kwargs: calls.append(kwargs))
    db = f"sqlite:///{tmp_path / 'server.db'}"
    assert CliRunner().invoke(cli, ["serve", "--db", db]).exit_code == 0
    assert CliRunner().invoke(cli, ["serve", "--db", db, "--forwarded-allow-ips", "10.0.0.7"]).exit_code == 0
    assert calls[0]["proxy_headers"] is False
    assert calls[1]["proxy_headers"] is True and calls[1]["forwarded_allow_ips"] == "10.0.0.7"


# -- findings 16 and 17: no API description for probing; pages that say what a browser may do ------
def test_no_openapi_and_every_answer_carries_the_security_headers(client: Any) -> None:
    assert client.get("/openapi.json").status_code == 404
    for answer in (client.get("/"), client.get("/app.js"), client.get("/api/games"),
                   client.post("/api/login", content=b"x", headers={"content-type": "text/plain"})):
        headers = answer.headers
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        assert "default-src 'self'" in headers["content-security-policy"]
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "same-origin"
        assert headers["x-frame-options"] == "DENY"


# -- finding 4: an import holds only what a local profile could ------------------------------------
def test_an_import_is_checked_against_what_a_local_profile_can_hold(client: Any) -> None:
    ana = signed_up(client, "ana")
    before = ana.get("/api/collection").json()

    def send(cards: dict[str, Any]) -> Any:
        return ana.post("/api/collection/import", {"collections": {"triple-triad": cards}})

    strongest = {card.name: 999 for card in TripleTriad().cards.cards if card.level == 10}
    refused = send({**strongest, "Geezard": 5})
    assert refused.status_code == 422
    assert "levels 1 to 2" in refused.json()["error"] and "Quistis (level 10)" in refused.json()["error"]
    spelled = send({"Geezard": 999, "geezard": 999, "GEEZARD": 999, "#1": 999, "Funguar": 1})
    assert spelled.status_code == 422, spelled.text
    assert "Geezard is named 4 times" in spelled.json()["error"]
    assert ana.get("/api/collection").json() == before  # nothing refused changed anything
    assert send({"Geezard": 999, "Grendel": 4}).status_code == 200  # what the terminal can win


# -- finding 7: presence coalesced ----------------------------------------------------------------
def test_spectators_coming_and_going_send_the_players_nothing_and_players_one_frame(db: str) -> None:
    with TestClient(create_app(replace(fast(db), spectators_per_address=100))) as client:
        alice, bob = guest(client), guest(client)
        made = alice.create("triple-triad", {"first_player": 0, "trade": "none"},
                            seats=[{"kind": "me"}, {"kind": "open"}], rules={"grace": 60})
        assert bob.post(f"/api/matches/{made['id']}/join", {}).status_code == 200
        with alice.socket(made["id"]) as ws:
            receive(ws)
            time.sleep(0.3)
            frames_until_pong(ws)  # her own coming
            for _ in range(30):
                with client.websocket_connect(f"/api/matches/{made['id']}/ws") as watcher:
                    receive(watcher)
            assert frames_until_pong(ws) == []  # no spectator changed a seat
            for _ in range(10):
                with bob.socket(made["id"]) as his:
                    receive(his)
            time.sleep(0.3)
            seats = frames_until_pong(ws)
            assert 1 <= len(seats) <= 3 and seats[-1]["seats"][1]["connected"] is False


def frames_until_pong(ws: Any) -> list[dict[str, Any]]:
    """The Seats frames received before the answer to a ping sent now."""
    ws.send_text(json.dumps({"type": "ping"}))
    seen = []
    while (message := receive(ws))["type"] != "pong":
        assert message["type"] == "seats", message
        seen.append(message)
    return seen


# -- finding 8: finished and idle rooms leave memory, and come back on demand -----------------------
def test_finished_and_idle_rooms_are_dropped_and_loaded_again_on_demand(db: str) -> None:
    with TestClient(create_app(replace(fast(db), room_idle=0.2, sweep_every=0.05))) as client:
        server = client.app.state.server
        alice = guest(client)
        over = alice.create("triple-triad", {"first_player": 0, "trade": "none"},
                            seats=[{"kind": "me"}, {"kind": "ai", "level": "random"}])
        finish(client, over["id"], {0: alice})
        waiting = alice.create("triple-triad", {"first_player": 0, "trade": "none"},
                               seats=[{"kind": "me"}, {"kind": "ai", "level": "random"}],
                               rules={"grace": 0.1})
        timed = alice.create("triple-triad", {"first_player": 0, "trade": "none"},
                             seats=[{"kind": "me"}, {"kind": "ai", "level": "random"}],
                             rules={"clock": "chess", "seconds": 600})
        with alice.socket(waiting["id"]) as ws:
            receive(ws)
            ws.send_text(json.dumps({"type": "act", "version": 0, "tag": "a",
                                     "action": str(server.rooms[waiting["id"]].state.legal_actions()[0])}))
            receive_until(ws, lambda m: m["type"] == "update" and m["version"] == 2)
        deadline = time.monotonic() + 10
        while (over["id"] in server.rooms or waiting["id"] in server.rooms) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert over["id"] not in server.rooms and waiting["id"] not in server.rooms
        assert timed["id"] in server.rooms  # its clock runs: it stays
        with alice.socket(over["id"]) as ws:  # loaded again, as it was
            assert receive(ws)["scene"]["outcome"] is not None
        with alice.socket(waiting["id"]) as ws:
            welcome = receive(ws)
            assert welcome["version"] == 2 and welcome["scene"]["pending"]["player"] == 0


# -- finding 10: sessions that end, and their sockets with them ------------------------------------
def test_logging_out_closes_the_sessions_sockets(client: Any) -> None:
    alice = signed_up(client, "alice")
    made = alice.create("triple-triad", {"first_player": 0, "trade": "none"},
                        seats=[{"kind": "me"}, {"kind": "ai", "level": "random"}])
    with alice.socket(made["id"]) as ws:
        receive(ws)
        assert alice.post("/api/logout").status_code == 200
        error = receive_until(ws, lambda m: m["type"] == "error")
        assert error["code"] == "signed_out"
        with pytest.raises(WebSocketDisconnect):
            receive(ws)
    assert client.app.state.server.rooms[made["id"]].state.version == 0


def test_sessions_expire_and_an_account_keeps_only_its_newest(db: str,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    with TestClient(create_app(replace(fast(db), sweep_every=0.05))) as client:
        signed_up(client, "alice")

        def log_in() -> Any:
            return session_of(client, client.post("/api/login", json={"name": "alice",
                                                                      "password": "correct horse"}))

        sessions = [log_in() for _ in range(accounts.MAX_SESSIONS + 2)]
        assert [s.get("/api/me").status_code for s in sessions[:3]] == [401, 401, 200]  # the oldest ended
        monkeypatch.setattr(accounts, "SESSION_SECONDS", 1.5)
        short = log_in()
        made = short.create("triple-triad", {"first_player": 0, "trade": "none"},
                            seats=[{"kind": "me"}, {"kind": "ai", "level": "random"}])
        with short.socket(made["id"]) as ws:
            receive(ws)
            assert receive_until(ws, lambda m: m["type"] == "error")["code"] == "signed_out"
        assert short.get("/api/me").status_code == 401  # and the cookie no longer works


# -- finding 5: limits per address and per account, and the AI shared fairly -----------------------
def test_guests_sign_ups_log_ins_and_matches_are_limited(db: str) -> None:
    settings = Settings(db=db, ai_workers=0, accounts_per_minute=3, logins_per_minute=3,
                        matches_per_minute=3, burst=3)  # three at once, then one in 20 s
    with TestClient(create_app(settings)) as client:
        made = [client.post("/api/guest", json={}) for _ in range(4)]
        assert [m.status_code for m in made] == [201, 201, 201, 429]
        refused = client.post("/api/signup", json={"name": "eve", "password": "correct horse"})
        assert refused.status_code == 429 and "try again in" in refused.json()["error"]
        logins = [client.post("/api/login", json={"name": "x", "password": "y" * 8}).status_code
                  for _ in range(4)]
        assert logins == [401, 401, 401, 429]
        alice = session_of(client, made[0])
        new = {"game": "triple-triad", "options": {"trade": "none"}}
        assert [alice.post("/api/matches", new).status_code for _ in range(4)] == [201, 201, 201, 429]
        bob = session_of(client, made[1])
        assert bob.post("/api/matches", new).status_code == 201  # per account


def test_one_accounts_many_ai_seats_do_not_make_anothers_wait_behind_them() -> None:
    pool = Pool(0)
    finished: list[str] = []

    async def decide(who: str, match: str) -> None:
        await pool.ask(match, time.sleep, 0.05, share=who)
        finished.append(who)

    async def scenario() -> None:
        busy = [asyncio.ensure_future(decide("mallory", f"m{n}")) for n in range(12)]
        await asyncio.sleep(0.01)
        mine = asyncio.ensure_future(decide("alice", "a"))
        await asyncio.gather(*busy, mine)

    try:
        asyncio.run(scenario())
    finally:
        pool.shutdown()
    assert finished.index("alice") <= 2  # served in turn, not after mallory's twelve
