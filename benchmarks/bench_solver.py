"""Solving Triple Triad from the empty board: seconds for win/draw/loss and for the exact score.

    python benchmarks/bench_solver.py [--seeds N] [--modes wdl,exact] [--one-best] [--json]
    python benchmarks/bench_solver.py --profile

For each seed 0..N-1: the hands ``sample_decks`` deals for that seed (five cards each),
Open, Same + Plus + Combo, trade none, player 0 first, no elements; the empty board is
solved by ``tcgkit.agents.triple_triad_solver.solve`` in each mode, finding every best
move (``--one-best``: one, as the ``perfect`` agent does). Reports, per mode, the median
seconds, the median nodes/s (nodes: positions the negamax visited; the last two plies
are counted with their parent) and every run. One process, one core. The issue's goal:
wdl in under 10 s.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import platform
import pstats
import statistics
import sys

from tcgkit import __version__
from tcgkit.agents.triple_triad_solver import solve
from tcgkit.games.triple_triad import TripleTriad
from tcgkit.kernel.rng import Rng, derive_seed

OPTIONS = {"open": True, "same": True, "plus": True, "combo": True, "trade": "none",
           "first_player": 0}


def position(game: TripleTriad, seed: int):
    decks = game.sample_decks(Rng(derive_seed(seed, 1)))
    return game.new_state(seed, decks)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--modes", default="wdl,exact")
    parser.add_argument("--one-best", action="store_true", help="find one best move, not all")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--profile", action="store_true", help="cProfile one wdl solve")
    args = parser.parse_args(argv)
    game = TripleTriad(OPTIONS)
    if args.profile:
        state = position(game, 0)
        profiler = cProfile.Profile()
        profiler.runcall(solve, state, "wdl")
        pstats.Stats(profiler, stream=sys.stdout).sort_stats("tottime").print_stats(15)
        return 0
    modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    runs: dict[str, list[dict]] = {m: [] for m in modes}
    for seed in range(args.seeds):
        state = position(game, seed)
        for mode in modes:
            sol = solve(state, mode, Rng(seed) if args.one_best else None, every=not args.one_best)
            run = {"seed": seed, "seconds": round(sol.seconds, 3), "nodes": sol.nodes,
                   "nodes_per_second": round(sol.nodes / sol.seconds), "value": sol.value,
                   "best": len(sol.best), "moves": sol.moves}
            runs[mode].append(run)
            if not args.json:
                print(f"seed {seed} {mode:5}: {sol.seconds:7.2f} s  {sol.nodes:>9} nodes  "
                      f"{run['nodes_per_second']:>7} nodes/s  value {sol.value}  "
                      f"{len(sol.best)}/{sol.moves} best moves", flush=True)
    report = {
        "engine": __version__, "python": platform.python_version(), "options": OPTIONS,
        "one_best": args.one_best,
        "medians": {
            m: {"seconds": statistics.median(r["seconds"] for r in rs),
                "nodes_per_second": statistics.median(r["nodes_per_second"] for r in rs)}
            for m, rs in runs.items() if rs
        },
        "runs": runs,
    }
    if args.json:
        print(json.dumps(report))
    else:
        for m, med in report["medians"].items():
            print(f"median {m:5}: {med['seconds']:.2f} s, {med['nodes_per_second']:.0f} nodes/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
