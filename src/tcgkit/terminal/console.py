"""The terminal: a Rich console (colour only when wanted and possible) and line input."""

from __future__ import annotations

import sys

from rich.console import Console


def make_console(no_color: bool = False) -> Console:
    """Colour on a terminal unless ``no_color``; plain text when stdout is a pipe or file.
    ``no_color`` is plain text on a terminal too: no colour system at all, so no bold or
    underline either (Rich's own ``no_color`` drops the colours and keeps those).
    No emoji codes: text a user typed (``root:x:0``) is shown as typed.
    On a terminal a long line wraps between its words (left to the terminal, a word at its edge
    was cut in two: "scor / ed"); piped or captured, every line stays whole, for a transcript
    or a grep."""
    console = Console(no_color=no_color, color_system=None if no_color else "auto", highlight=False,
                      soft_wrap=True, emoji=False)
    console.soft_wrap = not console.is_terminal
    return console


class Prompter:
    """Reads one line per question from standard input; ``None`` means the input ended.

    When the input is not a terminal (moves piped in), each answer is echoed after the
    prompt so a transcript reads like a session at the keyboard.
    """

    def __init__(self, console: Console) -> None:
        self.console = console
        self.interactive = sys.stdin.isatty()

    def ask(self, prompt: str) -> str | None:
        self.console.print(prompt, end="", markup=False)
        self.console.file.flush()
        if self.interactive:
            try:
                return input().strip()
            except EOFError:
                self.console.print()
                return None
        line = sys.stdin.readline()
        if not line:
            self.console.print()
            return None
        self.console.print(line.strip(), markup=False)
        return line.strip()
