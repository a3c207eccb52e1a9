"""Two people at one terminal, and games started from a pasted position."""

from __future__ import annotations

from tcgkit.kernel.replay import verify

from .helpers import plan_hotseat, saved_record


def test_hotseat_shows_only_the_movers_hand_and_separates_turns(run, home):
    plan = plan_hotseat(4)
    result = run("play", "tt", "--hotseat", "--seed", "4", input=plan.lines())
    assert result.exit_code == 0, result.output
    out = result.stdout
    first_turn = out.split("Player 1 (Red) to move ─")[0]
    decks = plan.match.record.decks
    for name in set(decks[1]) - set(decks[0]):
        assert name not in first_turn  # Red's hand stays hidden during Blue's turn
    assert "Player 1 (Red)'s hand: 5 cards (hidden)" in first_turn
    placements = [move for move in plan.moves if "@" in move]
    assert out.count("to move ─") == len(placements)  # before the first placement and between them
    assert "Since your last turn:\n  Player 0 (Blue) plays" in out
    assert "Result:" in out
    assert not home.exists()  # the profile is left alone


def test_in_hotseat_a_player_cannot_undo_the_others_move(run, home):
    plan = plan_hotseat(4)
    moves = [plan.moves[0], "undo", *plan.moves[1:]]
    result = run("play", "tt", "--hotseat", "--seed", "4", input="\n".join(moves) + "\n")
    assert "Cannot undo: the last move is the other player's" in result.stdout
    assert "Took back" not in result.stdout
    assert "Result:" in result.stdout


def test_open_hotseat_needs_no_separator(run, home):
    result = run("play", "tt", "--hotseat", "--seed", "4", "--rules", "open",
                 input=plan_hotseat(4, "open").lines())
    assert result.exit_code == 0
    assert "to move ─" not in result.stdout


POSITION = (
    "triple-triad rules=same board=1:0/2:1/3:0/4:1/-/6:1/7:0/8:1/9:0 hands=5/10 "
    "decks=1,3,7,9,5/2,4,6,8,10 turn=1"
)


def test_position_start_plays_to_the_end_without_touching_the_profile(run, home):
    result = run("play", "tt", "--position", POSITION, "--as", "1", "--no-color",
                 input="help\nCaterchipillar@4\n")
    assert result.exit_code == 0, result.output
    assert "Legal moves:\n  Caterchipillar@4\n" in result.stdout
    assert "Result:" in result.stdout
    assert not home.exists()


def test_position_against_the_ai_moving_first(run, home):
    result = run("play", "tt", "--position", POSITION, "--as", "0", input="")
    assert result.exit_code == 0, result.output
    assert "greedy (Red) plays Caterchipillar at centre" in result.stdout  # cell 4, in words


def test_a_position_game_saves_with_its_start_and_replays(run, home, tmp_path):
    path = tmp_path / "p.json"
    result = run("play", "tt", "--position", POSITION, "--as", "1", "--save", str(path),
                 input="Caterchipillar@4\n")
    assert result.exit_code == 0, result.output
    record = saved_record(path)
    assert record.position is not None and record.actions == ["Caterchipillar@4"]
    assert verify(record).is_terminal
    replayed = run("replay", str(path))
    assert replayed.exit_code == 0 and "Result:" in replayed.stdout


def test_position_refuses_bad_text_and_other_rules(run, home, tmp_path):
    bad = run("play", "tt", "--position", "triple-triad board=1:0")
    assert bad.exit_code == 2
    assert bad.stderr.strip() == "tcgkit: error: position: missing field 'hands'"
    rules = run("play", "tt", "--position", POSITION, "--rules", "plus")
    assert rules.exit_code == 2
