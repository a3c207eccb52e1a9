"""The pure-Python package beside the compiled build: the speed issue's figures from both, in
one run, each beside its peer.

    python benchmarks/bench_builds.py --pure PYTHON --compiled PYTHON [--rounds R] [--seconds S]
                                      [--only tt,fnf,ff,ca,mc,mcts,solver] [--json]

``PYTHON`` is an interpreter that imports tcgkit: one of a pure-Python install (the README's
``pip install -e .``), one of the compiled build's (``TCGKIT_COMPILE=1 pip install .`` in
another venv, docs/speed.md); both need the ``bench`` extra for the peers. Each benchmark
script below runs ``R`` rounds (default 3), the two builds alternating within a round so that
a noisy neighbour slows both alike; every script measures its peer in the same process. The
report gives, per figure, the median of the rounds for each build, the compiled / pure ratio,
and each build's median ratio to its peer (the figure the issue's goals are stated in).
CPU-time rates are used where a script reports them (they move less with the machine's load).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent


def at(*keys: str) -> Callable[[dict[str, Any]], float]:
    def get(report: dict[str, Any]) -> float:
        value: Any = report
        for key in keys:
            value = value[key]
        return float(value)
    return get


def median_rate(loop: str, rate: str) -> Callable[[dict[str, Any]], float]:
    return at("medians", loop, rate)


# name: (script and its arguments, then per figure: label, tcgkit's value, the peer's or None)
Figure = tuple[str, Callable[[dict[str, Any]], float], Callable[[dict[str, Any]], float] | None]
BENCHES: dict[str, tuple[list[str], list[Figure]]] = {
    "tt": (["bench_triple_triad.py", "--seconds", "{s}", "--repeats", "3"], [
        ("Triple Triad games/s, checked", at("results", "tcgkit checked", "games_per_s"),
         at("results", "openspiel tic_tac_toe (C++)", "games_per_s")),
    ]),
    "fnf": (["bench_forge_fury.py", "--seconds", "{s}", "--repeats", "3"], [
        ("Forge & Fury decisions/cpu-s", median_rate("tcgkit checked", "decisions_per_cpu_s"),
         median_rate("openspiel goofspiel(num_cards=13)", "decisions_per_cpu_s")),
    ]),
    "ff": (["bench_ff_tcg.py", "--seconds", "{s}", "--repeats", "3"], [
        ("Final Fantasy TCG games/cpu-s", median_rate("tcgkit checked", "games_per_cpu_s"),
         median_rate("rlcard uno (game)", "games_per_cpu_s")),
        ("Final Fantasy TCG decisions/cpu-s", median_rate("tcgkit checked", "decisions_per_cpu_s"),
         median_rate("rlcard uno (game)", "decisions_per_cpu_s")),
    ]),
    "ca": (["bench_conflictus.py", "--seconds", "{s}", "--repeats", "3"], [
        ("Conflictus 2p games/cpu-s", median_rate("conflictus 2p", "games_per_cpu_s"), None),
        ("Conflictus 4p games/cpu-s", median_rate("conflictus 4p", "games_per_cpu_s"), None),
    ]),
    "mc": (["bench_monster_collection.py", "--seconds", "{s}", "--repeats", "3"], [
        ("Monster Collection games/cpu-s", median_rate("monster collection", "games_per_cpu_s"),
         median_rate("rlcard uno (game)", "games_per_cpu_s")),
    ]),
    "mcts": (["bench_mcts.py", "--seconds", "{s}", "--repeats", "3"], [
        ("IS-MCTS iterations/s, TT hidden", at("results", "tcgkit ismcts TT hidden", "iterations_per_s"),
         at("results", "openspiel MCTSBot tic_tac_toe (C++)", "iterations_per_s")),
    ]),
    "solver": (["bench_solver.py", "--seeds", "1", "--one-best", "--modes", "exact"], [
        ("TT exact solve, one best move: nodes/s", at("medians", "exact", "nodes_per_second"), None),
    ]),
}


def run(python: str, args: list[str], seconds: float) -> dict[str, Any]:
    command = [python, str(HERE / args[0]), *(a.format(s=seconds) for a in args[1:]), "--json"]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def build_of(python: str) -> str:
    code = "from tcgkit._version import build; print(build())"
    return subprocess.run([python, "-c", code], capture_output=True, text=True, check=True).stdout.strip()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pure", required=True, help="the pure-Python install's interpreter")
    parser.add_argument("--compiled", required=True, help="the compiled build's interpreter")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one timed loop")
    parser.add_argument("--only", default=",".join(BENCHES), help="which: " + ",".join(BENCHES))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    builds = {"pure": args.pure, "compiled": args.compiled}
    for name, python in builds.items():
        print(f"{name}: {python} ({build_of(python)})", file=sys.stderr)
    names = [n.strip() for n in args.only.split(",") if n.strip()]
    unknown = [n for n in names if n not in BENCHES]
    if unknown:
        parser.error(f"unknown benchmark(s) {', '.join(unknown)}; choose from {', '.join(BENCHES)}")

    values: dict[tuple[str, str], list[float]] = {}  # (figure, build) -> one value per round
    peers: dict[tuple[str, str], list[float]] = {}
    for _ in range(args.rounds):
        for name in names:
            script, figures = BENCHES[name]
            for build, python in builds.items():
                report = run(python, script, args.seconds)
                for label, ours, peer in figures:
                    values.setdefault((label, build), []).append(ours(report))
                    if peer is not None:
                        peers.setdefault((label, build), []).append(ours(report) / peer(report))

    rows = []
    for name in names:
        for label, _, peer in BENCHES[name][1]:
            pure, compiled = (statistics.median(values[label, b]) for b in builds)
            row = {"figure": label, "pure": pure, "compiled": compiled, "compiled/pure": compiled / pure}
            if peer is not None:
                row |= {f"{b} / peer": statistics.median(peers[label, b]) for b in builds}
            rows.append(row)
    if args.json:
        print(json.dumps({"rounds": args.rounds, "seconds": args.seconds, "builds": builds, "rows": rows}))
        return 0
    print(f"{'figure':<40} {'pure':>10} {'compiled':>10} {'c/p':>6} {'pure/peer':>10} {'comp/peer':>10}")
    for row in rows:
        peer_cells = (f"{row['pure / peer']:>10.3f} {row['compiled / peer']:>10.3f}"
                      if "pure / peer" in row else f"{'':>10} {'':>10}")
        print(f"{row['figure']:<40} {row['pure']:>10,.0f} {row['compiled']:>10,.0f} "
              f"{row['compiled/pure']:>6.2f} {peer_cells}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
