"""The default action notation: a typed move is read by matching the legal actions' notation
(``str(action)``), case and spacing aside. A game without a ``notation.py`` gets it from
``Game.parse_action``; a game that wants its own words for what it refuses writes a grammar
and may call ``match_legal`` for the moves it reads as they are written.

Its refusals depend only on what the typist may see: a player who is not to move hears why
(the game is over, or whose decision it is) without the text being compared to anyone's
moves; the player to move hears their own moves, which name only what they may see.
"""

from __future__ import annotations

from typing import Any

from .actions import Action
from .errors import NotationError

SHOWN = 8
"""How many of the player's moves a refusal lists (then how many more there are)."""


def normal(text: str) -> str:
    """``text`` as the matching compares it: case folded, runs of spaces one space."""
    return " ".join(text.split()).casefold()


def match_legal(state: Any, text: str) -> Action | None:
    """The legal action whose notation is ``text`` (case and spacing aside), or ``None``."""
    wanted = normal(text)
    return next((action for action in state.legal_actions() if normal(str(action)) == wanted), None)


def parse_legal(state: Any, text: str, player: int) -> Action:
    """``text`` as one of ``player``'s legal moves; ``NotationError`` when it is none of them,
    saying why in words that show nothing hidden from ``player``."""
    refused = state.refusal(player)
    if refused is not None:
        raise NotationError(f"{text!r}: {refused}")
    action = match_legal(state, text)
    if action is not None:
        return action
    moves = [str(action) for action in state.legal_actions()]
    listed = ", ".join(repr(move) for move in moves[:SHOWN])
    more = f" and {len(moves) - SHOWN} more" if len(moves) > SHOWN else ""
    raise NotationError(f"{text!r} is not a move you can make now; your moves: {listed}{more}")
