"""The ``tcgkit`` command: every subcommand registered in one place.

Errors a user can cause print one line on stderr (``tcgkit: error: ...``) and exit with
2 for a usage problem or 1 for a runtime one; no traceback.
"""

from __future__ import annotations

import sys
from typing import Any

import typer
from typer.core import TyperGroup

from .._version import __version__, build
from ..terminal.card_paths import use_store
from ..terminal.errors import USAGE, report
from ..terminal.play_command import PLAY_HELP, play
from .account_command import ACCOUNT_HELP, account_app
from .balance_command import BALANCE_HELP, balance
from .collection_command import COLLECTION_HELP, collection
from .compare_command import COMPARE_HELP, compare
from .deck_command import DECK_HELP, deck_app
from .info_commands import cards, games, options, scene
from .ladder_command import LADDER_HELP, ladder
from .replay_command import REPLAY_HELP, replay_record
from .report_command import REPORT_HELP, report_results
from .serve_command import SERVE_HELP, serve
from .sim_command import sim
from .solve_command import SOLVE_HELP, solve_position
from .sweep_command import SWEEP_HELP, sweep


class OneLineErrors(TyperGroup):
    """Click's usage errors (bad flag, missing argument) as one line, like ours."""

    def main(self, *args: Any, standalone_mode: bool = True, **kwargs: Any) -> Any:
        try:
            result = super().main(*args, **{**kwargs, "standalone_mode": False})
            code = result if isinstance(result, int) else 0
        except typer.TyperException as error:  # click's UsageError and friends
            if type(error).__name__ == "NoArgsIsHelpError":
                print(error.format_message())
                code = 0
            else:
                ctx = getattr(error, "ctx", None)
                see = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
                report(error.format_message() + see)
                code = getattr(error, "exit_code", USAGE)
        except typer.Abort:
            report("aborted")
            code = 1
        if standalone_mode:
            sys.exit(code)
        return code


def paragraphs(text: str) -> str:
    """Help text as written in the source (wrapped at 100) -> one line per paragraph."""
    return "\n\n".join(" ".join(p.split()) for p in text.strip().split("\n\n"))


app = typer.Typer(
    cls=OneLineErrors,
    name="tcgkit",
    help="Card games by their full rules, with AI opponents: play, replay, simulate.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)
app.command("games")(games)
app.command("cards")(cards)
app.command("options")(options)
app.command("scene")(scene)
app.command("play", help=paragraphs(PLAY_HELP))(play)
app.command("replay", help=paragraphs(REPLAY_HELP))(replay_record)
app.command("collection", help=paragraphs(COLLECTION_HELP))(collection)
app.command("sim")(sim)
app.command("report", help=paragraphs(REPORT_HELP))(report_results)
app.command("sweep", help=paragraphs(SWEEP_HELP))(sweep)
app.command("compare", help=paragraphs(COMPARE_HELP))(compare)
app.command("ladder", help=paragraphs(LADDER_HELP))(ladder)
app.command("balance", help=paragraphs(BALANCE_HELP))(balance)
app.command("solve", help=paragraphs(SOLVE_HELP))(solve_position)
app.command("serve", help=paragraphs(SERVE_HELP))(serve)
app.add_typer(deck_app, name="deck", help=paragraphs(DECK_HELP))
app.add_typer(account_app, name="account", help=paragraphs(ACCOUNT_HELP))


def show_version(value: bool) -> None:
    if value:
        typer.echo(f"tcgkit {__version__} ({build()})")
        raise typer.Exit()


@app.callback()
def root(
    version: bool = typer.Option(
        False, "--version", help="Print the version and the build (pure Python or compiled) and exit.",
        callback=show_version,
        is_eager=True, show_default=False, metavar="",
    ),
) -> None:
    """Card games by their full rules, with AI opponents: play, replay, simulate."""
    use_store()  # card files named before on this machine resolve by their hash


def main() -> None:
    """The console script ``tcgkit``."""
    app()
