"""``tcgkit report``: a results file of ``sim --out`` -> one self-contained HTML report."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..kernel.errors import TcgkitError
from ..kernel.files import write_text_atomic
from ..kernel.registry import load_game
from ..sim.card_stats import MIN_GAMES
from ..sim.dominance import dominated_cards, stat_cards
from ..sim.report import build_report
from ..sim.report_html import render_html
from ..sim.results import SUFFIXES, iter_rows, read_meta
from ..terminal.errors import RUNTIME, fail
from ..terminal.files import FORCE_HELP, not_replacing
from .card_table import CARD_SUFFIXES, print_card_table, write_card_lines

REPORT_HELP = """
A balance report from a results file (tcgkit sim ... --out results.parquet): one HTML file
with its plots inside (open it in any browser), giving the win-rate matrix of the agents
(and their decks, when the run fixed them) with 95% Wilson intervals, the seat advantage,
the distribution of game lengths, Bradley-Terry ratings, per-card statistics (win rate when
in the deck, when drawn, when played, with intervals and counts; cards flagged when their
interval lies clear of the player-games without them) and, for Triple Triad and Forge &
Fury, the dominated cards. Per card and AI level: the win rate when drawn, the improvement
when drawn (against the same level's and deck's games that had the card and never drew it) and
the play rate, with 95% intervals and a warning under --min-games player-games; --cards writes
them as a table (.parquet, .csv or .json), --table prints them.
"""


def report_results(
    results: Annotated[Path, typer.Argument(help="a results file of sim --out (.parquet or .jsonl)")],
    output: Annotated[Path, typer.Option("--output", "-o", help="the HTML file to write")] = Path(
        "report.html"
    ),
    force: Annotated[bool, typer.Option("--force", help=FORCE_HELP)] = False,
    card_file: Annotated[Path | None, typer.Option(
        "--cards", help="also write the per-card statistics by AI level to FILE (.parquet, .csv, .json)"
    )] = None,
    min_games: Annotated[int, typer.Option(
        "--min-games", help="player-games a card needs drawn and not drawn before its line is trusted"
    )] = MIN_GAMES,
    table: Annotated[bool, typer.Option(
        "--table", help="print the per-card statistics by AI level in the terminal"
    )] = False,
) -> None:
    if min_games < 1:
        raise fail(f"--min-games must be at least 1, got {min_games}")
    for path, flag in ((output, "--output"), (card_file, "--cards")):
        refused = not_replacing(path, force, flag)
        if refused:
            raise fail(refused)
    if card_file is not None and (card_file.suffix not in CARD_SUFFIXES or not card_file.parent.is_dir()):
        raise fail(f"--cards {card_file}: give a file ending in {', '.join(CARD_SUFFIXES)} "
                    "in a directory that exists")
    if results.suffix not in SUFFIXES:
        raise fail(f"{results}: a results file ends in .parquet or .jsonl")
    if not results.is_file():
        partial = results.with_name(results.name + ".partial.jsonl")
        hint = ""
        if partial.is_file():
            hint = f" (an unfinished run is in {partial}: finish it with sim --resume)"
        raise fail(f"no results file {results}{hint}")
    if not output.parent.is_dir():
        raise fail(f"cannot write {output}: no directory {output.parent}")
    try:
        meta = read_meta(results)
        game = load_game(meta["game"], dict(meta.get("options") or {}))
        cards = stat_cards(game)
        built = build_report(iter_rows(results), meta, min_games)
        if not built.games:
            raise fail(f"{results} holds no games")
        html = render_html(built, None if cards is None else dominated_cards(cards))
    except (KeyError, TypeError, ValueError) as exc:
        raise fail(f"{results}: not a tcgkit results file ({type(exc).__name__}: {exc})") from None
    except TcgkitError as exc:
        raise fail(str(exc)) from None
    try:
        write_text_atomic(output, html)
        if card_file is not None:
            write_card_lines(built.card_lines, card_file)
    except OSError as exc:
        raise fail(f"cannot write {exc.filename or output}: {exc.strerror or exc}", RUNTIME) from None
    except TcgkitError as exc:  # Parquet without pyarrow
        raise fail(str(exc)) from None
    if table:
        print_card_table(built.card_lines)
    also = f" and {card_file}" if card_file is not None else ""
    typer.echo(f"wrote {output}{also}: {built.games} games, {len(built.cards)} cards")

