"""Rated matches on the server: played to the end they move each account's rating once (not
again for a re-sent last action or a restart), by Glicko-2 computed here independently; a
casual match moves nothing; an AI seat or a guest is refused and nothing is made; a result the
server gives rates as its outcome says; a match of three rates each pair by their places; the
API's tables and refusals."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, inspect, select, update

from tcgkit.server.app import create_app
from tcgkit.server.client import Client, Table
from tcgkit.server.db import MatchRow, RatingChange, SeatRow
from tcgkit.server.glicko2 import Glicko, rate
from tcgkit.server.ratings import settle
from tcgkit.server.store import Store

from .conftest import Player, fast, guest, receive_until, serving, signed_up
from .test_postgres import pg as pg  # a database of its own on the test server (skipped without one)


def signed(url: str, name: str) -> Client:
    client = Client(url)
    client.sign_up(name, "correct horse")
    return client


def play_to_the_end(tables: dict[int, Table]) -> tuple[dict[str, Any], tuple[Table, int, str]]:
    """First legal moves by the seat to move until the match ends: its outcome, and the last
    action (its table, the version it was played at, its notation)."""
    last: tuple[Table, int, str] | None = None
    while not all(t.over for t in tables.values()):
        mover = next((t for t in tables.values() if t.my_turn), None)
        if mover is None:
            next(t for t in tables.values() if not t.over).receive()
            continue
        last = (mover, mover.version, mover.scene["moves"][0]["notation"])
        mover.act(last[2])
        for other in tables.values():
            while other.version < mover.version:
                other.receive()
    outcome: dict[str, Any] = next(iter(tables.values())).scene["outcome"]
    assert last is not None
    return outcome, last


def expected_after(ranks: list[int]) -> list[Glicko]:
    """Two newcomers' ratings after one match, by the paper's formulas."""
    score = 1.0 if ranks[0] < ranks[1] else 0.5 if ranks[0] == ranks[1] else 0.0
    return [rate(Glicko(), [(Glicko(), score)]), rate(Glicko(), [(Glicko(), 1 - score)])]


def history_rows(db: str) -> int:
    return Store(db).read_now(lambda s: s.scalar(select(func.count()).select_from(RatingChange)))


@pytest.mark.timeout(120)
def test_a_rated_match_to_its_end_moves_both_ratings_once(db: str) -> None:
    with serving(fast(db)) as (url, _app):
        ana, rui = signed(url, "ana"), signed(url, "rui")
        made = ana.create_rated("triple-triad", [{"kind": "me"}, {"kind": "open"}])
        assert made["rated"] and made["status"] == "open"
        rui.join(made["id"])
        tables = {0: ana.connect(made["id"]), 1: rui.connect(made["id"])}
        outcome, (mover, version, notation) = play_to_the_end(tables)
        want = expected_after(outcome["ranks"])
        board = ana.ratings("tt")
        assert board["game"] == "triple-triad" and board["players"] == 2 and board["tau"] == 0.5
        got = {entry["name"]: entry for entry in board["accounts"]}
        for seat, name in enumerate(("ana", "rui")):
            assert got[name]["rating"] == pytest.approx(want[seat].rating, abs=0.05)
            assert got[name]["rd"] == pytest.approx(want[seat].rd, abs=0.5)  # and a moment idle
            assert got[name]["games"] == 1 and got[name]["provisional"]
            assert got[name]["shown"] == f"{round(got[name]['rating'])}?"
        history = ana.account_ratings("ana")["ratings"]
        assert [(r["game"], r["players"], len(r["history"])) for r in history] == [("triple-triad", 2, 1)]
        assert history[0]["history"][0]["before"] == {"rating": 1500, "rd": 350, "provisional": True,
                                                       "shown": "1500?"}
        assert history[0]["history"][0]["match"] == made["id"]
        # the last action sent again, at the version it was played at: refused, not rated twice
        assert mover._ws is not None
        mover._ws.send(json.dumps({"type": "act", "version": version, "tag": "again", "action": notation}))
        refused = mover.receive(5)
        while refused["type"] != "error":
            refused = mover.receive(5)
        assert refused["code"] in ("over", "stale"), refused
        assert ana.ratings("triple-triad")["accounts"] == board["accounts"]
        for table in tables.values():
            table.close()
    assert history_rows(db) == 2
    with serving(fast(db)) as (url, _app):  # a restart replays the match: it is not rated again
        again = Client(url)
        assert again.describe(made["id"])["status"] == "over"
        with again.connect(made["id"]) as watching:
            assert watching.scene["outcome"] == outcome
        assert [e["games"] for e in again.ratings("triple-triad")["accounts"]] == [1, 1]
    assert history_rows(db) == 2


def pair(client: TestClient, rated: bool, rules: dict[str, Any] | None = None) -> tuple[Player, Player, str]:
    ana, rui = signed_up(client, "ana"), signed_up(client, "rui")
    made = ana.create("triple-triad", {"first_player": 0, "trade": "none"},
                      seats=[{"kind": "me"}, {"kind": "open"}], rated=rated, rules=rules or {})
    assert rui.post(f"/api/matches/{made['id']}/join", {}).status_code == 200
    return ana, rui, made["id"]


def play_first_moves(client: TestClient, players: dict[int, Player], match_id: str) -> None:
    room = client.app.state.server.rooms[match_id]  # type: ignore[attr-defined]
    while not room.state.is_terminal:
        mover = room.state.to_move
        with players[mover].socket(match_id) as ws:
            version = receive_until(ws, lambda m: "version" in m)["version"]
            ws.send_text(json.dumps({"type": "act", "version": version, "tag": "t",
                                     "action": str(room.state.legal_actions()[0])}))
            receive_until(ws, lambda m: m.get("ack") == "t")


def test_a_casual_match_is_not_rated(client: TestClient, db: str) -> None:
    ana, rui, match_id = pair(client, rated=False)
    play_first_moves(client, {0: ana, 1: rui}, match_id)
    assert client.get(f"/api/matches/{match_id}").json()["status"] == "over"
    assert client.get("/api/ratings/triple-triad").json()["accounts"] == []
    assert client.get("/api/accounts/ana/ratings").json() == {"name": "ana", "ratings": []}
    assert history_rows(db) == 0


def matches_made(db: str) -> int:
    return Store(db).read_now(lambda s: s.scalar(select(func.count()).select_from(MatchRow)))


def test_an_ai_seat_or_a_guest_in_a_rated_match_is_refused_and_nothing_is_made(client: TestClient,
                                                                                db: str) -> None:
    ana, visitor = signed_up(client, "ana"), guest(client)
    with_ai = ana.post("/api/matches", {"game": "triple-triad", "rated": True,
                                        "seats": [{"kind": "me"}, {"kind": "ai", "level": "greedy"}]})
    assert with_ai.status_code == 422
    assert "seat 1: a rated match seats accounts only" in with_ai.json()["error"]
    default_seats = ana.post("/api/matches", {"game": "triple-triad", "rated": True})  # me and an AI
    assert default_seats.status_code == 422
    by_guest = visitor.post("/api/matches", {"game": "triple-triad", "rated": True,
                                             "seats": [{"kind": "me"}, {"kind": "open"}]})
    assert by_guest.status_code == 403 and "registered accounts" in by_guest.json()["error"]
    assert matches_made(db) == 0
    made = ana.create("triple-triad", seats=[{"kind": "me"}, {"kind": "open"}], rated=True)
    joined = visitor.post(f"/api/matches/{made['id']}/join", {})
    assert joined.status_code == 403 and "registered accounts" in joined.json()["error"]
    after = client.get(f"/api/matches/{made['id']}").json()
    assert after["status"] == "open" and after["seats"][1] == {"seat": 1, "kind": "open", "level": None,
                                                                "name": None}


def test_a_loss_on_time_is_rated_as_its_outcome_says(client: TestClient) -> None:
    ana, rui, match_id = pair(client, rated=True, rules={"clock": "decision", "seconds": 0.3,
                                                         "on_timeout": "lose"})
    with ana.socket(match_id) as ws:  # ana is to move and never does
        ended = receive_until(ws, lambda m: m.get("ended") is not None)
    assert ended["ended"]["ranks"] == [1, 0]
    board = {e["name"]: e for e in client.get("/api/ratings/triple-triad").json()["accounts"]}
    want = expected_after([1, 0])
    assert board["ana"]["rating"] == pytest.approx(want[0].rating, abs=0.05) and board["ana"]["rating"] < 1500
    assert board["rui"]["rating"] == pytest.approx(want[1].rating, abs=0.05)


def test_a_match_of_three_rates_each_pair_by_their_places(client: TestClient, db: str) -> None:
    ana, rui, eva = (signed_up(client, name) for name in ("ana", "rui", "eva"))
    seats = [{"kind": "me"}, {"kind": "invite", "name": "rui"}, {"kind": "invite", "name": "eva"}]
    made = ana.create("conflictus", {"players": 3}, rated=True, seats=seats)
    for player in (rui, eva):
        assert player.post(f"/api/matches/{made['id']}/join", {}).status_code == 200
    outcome = {"winner": 1, "scores": [0, 2, 1], "reason": "test", "ranks": [2, 0, 1]}
    store = Store(db)

    def end(session: Any) -> None:  # as MatchJournal.end does, with a chosen outcome
        session.execute(update(MatchRow).where(MatchRow.id == made["id"])
                        .values(status="over", outcome=outcome))
        settle(session, made["id"], outcome)

    store.write_now(end)
    store.write_now(end)  # a second time: nothing more
    three = client.get("/api/ratings/conflictus?players=3").json()
    assert [(e["name"], e["games"]) for e in three["accounts"]] == [("rui", 1), ("eva", 1), ("ana", 1)]
    assert three["levels"] == []  # the ladder was measured with two players
    new = Glicko()
    want_rui = rate(new, [(new, 1.0), (new, 1.0)])  # beat both
    want_eva = rate(new, [(new, 0.0), (new, 1.0)])  # lost to rui, beat ana: even
    assert three["accounts"][0]["rating"] == pytest.approx(want_rui.rating, abs=0.05)
    assert three["accounts"][1]["rating"] == pytest.approx(want_eva.rating, abs=0.05)
    assert want_eva.rating == pytest.approx(1500)
    two = client.get("/api/ratings/conflictus").json()
    assert two["players"] == 2 and two["accounts"] == [] and two["player_counts"] == [2, 3, 4]
    assert {level["level"] for level in two["levels"]} >= {"random", "greedy"}
    eva_history = client.get("/api/accounts/eva/ratings").json()["ratings"]
    assert [(r["game"], r["players"], r["history"][0]["score"], r["history"][0]["opponents"])
            for r in eva_history] == [("conflictus", 3, 1.0, 2)]
    seats = store.read_now(lambda s: s.scalar(select(func.count()).select_from(SeatRow)))
    assert seats == 3 and history_rows(db) == 3


def test_the_ratings_api_refuses_what_does_not_exist(client: TestClient) -> None:
    guest(client)
    for url, status, words in (("/api/ratings/chess", 404, "chess"),
                               ("/api/ratings/conflictus?players=5", 422, "2 to 4"),
                               ("/api/ratings/conflictus?players=two", 422, "'two'"),
                               ("/api/accounts/nobody/ratings", 404, "no account named 'nobody'")):
        answer = client.get(url)
        assert answer.status_code == status and words in answer.json()["error"], (url, answer.text)


def test_a_rated_rematch_is_rated_too(client: TestClient) -> None:
    ana, rui, match_id = pair(client, rated=True)
    play_first_moves(client, {0: ana, 1: rui}, match_id)
    again = ana.post(f"/api/matches/{match_id}/rematch", {})
    assert again.status_code == 201 and again.json()["rated"] and again.json()["status"] == "open"
    assert rui.post(f"/api/matches/{again.json()['id']}/join", {}).status_code == 200
    assert client.get(f"/api/matches/{again.json()['id']}").json()["status"] == "running"


def test_the_apps_tables_are_made_by_the_migrations(db: str) -> None:
    with TestClient(create_app(fast(db))):
        pass
    engine = Store(db).engine
    names = set(inspect(engine).get_table_names())
    assert {"ratings", "rating_history"} <= names


def test_a_rated_match_on_postgresql(pg: str) -> None:
    with TestClient(create_app(fast(pg))) as client:
        ana, rui, match_id = pair(client, rated=True)
        play_first_moves(client, {0: ana, 1: rui}, match_id)
        board = client.get("/api/ratings/triple-triad").json()["accounts"]
        assert sorted(e["name"] for e in board) == ["ana", "rui"] and [e["games"] for e in board] == [1, 1]
        history = client.get("/api/accounts/rui/ratings").json()["ratings"][0]["history"]
        assert [h["match"] for h in history] == [match_id]
