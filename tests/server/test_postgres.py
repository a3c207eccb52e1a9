"""PostgreSQL: the server on it, and two server processes sharing one database: the players
of one match on different processes (events through LISTEN/NOTIFY, actions forwarded to the
match's owner), and the owner killed, its matches taken over by the other.

These tests need a PostgreSQL server: ``TCGKIT_TEST_POSTGRES=postgresql://USER@HOST:PORT/DB``
(a user who may create databases; each test makes one of its own). ``.ci/run`` starts one;
outside CI, without it, they are skipped.
"""

from __future__ import annotations

import json
import os
import secrets
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tcgkit.kernel.replay import MatchRecord, verify
from tcgkit.server.app import create_app
from tcgkit.server.client import Client, Table

from .conftest import fast, guest, receive_until
from .test_crash import ServerProcess, free_port

psycopg = pytest.importorskip("psycopg")
URL = os.environ.get("TCGKIT_TEST_POSTGRES", "")


def reachable(url: str) -> str | None:
    try:
        psycopg.connect(url, connect_timeout=3).close()
    except psycopg.Error as exc:
        return str(exc).strip().splitlines()[0]
    return None


@pytest.fixture
def pg() -> Iterator[str]:
    """A new database on the test server, dropped afterwards."""
    why = "TCGKIT_TEST_POSTGRES is not set" if not URL else reachable(URL)
    if why is not None:
        if os.environ.get("CI"):
            pytest.fail(f"CI has no PostgreSQL to test against: {why}")
        pytest.skip(f"no PostgreSQL server ({why}); set TCGKIT_TEST_POSTGRES=postgresql://... to run these")
    name = "tcgkit_" + secrets.token_hex(6)
    with psycopg.connect(URL, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    base, _, _ = URL.rpartition("/")
    yield f"{base}/{name}"
    with psycopg.connect(URL, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE {name} WITH (FORCE)")


def test_a_match_on_postgresql_plays_and_resumes(pg: str) -> None:
    with TestClient(create_app(fast(pg))) as client:
        alice, bob = guest(client), guest(client)
        made = alice.create("forge-fury", seats=[{"kind": "me"}, {"kind": "open"}])
        bob.post(f"/api/matches/{made['id']}/join", {})
        room = client.app.state.server.rooms[made["id"]]  # type: ignore[attr-defined]
        with alice.socket(made["id"]) as ws0, bob.socket(made["id"]) as ws1:
            sockets = {0: ws0, 1: ws1}
            for step in range(6):
                mover = room.state.to_move
                move = str(room.state.legal_actions()[0])
                sockets[mover].send_text(json.dumps({"type": "act", "version": room.state.version,
                                                     "tag": str(step), "action": move}))
                receive_until(sockets[mover], lambda m, step=step: m.get("ack") == str(step))
        version = room.state.version
        assert version == 6
    with TestClient(create_app(fast(pg))) as client:
        assert client.app.state.server.rooms[made["id"]].state.version == version  # type: ignore[attr-defined]


def finish(tables: dict[int, Table]) -> None:
    """Play first legal moves until the match is over, each by the seat to move."""
    while not all(t.over for t in tables.values()):
        mover = next((t for t in tables.values() if t.my_turn), None)
        if mover is None:
            next(t for t in tables.values() if not t.over).receive()
            continue
        mover.act(mover.scene["moves"][0]["notation"])
        for other in tables.values():
            while other.version < mover.version and not other.over:
                other.receive()


@pytest.mark.timeout(180)
def test_two_processes_share_a_match_and_one_takes_over_when_the_other_dies(pg: str, tmp_path: Path) -> None:
    one = ServerProcess(pg, free_port(), tmp_path / "one.log")
    two = ServerProcess(pg, free_port(), tmp_path / "two.log")
    one.start()
    two.start()
    try:
        alice, bob = Client(one.url), Client(two.url)
        alice.guest()
        bob.guest()
        played = alice.create("triple-triad", seats=[{"kind": "me"}, {"kind": "open"}])
        bob.join(played["id"])
        tables = {0: alice.connect(played["id"]), 1: bob.connect(played["id"])}
        finish(tables)  # each player's moves reach the other through the other process
        assert tables[0].scene["outcome"] == tables[1].scene["outcome"] is not None
        assert [s["version"] for s in tables[0].steps] == [s["version"] for s in tables[1].steps]

        second = alice.create("forge-fury", seats=[{"kind": "me"}, {"kind": "open"}])
        bob.join(second["id"])
        tables = {0: alice.connect(second["id"]), 1: bob.connect(second["id"])}
        for _ in range(4):
            mover = next(t for t in tables.values() if t.my_turn)
            mover.act(mover.scene["moves"][0]["notation"])
            for other in tables.values():
                while other.version < mover.version:
                    other.receive()
        two.kill()  # bob's process, the owner of the match bob joined and started
        bob_again = Client(one.url)
        bob_again.http.cookies = bob.http.cookies
        tables[1] = Table(bob_again, second["id"], since=tables[1].version)  # to the process still up
        finish(tables)
        for match in (played, second):
            record = MatchRecord.from_json(alice.record(match["id"]))
            assert verify(record).outcome is not None
    finally:
        one.stop()
        two.stop()


@pytest.mark.timeout(180)
def test_the_players_of_a_process_that_died_are_away_and_a_stand_in_plays_for_them(pg: str,
                                                                                   tmp_path: Path) -> None:
    one = ServerProcess(pg, free_port(), tmp_path / "one.log")
    two = ServerProcess(pg, free_port(), tmp_path / "two.log")
    one.start()
    two.start()
    try:
        alice, bob = Client(one.url), Client(two.url)
        alice.guest()
        bob.guest()
        made = alice.create("forge-fury", seats=[{"kind": "me"}, {"kind": "open"}],
                            rules={"grace": 1, "absence": "ai", "stand_in": "random"})
        bob.join(made["id"])  # the match starts on two, which owns it; alice is on one, a replica
        tables = {0: alice.connect(made["id"]), 1: bob.connect(made["id"])}
        while not tables[1].seats or not all(s["connected"] for s in tables[1].seats):
            tables[1].receive()
        one.kill()  # alice's process, not the match's owner: nobody tells two she left
        deadline = time.monotonic() + 60
        while tables[1].seats[0]["connected"] or tables[1].seats[0]["stand_in"] is None:
            assert time.monotonic() < deadline, tables[1].seats
            tables[1].receive(timeout=30)
        assert tables[1].seats[0]["absent_for"] is not None
        finish({1: tables[1]})  # the stand-in plays alice's turns to the end
        assert tables[1].over
    finally:
        one.stop()
        two.stop()
