"""The database: engines (SQLite in WAL mode, or PostgreSQL), migrations, and one writer.

Every write goes through ``Store.write``: a thread of its own takes the writes queued by
every match, runs those waiting together in one transaction and commits (one sync to disk
for all of them), then answers each. An action is acknowledged only once ``write`` has
returned, so a server killed at any moment has on disk every action a client was told of.
A batch that fails is run again one write per transaction, so one bad write (an action
number taken twice) fails alone. Reads run in threads of their own (``Store.read``).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import queue
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, make_url
from sqlalchemy.orm import Session, sessionmaker

T = TypeVar("T")
MIGRATIONS = Path(__file__).parent / "migrations"
BATCH = 256  # the most writes one transaction commits


def make_engine(url: str) -> Engine:
    """An engine for ``url``: SQLite in WAL mode (readers never wait for the writer; a
    commit is synced before it returns), or PostgreSQL (``postgresql://...``, driven by
    psycopg)."""
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    if not url.startswith("sqlite"):
        return create_engine(url, pool_size=8, max_overflow=8, pool_pre_ping=True)
    private_file(make_url(url).database)
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

    @event.listens_for(engine, "connect")
    def pragmas(connection: Any, _record: Any) -> None:
        cursor = connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.close()

    return engine


def private_file(path: str | None) -> None:
    """Create the SQLite file readable by its owner only (it holds password hashes and
    sessions); SQLite gives its WAL and shared-memory files the same mode."""
    if not path or path == ":memory:" or path.startswith("file:"):
        return
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))


def migrate(engine: Engine, revision: str = "head") -> None:
    """Bring the database to ``revision`` (the newest by default): a new file gets every
    table, an older one the revisions it lacks."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":  # two processes starting at once
            connection.exec_driver_sql("SELECT pg_advisory_xact_lock(2024062401)")
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


class Store:
    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._queue: queue.Queue[tuple[Callable[[Session], Any], asyncio.Future[Any]] | None] = queue.Queue()
        self._thread: threading.Thread | None = None

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    def start(self) -> None:
        migrate(self.engine)
        self._thread = threading.Thread(target=self._run, name="tcgkit-writer", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join()
            self._thread = None
        self.engine.dispose()

    async def write(self, work: Callable[[Session], T]) -> T:
        """Run ``work(session)`` in a committed transaction; returns once it is on disk."""
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._queue.put((work, future))
        return await future

    async def read(self, work: Callable[[Session], T]) -> T:
        return await asyncio.to_thread(self.read_now, work)

    def read_now(self, work: Callable[[Session], T]) -> T:
        with self.sessions() as session:
            return work(session)

    def write_now(self, work: Callable[[Session], T]) -> T:
        """A write from a thread that is not the event loop (start-up, tests)."""
        with self.sessions() as session, session.begin():
            return work(session)

    # -- the writer thread ---------------------------------------------------------------
    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            batch = [first]
            while len(batch) < BATCH:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    self._queue.put(None)  # stop after this batch
                    break
                batch.append(item)
            self._commit(batch)

    def _commit(self, batch: list[tuple[Callable[[Session], Any], asyncio.Future[Any]]]) -> None:
        if len(batch) > 1:
            try:
                with self.sessions() as session, session.begin():
                    results = [work(session) for work, _ in batch]
            except Exception:
                pass  # one of them failed: each alone, below
            else:
                for (_, future), result in zip(batch, results, strict=True):
                    _settle(future, result, None)
                return
        for work, future in batch:
            try:
                with self.sessions() as session, session.begin():
                    result = work(session)
            except Exception as exc:
                _settle(future, None, exc)
            else:
                _settle(future, result, None)


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    def done() -> None:
        if future.cancelled():
            return
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(result)

    future.get_loop().call_soon_threadsafe(done)
