"""Backends: the same results on one process, a local pool and a local Ray."""

from __future__ import annotations

import contextlib
import importlib.util
import ipaddress
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tcgkit.sim import run_games
from tcgkit.sim.backends import BackendError, PoolBackend, RayBackend, SerialBackend, make_backend

RULES = {"same": True, "plus": True, "combo": True, "trade": "none"}


@pytest.fixture(scope="module")
def serial():
    return run_games("tt", RULES, ["greedy", "random"], 30, seed=5, facts=True)


def test_make_backend_picks_by_name_and_workers():
    assert isinstance(make_backend("local", 1), SerialBackend)
    pool = make_backend("local", 3)
    assert isinstance(pool, PoolBackend) and pool.workers == 3
    assert make_backend("local").workers >= 1  # every core by default
    assert isinstance(make_backend("ray", 2), RayBackend)


@pytest.mark.parametrize("args, message", [
    (("dask", 2, None), "no backend named 'dask'; known backends: local, ray"),
    (("local", 0, None), "workers must be at least 1, got 0"),
    (("local", 2, "auto"), "--address is for the Ray backend"),
])
def test_bad_backend_arguments_are_refused(args, message):
    with pytest.raises(BackendError, match=message):
        make_backend(*args)


def test_a_pool_of_two_gives_exactly_what_one_process_gives(serial):
    seen = []
    pooled = run_games("tt", RULES, ["greedy", "random"], 30, seed=5, backend=PoolBackend(2),
                       on_result=lambda r: seen.append(r.index), facts=True)
    assert pooled == serial
    assert sorted(seen) == list(range(30))
    assert all(r.cards for r in serial)


def test_the_ray_backend_says_how_to_install_ray_when_it_is_missing(monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_ray(name, *args, **kwargs):
        if name == "ray":
            raise ImportError("No module named 'ray'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_ray)
    with pytest.raises(BackendError, match=r"pip install 'tcgkit\[ray\]'"):
        run_games("tt", RULES, ["greedy", "random"], 4, seed=5, backend=RayBackend(2))


# CI installs the ray extra (.ci/run), so this runs there; a checkout without it skips.
@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="the ray extra is not installed")
def test_a_local_ray_with_two_workers_gives_exactly_what_one_process_gives(serial):
    """...and its GCS, raylet and workers listen on 127.0.0.1 only, not on every interface."""
    import ray

    try:
        on_ray = run_games("tt", RULES, ["greedy", "random"], 30, seed=5,
                           backend=RayBackend(2), facts=True)
        addresses = _listening(_descendants(os.getpid()))
    finally:
        ray.shutdown()
    assert on_ray == serial
    assert len(addresses) >= 3, addresses  # the GCS, the raylet, a worker at least
    assert all(address.is_loopback for address in addresses.values()), addresses


def test_a_ray_address_nobody_answers_at_fails_fast():
    with pytest.raises(BackendError, match="no Ray cluster answers at 127.0.0.1:1"):
        run_games("tt", RULES, ["greedy", "random"], 2, seed=5, backend=RayBackend(2, "127.0.0.1:1"))


def _children(pid: int) -> list[int]:
    """Processes whose parent is ``pid`` (Linux /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def _descendants(pid: int) -> list[int]:
    found, todo = [], [pid]
    while todo:
        found.append(todo.pop())
        todo += _children(found[-1])
    return found


def _listening(pids: list[int]) -> dict[str, ipaddress.IPv4Address | ipaddress.IPv6Address]:
    """The addresses the processes ``pids`` listen on for TCP, by ``process:port`` (from /proc:
    each socket's inode, and the kernel's tables of sockets)."""
    owner = {}
    for pid in pids:
        with contextlib.suppress(OSError):
            for fd in Path(f"/proc/{pid}/fd").iterdir():
                with contextlib.suppress(OSError):
                    link = os.readlink(fd)
                    if link.startswith("socket:["):
                        owner[link[8:-1]] = Path(f"/proc/{pid}/comm").read_text().strip()
    found: dict[str, ipaddress.IPv4Address | ipaddress.IPv6Address] = {}
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for row in Path(table).read_text().splitlines()[1:]:
            fields = row.split()
            if fields[3] != "0A" or fields[9] not in owner:  # 0A: LISTEN
                continue
            text, port = fields[1].split(":")
            raw = b"".join(bytes.fromhex(text[i:i + 8])[::-1] for i in range(0, len(text), 8))
            address = ipaddress.ip_address(raw)
            if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
                address = address.ipv4_mapped
            found[f"{owner[fields[9]]}:{int(port, 16)}"] = address
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from Linux /proc")
def test_pool_workers_leave_when_the_run_is_killed_alone():
    """SIGKILL of the sim process only (not its group): its pool workers must not stay blocked."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "tcgkit.cli", "sim", "tt", "-n", "200000", "--seed", "1", "-w", "2"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        workers: list[int] = []
        while time.monotonic() < deadline and len(workers) < 2:
            time.sleep(0.2)
            workers = _children(proc.pid)
        assert len(workers) >= 2, "the pool did not start"
        proc.kill()
        proc.wait()
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and any(_alive(w) for w in workers):
            time.sleep(0.2)
        left = [w for w in workers if _alive(w)]
    finally:
        with contextlib.suppress(ProcessLookupError):  # so that a failure leaves nothing behind
            os.killpg(proc.pid, signal.SIGKILL)
    assert not left, f"pool workers {left} outlived their killed parent"
