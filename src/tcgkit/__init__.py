"""tcgkit: card games by their full rules, with AI opponents and simulation at scale."""

from ._version import __version__
from .games import find_game, list_games, load_game
from .kernel import Action, Game, IllegalAction, Outcome, State

__all__ = [
    "Action", "Game", "IllegalAction", "Outcome", "State", "__version__", "find_game",
    "list_games", "load_game",
]
