"""Replays by link (``server/replays.py``): a finished match's replay and record are anyone's
unless its creator closed it to spectators; a running match's are nobody's; a link past the
last move or for a seat that does not exist is refused; the record carries a digest that
``MatchRecord`` checks, naming the field that changed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tests.server.conftest import Player, guest, receive, receive_until

from tcgkit.kernel.digest import field_hashes
from tcgkit.kernel.errors import ReplayError
from tcgkit.kernel.record import MatchRecord
from tcgkit.kernel.replay import verify

HIDDEN_HANDS = {"trade": "none", "open": False, "first_player": 0}


def play_to_the_end(who: Player, match: str) -> int:
    """``who`` plays the first legal move each turn until the match is over; its last version."""
    with who.socket(match) as ws:
        message = receive_until(ws, lambda m: m["type"] in ("welcome", "update"))
        while not message["scene"].get("outcome"):
            moves = message["scene"]["moves"]
            if moves:
                ws.send_json({"type": "act", "version": message["version"], "action": moves[0]["notation"]})
            message = receive_until(ws, lambda m: m["type"] == "update" and (m["scene"]["moves"]
                                                                             or m["scene"].get("outcome")))
        version: int = message["version"]
        return version


def finished_match(client: Any, **more: Any) -> tuple[Player, str, int]:
    ana = guest(client)
    made = ana.create("triple-triad", HIDDEN_HANDS, seats=[{"kind": "me"}, {"kind": "ai", "level": "random"}],
                      **more)
    return ana, made["id"], play_to_the_end(ana, made["id"])


def hand_names(replayed: dict[str, Any], seat: int) -> set[str]:
    """The cards in seat ``seat``'s hand as a replay seen from that seat shows them."""
    hand = next(a for a in replayed["scene"]["areas"] if a["key"] == f"hand{seat}")
    return {item["name"] for item in hand["items"]}


def test_anyone_with_the_link_replays_a_finished_match_at_a_move_from_a_seat_or_as_a_spectator(
        client: Any) -> None:
    ana, match, last = finished_match(client)
    assert client.get(f"/api/matches/{match}/replay").status_code == 200  # nobody signed in
    stranger = guest(client)
    at = stranger.get(f"/api/matches/{match}/replay?seat=1&at=3").json()
    assert (at["version"], at["last"], at["seat"], at["scene"]["viewer"]) == (3, last, 1, 1)
    assert at["scene"]["moves"] == []  # watched, not played
    assert [m["number"] for m in at["moves"]] == list(range(1, last + 1))
    assert all("log" in m for m in at["moves"][:3]) and not any("log" in m for m in at["moves"][3:])
    assert [m["seat"] for m in at["moves"][:2]] == [0, 1]  # first_player 0, then the AI
    board = next(a for a in at["scene"]["areas"] if a["key"] == "board")
    assert sum(face is not None for face in board["items"]) == 3
    # the spectator's view at move 3: no card still in a hand is named anywhere in the answer
    still_hidden = hand_names(client.get(f"/api/matches/{match}/replay?seat=0&at=3").json(), 0)
    still_hidden |= hand_names(at, 1)
    public = client.get(f"/api/matches/{match}/replay?at=3")
    seen = public.json()["scene"]
    assert public.json()["seat"] is None and seen["viewer"] is None
    on_board = {face["name"] for a in seen["areas"] if a["key"] == "board" for face in a["items"] if face}
    still_hidden -= on_board  # a copy of the same card may be on the board
    assert len(still_hidden) >= 4 and not [n for n in still_hidden if f'"{n}"' in public.text]
    assert [n for n in still_hidden if f'"{n}"' in json.dumps(at)]  # the check can fail: seat 1 sees its own
    old = ana.get(f"/api/matches/{match}/replay?seat=0&version=2").json()  # an older link's words
    assert old["version"] == 2 and old["seat"] == 0
    assert client.get(f"/api/matches/{match}/replay?at=0").json()["version"] == 0


def test_a_link_past_the_last_move_or_to_a_seat_that_does_not_exist_is_refused(client: Any) -> None:
    _ana, match, last = finished_match(client)
    past = client.get(f"/api/matches/{match}/replay?at={last + 1}")
    assert past.status_code == 422 and f"at: 0 to {last}" in past.json()["error"]
    assert client.get(f"/api/matches/{match}/replay?at=-2").status_code == 422
    seat = client.get(f"/api/matches/{match}/replay?seat=2&at=1")
    assert seat.status_code == 422 and "seat: 0 to 1" in seat.json()["error"]
    assert client.get(f"/api/matches/{match}/replay?seat=-1").status_code == 422
    assert client.get(f"/api/matches/{match}/replay?at=one").status_code == 422
    assert client.get("/api/matches/nope/replay").status_code == 404
    assert client.get("/api/matches/nope/record").status_code == 404


def test_a_match_closed_to_spectators_is_replayed_by_its_players_only(client: Any) -> None:
    ana, match, _last = finished_match(client, spectators=False)
    for outsider in (client, guest(client)):
        refused = outsider.get(f"/api/matches/{match}/replay")
        assert refused.status_code == 403 and "closed it to spectators" in refused.json()["error"]
        assert outsider.get(f"/api/matches/{match}/record").status_code == 403
    assert ana.get(f"/api/matches/{match}/replay?at=1").status_code == 200
    assert ana.get(f"/api/matches/{match}/record").status_code == 200


def test_a_running_match_is_replayed_by_nobody_until_it_is_over(client: Any) -> None:
    ana, rui = guest(client), guest(client)
    made = ana.create("triple-triad", HIDDEN_HANDS, seats=[{"kind": "me"}, {"kind": "open"}])
    match = made["id"]
    assert rui.post(f"/api/matches/{match}/join", {}).status_code == 200
    with ana.socket(match) as ws:
        welcome = receive(ws)
        ws.send_json({"type": "act", "version": welcome["version"],
                      "action": welcome["scene"]["moves"][0]["notation"]})
        receive_until(ws, lambda m: m["type"] == "update")
    for who in (client, ana, rui):
        refused = who.get(f"/api/matches/{match}/replay?seat=0&at=0")
        assert refused.status_code == 409 and "running" in refused.json()["error"]
        assert who.get(f"/api/matches/{match}/record").status_code == 409


def test_the_record_is_a_file_with_a_digest_that_a_changed_action_or_seed_fails(
        client: Any, tmp_path: Path) -> None:
    _ana, match, last = finished_match(client)
    answer = client.get(f"/api/matches/{match}/record")
    assert f'filename="tcgkit-record-{match}.json"' in answer.headers["content-disposition"]
    data = answer.json()
    assert set(data["digest"]) == {"sha256", "fields"} and len(data["digest"]["sha256"]) == 64
    record = MatchRecord.from_json(data)
    assert len(record.actions) == last and verify(record).outcome is not None
    assert MatchRecord.from_json(json.loads(json.dumps(record.to_json()))).digest == data["digest"]
    changed_action = {**data, "actions": [*data["actions"][:-1], data["actions"][-2]]}
    with pytest.raises(ReplayError, match=r"digest mismatch: actions changed"):
        MatchRecord.from_json(changed_action)
    with pytest.raises(ReplayError, match=r"digest mismatch: seed changed"):
        MatchRecord.from_json({**data, "seed": data["seed"] + 1})
    with pytest.raises(ReplayError, match=r"digest.sha256 is not the SHA-256"):  # hash edited to fit
        other = {**data, "seed": data["seed"] + 1}
        forged = {**data["digest"]["fields"], "seed": field_hashes(other)["seed"]}
        MatchRecord.from_json({**other, "digest": {**data["digest"], "fields": forged}})
    with pytest.raises(ReplayError, match=r"record: record.digest: should be an object"):
        MatchRecord.from_json({**data, "digest": "abc"})
    older = {k: v for k, v in data.items() if k != "digest"}  # a record from before digests
    assert verify(MatchRecord.from_json(older)).outcome is not None


def test_the_move_list_marks_the_moves_the_server_made_for_a_player(client: Any) -> None:
    alice, bob = guest(client), guest(client)
    made = alice.create("triple-triad", HIDDEN_HANDS, seats=[{"kind": "me"}, {"kind": "open"}],
                        rules={"grace": 0.2, "absence": "ai", "stand_in": "random"})
    assert bob.post(f"/api/matches/{made['id']}/join", {}).status_code == 200
    play_to_the_end(alice, made["id"])  # bob never comes: his seat is played by the stand-in
    moves = client.get(f"/api/matches/{made['id']}/replay?at=0").json()["moves"]
    assert {m["made_by"] for m in moves if m["seat"] == 1} == {"stand_in"}
    assert {m["made_by"] for m in moves if m["seat"] == 0} == {None}
