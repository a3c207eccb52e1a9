"""Environment steps per second of the PettingZoo environment of every game, beside
PettingZoo's ``leduc_holdem_v4`` and RLCard's UNO environment in the same run, and what the
adapter costs over the raw decision loop.

    python benchmarks/bench_envs.py [--seconds S] [--repeats R] [--games tt,fnf,...] [--json]

Loops, each run for about S seconds (default 1), R times (default 5) interleaved, medians
reported (wall and CPU time; the machine may be shared):

- ``raw GAME``: ``new_state(seed)``, then ``legal_actions()`` + a random choice + ``apply()``
  to the end (``harness.random_games``): the decision cost a researcher cannot avoid;
- ``aec GAME``: the PettingZoo environment (``tcgkit.envs.aec_env``) played the way PettingZoo
  documents, ``for agent in env.agent_iter(): obs, ... = env.last()`` then a random legal
  token from ``obs["action_mask"]`` and ``env.step``: every step builds the player's view,
  its observation tensor and the mask;
- ``pettingzoo leduc_holdem_v4``: the same loop over PettingZoo's Leduc hold'em;
- ``rlcard uno env``: RLCard's UNO environment with its random agents (``harness``).

The adapter's cost is the ``aec`` loop's CPU time per decision (an action played, whatever
its tokens) over the ``raw`` loop's (goal: at most 2x). Games at their default options and
fewest players; ``--games`` takes names or aliases.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

import numpy as np

import harness
import tcgkit
from tcgkit.kernel.registry import find_game


def aec_loop(env: Any, seed0: int) -> harness.Loop:
    """Whole games of an AEC environment with random legal actions; counts env steps."""
    rng = np.random.default_rng(seed0)
    count = [seed0]

    def play(n: int) -> int:
        steps = 0
        for _ in range(n):
            env.reset(seed=count[0])
            count[0] += 1
            for _agent in env.agent_iter():
                obs, _, term, trunc, _ = env.last()
                if term or trunc:
                    env.step(None)
                    continue
                mask = obs["action_mask"]
                legal = np.flatnonzero(mask)
                env.step(int(legal[rng.integers(len(legal))]))
                steps += 1
        return steps

    return play


def decisions_per_game(name: str, games: int = 20) -> tuple[float, float]:
    """Decisions and env steps per game of the adapter (tokens per action, measured)."""
    env = tcgkit.envs.aec_env(name)
    table = env.table
    decisions = steps = 0
    rng = np.random.default_rng(3)
    for seed in range(games):
        env.reset(seed=seed)
        while not table.over:
            before = table.state.version
            legal = table.legal_tokens()
            table.step(legal[rng.integers(len(legal))])
            steps += 1
            decisions += table.state.version != before
    return decisions / games, steps / games


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--games", default="", help="names or aliases, comma-separated (default: every game)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    import tcgkit.envs  # noqa: F401 - the rl extra

    names = [find_game(g).name for g in args.games.split(",") if g.strip()] or \
        [entry.name for entry in tcgkit.list_games()]
    loops: dict[str, harness.Loop] = {}
    for name in names:
        loops[f"raw {name}"] = harness.random_games(tcgkit.load_game(name), lambda seed: None, checked=True)
        loops[f"aec {name}"] = aec_loop(tcgkit.envs.aec_env(name), 0)
    try:
        from pettingzoo.classic import leduc_holdem_v4

        loops["pettingzoo leduc_holdem_v4"] = aec_loop(leduc_holdem_v4.env(), 0)
    except ImportError as exc:
        print(f"(no leduc_holdem_v4: {exc})", file=sys.stderr)
    uno = harness.rlcard_uno_env()
    if uno is not None:
        loops["rlcard uno env"] = uno
    runs = harness.interleaved(loops, args.seconds, args.repeats, max_batch=64)
    rates = harness.medians(runs)
    report: dict[str, Any] = {"loops": {k: r._asdict() for k, r in rates.items()}, "adapter": {}}
    for name in names:
        per_decision, per_step = decisions_per_game(name)
        raw = rates[f"raw {name}"]
        aec = rates[f"aec {name}"]
        # the aec loop counts steps; a decision is steps_per_decision of them
        aec_decisions_per_cpu_s = aec.decisions_per_cpu_s * per_decision / per_step
        report["adapter"][name] = {
            "steps_per_decision": round(per_step / per_decision, 3),
            "raw_us_per_decision": round(1e6 / raw.decisions_per_cpu_s, 1),
            "aec_us_per_decision": round(1e6 / aec_decisions_per_cpu_s, 1),
            "cost_ratio": round(raw.decisions_per_cpu_s / aec_decisions_per_cpu_s, 2),
        }
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"{'loop':32} {'steps/s':>10} {'steps/cpu-s':>12} {'games/s':>9}   (medians of {args.repeats})")
    for name, r in rates.items():
        print(f"{name:32} {r.decisions_per_s:10.0f} {r.decisions_per_cpu_s:12.0f} {r.games_per_s:9.1f}")
    print("\nthe adapter over raw apply, CPU time per decision (goal: at most 2x)")
    for name, a in report["adapter"].items():
        print(f"{name:16} raw {a['raw_us_per_decision']:8.1f} us  aec {a['aec_us_per_decision']:8.1f} us  "
              f"x{a['cost_ratio']:.2f}  ({a['steps_per_decision']} env steps per decision)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
