"""Events: Swiss and round-robin events of any game, their entrants, and the matches of each
round, made through the server's own match creation.

Nothing of an event's progress is kept but its rows: the entrants, and each table's match
(``EventMatch``, written in the transaction that creates the match, so a table is paired once).
The rounds are computed again from them each time (``pairing.py``: a pure function of the
seed, the entrants and the results), and ``Events.advance`` makes whatever the rows lack: the
missing matches of the round being paired once every match of the round before it is over, or
the event's end. It is run when a match ends (once its result is committed), at start and in
each sweep, so a server killed at any moment carries on where it stopped; run twice, it does
nothing the second time.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..kernel.rng import derive_seed
from . import ai, collection
from .clock import Rules
from .db import EventEntrant, EventMatch, EventRow, MatchRow
from .match_hooks import Placement
from .pairing import ByeMode, Result, Round, Standing, round_robin, standings, swiss_round, table_points
from .refusal import Refusal
from .service import NewMatch, SeatSpec, Server, account_names, check_game

log = logging.getLogger("tcgkit.server")

MAX_ENTRANTS = 128
MAX_ROUNDS = 20
DEFAULT_ROUNDS = 3


def absent_stand_in() -> Rules:
    # An event waits for nobody: a player away past the grace has the AI play for them.
    return Rules(absence="ai")


class EventRequest(BaseModel):
    """A new event. ``players``: the seats of a table, for a game whose count varies (else the
    game's); ``rounds``: a Swiss event's (a round-robin's follow from its entrants);
    ``level``: the AI that fills an empty seat; ``bye``: ``ai`` (a bye's empty seats are
    filled by that AI and the game is played) or ``win`` (a bye scores a win, no game);
    ``seed``: the pairings' and matches' (drawn when not given)."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=60)
    game: str = Field(max_length=64)
    options: dict[str, Any] = Field(default_factory=dict)
    players: int | None = Field(default=None, ge=2, le=8)
    format: Literal["swiss", "round_robin"] = "swiss"
    rounds: int | None = Field(default=None, ge=1, le=MAX_ROUNDS)
    level: str = Field(default="greedy", max_length=40)
    bye: Literal["ai", "win"] = "ai"
    seed: int | None = Field(default=None, ge=0, lt=2**62)
    rules: Rules = Field(default_factory=absent_stand_in)


@dataclass
class Rows:
    """What the database holds of one event."""

    event: EventRow
    entrants: list[int]
    names: dict[int, str]
    links: dict[tuple[int, int], str]  # (round, table) -> match id
    matches: dict[str, tuple[str, dict[str, Any] | None]]  # match id -> (status, outcome)


@dataclass
class Progress:
    """The rounds paired so far (the last one being played, or to be paired) and each table's
    result (``None`` while its match is to be made or runs)."""

    rounds: list[Round]
    results: list[list[Result | None]]
    over: bool

    def played(self) -> list[tuple[Round, Sequence[Result]]]:
        pairs = zip(self.rounds, self.results, strict=True)
        return [(r, [x for x in got if x is not None]) for r, got in pairs if all(x is not None for x in got)]


def result_of(rows: Rows, number: int, table: int, size: int) -> Result | None:
    match_id = rows.links.get((number, table))
    if match_id is None:
        return None
    status, outcome = rows.matches[match_id]
    if status == "over" and outcome is not None:
        return Result(tuple(outcome["ranks"]), tuple(float(s) for s in outcome["scores"]))
    if status in ("broken", "cancelled"):  # a match that cannot go on counts as a draw
        return Result((0,) * size, (0.0,) * size)
    return None


def progress(rows: Rows) -> Progress:
    event = rows.event
    bye: ByeMode = "win" if event.bye == "win" else "ai"
    fixed = round_robin(rows.entrants, event.size, event.seed, bye) if event.format == "round_robin" else None
    rounds: list[Round] = []
    results: list[list[Result | None]] = []
    played: list[tuple[Round, Sequence[Result]]] = []
    for number in range(event.rounds):
        round_ = fixed[number] if fixed is not None else swiss_round(rows.entrants, event.size, played,
                                                                      event.seed, bye)
        got = [result_of(rows, number, t, event.size) for t in range(len(round_.tables))]
        rounds.append(round_)
        results.append(got)
        if any(r is None for r in got):
            return Progress(rounds, results, over=False)
        played.append((round_, [r for r in got if r is not None]))
    return Progress(rounds, results, over=True)


def read_rows(session: Session, event_id: str) -> Rows | None:
    event = session.get(EventRow, event_id)
    if event is None:
        return None
    entrants = sorted(session.scalars(select(EventEntrant.account_id)
                                      .where(EventEntrant.event_id == event_id)))
    links = {(m.round, m.table): m.match_id
             for m in session.scalars(select(EventMatch).where(EventMatch.event_id == event_id))}
    matches = {m.id: (m.status, m.outcome) for m in session.scalars(
        select(MatchRow).where(MatchRow.id.in_(list(links.values()))))} if links else {}
    return Rows(event, entrants, account_names(session, set(entrants) | {event.owner_id}), links, matches)


def found(rows: Rows | None, event_id: str) -> Rows:
    if rows is None:
        raise Refusal(404, "not_found", f"no event {event_id!r}")
    return rows


class Events:
    """The events of one server: their requests, and the advance that pairs their rounds."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.store = server.store
        self._locks: dict[str, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    # -- told by the server ----------------------------------------------------------------------
    def match_ended(self, match_id: str) -> None:
        task = asyncio.get_running_loop().create_task(self._after(match_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _after(self, match_id: str) -> None:
        event_id = await self.store.read(lambda s: s.scalars(
            select(EventMatch.event_id).where(EventMatch.match_id == match_id)).first())
        if event_id is not None:
            try:
                await self.advance(event_id)
            except Exception:  # the sweep tries again
                log.exception("event %s: pairing after match %s failed", event_id, match_id)

    async def catch_up(self) -> None:
        running = await self.store.read(lambda s: list(s.scalars(
            select(EventRow.id).where(EventRow.status == "running"))))
        for event_id in running:
            try:
                await self.advance(event_id)
            except Exception:
                log.exception("event %s: pairing failed", event_id)

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    # -- the advance ---------------------------------------------------------------------------------
    async def advance(self, event_id: str) -> int:
        """Make what the event's rows lack (see the module's doc); the number of matches made."""
        async with self._locks.setdefault(event_id, asyncio.Lock()):
            rows = await self.store.read(lambda s: read_rows(s, event_id))
            if rows is None or rows.event.status != "running":
                return 0
            now = await asyncio.to_thread(progress, rows)  # a long event's pairing takes a while
            if now.over:
                await self.store.write(lambda s: s.execute(
                    update(EventRow).where(EventRow.id == event_id, EventRow.status == "running")
                    .values(status="over")))
                return 0
            number = len(now.rounds) - 1
            made = 0
            for index, table in enumerate(now.rounds[-1].tables):
                if (number, index) not in rows.links and await self._open(rows.event, number, index,
                                                                           table.seats):
                    made += 1
            return made

    async def _open(self, event: EventRow, number: int, index: int, seats: Sequence[int | None]) -> bool:
        """The match of table ``index`` of round ``number``; ``False`` when another process
        made it first."""
        request = NewMatch(game=event.game, options=event.options,
                           seats=[SeatSpec(kind="ai", level=event.level) if e is None
                                  else SeatSpec(kind="invite") for e in seats],
                           rules=Rules.model_validate(event.rules))
        event_id = event.id

        def link(session: Session, match_id: str) -> None:
            session.add(EventMatch(event_id=event_id, round=number, table=index, match_id=match_id))

        placement = Placement({n: e for n, e in enumerate(seats) if e is not None},
                              derive_seed(event.seed, number, index) >> 2, link)  # 62 bits, as a match's
        try:
            await self.server.create(request, event.owner_id, placement=placement)
        except IntegrityError:
            return False
        return True

    # -- requests ----------------------------------------------------------------------------------------
    async def create(self, request: EventRequest, account: int) -> str:
        options = dict(request.options)
        if request.players is not None:
            options["players"] = request.players
        game = check_game(request.game, options)
        if request.players is not None and not type(game).variable_players() and \
                request.players != game.num_players:
            raise Refusal(422, "invalid", f"players: {game.name} is played by {game.num_players}, "
                          f"not {request.players}")
        if collection.trades(game):
            raise Refusal(422, "invalid", f"{game.title} with these options stakes the players' collections: "
                          "an event deals its hands by its seed; choose options without a trade")
        known = ai.levels(game)
        for field, level in (("level", request.level), ("rules.stand_in", request.rules.stand_in)):
            if level not in known:
                raise Refusal(422, "invalid", f"{field}: no AI level {level!r} for {game.name}; known: "
                              f"{', '.join(known)}")
        if request.format == "round_robin" and request.rounds is not None:
            raise Refusal(422, "invalid", "rounds: a round-robin's rounds follow from its entrants")
        event_id = secrets.token_hex(16)
        row = EventRow(id=event_id, name=request.name, game=game.name, options=game.options_json(),
                       size=game.num_players, format=request.format,
                       rounds=(request.rounds or DEFAULT_ROUNDS) if request.format == "swiss" else 0,
                       level=request.level, bye=request.bye,
                       seed=request.seed if request.seed is not None else secrets.randbits(62),
                       rules=request.rules.model_dump(), status="open", owner_id=account, created=time.time())
        await self.store.write(lambda s: s.add(row))
        return event_id

    async def join(self, event_id: str, account: int) -> None:
        def work(session: Session) -> None:
            event = self._open_event(session, event_id, "joined")
            entrants = set(session.scalars(select(EventEntrant.account_id)
                                           .where(EventEntrant.event_id == event_id)))
            if account in entrants:
                raise Refusal(409, "conflict", "you have already joined this event")
            if len(entrants) >= MAX_ENTRANTS:
                raise Refusal(409, "conflict", f"the event is full ({MAX_ENTRANTS} entrants)")
            session.add(EventEntrant(event_id=event.id, account_id=account, joined=time.time()))

        await self.store.write(work)

    async def leave(self, event_id: str, account: int) -> None:
        def work(session: Session) -> None:
            self._open_event(session, event_id, "left")
            entry = session.get(EventEntrant, (event_id, account))
            if entry is None:
                raise Refusal(409, "conflict", "you have not joined this event")
            session.delete(entry)

        await self.store.write(work)

    async def start(self, event_id: str, account: int) -> None:
        """Close the entries and pair the first round (by the event's creator)."""
        rows = found(await self.store.read(lambda s: read_rows(s, event_id)), event_id)
        # A round-robin's schedule (seconds for a large one at tables of 4) is drawn outside the
        # transaction, which every match's writes wait for, and holds if the entrants did not change.
        rounds = rows.event.rounds
        if rows.event.format == "round_robin" and len(rows.entrants) >= rows.event.size:
            rounds = len(await asyncio.to_thread(round_robin, rows.entrants, rows.event.size, rows.event.seed,
                                                 "win" if rows.event.bye == "win" else "ai"))

        def work(session: Session) -> None:
            event = self._open_event(session, event_id, "started")
            if event.owner_id != account:
                raise Refusal(403, "forbidden", "only the event's creator starts it")
            entrants = sorted(session.scalars(select(EventEntrant.account_id)
                                              .where(EventEntrant.event_id == event_id)))
            if len(entrants) < event.size:
                raise Refusal(409, "conflict", f"the event needs at least {event.size} entrants to start, "
                              f"it has {len(entrants)}")
            if entrants != rows.entrants:
                raise Refusal(409, "conflict", "the entrants changed as the event started: start it again")
            event.rounds, event.status = rounds, "running"

        await self.store.write(work)
        try:
            await self.advance(event_id)
        except Exception:  # started all the same: the next sweep makes the round's missing matches
            log.exception("event %s: pairing its first round failed", event_id)

    async def pair(self, event_id: str, account: int) -> None:
        """Ask for the next round's pairing (by the creator): refused, with the reason, when
        there is nothing to pair; the server pairs each round itself as soon as it can."""
        rows = found(await self.store.read(lambda s: read_rows(s, event_id)), event_id)
        if rows.event.owner_id != account:
            raise Refusal(403, "forbidden", "only the event's creator asks for a pairing")
        if await self.advance(event_id) > 0:
            return
        rows = found(await self.store.read(lambda s: read_rows(s, event_id)), event_id)
        if rows.event.status != "running":
            raise Refusal(409, "conflict", f"the event is {rows.event.status}: there is no round to pair")
        now = await asyncio.to_thread(progress, rows)
        done = sum(r is not None for r in now.results[-1])
        raise Refusal(409, "conflict", f"round {len(now.rounds)} is paired and being played ({done} of "
                      f"{len(now.results[-1])} matches over): the next is paired when all are")

    @staticmethod
    def _open_event(session: Session, event_id: str, what: str) -> EventRow:
        event = session.get(EventRow, event_id)
        if event is None:
            raise Refusal(404, "not_found", f"no event {event_id!r}")
        if event.status != "open":
            raise Refusal(409, "conflict", f"the event is {event.status}: it is {what} only before it starts")
        return event

    # -- what anyone may read -------------------------------------------------------------------------
    async def listing(self) -> list[dict[str, Any]]:
        def work(session: Session) -> list[dict[str, Any]]:
            events = list(session.scalars(select(EventRow).order_by(EventRow.created.desc()).limit(100)))
            counts: dict[str, int] = {}
            for entry in session.scalars(select(EventEntrant).where(
                    EventEntrant.event_id.in_([e.id for e in events]))):
                counts[entry.event_id] = counts.get(entry.event_id, 0) + 1
            owners = account_names(session, {e.owner_id for e in events})
            return [summary(e, counts.get(e.id, 0), owners) for e in events]

        return await self.store.read(work)

    async def describe(self, event_id: str) -> dict[str, Any]:
        rows = found(await self.store.read(lambda s: read_rows(s, event_id)), event_id)
        event = rows.event
        out = summary(event, len(rows.entrants), rows.names)
        out["entrants"] = [{"account": e, "name": rows.names.get(e)} for e in rows.entrants]
        out["rules"] = event.rules
        if event.status == "over":
            out["seed"] = event.seed  # the pairings and the matches' seeds come from it: told once over
        if event.status == "open":
            return {**out, "pairings": [], "standings": [], "round": 0}
        now = await asyncio.to_thread(progress, rows)
        out["round"] = len(now.rounds)
        out["pairings"] = [round_json(rows, n, r, now.results[n]) for n, r in enumerate(now.rounds)]
        out["standings"] = [standing_json(s, rows.names) for s in
                            standings(rows.entrants, event.size, now.played(), event.seed)]
        return out


def summary(event: EventRow, entrants: int, names: dict[int, str]) -> dict[str, Any]:
    return {"id": event.id, "name": event.name, "game": event.game, "options": event.options,
            "players": event.size, "format": event.format, "rounds": event.rounds, "level": event.level,
            "bye": event.bye, "status": event.status, "creator": names.get(event.owner_id),
            "created": event.created, "entrant_count": entrants}


def round_json(rows: Rows, number: int, round_: Round, results: Sequence[Result | None]) -> dict[str, Any]:
    tables = []
    for index, (table, result) in enumerate(zip(round_.tables, results, strict=True)):
        points = table_points(result.ranks) if result is not None else None
        tables.append({
            "table": index, "match": rows.links.get((number, index)), "rematch": table.rematch,
            "over": result is not None,
            "seats": [{"seat": seat, "account": e, "name": rows.names.get(e) if e is not None else None,
                       "ai": None if e is not None else rows.event.level,
                       "points": points[seat] if points is not None else None}
                      for seat, e in enumerate(table.seats)]})
    return {"round": number + 1, "tables": tables,
            "byes": [{"account": e, "name": rows.names.get(e)} for e in round_.byes]}


def standing_json(standing: Standing, names: dict[int, str]) -> dict[str, Any]:
    return {"place": standing.place, "account": standing.entrant, "name": names.get(standing.entrant),
            "points": standing.points, "buchholz": standing.buchholz,
            "sonneborn_berger": standing.sonneborn_berger, "game_score": standing.game_score,
            "byes": standing.byes}
