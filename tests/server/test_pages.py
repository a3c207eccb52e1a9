"""The pages' endpoints (``server/pages.py``): the deck editor's cards and deck check by
line, the account's match history, and the replay of a finished match."""

from __future__ import annotations

from typing import Any

from tests.server.conftest import guest, receive_until


def test_the_deck_check_names_each_problem_by_its_line(client: Any) -> None:
    text = "// my deck\nAsp\n\nNo Such Card\nWolf\n"
    found = client.post("/api/games/ff-tcg/deck-check", json={"text": text}).json()
    assert found["cards"] == ["Asp", "No Such Card", "Wolf"]
    assert {"line": 4, "message": "no card named 'No Such Card'"} in found["problems"]
    whole = [p for p in found["problems"] if p["line"] is None]
    assert whole and "60" in whole[0]["message"]  # the deck's size, under these options
    small = client.post("/api/games/ff-tcg/deck-check",
                        json={"options": {"deck_size": 10, "max_copies": 10}, "text": "Asp\n" * 10}).json()
    assert small["problems"] == []
    bad = client.post("/api/games/ff-tcg/deck-check", json={"options": {"deck_size": 1}, "text": ""})
    assert bad.status_code == 422 and "deck_size" in bad.json()["error"]
    assert client.post("/api/games/nope/deck-check", json={"text": ""}).status_code == 404


def test_the_cards_give_a_legal_deck_and_the_named_ones(client: Any) -> None:
    for name in ("ff-tcg", "forge-fury", "conflictus"):
        pool = client.get(f"/api/games/{name}/cards").json()
        names = {row["deck_name"] for row in pool["table"]["rows"]}
        assert set(pool["sample"]) <= names
        check = client.post(f"/api/games/{name}/deck-check", json={"text": "\n".join(pool["sample"])}).json()
        assert check["problems"] == [], name
    assert "warriors" in client.get("/api/games/ff-tcg/cards").json()["named_decks"]


def test_history_and_replay_of_a_finished_match(client: Any) -> None:
    ana, rui = guest(client), guest(client)
    assert client.get("/api/history").status_code == 401
    made = ana.create("triple-triad", {"trade": "none"},
                      seats=[{"kind": "me"}, {"kind": "ai", "level": "random"}])
    match = made["id"]
    assert ana.get(f"/api/matches/{match}/replay").status_code == 409  # not over yet
    with ana.socket(match) as ws:
        message = receive_until(ws, lambda m: m["type"] in ("welcome", "update") and m["scene"]["moves"])
        while not message["scene"].get("outcome"):
            moves = message["scene"]["moves"]
            if moves:
                ws.send_json({"type": "act", "version": message["version"], "action": moves[0]["notation"]})
            message = receive_until(ws, lambda m: m["type"] == "update" and (m["scene"]["moves"]
                                                                             or m["scene"].get("outcome")))
        last = message["version"]
    mine = ana.get("/api/history").json()
    assert [m["id"] for m in mine] == [match] and mine[0]["my_seat"] == 0 and mine[0]["status"] == "over"
    assert rui.get("/api/history").json() == []
    assert rui.get(f"/api/matches/{match}/replay").status_code == 200  # anyone: test_replay_api.py
    start = ana.get(f"/api/matches/{match}/replay?seat=1&version=0").json()
    assert start["version"] == 0 and start["last"] == last and start["scene"]["viewer"] == 1
    assert start["scene"]["moves"] == []  # watched, not played
    hand = next(a for a in start["scene"]["areas"] if a["key"] == "hand1")
    assert all(face["up"] is not False for face in hand["items"])  # seat 1's own hand, as it saw it
    end = ana.get(f"/api/matches/{match}/replay?seat=0").json()
    assert end["version"] == last and end["scene"]["outcome"] is not None
    board = next(a for a in end["scene"]["areas"] if a["key"] == "board")
    assert sum(face is not None for face in board["items"]) == 9
    assert ana.get(f"/api/matches/{match}/replay?seat=2").status_code == 422
