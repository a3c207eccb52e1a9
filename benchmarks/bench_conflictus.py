"""Random full Conflictus Aeternus games per second (2 and 4 players, preconstructed mons), beside
RLCard's UNO.

    python benchmarks/bench_conflictus.py [--seconds S] [--repeats R] [--json]
    python benchmarks/bench_conflictus.py --profile

Measures, interleaved R times, each for about S seconds on one core:

- ``conflictus 2p`` / ``conflictus 4p``: ``g.new_state(seed, mons)`` with the four preconstructed
  mons (rotated by the seed), then ``legal_actions()`` + a random choice + ``apply()`` (checked)
  until the game is over: mulligans, every priority window, attacks, blocks, amulets;
- ``conflictus 2p unchecked``: the same two-player loop with ``apply_unchecked()``;
- ``rlcard uno (game)``: RLCard's UNO game object, random legal actions through ``step``.

Reports the median games/s and decisions/s, of wall time and of the process's CPU time (on a
machine shared with other work the wall clock runs on while the core serves others), and each
loop's decisions per CPU second against UNO's. Goal (issue 12): 150 two-player and 50
four-player games per second on one core. ``--profile`` prints where the time of the two-player loop goes.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import statistics
import time
from collections.abc import Callable

from tcgkit import load_game
from tcgkit.games.conflictus import starter_decks
from tcgkit.kernel.rng import Rng

Loop = Callable[[int], int]


def conflictus_loop(players: int, checked: bool = True) -> Loop:
    game = load_game("conflictus", players=players)
    mons = [deck for _, deck in starter_decks()]
    rng = Rng(11)
    count = [0]

    def play(n: int) -> int:
        decisions = 0
        below = rng.below
        for _ in range(n):
            seed = count[0]
            count[0] += 1
            decks = [mons[(seed + p) % len(mons)] for p in range(players)]
            state = game.new_state(seed, decks)
            legal = state.legal_actions
            if checked:
                apply = state.apply
                while state.decisions:
                    actions = legal()
                    apply(actions[below(len(actions))], state.decisions[-1].player)
                    decisions += 1
                continue
            unchecked = state.apply_unchecked
            while state.decisions:
                actions = legal()
                unchecked(actions[below(len(actions))])
                decisions += 1
        return decisions

    return play


def rlcard_game_loop() -> Loop | None:
    try:
        import numpy as np
        from rlcard.games.uno.game import UnoGame
    except ImportError:
        return None
    game = UnoGame(num_players=2)
    game.np_random = np.random.RandomState(1)
    rng = Rng(5)

    def play(n: int) -> int:
        decisions = 0
        for _ in range(n):
            game.init_game()
            while not game.is_over():
                actions = game.get_legal_actions()
                game.step(actions[rng.below(len(actions))])
                decisions += 1
        return decisions

    return play


def measure(loop: Loop, seconds: float) -> tuple[float, float, float, float]:
    """Games and decisions per second of wall time, then per second of this process's CPU time
    (on a shared machine the wall clock also counts the time other processes held the core)."""
    games = decisions = 0
    batch = 1
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        decisions += loop(batch)
        games += batch
        batch = min(batch * 2, 8)
    elapsed, used = time.perf_counter() - start, time.process_time() - cpu
    return games / elapsed, decisions / elapsed, games / used, decisions / used


def profile(seconds: float) -> None:
    loop = conflictus_loop(2)
    profiler = cProfile.Profile()
    profiler.enable()
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        loop(2)
    profiler.disable()
    pstats.Stats(profiler).sort_stats("tottime").print_stats(25)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    if args.profile:
        profile(max(args.seconds, 3.0))
        return
    loops: dict[str, Loop] = {
        "conflictus 2p": conflictus_loop(2),
        "conflictus 2p unchecked": conflictus_loop(2, checked=False),
        "conflictus 4p": conflictus_loop(4),
    }
    peer = rlcard_game_loop()
    if peer is not None:
        loops["rlcard uno (game)"] = peer
    runs: dict[str, list[tuple[float, float, float, float]]] = {name: [] for name in loops}
    for _ in range(args.repeats):
        for name, loop in loops.items():
            runs[name].append(measure(loop, args.seconds))
    medians = {name: tuple(statistics.median(run[k] for run in r) for k in range(4))
               for name, r in runs.items()}
    if args.json:
        print(json.dumps({"repeats": args.repeats, "medians": {
            name: {"games_per_s": m[0], "decisions_per_s": m[1], "games_per_cpu_s": m[2],
                   "decisions_per_cpu_s": m[3]} for name, m in medians.items()
        }, "runs": runs}, indent=1))
        return
    print(f"Conflictus Aeternus, preconstructed mons, median of {args.repeats} runs of {args.seconds:g} s")
    print(f"{'loop':26} {'games/s':>10} {'decisions/s':>12} {'games/cpu-s':>12} {'dec./cpu-s':>11}")
    for name, (g, d, gc, dc) in medians.items():
        print(f"{name:26} {g:10,.1f} {d:12,.0f} {gc:12,.1f} {dc:11,.0f}")
    peer_name = "rlcard uno (game)"
    if peer_name in medians:
        for name in loops:
            if name != peer_name:
                print(f"{name} / rlcard uno, decisions per CPU second: "
                      f"{medians[name][3] / medians[peer_name][3]:.2f}")
    if peer is None:
        print("(rlcard is not installed: pip install -e '.[bench]' to compare)")


if __name__ == "__main__":
    main()
