"""``tcgkit replay FILE``: check a record replays exactly, and show how the game went."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from ..agents.explain import Explanation
from ..kernel.errors import ReplayError
from ..kernel.replay import game_of, replayed, verify
from ..terminal.card_paths import CARD_FILE_HELP, give_all
from ..terminal.console import make_console
from ..terminal.errors import CliError, reports_errors, usage_error
from ..terminal.game_support import LANG_HELP, Spectator, check_language, checked_position, rules_line
from ..terminal.profile import load_profile
from ..terminal.saves import read_save
from ..terminal.seats import Seats

REPLAY_HELP = """Replay a saved record and show the final position and result.

The record must replay exactly: the same engine version and card data (else use --force)
and every action legal where it was played; otherwise the mismatch is reported (which
action, and why) and the exit code is 1. An unfinished record shows its last position.
--step shows the board after every action (and, once the game is over, why the AI chose each
of its moves when the record kept it: 'tcgkit play --explain'); --json prints one JSON object with the full
state (once the game is over: before, it would show every hand), the spectator's view and
the outcome. A save from 'tcgkit play --save' is read too (an unfinished one only by the profile that
wrote it, and then without the seed or any hidden card). A record names its card files by
content hash: a file named before on this machine is found by it, any other is given with
--card-file PATH (a file whose content has another hash does not stand in for it).
"""


@reports_errors
def replay_record(
    file: Annotated[Path, typer.Argument(help="A record, e.g. from 'tcgkit play --save'.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    step: Annotated[bool, typer.Option("--step", help="Show the board move by move.")] = False,
    force: Annotated[bool, typer.Option(
        "--force", help="Replay despite another engine version or card data."
    )] = False,
    no_color: Annotated[bool, typer.Option("--no-color", help="Plain text, no colour.")] = False,
    card_file: Annotated[list[Path] | None, typer.Option("--card-file", help=CARD_FILE_HELP)] = None,
    lang: Annotated[str | None, typer.Option("--lang", help=LANG_HELP)] = None,
) -> None:
    check_language(lang)
    give_all(card_file)
    if as_json and step:
        raise usage_error("--json prints the final state only; drop --step")
    secret = load_profile().secret
    record = read_save(file, bytes.fromhex(secret) if secret else None).record
    try:
        if record.position is not None:  # from outside: refused whole when it makes no sense
            checked_position(game_of(record), record.position)
        state = verify(record, force=force)
    except ReplayError as exc:
        raise CliError(f"{file}: {exc}") from None
    outcome = state.outcome
    if as_json:
        data = {"view": state.view(None), "outcome": outcome.to_json() if outcome else None}
        if outcome is not None:  # while it goes on, the full state would show every hand
            data = {"state": state.to_json(), **data}
        typer.echo(json.dumps(data))
        return
    console = make_console(no_color)
    game = state.game
    seats = Seats.numbered(game.num_players)
    show = Spectator(game, seats, lang)
    seed = f"Seed {record.seed}, " if outcome is not None else ""  # it deals the hidden cards
    console.print(
        f"{game.title}. {rules_line(game, lang)}. {seed}{len(record.actions)} actions, "
        f"engine {record.engine}.", markup=False,
    )
    if step:
        seen = 0
        match = replayed(record, upto=0, force=force)  # then one action at a time: linear
        now = match.state
        for number in range(len(record.actions) + 1):
            if number:
                match.replay(record.actions[number - 1:number])
            prefix = f"{number}. " if number else ""
            for line in show.news(now, seen) or [""]:
                console.print(prefix + line, markup=False)
                prefix = "   "
            seen = now.event_count()
            if number and outcome is not None:  # before the end, it would name an AI's hidden cards
                for line in _reasons(record.explanations.get(str(number)), show.renderer.t):
                    console.print(f"   {line}", markup=False)
            console.print(show.table(now))
    else:
        console.print(show.table(state))
    if outcome is None:
        mover, words = state.to_move, show.renderer
        console.print(words.t("term.unfinished_nobody", count=len(record.actions)) if mover is None else
                      words.t("term.unfinished", count=len(record.actions), player=words.label(mover)),
                      markup=False)
    else:
        for line in show.outcome(outcome):
            console.print(line, markup=False)


def _reasons(kept: dict[str, Any] | None, t: Callable[..., str]) -> list[str]:
    """What an explanation kept by ``tcgkit play --explain`` says, in words (none for a lone
    move, which the AI did not search)."""
    if kept is None:
        return []
    try:
        why = Explanation.from_json(kept)
    except ValueError as exc:
        raise CliError(f"the record's explanation of an action: {exc}") from None
    if why.before is None or why.after is None:
        return []
    options = [t("term.hint_other", move=o.action, chance=f"{o.chance:.0f}", visits=o.visits)
               for o in why.options]
    return [t("term.replay_why", agent=why.agent, before=f"{why.before:.0f}", after=f"{why.after:.0f}",
              options="; ".join(options))]
