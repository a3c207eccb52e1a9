"""A live match: the one authority over its state, and what each viewer is sent.

A ``Room`` holds the match (the kernel's ``Match``: its start replayed with its committed
actions, and per version where its events begin) and the connections watching it. An action
is checked for the acting seat at the version the client saw, played on a copy, committed, and
only then becomes the match and is sent: a refused or failed action changes nothing.
Everything a viewer receives is built from that viewer's own view (``frame``): its scene and
its steps, a step it may see nothing of being a bare version number.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from ..kernel.errors import TcgkitError
from ..kernel.events import redact
from ..kernel.game import Game, Outcome, State
from ..kernel.match import Match, PlayedMove
from ..kernel.rng import derive_seed
from . import ai, assist
from .client_words import CLAIMED, TIMED_OUT
from .clock import Clocks, Rules
from .protocol import Clock, Error, Hint, SeatInfo, Seats, Step, Undone, Update, Welcome, encode
from .refusal import Refusal

log = logging.getLogger("tcgkit.server")
AI_STREAM = 31  # the sub-stream of the match seed the AI seats draw from
OUTBOX = 512  # messages queued for one connection before it is dropped as too slow
PRESENCE_DELAY = 0.1  # seconds a change of presence waits for others to go out with it
# Who made a move for its seat's player, when they did not (the server, by the match's rules):
MadeBy = Literal["clock", "stand_in"]
CLOCK: MadeBy = "clock"  # their time ran out: the decision's default
STAND_IN: MadeBy = "stand_in"  # an AI played for them while they were away
# A refusal's HTTP status by its code, for the few that are not 409 (not now, in this match's state):
REFUSAL_STATUS = {"illegal": 422, "storage": 503, "no_help": 403}


def made_by_of(stored: str | None) -> MadeBy | None:
    """A stored ``made_by`` as what the protocol says (anything else: the player's own)."""
    return CLOCK if stored == CLOCK else STAND_IN if stored == STAND_IN else None


@dataclass
class Seat:
    kind: str  # human or ai (open and invited seats exist only before the start)
    account: int | None = None
    level: str | None = None
    name: str | None = None


@dataclass(eq=False)
class Connection:
    """One client's socket: whom it sees for (a seat, or ``None``: a spectator), the last
    version it was sent, and its queue of outgoing text."""

    viewer: int | None
    account: int | None
    send_text: Callable[[str], Awaitable[None]]
    cursor: int = -1
    address: str | None = None  # the client's IP address
    session: str | None = None  # the hash of the session it was opened with
    expires: float | None = None  # when that session ends (epoch seconds)
    id: int = 0  # the room's number for it (``Room.join``)
    welcomed: float = 0.0  # monotonic time its welcome (with the seats then) was queued
    outbox: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(OUTBOX))
    closed: bool = False

    def push(self, text: str) -> None:
        if self.closed:
            return
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:  # a client that does not read: dropped, it may reconnect
            self.close()

    def close(self) -> None:
        self.closed = True
        with contextlib.suppress(asyncio.QueueFull):
            self.outbox.put_nowait(None)

    async def pump(self) -> None:
        """Send the queued messages in order until closed."""
        while True:
            text = await self.outbox.get()
            if text is None:
                return
            await self.send_text(text)


async def whole(work: Awaitable[None]) -> None:
    """Run ``work`` to its end even when the caller is cancelled (a client that disconnects
    mid-action): an action committed is always applied and sent, never left half done."""
    task = asyncio.ensure_future(work)
    task.add_done_callback(lambda done: done.cancelled() or done.exception())
    await asyncio.shield(task)


@dataclass
class Forwarded:
    """A request a client made at a process that only replicates the match, sent on to its
    owner (``cluster.py``): from connection ``conn`` of process ``origin``."""

    origin: str
    conn: int
    tag: str | None
    what: str  # act or claim
    seat: int
    fields: dict[str, Any]


class Journal(Protocol):
    """The writes a room makes, each committed before it returns (``service.py``); ``note``
    is what other processes are told in the same transaction."""

    async def action(self, number: int, seat: int, notation: str, state: State[Any],
                     banks: list[float] | None, note: dict[str, Any] | None,
                     made_by: str | None = None) -> None: ...

    async def end(self, outcome: dict[str, Any], note: dict[str, Any] | None) -> None: ...

    async def take_back(self, after: int) -> None:
        """Delete the actions numbered above ``after`` (undo)."""
        ...


class Peers(Protocol):
    """The other processes of a PostgreSQL cluster, as a room speaks to them."""

    def note(self, room: Room, forwarded: Forwarded | None) -> dict[str, Any]: ...

    async def presence(self, room: Room, seat: int, count: int) -> None: ...


class Room:
    def __init__(self, match_id: str, game: Game, seed: int, decks: list[list[str]] | None,
                 seats: list[Seat], settings: dict[str, Any], journal: Journal, pool: Any,
                 banks: list[float] | None = None) -> None:
        self.match_id = match_id
        self.game = game
        self.seed = seed
        self.decks = decks
        self.seats = seats
        self.settings = settings
        self.rules = Rules.model_validate(settings.get("rules", {})).settled(
            people=sum(s.kind == "human" for s in seats), trading=bool(settings.get("trading")))
        self.journal = journal
        self._pool = pool
        # the start and every committed action; its marks[v]: the events up to version v, its
        # made_by: the versions made for their player (CLOCK or STAND_IN)
        self.match = Match.start(game, seed, decks)
        self._ai_known = 0  # the version this match's AI worker was last told of
        self.connections: set[Connection] = set()
        self.lock = asyncio.Lock()
        self._ai_task: asyncio.Task[None] | None = None
        self.problem: str | None = None
        self.ended: dict[str, Any] | None = None  # a result the server gave (time, absence)
        self.clocks = Clocks.new(self.rules, len(seats), banks)
        self._timer: asyncio.TimerHandle | None = None
        self.absent: dict[int, float] = {}  # seat -> monotonic time its last connection closed
        self.stand_ins: set[int] = set()  # absent seats an AI plays for
        self.claimable: set[int] = set()  # absent seats past their grace, under absence="claim"
        self._grace: dict[int, asyncio.TimerHandle] = {}
        self._seats_soon: asyncio.TimerHandle | None = None  # a Seats frame on its way
        self._seats_sent = 0.0  # monotonic time of the last Seats frame
        self._seats_changed_at = 0.0  # ... and of the last change of presence
        self.quiet_since: float | None = None  # since when ``quiet`` (``Server.sweep``)
        self.dropped = False  # unloaded by ``Server.sweep``: the server loads the match anew
        self.now: Callable[[], float] = time.monotonic
        self.owner = True  # False: a replica of a match another process owns
        self.maker: int | None = None  # the account that made the match (its AI's turn: ``ai.Pool``)
        self.peers: Peers | None = None
        self.forwarded: list[Forwarded] = []  # sent to the owner, not answered yet
        self.remote: dict[int, dict[str, int]] = {}  # seat -> process -> its connections there
        self._background: set[asyncio.Task[None]] = set()
        self._ids = itertools.count(1)
        # the scenes written as JSON for one state, by (viewer, since): see ``scene_text``
        self._scene_texts: dict[tuple[int | None, int], str] = {}
        self._scenes_of: tuple[State[Any], int] | None = None

    @staticmethod
    def rebuild(match_id: str, name: str, options: dict[str, Any], seed: int,
                decks: list[list[str]] | None, cards: str, seats: list[Seat], settings: dict[str, Any],
                actions: list[tuple[int, int, str, str | None]], journal: Journal, pool: Any,
                banks: list[float] | None = None, ended: dict[str, Any] | None = None) -> Room:
        """A room from what the database holds: the start replayed with every committed
        action ``(number, seat, notation, made_by)``, the clocks' banks as the last action left them.
        ``TcgkitError`` when it does not replay."""
        game = ai.game_of(name, options)
        if game.card_data_hash() != cards:
            raise TcgkitError(f"the card data is {game.card_data_hash()}, the match was played with {cards}")
        room = Room(match_id, game, seed, decks, seats, settings, journal, pool, banks)
        for expected, (number, _seat, text, _made_by) in enumerate(actions, start=1):
            if number != expected:
                raise TcgkitError(f"action {number} ({text}) does not follow action {expected - 1}")
        room.match.replay(PlayedMove(text, seat, made_by_of(by)) for _number, seat, text, by in actions)
        if not room.state.is_terminal:
            room.ended = ended
        return room

    @property
    def state(self) -> State[Any]:
        return self.match.state

    @property
    def history(self) -> list[tuple[int, str]]:
        """Every committed action as ``(seat, notation)``: version v's at ``v - 1``."""
        return list(zip(self.match.movers, self.match.actions, strict=True))

    @property
    def over(self) -> bool:
        return self.state.is_terminal or self.ended is not None

    def begin(self) -> None:
        """Start the room's clocks and AI (on the event loop, in the owner): every person not
        connected is absent, so the grace time runs for each from now."""
        for seat, entry in enumerate(self.seats):
            if entry.kind == "human" and not self.present(seat):
                self._away(seat)
        self._restart_clock()
        self.kick()

    async def become_owner(self) -> None:
        """Take the match over (its owner died): play on, first what this process's clients
        had sent to the old owner without an answer."""
        self.owner = True
        pending, self.forwarded = self.forwarded, []
        self.begin()
        for forwarded in pending:
            conn = self.connection(forwarded.conn)
            try:
                await self.run_forwarded(forwarded, conn)
            except Refusal as refusal:
                if conn is not None:
                    conn.push(Error.of(refusal).model_dump_json())

    async def run_forwarded(self, forwarded: Forwarded, conn: Connection | None = None) -> None:
        """What a client of another process asked for, done by this owner."""
        fields = forwarded.fields
        if forwarded.what == "claim":
            await self.claim(forwarded.seat, int(fields["seat"]))
        else:
            await self.act(forwarded.seat, int(fields["version"]), str(fields["action"]), conn,
                           forwarded.tag, forwarded=None if conn is not None else forwarded)

    def follow(self, seat: int, notation: str, banks: list[float] | None, made_by: str | None = None) -> None:
        """A replica plays an action its owner committed."""
        self.match.replay([PlayedMove(notation, seat, made_by_of(made_by))])
        if banks is not None:
            self.clocks.banks = list(banks)

    def connection(self, conn_id: Any) -> Connection | None:
        return next((c for c in self.connections if c.id == conn_id), None)

    def _note(self, forwarded: Forwarded | None = None) -> dict[str, Any] | None:
        return None if self.peers is None else self.peers.note(self, forwarded)

    # -- what a viewer is sent ---------------------------------------------------------------
    def steps(self, viewer: int | None, since: int) -> list[Step]:
        """Versions ``since + 1`` to now as ``viewer`` may see them (``since=-1``: from the
        start, the deal's events being version 0's)."""
        version, marks, made_by = self.state.version, self.match.marks, self.match.made_by
        since = max(-1, min(since, version))
        first = marks[since] if since >= 0 else 0
        events = self.state.events_from(first)
        out = []
        for number in range(since + 1, version + 1):
            begin = marks[number - 1] if number > 0 else 0
            seen = redact(events[begin - first:marks[number] - first], viewer)
            out.append(Step(version=number, events=seen or None, made_by=made_by_of(made_by.get(number))))
        return out

    def scene(self, viewer: int | None, since: int) -> dict[str, Any]:
        since = max(-1, min(since, self.state.version))
        cursor = self.match.marks[since] if since >= 0 else 0
        data: dict[str, Any] = self.state.scene(viewer, cursor).to_json()
        return data

    def scene_text(self, viewer: int | None, since: int) -> str:
        """``scene`` as JSON text, built once per state, viewer and cursor: a broadcast, a
        welcome and a sync at one version share it. Only the current state's are kept."""
        state = self.state
        since = max(-1, min(since, state.version))
        if self._scenes_of is None or self._scenes_of[0] is not state or self._scenes_of[1] != state.version:
            self._scene_texts.clear()
            self._scenes_of = (state, state.version)
        text = self._scene_texts.get((viewer, since))
        if text is None:
            scene = state.scene(viewer, self.match.marks[since] if since >= 0 else 0)
            text = self._scene_texts[(viewer, since)] = scene.model_dump_json()
        return text

    def seat_info(self) -> list[SeatInfo]:
        now = self.now()  # connected: here, or at another process of the cluster
        return [SeatInfo(seat=p, kind=s.kind, name=s.name, connected=self.present(p),
                         absent_for=round(now - self.absent[p], 3) if p in self.absent else None,
                         stand_in=self.rules.stand_in if p in self.stand_ins else None,
                         claimable=p in self.claimable)
                for p, s in enumerate(self.seats)]

    def clock_info(self) -> list[Clock]:
        return [Clock.model_validate(c) for c in self.clocks.view(self.now())]

    def welcome(self, conn: Connection, since: int) -> str:
        """The ``Welcome`` for ``conn``, as the JSON text sent."""
        message = Welcome(match=self.match_id, game=self.game.name, options=self.game.options_json(),
                          seat=conn.viewer, version=self.state.version, scene={},
                          steps=self.steps(conn.viewer, since), seats=self.seat_info(),
                          clocks=self.clock_info(), ended=self.ended,
                          assists=assist.assists(self, conn.viewer))
        return encode(message, scene=self.scene_text(conn.viewer, since))

    def update(self, conn: Connection, ack: str | None = None) -> str:
        """The ``Update`` for ``conn`` from its cursor, as the JSON text sent."""
        message = Update(version=self.state.version, scene={}, steps=self.steps(conn.viewer, conn.cursor),
                         ack=ack, seats=self.seat_info(), clocks=self.clock_info(), ended=self.ended)
        return encode(message, scene=self.scene_text(conn.viewer, conn.cursor))

    # -- connections ------------------------------------------------------------------------
    def join(self, conn: Connection, since: int) -> None:
        conn.id = next(self._ids)
        self.connections.add(conn)
        if conn.viewer is not None:
            self._presence(conn.viewer)  # back: the seat is theirs again before they are told
        conn.push(self.welcome(conn, since))
        if self.problem is not None:
            conn.push(Error(code="broken", message=f"this match cannot go on: {self.problem}",
                            version=self.state.version).model_dump_json())
        conn.cursor = self.state.version
        conn.welcomed = time.monotonic()
        if conn.viewer is not None:
            self._seats_changed(joiner=conn)

    def leave(self, conn: Connection) -> None:
        conn.close()
        self.connections.discard(conn)
        if conn.viewer is not None:
            self._presence(conn.viewer)
            self._seats_changed()

    def _seats_changed(self, joiner: Connection | None = None) -> None:
        """A player came or went: everyone is sent a ``Seats`` frame at once, or, within
        ``PRESENCE_DELAY`` of the last one, one frame at its end for all the changes meanwhile
        (a spectator changes no seat, and sends nothing; a joiner's welcome shows the seats)."""
        now = time.monotonic()
        self._seats_changed_at = now
        if joiner is not None:
            joiner.welcomed = now
        if self._seats_soon is not None:
            return  # it goes out with the frame on its way
        wait = self._seats_sent + PRESENCE_DELAY - now
        if wait <= 0:
            self._seats_sent = now
            self.broadcast_seats(skip=joiner)
        else:
            self._seats_soon = asyncio.get_running_loop().call_later(wait, self._seats_now)

    def _seats_now(self) -> None:
        self._seats_soon = None
        self._seats_sent = time.monotonic()
        text = Seats(version=self.state.version, seats=self.seat_info(), clocks=self.clock_info(),
                     ended=self.ended).model_dump_json()
        for conn in list(self.connections):
            if conn.welcomed < self._seats_changed_at:  # a later welcome showed it all
                conn.push(text)

    # -- absence ----------------------------------------------------------------------------------
    def present(self, seat: int) -> bool:
        """Whether ``seat``'s player is connected, here or at another process."""
        return (any(c.viewer == seat and not c.closed for c in self.connections)
                or sum(self.remote.get(seat, {}).values()) > 0)

    def remote_presence(self, origin: str, seat: int, count: int) -> None:
        self.remote.setdefault(seat, {})[origin] = count
        self._presence(seat, tell=False)
        self.broadcast_seats()

    def forget(self, origin: str) -> None:
        """The process ``origin`` died: its connections are gone."""
        seats = [seat for seat, counts in self.remote.items() if counts.pop(origin, 0)]
        for seat in seats:
            self._presence(seat, tell=False)
        if seats:
            self.broadcast_seats()

    def _presence(self, seat: int, tell: bool = True) -> None:
        """A connection of ``seat`` came or went: the absence rules, and the other processes."""
        if tell and self.peers is not None:
            count = sum(c.viewer == seat and not c.closed for c in self.connections)
            task = asyncio.get_running_loop().create_task(self.peers.presence(self, seat, count))
            self._background.add(task)
            task.add_done_callback(self._background.discard)
        if self.present(seat):
            self._back(seat)
        else:
            self._away(seat)

    def _back(self, seat: int) -> None:
        """Back inside the grace, or after it (the stand-in gives the seat back)."""
        if seat not in self.absent:
            return
        self.absent.pop(seat)
        self.claimable.discard(seat)
        handle = self._grace.pop(seat, None)
        if handle is not None:
            handle.cancel()
        if seat in self.stand_ins:
            self.stand_ins.discard(seat)
            if self.state.to_move == seat and self.owner:
                self._restart_clock()

    def _away(self, seat: int) -> None:
        if self.over or seat in self.absent or not self.owner or self.seats[seat].kind != "human":
            return
        self.absent[seat] = self.now()
        loop = asyncio.get_running_loop()
        self._grace[seat] = loop.call_later(self.rules.grace, self._grace_over, seat)

    def _grace_over(self, seat: int) -> None:
        self._grace.pop(seat, None)
        if seat not in self.absent or self.over:
            return
        if self.rules.absence == "ai":
            self.stand_ins.add(seat)
            if self.state.to_move == seat:
                self._restart_clock()  # an AI's time is charged to nobody
            self.kick()
        else:
            self.claimable.add(seat)
        self.broadcast_seats()

    async def claim(self, by: int, seat: int) -> None:
        """``by`` claims the win over ``seat``, absent past its grace (``absence="claim"``):
        ``seat`` loses, the others share the win."""
        if seat not in self.claimable or by == seat:
            raise self.refuse("not_absent", f"seat {seat} is not away past its grace time")
        await self.end(seat, CLAIMED)

    async def end(self, loser: int, reason: str) -> None:
        """End the match now with ``loser`` last and the others sharing the win (a clock run
        out, an absence claimed): a result of the server's, the game's state left as it was."""
        await whole(self._end(loser, reason))

    async def _end(self, loser: int, reason: str) -> None:
        async with self.lock:
            if self.over:
                return
            outcome = Outcome.from_elimination(len(self.seats), [loser], reason).to_json()
            outcome["by"] = "server"
            await self.journal.end(outcome, self._note())
            self.ended = outcome
            self._restart_clock()
            self.broadcast()

    def broadcast_seats(self, skip: Connection | None = None) -> None:
        """Tell everyone who is connected now: one light message for all (the seats are the
        same for every viewer), no scene, the cursors where they are."""
        text = Seats(version=self.state.version, seats=self.seat_info(), clocks=self.clock_info(),
                     ended=self.ended).model_dump_json()
        for other in list(self.connections):
            if other is not skip:
                other.push(text)

    def broadcast(self, acting: Connection | None = None, tag: str | None = None) -> None:
        """Each viewer's frame, the acting connection's answer first: a scene is built once
        per viewer and cursor (``scene_text``) and a frame written once per viewer and cursor,
        so spectators at one cursor share one."""
        for conn in [c for c in self.connections if c.closed]:
            self.connections.discard(conn)
        texts: dict[tuple[int | None, int], str] = {}
        for conn in sorted(self.connections, key=lambda c: c is not acting):
            if conn is acting:
                conn.push(self.update(conn, ack=tag))
            else:
                key = (conn.viewer, conn.cursor)
                if key not in texts:
                    texts[key] = self.update(conn)
                conn.push(texts[key])
            conn.cursor = self.state.version

    # -- the authority ------------------------------------------------------------------------
    def refuse(self, code: str, message: str, tag: str | None = None,
               conn: Connection | None = None) -> Refusal:
        """A request refused at the match's version; a stale one sent to ``conn`` carries
        the fresh scene and the steps it missed."""
        status = REFUSAL_STATUS.get(code, 409)
        if code != "stale" or conn is None:
            return Refusal(status, code, message, tag=tag, version=self.state.version)
        return Refusal(status, code, message, tag=tag, version=self.state.version,
                       scene=self.scene(conn.viewer, conn.cursor), steps=self.steps(conn.viewer, conn.cursor))

    async def act(self, seat: int, version: int, text: str, conn: Connection | None = None,
                  tag: str | None = None, timed_out: bool = False,
                  forwarded: Forwarded | None = None, made_by: MadeBy | None = None) -> None:
        """Play ``text`` for ``seat`` at ``version``: checked, committed, then sent to every
        viewer. ``Refusal`` (nothing changed) says why not. ``made_by``: the server plays it
        for the seat's player (``CLOCK``, ``STAND_IN``), and says so wherever it is shown."""
        made_by = CLOCK if timed_out else made_by
        await whole(self._act(seat, version, text, conn, tag, timed_out, forwarded, made_by))

    async def _act(self, seat: int, version: int, text: str, conn: Connection | None,
                   tag: str | None, timed_out: bool, forwarded: Forwarded | None,
                   made_by: MadeBy | None) -> None:
        async with self.lock:
            state = self.state
            if self.problem is not None:
                raise self.refuse("broken", f"this match cannot go on: {self.problem}", tag)
            if self.over:
                raise self.refuse("over", "the match is over", tag)
            if version != state.version:
                if conn is not None:  # the fresh scene and what the client missed, then the cursor moves
                    error = self.refuse("stale", f"the match is at version {state.version}, "
                                        f"not {version}: nothing was played", tag, conn)
                    conn.cursor = state.version
                    raise error
                raise self.refuse("stale", f"the match is at version {state.version}, not {version}", tag)
            refusal = state.refusal(seat)
            if refusal is not None:
                raise self.refuse("not_your_turn", refusal, tag)
            trial = self.match.branch()
            try:
                trial.play(text, seat, made_by)
            except TcgkitError as exc:
                raise self.refuse("illegal", str(exc), tag) from None
            now = self.now()
            person = self.clocks.seat == seat
            if person and not timed_out and self.clocks.left(seat, now) <= 0:
                raise self.refuse("timeout", "your time for this decision has run out", tag)
            banks = self.clocks.banks_after(seat, now) if person else list(self.clocks.banks)
            if timed_out and self.rules.clock == "chess":
                banks[seat] = 0.0
            try:
                await self.journal.action(trial.state.version, seat, trial.actions[-1], trial.state,
                                          banks if self.clocks.on else None, self._note(forwarded), made_by)
            except Exception as exc:  # the database refused: nothing happened
                log.exception("match %s: committing version %d failed", self.match_id, trial.state.version)
                raise self.refuse("storage", f"the action could not be saved ({type(exc).__name__}); "
                                  "nothing was played", tag) from None
            self.match = trial
            self.clocks.banks = banks
            self._restart_clock()
            self.broadcast(conn, tag)
            self.kick()

    # -- clocks ---------------------------------------------------------------------------------
    def _restart_clock(self) -> None:
        """The clock of the decision open now: a person's runs, anyone else's does not (and
        only the owner's clock counts)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        mover = None if self.over or not self.owner else self.state.to_move
        person = mover is not None and self.ai_level(mover) is None
        seconds = self.clocks.start(mover if person else None, self.now())
        if seconds is not None:
            version = self.state.version
            self._timer = asyncio.get_running_loop().call_later(
                seconds, lambda: asyncio.ensure_future(self._time_out(version)))

    async def _time_out(self, version: int) -> None:
        mover = self.state.to_move
        if self.over or self.state.version != version or mover is None:
            return
        if self.rules.on_timeout == "lose":
            await self.end(mover, TIMED_OUT)
            return
        decision = self.state.decision_for(mover)
        assert decision is not None and decision.default is not None
        try:
            await self.act(mover, version, str(decision.default), timed_out=True)
        except Refusal as refusal:
            log.info("match %s: the default on time-out was refused: %s", self.match_id,
                     refusal.message)

    # -- AI seats -----------------------------------------------------------------------------
    def ai_level(self, seat: int) -> str | None:
        """The agent playing ``seat``: its own (an AI seat), or the stand-in of a person away."""
        entry = self.seats[seat]
        if entry.kind == "ai":
            return entry.level
        return self.rules.stand_in if seat in self.stand_ins else None

    def kick(self) -> None:
        """Start the AI's turns when an AI seat is to move (and none is thinking)."""
        mover = self.state.to_move
        if (mover is None or self.over or not self.owner or self.ai_level(mover) is None
                or self.problem is not None):
            return
        if self._ai_task is None or self._ai_task.done():
            self._ai_task = asyncio.get_running_loop().create_task(self._ai_turns())

    async def _ai_turns(self) -> None:
        while True:
            state = self.state
            mover = state.to_move
            level = None if mover is None else self.ai_level(mover)
            if mover is None or level is None or self.problem is not None or self.over:
                return
            version = state.version
            seed = derive_seed(self.seed, AI_STREAM, mover, version)
            try:
                text = await self._ai_move(level, mover, version, seed)
            except Exception as exc:
                log.exception("match %s: the AI of seat %d failed", self.match_id, mover)
                # What the players read names no card: the details stay in the server's log.
                self.stop_for(f"the AI of seat {mover} is lost: its worker died and could not be "
                              "replaced" if isinstance(exc, ai.WorkerLost)
                              else f"the AI of seat {mover} failed: {type(exc).__name__}")
                return
            try:
                await self.act(mover, version, text,
                               made_by=STAND_IN if self.seats[mover].kind == "human" else None)
            except Refusal as refusal:
                if refusal.code != "stale":  # stale: someone else moved (a clock); think again
                    log.error("match %s: the AI's move %s was refused: %s", self.match_id, text,
                              refusal.message)
                    self.stop_for(f"the AI of seat {mover} played an illegal move")
                    return

    def stop_for(self, problem: str) -> None:
        """The match cannot go on: every viewer is told why, at once (an ``Error`` of code
        ``broken``), and every later action is refused saying so."""
        self.problem = problem
        text = Error(code="broken", message=f"this match cannot go on: {problem}",
                     version=self.state.version).model_dump_json()
        for conn in list(self.connections):
            conn.push(text)

    async def _ai_move(self, level: str, mover: int, version: int, seed: int) -> str:
        """Ask the match's worker for ``mover``'s move at ``version``, sending the actions
        since the version it was last told of (all of them when it no longer holds the match)."""
        options = json.dumps(self.game.options_json(), sort_keys=True)  # the worker's key of the game
        for known in dict.fromkeys([self._ai_known if self._ai_known <= version else 0, 0]):
            position = ai.Position(self.match_id, self.game.name, options, self.seed, self.decks, known,
                                   self.history[known:version])
            try:
                text = await self._pool.ask(self.match_id, ai.choose, position, level, mover, seed,
                                            share=self.maker)
            except ai.Unknown:
                continue
            self._ai_known = version
            return text
        raise ai.Unknown(f"the worker could not rebuild match {self.match_id}")

    # -- hints and undo against the AI (assist.py) ----------------------------------------------
    async def hint(self, seat: int, version: int) -> Hint:
        """The hint for ``seat`` at ``version``: ``Refusal`` unless it is that seat's move,
        against the AI alone."""
        if not assist.against_ai(self, seat):
            raise self.refuse("no_help", "hints are given only in a match against the AI alone")
        if self.over:
            raise self.refuse("over", "the match is over")
        if version != self.state.version:
            raise self.refuse("stale", f"the match is at version {self.state.version}, not {version}")
        refusal = self.state.refusal(seat)
        if refusal is not None:
            raise self.refuse("not_your_turn", refusal)
        return await assist.hint(self, seat)

    async def undo(self, seat: int, version: int) -> int:
        """Take back ``seat``'s last action and all after it; every viewer is sent the match
        from the deal again (``Undone``). How many went; ``Refusal`` says why none did."""
        async with self.lock:
            problem = assist.why_no_undo(self, seat)
            if problem is not None:
                raise self.refuse("no_undo", problem)
            if self.problem is not None or self.over:
                raise self.refuse("over", "the match is over")
            if version != self.state.version:
                raise self.refuse("stale", f"the match is at version {self.state.version}, not {version}")
            count = self.match.undoable(seat)
            if isinstance(count, str):
                raise self.refuse("no_undo", count)
            if not count:
                raise self.refuse("no_undo", "you have made no move to take back")
            await self.journal.take_back(len(self.match.actions) - count)
            self.match.take_back(count)
            state = self.state
            # The worker's copy may stand at this very version on another line of play: it is
            # sent the whole match again.
            self._ai_known = 0
            for conn in [c for c in self.connections if not c.closed]:
                conn.push(Undone(version=state.version, count=count, scene=self.scene(conn.viewer, -1),
                                 steps=self.steps(conn.viewer, -1), seats=self.seat_info(),
                                 clocks=self.clock_info()).model_dump_json())
                conn.cursor = state.version
            self._restart_clock()
            self.kick()
            return count

    def quiet(self) -> bool:
        """Whether nothing will happen here until a client comes: nobody connected, and no
        clock, grace time, AI move or request of another process under way."""
        return (not self.connections and self._timer is None and not self._grace
                and self._seats_soon is None and (self._ai_task is None or self._ai_task.done())
                and not self.forwarded and not self._background and not self.lock.locked())

    async def close(self) -> None:
        for handle in [self._timer, self._seats_soon, *self._grace.values()]:
            if handle is not None:
                handle.cancel()
        if self._ai_task is not None:
            self._ai_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._ai_task
        for conn in list(self.connections):
            conn.close()
