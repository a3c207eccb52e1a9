"""``tcgkit play GAME --server URL``: a match on a server, on the same screen as local play.

The server is the authority: this terminal only draws the scenes it is sent (with the one
renderer every game uses) and sends the moves typed. ``--join ID`` takes a seat in a match
made by someone else (or comes back to one's own: the server sends the pending prompt);
otherwise a new match is made, against ``--vs LEVEL`` (an AI seat) or ``--vs open`` (a seat
for another account, who joins with the id printed). ``--user NAME`` logs in (the password
from TCGKIT_PASSWORD or asked for); without it the terminal plays as a guest.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console

from ..kernel.registry import find_game, load_game
from ..kernel.scene import Scene
from .console import Prompter
from .errors import CliError, usage_error
from .game_support import rules_of
from .render import Renderer
from .seats import Seats
from .server_session import log_in, server_session

COMMANDS = "help, board, quit"


def play_on_server(url: str, game: str, *, rules: str | None, vs: str | None, players: int | None,
                   join: str | None, user: str | None, console: Console, prompter: Prompter,
                   hand: str | None = None, rated: bool = False) -> str:
    """Play one match on the server at ``url``; how it ended: over, quit or eof. ``hand``: a
    trading Triple Triad match's five cards from the account's collection (else ``auto``);
    ``rated``: the new match is rated (every seat an account's: ``--vs open``)."""
    entry = find_game(game)
    with server_session(url, needs="--server") as client:
        if user is None:
            client.guest()
        else:
            log_in(client, user)
        match_id = join or _create(client, entry.name, rules, vs, players, console, hand, rated)
        if join is not None:
            client.join(join, hand=hand)
        started = client.wait_started(match_id, seconds=600)
        if started["status"] == "open":
            raise CliError(f"match {match_id}: nobody joined in 10 minutes")
        with client.connect(match_id) as table:
            return _loop(table, started, console, prompter)


def _create(client: Any, game: str, rules: str | None, vs: str | None, players: int | None,
            console: Console, hand: str | None = None, rated: bool = False) -> str:
    options = rules_of(find_game(game).cls, rules)
    if players is not None:
        options["players"] = players
    count = load_game(game, options).num_players
    other = {"kind": "open"} if vs == "open" else {"kind": "ai", "level": vs or "greedy"}
    me = {"kind": "me"} if hand is None else {"kind": "me", "hand": hand}
    seats = [me] + [other] * (count - 1)
    made = client.create_rated(game, seats, options) if rated else client.create(game, options, seats=seats)
    if vs == "open":
        kind = "Rated match" if rated else "Match"
        console.print(f"{kind} {made['id']} waits for {count - 1} more: they join with "
                      f"'tcgkit play {game} --server {client.url} --join {made['id']}'.", markup=False)
    match_id: str = made["id"]
    return match_id


def _names(table: Any, described: dict[str, Any]) -> Seats:
    names = []
    for seat in described["seats"]:
        if seat["seat"] == table.seat:
            names.append("You")
        elif seat["kind"] == "ai":
            names.append(seat["level"] or "AI")
        else:
            names.append(seat["name"] or f"Player {seat['seat']}")
    return Seats(tuple(names))


def _loop(table: Any, described: dict[str, Any], console: Console, prompter: Prompter) -> str:
    from ..server.client import ServerError  # the session has imported it

    game = load_game(table.welcome["game"], table.welcome["options"])
    renderer = Renderer(game, _names(table, described))
    if table.seat is None:
        raise usage_error("you hold no seat in this match")
    console.print(f"{game.title} on the server, match {table.match_id}. You are seat {table.seat}.",
                  markup=False)
    drawn = -1
    hinted = False
    while not table.over:
        scene = Scene.model_validate(table.scene)
        if not table.my_turn:
            if drawn != table.version:
                console.print(renderer.table(scene))
                mover = scene.pending.player if scene.pending else None
                if mover is not None:
                    console.print(f"Waiting for {renderer.who(mover)}.", markup=False)
                drawn = table.version
            if table.receive(timeout=3600)["type"] in ("welcome", "update"):
                for line in renderer.news(Scene.model_validate(table.scene)):
                    console.print(line, markup=False)
            continue
        if drawn != table.version:
            console.print(renderer.table(scene))
            drawn = table.version
        if not hinted:
            console.print(f"Type a move like {scene.moves[0].notation}, or one of: {COMMANDS}.",
                          markup=False)
            hinted = True
        text = prompter.ask(f"{renderer.who(table.seat)} > ")
        if text is None:
            console.print("Input ended. The match goes on at the server; come back with "
                          f"--join {table.match_id}.", markup=False)
            return "eof"
        word = text.strip().lower()
        if not word:
            continue
        if word in ("quit", "exit", "q"):
            console.print("You left. The match goes on at the server; come back with "
                          f"--join {table.match_id}.", markup=False)
            return "quit"
        if word in ("help", "?", "moves"):
            console.print("Legal moves: " + " | ".join(m.notation for m in scene.moves), markup=False)
            continue
        if word == "board":
            drawn = -1
            continue
        try:
            table.act(text.strip())
        except ServerError as exc:
            console.print(f"Not a move: {exc}. Type 'help' for the moves.", markup=False)
            continue
        for line in renderer.news(Scene.model_validate(table.scene)):
            console.print(line, markup=False)
    console.print(renderer.table(Scene.model_validate(table.scene)))
    outcome = table.scene.get("outcome") or table.ended
    for line in renderer.outcome(outcome):
        console.print(line, markup=False)
    return "over"
