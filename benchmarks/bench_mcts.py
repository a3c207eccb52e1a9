"""MCTS iterations per second: tcgkit's IS-MCTS on Triple Triad beside OpenSpiel's MCTSBot.

    python benchmarks/bench_mcts.py [--seconds S] [--repeats R] [--iterations N] [--json]

Measures, interleaved R times (A B C D A B C D ...), each for about S seconds on one core,
the search iterations (simulations) per second of one move's search from a game's first
position, with random play-outs:

- ``tcgkit ismcts TT hidden``: ``ISMCTSAgent(game, iterations=N).act(view, legal, rng)``
  on a Triple Triad opening position (Same, Plus, Combo, Same Wall, Elemental; trade none;
  hands hidden), so every iteration also redraws the rival's hand (a determinization);
- ``tcgkit ismcts TT open``: the same with Open (perfect information: plain UCT);
- ``openspiel MCTSBot tic_tac_toe (C++)``: ``MCTSBot(game, uct_c=2, max_simulations=N,
  RandomRolloutEvaluator(n_rollouts=1), solve=False).mcts_search(state)`` from the initial
  state, the search in Python over the C++ game;
- ``openspiel MCTSBot python_tic_tac_toe``: the same over OpenSpiel's pure-Python game
  (``import open_spiel.python.games`` registers it).

Each search starts from a fresh tree. A Triple Triad play-out is 9 moves from the opening
(up to 45 legal moves at the root), a random tic-tac-toe game about 7.6 (9 at the root).
Reports the median iterations/s of each loop, every run, and the ratios tcgkit / peer.
Without OpenSpiel installed (the ``bench`` extra) it says so and measures tcgkit alone.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from collections.abc import Callable
from typing import Any

from tcgkit import __version__, load_game
from tcgkit.agents.mcts import ISMCTSAgent
from tcgkit.kernel.rng import Rng

TT_OPTIONS = {
    "same": True, "plus": True, "combo": True, "same_wall": True, "elemental": True,
    "trade": "none", "sudden_death": False,
}
ITERATIONS = 1000  # per search

Loop = Callable[[], int]
"""One search; returns the iterations it ran."""


def tcgkit_loop(open_hands: bool, iterations: int, seed: int = 1) -> Loop:
    game = load_game("triple-triad", {**TT_OPTIONS, "open": open_hands})
    state = game.new_state(seed)
    player = state.to_move
    view, legal = state.view(player), state.legal_actions()
    agent = ISMCTSAgent(game, iterations=iterations)
    counter = [0]

    def search() -> int:
        counter[0] += 1
        agent.act(view, legal, Rng(counter[0]))
        return agent.last_iterations

    return search


def openspiel_loop(name: str, iterations: int, seed: int = 1) -> Loop:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import mcts

    if name.startswith("python_"):
        import open_spiel.python.games  # noqa: F401  (registers the Python games)
    game = pyspiel.load_game(name)
    random_state = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
    bot = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=iterations, evaluator=evaluator, solve=False,
        random_state=random_state,
    )

    def search() -> int:
        bot.mcts_search(game.new_initial_state())
        return iterations

    return search


def loops(iterations: int) -> tuple[dict[str, Loop], str | None]:
    out: dict[str, Loop] = {
        "tcgkit ismcts TT hidden": tcgkit_loop(False, iterations),
        "tcgkit ismcts TT open": tcgkit_loop(True, iterations),
    }
    try:
        out["openspiel MCTSBot tic_tac_toe (C++)"] = openspiel_loop("tic_tac_toe", iterations)
        out["openspiel MCTSBot python_tic_tac_toe"] = openspiel_loop(
            "python_tic_tac_toe", iterations
        )
    except ImportError as exc:
        return out, f"OpenSpiel is not importable ({exc}); measuring tcgkit only"
    return out, None


def measure(search: Loop, seconds: float) -> float:
    """Iterations per second over about ``seconds`` of whole searches."""
    done = 0
    clock = time.perf_counter
    start = clock()
    while True:
        done += search()
        elapsed = clock() - start
        if elapsed >= seconds:
            return done / elapsed


def run(seconds: float, repeats: int, iterations: int) -> dict[str, Any]:
    named, note = loops(iterations)
    for search in named.values():  # warm up: imports, caches, first allocations
        search()
    samples: dict[str, list[float]] = {name: [] for name in named}
    for _ in range(repeats):
        for name, search in named.items():  # interleaved, so drift hits every loop alike
            samples[name].append(measure(search, seconds))
    results = {
        name: {
            "iterations_per_s": statistics.median(runs),
            "runs": [round(r, 1) for r in runs],
        }
        for name, runs in samples.items()
    }
    ratios = {
        f"{mine} / {peer}": results[mine]["iterations_per_s"] / results[peer]["iterations_per_s"]
        for mine in named if mine.startswith("tcgkit")
        for peer in named if peer.startswith("openspiel")
    }
    return {
        "tcgkit": __version__,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "seconds": seconds,
        "repeats": repeats,
        "iterations_per_search": iterations,
        "triple_triad_options": TT_OPTIONS,
        "note": note,
        "results": results,
        "ratios": ratios,
    }


def print_table(report: dict[str, Any]) -> None:
    print(
        f"tcgkit {report['tcgkit']}, Python {report['python']}, "
        f"median of {report['repeats']} x {report['seconds']:g} s, one core, "
        f"{report['iterations_per_search']} iterations a search, random play-outs"
    )
    if report["note"]:
        print(f"note: {report['note']}")
    print(f"{'loop':40} {'iterations/s':>13}   runs")
    for name, r in report["results"].items():
        runs = ", ".join(f"{x:.0f}" for x in r["runs"])
        print(f"{name:40} {r['iterations_per_s']:13,.0f}   {runs}")
    if report["ratios"]:
        print()
        print(f"{'ratio':78} {'x':>6}")
        for name, ratio in report["ratios"].items():
            print(f"{name:78} {ratio:6.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one run")
    parser.add_argument("--repeats", type=int, default=5, help="runs per loop (median)")
    parser.add_argument("--iterations", type=int, default=ITERATIONS, help="per search")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args()
    report = run(args.seconds, args.repeats, args.iterations)
    if args.json:
        print(json.dumps(report))
    else:
        print_table(report)


if __name__ == "__main__":
    main()
