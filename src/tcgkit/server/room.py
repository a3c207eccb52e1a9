"""A live match: the one authority over its state, and what each viewer is sent.

A ``Room`` holds the match (the kernel's ``Match``: its start replayed with its committed
actions, and per version where its events begin). An action is checked for the acting seat at
the version the client saw, played on a copy, committed, and only then becomes the match and is
sent: a refused or failed action changes nothing. Everything a viewer receives is built from
that viewer's own view: its scene and its steps, a step it may see nothing of being a bare
version number.

Around the match, each job of its own: who is connected and who is away (``presence.py``),
the clock (``match_clock.py``), the AI seats (``ai_seats.py``), and the other processes of a
cluster (``replication.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..kernel.errors import TcgkitError
from ..kernel.events import redact
from ..kernel.game import Game, Outcome, State
from ..kernel.match import Match, PlayedMove
from . import ai, assist
from .ai_seats import AiSeats
from .client_words import CLAIMED
from .clock import Rules
from .match_clock import MatchClock
from .presence import Presence
from .protocol import CLOCK, Error, Hint, MadeBy, Seats, Step, Undone, Update, Welcome, encode, made_by_of
from .refusal import Refusal
from .replication import Forwarded, Replication
from .spectators import Spectating

log = logging.getLogger("tcgkit.server")
OUTBOX = 512  # messages queued for one connection before it is dropped as too slow
# A refusal's HTTP status by its code, for the few that are not 409 (not now, in this match's state):
REFUSAL_STATUS = {"illegal": 422, "storage": 503, "no_help": 403}


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
    id: int = 0  # the room's number for it (``Presence.arrive``)
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
        # the start and every committed action; its marks[v]: the events up to version v, its
        # made_by: the versions made for their player (CLOCK or STAND_IN)
        self.match = Match.start(game, seed, decks)
        self.lock = asyncio.Lock()
        self.problem: str | None = None
        self.ended: dict[str, Any] | None = None  # a result the server gave (time, absence)
        self.quiet_since: float | None = None  # since when ``quiet`` (``Server.sweep``)
        self.dropped = False  # unloaded by ``Server.sweep``: the server loads the match anew
        self.now: Callable[[], float] = time.monotonic
        self.presence = Presence(self)
        self.clock = MatchClock(self, banks)
        self.ai_seats = AiSeats(self, pool)
        self.replication = Replication(self)
        self.spectating = Spectating(self, int(settings.get("spectator_delay", 0)))
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
        self.presence.begin()
        self.clock.restart()
        self.ai_seats.kick()

    # -- what a viewer is sent ---------------------------------------------------------------
    def shown(self, viewer: int | None) -> Match:
        """The match as ``viewer`` is shown it: a seat's player, as it is; a spectator, as
        ``spectating`` says (behind by the match's delay while it runs)."""
        return self.match if viewer is not None else self.spectating.match()

    def shown_version(self, viewer: int | None) -> int:
        return self.state.version if viewer is not None else self.spectating.version()

    def steps(self, viewer: int | None, since: int) -> list[Step]:
        """Versions ``since + 1`` to the one shown as ``viewer`` may see them (``since=-1``:
        from the start, the deal's events being version 0's)."""
        match = self.shown(viewer)
        state, marks, made_by = match.state, match.marks, match.made_by
        version = state.version
        since = max(-1, min(since, version))
        first = marks[since] if since >= 0 else 0
        events = state.events_from(first)
        out = []
        for number in range(since + 1, version + 1):
            begin = marks[number - 1] if number > 0 else 0
            seen = redact(events[begin - first:marks[number] - first], viewer)
            out.append(Step(version=number, events=seen or None, made_by=made_by_of(made_by.get(number))))
        return out

    def scene(self, viewer: int | None, since: int) -> dict[str, Any]:
        match = self.shown(viewer)
        since = max(-1, min(since, match.state.version))
        cursor = match.marks[since] if since >= 0 else 0
        data: dict[str, Any] = match.state.scene(viewer, cursor).to_json()
        return data

    def scene_text(self, viewer: int | None, since: int) -> str:
        """``scene`` as JSON text, built once per state, viewer and cursor: a broadcast, a
        welcome and a sync at one version share it. Only the current state's are kept (a
        delayed spectator's is built each time)."""
        match = self.shown(viewer)
        if match is not self.match:
            since = max(-1, min(since, match.state.version))
            return match.state.scene(viewer, match.marks[since] if since >= 0 else 0).model_dump_json()
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

    def welcome(self, conn: Connection, since: int) -> str:
        """The ``Welcome`` for ``conn``, as the JSON text sent."""
        message = Welcome(match=self.match_id, game=self.game.name, options=self.game.options_json(),
                          seat=conn.viewer, version=self.shown_version(conn.viewer), scene={},
                          steps=self.steps(conn.viewer, since), seats=self.presence.seat_info(),
                          clocks=self.clock.info(), ended=self.ended,
                          assists=assist.assists(self, conn.viewer))
        return encode(message, scene=self.scene_text(conn.viewer, since))

    def update(self, conn: Connection, ack: str | None = None) -> str:
        """The ``Update`` for ``conn`` from its cursor, as the JSON text sent."""
        message = Update(version=self.shown_version(conn.viewer), scene={},
                         steps=self.steps(conn.viewer, conn.cursor),
                         ack=ack, seats=self.presence.seat_info(), clocks=self.clock.info(), ended=self.ended)
        return encode(message, scene=self.scene_text(conn.viewer, conn.cursor))

    # -- connections ------------------------------------------------------------------------
    def join(self, conn: Connection, since: int) -> None:
        self.presence.arrive(conn)
        conn.push(self.welcome(conn, since))
        if self.problem is not None:
            conn.push(Error(code="broken", message=f"this match cannot go on: {self.problem}",
                            version=self.state.version).model_dump_json())
        conn.cursor = self.shown_version(conn.viewer)
        self.presence.welcomed(conn)

    def leave(self, conn: Connection) -> None:
        self.presence.depart(conn)

    async def claim(self, by: int, seat: int) -> None:
        """``by`` claims the win over ``seat``, absent past its grace (``absence="claim"``):
        ``seat`` loses, the others share the win."""
        if seat not in self.presence.claimable or by == seat:
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
            await self.journal.end(outcome, self.replication.note())
            self.ended = outcome
            self.clock.restart()
            self.broadcast()

    def seats_text(self) -> str:
        """The ``Seats`` frame, as the JSON text sent: who is connected now, and the clocks."""
        return Seats(version=self.state.version, seats=self.presence.seat_info(), clocks=self.clock.info(),
                     ended=self.ended).model_dump_json()

    def broadcast_seats(self, skip: Connection | None = None) -> None:
        """Tell everyone who is connected now: one light message for all (the seats are the
        same for every viewer), no scene, the cursors where they are."""
        text = self.seats_text()
        for other in list(self.presence.connections):
            if other is not skip:
                other.push(text)

    def broadcast(self, acting: Connection | None = None, tag: str | None = None) -> None:
        """Each viewer's frame, the acting connection's answer first: a scene is built once
        per viewer and cursor (``scene_text``) and a frame written once per viewer and cursor,
        so spectators at one cursor share one."""
        for conn in [c for c in self.presence.connections if c.closed]:
            self.presence.connections.discard(conn)
        texts: dict[tuple[int | None, int], str] = {}
        for conn in sorted(self.presence.connections, key=lambda c: c is not acting):
            if conn is acting:
                conn.push(self.update(conn, ack=tag))
            else:
                key = (conn.viewer, conn.cursor)
                if key not in texts:
                    texts[key] = self.update(conn)
                conn.push(texts[key])
            conn.cursor = self.shown_version(conn.viewer)

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
            banks = self.clock.answer(seat, timed_out)
            if banks is None:
                raise self.refuse("timeout", "your time for this decision has run out", tag)
            try:
                await self.journal.action(trial.state.version, seat, trial.actions[-1], trial.state,
                                          banks if self.clock.on else None,
                                          self.replication.note(forwarded), made_by)
            except Exception as exc:  # the database refused: nothing happened
                log.exception("match %s: committing version %d failed", self.match_id, trial.state.version)
                raise self.refuse("storage", f"the action could not be saved ({type(exc).__name__}); "
                                  "nothing was played", tag) from None
            self.match = trial
            self.clock.banks = banks
            self.clock.restart()
            self.broadcast(conn, tag)
            self.ai_seats.kick()

    def stop_for(self, problem: str) -> None:
        """The match cannot go on: every viewer is told why, at once (an ``Error`` of code
        ``broken``), and every later action is refused saying so."""
        self.problem = problem
        text = Error(code="broken", message=f"this match cannot go on: {problem}",
                     version=self.state.version).model_dump_json()
        for conn in list(self.presence.connections):
            conn.push(text)

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
            self.ai_seats.forget()
            for conn in [c for c in self.presence.connections if not c.closed]:
                conn.push(Undone(version=self.shown_version(conn.viewer), count=count,
                                 scene=self.scene(conn.viewer, -1), steps=self.steps(conn.viewer, -1),
                                 seats=self.presence.seat_info(), clocks=self.clock.info()).model_dump_json())
                conn.cursor = self.shown_version(conn.viewer)
            self.clock.restart()
            self.ai_seats.kick()
            return count

    def quiet(self) -> bool:
        """Whether nothing will happen here until a client comes: nobody connected, and no
        clock, grace time, AI move or request of another process under way."""
        return (self.presence.quiet() and not self.clock.running and not self.ai_seats.thinking
                and not self.replication.forwarded and not self.lock.locked())

    async def close(self) -> None:
        self.clock.stop()
        self.presence.stop()
        await self.ai_seats.close()
        for conn in list(self.presence.connections):
            conn.close()
