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
import json

from harness import Loop, interleaved, medians, profile, random_games, rlcard_uno_env, rlcard_uno_game
from tcgkit import load_game
from tcgkit.games.ff_tcg import starter_decks


def tcgkit_loop(checked: bool) -> Loop:
    """The two starter decks, seated the other way round every other game."""
    decks = [deck for _, deck in starter_decks()]
    return random_games(load_game("ff-tcg"), lambda seed: decks if seed % 2 else decks[::-1], checked)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    if args.profile:
        profile(tcgkit_loop(True), max(args.seconds, 3.0), batch=4)
        return

    loops: dict[str, Loop] = {
        "tcgkit checked": tcgkit_loop(True),
        "tcgkit unchecked": tcgkit_loop(False),
    }
    for name, make in (("rlcard uno (game)", rlcard_uno_game), ("rlcard uno (env.run)", rlcard_uno_env)):
        peer = make()
        if peer is not None:
            loops[name] = peer
    runs = interleaved(loops, args.seconds, args.repeats, max_batch=16)
    median = medians(runs)
    if args.json:
        print(json.dumps({"repeats": args.repeats, "medians": {
            name: m._asdict() for name, m in median.items()}, "runs": runs}, indent=1))
        return
    base = median["tcgkit checked"].games_per_s
    print(f"Final Fantasy TCG, starter decks, median of {args.repeats} runs of {args.seconds:g} s")
    print(f"{'loop':24} {'games/s':>10} {'decisions/s':>12} {'tcgkit checked / this':>22}")
    for name, m in median.items():
        print(f"{name:24} {m.games_per_s:10,.1f} {m.decisions_per_s:12,.0f} {base / m.games_per_s:22.2f}")
    if len(loops) == 2:
        print("(rlcard is not installed: pip install -e '.[bench]' to compare)")


if __name__ == "__main__":
    main()
