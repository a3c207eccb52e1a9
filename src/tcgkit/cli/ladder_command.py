"""``tcgkit ladder``: every AI level of a game against the others, rated on one scale.

Registered by the app. Bad input prints one line on stderr and exits 2; an agent that breaks
the rules exits 1.
"""

from __future__ import annotations

import json
import resource
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from ..agents import agent_names
from ..kernel.errors import TcgkitError
from ..kernel.registry import find_game, load_game
from ..server.levels import LEVELS, strength_order
from ..sim.backends import BackendError, make_backend
from ..sim.balance.targets import parse_range
from ..sim.ladder import Ladder, run_ladder, target_for
from ..terminal.errors import RUNTIME, fail, run_errors
from ..terminal.files import not_replacing, write_json_atomic
from ..terminal.game_support import rules_of, with_mode
from .sim_command import progress_bar, render_tournament, rules_named

LADDER_HELP = """
Play every AI level of GAME (random, greedy, easy, normal, hard and the game's own: Forge &
Fury's mixed, Triple Triad's perfect) against every other, --games seeded games a pair with
seats alternating, and print the pairwise table, each level's rating on the Elo scale
(random = 1000) with its 95% interval, and each level's score against the level below it,
read against the game's target (65-80%, or 55-65% where the levels span too little for
that: every game but Final Fantasy TCG, docs/sim.md says why; --target 60..75 for another).
The ladder is also written as JSON (--out, by default ladder-GAME.json; docs/sim.md shows the
measured ladders, kept in server/ladders/ for the lobby). The default number of games keeps a
game's ladder under 15 minutes on two cores; --backend ray spreads it.
"""

DEFAULT_GAMES = {"triple-triad": 200, "forge-fury": 1000, "ff-tcg": 20, "conflictus": 40,
                 "monster-collection": 45}
"""Games a pair by default: what two cores play in under 15 minutes (1,800 s of processor
time). A ladder's cost is mostly its strongest search. One game a pair of every pair took 4.8 s
of processor time in Triple Triad (the ladder of 60 games a pair in docs/sim.md: 286 s; perfect
searches as hard does until its endgame); in Conflictus 37 s (40 a pair: 1,490 s); in Monster
Collection 33 s (45 a pair: 1,463 s; the lobby's ladder has 100 a pair, 3,134 s, docs/sim.md
says why); in Final Fantasy TCG 82 s (20 a pair: 1,631 s, most of it
``hard``'s games); in Forge & Fury 1.2 s since its levels read the round instead of searching
(300 a pair: 372 s)."""


def ladder_levels(game_name: str, asked: str | None) -> list[str]:
    """The levels to play, weakest first: those asked for, or every level the game has."""
    known = agent_names(game_name)
    if asked is None:
        return strength_order([level for level in LEVELS if level in known])
    names = [a.strip().lower() for a in asked.split(",") if a.strip()]
    unknown = [a for a in names if a not in known and not a.startswith("policy:")]
    if unknown:
        raise typer.BadParameter(f"no agent named {unknown[0]!r} for {game_name}; known agents: "
                                 f"{', '.join(known)}", param_hint="--levels")
    return names


def ladder(
    game: Annotated[str, typer.Argument(help="game name or alias")],
    games: Annotated[int | None, typer.Option(
        "--games", "-n", help="games a pair (default: the game's, under 15 minutes on two cores)")] = None,
    levels: Annotated[str | None, typer.Option(
        "--levels", help="the levels, weakest first, comma-separated (default: every level the "
        "game has; a trained policy is policy:FILE)")] = None,
    seed: Annotated[int, typer.Option("--seed", help="the ladder's seed")] = 0,
    target: Annotated[str | None, typer.Option(
        "--target", help="each level's score against the one below, LOW..HIGH in percent "
        "(default: the game's, 65..80 or 55..65)")] = None,
    rules: Annotated[str | None, typer.Option("--rules", help="the game's rules, as for sim")] = None,
    mode: Annotated[str | None, typer.Option("--mode", help="the game's mode, as for sim")] = None,
    workers: Annotated[int | None, typer.Option("--workers", "-w", help="default: every core")] = None,
    backend: Annotated[str, typer.Option("--backend", help="local or ray")] = "local",
    address: Annotated[str | None, typer.Option("--address", help="a Ray cluster")] = None,
    out: Annotated[Path | None, typer.Option(
        "--out", help="the JSON file to write (default: ladder-GAME.json here)")] = None,
    force: Annotated[bool, typer.Option("--force", help="replace the --out file if it exists")] = False,
    json_out: Annotated[bool, typer.Option("--json", help="print the ladder as JSON too")] = False,
) -> None:
    try:
        entry = find_game(game)
        pool = make_backend(backend.strip().lower(), workers, address)
        options = with_mode(entry.cls, rules_of(entry.cls, rules), mode)
        load_game(entry.name, options)  # bad options fail here, before any game
        names = ladder_levels(entry.name, levels)
        aim = target_for(entry.name) if target is None else parse_range(target, "--target")
    except typer.BadParameter as exc:
        raise fail(str(exc)) from None
    except (TcgkitError, BackendError) as exc:
        raise fail(str(exc)) from None
    count = DEFAULT_GAMES.get(entry.name, 20) if games is None else games
    if count < 1:
        raise fail(f"--games must be at least 1, got {count}")
    if len(names) < 2:
        raise fail("a ladder needs at least two levels")
    path = out if out is not None else Path(f"ladder-{entry.name}.json")
    refused = not_replacing(path, force, "--out")
    if refused:
        raise fail(refused)
    if not path.parent.is_dir():
        raise fail(f"--out {path}: no directory {path.parent}")
    meta = {"game": entry.name, "rules": rules_named(rules, options), "mode": options.get("mode"),
            "options": options, "seed": seed, "workers": pool.workers, "levels": names}
    progress = progress_bar(Console(stderr=True))
    pairs = len(names) * (len(names) - 1) // 2
    task = progress.add_task(f"{entry.name} ladder", total=count * pairs)
    start, cpu_start = time.perf_counter(), cpu_seconds()
    with run_errors("interrupted: a ladder is written when it is complete"), progress:
        result = run_ladder(entry.name, options, names, count, seed, pool.workers, pool,
                            lambda _: progress.advance(task), meta, aim)
    result.meta["seconds"] = round(time.perf_counter() - start, 1)
    if pool.name == "local":  # Ray's workers are not this process's children
        result.meta["cpu_seconds"] = round(cpu_seconds() - cpu_start, 1)
    try:
        write_json_atomic(path, result.to_json())
    except OSError as exc:
        raise fail(f"cannot write {path}: {exc.strerror or exc}", RUNTIME) from None
    if json_out:
        typer.echo(json.dumps(result.to_json()))
        return
    console = Console()
    render_ladder(result, console)
    cpu = result.meta.get("cpu_seconds")
    console.print(f"written to {path}; {result.meta['seconds']:.0f} s" +
                  ("" if cpu is None else f", {cpu:.0f} s of processor time"))


def cpu_seconds() -> float:
    """Processor time of this process and of its finished children (a local pool's workers,
    which the pool waits for): on a busy machine the measure of a ladder's cost that wall
    time is not."""
    usage = [resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]
    return sum(u.ru_utime + u.ru_stime for u in usage)


def render_ladder(result: Ladder, console: Console) -> None:
    """The pairwise table, the ratings with their intervals and the steps against the target."""
    render_tournament(result.tournament, console, ratings=False)
    ratings = Table(title=f"ratings (Elo scale, {result.meta['anchor']} = 1000)", title_justify="left")
    for head in ("level", "rating", "95% CI", "games", "score"):
        ratings.add_column(head, justify="left" if head == "level" else "right")
    for r in result.ratings:
        interval = "anchor" if r.low == r.high else f"[{r.low:.0f}, {r.high:.0f}]"
        score = "-" if r.score is None else f"{100 * r.score:.1f}%"
        ratings.add_row(r.agent, f"{r.rating:.0f}", interval, str(r.games), score)
    console.print(ratings)
    low, high = result.target
    steps = Table(title=f"each level against the one below (target {100 * low:.0f}-{100 * high:.0f}%)",
                  title_justify="left")
    for head in ("level", "against", "score", "95% CI", "verdict"):
        steps.add_column(head, justify="right" if head in ("score", "95% CI") else "left")
    for s in result.steps:
        steps.add_row(s.upper, s.lower, f"{100 * s.score:.1f}%",
                      f"[{100 * s.ci[0]:.1f}, {100 * s.ci[1]:.1f}]", s.verdict)
    console.print(steps)
    console.print("score: wins plus half the draws, per game; ratings: Bradley-Terry, 95% intervals "
                  f"from the fit's information ({result.meta['anchor']} fixed)")

