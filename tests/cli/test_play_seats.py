"""``tcgkit play GAME --players N --seat human,greedy,...``: people and AIs in any seats, the
terminal handed over between people without showing one person's hand to the next."""

from __future__ import annotations

import re

import tcgkit
from tcgkit.agents import make_agent
from tcgkit.terminal.match import Match
from tcgkit.terminal.play_loop import agent_choice

SEATS = ["human", "greedy", "human", "random"]
SEED = 5
HAND_OVER = re.compile(r"^Pass to (Player \d) \((?:Blue|Red|Green|Yellow)\), press Enter$")
HAND = re.compile(r"^(Player \d|greedy|random) \((?:Blue|Red|Green|Yellow)\)'s Hand \(\d+\)")
TITLE = re.compile(r"^(Player \d|greedy|random) \((?:Blue|Red|Green|Yellow)\)$")  # a side's title


def plan_four(seed: int) -> tuple[list[str], Match]:
    """What the two people type in ``play conflictus --players 4 --seat human,greedy,human,random
    --seed SEED`` when each plays as the greedy agent would, and the match played to its end."""
    game = tcgkit.load_game("conflictus", players=4)
    match = Match.new(game, seed, None)
    agents = {p: make_agent(name, game) for p, name in enumerate(SEATS) if name != "human"}
    people = make_agent("greedy", game)
    moves = []
    while not match.state.is_terminal:
        mover = match.state.to_move
        assert mover is not None
        if mover in agents:
            action = agent_choice(match, mover, agents[mover])
        else:
            action = agent_choice(match, mover, people)
            moves.append(str(action))
        match.play(action, mover)
    return moves, match


def test_four_players_two_people_two_ais_hand_over_without_showing_a_hand(run, home):
    moves, planned = plan_four(SEED)
    result = run("play", "conflictus", "--players", "4", "--seat", ",".join(SEATS), "--seed",
                 str(SEED), "--no-color", input="\n".join(moves) + "\n")
    assert result.exit_code == 0, result.output[-2000:]
    out = result.stdout
    assert "Result:" in out and "Places: " in out
    assert f"Seed {SEED}: play the same deal again with tcgkit play conflictus --seed {SEED} " \
           "--players 4\n" in out
    assert "has priority: put down a source" in out  # another player's Main phase
    people = [p for p in range(4) if SEATS[p] == "human"]
    first = next(p for p in planned.movers if p in people)
    assert out.count("Player 0 (Blue) >") + out.count("Player 2 (Green) >") == len(moves)
    # Who sits at the terminal, line by line: the first person to move, then whoever each
    # hand-over names; every hand on the screen until the next hand-over is theirs.
    seated, owner, hands_seen, hand_overs = f"Player {first}", None, 0, 0
    for line in out.splitlines():
        if (over := HAND_OVER.match(line.strip())) is not None:
            seated, hand_overs = over.group(1), hand_overs + 1
        elif (title := TITLE.match(line.strip())) is not None:
            owner = title.group(1)
        elif (hand := HAND.match(line.strip())) is not None:  # the viewer's hand, at the foot
            hands_seen += 1
            assert hand.group(1) == seated, f"{hand.group(1)}'s hand shown while {seated} holds the terminal"
        elif line.strip().startswith("Hand"):  # a hand among a side's areas (the full table)
            hands_seen += 1
            assert owner == seated, f"{owner}'s hand shown while {seated} holds the terminal"
        elif line.startswith(("Player 0 (Blue) >", "Player 2 (Green) >")):
            assert line.startswith(seated), f"{line[:20]} typed while {seated} is seated"
    assert hands_seen >= len(moves) // 2 and hand_overs > 10
    assert "Player 0 (Blue)" in out and "greedy (Red)" in out and "random (Yellow)" in out
    assert planned.state.outcome is not None
    places = planned.state.outcome.ranks
    winner = places.index(0)
    assert f"1. {['Player 0 (Blue)', 'greedy (Red)', 'Player 2 (Green)', 'random (Yellow)'][winner]}" in out


def test_players_alone_seats_you_against_the_vs_ai_at_your_seat(run, home):
    result = run("play", "conflictus", "--players", "3", "--as", "2", "--vs", "random", "--seed", "2",
                 "--no-color", input="quit\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "3 players" in out and "random (Blue)" in out and "random (Red)" in out
    assert "You (Green) > quit" in out or "You (Green) >" in out
    assert "Pass to" not in out  # one person: nothing to hand over


def test_hotseat_with_players_seats_that_many_people(run, home):
    result = run("play", "conflictus", "--players", "3", "--hotseat", "--seed", "2", "--no-color",
                 input="keep\nkeep\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Player 2 (Green)" in out and "greedy" not in out
    assert out.count("press Enter") >= 2


def test_seat_lists_are_checked_before_anything_is_played(run, home):
    cases = [
        (["--players", "4", "--seat", "human,greedy"], "names 2 seats; this Conflictus Aeternus game has 4"),
        (["--seat", "greedy,random"], "seats no person ('human')"),
        (["--players", "3", "--seat", "human,wizard,random"], "no agent named 'wizard'"),
        (["--players", "3", "--seat", "human,,random"], "seat 1 is empty"),
        (["--seat", "human,greedy", "--vs", "random"], "--seat says who sits in every seat"),
        (["--players", "3", "--as", "3"], "--as 3: conflictus has seats 0..2"),
        (["--players", "5"], "played by 2 to 4 players"),
        (["--players", "3", "--rules", "players=4"], "--players 3 and the rule players=4 disagree"),
        (["--rules", "players=three"], "players='three': a whole number of players"),
    ]
    for flags, message in cases:
        result = run("play", "conflictus", "--seed", "1", *flags, input="quit\n")
        assert result.exit_code != 0, flags
        assert message in " ".join(result.output.split()), (flags, result.output)
        assert "Rodada" not in result.output


def test_rules_players_is_the_same_as_the_players_flag(run, home):
    by_rule = run("play", "conflictus", "--rules", "players=3", "--seed", "3", "--no-color", input="quit\n")
    by_flag = run("play", "conflictus", "--players", "3", "--seed", "3", "--no-color", input="quit\n")
    assert by_rule.exit_code == by_flag.exit_code == 0
    assert by_rule.stdout == by_flag.stdout and "3 players" in by_flag.stdout


def test_play_help_documents_players_and_seats(run):
    result = run("play", "--help")
    text = " ".join(result.output.split())
    assert "--players" in text and "--seat" in text
    assert "human,greedy,normal,random" in text


def test_sentences_about_you_agree_with_you(run, home):
    result = run("play", "conflictus", "--players", "4", "--seat", "human,greedy,normal,random",
                 "--seed", "9", "--no-color", input="keep\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "You (Blue) draw " in out and "You (Blue) keep your hand." in out
    assert "You (Blue) draws" not in out and "You (Blue) keeps" not in out
    assert "You (Blue) have priority:" in out and "normal (Green) keeps their hand." in out
