"""The games tcgkit ships, one package each in the same shape (``game.py`` at the top). They
are found through the ``tcgkit.games`` entry points of ``pyproject.toml``
(``kernel/registry.py``), like a game in a package of its own."""

from ..kernel.registry import find_game, list_games, load_game, register

__all__ = ["find_game", "list_games", "load_game", "register"]
