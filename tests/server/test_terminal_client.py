"""``tcgkit play --server URL``: a server match in the terminal, on local play's screen."""

from __future__ import annotations

import threading
import time
from typing import Any

from typer.testing import CliRunner

from tcgkit.cli.app import app as cli
from tcgkit.server.client import Client
from tcgkit.terminal.console import make_console
from tcgkit.terminal.server_play import play_on_server


class FromServerState:
    """Types what the live room's first legal move is, like a player reading the screen."""

    def __init__(self, app: Any) -> None:
        self.app, self.interactive, self.asked = app, False, 0

    def ask(self, prompt: str) -> str | None:
        self.asked += 1
        if self.asked == 1:
            return "help"
        if self.asked == 2:
            return "Nowhere@99"  # refused with the server's reason; the loop goes on
        (room,) = self.app.state.server.rooms.values()
        return str(room.state.legal_actions()[0])


def test_a_whole_match_against_an_ai_in_the_terminal(live: tuple[str, Any], capsys: Any) -> None:
    url, app = live
    console = make_console(no_color=True)
    ending = play_on_server(url, "triple-triad", rules="same", vs="random", players=None, join=None,
                            user=None, console=console, prompter=FromServerState(app))  # type: ignore[arg-type]
    out = capsys.readouterr().out
    assert ending == "over"
    assert "Legal moves:" in out and "Not a move:" in out and "Nowhere" in out
    assert "You (Blue)" in out or "You (Red)" in out  # the local renderer's seat names
    (room,) = app.state.server.rooms.values()
    assert room.state.is_terminal and room.game.options.same


def test_the_cli_joins_an_open_match_and_leaves_it_running(live: tuple[str, Any]) -> None:
    url, app = live
    host = Client(url)
    host.sign_up("hosting", "long password")
    made = host.create("triple-triad", {"first_player": 1}, seats=[{"kind": "me"}, {"kind": "open"}])
    result = CliRunner().invoke(cli, ["play", "triple-triad", "--server", url, "--join", made["id"],
                                      "--no-color"], input="help\nquit\n")
    assert result.exit_code == 0, result.output
    assert "You are seat 1" in result.output and "You left" in result.output
    assert host.describe(made["id"])["status"] == "running"


def test_server_flags_are_checked(live: tuple[str, Any]) -> None:
    url, _app = live
    both = CliRunner().invoke(cli, ["play", "triple-triad", "--server", url, "--hotseat"])
    assert both.exit_code == 2 and "--server plays with" in both.output
    alone = CliRunner().invoke(cli, ["play", "triple-triad", "--join", "abc"])
    assert alone.exit_code == 2 and "--server URL" in alone.output
    nowhere = CliRunner().invoke(cli, ["play", "triple-triad", "--server", "http://127.0.0.1:9"])
    assert nowhere.exit_code == 1 and "cannot reach the server" in nowhere.output


def test_the_cli_brings_a_hand_from_the_collection_to_a_trading_match(live: tuple[str, Any]) -> None:
    url, app = live
    hand = "Geezard, Funguar, Bite Bug, Red Bat, Blobra"
    result = CliRunner().invoke(cli, ["play", "triple-triad", "--server", url, "--vs", "random",
                                      "--hand", hand, "--no-color"], input="quit\n")
    assert result.exit_code == 0, result.output
    (room,) = app.state.server.rooms.values()
    assert room.decks[0] == [name.strip() for name in hand.split(",")]
    lacking = CliRunner().invoke(cli, ["play", "triple-triad", "--server", url, "--vs", "random",
                                       "--hand", "Squall, Geezard, Funguar, Bite Bug, Red Bat"])
    assert lacking.exit_code == 1 and "Squall" in lacking.output


def test_a_rated_match_made_from_the_terminal_seats_accounts_only(live: tuple[str, Any]) -> None:
    url, _app = live
    Client(url).sign_up("rater", "long password")
    rival = Client(url)
    rival.sign_up("rival", "long password")
    joined: list[str] = []

    def join_when_open() -> None:  # the other account, as a person in the lobby would
        for _ in range(300):
            waiting = [m for m in rival.matches("open")
                       if any(seat["name"] == "rater" for seat in m["seats"])]
            if waiting:
                rival.join(waiting[0]["id"])
                joined.append(waiting[0]["id"])
                return
            time.sleep(0.05)

    joiner = threading.Thread(target=join_when_open)
    joiner.start()
    made = CliRunner().invoke(cli, ["play", "triple-triad", "--server", url, "--vs", "open",
                                    "--user", "rater", "--rated", "--rules", "first_player=0", "--no-color"],
                              input="quit\n", env={"TCGKIT_PASSWORD": "long password"})
    joiner.join()
    assert made.exit_code == 0, made.output
    assert "Rated match" in made.output and "You left" in made.output
    described = rival.describe(joined[0])
    assert described["rated"] and [s["name"] for s in described["seats"]] == ["rater", "rival"]

    for asked, refused in [
        (["--vs", "random", "--user", "rater"], "--rated seats accounts only"),  # an AI seat
        (["--vs", "open"], "--rated seats accounts only"),  # a guest
        (["--join", joined[0], "--user", "rater"], "--rated makes a new match"),
    ]:
        result = CliRunner().invoke(cli, ["play", "triple-triad", "--server", url, "--rated", *asked])
        assert result.exit_code == 2 and refused in result.output, result.output
    alone = CliRunner().invoke(cli, ["play", "triple-triad", "--rated"])
    assert alone.exit_code == 2 and "--server URL" in alone.output
