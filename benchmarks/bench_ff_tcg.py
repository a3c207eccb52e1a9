"""Random full Final Fantasy TCG games per second with the two starter decks, beside RLCard's UNO.

    python benchmarks/bench_ff_tcg.py [--seconds S] [--repeats R] [--json]
    python benchmarks/bench_ff_tcg.py --profile

Measures, interleaved R times, each for about S seconds on one core:

- ``tcgkit checked``: ``g.new_state(seed, starter decks)``, then ``legal_actions()`` + a
  random choice + ``apply()`` (checked) until the game is over: every draw, play, hidden
  card turned, attack, assignment, effect window and luck reveal;
- ``tcgkit unchecked``: the same loop with ``apply_unchecked()``;
- ``rlcard uno (game)``: RLCard's UNO game object, ``init_game`` then random legal actions
  through ``step`` until ``is_over``: the engine alone;
- ``rlcard uno (env.run)``: the same through RLCard's environment with its random agents,
  which also builds each player's observation every step (the figure RLCard users see).

Reports the median games/s and decisions/s and the ratios. Goal (issue 4): at least 200
games per second on one core. ``--profile`` prints where the time of the checked loop goes.
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
from tcgkit.games.ff_tcg import starter_decks
from tcgkit.kernel.rng import Rng

Loop = Callable[[int], int]


def tcgkit_loop(checked: bool) -> Loop:
    game = load_game("ff-tcg")
    decks = [deck for _, deck in starter_decks()]
    rng = Rng(11)
    count = [0]

    def play(n: int) -> int:
        decisions = 0
        below = rng.below
        for _ in range(n):
            seed = count[0]
            count[0] += 1
            state = game.new_state(seed, decks if seed % 2 else decks[::-1])
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


def rlcard_env_loop() -> Loop | None:
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


def measure(loop: Loop, seconds: float) -> tuple[float, float]:
    games = decisions = 0
    batch = 1
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        decisions += loop(batch)
        games += batch
        batch = min(batch * 2, 16)
    elapsed = time.perf_counter() - start
    return games / elapsed, decisions / elapsed


def profile(seconds: float) -> None:
    loop = tcgkit_loop(True)
    profiler = cProfile.Profile()
    profiler.enable()
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        loop(4)
    profiler.disable()
    pstats.Stats(profiler).sort_stats("tottime").print_stats(25)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    if args.profile:
        profile(max(args.seconds, 3.0))
        return

    loops: dict[str, Loop] = {
        "tcgkit checked": tcgkit_loop(True),
        "tcgkit unchecked": tcgkit_loop(False),
    }
    for name, make in (("rlcard uno (game)", rlcard_game_loop), ("rlcard uno (env.run)", rlcard_env_loop)):
        peer = make()
        if peer is not None:
            loops[name] = peer
    runs: dict[str, list[tuple[float, float]]] = {name: [] for name in loops}
    for _ in range(args.repeats):
        for name, loop in loops.items():
            runs[name].append(measure(loop, args.seconds))
    medians = {
        name: (statistics.median(g for g, _ in r), statistics.median(d for _, d in r))
        for name, r in runs.items()
    }
    if args.json:
        print(json.dumps({"repeats": args.repeats, "medians": {
            name: {"games_per_s": g, "decisions_per_s": d} for name, (g, d) in medians.items()
        }, "runs": runs}, indent=1))
        return
    base = medians["tcgkit checked"][0]
    print(f"Final Fantasy TCG, starter decks, median of {args.repeats} runs of {args.seconds:g} s")
    print(f"{'loop':24} {'games/s':>10} {'decisions/s':>12} {'tcgkit checked / this':>22}")
    for name, (g, d) in medians.items():
        print(f"{name:24} {g:10,.1f} {d:12,.0f} {base / g:22.2f}")
    if len(loops) == 2:
        print("(rlcard is not installed: pip install -e '.[bench]' to compare)")


if __name__ == "__main__":
    main()
