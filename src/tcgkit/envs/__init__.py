"""Research adapters (extra ``rl``): PettingZoo, Gymnasium and OpenSpiel over any game.

``aec_env(game, **options)`` is the PettingZoo AEC environment, ``gym_env(game,
opponent="random", seat=0, **options)`` the Gymnasium one (one seat against tcgkit agents),
``openspiel_game(game, **options)`` the loaded ``pyspiel.Game``. ``game`` is a name or alias
from ``tcgkit games`` (or a ``Game``), the options as for ``load_game``. All share the
action index (``index.py``) and the observation layout (``observe.py``), derived from the
game's declared state, so a game registered later needs nothing here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..kernel.game import Game
from ..kernel.registry import find_game, load_game

if TYPE_CHECKING:
    from .aec import TcgkitAEC
    from .gym import TcgkitGym


def as_game(game: str | Game, options: dict[str, Any]) -> Game:
    if isinstance(game, Game):
        if options:
            raise TypeError("options go with a game's name, not with a Game already made")
        return game
    return load_game(game, **options)


def aec_env(game: str | Game, render_mode: str | None = None, **options: Any) -> TcgkitAEC:
    """The PettingZoo AEC environment of ``game`` (``aec.py``)."""
    from .aec import TcgkitAEC  # the optional libraries load only when asked for

    return TcgkitAEC(as_game(game, options), render_mode=render_mode)


def gym_env(game: str | Game, opponent: str | Any = "random", seat: int = 0, **options: Any) -> TcgkitGym:
    """The Gymnasium environment of one seat of ``game`` against ``opponent`` (``gym.py``)."""
    from .gym import TcgkitGym

    return TcgkitGym(as_game(game, options), opponent=opponent, seat=seat)


def openspiel_game(game: str | Game, *, deals: int = 1000, position: str = "", **options: Any) -> Any:
    """``game`` as a loaded ``pyspiel.Game``, registered as ``python_tcgkit_<game>`` (``spiel.py``):
    a chance node chooses among ``deals`` seeded deals, or play starts at ``position``."""
    from .spiel import load

    if position:
        made = find_game(game).cls.game_for_position(position) if isinstance(game, str) else game
        return load(made, deals=deals, position=position)
    return load(as_game(game, options), deals=deals)


__all__ = ["aec_env", "gym_env", "openspiel_game"]
