"""Clocks (per decision, chess with a buffer; the default or a loss on time; AI time charged
to nobody; kept across a restart), absence (grace, then an AI stand-in or a claimed win),
and a database of the first schema migrated and resumed."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, inspect, select, text

import tcgkit
from tcgkit.games.triple_triad.collection import Collection
from tcgkit.server import collection
from tcgkit.server.app import create_app
from tcgkit.server.db import ActionRow
from tcgkit.server.room import Room
from tcgkit.server.store import Store, make_engine, migrate

from .conftest import Player, fast, guest, receive, receive_until


def pair(client: TestClient, game: str, rules: dict[str, Any], options: dict[str, Any] | None = None
         ) -> tuple[Player, Player, str]:
    alice, bob = guest(client), guest(client)
    made = alice.create(game, options, seats=[{"kind": "me"}, {"kind": "open"}], rules=rules)
    assert bob.post(f"/api/matches/{made['id']}/join", {}).status_code == 200
    return alice, bob, made["id"]


def room_of(client: TestClient, match_id: str) -> Room:
    room: Room = client.app.state.server.rooms[match_id]  # type: ignore[attr-defined]
    return room


def actions_of(db: str, match_id: str) -> list[ActionRow]:
    return Store(db).read_now(lambda s: list(s.scalars(
        select(ActionRow).where(ActionRow.match_id == match_id).order_by(ActionRow.number))))


def test_a_decision_clock_plays_the_default_when_time_runs_out(client: TestClient, db: str) -> None:
    alice, bob, match_id = pair(client, "triple-triad", {"clock": "decision", "seconds": 0.4,
                                                         "on_timeout": "default"}, {"first_player": 0})
    with alice.socket(match_id) as ws:
        welcome = receive(ws)
        assert welcome["clocks"][0]["running"] and welcome["clocks"][0]["buffer"] <= 0.4
        default = welcome["scene"]["pending"]["default"]
        assert default is not None
        timed = receive_until(ws, lambda m: m["type"] == "update" and m["version"] == 1)
        assert timed["clocks"][1]["running"]  # the other seat's decision now
        assert timed["steps"][-1]["made_by"] == "clock"  # the server's move, said to be
    assert [(a.seat, a.notation) for a in actions_of(db, match_id)] == [(0, default)]


def test_a_chess_clock_spends_the_buffer_first_then_the_bank_and_loses_on_time(client: TestClient,
                                                                            db: str) -> None:
    rules = {"clock": "chess", "seconds": 0.6, "buffer": 0.3, "on_timeout": "lose"}
    # a trading match always ends by the game's rules, so this one trades nothing
    alice, bob, match_id = pair(client, "triple-triad", rules, {"first_player": 0, "trade": "none"})
    room = room_of(client, match_id)
    with alice.socket(match_id) as ws0, bob.socket(match_id) as ws1:
        welcome = receive(ws0)
        receive(ws1)
        time.sleep(0.5)  # 0.3 of buffer, then 0.2 of the bank
        ws0.send_text(json.dumps({"type": "act", "version": 0, "tag": "m",
                                  "action": welcome["scene"]["moves"][0]["notation"]}))
        acked = receive_until(ws0, lambda m: m.get("ack") == "m")
        bank = acked["clocks"][0]["bank"]
        assert 0.25 < bank < 0.42, bank
        assert actions_of(db, match_id)[0].clock == pytest.approx([bank, 0.6], abs=0.002)
        ended = receive_until(ws0, lambda m: m.get("ended") is not None)  # bob never moves
        assert ended["ended"]["winner"] == 0 and ended["ended"]["ranks"] == [0, 1]
        assert "ran out of time" in ended["ended"]["reason"]
        ws1.send_text(json.dumps({"type": "act", "version": 1, "action": "x"}))
        assert receive_until(ws1, lambda m: m["type"] == "error")["code"] == "over"
    assert room.over and client.get(f"/api/matches/{match_id}").json()["status"] == "over"


def test_an_ai_seats_thinking_is_charged_to_nobody(client: TestClient) -> None:
    alice = guest(client)
    made = alice.create("triple-triad", {"first_player": 0},
                        seats=[{"kind": "me"}, {"kind": "ai", "level": "normal"}],
                        rules={"clock": "chess", "seconds": 30, "buffer": 0})
    room = room_of(client, made["id"])
    with alice.socket(made["id"]) as ws:
        message = receive(ws)
        for turn in range(3):
            ws.send_text(json.dumps({"type": "act", "version": message["version"], "tag": str(turn),
                                     "action": message["scene"]["moves"][0]["notation"]}))
            acked = receive_until(ws, lambda m, turn=turn: m.get("ack") == str(turn))
            after_mine = acked["clocks"][0]["bank"]
            assert not acked["clocks"][1]["running"] and not acked["clocks"][0]["running"]
            message = receive_until(ws, lambda m: m["type"] == "update"
                                    and m["scene"]["pending"]["player"] == 0)
            assert message["clocks"][0]["bank"] == pytest.approx(after_mine, abs=0.05)
        assert room.clock.banks[1] == 30  # the AI's bank never moved


def test_the_clocks_survive_a_restart(db: str) -> None:
    rules = {"clock": "chess", "seconds": 100, "buffer": 0}
    with TestClient(create_app(fast(db))) as client:
        alice, bob, match_id = pair(client, "forge-fury", rules)
        room = room_of(client, match_id)
        mover = room.state.to_move
        player = alice if mover == 0 else bob
        with player.socket(match_id) as ws:
            message = receive(ws)
            time.sleep(0.3)
            ws.send_text(json.dumps({"type": "act", "version": 0, "tag": "m",
                                     "action": message["scene"]["moves"][0]["notation"]}))
            receive_until(ws, lambda m: m.get("ack") == "m")
        banks = list(room.clock.banks)
        assert banks[mover] < 99.75
    with TestClient(create_app(fast(db))) as client:
        assert room_of(client, match_id).clock.banks == pytest.approx(banks)


def test_an_absent_player_keeps_the_seat_then_an_ai_stands_in_until_they_return(client: TestClient) -> None:
    alice, bob, match_id = pair(client, "triple-triad", {"grace": 0.4, "absence": "ai", "stand_in": "random"},
                                {"first_player": 1})
    room = room_of(client, match_id)
    with alice.socket(match_id) as ws0:
        receive(ws0)
        with bob.socket(match_id):
            pass  # bob came and went, on his own turn
        away = receive_until(ws0, lambda m: m["type"] == "seats" and m["seats"][1]["absent_for"] is not None)
        assert "scene" not in away and "steps" not in away  # the light message: presence only
        assert away["version"] == 0 and away["seats"][1]["stand_in"] is None  # inside the grace
        played = receive_until(ws0, lambda m: m["type"] == "update" and m["version"] == 1)
        assert played["seats"][1]["stand_in"] == "random" and room.state.to_move == 0
        assert played["steps"][-1]["made_by"] == "stand_in"
        ws0.send_text(json.dumps({"type": "act", "version": 1, "tag": "a",
                                  "action": played["scene"]["moves"][0]["notation"]}))
        receive_until(ws0, lambda m: m.get("ack") == "a")
        receive_until(ws0, lambda m: m["type"] == "update" and m["version"] == 3)  # the stand-in again
        with bob.socket(match_id) as ws1:  # back: the seat is his, with its pending prompt
            back = receive(ws1)
            assert back["seats"][1]["stand_in"] is None and back["seats"][1]["absent_for"] is None
            assert room.ai_seats.level(1) is None


def test_the_others_may_claim_the_win_over_a_player_away_past_the_grace(client: TestClient) -> None:
    alice, bob, match_id = pair(client, "forge-fury", {"grace": 0.3, "absence": "claim"})
    with alice.socket(match_id) as ws0:
        receive(ws0)
        with bob.socket(match_id):
            pass
        ws0.send_text(json.dumps({"type": "claim", "seat": 1}))
        assert receive_until(ws0, lambda m: m["type"] == "error")["code"] == "not_absent"  # too soon
        receive_until(ws0, lambda m: m["type"] == "seats" and m["seats"][1]["claimable"])
        ws0.send_text(json.dumps({"type": "claim", "seat": 0}))
        assert receive_until(ws0, lambda m: m["type"] == "error")["code"] == "not_absent"
        ws0.send_text(json.dumps({"type": "claim", "seat": 1}))
        ended = receive_until(ws0, lambda m: m.get("ended") is not None)["ended"]
        assert ended["winner"] == 0 and "claimed the win" in ended["reason"]
    assert client.get(f"/api/matches/{match_id}").json()["outcome"]["winner"] == 0


def test_a_database_of_the_first_schema_is_migrated_and_its_matches_resume(db: str) -> None:
    engine = make_engine(db)
    migrate(engine, "0001")
    game = tcgkit.load_game("triple-triad")
    state = game.new_state(11)
    played = []
    for _ in range(3):
        action = state.legal_actions()[0]
        played.append((state.to_move, str(action)))
        state.apply(action, state.to_move)
    options = json.dumps(game.options_json())
    with engine.begin() as sql:
        sql.execute(text("INSERT INTO accounts (id, guest, created) VALUES (1, 1, 0)"))
        sql.execute(text("INSERT INTO matches (id, game, options, seed, engine, cards, status, settings, "
                         "created) VALUES ('m1', 'triple-triad', :options, 11, :engine, :cards, 'running', "
                         "'{}', 0)"),
                    {"options": options, "engine": tcgkit.__version__, "cards": game.card_data_hash()})
        for seat in (0, 1):
            sql.execute(text("INSERT INTO seats (match_id, seat, kind, account_id) "
                             "VALUES ('m1', :seat, 'human', 1)"), {"seat": seat})
        for number, (seat, notation) in enumerate(played, start=1):
            sql.execute(text("INSERT INTO actions (match_id, number, seat, notation, at) "
                             "VALUES ('m1', :n, :seat, :notation, 0)"), {"n": number, "seat": seat,
                                                                         "notation": notation})
    engine.dispose()
    with TestClient(create_app(fast(db))) as client:
        room = room_of(client, "m1")
        assert room.state.to_json() == state.to_json()
    columns = create_engine(db).connect().execute(text("PRAGMA table_info(actions)")).all()
    assert "clock" in {c[1] for c in columns}
    # 0004: collections and the ledger of trades; an account of the old database owns the starter
    assert {"collections", "trades"} <= set(inspect(create_engine(db)).get_table_names())
    owned = Store(db).write_now(lambda s: collection.collection_json(s, game, 1))  # type: ignore[arg-type]
    assert owned["cards"] == Collection.starter(game.cards).to_json() and owned["trades"] == 0  # type: ignore[attr-defined]
