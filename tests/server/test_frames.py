"""What makes a frame cheap without making it say more: a scene written as JSON once per
state, viewer and cursor and spliced into each frame; an AI worker told only the actions
since it last asked. Each shortcut is checked against the long way it replaces."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tcgkit.kernel.limits import Tally, play
from tcgkit.kernel.rng import Rng, derive_seed
from tcgkit.server import ai
from tcgkit.server.ai_seats import AI_STREAM
from tcgkit.server.protocol import SERVER, Step, Update, encode

from .conftest import guest, receive, receive_until
from .test_authority import room_of, two_players


def test_a_spliced_frame_is_the_message_the_model_would_write() -> None:
    scene = {"game": "g", "viewer": 1, "moves": [{"notation": "x@1", "refs": []}], "note": "\u00e9\"}"}
    message = Update(version=3, scene={}, steps=[Step(version=3)], ack="t")
    text = encode(message, scene=json.dumps(scene))
    assert json.loads(text) == json.loads(message.model_copy(update={"scene": scene}).model_dump_json())
    assert SERVER.validate_json(text).type == "update"


def test_each_seat_is_sent_its_own_scene_and_a_sync_reuses_it_until_the_state_changes(
        client: TestClient) -> None:
    alice, bob, match_id = two_players(client, "ff-tcg")  # hands and decks hidden
    with alice.socket(match_id) as ws0, bob.socket(match_id) as ws1:
        room = room_of(client, match_id)
        sockets = {0: ws0, 1: ws1}
        receive(ws0), receive(ws1)
        receive_until(ws0, lambda m: m["type"] == "seats")
        for step in range(6):
            mover = room.state.to_move
            assert mover is not None
            since = room.state.version
            sockets[mover].send_text(json.dumps({"type": "act", "version": since, "tag": str(step),
                                                 "action": str(room.state.legal_actions()[0])}))
            frames = {p: receive_until(ws, lambda m: m["type"] == "update") for p, ws in sockets.items()}
            for viewer, frame in frames.items():  # the text sent is the scene built the long way
                assert frame["scene"] == room.scene(viewer, since)
                assert frame["scene"]["viewer"] == viewer
            assert frames[0]["scene"]["areas"] != frames[1]["scene"]["areas"]  # each its own hand
            built = room.scene_text(1 - mover, since)
            sockets[1 - mover].send_text(json.dumps({"type": "sync", "since": since}))
            synced = receive_until(sockets[1 - mover], lambda m: m["type"] == "update")
            assert synced["scene"] == frames[1 - mover]["scene"]
            assert room.scene_text(1 - mover, since) is built  # built once for this state
        before = room.scene_text(0, room.state.version)
        room.replication.follow(room.state.to_move or 0, str(room.state.legal_actions()[0]), None)
        assert room.scene_text(0, room.state.version - 1) == json.dumps(
            room.scene(0, room.state.version - 1), separators=(",", ":"), ensure_ascii=False)
        assert room.scene_text(0, room.state.version) != before


def replayed(name: str, seed: int, history: list[tuple[int, str]]) -> Any:
    state, tally = ai.game_of(name, {}).new_state(seed), Tally()
    for seat, text in history:
        play(state, state.parse_action(text, seat), seat, tally)
    return state


def position(match: str, name: str, seed: int, known: int, actions: list[tuple[int, str]]) -> ai.Position:
    return ai.Position(match, name, json.dumps({}), seed, None, known, actions)


@pytest.mark.parametrize("name", ["conflictus", "forge-fury"])
def test_a_worker_told_only_the_new_actions_plays_as_if_sent_the_whole_state(name: str) -> None:
    """The move a worker picks from its kept state plus the actions since equals the agent's
    move on the state itself (what the server used to send), seeded the same, move by move."""
    game, seed, rng = ai.game_of(name, {}), 11, Rng(5)
    agent = ai._agent(name, json.dumps({}), "greedy")
    history: list[tuple[int, str]] = []
    match, known = f"m-{name}", 0
    state = game.new_state(seed)
    for _ in range(40):
        if state.is_terminal:
            break
        mover = state.to_move
        assert mover is not None
        move_seed = derive_seed(seed, AI_STREAM, mover, state.version)
        text = ai.choose(position(match, name, seed, known, history[known:]), "greedy", mover, move_seed)
        assert text == str(agent.act(state.view(mover), state.legal_actions(), Rng(move_seed)))
        known = state.version
        actions = state.legal_actions()  # the other seat's move, or this one: a random one
        action = actions[rng.below(len(actions))]
        history.append((mover, str(action)))
        state.apply(action, mover)
    assert state.version > 5


def test_a_worker_that_lost_a_match_says_so_and_is_given_the_whole_history() -> None:
    name, seed = "triple-triad", 3
    state = replayed(name, seed, [])
    history = []
    for _ in range(3):
        action = state.legal_actions()[0]
        history.append((state.to_move, str(action)))
        state.apply(action, state.to_move)
    ai._kept.pop("lost", None)
    with pytest.raises(ai.Unknown):
        ai.choose(position("lost", name, seed, 2, history[2:]), "greedy", state.to_move, 1)
    whole = ai.choose(position("lost", name, seed, 0, history), "greedy", state.to_move, 1)
    assert ai._kept["lost"].state.to_json() == state.to_json()
    with pytest.raises(ai.Unknown):  # told of a version it never reached
        ai.choose(position("lost", name, seed, 1, history[1:]), "greedy", state.to_move, 1)
    assert whole == ai.choose(position("lost", name, seed, 0, history), "greedy", state.to_move, 1)


def test_a_worker_keeps_a_bounded_number_of_matches() -> None:
    for number in range(ai.KEPT + 20):
        ai.choose(position(f"many-{number}", "triple-triad", number, 0, []), "random",
                  replayed("triple-triad", number, []).to_move, number)
    assert len(ai._kept) == ai.KEPT
    assert "many-0" not in ai._kept and f"many-{ai.KEPT + 19}" in ai._kept


def test_an_ai_seat_whose_worker_forgot_the_match_plays_on(client: TestClient,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker's kept states are dropped before each of the person's moves (as a restarted
    worker would have lost them): the room is told so, sends the whole history, and the match
    goes on to its end."""
    asked: list[tuple[int, bool]] = []  # (known, whether the worker held the match)
    choose = ai.choose

    def recorded(where: ai.Position, *args: Any) -> str:
        try:
            text = choose(where, *args)
        except ai.Unknown:
            asked.append((where.known, False))
            raise
        asked.append((where.known, True))
        return text

    monkeypatch.setattr(ai, "choose", recorded)
    alice = guest(client)
    made = alice.create("triple-triad", seats=[{"kind": "me"}, {"kind": "ai", "level": "greedy"}])
    with alice.socket(made["id"]) as ws:
        room = room_of(client, made["id"])
        message = receive(ws)
        while message["scene"]["outcome"] is None:
            if message["scene"]["moves"]:
                ai._kept.clear()
                ws.send_text(json.dumps({"type": "act", "version": message["version"],
                                         "action": message["scene"]["moves"][0]["notation"]}))
            message = receive_until(ws, lambda m: m["type"] == "update")
        assert room.problem is None and room.state.is_terminal
    assert any(known > 0 and not held for known, held in asked)
    assert all(known == 0 for (known, _), (_, held) in zip(asked[1:], asked, strict=False) if not held)
