"""``tcgkit replay URL --at K [--seat S]`` against a live server: the record fetched by the
link a browser shows (or the API's), its digest checked, the table drawn at move K from a
seat's view or a spectator's; each bad link a one-line error with exit code 1."""

from __future__ import annotations

import json
import socket
from pathlib import Path
from typing import Any

import pytest
from tests.server.test_replay_api import HIDDEN_HANDS, hand_names
from typer.testing import CliRunner

from tcgkit.cli.app import app as cli
from tcgkit.server.client import Client


def played_out(url: str, spectators: bool = True, user: str | None = None) -> tuple[Client, str, int]:
    """A Triple Triad match against the AI played to its end by a client; its id and moves."""
    client = Client(url)
    if user is None:
        client.guest()
    else:
        client.sign_up(user, "correct horse")
    seats = [{"kind": "me"}, {"kind": "ai", "level": "random"}]
    made = client.create("triple-triad", HIDDEN_HANDS, seats=seats, spectators=spectators)
    with client.connect(made["id"]) as table:
        while not table.over:
            if table.my_turn:
                table.act(table.scene["moves"][0]["notation"])
            else:
                table.receive()
        return client, made["id"], table.version


def replay(*args: str, env: dict[str, str] | None = None) -> Any:
    return CliRunner().invoke(cli, ["replay", *args, "--no-color"], env=env)


def test_a_browser_link_draws_the_table_at_move_k_from_a_seat_or_as_a_spectator(
        live: tuple[str, Any], tmp_path: Path) -> None:
    url = live[0]
    client, match, last = played_out(url)
    seat0, seat1 = client.replay(match, 0, 3), client.replay(match, 1, 3)
    areas = seat0["scene"]["areas"]
    board = {face["name"] for a in areas if a["key"] == "board" for face in a["items"] if face}
    hidden = (hand_names(seat0, 0) | hand_names(seat1, 1)) - board
    mine = hand_names(seat0, 0) - board - hand_names(seat1, 1)
    assert len(hidden) >= 4 and mine

    as_seat = replay(f"{url}/#/replay/{match}?seat=0&at=3")
    assert as_seat.exit_code == 0, as_seat.output
    assert f"Move 3 of {last}, as Player 0 (Blue) saw it." in as_seat.output
    assert all(name in as_seat.output for name in mine)  # its own hand, face up
    assert "Result:" not in as_seat.output  # move 3 is not the end

    public = replay(f"{url}/api/matches/{match}/record", "--at", "3")
    assert public.exit_code == 0, public.output
    assert f"Move 3 of {last}, as a spectator saw it." in public.output
    assert not [name for name in hidden if name in public.output]

    options_win = replay(f"{url}/#/replay/{match}?seat=0&at=1", "--at", "3", "--seat", "1")
    assert "Move 3 of" in options_win.output and "as Player 1 (Red) saw it" in options_win.output
    end = replay(f"{url}/#/match/{match}", "--at", str(last))
    assert end.exit_code == 0 and f"Move {last} of {last}" in end.output and "Result:" in end.output

    # the record downloaded as a file replays the same at move 3, and an edited one is refused
    saved = tmp_path / "record.json"
    saved.write_text(json.dumps(client.record(match)))
    from_file = replay(str(saved), "--at", "3", "--seat", "0")
    assert from_file.exit_code == 0 and from_file.output.split("\n", 1)[1] == as_seat.output.split("\n", 1)[1]
    data = json.loads(saved.read_text())
    data["actions"][0], data["actions"][1] = data["actions"][1], data["actions"][0]
    saved.write_text(json.dumps(data))
    edited = replay(str(saved))
    assert edited.exit_code == 1 and "digest mismatch: actions changed" in edited.output
    client.close()


def test_each_bad_link_is_one_line_naming_what_with_exit_code_1(live: tuple[str, Any]) -> None:
    url = live[0]
    client, match, last = played_out(url)
    cases = {
        f"--at {last + 1}: the match has {last} moves (0 to {last})": [f"{url}/#/replay/{match}", "--at",
                                                                        str(last + 1)],
        "--seat 2: the match has 2 seats (0 to 1)": [f"{url}/#/replay/{match}?seat=2&at=1"],
        "no match 'nope'": [f"{url}/#/replay/nope"],
        "is not a match's page": [f"{url}/#/lobby"],
        "at='x' is not a number": [f"{url}/#/replay/{match}?at=x"],
    }
    running = client.create("triple-triad", HIDDEN_HANDS, seats=[{"kind": "me"}, {"kind": "open"}])
    cases["the match is open: it is replayed once it is over"] = [f"{url}/#/replay/{running['id']}"]
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        closed = probe.getsockname()[1]
    cases[f"cannot reach the server at http://127.0.0.1:{closed}"] = [f"http://127.0.0.1:{closed}/#/replay/{match}"]
    for expected, args in cases.items():
        result = replay(*args)
        assert result.exit_code == 1, (args, result.output)
        line = result.output.strip()
        assert "\n" not in line and expected in line, (args, line)
    client.close()


def test_a_match_closed_to_spectators_is_fetched_by_its_player_signed_in(live: tuple[str, Any]) -> None:
    url = live[0]
    client, match, _last = played_out(url, spectators=False, user="ana")
    anonymous = replay(f"{url}/#/replay/{match}", "--at", "1")
    assert anonymous.exit_code == 1 and "closed it to spectators" in anonymous.output
    signed_in = replay(f"{url}/#/replay/{match}", "--at", "1", "--user", "ana",
                       env={"TCGKIT_PASSWORD": "correct horse"})
    assert signed_in.exit_code == 0, signed_in.output
    assert "Move 1 of" in signed_in.output
    wrong = replay(f"{url}/#/replay/{match}", "--user", "ana", env={"TCGKIT_PASSWORD": "wrong"})
    assert wrong.exit_code == 1 and "the server refused" in wrong.output
    client.close()


@pytest.mark.parametrize("flags", [["--json"], ["--step"]])
def test_at_is_one_move_so_it_is_not_given_with_json_or_step(flags: list[str]) -> None:
    result = replay("http://127.0.0.1:9/#/replay/x", "--at", "1", *flags)
    assert result.exit_code == 2 and "--at shows one move's table" in result.output


def test_a_move_the_server_made_for_a_player_says_so(live: tuple[str, Any]) -> None:
    url = live[0]
    alice, bob = Client(url), Client(url)
    alice.guest()
    bob.guest()
    made = alice.create("triple-triad", HIDDEN_HANDS, seats=[{"kind": "me"}, {"kind": "open"}],
                        rules={"grace": 0.2, "absence": "ai", "stand_in": "random"})
    bob.join(made["id"])  # and never comes: his seat is played by the stand-in
    with alice.connect(made["id"]) as table:
        while not table.over:
            if table.my_turn:
                table.act(table.scene["moves"][0]["notation"])
            else:
                table.receive()
    made_by = alice.record(made["id"])["made_by"]
    assert made_by.get("2") == "stand_in" and "1" not in made_by
    his = replay(f"{url}/#/replay/{made['id']}?at=2")
    assert his.exit_code == 0 and "An AI made this move, standing in for an absent player." in his.output
    hers = replay(f"{url}/#/replay/{made['id']}?at=1")
    assert hers.exit_code == 0 and "made this move" not in hers.output
    alice.close()
    bob.close()
