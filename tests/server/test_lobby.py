"""Accounts (argon2, HttpOnly SameSite cookies, CSRF), guests, and the lobby: create any
game with any options, join, leave, spectate (or not), rematch, the open and running list."""

from __future__ import annotations

import json
from pathlib import Path

from fastapi.testclient import TestClient
from sqlalchemy import select
from typer.testing import CliRunner

from tcgkit.cli.app import app as cli
from tcgkit.server.accounts import CSRF_COOKIE, SESSION_COOKIE
from tcgkit.server.db import Account, LoginSession
from tcgkit.server.store import Store

from .conftest import guest, receive, receive_until, session_of, signed_up


def test_sign_up_stores_an_argon2_hash_and_sets_strict_http_only_cookies(client: TestClient, db: str) -> None:
    response = client.post("/api/signup", json={"name": "alice", "password": "correct horse"})
    assert response.status_code == 201
    cookies = response.headers.get_list("set-cookie")
    session = next(c for c in cookies if c.startswith(SESSION_COOKIE + "="))
    csrf = next(c for c in cookies if c.startswith(CSRF_COOKIE + "="))
    assert "HttpOnly" in session and "SameSite=strict" in session
    assert "HttpOnly" not in csrf and "SameSite=strict" in csrf
    alice = session_of(client, response)
    stored = Store(db).read_now(lambda s: s.scalars(select(Account).where(Account.name == "alice")).one())
    assert stored.password.startswith("$argon2id$") and "correct horse" not in stored.password
    tokens = Store(db).read_now(lambda s: [row.token_hash for row in s.scalars(select(LoginSession))])
    assert alice.token not in tokens and len(tokens) == 1  # only its hash is kept
    assert alice.get("/api/me").json() == {
        "account": alice.account, "name": "alice", "guest": False, "language": None}


def test_log_in_log_out_and_the_refusals(client: TestClient) -> None:
    signed_up(client, "bob")
    taken = client.post("/api/signup", json={"name": "bob", "password": "another one"})
    assert taken.status_code == 422 and "taken" in taken.json()["error"]
    assert client.post("/api/signup", json={"name": "x", "password": "long enough"}).status_code == 422
    assert client.post("/api/signup", json={"name": "carol", "password": "short"}).status_code == 422
    wrong = client.post("/api/login", json={"name": "bob", "password": "not his password"})
    nobody = client.post("/api/login", json={"name": "nobody", "password": "not his password"})
    assert wrong.status_code == nobody.status_code == 401
    assert wrong.json() == nobody.json() == {"error": "wrong name or password"}
    bob = session_of(client, client.post("/api/login", json={"name": "bob", "password": "correct horse"}))
    assert bob.get("/api/me").status_code == 200
    assert bob.post("/api/logout").status_code == 200
    assert bob.get("/api/me").status_code == 401


def test_writes_need_the_csrf_header_and_json(client: TestClient) -> None:
    alice = guest(client)
    cookie = {"cookie": f"{SESSION_COOKIE}={alice.token}"}
    forged = client.post("/api/matches", json={"game": "triple-triad"}, headers=cookie)
    assert forged.status_code == 403 and "x-csrf-token" in forged.json()["error"]
    wrong = client.post("/api/matches", json={"game": "triple-triad"},
                        headers={**cookie, "x-csrf-token": "no"})
    assert wrong.status_code == 403
    form = client.post("/api/matches", data={"game": "triple-triad"},
                       headers={**cookie, "x-csrf-token": alice.csrf})
    assert form.status_code == 415
    assert client.get("/api/matches").json() == []  # nothing was made


def test_bad_games_and_options_are_refused_naming_what_is_wrong(client: TestClient) -> None:
    alice = guest(client)
    unknown = alice.post("/api/matches", {"game": "chess"})
    assert unknown.status_code == 404 and "no game named 'chess'" in unknown.json()["error"]
    bad = alice.post("/api/matches", {"game": "triple-triad", "options": {"same": "maybe"}})
    assert bad.status_code == 422 and "same" in bad.json()["error"]
    extra = alice.post("/api/matches", {"game": "triple-triad", "options": {"castling": True}})
    assert extra.status_code == 422 and "castling" in extra.json()["error"]
    path = alice.post("/api/matches", {"game": "forge-fury", "options": {"card_file": "/etc/passwd"}})
    assert path.status_code == 422 and "never by a path" in path.json()["error"]
    nowhere = {"card_file": "sha256:" + "0" * 64}  # a hash of no file this server has
    unknown_ref = alice.post("/api/matches", {"game": "forge-fury", "options": nowhere})
    assert unknown_ref.status_code == 422
    seats = alice.post("/api/matches", {"game": "triple-triad", "seats": [{"kind": "me"}]})
    assert seats.status_code == 422 and "2 seats" in seats.json()["error"]
    level = alice.post("/api/matches", {"game": "triple-triad",
                                        "seats": [{"kind": "me"}, {"kind": "ai", "level": "godlike"}]})
    assert level.status_code == 422 and "godlike" in level.json()["error"]
    assert client.get("/api/matches").json() == []


def test_any_game_with_four_seats_invited_open_and_ai(client: TestClient) -> None:
    alice, bob, carol = signed_up(client, "alice"), signed_up(client, "bob"), guest(client)
    made = alice.create("conflictus", {"players": 4}, seats=[
        {"kind": "me"}, {"kind": "invite", "name": "bob"}, {"kind": "open"},
        {"kind": "ai", "level": "random"}])
    match_id = made["id"]
    assert [s["kind"] for s in made["seats"]] == ["human", "invited", "open", "ai"]
    assert [m["id"] for m in client.get("/api/matches?status=open").json()] == [match_id]
    assert carol.post(f"/api/matches/{match_id}/join", {"seat": 1}).status_code == 409  # bob's seat
    assert carol.post(f"/api/matches/{match_id}/join", {}).json()["seat"] == 2
    assert carol.post(f"/api/matches/{match_id}/leave").status_code == 200
    assert client.get(f"/api/matches/{match_id}").json()["seats"][2]["kind"] == "open"
    assert carol.post(f"/api/matches/{match_id}/join", {}).json()["seat"] == 2
    with carol.socket(match_id) as ws:  # not started: bob's seat is empty
        assert receive(ws)["code"] == "not_started"
    started = bob.post(f"/api/matches/{match_id}/join", {})
    assert started.json()["seat"] == 1 and started.json()["status"] == "running"
    assert bob.post(f"/api/matches/{match_id}/leave").status_code == 409  # running: seats stay
    assert [m["id"] for m in client.get("/api/matches?status=running").json()] == [match_id]
    with bob.socket(match_id) as ws:
        welcome = receive(ws)
        names = [s["name"] for s in welcome["seats"]]
        assert welcome["seat"] == 1 and names == ["alice", "bob", f"guest-{carol.account}", None]


def test_spectators_see_the_public_view_or_are_refused(client: TestClient) -> None:
    alice, watcher = guest(client), guest(client)
    open_match = alice.create("forge-fury", seats=[{"kind": "me"}, {"kind": "ai", "level": "random"}])
    closed = alice.create("forge-fury", seats=[{"kind": "me"}, {"kind": "ai", "level": "random"}],
                          spectators=False)
    with watcher.socket(open_match["id"]) as ws:
        welcome = receive(ws)
        assert welcome["seat"] is None and welcome["scene"]["viewer"] is None
        ws.send_text(json.dumps({"type": "act", "version": welcome["version"], "action": "pick red"}))
        assert receive_until(ws, lambda m: m["type"] == "error")["code"] == "spectator"
    with watcher.socket(closed["id"]) as ws:
        assert receive(ws)["code"] == "spectator"
    with client.websocket_connect(f"/api/matches/{open_match['id']}/ws") as ws:  # no session at all
        assert receive(ws)["seat"] is None


def test_a_rematch_seats_the_same_players_with_a_new_seed(client: TestClient, tmp_path: Path) -> None:
    alice = guest(client)
    made = alice.create("triple-triad", seats=[{"kind": "me"}, {"kind": "ai", "level": "random"}])
    assert alice.post(f"/api/matches/{made['id']}/rematch").status_code == 409  # not over yet
    room = client.app.state.server.rooms[made["id"]]  # type: ignore[attr-defined]
    with alice.socket(made["id"]) as ws:
        message = receive(ws)
        while message["scene"]["outcome"] is None:
            if message["scene"]["pending"]["player"] == 0 and message["type"] in ("welcome", "update"):
                ws.send_text(json.dumps({"type": "act", "version": message["version"],
                                         "action": message["scene"]["moves"][0]["notation"]}))
            message = receive_until(ws, lambda m: m["type"] == "update" and m["version"] == room.state.version
                                    or m["type"] == "update" and m["scene"]["outcome"] is not None)
    record = alice.get(f"/api/matches/{made['id']}/record").json()
    assert record["seed"] == room.seed and len(record["actions"]) == room.state.version
    exported = tmp_path / "match.json"
    exported.write_text(json.dumps(record))
    replayed = CliRunner().invoke(cli, ["replay", str(exported), "--no-color"])
    assert replayed.exit_code == 0, replayed.output  # tcgkit replay reads the export
    assert guest(client).get(f"/api/matches/{made['id']}/record").json() == record  # public
    again = alice.post(f"/api/matches/{made['id']}/rematch")
    assert again.status_code == 201
    rematch = again.json()
    assert rematch["rematch_of"] == made["id"] and rematch["status"] == "running"
    assert [s["kind"] for s in rematch["seats"]] == ["human", "ai"]
    assert client.app.state.server.rooms[rematch["id"]].seed != room.seed  # type: ignore[attr-defined]


def test_the_sqlite_database_and_its_wal_and_shm_files_are_private(tmp_path: Path) -> None:
    import os
    import stat

    from fastapi.testclient import TestClient

    from tcgkit.server.app import create_app

    from .conftest import fast

    path = tmp_path / "new.db"
    old = os.umask(0o022)  # the usual one: files made without a mode of their own are 0644
    try:
        with TestClient(create_app(fast(f"sqlite:///{path}"))) as client:
            guest(client)  # a write: the WAL and the shared memory exist while it is open
            made = [path, path.with_name("new.db-wal"), path.with_name("new.db-shm")]
            assert all(p.exists() for p in made)
            modes = {p.name: stat.S_IMODE(p.stat().st_mode) for p in made}
    finally:
        os.umask(old)
    assert modes == dict.fromkeys(modes, 0o600), modes
