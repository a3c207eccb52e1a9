"""AI seats: the project's agents, run in a process pool, never on the event loop.

A worker keeps the state of each match it plays for (the last 256), so the server sends it
only the actions committed since it last asked (``Position``): the match's start (game,
options, seed, decks) and ``(seat, notation)`` pairs, never the state. A worker that does
not hold the match at that version (restarted, or the match went elsewhere) says so
(``Unknown``), and the server sends the whole history, which it replays from the seed. Each
match goes to one worker (``Pool``), so that happens once per match and worker life. The
worker gives the agent only ``view(seat)`` and the legal actions, as everywhere else, and
answers with the action's notation, which the server then plays through the same authority
as a person's.

The pool is supervised (``Pool.ask``): a worker that dies is replaced and the decisions it
held are asked again of the new one; when the new ones die too, the match is told
(``WorkerLost``). A worker ends itself when the server that started it is gone.
"""

from __future__ import annotations

import asyncio
import json
import logging
import multiprocessing
import os
import threading
import time
import zlib
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeVar

from ..agents import Agent, agent_names, make_agent
from ..kernel.game import Game
from ..kernel.match import Match, PlayedMove
from ..kernel.registry import load_game
from ..kernel.rng import Rng

KEPT = 256  # matches a worker keeps the state of
RETRIES = 2  # new workers started for one decision before its match is told the AI is lost
PARENT_CHECK = 1.0  # seconds between a worker's checks that its server still lives
log = logging.getLogger("tcgkit.server")
T = TypeVar("T")


def levels(game: Game) -> dict[str, str]:
    """The agents an AI seat of ``game`` may run, by name: its levels."""
    return agent_names(game.name)


@lru_cache(maxsize=64)
def _game(name: str, options: str) -> Game:
    return load_game(name, json.loads(options))


def game_of(name: str, options: dict[str, Any]) -> Game:
    """The game ``name`` with ``options``, made once and shared by every match (a game does
    not change once made, and making one builds its tables: 12 ms for Triple Triad)."""
    return _game(name, json.dumps(options, sort_keys=True))


@lru_cache(maxsize=256)
def _agent(name: str, options: str, level: str) -> Agent:
    return make_agent(level, _game(name, options))


@dataclass(frozen=True)
class Position:
    """A match as a worker rebuilds it: its start, and the actions from version ``known + 1``
    on as ``(seat, notation)``, ``known`` being the version the worker was last told of
    (0: the whole history)."""

    match: str
    game: str
    options: str  # the options as sorted JSON (the key of the worker's game)
    seed: int
    decks: list[list[str]] | None
    known: int
    actions: list[tuple[int, str]]


class Unknown(Exception):
    """The worker does not hold the match at the version the server thought: send it all."""


_kept: OrderedDict[str, Match] = OrderedDict()  # a worker's matches, least recently asked first


def _advance(position: Position) -> Match:
    """The match in this worker, brought to the position's version."""
    kept = _kept.pop(position.match, None)
    if kept is None or kept.state.version != position.known:
        if position.known != 0:
            raise Unknown(f"match {position.match} is not held at version {position.known}")
        kept = Match.start(_game(position.game, position.options), position.seed, position.decks)
    kept.replay(PlayedMove(text, seat) for seat, text in position.actions)
    _kept[position.match] = kept
    while len(_kept) > KEPT:
        _kept.popitem(last=False)
    return kept


def choose(position: Position, level: str, seat: int, seed: int) -> str:
    """The notation of the move ``level`` plays for ``seat`` at ``position`` (a worker's job)."""
    played = _advance(position).state
    if played.to_move != seat:
        raise ValueError(f"seat {seat} is not to move")
    action = _agent(position.game, position.options, level).act(played.view(seat), played.legal_actions(),
                                                                 Rng(seed))
    return str(action)


class WorkerLost(Exception):
    """The AI worker of a match died, and the ones started in its place died too."""


def _watch_parent() -> None:
    """A worker's first work: end itself once the server that started it is gone (killed,
    even with SIGKILL), so no worker, and with it no resource tracker, outlives the server."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK)
        os._exit(0)

    threading.Thread(target=watch, name="tcgkit-parent-watch", daemon=True).start()


class Pool:
    """``workers`` processes (started fresh: the server's threads are not copied into them),
    each match always sent to the same one so that it keeps the match's state; with 0, one
    thread (tests that need no processes).

    Supervised: a worker that dies (killed, out of memory) is replaced by a new process, and
    every decision it was thinking about is asked again of the new one (``ask``), which is
    sent the whole match since it holds none; ``WorkerLost`` when the new ones die too.

    Shared fairly: a worker thinks about one decision at a time, and the decisions waiting
    for it are taken one account at a time in turn (``share``: the account that made the
    match), so one account's many AI seats cannot make another's wait behind all of them."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.executors: list[Executor] = [self._new() for _ in range(max(1, workers))]
        self.replaced = 0  # workers started in place of a dead one
        self._busy = [False] * len(self.executors)
        # per worker: the decisions waiting, by account, in the order the accounts take turns
        self._waiting: list[OrderedDict[Any, deque[asyncio.Future[None]]]] = [
            OrderedDict() for _ in self.executors]

    def _new(self) -> Executor:
        if self.workers <= 0:
            return ThreadPoolExecutor(1, thread_name_prefix="tcgkit-ai")
        return ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=_watch_parent)

    def _index(self, match: str) -> int:
        return zlib.crc32(match.encode()) % len(self.executors)

    def submit(self, match: str, work: Callable[..., T], *args: Any) -> Future[T]:
        index = self._index(match)
        executor = self.executors[index]
        try:
            return executor.submit(work, *args)
        except BrokenExecutor:
            self.replace(index, executor)
            return self.executors[index].submit(work, *args)

    async def ask(self, match: str, work: Callable[..., T], *args: Any, share: Any = None) -> T:
        """``work(*args)`` in the match's worker, in ``share``'s turn; a worker that dies
        meanwhile is replaced and the work asked again (``RETRIES`` times)."""
        index = self._index(match)
        await self._turn(index, share)
        try:
            for _attempt in range(RETRIES + 1):
                executor = self.executors[index]
                try:
                    return await asyncio.wrap_future(executor.submit(work, *args))
                except BrokenExecutor:
                    log.error("the AI worker %d died: a new one takes its place", index)
                    self.replace(index, executor)
            raise WorkerLost(f"the AI worker died {RETRIES + 1} times in a row")
        finally:
            self._next(index)

    async def _turn(self, index: int, share: Any) -> None:
        """Wait until worker ``index`` is free for ``share``'s decision."""
        if not self._busy[index]:
            self._busy[index] = True
            return
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting[index].setdefault(share, deque()).append(waiter)
        try:
            await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():  # given the turn as it was cancelled
                self._next(index)
            raise

    def _next(self, index: int) -> None:
        """Worker ``index`` is free: the next account in line takes its turn (and goes to the
        back of the line), or the worker stays idle."""
        line = self._waiting[index]
        while line:
            share, waiters = next(iter(line.items()))
            del line[share]
            waiter = waiters.popleft()
            if waiters:
                line[share] = waiters
            if not waiter.done():
                waiter.set_result(None)
                return
        self._busy[index] = False

    def replace(self, index: int, broken: Executor) -> None:
        """A new worker in place of ``broken`` (once, however many matches saw it die)."""
        if self.executors[index] is not broken:
            return
        broken.shutdown(wait=False, cancel_futures=True)
        self.executors[index] = self._new()
        self.replaced += 1

    def pids(self) -> list[int]:
        """The workers' process ids (none for the thread of tests)."""
        return [pid for executor in self.executors if isinstance(executor, ProcessPoolExecutor)
                for pid in (executor._processes or {})]

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        for executor in self.executors:
            executor.shutdown(wait=wait, cancel_futures=cancel_futures)


def make_pool(workers: int) -> Pool:
    return Pool(workers)
