"""Where a batch's games are played: in this process, on a local process pool, or on Ray.

A backend only decides which worker plays which chunk of game indices; every game is
fully determined by the ``Job`` and its index (see ``runner``), so the results are the
same on every backend and for any number of workers. Chunks come back in completion
order; the runner puts them in index order when it needs to.

Ray is optional (``pip install 'tcgkit[ray]'``) and imported only when asked for. A local
Ray listens on 127.0.0.1 only (``loopback_only``); a cluster at ``--address`` is the user's.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import os
import socket
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import TYPE_CHECKING, Any, Protocol

from ..kernel.errors import TcgkitError

if TYPE_CHECKING:
    from .runner import GameResult, Job

BACKENDS = ("local", "ray")


class BackendError(TcgkitError):
    """A backend that cannot start: Ray missing, a bad address, a bad worker count."""


def play_chunk(job: Job, indices: Sequence[int]) -> list[GameResult]:
    """The unit of work a worker runs (module level, so process pools can pickle it)."""
    return job.play(indices)


class Backend(Protocol):
    name: str
    workers: int

    def run(self, job: Job, chunks: Iterable[Sequence[int]]) -> Iterator[list[GameResult]]:
        """Play every chunk (taken from ``chunks`` as they are handed out); yield each chunk's
        results as it finishes."""
        ...


def default_workers() -> int:
    """Every core this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


class SerialBackend:
    """Play in this process, chunk after chunk."""

    name = "local"
    workers = 1

    def run(self, job: Job, chunks: Iterable[Sequence[int]]) -> Iterator[list[GameResult]]:
        for chunk in chunks:
            yield play_chunk(job, chunk)


def exit_with_parent(parent: int, every: float = 0.5) -> None:
    """Pool-worker initializer: leave as soon as the process that started the pool is gone.

    A pool worker waits on a queue whose write end its siblings hold too, so when the parent
    is killed (SIGKILL: no clean shutdown) the worker would wait for ever. A daemon thread
    watches the parent id (it changes when the worker is re-parented) and exits the worker.
    """

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os._exit(1)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


class PoolBackend:
    """A local process pool of ``workers`` processes."""

    name = "local"

    def __init__(self, workers: int) -> None:
        self.workers = workers

    def run(self, job: Job, chunks: Iterable[Sequence[int]]) -> Iterator[list[GameResult]]:
        todo = iter(chunks)
        window = max(2, 4 * self.workers)  # chunks in flight: the driver's memory stays flat
        first = list(itertools.islice(todo, window))
        if not first:
            return
        workers = min(self.workers, len(first))
        with ProcessPoolExecutor(workers, initializer=exit_with_parent, initargs=(os.getpid(),)) as pool:
            pending = {pool.submit(play_chunk, job, list(chunk)) for chunk in first}
            try:
                while pending:
                    done, pending = wait(pending, return_when=FIRST_COMPLETED)
                    for chunk in itertools.islice(todo, len(done)):
                        pending.add(pool.submit(play_chunk, job, list(chunk)))
                    for future in done:
                        yield future.result()
            finally:  # an error, or the consumer stopped early: drop what has not started
                for future in pending:
                    future.cancel()


class RayBackend:
    """Ray tasks: a local Ray with ``workers`` CPUs, or the cluster at ``address``."""

    name = "ray"

    def __init__(self, workers: int, address: str | None = None) -> None:
        self.workers = workers
        self.address = address

    def _ray(self) -> Any:
        if self.address:
            reachable(self.address)
        try:
            import ray
        except ImportError:
            raise BackendError(
                "the Ray backend needs Ray: pip install 'tcgkit[ray]'"
            ) from None
        if not ray.is_initialized():
            try:
                if self.address:
                    ray.init(address=self.address, logging_level=logging.ERROR, log_to_driver=False)
                else:
                    with loopback_only():
                        ray.init(num_cpus=self.workers, include_dashboard=False,
                                 logging_level=logging.ERROR, log_to_driver=False)
            except Exception as exc:  # Ray raises plain Exception too (a start-up timeout)
                where = self.address or "a local Ray"
                raise BackendError(f"cannot start Ray at {where}: {exc}") from None
            if not self.address and ray.util.get_node_ip_address() != LOOPBACK:
                ray.shutdown()
                raise BackendError("a local Ray could not be kept to 127.0.0.1 (this Ray version "
                                   "listens on every interface); use --backend local")
        return ray

    def run(self, job: Job, chunks: Iterable[Sequence[int]]) -> Iterator[list[GameResult]]:
        todo = iter(chunks)
        head = next(todo, None)
        if head is None:
            return
        todo = itertools.chain([head], todo)
        ray = self._ray()
        remote = ray.remote(num_cpus=1)(play_chunk)
        job_ref = ray.put(job)
        # A bounded window of tasks in flight keeps the driver's memory flat on long runs.
        window = max(2, 4 * self.workers)
        pending: list[Any] = []
        try:
            while True:
                for chunk in itertools.islice(todo, window - len(pending)):
                    pending.append(remote.remote(job_ref, list(chunk)))
                if not pending:
                    break
                done, pending = ray.wait(pending, num_returns=1)
                for ref in done:
                    yield ray.get(ref)
        finally:
            for ref in pending:
                ray.cancel(ref)


LOOPBACK = "127.0.0.1"
SINGLE_NODE = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"


@contextlib.contextmanager
def loopback_only() -> Iterator[None]:
    """While a local Ray starts: keep its GCS, raylet and workers to 127.0.0.1.

    Ray's servers listen on every interface unless the node's address is the loopback one, and
    on Linux Ray takes that address from the network: it even turns ``_node_ip_address=
    "127.0.0.1"`` (and ``ray start --node-ip-address``) back into the network address. Ray's
    single-node switch, the one it uses where it runs no clusters (``RAY_ENABLE_WINDOWS_OR_OSX_
    CLUSTER=0``), makes the node 127.0.0.1. The variable is read when Ray is imported, so the
    constant it sets is set too for the start; the processes Ray starts inherit the variable.
    """
    from ray._private import ray_constants

    before_env, before = os.environ.get(SINGLE_NODE), ray_constants.ENABLE_RAY_CLUSTER
    os.environ[SINGLE_NODE] = "0"
    ray_constants.ENABLE_RAY_CLUSTER = False
    try:
        yield
    finally:
        ray_constants.ENABLE_RAY_CLUSTER = before
        if before_env is None:
            os.environ.pop(SINGLE_NODE, None)
        else:
            os.environ[SINGLE_NODE] = before_env


def reachable(address: str, timeout: float = 5.0) -> None:
    """Fail fast on a ``host:port`` nobody answers at (Ray itself retries for minutes)."""
    target = address.removeprefix("ray://")
    host, sep, port = target.rpartition(":")
    if not sep or not port.isdecimal():
        return  # "auto" and the like: Ray finds the cluster itself
    try:
        socket.create_connection((host or "127.0.0.1", int(port)), timeout=timeout).close()
    except OSError as exc:
        raise BackendError(f"no Ray cluster answers at {address}: {exc.strerror or exc}") from None


def make_backend(name: str = "local", workers: int | None = None, address: str | None = None) -> Backend:
    """The backend called ``name`` on ``workers`` workers (default: every core)."""
    if workers is None:
        workers = default_workers()
    if workers < 1:
        raise BackendError(f"workers must be at least 1, got {workers}")
    if name == "local":
        if address:
            raise BackendError("--address is for the Ray backend (--backend ray)")
        return SerialBackend() if workers == 1 else PoolBackend(workers)
    if name == "ray":
        return RayBackend(workers, address)
    raise BackendError(f"no backend named {name!r}; known backends: {', '.join(BACKENDS)}")
