"""``tcgkit sweep``: one rule option or one card value over a grid, and its effect on win rates."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from ..kernel.card_files import add_card_file
from ..kernel.errors import TcgkitError
from ..kernel.registry import find_game
from ..sim.backends import BackendError, make_backend
from ..sim.report_html import _pyplot
from ..sim.stats import Summary
from ..sim.sweep import SweepPoint, card_files, card_label, run_sweep
from ..terminal.errors import RUNTIME, CliError, fail
from ..terminal.files import not_replacing
from ..terminal.game_support import rules_of
from .sim_command import deck_names, fixed_decks, progress_bar

SWEEP_HELP = """
Play the same batch (same seed, same seatings) at each value of one rule option
(--option same --values false,true) or of one card's field (--card Geezard --field top
--values 1,3,5,7; Triple Triad and Forge & Fury, whose cards are CSV rows), and show how
each agent's win rate (95% Wilson interval), the draws and the first player's win rate
move: a table, and with --chart FILE.svg (or .png) a chart. Each value after the first is
also compared with the first game by game: the first agent's score (wins plus half the
draws) moved by so many points, with its paired 95% interval, and the games a side two
unpaired batches would have needed for that width. --deck and --opponent-deck fix the
two agents' decks at every value, as for sim.
"""


def sweep(
    game: Annotated[str, typer.Argument(help="game name or alias")],
    values: Annotated[str, typer.Option("--values", help="the grid, comma-separated")],
    option: Annotated[str | None, typer.Option("--option", help="the rule option to vary")] = None,
    card: Annotated[str | None, typer.Option("--card", help="the card to vary (name or number)")] = None,
    field: Annotated[str | None, typer.Option("--field", help="the card's field to vary")] = None,
    games: Annotated[int, typer.Option("--games", "-n", help="games per value")] = 200,
    agents: Annotated[str, typer.Option("--agents", help="comma-separated agents")] = "greedy,random",
    seed: Annotated[int, typer.Option("--seed", help="the batch seed, the same at every value")] = 0,
    rules: Annotated[str | None, typer.Option("--rules", help="the other rules, as for sim")] = None,
    workers: Annotated[int | None, typer.Option("--workers", "-w", help="default: every core")] = None,
    backend: Annotated[str, typer.Option("--backend", help="local or ray")] = "local",
    address: Annotated[str | None, typer.Option("--address", help="a Ray cluster")] = None,
    chart: Annotated[Path | None, typer.Option("--chart", help="write the chart (.svg or .png)")] = None,
    json_out: Annotated[bool, typer.Option("--json", help="print the points as JSON")] = False,
    force: Annotated[bool, typer.Option("--force", help="replace the --chart file if it exists")] = False,
    deck: Annotated[Path | None, typer.Option(
        "--deck", help="the first agent's deck file or preconstructed deck, at every value; "
        "needs --opponent-deck (as for sim)")] = None,
    opponent_deck: Annotated[Path | None, typer.Option(
        "--opponent-deck", help="the second agent's deck file or preconstructed deck")] = None,
) -> None:
    if (option is None) == (card is None):
        raise fail("vary one thing: give --option NAME, or --card CARD with --field FIELD")
    if card is not None and field is None:
        raise fail("--card needs --field (the value to vary, e.g. top or green)")
    grid = [v.strip() for v in values.split(",") if v.strip()]
    if not grid:
        raise fail("--values needs at least one value")
    if games < 1:
        raise fail(f"--games must be at least 1, got {games}")
    if chart is not None and (chart.suffix not in (".svg", ".png") or not chart.parent.is_dir()):
        raise fail(f"--chart {chart}: give a .svg or .png file in an existing directory")
    refused = not_replacing(chart, force, "--chart")
    if refused:
        raise fail(refused)
    if chart is not None:  # before playing the sweep: a chart without the extra would fail after
        try:
            _pyplot()
        except TcgkitError as exc:
            raise fail(f"--chart: {exc}") from None
    names = [a.strip().lower() for a in agents.split(",") if a.strip()]
    try:
        pool = make_backend(backend.strip().lower(), workers, address)
        entry = find_game(game)
        base = rules_of(entry.cls, rules)
        decks, shared = fixed_decks(entry.name, base, names, deck, opponent_deck)
        meta = {"decks": deck_names(deck, opponent_deck, shared)}  # the entrants named by their decks
        with tempfile.TemporaryDirectory(prefix="tcgkit-sweep-") as folder:
            label = None
            if option is not None:
                points = [(v, {**base, **rules_of(entry.cls, f"{option}={v}")}) for v in grid]
            else:
                assert card is not None and field is not None
                label = card_label(entry.name, card, base)
                paths = card_files(entry.name, base, card, field, grid, Path(folder))
                points = [(v, {**base, "card_file": add_card_file(p)})
                          for v, p in zip(grid, paths, strict=True)]
            progress = progress_bar(Console(stderr=True))
            task = progress.add_task(entry.name, total=games * len(points))
            with progress:
                swept = run_sweep(entry.name, points, names, games, seed, pool,
                                  lambda _: progress.advance(task), meta, card=label, decks=decks)
    except CliError as exc:
        raise fail(str(exc), exc.code) from None
    except (TcgkitError, BackendError) as exc:
        raise fail(str(exc)) from None
    what = option if option is not None else f"{card}: {field}"
    if json_out:
        typer.echo(json.dumps({"game": entry.name, "varied": what, "games": games, "seed": seed,
                               "points": [_point_json(p, swept[0]) for p in swept]}))
    else:
        console = Console()
        console.print(_table(entry.name, what, games, swept))
        if len(swept) > 1:
            console.print(_paired_table(what, games, swept))
    if chart is not None:
        try:
            _chart(what, swept, chart)
        except OSError as exc:
            raise fail(f"cannot write {chart}: {exc.strerror or exc}", RUNTIME) from None


def _point_json(point: SweepPoint, baseline: SweepPoint) -> dict[str, Any]:
    data = point.summary.to_json()
    out = {"value": point.value, "agents": data["agents"], "first_player": data["first_player"],
           "actions": data["actions"]}
    if point is not baseline:  # the first agent's score against the first value's, game by game
        out["paired"] = {"against": baseline.value, **point.paired(baseline).to_json()}
    if point.card is not None:
        out["card"] = {"games": point.card.games, "wins": point.card.wins, "win_rate": point.card.rate,
                       "win_ci95": list(point.card.ci)}
    return out


def _first(summary: Summary) -> str:
    fp = summary.first_player
    return "-" if fp.win_rate is None else f"{100 * fp.win_rate:.1f}%"


def _table(game: str, what: str, games: int, swept: list[SweepPoint]) -> Table:
    table = Table(title=f"{game}: {what}, {games} games per value", title_justify="left")
    table.add_column(what)
    for agent in swept[0].summary.agents:
        table.add_column(f"{agent.label} wins [95% CI]", justify="right")
    table.add_column("draws", justify="right")
    table.add_column("first player wins", justify="right")
    holder = swept[0].card is not None
    if holder:
        table.add_column("card holder wins [95% CI] (games)", justify="right")
    for point in swept:
        s = point.summary
        cells = [f"{100 * (a.win_rate or 0):.1f}% [{100 * a.win_ci[0]:.1f}, {100 * a.win_ci[1]:.1f}]"
                 for a in s.agents]
        draws = s.agents[0].draw_rate
        extra = []
        if point.card is not None:
            t = point.card
            extra = [f"{100 * (t.rate or 0):.1f}% [{100 * t.ci[0]:.1f}, {100 * t.ci[1]:.1f}] ({t.games})"]
        table.add_row(point.value, *cells, "-" if draws is None else f"{100 * draws:.1f}%", _first(s),
                      *extra)
    return table


def _paired_table(what: str, games: int, swept: list[SweepPoint]) -> Table:
    """Each value against the first, game by game: the first agent's score difference with
    its paired and unpaired 95% intervals, and the unpaired games a side for the same width."""
    first = swept[0]
    agent = first.summary.agents[0].label
    table = Table(title=f"{agent}'s score against {what} = {first.value}, the same {games} games "
                  "(paired)", title_justify="left")
    for head in (what, "score", "change [95% CI]", "unpaired [95% CI]", "unpaired games a side"):
        table.add_column(head, justify="left" if head == what else "right")
    for point in swept[1:]:
        d = point.paired(first)
        needed = "-" if d.unpaired_games is None else f"{d.unpaired_games:,}"
        table.add_row(point.value, f"{100 * d.variant:.1f}%", points_ci(d.difference, d.ci),
                      points_ci(d.difference, d.unpaired_ci), needed)
    return table


def points_ci(value: float, ci: tuple[float, float]) -> str:
    """A difference of rates in percentage points with its interval: ``+3.1 [+0.4, +5.8]``."""
    return f"{100 * value:+.1f} [{100 * ci[0]:+.1f}, {100 * ci[1]:+.1f}]"


def _chart(what: str, swept: list[SweepPoint], path: Path) -> None:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6.5, 3.6))
    xs = range(len(swept))
    for k, agent in enumerate(swept[0].summary.agents):
        rates = [100 * (p.summary.agents[k].win_rate or 0) for p in swept]
        low = [r - 100 * p.summary.agents[k].win_ci[0] for r, p in zip(rates, swept, strict=True)]
        high = [100 * p.summary.agents[k].win_ci[1] - r for r, p in zip(rates, swept, strict=True)]
        ax.errorbar(xs, rates, yerr=[low, high], marker="o", capsize=3, label=f"{agent.label} wins")
    if swept[0].card is not None:
        rates = [100 * (p.card.rate or 0) for p in swept if p.card is not None]
        low = [r - 100 * p.card.ci[0] for r, p in zip(rates, swept, strict=True) if p.card is not None]
        high = [100 * p.card.ci[1] - r for r, p in zip(rates, swept, strict=True) if p.card is not None]
        ax.errorbar(xs, rates, yerr=[low, high], marker="s", capsize=3, linestyle="--",
                    label="the card's holder wins")
    ax.set_xticks(list(xs), [p.value for p in swept])
    ax.set_xlabel(what)
    ax.set_ylabel("win rate, % (95% CI)")
    ax.legend()
    fig.savefig(path, bbox_inches="tight")
    plt.close(fig)

