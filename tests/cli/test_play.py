"""tcgkit play against the AI with moves piped in: whole games, commands, bad input."""

from __future__ import annotations

import json

from rich.console import Console

from tcgkit.agents import make_agent
from tcgkit.kernel.replay import verify
from tcgkit.terminal.match import Match
from tcgkit.terminal.play_loop import PlayLoop
from tcgkit.terminal.seats import Seats

from .helpers import find_plan, greedy, plan_vs_ai, saved_record


def play(run, *args: str, input: str):
    return run("play", "triple-triad", "--no-color", *args, input=input)


def test_a_whole_game_ends_with_the_result(run, home):
    plan = plan_vs_ai(5)
    result = play(run, "--seed", "5", "--hand", "auto", input=plan.lines())
    assert result.exit_code == 0, result.output
    scores = plan.state.outcome.scores
    assert f"{scores[0]:g}-{scores[1]:g} (the board is full)" in result.stdout
    assert "\x1b[" not in result.stdout  # no colour codes in a pipe


def test_hand_chosen_at_the_prompt_after_a_wrong_answer(run, home):
    plan = plan_vs_ai(5)
    names = plan.match.record.decks[0]  # the five strongest, in that order
    typed = ", ".join([*names[:4], names[4][:4].lower()])  # a prefix is enough
    result = play(run, "--seed", "5", input=plan.lines("Geezard, Geezard", "Squall", typed))
    assert result.exit_code == 0, result.output
    assert "got 2 card(s)" in result.stdout
    assert "got 1 card(s)" in result.stdout
    assert "Result:" in result.stdout


def test_hand_not_in_the_collection_is_refused(run, home):
    result = play(run, "--hand", "Squall,Geezard,Funguar,Red Bat,Blobra", input="")
    assert result.exit_code == 2
    assert "Squall is not in your collection" in result.stderr


def test_help_hint_and_wrong_input_explain_and_ask_again(run, home):
    plan = plan_vs_ai(5)
    first = plan.moves[0]
    card = first.split("@")[0]
    commands = ["help", "hint", "Zzzz@4", f"{card}@9", "hello"]
    result = play(run, "--seed", "5", "--hand", "auto", input=plan.lines(*commands))
    out = result.stdout
    assert result.exit_code == 0, out
    assert f"Legal moves:\n  {card}@0," in out
    assert "Hint (normal): " in out
    assert "no card named 'Zzzz'" in out
    assert "the cell after '@' must be 0..8" in out
    assert "expected CARD@CELL" in out
    assert "Result:" in out


def test_an_occupied_cell_is_an_illegal_move(run, home):
    plan = plan_vs_ai(5)
    card = plan.moves[1].split("@")[0]  # still in hand after the first move
    occupied = plan.moves[0].split("@")[1]  # taken by the first move
    lines = [plan.moves[0], f"{card}@{occupied}", *plan.moves[1:]]
    result = play(run, "--seed", "5", "--hand", "auto", input="\n".join(lines) + "\n")
    assert f"cell {occupied} is taken by" in result.stdout
    assert "Result:" in result.stdout


def test_undo_takes_back_my_move_and_the_reply(run, home, tmp_path):
    plan = plan_vs_ai(5, "open,trade=none")  # the AI's hand is open: its reply tells nothing hidden
    save = tmp_path / "undo.json"
    moves = [plan.moves[0], "undo", *plan.moves]
    result = play(run, "--seed", "5", "--hand", "auto", "--rules", "open", "--trade", "none",
                  "--save", str(save), input="\n".join(moves) + "\n")  # a trading match is never undone
    assert result.exit_code == 0, result.output
    assert "Took back 2 actions." in result.stdout
    assert saved_record(save).actions == plan.match.actions  # as if never undone


def test_undo_never_goes_back_past_a_card_played_from_a_hidden_hand(run, home):
    plan = plan_vs_ai(5)  # closed: the AI's reply shows a card of its hidden hand
    result = play(run, "--seed", "5", "--hand", "auto", "--trade", "none",
                  input="\n".join([plan.moves[0], "undo", *plan.moves[1:]]) + "\n")
    assert "Cannot undo: a move since then showed you hidden cards" in result.stdout
    assert "Took back" not in result.stdout and "Result:" in result.stdout


def test_undo_before_any_move_says_so(run, home):
    result = play(run, "--seed", "5", "--hand", "auto", "--trade", "none", input="undo\nquit\n")
    assert "Nothing to undo." in result.stdout


def test_quit_and_end_of_input_keep_the_save(run, home, tmp_path):
    """A match that trades no cards (quitting a trading one loses it: test_trust_round3)."""
    plan = plan_vs_ai(7, rules="trade=none")
    save = tmp_path / "game.json"
    result = play(run, "--seed", "7", "--hand", "auto", "--trade", "none", "--save", str(save),
                  input="\n".join(plan.moves[:2]) + "\nquit\n")
    assert result.exit_code == 0
    assert "You quit. The game is saved in" in result.stdout
    assert saved_record(save).outcome is None

    result = play(run, "--resume", str(save), input=plan.moves[2] + "\n")
    assert result.exit_code == 1  # the piped moves end first: exit 1
    assert "Input ended. The game is saved in" in result.stdout

    result = play(run, "--resume", str(save), input="\n".join(plan.moves[3:]) + "\n")
    assert result.exit_code == 0, result.output
    assert "Result:" in result.stdout
    record = saved_record(save)
    assert record.actions == plan.match.actions
    assert record.outcome == plan.state.outcome.to_json()
    assert verify(record).outcome == plan.state.outcome


def test_resume_of_a_finished_game_just_shows_the_result(run, home, tmp_path):
    seed, plan = find_plan(lambda p: p.state.outcome.winner is not None)
    save = tmp_path / "done.json"
    play(run, "--seed", str(seed), "--hand", "auto", "--save", str(save), input=plan.lines())
    profile = home / "profile.json"
    before = profile.read_text()  # the game ended with a trade
    result = play(run, "--resume", str(save), input="")
    assert result.exit_code == 0
    assert "Result:" in result.stdout
    assert profile.read_text() == before  # no second trade


def test_winning_a_trade_adds_the_card_to_the_collection(run, home):
    seed, plan = find_plan(lambda p: p.state.outcome.winner == 0, human=greedy)
    result = play(run, "--seed", str(seed), "--hand", "auto", input=plan.lines())
    assert result.exit_code == 0, result.output
    [[card, giver, taker]] = plan.state.outcome.details["trade"]
    assert (giver, taker) == (1, 0)
    assert f"Your collection: +{card} (now 23 cards)." in result.stdout
    profile = json.loads((home / "profile.json").read_text())
    collection = run("collection", "--json")
    assert json.loads(collection.stdout)["cards"] == profile["collections"]["triple-triad"]
    assert profile["collections"]["triple-triad"][card] >= 1
    assert sum(profile["collections"]["triple-triad"].values()) == 23


def test_losing_a_trade_removes_the_card(run, home):
    seed, plan = find_plan(lambda p: p.state.outcome.winner == 1)
    result = play(run, "--seed", str(seed), "--hand", "auto", input=plan.lines())
    assert result.exit_code == 0, result.output
    [[card, giver, taker]] = plan.state.outcome.details["trade"]
    assert (giver, taker) == (0, 1)
    assert f"Your collection: -{card} (now 21 cards)." in result.stdout
    cards = json.loads(run("collection", "--json").stdout)["cards"]
    assert card not in cards


def test_playing_second_seat(run, home):
    plan = plan_vs_ai(3, seat=1)
    result = play(run, "--seed", "3", "--hand", "auto", "--as", "1", input=plan.lines())
    assert result.exit_code == 0, result.output
    assert "You (Red) >" in result.stdout


def test_random_rule_deals_the_hand_from_the_collection(run, home):
    result = play(run, "--rules", "random", "--trade", "none", "--seed", "2", input="quit\n")
    assert result.exit_code == 0
    assert "Random: your hand is dealt from your collection:" in result.stdout
    # (a trading match would hold its hand, and the next one deal from the other cards)
    again = play(run, "--rules", "random", "--trade", "none", "--seed", "2", input="quit\n")
    dealt = [line for line in result.stdout.splitlines() if line.startswith("Random:")]
    assert dealt == [line for line in again.stdout.splitlines() if line.startswith("Random:")]


def test_the_opponents_hidden_hand_never_shows(run, home):
    plan = plan_vs_ai(5, rules="same,plus")
    result = play(run, "--seed", "5", "--hand", "auto", "--rules", "same,plus", input="quit\n")
    first_move_card = plan.match.actions[0].split("@")[0]  # the AI's, if it moved first
    theirs = set(plan.match.record.decks[1]) - set(plan.match.record.decks[0])
    for name in theirs - {first_move_card}:
        assert name not in result.stdout
    assert "greedy (Red)'s hand: " in result.stdout and "cards (hidden)" in result.stdout


def test_bad_inputs_are_one_line_errors(run, home, tmp_path):
    cases = [
        (["--rules", "samey"], 2, "unknown rule 'samey'"),
        (["--vs", "smart"], 2, "no agent named 'smart'"),
        (["--as", "3"], 2, "--as 3"),
        (["--trade", "half"], 2, "trade"),
        (["--resume", str(tmp_path / "missing.json")], 1, "cannot read"),
        (["--resume", "x.json", "--rules", "same"], 2, "--resume continues a saved game"),
        (["--hotseat", "--vs", "random"], 2, "--hotseat seats two people"),
        (["--rules", "random", "--hand", "auto"], 2, "drop --hand"),
    ]
    for args, code, message in cases:
        result = play(run, *args, input="")
        assert result.exit_code == code, (args, result.output)
        assert message in result.stderr, (args, result.stderr)
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
        assert "Traceback" not in result.output


def test_resume_of_another_games_record_is_refused(run, home, tmp_path):
    save = tmp_path / "ff.json"
    save.write_text(json.dumps({
        "game": "forge-fury", "options": {}, "seed": 1, "decks": None, "actions": [],
        "engine": "0.1.0", "cards": "",
    }))
    result = play(run, "--resume", str(save), input="")
    assert result.exit_code == 2
    assert "not triple-triad" in result.stderr


def test_ctrl_c_stops_cleanly_and_keeps_the_save(tmp_path):
    class Interrupting:
        interactive = False

        def ask(self, prompt: str) -> str | None:
            raise KeyboardInterrupt

    plan = plan_vs_ai(5)
    match = Match.new(plan.match.game, 5, plan.match.record.decks)
    console = Console(record=True, width=100)
    save = tmp_path / "cut.json"
    agents = {1: make_agent("greedy", match.game)}
    loop = PlayLoop(match, (0,), agents, Seats.versus(0, "greedy"), console, Interrupting(),
                    save_path=save, game_name="triple-triad")
    assert loop.run() == "interrupted"
    assert "Interrupted. The game is saved in" in console.export_text()
    assert saved_record(save).actions == match.actions
