"""Triple Triad collections per account: a trading match's hands come from the accounts'
collections (held while it goes on), its trade moves cards between them in the transaction
of its result, exactly once, also across a SIGKILL between the result and the trade; and a
local profile imported into an account (the API and ``tcgkit account import``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from typer.testing import CliRunner

import tcgkit
from tcgkit.cli.app import app as cli
from tcgkit.games.triple_triad.collection import Collection
from tcgkit.server import collection
from tcgkit.server.app import create_app
from tcgkit.server.db import ActionRow, TradeRow
from tcgkit.server.room import Room
from tcgkit.server.store import Store

from .conftest import Player, fast, guest, receive, receive_until, signed_up

GAME = tcgkit.load_game("triple-triad")
STARTER = Collection.starter(GAME.cards)  # type: ignore[attr-defined]
LEVEL_ONE = [n for n in STARTER.counts if GAME.cards.find(n).level == 1][:5]  # type: ignore[attr-defined]
STRONGEST = ["Mesmerize", "Belhelmel", "Thrustaevis", "Grendel", "Grand Mantis"]  # "auto" of the starter
TRADE_ONE = {"first_player": 0, "trade": "one"}


def room_of(client: TestClient, match_id: str) -> Room:
    room: Room = client.app.state.server.rooms[match_id]  # type: ignore[attr-defined]
    return room


def cards_of(player: Player) -> dict[str, int]:
    answer = player.get("/api/collection")
    assert answer.status_code == 200, answer.text
    cards: dict[str, int] = answer.json()["cards"]
    return cards


def on(client: TestClient, player: Player) -> Player:
    """The same session on the app of another test client (after a restart)."""
    return Player(client, player.token, player.csrf, player.account)


def trading_pair(client: TestClient, **more: Any) -> tuple[Player, Player, str]:
    """ana (her strongest five) against rui (five level-1 cards): ana wins whatever the seed
    when both play their first legal move, and takes one card (trade one)."""
    ana, rui = signed_up(client, "ana"), signed_up(client, "rui")
    made = ana.create("triple-triad", TRADE_ONE, seats=[{"kind": "me"}, {"kind": "open"}], **more)
    joined = rui.post(f"/api/matches/{made['id']}/join", {"hand": ", ".join(LEVEL_ONE)})
    assert joined.status_code == 200, joined.text
    return ana, rui, made["id"]


def play_to(players: dict[int, Player], match_id: str, room: Room, stop_before_last: bool = False) -> None:
    """First legal moves, each sent by the seat to move over its socket, to the end (or to
    the last action)."""
    for _ in range(20):
        if room.state.is_terminal:
            return
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
    raise AssertionError("the match did not end")


def test_a_trading_match_takes_its_hands_from_the_collections_and_trades_once(client: TestClient,
                                                                              db: str) -> None:
    ana, rui, match_id = trading_pair(client)
    room = room_of(client, match_id)
    assert room.decks == [STRONGEST, LEVEL_ONE]  # "auto" (no hand given): the strongest five
    held = ana.get("/api/collection").json()
    assert held["held"] == dict.fromkeys(STRONGEST, 1) and held["total"] == len(STARTER)
    # what a match in progress holds is not free for another one
    again = ana.post("/api/matches", {"game": "triple-triad", "options": TRADE_ONE,
                                      "seats": [{"kind": "me", "hand": "Mesmerize, Geezard, Funguar, "
                                                 "Bite Bug, Red Bat"}, {"kind": "ai", "level": "random"}]})
    assert again.status_code == 422 and "held by your trading matches" in again.json()["error"]
    play_to({0: ana, 1: rui}, match_id, room)
    moved = room.state.outcome.details["trade"]  # type: ignore[union-attr]
    assert moved == [["Geezard", 1, 0]]
    assert cards_of(ana) == {**STARTER.counts, "Geezard": 2}
    assert "Geezard" not in cards_of(rui) and sum(cards_of(rui).values()) == len(STARTER) - 1
    assert ana.get("/api/collection").json()["held"] == {}
    store = Store(db)
    # a replayed result: its action row and its ledger row are taken, the transaction fails whole
    last = store.read_now(lambda s: s.scalars(select(ActionRow).where(ActionRow.match_id == match_id)
                                              .order_by(ActionRow.number.desc())).first())
    assert last is not None
    with pytest.raises(IntegrityError):
        client.portal.call(room.journal.action, last.number, last.seat, last.notation,  # type: ignore[attr-defined]
                           room.state, None, None)
    trade = room.journal.trade  # type: ignore[attr-defined]
    with pytest.raises(IntegrityError):
        store.write_now(lambda s: collection.settle(s, trade.game, match_id, trade.decks, trade.people,
                                                    moved))
    assert cards_of(ana) == {**STARTER.counts, "Geezard": 2}
    assert store.read_now(lambda s: s.scalar(select(func.count()).select_from(TradeRow))) == 1


def test_a_restart_does_not_trade_again_and_an_ai_seat_brings_a_matched_hand(db: str) -> None:
    with TestClient(create_app(fast(db))) as client:
        ana, rui, match_id = trading_pair(client)
        play_to({0: ana, 1: rui}, match_id, room_of(client, match_id))
        after = cards_of(ana), cards_of(rui)
        made = ana.create("triple-triad", TRADE_ONE, seats=[{"kind": "me", "hand": "auto"},
                                                           {"kind": "ai", "level": "random"}])
        hands = room_of(client, made["id"]).decks
        assert hands is not None and hands[0] == STRONGEST
        level = GAME.cards.find  # type: ignore[attr-defined]
        assert [level(n).level for n in hands[1]] == [level(n).level for n in hands[0]]
    with TestClient(create_app(fast(db))) as client:
        rebuilt = client.portal.call(client.app.state.server.room, match_id)  # type: ignore[attr-defined]
        assert rebuilt is not None and rebuilt.state.is_terminal  # replayed to its end
        assert (cards_of(on(client, ana)), cards_of(on(client, rui))) == after


def test_what_a_trading_match_needs_is_checked_when_it_is_made(client: TestClient) -> None:
    ana = signed_up(client, "ana")

    def refused(options: dict[str, Any], seats: list[dict[str, Any]], **more: Any) -> str:
        answer = ana.post("/api/matches", {"game": "triple-triad", "options": options, "seats": seats,
                                           **more})
        assert answer.status_code == 422, answer.text
        error: str = answer.json()["error"]
        return error

    me_ai = [{"kind": "me"}, {"kind": "ai", "level": "random"}]
    assert "Squall" in refused(TRADE_ONE, [{"kind": "me", "hand": "Squall, Geezard, Funguar, Bite Bug, "
                                            "Red Bat"}, me_ai[1]])
    assert "5 card" in refused(TRADE_ONE, [{"kind": "me", "hand": "Geezard"}, me_ai[1]])
    assert "on_timeout=default" in refused(TRADE_ONE, me_ai, rules={"clock": "decision", "seconds": 5,
                                                                     "on_timeout": "lose"})
    assert "absence=ai" in refused(TRADE_ONE, me_ai, rules={"absence": "claim"})
    assert "trades nothing" in refused({"trade": "none"}, [{"kind": "me", "hand": "auto"}, me_ai[1]])
    random = {"random": True}
    assert "dealt from the collection" in refused(random, [{"kind": "me", "hand": "auto"}, me_ai[1]])
    assert cards_of(ana) == STARTER.counts and ana.get("/api/collection").json()["held"] == {}


CRASH = """
import json, os, signal, sys
from fastapi.testclient import TestClient
from tcgkit.server import collection
from tcgkit.server.app import create_app
from tcgkit.server.service import Settings

db, match_id, token, action = sys.argv[1:]
real = collection.settle

def settle_then_die(*args, **kwargs):  # the trade written, the transaction not committed
    real(*args, **kwargs)
    os.kill(os.getpid(), signal.SIGKILL)

collection.settle = settle_then_die
with TestClient(create_app(Settings(db=db, ai_workers=0))) as client:
    with client.websocket_connect(f"/api/matches/{match_id}/ws",
                                  headers={"cookie": f"tcgkit_session={token}"}) as ws:
        version = json.loads(ws.receive_text())["version"]
        ws.send_text(json.dumps({"type": "act", "version": version, "action": action}))
        ws.receive_text()
"""


@pytest.mark.timeout(120)
def test_a_kill_between_the_result_and_the_trade_leaves_neither(db: str, tmp_path: Path) -> None:
    with TestClient(create_app(fast(db))) as client:
        ana, rui, match_id = trading_pair(client)
        room = room_of(client, match_id)
        play_to({0: ana, 1: rui}, match_id, room, stop_before_last=True)
        version, mover = room.state.version, room.state.to_move
        last = str(room.state.legal_actions()[0])
        before = cards_of(ana), cards_of(rui)
    player = (ana, rui)[mover or 0]
    script = tmp_path / "crash.py"
    script.write_text(CRASH)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    died = subprocess.run([sys.executable, str(script), db, match_id, player.token, last], env=env,
                          capture_output=True, timeout=90)
    assert died.returncode == -9, died.stderr.decode()[-2000:]
    store = Store(db)
    assert store.read_now(lambda s: s.scalar(select(func.count()).select_from(TradeRow))) == 0
    with TestClient(create_app(fast(db))) as client:
        ana, rui = on(client, ana), on(client, rui)
        room = room_of(client, match_id)
        assert room.state.version == version and not room.over  # the result was not committed either
        assert (cards_of(ana), cards_of(rui)) == before
        play_to({0: ana, 1: rui}, match_id, room)  # played again: now the result and its trade
        assert cards_of(ana)["Geezard"] == 2 and "Geezard" not in cards_of(rui)
    assert store.read_now(lambda s: s.scalar(select(func.count()).select_from(TradeRow))) == 1


def test_a_profile_is_imported_once_and_before_any_trade(client: TestClient) -> None:
    ana, visitor = signed_up(client, "ana"), guest(client)
    mine = {"Grendel": 1, "Creeps": 2, "Geezard": 3, "Funguar": 1, "Red Bat": 1}

    def send(player: Player, collections: Any) -> Any:
        return player.post("/api/collection/import", {"collections": collections})

    assert send(visitor, {"triple-triad": mine}).status_code == 403  # a guest's cards do not last
    bad = send(ana, {"triple-triad": {**mine, "Nobody": 1}})
    assert bad.status_code == 422 and "Nobody" in bad.json()["error"]
    huge = send(ana, {"triple-triad": {**mine, "Grendel": 5000}})
    assert huge.status_code == 422 and "Grendel" in huge.json()["error"]
    assert send(ana, {"forge-fury": mine}).status_code == 422
    assert send(ana, {"triple-triad": {"Grendel": 1}}).status_code == 422  # not even a hand
    assert cards_of(ana) == STARTER.counts  # nothing refused changed anything
    done = send(ana, {"triple-triad": mine})
    assert done.status_code == 200 and done.json()["cards"] == {
        "Geezard": 3, "Funguar": 1, "Red Bat": 1, "Creeps": 2, "Grendel": 1}
    assert send(ana, {"triple-triad": STARTER.counts}).status_code == 409  # once
    rui = signed_up(client, "rui")
    _, _, match_id = trading_pair_with(client, rui, signed_up(client, "eva"))
    assert send(rui, {"triple-triad": mine}).status_code == 409  # a match holds its cards


def trading_pair_with(client: TestClient, one: Player, two: Player) -> tuple[Player, Player, str]:
    made = one.create("triple-triad", TRADE_ONE, seats=[{"kind": "me"}, {"kind": "open"}])
    assert two.post(f"/api/matches/{made['id']}/join", {}).status_code == 200
    return one, two, made["id"]


def test_after_a_trade_an_import_is_refused(client: TestClient) -> None:
    ana, rui, match_id = trading_pair(client)
    play_to({0: ana, 1: rui}, match_id, room_of(client, match_id))
    refused = rui.post("/api/collection/import", {"collections": {"triple-triad": STARTER.counts}})
    assert refused.status_code == 409 and "trade" in refused.json()["error"]


def test_tcgkit_account_import_sends_the_checked_profile(live: tuple[str, Any], tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from tcgkit.server.client import Client

    url, _app = live
    Client(url).sign_up("ana", "correct horse")
    monkeypatch.setenv("TCGKIT_HOME", str(tmp_path))
    monkeypatch.setenv("TCGKIT_PASSWORD", "correct horse")
    profile = tmp_path / "profile.json"
    command = ["account", "import", "--server", url, "--user", "ana"]
    missing = CliRunner().invoke(cli, command)
    assert missing.exit_code == 1 and "no local profile" in missing.output

    def write(cards: Any, **more: Any) -> None:
        profile.write_text(json.dumps({"format": 1, "collections": {"triple-triad": cards}, **more}))

    for tampered, why in (({"Squall": "many", "Geezard": 5}, "count"), ({"Nobody": 5}, "Nobody"),
                          ({"Squall": 10**6}, "count")):
        write(tampered)
        refused = CliRunner().invoke(cli, command)
        assert refused.exit_code == 1 and "corrupt" in refused.output and why in refused.output
    def write_signed(cards: Any, **more: Any) -> None:  # as the terminal writes it
        from tcgkit.terminal.profile import Profile
        Profile(profile, {"triple-triad": cards}, **more).save()

    write_signed({"Grendel": 1, "Geezard": 4}, pending={"m": {"game": "triple-triad", "hand": ["Grendel"],
                                                             "digest": "0" * 64}})
    busy = CliRunner().invoke(cli, command)
    assert busy.exit_code == 1 and "in progress" in busy.output
    ana = Client(url)
    ana.log_in("ana", "correct horse")
    assert ana.collection()["cards"] == STARTER.counts  # nothing refused reached the server
    write_signed({"Grendel": 1, "Geezard": 4})
    done = CliRunner().invoke(cli, command)
    assert done.exit_code == 0, done.output
    assert "Imported 5 cards" in done.output
    assert ana.collection()["cards"] == {"Geezard": 4, "Grendel": 1}
    assert Counter(ana.collection()["cards"]) == Counter(json.loads(profile.read_text())
                                                         ["collections"]["triple-triad"])
    again = CliRunner().invoke(cli, command)
    assert again.exit_code == 1 and "already imported" in again.output


def test_a_rematch_of_two_people_starts_once_accepted_with_the_hands_each_chose(client: TestClient) -> None:
    ana, rui, match_id = trading_pair(client)
    play_to({0: ana, 1: rui}, match_id, room_of(client, match_id))
    again = rui.post(f"/api/matches/{match_id}/rematch", {"hand": "auto"})
    assert again.status_code == 201 and again.json()["status"] == "open", again.text
    rematch = again.json()["id"]
    assert ana.post(f"/api/matches/{rematch}/join", {"hand": ", ".join(LEVEL_ONE)}).status_code == 200
    assert room_of(client, rematch).decks == [LEVEL_ONE, STRONGEST]  # each one's own choice
