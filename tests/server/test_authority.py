"""One authority: every registered game served from its options, actions checked at the
version the client saw, committed before anyone hears of them, and every frame built from
its viewer's own view (checked against the re-deal property, frame by frame)."""

from __future__ import annotations

import asyncio
import contextlib
import copy
import json
from typing import Any

import jsonschema
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select, update

import tcgkit
from own_games import own_games
from tcgkit.kernel.rng import Rng
from tcgkit.server.app import create_app
from tcgkit.server.db import ActionRow
from tcgkit.server.room import Room
from tcgkit.server.service import Settings
from tcgkit.server.store import Store

from .conftest import Player, fast, guest, receive, receive_until

GAMES = [entry.name for entry in own_games()]
MAX_STEPS = 3000


def seated(client: TestClient, game: str, options: dict[str, Any] | None = None) -> tuple[list[Player], str]:
    """A match of ``game`` with a guest in every seat, the first creating it."""
    count = tcgkit.load_game(game, options or {}).num_players
    people = [guest(client) for _ in range(count)]
    made = people[0].create(game, options, seats=[{"kind": "me"}] + [{"kind": "open"}] * (count - 1))
    assert made["status"] == "open"
    for seat, person in enumerate(people[1:], start=1):
        joined = person.post(f"/api/matches/{made['id']}/join", {})
        assert joined.status_code == 200, joined.text
        assert joined.json()["seat"] == seat
    assert joined.json()["status"] == "running"
    return people, made["id"]


def two_players(client: TestClient, game: str) -> tuple[Player, Player, str]:
    people, match_id = seated(client, game)
    return people[0], people[1], match_id


def room_of(client: TestClient, match_id: str) -> Room:
    room: Room = client.app.state.server.rooms[match_id]  # type: ignore[attr-defined]
    return room


def frame_redealt(room: Room, viewer: int | None, since: int, rng: Rng) -> dict[str, Any]:
    """The scene and steps ``viewer`` would get if what it cannot see were dealt anew."""
    other = copy.copy(room)
    other.match = copy.copy(room.match)
    other.match.state = room.game.redeal_hidden(room.state, viewer, rng)
    return {"scene": other.scene(viewer, since),
            "steps": [json.loads(s.model_dump_json()) for s in other.steps(viewer, since)]}


def test_every_registered_game_is_listed_with_its_options_schema(client: TestClient) -> None:
    listed = client.get("/api/games").json()
    assert [g["name"] for g in listed] == GAMES
    for entry in listed:
        jsonschema.Draft202012Validator.check_schema(entry["options"])
        cls = tcgkit.find_game(entry["name"]).cls
        for options in cls.example_options:  # what the game calls valid, its schema accepts
            jsonschema.validate({k: v for k, v in options.items() if k not in ("max_decisions",)},
                                entry["options"])
        assert "greedy" in entry["ai_levels"] and "random" in entry["ai_levels"]


@pytest.mark.timeout(300)
@pytest.mark.parametrize("game", GAMES)
def test_whole_games_over_sockets_every_frame_passes_the_redeal_check(client: TestClient, game: str) -> None:
    people, match_id = seated(client, game)
    rng, check = Rng(len(game)), Rng(99)
    watcher = guest(client)
    with contextlib.ExitStack() as stack:
        sockets = {p: stack.enter_context(person.socket(match_id)) for p, person in enumerate(people)}
        seen = {p: receive(ws) for p, ws in sockets.items()}
        spy = stack.enter_context(watcher.socket(match_id))
        for p, ws in sockets.items():  # the others came in (the last one's welcome showed them all)
            if p < len(people) - 1:
                receive_until(ws, lambda m: m["type"] == "seats" and all(
                    s["connected"] for s in m["seats"] if s["kind"] == "human"))
        room = room_of(client, match_id)
        for step in range(MAX_STEPS):
            for viewer, message in seen.items():
                assert message["version"] == room.state.version
                scene = message["scene"]
                assert scene["viewer"] == viewer
            if room.state.is_terminal:
                break
            mover = room.state.to_move
            assert mover is not None
            frame = seen[mover]["scene"]
            move = frame["moves"][rng.below(len(frame["moves"]))]["notation"]
            cursors = {p: room.state.version for p in sockets}
            sockets[mover].send_text(json.dumps({"type": "act", "version": room.state.version,
                                                 "action": move, "tag": f"t{step}"}))
            for viewer, ws in sockets.items():
                message = receive(ws)
                assert message["type"] == "update", message
                assert message["ack"] == (f"t{step}" if viewer == mover else None)
                expected = frame_redealt(room, viewer, cursors[viewer], check)
                assert message["scene"] == expected["scene"], f"step {step}: {viewer}'s scene tells a secret"
                assert message["steps"] == expected["steps"], f"step {step}: {viewer}'s steps tell a secret"
                seen[viewer] = message
        else:
            pytest.fail(f"{game}: no end in {MAX_STEPS} steps")
        last = room.state.version
        spectator = receive_until(spy, lambda m: m["type"] == "update" and m["version"] == last,
                                  limit=MAX_STEPS + 10)
        assert spectator["scene"]["viewer"] is None and spectator["scene"]["outcome"] is not None
        assert room.state.outcome is not None
        assert seen[0]["scene"]["outcome"] == room.state.outcome.to_json()
    described = client.get(f"/api/matches/{match_id}").json()
    assert described["status"] == "over" and described["outcome"] == room.state.outcome.to_json()
    assert "seed" not in json.dumps(described)


def test_a_stale_version_is_refused_with_the_fresh_scene_and_nothing_played(client: TestClient,
                                                                            db: str) -> None:
    alice, bob, match_id = two_players(client, "forge-fury")
    with alice.socket(match_id) as ws0, bob.socket(match_id) as ws1:
        room = room_of(client, match_id)
        first = receive(ws0)
        receive(ws1)
        receive_until(ws0, lambda m: m["type"] == "seats")
        mover = room.state.to_move
        ws, other = (ws0, ws1) if mover == 0 else (ws1, ws0)
        frame = first["scene"] if mover == 0 else room.scene(1, -1)
        move = frame["moves"][0]["notation"]
        ws.send_text(json.dumps({"type": "act", "version": 0, "action": move}))
        receive_until(ws, lambda m: m["type"] == "update")
        receive_until(other, lambda m: m["type"] == "update" and m["version"] == 1)
        version = room.state.version
        # the other seat (now to move) replays the stale version 0
        other.send_text(json.dumps({"type": "act", "version": 0, "action": move, "tag": "old"}))
        error = receive(other)
        assert error["type"] == "error" and error["code"] == "stale" and error["tag"] == "old"
        assert error["version"] == version and error["scene"]["viewer"] == 1 - mover
        assert error["scene"] == room.scene(1 - mover, version)  # fresh: what it sees now
        assert room.state.version == version
    assert Store(db).read_now(lambda s: s.scalar(select(func.count()).select_from(ActionRow))) == version


def test_refusals_leave_the_match_as_it_was(client: TestClient) -> None:
    alice, bob, match_id = two_players(client, "triple-triad")
    with alice.socket(match_id) as ws0, bob.socket(match_id) as ws1:
        room = room_of(client, match_id)
        receive(ws0), receive(ws1)
        receive_until(ws0, lambda m: m["type"] == "seats")
        mover = room.state.to_move
        assert mover is not None
        waiting = ws1 if mover == 0 else ws0
        before = room.state.to_json()
        legal = str(room.state.legal_actions()[0])
        waiting.send_text(json.dumps({"type": "act", "version": 0, "action": legal}))
        assert receive(waiting)["code"] == "not_your_turn"
        mine = ws0 if mover == 0 else ws1
        mine.send_text(json.dumps({"type": "act", "version": 0, "action": "Nobody@9"}))
        error = receive(mine)
        assert error["code"] == "illegal" and "Nobody" in error["message"]
        assert room.state.to_json() == before
        mine.send_text(json.dumps({"type": "act", "version": 0, "action": legal}))
        assert receive(mine)["version"] == 1  # the connection is still usable


def test_an_action_is_on_disk_before_it_is_acknowledged(client: TestClient, db: str) -> None:
    alice = guest(client)
    made = alice.create("forge-fury", seats=[{"kind": "me"}, {"kind": "ai", "level": "random"}])
    reader = Store(db)
    count = lambda: reader.read_now(lambda s: s.scalar(  # noqa: E731
        select(func.count()).select_from(ActionRow).where(ActionRow.match_id == made["id"])))
    with alice.socket(made["id"]) as ws:
        message = receive(ws)
        for _ in range(6):
            while message["scene"]["pending"] is None or message["scene"]["pending"]["player"] != 0:
                message = receive_until(ws, lambda m: m["type"] == "update")
            ws.send_text(json.dumps({"type": "act", "version": message["version"],
                                     "action": message["scene"]["moves"][0]["notation"], "tag": "x"}))
            message = receive_until(ws, lambda m: m.get("ack") == "x")
            assert count() >= message["version"]  # another connection sees it committed


def test_a_failed_commit_is_refused_and_plays_nothing(client: TestClient) -> None:
    alice = guest(client)
    made = alice.create("triple-triad", {"first_player": 0},
                        seats=[{"kind": "me"}, {"kind": "ai", "level": "random"}])
    room = room_of(client, made["id"])
    with alice.socket(made["id"]) as ws:
        message = receive(ws)  # alice's turn: nothing else comes before her answer
        real = room.journal

        class Broken:
            async def action(self, *args: Any) -> None:
                raise OSError("disk full")

        room.journal = Broken()  # type: ignore[assignment]
        version = room.state.version
        move = message["scene"]["moves"][0]["notation"]
        ws.send_text(json.dumps({"type": "act", "version": version, "action": move}))
        error = receive(ws)
        assert error["code"] == "storage" and room.state.version == version
        room.journal = real
        ws.send_text(json.dumps({"type": "act", "version": version, "action": move, "tag": "again"}))
        assert receive_until(ws, lambda m: m.get("ack") == "again")["version"] == version + 1


@pytest.mark.timeout(120)
def test_ai_seats_think_in_the_process_pool(db: str) -> None:
    with TestClient(create_app(Settings(db=db, ai_workers=1))) as client:
        alice = guest(client)
        made = alice.create("triple-triad", seats=[{"kind": "ai", "level": "greedy"}, {"kind": "me"}],
                            options={"first_player": 0})
        with alice.socket(made["id"]) as ws:
            message = receive(ws)
            if message["version"] == 0:
                message = receive_until(ws, lambda m: m["type"] == "update" and m["version"] >= 1)
            assert message["scene"]["pending"]["player"] == 1  # the AI moved first, off the loop
            executors = room_of(client, made["id"]).ai_seats.pool.executors
            assert [type(e).__name__ for e in executors] == ["ProcessPoolExecutor"]


def test_a_restarted_app_resumes_every_match_from_the_database(db: str) -> None:
    with TestClient(create_app(fast(db))) as client:
        alice, bob, match_id = two_players(client, "ff-tcg")
        with alice.socket(match_id) as ws0, bob.socket(match_id) as ws1:
            room = room_of(client, match_id)
            sockets = {0: ws0, 1: ws1}
            receive(ws0), receive(ws1)
            receive_until(ws0, lambda m: m["type"] == "seats")
            for step in range(10):
                mover = room.state.to_move
                sockets[mover].send_text(json.dumps({"type": "act", "version": room.state.version,
                                                     "action": str(room.state.legal_actions()[0]),
                                                     "tag": str(step)}))
                receive_until(sockets[mover], lambda m, step=step: m.get("ack") == str(step))
            before = {p: room.scene(p, -1) for p in (0, 1)}
            version, state = room.state.version, room.state.to_json()
    with TestClient(create_app(fast(db))) as client:
        alice.client = client  # the same session cookie, on the restarted server
        room = room_of(client, match_id)  # loaded at start-up, not on first connection
        assert room.state.version == version and room.state.to_json() == state
        with alice.socket(match_id, since=4) as ws:
            welcome = receive(ws)
            assert welcome["version"] == version and welcome["seat"] == 0
            assert [s["version"] for s in welcome["steps"]] == list(range(5, version + 1))
            assert room.scene(0, -1) == before[0]


def test_an_action_whose_caller_is_cancelled_mid_commit_is_still_applied(client: TestClient) -> None:
    alice = guest(client)
    made = alice.create("triple-triad", {"first_player": 0}, seats=[{"kind": "me"}, {"kind": "open"}])
    guest(client).post(f"/api/matches/{made['id']}/join", {})
    room = room_of(client, made["id"])
    real = room.journal

    class Slow:
        async def action(self, *args: Any) -> None:
            await asyncio.sleep(0.2)
            await real.action(*args)

    room.journal = Slow()  # type: ignore[assignment]
    move = str(room.state.legal_actions()[0])

    async def cancelled_mid_commit() -> None:
        caller = asyncio.ensure_future(room.act(0, 0, move))
        await asyncio.sleep(0.05)
        caller.cancel()  # the client's reader, cut off
        await asyncio.sleep(0.4)

    client.portal.call(cancelled_mid_commit)  # type: ignore[union-attr]
    assert room.state.version == 1  # committed, so applied: the room and the database agree
    room.journal = real
    with alice.socket(made["id"]) as ws:
        assert receive(ws)["version"] == 1


def test_a_match_that_no_longer_replays_is_marked_broken_without_telling_its_actions(db: str) -> None:
    with TestClient(create_app(fast(db))) as client:
        alice, bob, match_id = two_players(client, "forge-fury")
        room = room_of(client, match_id)
        played = []
        with alice.socket(match_id) as ws0, bob.socket(match_id) as ws1:
            sockets = {0: ws0, 1: ws1}
            for step in range(4):
                mover = room.state.to_move
                move = str(room.state.legal_actions()[-1])
                played.append(move)
                sockets[mover].send_text(json.dumps({"type": "act", "version": room.state.version,
                                                     "action": move, "tag": str(step)}))
                receive_until(sockets[mover], lambda m, step=step: m.get("ack") == str(step))
    Store(db).write_now(lambda s: s.execute(  # an action this engine cannot read any more
        update(ActionRow).where(ActionRow.match_id == match_id, ActionRow.number == 2)
        .values(notation="teleport everywhere")))
    with TestClient(create_app(fast(db))) as client:
        described = client.get(f"/api/matches/{match_id}").json()
        assert described["status"] == "broken" and "do not replay" in described["problem"]
        assert not any(move in described["problem"] for move in played)
        assert "teleport" not in described["problem"]
        alice.client = client
        with alice.socket(match_id) as ws:
            error = receive(ws)
            assert error["code"] == "broken" and "teleport" not in error["message"]
