"""Hints and undo at the server (``server/assist.py``): offered against the AI alone; a hint
is worked out from the asking seat's view only; undo takes back the seat's last move and what
followed, never past a reveal, and the AI answers the position as it did before."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from tcgkit.agents.assist import advice
from tcgkit.kernel.registry import list_games, load_game
from tcgkit.kernel.rng import Rng
from tcgkit.server.db import ActionRow
from tcgkit.server.store import Store

from .conftest import guest, receive, receive_until
from .test_authority import room_of, two_players

OPEN_TT = {"open": True, "trade": "none"}  # every hand face up: the AI's answer tells nothing
GAMES = sorted(e.name for e in list_games() if e.cls.__module__.startswith("tcgkit.games."))


def ai_match(client: TestClient, options: dict[str, Any], **more: Any) -> tuple[Any, str]:
    person = guest(client)
    made = person.create("triple-triad", options, seats=[{"kind": "me"}, {"kind": "ai", "level": "random"}],
                         **more)
    return person, made["id"]


def my_turn(ws: Any) -> dict[str, Any]:
    """The first frame in which seat 0 is to move (the AI may begin)."""
    return receive_until(ws, lambda m: m["type"] in ("welcome", "update")
                         and (m["scene"].get("pending") or {}).get("player") == 0)


def actions_on_disk(db: str) -> int:
    count: int = Store(db).read_now(lambda s: s.scalar(select(func.count()).select_from(ActionRow)))
    return count


@pytest.mark.parametrize("game", GAMES)
def test_a_hint_is_the_same_whatever_the_seat_cannot_see(game: str) -> None:
    """Two states that differ only in the hidden cards (dealt anew for the seat) give one hint."""
    state = load_game(game, {}).new_state(7)
    for step in range(6):  # a few moves in: hands drawn, cards played
        mover = state.to_move
        if mover is None:
            break
        state.apply(state.legal_actions()[step % len(state.legal_actions())], mover)
    seat = state.to_move
    assert seat is not None
    differ = 0
    for sample in range(3):
        other = state.game.redeal_hidden(state, seat, Rng(100 + sample))
        assert other.view(seat) == state.view(seat)
        differ += other.to_json() != state.to_json()
        assert advice(other, seat, 5) == advice(state, seat, 5)
    assert differ, f"{game}: nothing hidden was dealt anew, the test would show nothing"


def test_hint_and_undo_against_the_ai(client: TestClient, db: str) -> None:
    person, match_id = ai_match(client, OPEN_TT)
    with person.socket(match_id) as ws:
        welcome = receive(ws)
        assert welcome["assists"] == ["hint", "undo"]
        frame = welcome if (welcome["scene"].get("pending") or {}).get("player") == 0 else my_turn(ws)
        version = frame["version"]
        ws.send_text(json.dumps({"type": "hint", "version": version}))
        hint = receive_until(ws, lambda m: m["type"] == "hint")
        assert hint["version"] == version
        assert hint["action"] in {m["notation"] for m in frame["scene"]["moves"]}
        ws.send_text(json.dumps({"type": "act", "version": version, "action": hint["action"]}))
        answered = my_turn(ws)  # our move, then the AI's
        assert answered["version"] == version + 2
        ws.send_text(json.dumps({"type": "undo", "version": answered["version"]}))
        undone = receive_until(ws, lambda m: m["type"] in ("undone", "error"))
        assert undone["type"] == "undone", undone
        assert undone["version"] == version and undone["count"] == 2
        assert undone["scene"]["pending"]["player"] == 0
        assert actions_on_disk(db) == version
        assert room_of(client, match_id).state.version == version
        # the same move again: the AI answers it as it did (its seed is the version's)
        ws.send_text(json.dumps({"type": "act", "version": version, "action": hint["action"]}))
        again = my_turn(ws)
        assert again["scene"]["areas"] == answered["scene"]["areas"]


def test_undo_never_goes_back_past_a_card_the_ai_showed(client: TestClient, db: str) -> None:
    person, match_id = ai_match(client, {"trade": "none"})  # the AI's hand is hidden
    with person.socket(match_id) as ws:
        welcome = receive(ws)
        frame = welcome if (welcome["scene"].get("pending") or {}).get("player") == 0 else my_turn(ws)
        move = frame["scene"]["moves"][0]["notation"]
        ws.send_text(json.dumps({"type": "act", "version": frame["version"], "action": move}))
        answered = my_turn(ws)
        ws.send_text(json.dumps({"type": "undo", "version": answered["version"]}))
        refused = receive_until(ws, lambda m: m["type"] == "error")
        assert refused["code"] == "no_undo" and "hidden" in refused["message"]
        assert actions_on_disk(db) == answered["version"]


def test_no_help_between_people_nor_undo_in_a_trading_or_timed_match(client: TestClient) -> None:
    alice, _bob, match_id = two_players(client, "triple-triad")
    with alice.socket(match_id) as ws:
        welcome = receive(ws)
        assert welcome["assists"] == []
        ws.send_text(json.dumps({"type": "hint", "version": welcome["version"]}))
        assert receive_until(ws, lambda m: m["type"] == "error")["code"] == "no_help"
        ws.send_text(json.dumps({"type": "undo", "version": welcome["version"]}))
        assert receive_until(ws, lambda m: m["type"] == "error")["code"] == "no_undo"
    trading, trading_id = ai_match(client, {})  # the default trade rule: hands are staked
    with trading.socket(trading_id) as ws:
        assert receive(ws)["assists"] == ["hint"]
    timed, timed_id = ai_match(client, OPEN_TT, rules={"clock": "chess", "seconds": 600})
    with timed.socket(timed_id) as ws:
        assert receive(ws)["assists"] == ["hint"]
