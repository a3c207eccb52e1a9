"""The Gymnasium environment: one seat of any game against tcgkit agents in the others.

``TcgkitGym(game, opponent="random", seat=0)``: ``opponent`` is an agent's name (``random``,
``greedy``, ``easy`` / ``normal`` / ``hard`` for IS-MCTS, a game's own), an agent, a
function of the game giving one, or a list of these, one per other seat. The observation is
the seat's ``float32`` tensor; an action is a token of the action index; ``action_masks()``
gives the legal tokens as booleans (what maskable algorithms ask for) and ``info["action_mask"]``
the same as ``int8``. The reward is the seat's ``Outcome.returns()`` when the game ends. An
illegal token ends the episode as a loss (reward -1, ``info["illegal"]``) and leaves the
game as it was, so unmasked algorithms learn the mask instead of crashing.

``shaping`` (default 0) adds ``shaping * (h' - h)`` to each step's reward, ``h`` being the
``potential`` (a function of the state and the seat; default the game's ``potential``, which
is its ``heuristic`` unless the game says better) before the step and ``h'`` after the
others' replies. Forge & Fury's is the score difference plus what the cards to come are
worth, so a round given away with a weak card against a strong one is priced as it plays
out; Triple Triad's is the cards owned. A potential reads the state: use one only where it
reads what the seat may see or infer, as those do.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ..agents import Agent, make_agent
from ..kernel.errors import IllegalAction
from ..kernel.game import Game, State
from ..kernel.rng import Rng, derive_seed
from .core import Table

Opponent = str | Agent | Callable[[Game], Agent]


def opponent_agent(game: Game, opponent: Opponent) -> Agent:
    if isinstance(opponent, str):
        return make_agent(opponent, game)
    if hasattr(opponent, "act"):
        return opponent  # type: ignore[return-value]
    return opponent(game)  # type: ignore[operator,no-any-return]


class TcgkitGym(gymnasium.Env):  # type: ignore[misc]
    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: Game, opponent: Opponent | Sequence[Opponent] = "random", seat: int = 0,
                 render_mode: str | None = None, shaping: float = 0.0,
                 potential: Callable[[State[Any], int], float] | None = None) -> None:
        if not 0 <= seat < game.num_players:
            raise ValueError(f"seat {seat}: {game.name} seats players 0..{game.num_players - 1}")
        self.game, self.seat, self.render_mode, self.shaping = game, seat, render_mode, shaping
        self.potential = potential or game.potential
        self.table = Table(game)
        self.opponents = {p: opponent_agent(game, "random") for p in range(game.num_players) if p != seat}
        self.set_opponents(opponent)
        self.observation_space = spaces.Box(-np.inf, np.inf, (self.table.observation.size,), np.float32)
        self.action_space = spaces.Discrete(self.table.n)
        self._rng = Rng(0)

    def set_opponents(self, opponent: Opponent | Sequence[Opponent]) -> None:
        """Other agents in the other seats from the next action on (a self-play pool)."""
        others = sorted(self.opponents)
        given: list[Opponent] = list(opponent) if isinstance(opponent, list | tuple) else \
            [opponent] * len(others)  # type: ignore[list-item]
        if len(given) != len(others):
            raise ValueError(f"{len(given)} opponents for {len(others)} other seats")
        self.opponents = {p: opponent_agent(self.game, o) for p, o in zip(others, given, strict=True)}

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        deal = int(self.np_random.integers(2**63))
        self._rng = Rng(derive_seed(deal, 1))  # the opponents' own stream
        self.table.reset(deal)
        self._others_play()
        return self._observe(), self._info()

    def _others_play(self) -> None:
        table = self.table
        while not table.over and table.to_move != self.seat:
            mover = table.to_move
            assert mover is not None
            agent = self.opponents[mover]
            table.play(agent.act(table.view(mover), table.state.legal_actions(), self._rng))

    def _observe(self) -> np.ndarray:
        return self.table.observe(self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.table.mask()}

    def action_masks(self) -> np.ndarray:
        return self.table.mask().astype(bool)

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        table = self.table
        before = self.potential(table.state, self.seat) if self.shaping else 0.0
        try:
            table.step(int(action))
        except IllegalAction:
            info = self._info()
            info["illegal"] = int(action)
            return self._observe(), -1.0, True, False, info
        self._others_play()
        after = self.potential(table.state, self.seat) if self.shaping else 0.0
        shaped = self.shaping * (after - before)
        if table.over:
            info = self._info()
            info["outcome"] = table.state.outcome.to_json()  # type: ignore[union-attr]
            return self._observe(), float(table.returns()[self.seat]) + shaped, True, False, info
        return self._observe(), shaped, False, False, self._info()

    def view(self) -> dict[str, Any]:
        """The seat's view itself, as the kernel gives it."""
        return self.table.view(self.seat)

    def render(self) -> str | None:
        import json

        return json.dumps(self.table.view(self.seat), sort_keys=True) if self.render_mode == "ansi" else None
