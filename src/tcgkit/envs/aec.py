"""The PettingZoo AEC environment of any tcgkit game and player count.

Agents are ``player_0 .. player_{N-1}`` in seat order; the one to move is the agent
selected. Each observation is a dict in the convention of PettingZoo's classic card games:
``observation`` (the player's ``float32`` tensor, ``observe.py``) and ``action_mask``
(``int8``, ones on the legal tokens, all zeros for a player not to move). An action is a
token of the action index (``index.py``); a move of a class entered in steps takes several
steps of the same agent. Rewards come at the end: each player's ``Outcome.returns()``
(+1 first, -1 last; 0 each on a draw); a game past its decision limits ends as a draw.
``view(agent)`` gives that player's view itself, as a dict.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..kernel.game import Game
from .core import Table


class TcgkitAEC(AECEnv):  # type: ignore[misc]
    metadata: dict[str, Any] = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: Game, render_mode: str | None = None) -> None:
        super().__init__()
        self.game = game
        self.table = Table(game)
        self.metadata = {**self.metadata, "name": f"tcgkit_{game.name.replace('-', '_')}_v0"}
        self.render_mode = render_mode
        self.possible_agents = [f"player_{p}" for p in range(game.num_players)]
        self.seat = {agent: p for p, agent in enumerate(self.possible_agents)}
        size, n = self.table.observation.size, self.table.n
        self._observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
        }) for agent in self.possible_agents}
        self._action_spaces = {agent: spaces.Discrete(n) for agent in self.possible_agents}
        self._rng = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            deal = seed
        else:
            deal = int(self._rng.integers(2**63))
        self.table.reset(deal)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        mover = self.table.to_move
        if mover is not None:
            self.agent_selection = self.possible_agents[mover]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.seat[agent]
        table = self.table
        mask = table.mask() if seat == table.to_move else np.zeros(table.n, np.int8)
        return {"observation": table.observe(seat), "action_mask": mask}

    def view(self, agent: str) -> dict[str, Any]:
        """The player's view, as the kernel gives it."""
        return self.table.view(self.seat[agent])

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        self.table.step(int(action))  # type: ignore[arg-type]
        if self.table.over:
            for agent_name, value in zip(self.possible_agents, self.table.returns(), strict=True):
                self.rewards[agent_name] = float(value)
                self.terminations[agent_name] = True
                self.infos[agent_name] = {"outcome": self.table.state.outcome.to_json()}  # type: ignore[union-attr]
        else:
            self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """``ansi``: a spectator's view as JSON (never the hidden cards)."""
        if self.render_mode == "ansi":
            return json.dumps(self.table.view(None), sort_keys=True)
        return None

    def close(self) -> None:
        pass
