"""CPU cost per decision of the same seeded Final Fantasy TCG random games in two checkouts.

    python benchmarks/compare_ff_tcg.py REF_TREE [NEW_TREE] [--games N] [--repeats R]
    python benchmarks/compare_ff_tcg.py REF_TREE [NEW_TREE] --callgrind [--games N]

A tree is a checkout of tcgkit (its ``src/`` goes first on ``PYTHONPATH``); ``NEW_TREE``
defaults to this one. Make a reference with ``git worktree add --detach /tmp/ref 49a6d5f``.
Each run is a fresh process that plays seeds ``0..N-1`` (default 200) with the two starter
decks (seats swapped on odd seeds), checked ``apply``, each decision drawn by a per-game
``Rng(seed)``; two games are played first, off the clock, to load the card tables. The runs
alternate (ref, new, ref, new ...) ``R`` times (default 7) so that a noisy neighbour slows
both alike; the report gives each tree's median CPU time (``time.process_time``) per decision
and the ratio new / ref. ``--callgrind`` instead runs each tree once under
``valgrind --tool=callgrind`` and compares instructions per decision (steady whatever the
load; slow: use ``--games 40``; a run of no games measures the start-up, subtracted).

Whether both trees played the same games is checked: each run prints a digest of every
game's action sequence; when they differ (other rules, other instance ids) the report says
so, and per-decision costs are then only an estimate.
"""

from __future__ import annotations

import argparse
import hashlib
import inspect
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent


def play(first: int, games: int, digest_too: bool = True) -> dict[str, Any]:
    """Play the games with whatever tcgkit is importable; returns decisions, CPU, digest."""
    from tcgkit import load_game
    from tcgkit.games.ff_tcg import starter_decks
    from tcgkit.kernel.rng import Rng

    game = load_game("ff-tcg")
    decks = [deck for _, deck in starter_decks()]
    state0 = game.new_state(0, decks)
    takes_player = len(inspect.signature(state0.apply).parameters) == 2  # kernel v2: apply(action, player)

    def one(seed: int, digest: Any) -> int:
        state = game.new_state(seed, decks if seed % 2 else decks[::-1])
        below, legal, decisions = Rng(seed).below, state.legal_actions, state.decisions
        apply: Any = state.apply  # apply(action, player), or apply(action) before kernel v2
        count = 0
        while decisions:
            actions = legal()
            action = actions[below(len(actions))]
            if digest is not None:
                digest.update(str(action).encode())
            if takes_player:
                apply(action, decisions[-1].player)
            else:
                apply(action)
            count += 1
        return count

    for seed in range(2):
        one(10_000 + seed, None)
    start = time.process_time()
    decisions = sum(one(seed, None) for seed in range(first, first + games))
    cpu = time.process_time() - start
    if not digest_too:
        return {"decisions": decisions, "cpu": cpu}
    digest = hashlib.sha256()
    for seed in range(first, first + games):  # off the clock: what was played
        one(seed, digest)
    return {"decisions": decisions, "cpu": cpu, "digest": digest.hexdigest()[:16]}


def run(tree: Path, games: int, callgrind: bool = False) -> dict[str, Any]:
    """One fresh process on ``tree``; under callgrind, the instructions of the games alone
    (a second run of no games gives the start-up's, subtracted)."""
    env = dict(os.environ, PYTHONPATH=str(tree / "src"))
    command = [sys.executable, __file__, "--worker", "--games", str(games)]
    result: dict[str, Any] = json.loads(
        subprocess.run(command, env=env, capture_output=True, text=True, check=True).stdout)
    if callgrind:
        result["instructions"] = instructions(command + ["--no-digest"], env) - \
            instructions(command[:-1] + ["0", "--no-digest"], env)
    return result


def instructions(command: list[str], env: dict[str, str]) -> int:
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "callgrind.out"
        out = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={log}", *command],
                             env=env, capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", out.stderr)
    if found is None:
        raise RuntimeError(f"callgrind printed no total:\n{out.stderr[-2000:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ref", type=Path, nargs="?")
    parser.add_argument("new", type=Path, nargs="?", default=HERE)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--callgrind", action="store_true")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--no-digest", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(play(0, args.games, not args.no_digest)))
        return
    if args.ref is None:
        parser.error("give the reference checkout")
    trees = {"ref": args.ref.resolve(), "new": args.new.resolve()}
    for name, tree in trees.items():
        if not (tree / "src" / "tcgkit").is_dir():
            parser.error(f"{name} {tree}: no src/tcgkit there")
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name in trees}
    for _ in range(1 if args.callgrind else args.repeats):
        for name, tree in trees.items():
            runs[name].append(run(tree, args.games, args.callgrind))
    first = {name: r[0] for name, r in runs.items()}
    same = first["ref"]["digest"] == first["new"]["digest"]
    print(f"Final Fantasy TCG, seeds 0..{args.games - 1}, checked apply, "
          f"{'callgrind' if args.callgrind else f'median of {args.repeats} interleaved runs'}")
    per: dict[str, float] = {}
    for name, tree in trees.items():
        decisions = first[name]["decisions"]
        if args.callgrind:
            per[name] = first[name]["instructions"] / decisions
            print(f"{name:4} {str(tree):40} {decisions:8,} decisions {per[name]:9,.0f} instructions/decision")
            continue
        cpus = [r["cpu"] for r in runs[name]]
        per[name] = statistics.median(cpus) / decisions * 1e6
        spread = ", ".join(f"{c / decisions * 1e6:.2f}" for c in cpus)
        print(f"{name:4} {str(tree):40} {decisions:8,} decisions {per[name]:8.2f} us/decision  ({spread})")
    print(f"new / ref: {per['new'] / per['ref']:.3f}x per decision; "
          + ("the same games (digests match)" if same else "DIFFERENT games: an estimate only"))


if __name__ == "__main__":
    main()
