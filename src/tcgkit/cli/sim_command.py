"""``tcgkit sim``: play a batch of seeded games between agents and report who wins.

Registered by the app with ``app.command("sim")(sim)``. Bad input (unknown game or agent,
bad rules, fewer than one game) prints one line on stderr and exits 2.
"""

from __future__ import annotations

import json
import math
import os
import re
import time
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape  # help is Rich markup: '[ray]' would be a style tag
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from ..agents import agent_key, agent_names
from ..kernel.errors import TcgkitError
from ..kernel.game import Deck
from ..kernel.registry import find_game, load_game
from ..kernel.rng import Rng
from ..kernel.values import excerpt
from ..sim.backends import BackendError, make_backend
from ..sim.card_stats import CardTable
from ..sim.results import ResultWriter, iter_rows, journal_of, row_result
from ..sim.runner import GameResult, SimError, iter_results, prepare, run_games
from ..sim.sprt import Bounds, Sprt, SprtResult, prepare_pairs, run_sprt
from ..sim.stats import PlaceStats, Summary, entrant_names, summarize, write_csv
from ..sim.tournament import Tournament, round_robin
from ..terminal.deck_files import legal_deck
from ..terminal.errors import RUNTIME, CliError, fail, run_errors, usage_error
from ..terminal.files import not_replacing
from ..terminal.game_support import rules_of, with_mode

SPRT_MAX_GAMES = 20_000  # --sprt's default cap: a test that needs more is too close to call
MAX_KEPT = 1_000_000  # games a run without --out holds in memory for its summary
MAX_GAMES = 2**62  # game indices fit a signed 64-bit column with room to spare



class GamesPerSecond(ProgressColumn):
    """The bar's speed, in games per second (rich's own column shows it in bytes)."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        if speed is None:
            return Text("- games/s", style="progress.data.speed")
        return Text(f"{speed:.0f} games/s" if speed >= 10 else f"{speed:.2g} games/s",
                    style="progress.data.speed")


def progress_bar(console: Console) -> Progress:
    """Games done, games/s and the time left; drawn only on a terminal (not in logs)."""
    return Progress(
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), GamesPerSecond(),
        TimeRemainingColumn(), console=console, transient=True,
        disable=not console.is_terminal,  # no bar (nor a stray blank line) in logs and pipes
    )


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _ci(ci: tuple[float, float]) -> str:
    return f"[{100 * ci[0]:.1f}, {100 * ci[1]:.1f}]"


def rules_named(rules: str | None, options: dict[str, Any]) -> str | None:
    """``--rules`` as the results and reports show it: a card file named by its content hash
    (as the options hold it), never by the path typed, which tells a reader about this machine."""
    if not rules:
        return rules

    def ref(match: re.Match[str]) -> str:
        value = options.get(match[1])
        shown = ";".join(map(str, value)) if isinstance(value, list | tuple) else str(value)
        return f"{match[1]}={shown}"

    return re.sub(r"\b(card_files?)\s*=\s*([^,]*)", ref, rules)


def fixed_decks(
    game_name: str, options: dict[str, Any], names: list[str], deck: Path | None,
    opponent_deck: Path | None,
) -> tuple[list[Deck] | None, bool]:
    """``--deck`` and ``--opponent-deck`` read and checked against the game (``sim``,
    ``sweep``): the decks (None: drawn by the seed) and whether the game splits one deck between
    the players (Forge & Fury's Brasa). A usage ``CliError`` says what is wrong."""
    game = load_game(game_name, options)
    seats = game.num_players
    shared = deck is not None and len(game.sample_decks(Rng(0))) == 1
    if shared and deck is not None:  # Brasa: one deck split between the players, whoever sits where
        if opponent_deck is not None:
            raise usage_error(f"{game_name} {options.get('mode')} splits one deck: give only --deck")
        if len(names) > seats:
            raise usage_error("--deck needs one agent per player (a round-robin draws its decks by the seed)")
        return [legal_deck(game, deck)], shared
    if (deck is None) != (opponent_deck is None):
        raise usage_error("give both --deck and --opponent-deck (one per agent), or neither")
    if deck is None or opponent_deck is None:
        return None, shared
    if len(names) != 2 or seats != 2:
        raise usage_error("--deck and --opponent-deck need exactly two agents and two players")
    return [legal_deck(game, path) for path in (deck, opponent_deck)], shared


def deck_names(deck: Path | None, opponent_deck: Path | None, shared: bool) -> list[str] | None:
    """The deck files as the results name them: by base name (a preconstructed deck by its name)."""
    if deck is None:
        return None
    return [Path(deck).name] if shared else [Path(deck).name, Path(str(opponent_deck)).name]


NOTHING_KEPT = ("interrupted: without --out no game is kept; run it with --out FILE to keep each game as "
                "it ends, and after an interruption the same command with --resume plays only the rest")


def _title(meta: dict[str, Any], head: str) -> str:
    """A table title: ``head``, then the mode and the rules when the run set them."""
    if meta.get("mode"):
        head += f", mode {meta['mode']}"
    if meta.get("rules"):
        head += f", rules {meta['rules']}"
    return head


def _place_table(title: str, head: str, rows: list[PlaceStats], players: int) -> Table:
    """Share of each place (1st, 2nd...), the first-place rate with its 95% Wilson interval
    and the mean place, one row per agent or seat."""
    table = Table(title=title, title_justify="left")
    table.add_column(head)
    table.add_column("games", justify="right")
    for k in range(players):
        table.add_column(_ordinal(k + 1), justify="right")
    table.add_column("first 95% CI", justify="right")
    table.add_column("mean place", justify="right")
    for row in rows:
        mean = row.mean_place
        table.add_row(
            row.label, str(row.games), *(_pct(n / row.games if row.games else None) for n in row.counts),
            _ci(row.first_ci), "-" if mean is None else f"{mean:.2f}",
        )
    return table


def _ordinal(n: int) -> str:
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n if n < 20 else n % 10, 'th')}"


def render(summary: Summary, console: Console) -> None:
    meta = summary.meta
    title = _title(meta, f"{meta.get('game', '')}: {summary.games} games")
    if summary.players > 2:
        title += f" of {summary.players} players"
    table = Table(title=title, title_justify="left")
    table.add_column("agent")
    table.add_column("wins", justify="right")
    table.add_column("draws", justify="right")
    table.add_column("losses", justify="right")
    table.add_column("win rate", justify="right")
    table.add_column("95% CI", justify="right")
    for a in summary.agents:
        table.add_row(
            a.label, str(a.wins), str(a.draws), str(a.losses), _pct(a.win_rate), _ci(a.win_ci)
        )
    console.print(table)
    for a in summary.agents:
        seats = a.wins + a.draws + a.losses
        if seats > summary.games:  # one agent in several seats: a result for each seat
            console.print(f"{a.label} sat in more than one seat: {seats} results from {summary.games} games, "
                          "one for each seat it played")
    if summary.players > 2:
        console.print("wins: sole first places; draws: games without a sole winner")
        console.print(_place_table("places by agent", "agent", summary.places, summary.players))
        console.print(_place_table("places by seat", "seat", summary.seats, summary.players))
        console.print("places: tied players share the better place; mean place: 1 is first")
    fp = summary.first_player
    if fp.games:
        console.print(
            f"first player: won {_pct(fp.win_rate)} {_ci(fp.win_ci)}, drew {_pct(fp.draw_rate)}, "
            f"lost {_pct(fp.losses / fp.games)} of {fp.games} games"
            + (
                f" ({_pct(fp.decisive_win_rate)} of decisive games)"
                if fp.decisive_win_rate is not None else ""
            )
        )
    if summary.mean_actions is not None:
        line = (
            f"actions per game: {summary.mean_actions:.1f} "
            f"(min {summary.min_actions}, max {summary.max_actions})"
        )
        if meta.get("seconds"):
            rate = (summary.games - meta.get("resumed", 0)) / meta["seconds"]
            line += f"; {rate:.0f} games/s" if rate >= 10 else f"; {rate:.2g} games/s"
        console.print(line)
    for key, mean in summary.mean_measures.items():
        console.print(f"mean {key} per match: {mean:.2f}")


def render_tournament(tournament: Tournament, console: Console, ratings: bool = True) -> None:
    """The pairwise table (row agent's win rate against the column agent, 95% Wilson
    interval) and, unless ``ratings`` is false (the ladder prints its own), the ratings."""
    meta = tournament.meta
    players = tournament.players
    per = "pair" if players == 2 else f"group of {players}"
    title = _title(
        meta, f"{meta.get('game', '')}: round-robin, {tournament.games_per_pair} games per {per}"
    )
    table = Table(title=title, title_justify="left")
    table.add_column("wins of \\ against")
    for name in tournament.agents:
        table.add_column(name, justify="right")
    for a in tournament.agents:
        cells = []
        for b in tournament.agents:
            if a == b:
                cells.append("-")
                continue
            pair = tournament.pair(a, b)
            low, high = pair.win_ci
            cells.append(f"{100 * (pair.win_rate or 0):.0f}% [{100 * low:.0f}-{100 * high:.0f}]")
        table.add_row(a, *cells)
    console.print(table)
    if players == 2:
        console.print("cells: the row agent's win rate against the column agent [95% CI]")
    else:
        console.print("cells: how often the row agent finished ahead of the column agent when "
                      "both played [95% CI]")
        console.print(_place_table("places by agent", "agent", tournament.places, players))
    if not ratings:
        return
    table = Table()
    table.add_column("agent")
    table.add_column("rating", justify="right")
    table.add_column("games", justify="right")
    table.add_column("score", justify="right")
    for r in tournament.ratings:
        table.add_row(r.agent, f"{r.rating:.0f}", str(r.games), _pct(r.score))
    console.print(table)
    anchor = "random = 1000" if "random" in tournament.agents else "a mean of 1000"
    console.print(f"ratings: Bradley-Terry on the Elo scale, draws count half, {anchor}"
                  + ("" if players == 2 else "; from every two agents' places in each game"))


def sim(
    game: str = typer.Argument(..., help="game name or alias (e.g. triple-triad, tt)"),
    games: int | None = typer.Option(
        None, "--games", "-n", help=f"how many games to play (default 100; with --sprt, the most "
        f"it may play: default {SPRT_MAX_GAMES:,})"),
    agents: str = typer.Option(
        "greedy,random", "--agents",
        help="comma-separated agent names; seats rotate per game; more agents than players "
        "play a round-robin of --games games per pair (per group of --players), with ratings",
    ),
    players: int | None = typer.Option(
        None, "--players", "-p",
        help="players per game, for games of more than two (default: the game's minimum)",
    ),
    seed: int = typer.Option(0, "--seed", help="batch seed: game i is seeded derive_seed(seed, i)"),
    rules: str | None = typer.Option(
        None, "--rules",
        help="game rules, e.g. for Triple Triad 'ffviii,elemental,trade=none' (presets expand)",
    ),
    trade: str | None = typer.Option(
        None, "--trade", help="trade rule after each game (Triple Triad: none/one/difference/direct/all)"
    ),
    workers: int | None = typer.Option(
        None, "--workers", "-w", help="processes (Ray: CPUs) to play on; default: every core"
    ),
    backend: str = typer.Option(
        "local", "--backend", help=escape("where to play: local (a process pool) or ray "
                                          "(pip install 'tcgkit[ray]'); results are the same on both")
    ),
    address: str | None = typer.Option(
        None, "--address", help="the Ray cluster to join (e.g. 'auto' or host:port); default: "
        "start a local Ray"
    ),
    out: Annotated[Path | None, typer.Option(
        "--out", help="stream one row per game to FILE (.parquet or .jsonl) as games finish: "
        "seed, seats, outcome, ranks, length and which cards each player had, drew and played"
    )] = None,
    resume: bool = typer.Option(
        False, "--resume", help="continue the interrupted run in --out: play only its missing games"
    ),
    json_out: bool = typer.Option(False, "--json", help="print the summary as one JSON object"),
    csv: Annotated[Path | None, typer.Option(
        "--csv", help="write one CSV row per game to FILE"
    )] = None,
    force: bool = typer.Option(False, "--force", help="replace the --csv file if it exists"),
    mode: str | None = typer.Option(
        None, "--mode", help="the game's mode, for games with modes (Forge & Fury: brasa, chama...)"
    ),
    deck: Annotated[Path | None, typer.Option(
        "--deck", help="the first agent's deck file or preconstructed deck (ff-tcg: warriors, "
        "black_magic); it goes with the agent from seat to seat; needs --opponent-deck. Forge & "
        "Fury's Brasa: the one 50-card deck both players' decks are split from"
    )] = None,
    opponent_deck: Annotated[Path | None, typer.Option(
        "--opponent-deck", help="the second agent's deck file or preconstructed deck"
    )] = None,
    sprt: Annotated[str | None, typer.Option(
        "--sprt", metavar="ELO0,ELO1", help="play pairs of games (one deal, seats swapped) until a "
        "sequential test decides whether the first agent is ELO1 rather than ELO0 Elo stronger "
        "than the second (e.g. 0,20)")] = None,
    alpha: Annotated[float, typer.Option(
        "--alpha", help="with --sprt: the chance of accepting ELO1 when ELO0 is true")] = 0.05,
    beta: Annotated[float, typer.Option(
        "--beta", help="with --sprt: the chance of accepting ELO0 when ELO1 is true")] = 0.05,
) -> None:
    """Play a batch of seeded games between agents and report wins with 95% intervals; with
    --sprt, a change gate: play until a sequential probability ratio test decides."""
    if sprt is not None:
        bounds = sprt_bounds(sprt, alpha, beta)
        if out is not None or csv is not None:
            raise fail("--sprt prints its decision (or --json); it takes no --out or --csv")
        games = SPRT_MAX_GAMES if games is None else games
    elif alpha != 0.05 or beta != 0.05:
        raise fail("--alpha and --beta are the error rates of --sprt: give --sprt ELO0,ELO1 too")
    elif games is None:
        games = 100
    if games < 1:
        raise fail(f"--games must be at least 1, got {games}")
    if games > MAX_GAMES:
        raise fail(f"--games {excerpt(games)}: at most {MAX_GAMES:,} games in one run")
    if out is None and games > MAX_KEPT:
        raise fail(f"--games {games:,} without --out would keep every game in memory; past "
                    f"{MAX_KEPT:,} stream them to a file with --out FILE (memory stays flat)")
    if workers is not None and workers < 1:
        raise fail(f"--workers must be at least 1, got {workers}")
    cores = os.cpu_count() or 1
    if workers is not None and workers > cores and backend.strip().lower() == "local":
        typer.echo(f"tcgkit: warning: --workers {workers} is more than the {cores} core(s) here; "
                   f"using {cores}", err=True)
        workers = cores
    if resume and out is None:
        raise fail("--resume continues the run in --out FILE: give --out")
    try:
        pool = make_backend(backend.strip().lower(), workers, address)
        entry = find_game(game)
    except (TcgkitError, BackendError) as exc:
        raise fail(str(exc)) from None
    workers = pool.workers
    names = [agent_key(a) for a in agents.split(",") if a.strip()]
    if not names:
        raise fail("--agents needs at least one agent name")
    known = agent_names(entry.name)
    unknown = [a for a in names if a not in known and not a.startswith("policy:")]
    if unknown:
        raise fail(
            f"no agent named {unknown[0]!r} for {entry.name}; known agents: {', '.join(known)}"
        )
    try:
        options = with_mode(entry.cls, rules_of(entry.cls, rules), mode)
    except TcgkitError as exc:
        raise fail(str(exc)) from None
    if trade is not None:
        options["trade"] = trade.strip().lower()
    if players is not None:
        options["players"] = players
    try:
        seats = load_game(entry.name, options).num_players  # bad options fail here, before the bar
    except TcgkitError as exc:
        raise fail(str(exc)) from None

    try:
        decks, shared = fixed_decks(entry.name, options, names, deck, opponent_deck)
    except CliError as exc:
        raise fail(str(exc), exc.code) from None

    if csv is not None and not csv.parent.is_dir():
        raise fail(f"cannot write {csv}: no directory {csv.parent}")
    refused = not_replacing(csv, force, "--csv")
    if refused:
        raise fail(refused)

    if sprt is not None:
        _sprt(entry.name, options, names, bounds, seed, games, pool, decks, json_out)
        return
    tournament = len(names) > max(2, seats)
    if tournament:
        if len(set(names)) != len(names):
            raise fail(f"a round-robin needs different agents, got {', '.join(names)}")
        if csv is not None:
            raise fail("--csv writes two-agent batches; a round-robin takes --json")
        if out is not None:
            raise fail("--out streams one batch; a round-robin (more agents than players) takes --json")
    if out is not None and csv is not None:
        raise fail("give --out (streamed, any size) or --csv (kept in memory), not both")

    progress = progress_bar(Console(stderr=True))
    groups = math.comb(len(names), max(2, seats))
    task = progress.add_task(f"{entry.name}", total=games * groups if tournament else games)

    def advance(_: GameResult) -> None:
        progress.advance(task)

    start = time.perf_counter()
    if tournament:
        _tournament(entry.name, options, names, games, seed, workers, advance, progress, {
            "game": entry.name, "rules": rules, "mode": options.get("mode"),
            "options": options, "agent_names": names, "seed": seed, "workers": workers,
        }, json_out, pool)
        return
    meta = {
        "game": entry.name, "rules": rules_named(rules, options), "mode": options.get("mode"),
        "options": options, "agent_names": names, "seed": seed, "workers": workers,
        "decks": deck_names(deck, opponent_deck, shared),  # the entrants' names, the file's too
    }
    if pool.name != "local":
        meta["backend"] = pool.name
    if out is not None:
        _streamed(out, resume, games, decks, meta, pool, progress, task, json_out, start)
        return
    with run_errors(NOTHING_KEPT), progress:
        results = run_games(entry.name, options, names, games, seed, workers, advance, decks,
                            backend=pool)
    seconds = time.perf_counter() - start

    meta["seconds"] = round(seconds, 3)
    summary = summarize(results, names, meta)
    if csv is not None:
        try:
            write_csv(results, csv)
        except OSError as exc:
            raise fail(f"cannot write {csv}: {exc.strerror}", RUNTIME) from None
    if json_out:
        typer.echo(json.dumps(summary.to_json()))
    else:
        render(summary, Console())


def sprt_bounds(text: str, alpha: float, beta: float) -> Bounds:
    """``--sprt ELO0,ELO1`` with ``--alpha`` and ``--beta``, checked."""
    parts = [p.strip() for p in text.split(",")]
    try:
        if len(parts) != 2:
            raise ValueError
        elo0, elo1 = float(parts[0]), float(parts[1])
    except ValueError:
        raise fail(f"--sprt {excerpt(text)}: give two Elo differences, ELO0,ELO1 (e.g. 0,20)") from None
    if not (math.isfinite(elo0) and math.isfinite(elo1)):
        raise fail(f"--sprt {excerpt(text)}: the Elo differences must be finite numbers")
    try:
        return Bounds(elo0, elo1, alpha, beta)
    except SimError as exc:
        raise fail(f"--sprt: {exc}") from None


def _sprt(
    game_name: str, options: dict[str, Any], names: list[str], bounds: Bounds, seed: int,
    games: int, pool: Any, decks: Any, json_out: bool,
) -> None:
    """``sim --sprt``: pairs of games until the test decides, then the decision."""
    progress = progress_bar(Console(stderr=True))
    task = progress.add_task(f"{game_name} SPRT", total=None)

    def shown(test: Sprt) -> None:
        progress.update(task, completed=2 * test.pairs,
                        description=f"{game_name} SPRT, LLR {test.llr:+.2f}")

    try:
        job = prepare_pairs(game_name, options, names, seed, decks)
    except TcgkitError as exc:
        raise fail(str(exc)) from None
    start = time.perf_counter()
    try:
        with progress:
            result = run_sprt(job, bounds, games, pool, shown)
    except TcgkitError as exc:  # an agent broke the rules, a game never ended, Ray failed
        raise fail(str(exc), RUNTIME) from None
    except KeyboardInterrupt:
        raise fail("interrupted before the test decided", 130) from None
    result = replace(result, seconds=round(time.perf_counter() - start, 2))
    if json_out:
        typer.echo(json.dumps({"game": game_name, "seed": seed, **result.to_json()}))
    else:
        render_sprt(result, Console())


def render_sprt(result: SprtResult, console: Console) -> None:
    a, b = result.agents

    def say(text: str) -> None:
        console.print(text, soft_wrap=True)  # lines a test or a log can grep whole

    bounds = result.bounds
    verdict = {
        "H1": f"H1 accepted: {a} is {bounds.elo1:g} rather than {bounds.elo0:g} Elo stronger than {b}",
        "H0": f"H0 accepted: {a} is {bounds.elo0:g} rather than {bounds.elo1:g} Elo stronger than {b}",
        None: f"no decision: the {result.games:,} games allowed (--games) ran out first",
    }[result.decision]
    say(f"SPRT {a} against {b}: elo0 {bounds.elo0:g}, elo1 {bounds.elo1:g}, "
        f"alpha {bounds.alpha:g}, beta {bounds.beta:g}")
    say(verdict)
    say(f"games {result.games:,} ({result.pairs:,} pairs on the same deal, seats swapped), "
        f"LLR {result.llr:+.2f}, bounds [{bounds.lower:+.2f}, {bounds.upper:+.2f}]"
        + (f", {result.seconds:.1f} s" if result.seconds else ""))
    counts = ", ".join(f"{n}" for n in result.counts)
    elo, low, high = result.elo
    say(f"pairs by {a}'s points (0, 1/2, 1, 3/2, 2 of 2): {counts}; Elo {_elo(elo)} "
        f"[{_elo(low)}, {_elo(high)}] (95%)")


def _elo(x: float) -> str:
    return f"{x:+.0f}" if math.isfinite(x) else ("+inf" if x > 0 else "-inf")


def _tournament(
    game_name: str, options: dict[str, Any], names: list[str], games: int, seed: int,
    workers: int, advance: Any, progress: Progress, meta: dict[str, Any], json_out: bool,
    pool: Any,
) -> None:
    """``sim`` with more agents than players: a round-robin, the pairwise table, ratings."""
    start = time.perf_counter()
    with run_errors(NOTHING_KEPT), progress:
        result = round_robin(game_name, options, names, games, seed, workers, advance, meta, backend=pool)
    result.meta["seconds"] = round(time.perf_counter() - start, 3)
    if json_out:
        typer.echo(json.dumps(result.to_json()))
    else:
        render_tournament(result, Console())


def _streamed(
    out: Path, resume: bool, games: int, decks: Any, meta: dict[str, Any], pool: Any,
    progress: Progress, task: Any, json_out: bool, start: float,
) -> None:
    """``sim --out``: rows written as games finish, the summary read back from the file, so
    no per-game data stays in memory however many games are played."""
    names = meta["agent_names"]
    try:  # bad input: the game, agents, decks, or a file that is not this run's
        job = prepare(meta["game"], meta["options"], names, meta["seed"], decks, facts=True)
        run = {
            "game": job.game, "options": job.options, "agents": list(job.agents), "seed": job.seed,
            "decks": None if decks is None else [list(d) for d in decks], "facts": True,
            "rules": meta["rules"], "mode": meta["mode"], "deck_files": meta.get("decks"),
            "entrants": entrant_names(names, meta.get("decks")),
        }
        writer = ResultWriter(out, run, games, resume)
    except TcgkitError as exc:
        raise fail(str(exc)) from None
    except OSError as exc:
        raise fail(f"cannot write {out}: {exc.strerror or exc}", RUNTIME) from None
    try:
        with writer:
            if writer.count:
                meta["resumed"] = writer.count  # games found in the file, not played now
            progress.update(task, completed=writer.count)
            with progress:
                for result in iter_results(job, writer.missing(), pool, writer.missing_count):
                    writer.write(result)
                    progress.advance(task)
            writer.close()
        source = out if out.exists() else journal_of(out)
        meta["seconds"] = round(time.perf_counter() - start, 3)
        meta["out"] = str(out)
        cards = CardTable(names, meta.get("decks"))  # per card and level, in the same pass
        summary = summarize((row_result(row) for row in cards.tap(iter_rows(source))), names, meta)
    except KeyboardInterrupt:
        raise fail(f"interrupted after {writer.count:,} of {games:,} games, each kept in {out}; the "
                    "same command with --resume plays the rest", 130) from None
    except TcgkitError as exc:  # an agent broke the rules, a game never ended, Ray failed
        raise fail(str(exc), RUNTIME) from None
    except OSError as exc:
        raise fail(f"cannot write {out}: {exc.strerror or exc}", RUNTIME) from None
    if json_out:
        typer.echo(json.dumps(summary.to_json() | {"cards": [line.to_json() for line in cards.lines()]}))
    else:
        render(summary, Console())
