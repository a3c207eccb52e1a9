"""``tcgkit balance``: search the smallest changes of card values (or of a deck's list) that
bring named targets into range, and check the proposal on fresh seeds (``sim.balance``)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from ..agents import agent_key, agent_names
from ..kernel.errors import TcgkitError
from ..kernel.registry import find_game, load_game
from ..sim.backends import BackendError, make_backend
from ..sim.balance import BalanceError, Outcome, Rebalancer, Settings, parse_targets
from ..sim.balance.changes import DEFAULT_FIELDS
from ..sim.balance.search import Evaluation, rate_text
from ..sim.balance.targets import FORMS
from ..sim.balance.world import GameWorld
from ..terminal.errors import RUNTIME, USAGE, report
from ..terminal.game_support import rules_of, with_mode

BALANCE_HELP = f"""
Search the smallest changes of card values (or, with --vary decks, of a preconstructed deck's
list: one copy swapped for another card of the list) that bring every --target into range:
{FORMS}. Rates are of decisive games between two players of the --agent level, each with its
95% Wilson interval. The cards whose drawing moves their deck's win rate most (improvement when
drawn) are changed first; a round tries --candidates single steps, then as many pairs of them,
and the next round grows from its best single step, up to --max-changes steps. A candidate
plays the search's seeds --step games a batch at a time and stops as soon as its intervals lie
inside every range, or one lies wholly outside; the first in range is played again on fresh
seeds, beside the shipped cards on the same seeds, and reported when its rates are in range
there too. A refused one teaches the search how far its seeds stand from fresh ones: it reads
its rates moved by that gap from then on, and checks the next on fresh seeds of its own. The
shipped card files and decks are never written: each candidate's values are an edited copy of
the card file, given to the game by its content hash. --start grows the search from a proposal
of an earlier run (its changes as the report gives them).
Example: tcgkit balance mc --target tide_wings:dawn_and_dusk=40..60
"""


def balance(
    game: Annotated[str, typer.Argument(help="game name or alias")],
    target: Annotated[list[str], typer.Option(
        "--target", "-t", help=f"a rate and its range in percent, repeatable: {FORMS}")] = [],  # noqa: B006
    decks: Annotated[str | None, typer.Option(
        "--decks", help="the preconstructed decks 'pairs' pairs, comma-separated (default: all)")] = None,
    agent: Annotated[str, typer.Option("--agent", help="the AI level of both players")] = "greedy",
    vary: Annotated[str, typer.Option(
        "--vary", help="what may change: values (card values), decks (a deck's list) or both")] = "values",
    fields: Annotated[str | None, typer.Option(
        "--fields", help="the card values that may change, comma-separated (default: the game's "
        "fighting values, e.g. attack,defense,cost for Conflictus)")] = None,
    seed: Annotated[int, typer.Option(
        "--seed", help="the search's seed (the k-th check's fresh seeds: this + k x 1000003)")] = 1,
    step: Annotated[int, typer.Option("--step", help="games a batch plays between two looks")] = 40,
    max_games: Annotated[int, typer.Option("--max-games", help="games a batch plays at most")] = 200,
    check_games: Annotated[int, typer.Option(
        "--check-games", help="games a batch plays on the fresh seeds")] = 200,
    candidates: Annotated[int, typer.Option(
        "--candidates", help="single steps tried a round (and as many pairs of them)")] = 8,
    max_changes: Annotated[int, typer.Option(
        "--max-changes", help="steps a proposal may take (a value moved by two: two)")] = 3,
    minutes: Annotated[float, typer.Option(
        "--minutes", help="the search's time (the check on fresh seeds comes after)")] = 15,
    start: Annotated[list[str], typer.Option(
        "--start", help="a change to search from, repeatable, in the report's words: 'CARD FIELD "
        "BEFORE -> AFTER' or 'DECK: one CARD -> one more CARD' (they count among --max-changes)")] = [],  # noqa: B006
    rules: Annotated[str | None, typer.Option("--rules", help="game rules, as for sim")] = None,
    mode: Annotated[str | None, typer.Option("--mode", help="the game's mode, as for sim")] = None,
    workers: Annotated[int | None, typer.Option("--workers", "-w", help="processes (Ray: CPUs)")] = None,
    backend: Annotated[str, typer.Option("--backend", help="local or ray, as for sim")] = "local",
    address: Annotated[str | None, typer.Option("--address", help="the Ray cluster to join")] = None,
    json_out: Annotated[bool, typer.Option("--json", help="print the outcome as one JSON object")] = False,
) -> None:
    try:
        entry = find_game(game)
        options = with_mode(entry.cls, rules_of(entry.cls, rules), mode)
        shipped = type(load_game(entry.name, options)).named_decks()
        named = {name: list(cards) for name, cards in shipped.items()}
        chosen = _chosen(decks, named)
        targets = parse_targets(target, list(chosen))
        if agent_key(agent) not in agent_names(entry.name):
            known = ", ".join(agent_names(entry.name))
            raise BalanceError(f"no agent {agent!r} for {entry.name}; known agents: {known}")
        if vary not in ("values", "decks", "both"):
            raise BalanceError(f"--vary {vary!r}: give values, decks or both")
        settings = Settings(
            agent=agent_key(agent), seed=seed, step=step, max_games=max_games, check_games=check_games,
            candidates=candidates, max_changes=max_changes, minutes=minutes,
            fields=tuple(f.strip() for f in fields.split(",") if f.strip()) if fields
            else DEFAULT_FIELDS.get(entry.name, ()),
            decks=vary in ("decks", "both"), values=vary in ("values", "both"), start=tuple(start))
        if candidates < 1 or max_changes < 1 or minutes <= 0:
            raise BalanceError("--candidates, --max-changes and --minutes must be above 0")
        pool = make_backend(backend.strip().lower(), workers, address)
    except (TcgkitError, BackendError) as exc:
        report(str(exc))
        raise typer.Exit(USAGE) from None
    console = Console(stderr=json_out)
    with tempfile.TemporaryDirectory(prefix="tcgkit-balance-") as folder:
        try:
            world = GameWorld(entry.name, options, chosen, settings.agent, Path(folder), pool)
            search = Rebalancer(world, targets, settings, console.print)
            outcome = search.run()
        except BalanceError as exc:
            report(str(exc))
            raise typer.Exit(USAGE) from None
        except TcgkitError as exc:  # an agent broke the rules, a game never ended, Ray failed
            report(str(exc))
            raise typer.Exit(RUNTIME) from None
    if json_out:
        typer.echo(json.dumps(outcome_json(outcome, settings)))
    else:
        render(outcome, console)


def _chosen(decks: str | None, named: dict[str, list[str]]) -> dict[str, list[str]]:
    if decks is None:
        return named
    out = {}
    for name in (d.strip() for d in decks.split(",") if d.strip()):
        if name not in named:
            raise BalanceError(f"--decks: no preconstructed deck {name!r}; the decks: "
                               f"{', '.join(named) or 'none'}")
        out[name] = named[name]
    return out


def _rates(evaluation: Evaluation | None, outcome: Outcome) -> list[str]:
    if evaluation is None:
        return ["-" for _ in outcome.targets]
    return [rate_text(evaluation.tallies.count(t)) for t in outcome.targets]


def render(outcome: Outcome, console: Console) -> None:
    proposal = outcome.proposal
    console.print(f"stopped: {outcome.stopped}; {outcome.seconds / 60:.1f} minutes, "
                  f"{len(outcome.tried)} candidates tried, {outcome.games:,} games played")
    if proposal is None:
        console.print("no proposal: the shipped cards stand")
    elif outcome.confirmed:
        console.print(f"proposal, in range on fresh seeds too: {proposal.label}")
    else:
        console.print(f"no proposal in range on fresh seeds; the nearest found: {proposal.label}")
    if outcome.checks > 1:
        console.print(f"{outcome.checks} checks, each on fresh seeds of its own; the search's rates were "
                      "read moved by what fresh seeds added to a refused one: " + ", ".join(
                          f"{t.label.split(' in ')[0]} {100 * g:+.1f} points"
                          for t, g in zip(outcome.targets, outcome.gaps, strict=True)))
    table = Table(title="rates of decisive games [95% CI] of n", title_justify="left")
    for head in ("target", "shipped", "changed", "shipped, fresh seeds", "changed, fresh seeds"):
        table.add_column(head)
    columns = [_rates(e, outcome) for e in (outcome.shipped, proposal, outcome.check_before,
                                            outcome.check_after)]
    for i, t in enumerate(outcome.targets):
        table.add_row(t.label, *(c[i] for c in columns))
    console.print(table)


def outcome_json(outcome: Outcome, settings: Settings) -> dict[str, Any]:
    def rates(e: Evaluation | None) -> Any:
        if e is None:
            return None
        out = []
        for t in outcome.targets:
            c = e.tallies.count(t)
            out.append({"target": t.label, "rate": c.rate, "ci95": list(c.ci) if c.decisive else None,
                        "decisive": c.decisive, "games": c.games})
        return {"changes": [ch.label for ch in e.changes], "verdict": e.verdict, "rates": out,
                "decided_after": e.decided_after}

    return {
        "settings": {k: getattr(settings, k) for k in ("agent", "seed", "step", "max_games",
                                                       "check_games", "candidates", "max_changes",
                                                       "start")}
        | {"check_seed": settings.check_seed},
        "stopped": outcome.stopped, "seconds": round(outcome.seconds, 1), "games": outcome.games,
        "confirmed": outcome.confirmed, "checks": outcome.checks, "gaps": outcome.gaps,
        "shipped": rates(outcome.shipped),
        "proposal": rates(outcome.proposal), "shipped_fresh": rates(outcome.check_before),
        "proposal_fresh": rates(outcome.check_after),
        "tried": [rates(e) | {"games": e.played, "seconds": round(e.seconds, 1)} for e in outcome.tried],
    }
