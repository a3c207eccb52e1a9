"""What the card-game benchmarks share: tcgkit's random-play loop, RLCard's UNO as a peer, and
timing interleaved across loops, with medians of wall and CPU time.

The scripts import it as a sibling module: ``python benchmarks/bench_x.py`` puts this folder
first on ``sys.path``.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import statistics
import time
from collections.abc import Callable
from typing import Any, NamedTuple

from tcgkit.kernel.rng import Rng

Loop = Callable[[int], int]
"""Plays ``n`` games, returns the number of decisions taken."""


class Rates(NamedTuple):
    """Per second of wall time, then per second of this process's CPU time (on a machine shared
    with other work the wall clock runs on while the core serves others)."""

    games_per_s: float
    decisions_per_s: float
    games_per_cpu_s: float
    decisions_per_cpu_s: float


def random_games(game: Any, decks_for: Callable[[int], Any], checked: bool) -> Loop:
    """Games ``game.new_state(i, decks_for(i))`` for i = 0, 1, ..., each played to its end by
    random legal actions through ``apply`` (checked) or ``apply_unchecked``. ``new_state`` runs on
    the clock (it shuffles and deals); what ``decks_for`` returns may have been built before it."""
    rng = Rng(11)
    count = [0]

    def play(n: int) -> int:
        decisions = 0
        below = rng.below
        for _ in range(n):
            seed = count[0]
            count[0] += 1
            state = game.new_state(seed, decks_for(seed))
            legal = state.legal_actions
            if checked:
                apply = state.apply
                while state.decisions:
                    actions = legal()
                    apply(actions[below(len(actions))], state.decisions[-1].player)
                    decisions += 1
                continue
            apply_unchecked = state.apply_unchecked
            while state.decisions:
                actions = legal()
                apply_unchecked(actions[below(len(actions))])
                decisions += 1
        return decisions

    return play


def rlcard_uno_game() -> Loop | None:
    """RLCard's UNO game object, ``init_game`` then random legal actions through ``step`` until
    ``is_over``: the engine alone. ``None`` without rlcard (the ``bench`` extra)."""
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


def rlcard_uno_env() -> Loop | None:
    """UNO through RLCard's environment with its random agents, which also builds each player's
    observation every step (the figure RLCard users see). ``None`` without rlcard."""
    try:
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError:
        return None
    env = rlcard.make("uno", config={"seed": 1})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])

    def play(n: int) -> int:
        decisions = 0
        for _ in range(n):
            trajectories, _ = env.run(is_training=False)
            decisions += sum(len(t) // 2 for t in trajectories)
        return decisions

    return play


def measure(loop: Loop, seconds: float, max_batch: int) -> Rates:
    """About ``seconds`` of whole batches, doubling from one game up to ``max_batch`` between
    clock reads."""
    games = decisions = 0
    batch = 1
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        decisions += loop(batch)
        games += batch
        batch = min(batch * 2, max_batch)
    elapsed, used = time.perf_counter() - start, time.process_time() - cpu
    return Rates(games / elapsed, decisions / elapsed, games / used, decisions / used)


def interleaved(loops: dict[str, Loop], seconds: float, repeats: int,
                max_batch: int) -> dict[str, list[Rates]]:
    """Every loop measured ``repeats`` times, taking turns, so drift hits every loop alike."""
    runs: dict[str, list[Rates]] = {name: [] for name in loops}
    for _ in range(repeats):
        for name, loop in loops.items():
            runs[name].append(measure(loop, seconds, max_batch))
    return runs


def medians(runs: dict[str, list[Rates]]) -> dict[str, Rates]:
    return {name: Rates(*(statistics.median(r[k] for r in rates) for k in range(len(Rates._fields))))
            for name, rates in runs.items()}


def profile(loop: Loop, seconds: float, batch: int) -> None:
    """Where ``loop``'s time goes, by cProfile (times inflated by profiling)."""
    profiler = cProfile.Profile()
    profiler.enable()
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        loop(batch)
    profiler.disable()
    pstats.Stats(profiler).sort_stats("tottime").print_stats(25)


def games_beside_uno(doc: str, title: str, loops: Callable[[], dict[str, Loop]],
                     profiled: Callable[[], Loop], profile_batch: int) -> None:
    """The command line of a "random games beside RLCard's UNO" script: ``--seconds``,
    ``--repeats``, ``--json``, ``--profile`` (of ``profiled``); then the median rates of every
    loop and each loop's decisions per CPU second against UNO's."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    if args.profile:
        profile(profiled(), max(args.seconds, 3.0), batch=profile_batch)
        return
    timed = loops()
    peer_name, peer = "rlcard uno (game)", rlcard_uno_game()
    if peer is not None:
        timed[peer_name] = peer
    runs = interleaved(timed, args.seconds, args.repeats, max_batch=8)
    median = medians(runs)
    if args.json:
        print(json.dumps({"repeats": args.repeats, "medians": {
            name: m._asdict() for name, m in median.items()}, "runs": runs}, indent=1))
        return
    width = max(len(name) for name in timed) + 2
    print(f"{title}, median of {args.repeats} runs of {args.seconds:g} s")
    print(f"{'loop':{width}} {'games/s':>10} {'decisions/s':>12} {'games/cpu-s':>12} {'dec./cpu-s':>11}")
    for name, (g, d, gc, dc) in median.items():
        print(f"{name:{width}} {g:10,.1f} {d:12,.0f} {gc:12,.1f} {dc:11,.0f}")
    if peer is None:
        print("(rlcard is not installed: pip install -e '.[bench]' to compare)")
        return
    for name in timed:
        if name != peer_name:
            print(f"{name} / rlcard uno, decisions per CPU second: "
                  f"{median[name].decisions_per_cpu_s / median[peer_name].decisions_per_cpu_s:.2f}")
