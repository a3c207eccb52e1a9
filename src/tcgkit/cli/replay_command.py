"""``tcgkit replay FILE`` or ``tcgkit replay URL``: check a record replays exactly (and its
digest, when it has one), and show how the game went, or the table at one move."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from ..agents.explain import Explanation
from ..kernel.errors import ReplayError
from ..kernel.record import MatchRecord
from ..kernel.replay import game_of, replayed, verify
from ..terminal.card_paths import CARD_FILE_HELP, give_all
from ..terminal.console import make_console
from ..terminal.errors import CliError, reports_errors, usage_error
from ..terminal.game_support import LANG_HELP, Spectator, check_language, checked_position, rules_line
from ..terminal.profile import load_profile
from ..terminal.render import Renderer
from ..terminal.replay_link import fetch_record, parse_link
from ..terminal.saves import read_save
from ..terminal.seats import Seats

REPLAY_HELP = """Replay a saved record, or a finished match by its address, and show the final position
and result (or, with --at, the table at one move).

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

A record from a match server carries a digest (SHA-256 of its content): a record changed
since it was downloaded is refused, naming the field that changed. Older records have none
and replay as before.

'tcgkit replay URL --at K --seat S' fetches a finished match's record from the server it was
played on (the address the browser shows, http://HOST/#/replay/ID?seat=S&at=K, or the API's,
http://HOST/api/matches/ID/record), checks it, and draws the table after its first K moves as
seat S saw it (seats count from 0; without --seat, as a spectator sees it); the link's own
seat and at are used when --seat and --at are not given. --at and --seat work on a FILE too
(--seat only once its game is over: until then the other hands stay hidden).
The record is fetched anonymously, or as --user NAME (its password from TCGKIT_PASSWORD or
asked for): a match closed to spectators is given to its players only. A move past the last,
a seat the match does not have, a match not over, or a server that cannot be reached is
reported in one line, with exit code 1.
"""
LINK_PREFIXES = ("http://", "https://")


@reports_errors
def replay_record(
    source: Annotated[str, typer.Argument(
        metavar="FILE|URL", help="A record (e.g. from 'tcgkit play --save'), or a finished match's address."
    )],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    step: Annotated[bool, typer.Option("--step", help="Show the board move by move.")] = False,
    force: Annotated[bool, typer.Option(
        "--force", help="Replay despite another engine version or card data."
    )] = False,
    no_color: Annotated[bool, typer.Option("--no-color", help="Plain text, no colour.")] = False,
    card_file: Annotated[list[Path] | None, typer.Option("--card-file", help=CARD_FILE_HELP)] = None,
    lang: Annotated[str | None, typer.Option("--lang", help=LANG_HELP)] = None,
    at: Annotated[int | None, typer.Option("--at", help="Show the table after this many moves.")] = None,
    seat: Annotated[int | None, typer.Option(
        "--seat", help="With --at: as this seat saw it (from 0); else as a spectator."
    )] = None,
    user: Annotated[str | None, typer.Option("--user", help="With a URL: fetch it as account NAME.")] = None,
) -> None:
    check_language(lang)
    give_all(card_file)
    if as_json and step:
        raise usage_error("--json prints the final state only; drop --step")
    if (at is not None or seat is not None) and (as_json or step):
        raise usage_error("--at shows one move's table; drop --json and --step")
    if source.startswith(LINK_PREFIXES):
        link = parse_link(source)
        if not (as_json or step):  # the link's move and seat, unless another way of showing is asked
            at, seat = at if at is not None else link.at, seat if seat is not None else link.seat
        file = f"match {link.match} at {link.server}"
        record = MatchRecord.from_json(fetch_record(link, user), source=file)
    else:
        if user is not None:
            raise usage_error("--user signs in to a server: give the match's URL, not a file")
        file = source
        secret = load_profile().secret
        record = read_save(Path(source), bytes.fromhex(secret) if secret else None).record
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
    game = state.game
    check_move(record, game.num_players, at, seat, over=outcome is not None)
    console = make_console(no_color)
    seats = Seats.numbered(game.num_players)
    show = Spectator(game, seats, lang)
    seed = f"Seed {record.seed}, " if outcome is not None else ""  # it deals the hidden cards
    console.print(
        f"{game.title}. {rules_line(game, lang)}. {seed}{len(record.actions)} actions, "
        f"engine {record.engine}.", markup=False,
    )
    if at is not None or seat is not None:
        show_move(console, record, Renderer(game, seats, lang), len(record.actions) if at is None else at,
                  seat, force)
        if at is not None and at < len(record.actions):
            return  # the end is not reached yet
    elif step:
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


def check_move(record: MatchRecord, players: int, at: int | None, seat: int | None, *, over: bool) -> None:
    """Refuse a move past the record's last, a seat its game does not have, or a seat's view
    of a game still going on (its hand is no one else's business until the end)."""
    if seat is not None and not 0 <= seat < players:
        raise CliError(f"--seat {seat}: the match has {players} seats (0 to {players - 1}); "
                       "leave it out for a spectator's view")
    if seat is not None and not over:
        raise CliError(f"--seat {seat}: the game is not over, so its seats' hidden cards stay hidden; "
                       "leave --seat out for a spectator's view")
    last = len(record.actions)
    if at is not None and not 0 <= at <= last:
        raise CliError(f"--at {at}: the match has {last} moves (0 to {last})")


def show_move(console: Console, record: MatchRecord, words: Renderer, at: int, seat: int | None,
              force: bool) -> None:
    """The table after the record's first ``at`` actions as ``seat`` (``None``: a spectator) saw
    it, after what the last of them did (and who made it, when not its player)."""
    last = len(record.actions)
    match = replayed(record, upto=max(at - 1, 0), force=force)
    since = match.state.event_count() if at else 0
    if at:
        match.replay(record.actions[at - 1:at])
    viewer = words.t("term.replay_spectator") if seat is None else words.label(seat)
    console.print(words.t("term.replay_at", at=at, last=last, viewer=viewer), markup=False)
    prefix = f"{at}. " if at else ""
    for line in words.news(match.state.scene(seat, since)):
        console.print(prefix + line, markup=False)
        prefix = " " * len(prefix)
    made_by = record.made_by.get(str(at))
    if made_by is not None:
        console.print(prefix + words.t(f"term.made_by.{made_by}"), markup=False)
    console.print(words.table(match.state.scene(seat, match.state.event_count())))


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
