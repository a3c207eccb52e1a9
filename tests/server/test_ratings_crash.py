"""A rated match's rating is written in the transaction of its last action: a server
SIGKILLed while writing it leaves neither the result nor the rating (the action is played
again after the restart and rated then), and one killed just after that commit, before
anything else, comes back rated exactly once."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from tcgkit.server.app import create_app
from tcgkit.server.db import RatingChange, RatingRow
from tcgkit.server.room import Room
from tcgkit.server.store import Store

from .conftest import Player, fast, receive, receive_until, signed_up

CRASH = """
import asyncio, json, os, signal, sys
from fastapi.testclient import TestClient
from tcgkit.server import ratings, service
from tcgkit.server.app import create_app
from tcgkit.server.service import Settings

db, match_id, token, action, where = sys.argv[1:]
if where == "settle":  # the rating written, the transaction not committed
    real_settle = ratings.settle

    def settle_then_die(*args, **kwargs):
        real_settle(*args, **kwargs)
        os.kill(os.getpid(), signal.SIGKILL)

    ratings.settle = settle_then_die
else:  # the last action committed with its rating, nothing after it
    real_action = service.MatchJournal.action

    async def action_then_die(self, *args, **kwargs):
        await real_action(self, *args, **kwargs)
        os.kill(os.getpid(), signal.SIGKILL)

    service.MatchJournal.action = action_then_die
with TestClient(create_app(Settings(db=db, ai_workers=0))) as client:
    with client.websocket_connect(f"/api/matches/{match_id}/ws",
                                  headers={"cookie": f"tcgkit_session={token}"}) as ws:
        version = json.loads(ws.receive_text())["version"]
        ws.send_text(json.dumps({"type": "act", "version": version, "action": action}))
        ws.receive_text()
"""


def room_of(client: TestClient, match_id: str) -> Room:
    room: Room = client.app.state.server.rooms[match_id]  # type: ignore[attr-defined]
    return room


def play_to(players: dict[int, Player], match_id: str, room: Room, stop_before_last: bool = False) -> None:
    while not room.state.is_terminal:
        mover = room.state.to_move
        assert mover is not None
        action = room.state.legal_actions()[0]
        if stop_before_last:
            trial = room.state.clone()
            trial.apply(action, mover)
            if trial.is_terminal:
                return
        with players[mover].socket(match_id) as ws:
            version = receive(ws)["version"]
            ws.send_text(json.dumps({"type": "act", "version": version, "action": str(action), "tag": "t"}))
            receive_until(ws, lambda m: m.get("ack") == "t")


def on(client: TestClient, player: Player) -> Player:
    return Player(client, player.token, player.csrf, player.account)


def ratings_of(db: str) -> tuple[list[tuple[Any, ...]], int]:
    def work(session: Any) -> tuple[list[tuple[Any, ...]], int]:
        found = session.scalars(select(RatingRow).order_by(RatingRow.account_id))
        rows = [(r.account_id, r.games, r.rating) for r in found]
        return rows, len(list(session.scalars(select(RatingChange))))

    return Store(db).read_now(work)


@pytest.mark.timeout(180)
@pytest.mark.parametrize("where", ["settle", "after_commit"])
def test_a_kill_at_the_last_action_rates_exactly_once(db: str, tmp_path: Path, where: str) -> None:
    with TestClient(create_app(fast(db))) as client:
        ana, rui = signed_up(client, "ana"), signed_up(client, "rui")
        made = ana.create("triple-triad", {"first_player": 0, "trade": "none"},
                          seats=[{"kind": "me"}, {"kind": "open"}], rated=True)
        match_id = made["id"]
        assert rui.post(f"/api/matches/{match_id}/join", {}).status_code == 200
        room = room_of(client, match_id)
        play_to({0: ana, 1: rui}, match_id, room, stop_before_last=True)
        version, mover = room.state.version, room.state.to_move
        last = str(room.state.legal_actions()[0])
    player = (ana, rui)[mover or 0]
    script = tmp_path / "crash.py"
    script.write_text(CRASH)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    died = subprocess.run([sys.executable, str(script), db, match_id, player.token, last, where], env=env,
                          capture_output=True, timeout=120)
    assert died.returncode == -9, died.stderr.decode()[-2000:]
    if where == "settle":
        assert ratings_of(db) == ([], 0)  # rolled back with the result
    else:
        rows, changes = ratings_of(db)
        assert [games for _, games, _ in rows] == [1, 1] and changes == 2
    with TestClient(create_app(fast(db))) as client:
        ana, rui = on(client, ana), on(client, rui)
        if where == "settle":
            room = room_of(client, match_id)  # resumed at start-up: it is running
            assert room.state.version == version and not room.over  # the result was not committed
            play_to({0: ana, 1: rui}, match_id, room)  # played again: now the result and its rating
        with ana.socket(match_id) as ws:  # the finished match loaded again, replayed
            assert receive(ws)["scene"]["outcome"] is not None
        assert client.get(f"/api/matches/{match_id}").json()["status"] == "over"
        board = client.get("/api/ratings/triple-triad").json()["accounts"]
        assert sorted(e["games"] for e in board) == [1, 1]
    rows, changes = ratings_of(db)
    assert [games for _, games, _ in rows] == [1, 1] and changes == 2
    assert sum(rating for _, _, rating in rows) == pytest.approx(3000)  # one win and one loss (or a draw)
