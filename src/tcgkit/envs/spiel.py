"""Every tcgkit game as an OpenSpiel game, registered as ``python_tcgkit_<game>``
(``triple-triad``: ``python_tcgkit_triple_triad``).

Parameters: ``options`` (the options that differ from the game's defaults, ``players``
among them, as ``name:value;name:value`` with JSON values), ``deals``
(how many deals the chance node at the root chooses from, uniformly: deal ``i`` is the
game dealt by seed ``i``; every later draw of the game follows from its seed, so this one
chance node holds all of a game's randomness) and ``position`` (a position notation to
start from instead, with no chance node: an endgame small enough for exact solvers), or
``positions`` (several position notations separated by ``|``, of one game under the same
options: the chance node at the root chooses one of them uniformly; a small game with hidden
cards, whose players cannot tell the positions apart by what they see).
OpenSpiel's parameter text cannot hold ``, = ( )``: in both texts they are written ``%2C``,
``%3D``, ``%28``, ``%29`` (and ``%`` as ``%25``).
Player actions are the tokens of the action index (``index.py``); a move entered in steps
is several OpenSpiel actions of the same player. Returns are ``Outcome.returns()``.

The observation tensor is the player's tensor (``observe.py``), its string the view as JSON;
the information-state string adds the events the player has seen since the start (their
history, so two histories a player tells apart never share one), and the information-state
tensor is the observation tensor (a view carries the piles, the board and the counts, not
each past move).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from ..kernel.game import Game, State
from ..kernel.registry import list_games, load_game
from .core import Table, layouts

PREFIX = "python_tcgkit_"
DEFAULT_DEALS = 1000


def short_name(game_name: str) -> str:
    return PREFIX + game_name.replace("-", "_")


def game_type(cls: type[Game]) -> Any:
    return pyspiel.GameType(
        short_name=short_name(cls.name), long_name=f"tcgkit {getattr(cls, 'title', cls.name)}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players, min_num_players=cls.min_players,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification={"options": "", "deals": DEFAULT_DEALS, "position": "", "positions": ""})


class SpielGame(pyspiel.Game):  # type: ignore[misc]
    """One tcgkit game, its options, its deals or its starting position. Registered as a
    subclass per game (``GAME`` its class): OpenSpiel keeps the class it is given."""

    GAME: type[Game]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        cls = self.GAME
        params = dict(params or {})
        options = options_from_text(str(params.get("options", "")))
        position = unescape(str(params.get("position", "")))
        positions = [unescape(text).strip() for text in str(params.get("positions", "")).split("|")
                     if text.strip()]
        deals = len(positions) if positions else int(params.get("deals", DEFAULT_DEALS))
        if position and positions:
            raise ValueError("give position or positions, not both")
        game = cls.game_for_position(position or positions[0]) if position or positions else \
            load_game(cls.name, **options)
        if deals < 1:
            raise ValueError(f"deals: at least 1, not {deals}")
        self.game, self.position, self.deals = game, position, deals
        # what each new state starts from, made once (OpenSpiel makes a state for each clone)
        self.start = game.state_from_notation(position) if position else game.new_state(0)
        self.starts = [self._start_of(game, text, number) for number, text in enumerate(positions, start=1)]
        index, observation = layouts(game)
        self.index, self.observation = index, observation
        info = pyspiel.GameInfo(
            num_distinct_actions=index.n, max_chance_outcomes=0 if position else deals,
            num_players=game.num_players, min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
            max_game_length=game.limits.max_decisions * index.max_tokens + 1)
        super().__init__(game_type(cls), info, {"options": options_text(game) if not position else "",
                                                "deals": deals, "position": escape(position),
                                                "positions": "|".join(map(escape, positions))})

    @staticmethod
    def _start_of(game: Game, text: str, number: int) -> State[Any]:
        """Position ``number`` of ``positions``, refused unless it is of ``game``'s options."""
        other = type(game).game_for_position(text)
        if other.options_json() != game.options_json():
            raise ValueError(f"positions: position {number} has other options than the first")
        return other.state_from_notation(text)

    def __deepcopy__(self, memo: dict[int, Any]) -> SpielGame:
        return self  # a game never changes: a cloned state shares it

    def new_initial_state(self) -> SpielState:
        return SpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return Observer(self, recall)


class SpielState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: SpielGame) -> None:
        super().__init__(game)
        self.spiel = game
        self.table = Table(game.game, game.start.clone())
        self.dealt = bool(game.position)

    def current_player(self) -> int:
        if not self.dealt:
            return int(pyspiel.PlayerId.CHANCE)
        if self.table.over:
            return int(pyspiel.PlayerId.TERMINAL)
        mover = self.table.to_move
        assert mover is not None
        return mover

    def _legal_actions(self, player: int) -> list[int]:
        return self.table.legal_tokens() if player == self.table.to_move else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self.spiel.deals
        return [(i, p) for i in range(self.spiel.deals)]

    def _apply_action(self, action: int) -> None:
        if not self.dealt and self.spiel.starts:
            self.table = Table(self.spiel.game, self.spiel.starts[int(action)].clone())
            self.dealt = True
        elif not self.dealt:
            self.table.reset(int(action))
            self.dealt = True
        else:
            self.table.step(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        if player == self.table.to_move and not self.table.over:
            prefix = self.table.prefix
            for tokens, move in self.table.candidates():
                if len(tokens) > len(prefix) and tokens[len(prefix)] == action:
                    last = len(tokens) == len(prefix) + 1
                    return str(move) if last else f"{move} (token {len(prefix) + 1})"
        return f"token {action}"

    def is_terminal(self) -> bool:
        return self.dealt and self.table.over

    def returns(self) -> list[float]:
        return list(self.table.returns()) if self.is_terminal() else [0.0] * self.spiel.game.num_players

    def __str__(self) -> str:
        if not self.dealt:
            return "the deal"
        return json.dumps(self.table.view(None), sort_keys=True) + f" entering {self.table.prefix}"


class Observer:
    """OpenSpiel's Python observer: ``tensor`` and ``dict`` set from a state for a player."""

    def __init__(self, game: SpielGame, recall: bool) -> None:
        self.recall = recall
        self.tensor = np.zeros(game.observation.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SpielState, player: int) -> None:
        if not state.dealt:
            self.tensor.fill(0.0)
            return
        self.tensor[:] = state.table.observe(player)

    def string_from(self, state: SpielState, player: int) -> str:
        if not state.dealt:
            return "the deal"
        table = state.table
        prefix = table.prefix if player == table.to_move else []
        seen: dict[str, Any] = {"view": table.view(player), "entering": prefix}
        if self.recall:
            seen["events"] = table.state.events_since(0, player)
        return json.dumps(seen, sort_keys=True, default=str)


def register(cls: type[Game]) -> str:
    """Register ``cls`` with OpenSpiel (once); its short name."""
    name = short_name(cls.name)
    if name not in pyspiel.registered_names():
        made = type(f"Spiel{cls.__name__}", (SpielGame,), {"GAME": cls, "__module__": __name__})
        globals()[made.__name__] = made  # found by name, as pickling a class needs
        pyspiel.register_game(game_type(cls), made)
    return name


def register_all() -> None:
    for entry in list_games():
        register(entry.cls)


def options_text(game: Game) -> str:
    """The options of ``game`` that differ from its defaults, ``name:value;...``."""
    defaults = type(game)().options_json()
    parts = []
    for name, value in sorted(game.options_json().items()):
        if name != "players" and defaults.get(name) == value:
            continue
        if name == "players" and value == type(game).min_players:
            continue
        parts.append(f"{name}:{escape(json.dumps(value, separators=(',', ':')))}")
    return ";".join(parts)


ESCAPES = (("%", "%25"), (",", "%2C"), ("=", "%3D"), ("(", "%28"), (")", "%29"), (";", "%3B"))


def escape(text: str) -> str:
    for char, code in ESCAPES:
        text = text.replace(char, code)
    return text


def unescape(text: str) -> str:
    for char, code in reversed(ESCAPES):
        text = text.replace(code, char)
    return text


def options_from_text(text: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for part in filter(None, text.split(";")):
        name, sep, value = part.partition(":")
        if not sep:
            raise ValueError(f"options: {part!r} should be name:value")
        out[name.strip()] = json.loads(unescape(value))
    return out


def load(game: Game, deals: int = DEFAULT_DEALS, position: str = "") -> Any:
    """``game`` (with its options) as a loaded ``pyspiel.Game``; or from ``position``."""
    name = register(type(game))
    return pyspiel.load_game(name, {"options": "" if position else options_text(game), "deals": deals,
                                    "position": escape(position)})
