"""Batch simulation on each backend, and the cost of streaming results to a file.

    python benchmarks/bench_sim.py [--games N] [--repeats R] [--games-list tt,ff] [--no-ray] [--spin N]
                                    [--json]

For Triple Triad (greedy vs random, FFVIII rules) and Forge & Fury (greedy vs random), in
one run, interleaved R times (A B C A B C ...) so that a noisy neighbour slows each alike:

- ``one process``: ``run_games`` on this process alone (the reference);
- ``pool x2``: the local process pool on 2 processes (goal: at least 1.8x one process);
- ``ray x2``: a local Ray with 2 CPUs (goal: at least 1.6x), started and warmed up (its
  workers import tcgkit) before timing; the pool's start-up is part of its time;
- ``stream``: one process again, with per-card facts recorded and every row written to a
  ``.jsonl`` file as ``sim --out`` does; its extra time per game over ``one process`` is the
  streaming overhead.

Every backend plays the same N games (identical results: checked here too). Reports the
median games/s of each, the speed-ups, and the overhead in microseconds per game.

Beside them, ``machine x2``: the same pure-Python busy loop run once in one process and then
halved over two processes at once. It shares nothing and sends nothing back, so its speed-up
is the most any backend can get from this machine's two cores (virtual cores that share a
physical one, or a host that lends less than two, show here as well under 2x).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import logging
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from tcgkit.sim.backends import PoolBackend, RayBackend, SerialBackend
from tcgkit.sim.results import ResultWriter
from tcgkit.sim.runner import iter_results, prepare

GAMES = {
    "tt": ("triple-triad", {"same": True, "plus": True, "combo": True, "trade": "none"}),
    "ff": ("forge-fury", {}),
}
AGENTS = ("greedy", "random")


def spin(rounds: int) -> int:
    """Pure-Python work with no memory traffic to speak of: the machine's ceiling."""
    total = 0
    for i in range(rounds):
        total = (total + i * i) % 1_000_003
    return total


def machine_speedup(rounds: int, repeats: int) -> dict[str, Any]:
    """``spin`` once in this process against half of it in each of two processes at once,
    interleaved ``repeats`` times; the pool is started (and warmed) before the clock."""
    one, two = [], []
    with ProcessPoolExecutor(2) as pool:
        list(pool.map(spin, [1000, 1000]))
        for _ in range(repeats):
            one.append(timed(lambda: [spin(rounds)])[0])
            two.append(timed(lambda: list(pool.map(spin, [rounds // 2, rounds // 2])))[0])
    return {"one_s": statistics.median(one), "two_s": statistics.median(two),
            "speedup": statistics.median(one) / statistics.median(two), "runs_s": {"one": one, "two": two}}


def timed(run: Callable[[], list[Any]]) -> tuple[float, list[Any]]:
    start = time.perf_counter()
    out = run()
    return time.perf_counter() - start, out


def backend_loop(game: str, options: dict[str, Any], games: int, backend: Any) -> Callable[[], list[Any]]:
    job = prepare(game, options, AGENTS, seed=1)
    return lambda: sorted(iter_results(job, range(games), backend), key=lambda r: r.index)


def stream_loop(game: str, options: dict[str, Any], games: int, folder: Path) -> Callable[[], list[Any]]:
    job = prepare(game, options, AGENTS, seed=1, facts=True)
    meta = {"game": job.game, "options": job.options, "agents": list(AGENTS), "seed": 1,
            "decks": None, "facts": True}

    def run() -> list[Any]:
        path = folder / "bench.jsonl"
        path.unlink(missing_ok=True)
        with ResultWriter(path, meta, games, resume=False) as writer:
            for result in iter_results(job, range(games), SerialBackend()):
                writer.write(result)
            writer.close()
        return []

    return run


def warmups(game: str, options: dict[str, Any], games: int, ray: bool) -> list[Callable[[], list[Any]]]:
    return [backend_loop(game, options, games, RayBackend(2))] if ray else []


def bench(key: str, games: int, repeats: int, ray: bool, folder: Path) -> dict[str, Any]:
    game, options = GAMES[key]
    loops: dict[str, Callable[[], list[Any]]] = {
        "one process": backend_loop(game, options, games, SerialBackend()),
        "pool x2": backend_loop(game, options, games, PoolBackend(2)),
    }
    if ray:
        loops["ray x2"] = backend_loop(game, options, games, RayBackend(2))
    loops["stream"] = stream_loop(game, options, games, folder)
    for warmup in warmups(game, options, max(8, games // 10), ray):
        warmup()  # untimed: Ray's workers start and import tcgkit once, not per measurement
    seconds: dict[str, list[float]] = {name: [] for name in loops}
    reference: list[Any] | None = None
    for _ in range(repeats):
        for name, loop in loops.items():
            took, results = timed(loop)
            seconds[name].append(took)
            if results:
                reference = reference or results
                if results != reference:
                    raise SystemExit(f"{name} gave other results than one process")
    median = {name: statistics.median(s) for name, s in seconds.items()}
    rate = {name: games / s for name, s in median.items()}
    one = median["one process"]
    return {
        "game": game, "games": games, "repeats": repeats,
        "games_per_s": rate,
        "speedup": {name: one / median[name] for name in loops if name not in ("one process", "stream")},
        "stream_overhead_us_per_game": 1e6 * (median["stream"] - one) / games,
        "runs_s": seconds,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games per measurement")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--games-list", default="tt,ff", help="which games: tt, ff")
    parser.add_argument("--no-ray", action="store_true", help="skip Ray")
    parser.add_argument("--spin", type=int, default=10_000_000,
                        help="rounds of the busy loop that measures the machine's own 2-process speed-up")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    ray = not args.no_ray and importlib.util.find_spec("ray") is not None
    if not args.no_ray and not ray:
        print("Ray is not installed (pip install 'tcgkit[ray]'): measuring without it", file=sys.stderr)
    if ray:  # start Ray before the clock: its start-up is not a per-game cost
        import ray as ray_module

        try:
            ray_module.init(num_cpus=2, include_dashboard=False, logging_level=logging.ERROR,
                            log_to_driver=False)
        except Exception as exc:  # Ray's start-up times out on a busy machine: say so, go on
            print(f"Ray did not start ({exc}): measuring without it", file=sys.stderr)
            ray = False
    machine = machine_speedup(args.spin, args.repeats)
    with tempfile.TemporaryDirectory() as folder:
        reports = [bench(key.strip(), args.games, args.repeats, ray, Path(folder))
                   for key in args.games_list.split(",")]
    if args.json:
        print(json.dumps({"machine": machine, "games": reports}))
        return
    print(f"machine x2: {machine['speedup']:.2f}x one process (a busy loop halved over two processes)")
    for r in reports:
        print(f"{r['game']}: {r['games']} games x {r['repeats']} (median)")
        for name, rate in r["games_per_s"].items():
            speed = r["speedup"].get(name)
            print(f"  {name:12} {rate:8.0f} games/s" + (f"  {speed:.2f}x one process" if speed else ""))
        print(f"  streaming overhead: {r['stream_overhead_us_per_game']:.0f} us per game")


if __name__ == "__main__":
    main()
