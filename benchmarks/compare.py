"""The same seeded work in two checkouts: CPU time (or instructions) per game and per search
iteration, here against a reference tree, in one run.

    python benchmarks/compare.py REF_TREE [NEW_TREE] [--only tt,ff] [--repeats R] [--scale X]
    python benchmarks/compare.py REF_TREE [NEW_TREE] --callgrind [--only ff] [--scale X]

A tree is a checkout of tcgkit (its ``src/`` goes first on ``PYTHONPATH``); ``NEW_TREE``
defaults to this one. Make a reference with ``git worktree add --detach /tmp/ref COMMIT``.
The workloads, each a fresh process per tree and run, alternating (ref, new, ref, new ...)
``R`` times (default 7) so that a noisy neighbour slows both alike:

- ``tt``: random Triple Triad games (Same, Plus, Combo, Same Wall, Elemental; trade none),
  ``new_state(seed)`` on the clock;
- ``fnf``: random Forge & Fury games in the default mode, ``new_state(seed)``;
- ``ff``: random Final Fantasy TCG games with the two starter decks (seats swapped on odd
  seeds), ``new_state(seed, decks)``;
- ``ca2`` / ``ca4``: random Conflictus games of 2 and 4 players, the preconstructed mons
  rotated by the seed;
- ``mcts-hidden`` / ``mcts-open``: ``ISMCTSAgent`` searches from a Triple Triad opening
  (the TT options above; hands hidden, or Open), per iteration.

Games are seeds ``0..N-1``, each decision drawn by a per-game ``Rng(seed)``, checked
``apply``; a game or search of the workload is run first, off the clock. The report gives each
tree's median CPU time (``time.process_time``) per unit and the ratio new / ref, and whether
both trees did the same work: each run prints a digest of every game's actions (of the
chosen moves, for a search); when they differ the ratio is an estimate. ``--callgrind`` runs
each tree once under ``valgrind --tool=callgrind`` and compares instructions per unit (steady
whatever the load; slow: lower ``--scale``); a run of no work is subtracted.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent
TT_OPTIONS = {"same": True, "plus": True, "combo": True, "same_wall": True, "elemental": True,
              "trade": "none", "sudden_death": False}
# workload -> (units at --scale 1, what a unit is)
WORKLOADS = {"tt": (4000, "game"), "fnf": (400, "game"), "ff": (200, "game"), "ca2": (60, "game"),
             "ca4": (30, "game"), "mcts-hidden": (4000, "iteration"), "mcts-open": (4000, "iteration")}
SEARCH = 500  # iterations per MCTS search


def games(name: str) -> tuple[Any, Callable[[int], Any]]:
    """The game and its decks per seed (``None``: dealt by the seed)."""
    from tcgkit import load_game

    if name == "tt":
        return load_game("triple-triad", TT_OPTIONS), lambda seed: None
    if name == "fnf":
        return load_game("forge-fury"), lambda seed: None
    if name == "ff":
        from tcgkit.games.ff_tcg import starter_decks

        decks = [deck for _, deck in starter_decks()]
        return load_game("ff-tcg"), lambda seed: decks if seed % 2 else decks[::-1]
    from tcgkit.games.conflictus import starter_decks as mons_of

    players = int(name[-1])
    mons = [deck for _, deck in mons_of()]
    return (load_game("conflictus", players=players),
            lambda seed: [mons[(seed + p) % len(mons)] for p in range(players)])


def play_games(name: str, count: int, digest: Any) -> tuple[int, float]:
    """Plays seeds ``0..count-1``; the number of decisions."""
    from tcgkit.kernel.rng import Rng

    game, decks_for = games(name)

    def one(seed: int, digest: Any) -> int:
        decks = decks_for(seed)
        state = game.new_state(seed) if decks is None else game.new_state(seed, decks)
        below, legal, decisions, apply = Rng(seed).below, state.legal_actions, state.decisions, state.apply
        done = 0
        while decisions:
            actions = legal()
            action = actions[below(len(actions))]
            if digest is not None:
                digest.update(str(action).encode())
            apply(action, decisions[-1].player)
            done += 1
        return done

    one(10_000, None)  # off the clock: the card tables load
    start = time.process_time()
    decisions = sum(one(seed, None) for seed in range(count))
    cpu = time.process_time() - start
    if digest is not None:  # off the clock: what was played
        for seed in range(count):
            one(seed, digest)
    return decisions, cpu


def search(name: str, iterations: int, digest: Any) -> tuple[int, float]:
    """ISMCTS searches of ``SEARCH`` iterations from a Triple Triad opening, seeded 1, 2, ..."""
    from tcgkit import load_game
    from tcgkit.agents.mcts import ISMCTSAgent
    from tcgkit.kernel.rng import Rng

    game = load_game("triple-triad", {**TT_OPTIONS, "open": name == "mcts-open"})
    state = game.new_state(1)
    view, legal = state.view(state.to_move), state.legal_actions()
    agent = ISMCTSAgent(game, iterations=SEARCH)
    agent.act(view, legal, Rng(0))  # off the clock
    searches = max(1, iterations // SEARCH) if iterations else 0
    start = time.process_time()
    chosen = [agent.act(view, legal, Rng(k)) for k in range(1, searches + 1)]
    cpu = time.process_time() - start
    if digest is not None:
        for action in chosen:
            digest.update(str(action).encode())
    return searches * SEARCH, cpu


def work(name: str, units: int, with_digest: bool) -> dict[str, Any]:
    """One workload with whatever tcgkit is importable."""
    digest = hashlib.sha256() if with_digest else None
    if name.startswith("mcts"):
        done, cpu = search(name, units, digest)
        out: dict[str, Any] = {"units": done, "cpu": cpu}
    else:
        decisions, cpu = play_games(name, units, digest)
        out = {"units": units, "decisions": decisions, "cpu": cpu}
    if digest is not None:
        out["digest"] = digest.hexdigest()[:16]
    return out


def run(tree: Path, name: str, units: int, callgrind: bool = False) -> dict[str, Any]:
    """One fresh process on ``tree``; under callgrind, the instructions of the work alone
    (a second run of none gives the start-up's, subtracted)."""
    env = dict(os.environ, PYTHONPATH=str(tree / "src"))
    command = [sys.executable, __file__, "--worker", name, "--units", str(units)]
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"{name} in {tree} failed:\n{done.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(done.stdout)
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


def compare(trees: dict[str, Path], name: str, units: int, repeats: int, callgrind: bool) -> dict[str, Any]:
    runs: dict[str, list[dict[str, Any]]] = {tree: [] for tree in trees}
    for _ in range(1 if callgrind else repeats):
        for label, tree in trees.items():
            runs[label].append(run(tree, name, units, callgrind))
    unit = WORKLOADS[name][1]
    per: dict[str, float] = {}
    lines = []
    for label in trees:
        first = runs[label][0]
        if callgrind:
            per[label] = first["instructions"] / first["units"]
            lines.append(f"  {label:4} {per[label]:12,.0f} instructions/{unit}")
            continue
        cpus = [r["cpu"] / r["units"] * 1e6 for r in runs[label]]
        per[label] = statistics.median(cpus)
        spread = ", ".join(f"{c:.1f}" for c in cpus)
        lines.append(f"  {label:4} {per[label]:10.2f} us/{unit}  ({spread})")
    same = runs["ref"][0]["digest"] == runs["new"][0]["digest"]
    ratio = per["new"] / per["ref"]
    print(f"{name}: {runs['new'][0]['units']:,} {unit}s, new / ref {ratio:.3f}x; "
          + ("the same work (digests match)" if same else "DIFFERENT work: an estimate only"))
    print("\n".join(lines), flush=True)
    return {"workload": name, "unit": unit, "ref": per["ref"], "new": per["new"], "ratio": ratio,
            "same": same, "runs": {label: [r["cpu"] for r in rs] for label, rs in runs.items()}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ref", type=Path, nargs="?")
    parser.add_argument("new", type=Path, nargs="?", default=HERE)
    parser.add_argument("--only", default=",".join(WORKLOADS), help="workloads, comma-separated")
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--scale", type=float, default=1.0, help="times the default units of work")
    parser.add_argument("--callgrind", action="store_true")
    parser.add_argument("--json", action="store_true", help="also print the results as JSON")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--units", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--no-digest", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(work(args.worker, args.units, not args.no_digest)))
        return
    if args.ref is None:
        parser.error("give the reference checkout")
    names = [n.strip() for n in args.only.split(",") if n.strip()]
    unknown = [n for n in names if n not in WORKLOADS]
    if unknown:
        parser.error(f"unknown workload {', '.join(unknown)}; they are {', '.join(WORKLOADS)}")
    trees = {"ref": args.ref.resolve(), "new": args.new.resolve()}
    for label, tree in trees.items():
        if not (tree / "src" / "tcgkit").is_dir():
            parser.error(f"{label} {tree}: no src/tcgkit there")
    print(f"ref {trees['ref']}\nnew {trees['new']}\n"
          + ("callgrind, one run each" if args.callgrind else f"medians of {args.repeats} interleaved runs"))
    results = [compare(trees, name, max(1, round(WORKLOADS[name][0] * args.scale)), args.repeats,
                       args.callgrind) for name in names]
    if args.json:
        print(json.dumps(results))


if __name__ == "__main__":
    main()
