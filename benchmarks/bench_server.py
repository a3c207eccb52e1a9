"""The match server under load: many concurrent matches of random agents over WebSockets.

    python benchmarks/bench_server.py [--matches 500] [--game triple-triad] [--think 0.5]
        [--seconds 300] [--db URL] [--processes N] [--json]

Starts ``tcgkit serve`` (one process, or ``--processes N`` sharing a PostgreSQL ``--db``) on
loopback, makes ``--matches`` matches with a guest in every seat (the seats of a match spread
over the processes), connects every seat (the time that takes is ``connect_s``), and then
plays them all at once: each seat's agent waits a random think time (uniform, mean
``--think`` seconds) then sends a random legal move from its scene. Reported: the action
latency (send to acknowledgement) p50 / p99 / max, actions per second, the servers' peak
memory (resident, AI workers included) and CPU time per action (connecting and playing), and
whether every match's record replays exactly to the recorded outcome afterwards. The
reference, measured in the same run: the same matches' actions replayed on the bare engine
in this process (actions/s), so the ratio is what serving costs over playing.

With ``--swiss N``, a Swiss event of N guests over ``--swiss-rounds`` rounds plays beside
the matches on the same server: each entrant plays its table's match as soon as the event
pairs it (read from the event's page once a second, as a player would look), and the next
round is paired by the server when the last match of a round ends. Its actions' latency is
reported on its own (``swiss_*``) and counted in the whole.

Bounded: at most ``--matches`` matches and ``--seconds`` seconds; a match not finished by
then is counted as such.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

from tcgkit.kernel.replay import MatchRecord, verify

SESSION = "tcgkit_session"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def rss_bytes(pid: int) -> int:
    """Resident memory of ``pid`` and its children (the AI pool)."""
    total = 0
    pids = [pid]
    children = Path(f"/proc/{pid}/task/{pid}/children")
    if children.exists():
        pids += [int(p) for p in children.read_text().split()]
    for one in pids:
        try:
            for line in Path(f"/proc/{one}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
        except OSError:
            pass
    return total


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of ``pid`` so far (``/proc``; 0 where there is none)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Servers:
    def __init__(self, db: str, count: int, log: Path, url: str | None = None) -> None:
        self.db, self.count, self.log, self.url = db, count, log, url
        self.ports = [free_port() for _ in range(count)]
        self.processes: list[subprocess.Popen[bytes]] = []

    def urls(self) -> list[str]:
        if self.url is not None:
            return [self.url]
        return [f"http://127.0.0.1:{port}" for port in self.ports]

    def start(self) -> None:
        if self.url is not None:  # a server already running (to profile it): not measured
            return
        with self.log.open("ab") as out:
            for port in self.ports:
                self.processes.append(subprocess.Popen(
                    [sys.executable, "-m", "tcgkit", "serve", "--port", str(port), "--db", self.db,
                     "--rate", "1000", "--per-minute", "100000"],  # one address plays every seat
                    stdout=out, stderr=subprocess.STDOUT, start_new_session=True))
        for url in self.urls():
            deadline = time.monotonic() + 60
            while True:
                try:
                    if httpx.get(url + "/api/games", timeout=2).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                if time.monotonic() > deadline:
                    raise SystemExit(f"the server at {url} did not start: {self.log.read_text()[-2000:]}")
                time.sleep(0.2)

    def memory(self) -> int:
        return sum(rss_bytes(p.pid) for p in self.processes)

    def cpu(self) -> float:
        return sum(cpu_seconds(p.pid) for p in self.processes)

    def stop(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in self.processes:
            try:
                process.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)


async def session(http: httpx.AsyncClient) -> tuple[str, str]:
    response = await http.post("/api/guest", json={})
    response.raise_for_status()
    return response.cookies[SESSION], response.json()["csrf"]


async def make_match(urls: list[str], game: str, players: int) -> tuple[str, list[tuple[str, str]]]:
    """A match with a guest in each seat: (its id, each seat's (server URL, cookie)); a
    connection the loaded server dropped during the set-up (not measured) is tried again."""
    for attempt in range(5):
        try:
            return await _make_match(urls, game, players)
        except httpx.TransportError:
            if attempt == 4:
                raise
            await asyncio.sleep(1 + attempt)
    raise AssertionError("unreachable")


async def _make_match(urls: list[str], game: str, players: int) -> tuple[str, list[tuple[str, str]]]:
    seats = []
    async with httpx.AsyncClient(base_url=urls[0], timeout=60) as host:
        token, csrf = await session(host)
        # a long grace: a seat not connected yet during a slow set-up is not played by a stand-in
        made = await host.post("/api/matches", json={"game": game, "seats": [{"kind": "me"}] +
                                                     [{"kind": "open"}] * (players - 1),
                                                     "rules": {"grace": 3600}},
                               headers={"x-csrf-token": csrf})
        made.raise_for_status()
        match_id = made.json()["id"]
        seats.append((urls[0], token))
    for seat in range(1, players):
        url = urls[seat % len(urls)]
        async with httpx.AsyncClient(base_url=url, timeout=60) as other:
            token, csrf = await session(other)
            joined = await other.post(f"/api/matches/{match_id}/join", json={},
                                      headers={"x-csrf-token": csrf})
            joined.raise_for_status()
        seats.append((url, token))
    return match_id, seats


SWISS_OPTIONS = {"trade": "none"}  # an event deals its hands: no collection is staked


async def make_swiss(url: str, entrants: int, rounds: int, seed: int) -> tuple[str, dict[int, str]]:
    """A started Swiss event of ``entrants`` guests: its id and each entrant's session cookie
    by account."""
    tokens: dict[int, str] = {}
    event_id, host = "", ("", "")  # the creator's cookie and CSRF token
    for number in range(entrants):
        async with httpx.AsyncClient(base_url=url, timeout=60) as http:
            response = await http.post("/api/guest", json={})
            response.raise_for_status()
            account, csrf = response.json()["account"], response.json()["csrf"]
            tokens[account] = response.cookies[SESSION]
            headers = {"x-csrf-token": csrf}
            if number == 0:
                made = await http.post("/api/events", headers=headers, json={
                    "name": "load", "game": "triple-triad", "options": SWISS_OPTIONS, "rounds": rounds,
                    "seed": seed, "rules": {"grace": 3600}})
                made.raise_for_status()
                event_id, host = made.json()["id"], (tokens[account], csrf)
            (await http.post(f"/api/events/{event_id}/join", headers=headers, json={})).raise_for_status()
    async with httpx.AsyncClient(base_url=url, timeout=60, cookies={SESSION: host[0]}) as creator:
        (await creator.post(f"/api/events/{event_id}/start", headers={"x-csrf-token": host[1]},
                            json={})).raise_for_status()
    return event_id, tokens


async def play_swiss(url: str, event_id: str, tokens: dict[int, str], play: Any,
                     deadline: float) -> dict[str, Any]:
    """Each entrant plays its table as the event pairs it, to the event's end (or the
    deadline): the event's last page."""
    started: set[str] = set()
    games: list[asyncio.Task[bool]] = []
    async with httpx.AsyncClient(base_url=url, timeout=60) as reader:
        while time.monotonic() < deadline:
            event = (await reader.get(f"/api/events/{event_id}")).json()
            for round_ in event["pairings"]:
                for table in round_["tables"]:
                    if table["match"] and table["match"] not in started:
                        started.add(table["match"])
                        games += [asyncio.create_task(play(tokens[seat["account"]], table["match"]))
                                  for seat in table["seats"] if seat["account"] is not None]
            if event["status"] == "over":
                break
            await asyncio.sleep(1)
    await asyncio.gather(*games)
    return event


async def play_seat(url: str, token: str, match_id: str, think: float, rng: random.Random,
                    latencies: list[float], deadline: float, everyone: asyncio.Barrier | None,
                    started: list[float]) -> bool:
    """One seat's random agent to the end of the match (True) or the deadline (False). It
    plays once every seat of every match is connected (``everyone``; None: at once)."""
    ws_url = url.replace("http://", "ws://") + f"/api/matches/{match_id}/ws"
    async with connect(ws_url, additional_headers={"Cookie": f"{SESSION}={token}"}, max_size=8 * 2**20,
                       open_timeout=120) as ws:
        await ws.recv()
        if everyone is not None:
            await everyone.wait()
        if not started:
            started.append(time.monotonic())
        await ws.send(json.dumps({"type": "sync", "since": -1}))  # the scene as it is now
        message = json.loads(await ws.recv())
        while message["type"] != "update":
            message = json.loads(await ws.recv())
        seat = message["scene"]["viewer"]
        while True:
            scene = message.get("scene")
            if scene is not None and scene["outcome"] is not None:
                return True
            if time.monotonic() > deadline:
                return False
            pending = scene["pending"] if scene else None
            mine = pending and pending["player"] == seat and scene["moves"]
            if message["type"] in ("welcome", "update") and mine:
                await asyncio.sleep(rng.uniform(0, 2 * think))
                move = rng.choice(scene["moves"])["notation"]
                sent = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "version": message["version"], "action": move,
                                          "tag": "t"}))
                while True:
                    message = json.loads(await asyncio.wait_for(ws.recv(), 60))
                    if message.get("ack") == "t" or message["type"] == "error" and message.get("tag") == "t":
                        break
                latencies.append(time.perf_counter() - sent)
                if message["type"] == "error":  # stale: another update came first; read on
                    message = json.loads(await asyncio.wait_for(ws.recv(), 60))
                continue
            message = json.loads(await asyncio.wait_for(ws.recv(), 120))


async def run(args: argparse.Namespace, servers: Servers) -> dict[str, Any]:
    urls = servers.urls()
    players = 2
    made_at = time.monotonic()
    matches = []
    for start in range(0, args.matches, 50):  # made 50 at a time
        matches += await asyncio.gather(*(make_match(urls, args.game, players)
                                          for _ in range(start, min(args.matches, start + 50))))
    swiss = await make_swiss(urls[0], args.swiss, args.swiss_rounds, args.seed) if args.swiss else None
    setup = time.monotonic() - made_at
    latencies: list[float] = []
    swiss_latencies: list[float] = []
    peak = 0
    deadline = time.monotonic() + args.seconds
    connecting = time.monotonic()
    everyone = asyncio.Barrier(players * len(matches))

    async def watch() -> None:
        nonlocal peak
        while True:
            peak = max(peak, servers.memory())
            await asyncio.sleep(0.5)

    watcher = asyncio.create_task(watch())
    # This process holds a thousand sockets: a full collection here stopped its event loop for up
    # to a second on the loaded machine, counted as server latency. No collection while playing.
    gc.collect()
    gc.freeze()
    gc.disable()
    cpu_before = servers.cpu()
    rng = random.Random(args.seed)
    started: list[float] = []

    async def seat(url: str, token: str, match_id: str) -> bool:
        return await play_seat(url, token, match_id, args.think, random.Random(rng.random()), latencies,
                               deadline, everyone, started)

    async def entrant(token: str, match_id: str) -> bool:
        return await play_seat(urls[0], token, match_id, args.think, random.Random(rng.random()),
                               swiss_latencies, deadline, None, [])

    event_task = (asyncio.create_task(play_swiss(urls[0], swiss[0], swiss[1], entrant, deadline))
                  if swiss is not None else None)
    results = await asyncio.gather(*(seat(url, token, match_id) for match_id, seats in matches
                                     for url, token in seats))
    event = await event_task if event_task is not None else None
    gc.enable()
    began = started[0]
    elapsed = time.monotonic() - began
    cpu = servers.cpu() - cpu_before
    watcher.cancel()
    finished = sum(all(results[i * players:(i + 1) * players]) for i in range(len(matches)))
    records = []
    async with httpx.AsyncClient(base_url=urls[0], timeout=60) as reader:
        for match_id, seats in matches:
            response = await reader.get(f"/api/matches/{match_id}/record", cookies={SESSION: seats[0][1]})
            if response.status_code == 200:
                records.append(MatchRecord.from_json(response.json()))
    return {"setup_s": setup, "connect_s": began - connecting, "elapsed_s": elapsed,
            "latencies": latencies + swiss_latencies, "swiss_latencies": swiss_latencies,
            "peak_rss": peak, "server_cpu_s": cpu, "finished": finished, "records": records,
            "swiss": event}


def replay_all(records: list[MatchRecord]) -> tuple[int, float]:
    """Every record replayed and checked against its outcome: how many, and actions/s."""
    actions = sum(len(r.actions) for r in records)
    began = time.perf_counter()
    for record in records:
        verify(record)
    return len(records), actions / max(time.perf_counter() - began, 1e-9)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=500)
    parser.add_argument("--game", default="triple-triad")
    parser.add_argument("--think", type=float, default=0.5, help="mean seconds an agent waits before a move")
    parser.add_argument("--seconds", type=float, default=300)
    parser.add_argument("--db", default=None, help="a postgresql:// URL (default: a new SQLite file)")
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--swiss", type=int, default=0, help="entrants of a Swiss event played beside")
    parser.add_argument("--swiss-rounds", type=int, default=3)
    parser.add_argument("--url", default=None,
                        help="play against a server already running (its memory unmeasured)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-server-"))
    db = args.db or f"sqlite:///{folder / 'server.db'}"
    if args.processes > 1 and not db.startswith("postgresql"):
        raise SystemExit("--processes N shares one database: give --db postgresql://...")
    servers = Servers(db, args.processes, folder / "server.log", args.url)
    servers.start()
    try:
        report = asyncio.run(run(args, servers))
    finally:
        servers.stop()
    latencies = sorted(report["latencies"])
    replayed, engine_rate = replay_all(report["records"])
    count = len(latencies)
    swiss = report["swiss"]
    out = {
        "matches": args.matches, "game": args.game, "processes": args.processes,
        "database": "postgresql" if db.startswith("postgresql") else "sqlite", "think_s": args.think,
        "finished": report["finished"], "actions": count,
        "latency_p50_ms": 1000 * statistics.median(latencies) if count else None,
        "latency_p99_ms": 1000 * latencies[min(count - 1, int(0.99 * count))] if count else None,
        "latency_max_ms": 1000 * latencies[-1] if count else None,
        "actions_per_s": count / report["elapsed_s"], "play_s": report["elapsed_s"],
        "setup_s": report["setup_s"], "connect_s": report["connect_s"],
        "peak_rss_mib": report["peak_rss"] / 2**20, "server_cpu_s": report["server_cpu_s"],
        "server_cpu_ms_per_action": 1000 * report["server_cpu_s"] / max(count, 1),
        "records_replayed_exactly": replayed, "engine_replay_actions_per_s": engine_rate,
    }
    if swiss is not None:
        ours = sorted(report["swiss_latencies"])
        out |= {"swiss_entrants": args.swiss, "swiss_status": swiss["status"],
                "swiss_rounds_paired": swiss["round"], "swiss_actions": len(ours),
                "swiss_latency_p50_ms": 1000 * statistics.median(ours) if ours else None,
                "swiss_latency_p99_ms": 1000 * ours[min(len(ours) - 1, int(0.99 * len(ours)))]
                if ours else None}
    out["serving_vs_engine"] = out["actions_per_s"] / engine_rate if engine_rate else None
    if args.json:
        print(json.dumps(out, indent=1))
        return
    for key, value in out.items():
        print(f"{key:28} {value:.1f}" if isinstance(value, float) else f"{key:28} {value}")


if __name__ == "__main__":
    main()
