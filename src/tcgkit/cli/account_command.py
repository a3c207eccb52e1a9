"""``tcgkit account import --server URL --user NAME``: the local profile's Triple Triad
collection into an account of a match server.

The profile is read and checked by its own code (``profile.py``: the file's shape, every
card and count by the game's collection rules); a profile that fails is refused with the
reason and nothing is sent. Only the collection leaves the machine, never the profile's
secret. The server takes it once per account, before the account's first trade.
"""

from __future__ import annotations

from typing import Annotated

import typer

from ..terminal.errors import CliError, reports_errors
from ..terminal.profile import collecting_game, load_profile, profile_lock
from ..terminal.server_session import log_in, server_session

ACCOUNT_HELP = """Your account on a match server ('tcgkit serve').

'tcgkit account import --server URL --user NAME' brings your local profile's Triple Triad
collection (the cards 'tcgkit collection' shows) into the account NAME, whose password is
asked for (or read from TCGKIT_PASSWORD). The profile is checked first, as every command
checks it: a corrupt or edited-out-of-shape profile is refused and nothing is sent. A server
takes one import per account, before its first trade, so an import never undoes a trade;
the local profile stays as it was (the two collections go their own ways from then on).
"""

account_app = typer.Typer(no_args_is_help=True, add_completion=False)


@account_app.command("import")
@reports_errors
def import_profile(
    server: Annotated[str, typer.Option("--server", help="The server's URL, e.g. http://127.0.0.1:8000.")],
    user: Annotated[str, typer.Option("--user", help="The account to import into.")],
) -> None:
    """Import your local profile's Triple Triad collection into an account on a server."""
    game = collecting_game()
    with profile_lock():
        profile = load_profile()
        if not profile.path.exists():
            raise CliError(f"there is no local profile at {profile.path}: nothing to import")
        cards = profile.collection(game)  # the profile's own checks: a bad file stops here
        busy = [m for m in profile.pending.values() if m.get("game") == game.name]
        if busy:
            raise CliError(f"{len(busy)} trading match(es) in progress hold cards of your collection; "
                           "finish them ('tcgkit play --resume FILE') before importing")
    with server_session(server, needs="--server") as client:
        log_in(client, user)
        answer = client.import_profile({game.name: cards.to_json()})
    typer.echo(f"Imported {answer['total']} cards into {user}'s {game.title} collection at {server}.")
