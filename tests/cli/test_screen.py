"""The redraw of ``tcgkit play`` (``terminal/screen.py``): whole games against the AI through the
turn loop's own input and output, every redraw at most 40 lines; the status names who decides;
a lone move is taken for the player and said; auto-pass on and off."""

from __future__ import annotations

import io
import re

import pytest
from rich.cells import cell_len
from rich.console import Console

from tcgkit.agents import make_agent
from tcgkit.kernel.registry import load_game
from tcgkit.kernel.replay import verify
from tcgkit.terminal.match import Match
from tcgkit.terminal.play_loop import PASSES, PlayLoop, agent_choice
from tcgkit.terminal.seats import Seats

MARK = "\x00asked\n"


class Scripted:
    """Answers each prompt with the greedy AI's move for the human (and records it), marking
    where every redraw ends."""

    interactive = False

    def __init__(self, console: Console, match: Match, answers: list[str] | None = None) -> None:
        self.console, self.match, self.answers, self.asked = console, match, answers, []
        self.ai = make_agent("greedy", match.game)

    def ask(self, prompt: str) -> str | None:
        self.console.print(prompt, end="", markup=False)
        state = self.match.state
        if self.answers is not None:
            answer = self.answers.pop(0) if self.answers else None
        else:
            answer = None if state.is_terminal else str(agent_choice(self.match, state.to_move, self.ai))
        self.asked.append((answer, len(state.legal_actions())))
        self.console.print(answer or "", markup=False)
        self.console.file.write(MARK)
        return answer


def play(game_name: str, width: int, players: int = 2, seed: int = 7, answers: list[str] | None = None,
         **loop: object) -> tuple[list[str], Match, Scripted, PlayLoop]:
    game = load_game(game_name, **({"players": players} if players > 2 else {}))
    match = Match.new(game, seed, None)
    out = io.StringIO()
    console = Console(file=out, width=width, no_color=True, highlight=False, soft_wrap=True, emoji=False)
    prompter = Scripted(console, match, answers)
    agents = {p: make_agent("greedy", game) for p in range(1, players)}
    seats = Seats(("You", *["greedy"] * (players - 1)))
    loop.setdefault("take_lone", True)  # as at a keyboard
    runner = PlayLoop(match, (0,), agents, seats, console, prompter, lang="en", **loop)  # type: ignore[arg-type]
    runner.run()
    return out.getvalue().split(MARK), match, prompter, runner


def tall(redraw: str, width: int) -> int:
    """The lines a redraw takes on a terminal ``width`` columns wide (a long line folds)."""
    return sum(max(1, -(-cell_len(line) // width)) for line in redraw.split("\n")[:-1])


@pytest.mark.parametrize("width", [100, 80])
def test_a_monster_collection_game_fits_40_lines_and_shows_each_party_in_its_cell(width):
    redraws, match, _, _ = play("monster-collection", width)
    assert match.state.is_terminal and len(redraws) > 30
    assert max(tall(r, width) for r in redraws) <= 40
    seen = 0
    for redraw in redraws:
        for line in redraw.splitlines():
            parties = re.findall(r"│ ([BR]) (\S[^│]*?)\s*(?=│)", line)
            seen += len(parties)
    assert seen > 50  # creatures drawn inside the cells, with their owner's letter
    board = next(r for r in redraws if "│ E5 HQ ≤10" in r and "│ 5 HQ ≤10" in r)
    assert not re.search(r"│ \d+ +\[", board)  # one numbering: the cells' own names, no 0-11
    assert "acted -" not in "".join(redraws)
    verify(match.record)


@pytest.mark.parametrize("name,players", [("triple-triad", 2), ("forge-fury", 2), ("ff-tcg", 2),
                                          ("conflictus", 3)])
def test_every_other_games_redraws_fit_40_lines_at_100_columns(name, players):
    redraws, match, _, _ = play(name, 100, players)
    assert match.state.is_terminal
    assert max(tall(r, 100) for r in redraws) <= 40


def test_the_status_names_the_player_who_decides_in_a_battle():
    """While the AI attacks, the answer at instant timing is the human's: the status names them."""
    redraws, match, prompter, _ = play("monster-collection", 100)
    during = [r for r in redraws if "battle at " in r and "greedy (Red) attacks" in r]
    assert during, "no AI attack answered in this game"
    for redraw in during:
        assert "You (Blue) to act" in redraw and "greedy (Red) to act" not in redraw


def test_a_lone_move_is_taken_for_the_player_said_and_recorded_as_theirs():
    redraws, match, prompter, _ = play("monster-collection", 100)
    text = "".join(redraws)
    assert "(the only move, taken for you)" in text
    assert all(count > 1 for _, count in prompter.asked[:-1])  # never asked a lone move
    verify(match.record)  # the record holds every move, the ones taken for the player too
    ours = [a for a, p in zip(match.actions, match.movers, strict=True) if p == 0]
    assert len(ours) > len(prompter.asked)
    taken = {number for number, by in match.played.made_by.items() if by == "auto"}
    assert len(taken) == len(ours) - len(prompter.asked)  # each move not asked: taken, and marked
    assert {match.movers[number - 1] for number in taken} == {0}


def test_auto_pass_on_passes_for_a_player_who_can_only_pass_and_off_asks():
    on, _, asked_on, _ = play("conflictus", 100, players=3)
    off, _, asked_off, _ = play("conflictus", 100, players=3, auto_pass=False)
    assert "nothing else to do (auto-pass" in "".join(on)
    lone_passes = [a for a, count in asked_off.asked
                   if count == 1 and a is not None and a.split()[0] in PASSES]
    assert lone_passes, "auto-pass off: a lone pass is asked"
    assert not [a for a, count in asked_on.asked if count == 1]
    assert "auto-pass" not in "".join(off)


def test_autopass_command_switches_it_and_log_and_board_are_there_on_request():
    redraws, match, _, loop = play("conflictus", 100, players=3, answers=["autopass", "log", "board", "quit"])
    text = "".join(redraws)
    assert "Auto-pass off" in text and loop.auto_pass is False
    assert "Sources" in text and not match.state.is_terminal


def test_the_auto_pass_flag_takes_lone_moves_from_piped_input_and_the_record_stays_exact(run, home, tmp_path):
    """``--auto-pass`` with moves piped in: the script gives only the real decisions; the lone
    ones are taken, said, and saved as the player's own moves marked ``auto`` (the save replays)."""
    from .helpers import saved_record

    seed = 4
    game = load_game("conflictus", players=3)
    match, ai = Match.new(game, seed, None), make_agent("greedy", game)
    typed, lone = [], 0
    while not match.state.is_terminal:
        mover = match.state.to_move
        action = agent_choice(match, mover, ai)
        if mover == 0 and len(match.state.legal_actions()) == 1:
            lone += 1
        elif mover == 0:
            typed.append(str(action))
        match.play(action, mover)
    assert lone > 0
    save = tmp_path / "game.json"
    result = run("play", "conflictus", "--players", "3", "--seed", str(seed), "--auto-pass", "--no-color",
                 "--save", str(save), input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output[-2000:]
    assert "Result:" in result.stdout
    said = result.stdout.count("taken for you") + result.stdout.count("nothing else to do (auto-pass")
    assert 0 < said <= lone  # each said among the events under its redraw (the oldest may be behind 'log')
    record = saved_record(save)
    assert record.actions == match.actions
    assert verify(record).outcome == match.state.outcome
    assert len(record.made_by) == lone and set(record.made_by.values()) == {"auto"}  # the lone moves
    assert {match.movers[int(number) - 1] for number in record.made_by} == {0}
