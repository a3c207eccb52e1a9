"""A hint's move is copied whole from its line and taken, a march's ': ' within it too."""

from __future__ import annotations

import io
import re

from rich.console import Console

from tcgkit.agents import make_agent
from tcgkit.kernel.registry import load_game
from tcgkit.terminal.match import Match
from tcgkit.terminal.play_loop import PlayLoop
from tcgkit.terminal.seats import Seats

HINTED = re.compile(r"^Hint \(normal\): (.+?)(?: — .*)?$", re.MULTILINE)


class CopiesHints:
    """Asks for a hint, then types the move its line names (all before the ' — ' that starts
    what the move does), as a player copying it would; stops after ``moves`` moves."""

    interactive = False

    def __init__(self, console: Console, out: io.StringIO, moves: int) -> None:
        self.console, self.out, self.left = console, out, moves
        self.read = 0
        self.copied: list[str] = []

    def ask(self, prompt: str) -> str | None:
        said = self.out.getvalue()[self.read:]
        self.read = len(self.out.getvalue())
        hinted = HINTED.findall(said)
        if not hinted:
            self.left -= 1
            return "hint" if self.left >= 0 else None
        self.copied.append(hinted[-1])
        return hinted[-1]


def test_a_move_copied_whole_from_its_hint_is_taken_a_march_too():
    game = load_game("monster-collection")
    match = Match.new(game, 3, None)
    out = io.StringIO()
    console = Console(file=out, width=100, no_color=True, highlight=False, soft_wrap=True, emoji=False)
    prompter = CopiesHints(console, out, moves=60)
    runner = PlayLoop(match, (0,), {1: make_agent("greedy", game)}, Seats(("You", "greedy")), console,
                      prompter, lang="en", take_lone=True)
    runner.run()
    text = out.getvalue()
    assert "Not a move" not in text and "not a move" not in text
    assert any(": " in move for move in prompter.copied), prompter.copied
    played = set(match.actions)
    assert all(move in played for move in prompter.copied)
