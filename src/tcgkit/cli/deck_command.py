"""``tcgkit deck build GAME`` and ``tcgkit deck check GAME FILE``: deck files for any game.

A deck file has one card per line in the game's own spelling (``Mist Wyrm #012``); blank
lines and ``//`` comments are skipped (see ``tcgkit.kernel.decks``). The game decides what
is legal (``Game.validate_deck``); problems are shown with the file's line numbers. The
game's options come from ``--rules`` (as for ``tcgkit play``) and ``--mode``, a shortcut
for the ``mode`` option of games that have modes.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Annotated

import typer

from ..kernel.decks import format_deck, write_deck
from ..kernel.errors import DeckError, clip
from ..kernel.game import Game
from ..kernel.registry import GameEntry, find_game, load_game
from ..kernel.rng import Rng
from ..terminal.console import make_console
from ..terminal.deck_files import deck_problems, mode_name, read_deck_file
from ..terminal.errors import RUNTIME, CliError, reports_errors, usage_error
from ..terminal.files import FORCE_HELP, not_replacing
from ..terminal.game_support import non_default_options, rules_of, with_mode

DECK_HELP = """Build and check deck files: one card per line ('Mist Wyrm #012'), blank lines
and lines starting with // skipped.

'tcgkit deck build forge-fury --mode chama --seed 7 -o deck.txt' writes a legal deck drawn
by the seed; 'tcgkit deck check forge-fury deck.txt --mode chama' checks one and names the
line of every problem (exit 1 when it is not legal). Use a deck with 'tcgkit play
forge-fury --deck deck.txt'.
"""

deck_app = typer.Typer(
    help=" ".join(DECK_HELP.split("\n\n")[0].split()), no_args_is_help=True,
    add_completion=False,
)

GameName = Annotated[str, typer.Argument(help="The game, e.g. forge-fury (see 'tcgkit games').")]
Rules = Annotated[str | None, typer.Option(
    "--rules", help="The game's rules, as for 'tcgkit play' (see 'tcgkit options GAME')."
)]
Mode = Annotated[str | None, typer.Option(
    "--mode", help="The mode, for games that have modes (Forge & Fury: brasa, chama, forja, "
    "colecao)."
)]


def game_with(entry: GameEntry, rules: str | None, mode: str | None) -> Game:
    """The game with ``--rules`` and the ``--mode`` shortcut applied."""
    return load_game(entry.name, with_mode(entry.cls, rules_of(entry.cls, rules), mode))


def _header(game: Game, seed: int, rules: str | None, shared: bool) -> str:
    mode = getattr(game.options, "mode", None)
    what = f"mode {mode}" if mode is not None else f"rules: {non_default_options(game)}"
    lines = [f"{game.title} deck ({game.name}), {what}, seed {seed}"]
    if shared:
        lines.append("the one deck both players share (it is split between them)")
    command = f"tcgkit deck build {game.name}"
    if mode is not None:
        command += f" --mode {mode}"
    if rules:
        command += f" --rules {rules}"
    lines.append(f"made by: {command} --seed {seed}")
    return "\n".join(lines)


@deck_app.command("build")
@reports_errors
def build(
    game: GameName,
    mode: Mode = None,
    rules: Rules = None,
    seed: Annotated[int | None, typer.Option(
        "--seed", help="Draw the deck by this seed; random if not given (it is in the header)."
    )] = None,
    output: Annotated[Path | None, typer.Option(
        "--output", "-o", help="Write the deck to this file; else print it."
    )] = None,
    force: Annotated[bool, typer.Option("--force", help=FORCE_HELP)] = False,
) -> None:
    """A legal deck drawn by the seed, with a // header naming the game, mode and seed."""
    refused = not_replacing(output, force, "--output")
    if refused:
        raise usage_error(refused)
    entry = find_game(game)
    loaded = game_with(entry, rules, mode)
    if seed is None:
        seed = secrets.randbelow(2**31)
    decks = loaded.sample_decks(Rng(seed))
    cards = decks[0]
    header = _header(loaded, seed, rules, shared=len(decks) == 1)
    if output is None:
        typer.echo(format_deck(cards, header), nl=False)
        return
    try:
        write_deck(output, cards, header)
    except DeckError as exc:
        raise CliError(str(exc), RUNTIME) from None
    typer.echo(f"Wrote {output}: {len(cards)} cards, {mode_name(loaded)}, seed {seed}.")


@deck_app.command("check")
@reports_errors
def check(
    game: GameName,
    file: Annotated[Path, typer.Argument(help="The deck file.")],
    mode: Mode = None,
    rules: Rules = None,
    no_color: Annotated[bool, typer.Option("--no-color", help="Plain text, no colour.")] = False,
) -> None:
    """Check a deck file against the game's deck rules; every problem with its line."""
    entry = find_game(game)
    loaded = game_with(entry, rules, mode)
    deck = read_deck_file(file)
    problems = deck_problems(loaded, deck)
    console = make_console(no_color)
    what = mode_name(loaded)
    if not problems:
        count = len(deck.cards)
        console.print(f"{file}: OK ({count} card{'s' * (count != 1)}, {what})", markup=False)
        return
    for problem in problems:
        console.print(clip(f"{file}: {problem}"), markup=False)
    count = len(problems)
    console.print(
        f"{file}: not a legal {what} deck ({count} problem{'s' * (count != 1)})", markup=False
    )
    raise typer.Exit(1)
