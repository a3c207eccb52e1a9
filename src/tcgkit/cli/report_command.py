"""``tcgkit report``: a results file of ``sim --out`` -> one self-contained HTML report."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..games import load_game
from ..kernel.errors import TcgkitError
from ..kernel.files import write_text_atomic
from ..sim.dominance import dominated_cards, stat_cards
from ..sim.report import build_report
from ..sim.report_html import render_html
from ..sim.results import SUFFIXES, iter_rows, read_meta
from .errors import RUNTIME, USAGE, report
from .files import FORCE_HELP, not_replacing

REPORT_HELP = """
A balance report from a results file (tcgkit sim ... --out results.parquet): one HTML file
with its plots inside (open it in any browser), giving the win-rate matrix of the agents
(and their decks, when the run fixed them) with 95% Wilson intervals, the seat advantage,
the distribution of game lengths, Bradley-Terry ratings, per-card statistics (win rate when
in the deck, when drawn, when played, with intervals and counts; cards flagged when their
interval lies clear of the player-games without them) and, for Triple Triad and Forge &
Fury, the dominated cards.
"""


def report_results(
    results: Annotated[Path, typer.Argument(help="a results file of sim --out (.parquet or .jsonl)")],
    output: Annotated[Path, typer.Option("--output", "-o", help="the HTML file to write")] = Path(
        "report.html"
    ),
    force: Annotated[bool, typer.Option("--force", help=FORCE_HELP)] = False,
) -> None:
    refused = not_replacing(output, force, "--output")
    if refused:
        raise _fail(refused)
    if results.suffix not in SUFFIXES:
        raise _fail(f"{results}: a results file ends in .parquet or .jsonl")
    if not results.is_file():
        partial = results.with_name(results.name + ".partial.jsonl")
        hint = ""
        if partial.is_file():
            hint = f" (an unfinished run is in {partial}: finish it with sim --resume)"
        raise _fail(f"no results file {results}{hint}")
    if not output.parent.is_dir():
        raise _fail(f"cannot write {output}: no directory {output.parent}")
    try:
        meta = read_meta(results)
        game = load_game(meta["game"], dict(meta.get("options") or {}))
        cards = stat_cards(game)
        built = build_report(iter_rows(results), meta)
        if not built.games:
            raise _fail(f"{results} holds no games")
        html = render_html(built, None if cards is None else dominated_cards(cards))
    except (KeyError, TypeError, ValueError) as exc:
        raise _fail(f"{results}: not a tcgkit results file ({type(exc).__name__}: {exc})") from None
    except TcgkitError as exc:
        raise _fail(str(exc)) from None
    try:
        write_text_atomic(output, html)
    except OSError as exc:
        raise _fail(f"cannot write {output}: {exc.strerror or exc}", RUNTIME) from None
    typer.echo(f"wrote {output}: {built.games} games, {len(built.cards)} cards")


def _fail(message: str, code: int = USAGE) -> typer.Exit:
    report(message)
    return typer.Exit(code)
