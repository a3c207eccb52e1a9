"""Nothing lost: a real server process (``tcgkit serve`` on uvicorn) killed with SIGKILL in
the middle of its matches, restarted on the same database, resumes every one of them; the
clients reconnect from their cursors and finish; every record replays exactly."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

import tcgkit
from own_games import own_games
from tcgkit.kernel.replay import MatchRecord, verify
from tcgkit.kernel.rng import Rng
from tcgkit.server.client import Client, Table

GAMES = [entry.name for entry in own_games()]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class ServerProcess:
    """``tcgkit serve`` in a subprocess of its own (its own process group, killed whole)."""

    def __init__(self, db: str, port: int, log: Path) -> None:
        self.db, self.port, self.log = db, port, log
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "tcgkit", "serve", "--port", str(self.port), "--db", self.db,
                 "--rate", "1000", "--per-minute", "100000"],
                stdout=out, stderr=subprocess.STDOUT, env=env, start_new_session=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"the server exited: {self.log.read_text()[-2000:]}")
            try:
                if httpx.get(self.url + "/api/games", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.2)
        raise AssertionError("the server did not start in 60 s")

    def kill(self) -> None:
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.kill()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    made = ServerProcess(f"sqlite:///{tmp_path / 'server.db'}", free_port(), tmp_path / "server.log")
    made.start()
    yield made
    made.stop()


def play_some(tables: dict[int, Table], rng: Rng, moves: int) -> None:
    """``moves`` random moves in a match (or up to its end), each by the seat to move; an
    AI seat's moves are waited for."""
    done = 0
    while done < moves and not all(t.over for t in tables.values()):
        table = next((t for t in tables.values() if t.my_turn), None)
        if table is None:
            next(t for t in tables.values() if not t.over).receive()
            continue
        done += 1
        moves_now = table.scene["moves"]
        table.act(moves_now[rng.below(len(moves_now))]["notation"])
        for other in tables.values():
            while other.version < table.version:
                other.receive()


@pytest.mark.timeout(240)
def test_sigkill_mid_match_then_restart_resumes_every_match(server: ServerProcess) -> None:
    alice, bob = Client(server.url), Client(server.url)
    alice.guest()
    bob.guest()
    matches: dict[str, dict[int, Table]] = {}
    for game in GAMES:
        if tcgkit.find_game(game).cls.min_players != 2:
            continue
        made = alice.create(game, seats=[{"kind": "me"}, {"kind": "open"}])
        bob.join(made["id"])
        matches[made["id"]] = {0: alice.connect(made["id"]), 1: bob.connect(made["id"])}
    against_ai = alice.create("triple-triad", seats=[{"kind": "me"}, {"kind": "ai", "level": "greedy"}])
    matches[against_ai["id"]] = {0: alice.connect(against_ai["id"])}
    rng = Rng(5)
    for tables in matches.values():
        play_some(tables, rng, 6)
    acknowledged = {match_id: max(t.version for t in tables.values()) for match_id, tables in matches.items()}
    # one more action sent, and the server killed before its answer can be read
    first_id, first = next(iter(matches.items()))
    mover = next(t for t in first.values() if t.my_turn)
    assert mover._ws is not None
    mover._ws.send(json.dumps({"type": "act", "version": mover.version,
                               "action": mover.scene["moves"][0]["notation"]}))
    in_flight = mover.version
    server.kill()
    server.start()
    for match_id, tables in matches.items():
        resumed = Client(server.url).describe(match_id)
        assert resumed["status"] in ("running", "over"), resumed
        for table in tables.values():
            table.receive()  # the connection was lost: this reconnects from the cursor
            assert table.version >= acknowledged[match_id]  # nothing acknowledged was lost
            if match_id == first_id:  # the action in flight was committed whole, or not at all
                assert table.version in (in_flight, in_flight + 1)
        play_some(tables, rng, 100_000)
        for table in tables.values():
            while not table.over:
                table.receive()
    for match_id in matches:
        record = MatchRecord.from_json(alice.record(match_id))
        final = verify(record)  # replays exactly to the outcome the server recorded
        assert final.outcome is not None and final.outcome.to_json() == record.outcome
        assert len(record.actions) == max(t.version for t in matches[match_id].values())
