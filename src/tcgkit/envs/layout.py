"""The action index and observation layout of every game, as Markdown tables.

    python -m tcgkit.envs.layout [GAME ...]

prints, for each game at its default options and fewest players (or the games named), the
action index (``index.py``: each class's first token, count and how it is entered) and the
observation's blocks (``observe.py``: first slot and size). ``docs/research.md`` holds this
output; a test keeps it equal.
"""

from __future__ import annotations

import sys

from ..kernel.game import Game
from ..kernel.registry import find_game, list_games, load_game
from .core import layouts


def tables(game: Game) -> str:
    index, observation = layouts(game)
    lines = [f"### {game.name}", "",
             f"Action index: {index.n} tokens, at most {index.max_tokens} per action. "
             f"Observation: {observation.size} floats.", "",
             "| action | first token | tokens | how |", "| --- | ---: | ---: | --- |"]
    lines += [f"| {what} | {first} | {count} | {how} |" for what, first, count, how in index.describe()]
    lines += ["", "| observation block | first slot | size |", "| --- | ---: | ---: |"]
    lines += [f"| {name} | {first} | {size} |" for name, first, size in observation.layout()]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    names = [find_game(a).name for a in argv] or [entry.name for entry in list_games()]
    print("\n".join(tables(load_game(name)) for name in names), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
