"""Random full Monster Collection games per second (preconstructed decks), beside RLCard's UNO.

    python benchmarks/bench_monster_collection.py [--seconds S] [--repeats R] [--json]
    python benchmarks/bench_monster_collection.py --profile

Measures, interleaved R times, each for about S seconds on one core:

- ``monster collection``: ``g.new_state(seed, decks)`` with two of the three preconstructed decks
  (rotated by the seed), then ``legal_actions()`` + a random choice + ``apply()`` (checked) until
  the game is over: hand adjustments, placements and proxies, marches with every set of
  creatures listed, summons, equipment, battles with their dice;
- ``monster collection unchecked``: the same loop with ``apply_unchecked()``;
- ``rlcard uno (game)``: RLCard's UNO game object, random legal actions through ``step``.

Reports the median games/s and decisions/s, of wall time and of the process's CPU time, and each
loop's decisions per CPU second against UNO's. Goal (issue 23): 100 games per second on one core.
``--profile`` prints where the time of the checked loop goes.
"""

from __future__ import annotations

import argparse
import json

from harness import Loop, interleaved, medians, profile, random_games, rlcard_uno_game
from tcgkit import load_game
from tcgkit.games.monster_collection.game import starter_decks


def mc_loop(checked: bool = True) -> Loop:
    decks = [deck for _, deck in starter_decks()]
    return random_games(load_game("monster-collection"),
                        lambda seed: [decks[seed % len(decks)], decks[(seed + 1) % len(decks)]], checked)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    if args.profile:
        profile(mc_loop(), max(args.seconds, 3.0), batch=4)
        return
    loops: dict[str, Loop] = {"monster collection": mc_loop(), "monster collection unchecked": mc_loop(False)}
    peer = rlcard_uno_game()
    if peer is not None:
        loops["rlcard uno (game)"] = peer
    runs = interleaved(loops, args.seconds, args.repeats, max_batch=8)
    median = medians(runs)
    if args.json:
        print(json.dumps({"repeats": args.repeats, "medians": {
            name: m._asdict() for name, m in median.items()}, "runs": runs}, indent=1))
        return
    print(f"Monster Collection, preconstructed decks, median of {args.repeats} runs of {args.seconds:g} s")
    print(f"{'loop':30} {'games/s':>10} {'decisions/s':>12} {'games/cpu-s':>12} {'dec./cpu-s':>11}")
    for name, (g, d, gc, dc) in median.items():
        print(f"{name:30} {g:10,.1f} {d:12,.0f} {gc:12,.1f} {dc:11,.0f}")
    peer_name = "rlcard uno (game)"
    if peer_name in median:
        for name in loops:
            if name != peer_name:
                print(f"{name} / rlcard uno, decisions per CPU second: "
                      f"{median[name].decisions_per_cpu_s / median[peer_name].decisions_per_cpu_s:.2f}")
    if peer is None:
        print("(rlcard is not installed: pip install -e '.[bench]' to compare)")


if __name__ == "__main__":
    main()
