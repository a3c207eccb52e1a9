"""Random full games per second: Triple Triad through tcgkit's public API beside OpenSpiel.

    python benchmarks/bench_triple_triad.py [--seconds S] [--repeats R] [--json] [--profile]

Measures, interleaved R times, each for about S seconds on one core:

- ``tcgkit checked``: Triple Triad with Same, Plus, Combo, Same Wall and Elemental on,
  trade none, no Sudden Death. Each game starts from dealt hands (decks drawn before the
  clock starts): ``g.new_state(seed, decks)``, then ``legal_actions()`` + a random choice
  + ``apply()`` (checked) until the game is over;
- ``tcgkit unchecked``: the same loop with ``apply_unchecked()``;
- ``tcgkit checked, new_state(seed)``: the checked loop with the hands dealt on the clock,
  ``g.new_state(seed)``, which is what a simulation pays for each game;
- ``openspiel tic_tac_toe`` (C++) and ``openspiel python_tic_tac_toe`` (pure Python):
  ``state = game.new_initial_state()``, then ``apply_action(choice(legal_actions()))``
  until terminal.

Every loop draws its choices from the same kind of generator (tcgkit's ``Rng``, or with
``--python-random`` Python's C-coded ``random.Random``), so the ratios compare the games,
not the random number generators. Reports the median games/s
and decisions/s and the ratios tcgkit/peer; ``--profile`` prints the top cProfile entries
of the checked tcgkit loop instead.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import platform
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from tcgkit import __version__, load_game
from tcgkit.kernel.rng import Rng, derive_seed

TT_OPTIONS = {
    "same": True, "plus": True, "combo": True, "same_wall": True, "elemental": True,
    "trade": "none", "sudden_death": False,
}
DECK_POOL = 1000
BATCH = 50  # games between clock reads

Loop = Callable[[int], int]
"""Plays ``n`` games, returns the number of decisions taken."""
Chooser = Callable[[Any], Any]

CHOOSERS = {
    "tcgkit": lambda seed: Rng(seed).choice,  # the engine's generator, as agents use it
    "python": lambda seed: random.Random(seed).choice,  # C-coded: the cheapest choice
}


def tcgkit_loop(checked: bool, seed: int = 1, chooser: str = "tcgkit", dealt: bool = False) -> Loop:
    """``dealt``: ``new_state(seed)`` deals the hands on the clock (else from a pool dealt before)."""
    game = load_game("triple-triad", TT_OPTIONS)
    decks = [None if dealt else game.sample_decks(Rng(derive_seed(seed, i))) for i in range(DECK_POOL)]
    choice = CHOOSERS[chooser](derive_seed(seed, 10**9))
    counter = [0]

    def play(n: int) -> int:
        decisions = 0
        start = counter[0]
        counter[0] += n
        for i in range(start, start + n):
            state = game.new_state(i, decks[i % DECK_POOL])
            legal_actions = state.legal_actions
            if checked:
                apply = state.apply
                while not state.is_terminal:
                    apply(choice(legal_actions()), state.decisions[-1].player)
                    decisions += 1
                continue
            apply_unchecked = state.apply_unchecked
            while not state.is_terminal:
                apply_unchecked(choice(legal_actions()))
                decisions += 1
        return decisions

    return play


def openspiel_loop(name: str, seed: int = 1, chooser: str = "tcgkit") -> Loop:
    import pyspiel

    if name.startswith("python_"):
        import open_spiel.python.games  # noqa: F401  (registers the Python games)
    game = pyspiel.load_game(name)
    choice = CHOOSERS[chooser](derive_seed(seed, 10**9))

    def play(n: int) -> int:
        decisions = 0
        for _ in range(n):
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(choice(state.legal_actions()))
                decisions += 1
        return decisions

    return play


def loops(chooser: str = "tcgkit") -> tuple[dict[str, Loop], str | None]:
    out: dict[str, Loop] = {
        "tcgkit checked": tcgkit_loop(checked=True, chooser=chooser),
        "tcgkit unchecked": tcgkit_loop(checked=False, chooser=chooser),
        "tcgkit checked, new_state(seed)": tcgkit_loop(checked=True, chooser=chooser, dealt=True),
    }
    try:
        out["openspiel tic_tac_toe (C++)"] = openspiel_loop("tic_tac_toe", chooser=chooser)
        out["openspiel python_tic_tac_toe"] = openspiel_loop("python_tic_tac_toe", chooser=chooser)
    except ImportError as exc:
        return out, f"OpenSpiel is not importable ({exc}); measuring tcgkit only"
    return out, None


def measure(play: Loop, seconds: float) -> tuple[float, float]:
    """(games/s, decisions/s) over about ``seconds`` of whole batches."""
    games = decisions = 0
    clock = time.perf_counter
    start = clock()
    while True:
        decisions += play(BATCH)
        games += BATCH
        elapsed = clock() - start
        if elapsed >= seconds:
            return games / elapsed, decisions / elapsed


def run(seconds: float, repeats: int, chooser: str = "tcgkit") -> dict[str, Any]:
    named, note = loops(chooser)
    for play in named.values():  # warm up: imports, caches, first allocations
        play(BATCH)
    samples: dict[str, list[tuple[float, float]]] = {name: [] for name in named}
    for _ in range(repeats):
        for name, play in named.items():  # interleaved, so drift hits every loop alike
            samples[name].append(measure(play, seconds))
    results = {
        name: {
            "games_per_s": statistics.median(g for g, _ in runs),
            "decisions_per_s": statistics.median(d for _, d in runs),
            "games_per_s_runs": [round(g, 1) for g, _ in runs],
        }
        for name, runs in samples.items()
    }
    ratios = {}
    for mine in ("tcgkit checked", "tcgkit unchecked", "tcgkit checked, new_state(seed)"):
        for peer in named:
            if peer.startswith("openspiel"):
                ratios[f"{mine} / {peer}"] = {
                    "games": results[mine]["games_per_s"] / results[peer]["games_per_s"],
                    "decisions": results[mine]["decisions_per_s"]
                    / results[peer]["decisions_per_s"],
                }
    return {
        "tcgkit": __version__,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "seconds": seconds,
        "repeats": repeats,
        "chooser": chooser,
        "triple_triad_options": TT_OPTIONS,
        "note": note,
        "results": results,
        "ratios": ratios,
    }


def print_table(report: dict[str, Any]) -> None:
    print(
        f"tcgkit {report['tcgkit']}, Python {report['python']}, "
        f"median of {report['repeats']} x {report['seconds']:g} s, one core, "
        f"random choices by {report['chooser']}"
    )
    if report["note"]:
        print(f"note: {report['note']}")
    print(f"{'loop':32} {'games/s':>12} {'decisions/s':>13}   runs (games/s)")
    for name, r in report["results"].items():
        runs = ", ".join(f"{g:.0f}" for g in r["games_per_s_runs"])
        print(f"{name:32} {r['games_per_s']:12,.0f} {r['decisions_per_s']:13,.0f}   {runs}")
    if report["ratios"]:
        print()
        print(f"{'ratio':70} {'games':>7} {'decisions':>10}")
        for name, r in report["ratios"].items():
            print(f"{name:70} {r['games']:7.2f} {r['decisions']:10.2f}")


def profile(seconds: float, top: int = 25) -> None:
    play = tcgkit_loop(checked=True)
    play(BATCH)
    profiler = cProfile.Profile()
    clock = time.perf_counter
    games, start = 0, clock()
    profiler.enable()
    while clock() - start < seconds:
        play(BATCH)
        games += BATCH
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("tottime").print_stats(top)
    print(f"cProfile of the checked tcgkit loop, {games} games (times inflated by profiling)")
    print(out.getvalue())
    by_file: dict[str, float] = {}
    for (filename, _, _), (_, _, own, _, _) in stats.stats.items():  # type: ignore[attr-defined]
        key = "(built-ins)" if filename == "~" else "/".join(filename.split("/")[-3:])
        by_file[key] = by_file.get(key, 0.0) + own
    total = sum(by_file.values()) or 1.0
    print("own time by file")
    for name, own in sorted(by_file.items(), key=lambda kv: -kv[1])[:10]:
        print(f"  {100 * own / total:5.1f}%  {name}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per measurement")
    parser.add_argument("--repeats", type=int, default=5, help="interleaved repeats (median)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--profile", action="store_true", help="cProfile the tcgkit loop")
    parser.add_argument(
        "--python-random", action="store_true",
        help="choose with Python's random.Random instead of tcgkit's Rng (every loop)",
    )
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.repeats < 1:
        parser.error("--seconds must be positive and --repeats at least 1")
    if args.profile:
        profile(max(args.seconds, 2.0))
        return 0
    report = run(args.seconds, args.repeats, "python" if args.python_random else "tcgkit")
    if args.json:
        json.dump(report, sys.stdout, indent=1)
        print()
    else:
        print_table(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
