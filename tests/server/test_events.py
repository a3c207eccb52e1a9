"""Events on a real server (``server/events.py``): a Swiss event of 8 accounts played to its end
by the test client, its pairings and standings checked against the matches' own results;
round-robin and byes; every bad request refused with its reason and nothing changed."""

from __future__ import annotations

import itertools
import time
from typing import Any

import pytest

from tcgkit.kernel.rng import Rng, derive_seed
from tcgkit.server.client import Client, ServerError, Table
from tcgkit.server.events import Events

from .conftest import fast, serving
from .test_postgres import pg as pg  # the fixture: a database of its own on the test server

NO_TRADE = {"trade": "none"}  # an event deals its hands: no collection is staked


def accounts(url: str, count: int, prefix: str = "player") -> list[Client]:
    clients = []
    for number in range(count):
        client = Client(url, timeout=30)
        client.sign_up(f"{prefix}{number}", "correct horse battery")
        clients.append(client)
    return clients


def wait_for(client: Client, event_id: str, done: Any, seconds: float = 60.0) -> dict[str, Any]:
    """The event once ``done`` accepts it (the server pairs a round just after a match ends)."""
    deadline = time.monotonic() + seconds
    while True:
        event = client.event(event_id)
        if done(event):
            return event
        assert time.monotonic() < deadline, f"the event did not get there: {event}"
        time.sleep(0.1)


def open_tables(event: dict[str, Any]) -> list[dict[str, Any]]:
    return [t for t in event["pairings"][-1]["tables"] if not t["over"]] if event["pairings"] else []


def round_made(event: dict[str, Any]) -> bool:
    """The current round's matches all made (the server makes them one by one)."""
    return bool(open_tables(event)) and all(t["match"] for t in event["pairings"][-1]["tables"])


def heard(tables: list[Table], seconds: float = 30.0) -> None:
    """Read one message on some table still playing (each is listened to in turn, briefly)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for table in tables:
            if table.over:
                continue
            try:
                table.receive(timeout=0.05)
                return
            except TimeoutError:
                continue
    raise AssertionError("no table heard anything in 30 s")


def play_round(clients: dict[str, Client], event: dict[str, Any], salt: int, moves: int = 10**9) -> None:
    """Moves by every account at the current round's tables, up to ``moves`` (or until each
    match is over); an AI seat's moves are waited for. Each is drawn by the round, the table
    and the match's version: the same event plays the same way however often it is resumed."""
    tables: dict[tuple[str, int], Table] = {}
    number = {t["match"]: (event["round"], t["table"]) for t in event["pairings"][-1]["tables"]}
    for table in open_tables(event):
        for seat in table["seats"]:
            if seat["name"] is not None:
                tables[(table["match"], seat["seat"])] = clients[seat["name"]].connect(table["match"])
    try:
        done = 0
        while done < moves and not all(t.over for t in tables.values()):
            mover = next((t for t in tables.values() if t.my_turn and not t.over), None)
            if mover is None:  # an AI's move or a stale table: read what came, wherever it came
                heard(list(tables.values()))
                continue
            options = mover.scene["moves"]
            drawn = Rng(derive_seed(salt, *number[mover.match_id], mover.version)).below(len(options))
            mover.act(options[drawn]["notation"])
            done += 1
            for (match_id, _), other in tables.items():
                while match_id == mover.match_id and other.version < mover.version:
                    other.receive(timeout=30)
    finally:
        for table in tables.values():
            table.close()


def play_event(clients: dict[str, Client], event_id: str, salt: int) -> dict[str, Any]:
    watcher = next(iter(clients.values()))
    while True:
        event = wait_for(watcher, event_id, lambda e: e["status"] == "over" or round_made(e))
        if event["status"] == "over":
            return event
        number = event["round"]
        play_round(clients, event, salt)
        wait_for(watcher, event_id, lambda e, n=number: e["status"] == "over" or e["round"] > n)


def standings_from_matches(watcher: Client, event: dict[str, Any]) -> dict[str, tuple[float, ...]]:
    """Points, Buchholz, Sonneborn-Berger and the game's score of each entrant, computed here
    from the matches' own outcomes (read from the matches, not from the event)."""
    games: list[tuple[str, str, float]] = []
    points = {e["name"]: 0.0 for e in event["entrants"]}
    score = dict.fromkeys(points, 0.0)
    for round_ in event["pairings"]:
        for bye in round_["byes"]:
            points[bye["name"]] += event["players"] - 1
        for table in round_["tables"]:
            match = watcher.describe(table["match"])
            assert match["status"] == "over"
            ranks, scores = match["outcome"]["ranks"], match["outcome"]["scores"]
            names = [s["name"] for s in match["seats"]]
            assert names == [s["name"] for s in table["seats"]]  # the match seats the pairing
            for i, j in itertools.permutations(range(len(names)), 2):
                result = 1.0 if ranks[i] < ranks[j] else 0.5 if ranks[i] == ranks[j] else 0.0
                if names[i] is not None:
                    points[names[i]] += result
                    if names[j] is not None:
                        games.append((names[i], names[j], result))
            for i, name in enumerate(names):
                if name is not None:
                    score[name] += scores[i]
    return {name: (points[name], sum(points[o] for a, o, _ in games if a == name),
                   sum(r * points[o] for a, o, r in games if a == name), score[name]) for name in points}


def check_finished(watcher: Client, event: dict[str, Any], rounds: int) -> None:
    assert event["status"] == "over" and len(event["pairings"]) == rounds
    assert isinstance(event["seed"], int)  # told once the event is over
    mine = standings_from_matches(watcher, event)
    got = {s["name"]: (s["points"], s["buchholz"], s["sonneborn_berger"], s["game_score"])
           for s in event["standings"]}
    assert got == mine  # halves and whole numbers: exact in floating point
    keys = [tuple(-x for x in got[s["name"]]) for s in event["standings"]]
    assert keys == sorted(keys)
    pairs = [frozenset(p) for r in event["pairings"] for t in r["tables"]
             for p in itertools.combinations([s["name"] for s in t["seats"] if s["name"]], 2)]
    assert len(pairs) == len(set(pairs))  # nobody met twice
    assert not any(t["rematch"] for r in event["pairings"] for t in r["tables"])


@pytest.mark.timeout(300)
def test_a_swiss_event_of_eight_accounts_is_played_to_its_end(db: str) -> None:
    with serving(fast(db)) as (url, _app):
        people = accounts(url, 8)
        clients = {f"player{n}": c for n, c in enumerate(people)}
        host = people[0]
        made = host.create_event("Sunday Swiss", "triple-triad", NO_TRADE, rounds=3, seed=41)
        assert made["status"] == "open" and made["players"] == 2
        for client in people:
            client.join_event(made["id"])
        with pytest.raises(ServerError) as refused:
            people[1].start_event(made["id"])
        assert refused.value.status == 403
        started = host.start_event(made["id"])
        assert started["status"] == "running" and started["round"] == 1
        assert len(started["pairings"][0]["tables"]) == 4
        first = started["pairings"][0]
        # asked again while round 1 is played: refused, and nothing changed
        with pytest.raises(ServerError) as refused:
            host.pair_event(made["id"])
        assert refused.value.status == 409 and "round 1" in str(refused.value)
        assert host.event(made["id"])["pairings"] == [first]
        late = Client(url)
        late.guest()
        with pytest.raises(ServerError) as refused:
            late.join_event(made["id"])
        assert refused.value.status == 409 and "before it starts" in str(refused.value)
        with pytest.raises(ServerError) as refused:
            people[2].leave_event(made["id"])
        assert refused.value.status == 409
        event = play_event(clients, made["id"], 7)
        check_finished(host, event, 3)
        assert any(e["id"] == made["id"] and e["status"] == "over" for e in host.events())
        # a result for a finished round: the match takes no more moves, the standings stay
        last = event["pairings"][0]["tables"][0]
        player = clients[next(s["name"] for s in last["seats"] if s["name"])]
        with player.connect(last["match"]) as table:
            assert table.over and not table.my_turn
            with pytest.raises(ServerError) as refused:
                table.act(table.scene["moves"][0]["notation"] if table.scene.get("moves") else "pass")
            assert refused.value.code
        assert host.event(made["id"]) == event


@pytest.mark.timeout(300)
def test_ai_fills_the_empty_seat_of_a_bye_and_a_bye_may_score_a_win(db: str) -> None:
    with serving(fast(db)) as (url, _app):
        people = accounts(url, 5)
        clients = {f"player{n}": c for n, c in enumerate(people)}
        filled = people[0].create_event("Fill-ins", "triple-triad", NO_TRADE, rounds=3, level="random",
                                              seed=3)
        scored = people[0].create_event("Byes win", "triple-triad", NO_TRADE, rounds=3, bye="win", seed=3)
        for client in people:
            client.join_event(filled["id"])
            client.join_event(scored["id"])
        for made in (filled, scored):
            people[0].start_event(made["id"])
        for made in (filled, scored):
            event = play_event(clients, made["id"], 1)
            check_finished(people[0], event, 3)
            byes = [b["name"] for r in event["pairings"] for b in r["byes"]]
            ai_tables = [t for r in event["pairings"] for t in r["tables"]
                         if any(s["ai"] for s in t["seats"])]
            if made is filled:
                assert byes == [] and len(ai_tables) == 3
                assert all(s["ai"] == "random" for t in ai_tables for s in t["seats"] if not s["name"])
                takers = [s["name"] for t in ai_tables for s in t["seats"] if s["name"]]
            else:
                assert ai_tables == [] and len(byes) == 3
                takers = byes
            assert len(set(takers)) == 3  # one bye each while some have had none


@pytest.mark.timeout(300)
def test_a_round_robin_meets_every_pair_once(db: str) -> None:
    with serving(fast(db)) as (url, _app):
        people = accounts(url, 4)
        clients = {f"player{n}": c for n, c in enumerate(people)}
        made = people[0].create_event("All meet", "triple-triad", NO_TRADE, format="round_robin")
        for client in people:
            client.join_event(made["id"])
        assert people[0].start_event(made["id"])["rounds"] == 3
        event = play_event(clients, made["id"], 2)
        check_finished(people[0], event, 3)
        firsts = [t["seats"][0]["name"] for r in event["pairings"] for t in r["tables"]]
        assert all(firsts.count(f"player{n}") in (1, 2) for n in range(4))


def test_bad_requests_are_refused_with_a_reason_and_change_nothing(db: str) -> None:
    with serving(fast(db)) as (url, _app):
        host, other = accounts(url, 2)
        cases: list[tuple[dict[str, Any], int, str]] = [
            ({"game": "no-such-game"}, 404, "no-such-game"),
            ({"game": "triple-triad", "options": NO_TRADE, "level": "grandmaster"}, 422, "level"),
            ({"game": "triple-triad", "options": NO_TRADE, "players": 3}, 422, "players"),
            ({"game": "triple-triad", "options": NO_TRADE, "format": "round_robin", "rounds": 3}, 422,
             "round-robin"),
            ({"game": "triple-triad", "options": NO_TRADE, "rounds": 0}, 422, "rounds"),
            ({"game": "triple-triad", "options": {"trade": "one"}}, 422, "collections"),
        ]
        for body, status, words in cases:
            with pytest.raises(ServerError) as refused:
                host.post("/api/events", {"name": "x", **body})
            assert refused.value.status == status and words in str(refused.value), (body, refused.value)
        assert host.events() == []
        made = host.create_event("Too few", "triple-triad", NO_TRADE)
        host.join_event(made["id"])
        with pytest.raises(ServerError) as refused:
            host.join_event(made["id"])
        assert refused.value.status == 409 and "already joined" in str(refused.value)
        with pytest.raises(ServerError) as refused:
            host.start_event(made["id"])
        assert refused.value.status == 409 and "at least 2 entrants" in str(refused.value)
        with pytest.raises(ServerError) as refused:
            other.leave_event(made["id"])
        assert refused.value.status == 409
        with pytest.raises(ServerError) as refused:
            host.pair_event(made["id"])
        assert refused.value.status == 409 and "open" in str(refused.value)
        other.join_event(made["id"])
        other.leave_event(made["id"])
        described = host.event(made["id"])
        assert [e["name"] for e in described["entrants"]] == ["player0"] and described["status"] == "open"
        assert "seed" not in described
        with pytest.raises(ServerError) as refused:
            host.event("nope")
        assert refused.value.status == 404


def test_a_round_cut_short_while_its_matches_are_made_is_completed_once(
        db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The advance stopped after two of a round's four matches (as a killed server would) is
    finished by the next advance, which makes the two missing ones only; a third makes none."""
    with serving(fast(db, sweep_every=3600)) as (url, _app):  # no sweep to finish it first
        people = accounts(url, 8)
        made = people[0].create_event("Cut", "triple-triad", NO_TRADE, rounds=3, seed=41)
        for client in people:
            client.join_event(made["id"])
        real, opened = Events._open, []

        async def cut(self: Events, *args: Any) -> bool:
            if len(opened) == 2:
                raise RuntimeError("the process stops here")
            opened.append(args)
            return await real(self, *args)

        monkeypatch.setattr(Events, "_open", cut)
        halfway = people[0].start_event(made["id"])  # started, its round half made (a sweep ends it)
        monkeypatch.undo()
        assert halfway["status"] == "running"
        assert [bool(t["match"]) for t in halfway["pairings"][0]["tables"]] == [True, True, False, False]
        paired = people[0].pair_event(made["id"])
        tables = paired["pairings"][0]["tables"]
        assert [t["match"] for t in tables[:2]] == [t["match"] for t in halfway["pairings"][0]["tables"][:2]]
        assert all(t["match"] for t in tables) and len({t["match"] for t in tables}) == 4
        assert [t["seats"] for t in tables] == [t["seats"] for t in halfway["pairings"][0]["tables"]]
        with pytest.raises(ServerError) as refused:
            people[0].pair_event(made["id"])
        assert refused.value.status == 409
        assert people[0].event(made["id"]) == paired
        for table in tables:
            match = people[0].describe(table["match"])
            assert match["status"] == "running"
            assert [s["name"] for s in match["seats"]] == [s["name"] for s in table["seats"]]


@pytest.mark.timeout(400)
def test_a_swiss_event_of_eight_accounts_at_tables_of_three_fills_the_short_table_with_ai(db: str) -> None:
    """Eight accounts at tables of three: two full tables and one of two players and the AI
    each round, the seat with the AI going to someone who has not had it yet."""
    with serving(fast(db)) as (url, _app):
        people = accounts(url, 8)
        clients = {f"player{n}": c for n, c in enumerate(people)}
        short = {"round_limit": 4, "deck_size": 20}  # games of some 50 moves (then shared draws)
        made = people[0].create_event("Three a table", "conflictus", short, players=3, rounds=3, seed=8)
        for client in people:
            client.join_event(made["id"])
        people[0].start_event(made["id"])
        event = play_event(clients, made["id"], 5)
        check_finished(people[0], event, 3)
        for round_ in event["pairings"]:
            sizes = sorted(sum(1 for s in t["seats"] if s["name"]) for t in round_["tables"])
            assert sizes == [2, 3, 3]
        filled = [s["name"] for r in event["pairings"] for t in r["tables"]
                  if any(s["ai"] for s in t["seats"]) for s in t["seats"] if s["name"]]
        assert len(filled) == len(set(filled)) == 6  # nobody sat with the AI twice


@pytest.mark.timeout(300)
def test_an_event_on_postgresql_is_played_to_its_end(pg: str) -> None:
    with serving(fast(pg)) as (url, _app):
        people = accounts(url, 3)
        clients = {f"player{n}": c for n, c in enumerate(people)}
        made = people[0].create_event("On PostgreSQL", "triple-triad", NO_TRADE, rounds=2, seed=5)
        for client in people:
            client.join_event(made["id"])
        people[0].start_event(made["id"])
        check_finished(people[0], play_event(clients, made["id"], 3), 2)
