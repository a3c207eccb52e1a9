"""``tcgkit collection``: the cards in your profile, which hands are chosen from."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from ..kernel.collecting import collection_rules
from ..terminal.console import make_console
from ..terminal.errors import CliError, reports_errors
from ..terminal.profile import collecting_game, load_profile, profile_path, reset_profile
from ..terminal.render import Renderer
from ..terminal.seats import Seats

COLLECTION_HELP = """Show your Triple Triad card collection (your profile).

A new profile starts with one of each level-1 and level-2 card. 'tcgkit play' picks your
hand from it and a trade against the AI adds or removes cards. The profile is
profile.json in your user data folder; the TCGKIT_HOME environment variable overrides
the folder. --reset --yes starts again from the starter collection; the old profile is
kept as a backup beside it (profile.json.bak, then .2.bak, ...). Viewing never needs to
write: a read-only folder still shows the collection.
"""


@reports_errors
def collection(
    as_json: Annotated[bool, typer.Option("--json", help="Print it as JSON.")] = False,
    reset: Annotated[bool, typer.Option("--reset", help="Back to the starter collection.")] = False,
    yes: Annotated[bool, typer.Option("--yes", help="Confirm --reset of a valid profile.")] = False,
    no_color: Annotated[bool, typer.Option("--no-color", help="Plain text, no colour.")] = False,
) -> None:
    game = collecting_game()
    console = make_console(no_color)
    if reset:
        profile, moved = reset_profile(game, confirmed=yes)
        say = (lambda text: typer.echo(text, err=True)) if as_json else \
            (lambda text: console.print(text, markup=False))  # --json: stdout is the JSON alone
        if moved is not None:
            say(f"The old profile was kept as {moved}.")
        say("Your collection is the starter collection again.")
    else:
        profile = load_profile()
    cards = profile.collection(game)
    if not profile.path.exists():
        profile.set_collection(game, cards)
        try:
            profile.save()
        except CliError as exc:  # a read-only folder: show it all the same
            typer.echo(f"tcgkit: warning: {exc}", err=True)
    if as_json:
        typer.echo(json.dumps({
            "game": game.name, "file": str(profile_path()), "total": len(cards),
            "cards": cards.to_json(),
        }))
        return
    table = collection_rules(game).table(cards, f"Your {game.title} collection: {len(cards)} cards")
    console.print(Renderer(game, Seats.versus(0, "AI")).card_table(table))
    console.print(f"Profile: {profile.path}", markup=False)
