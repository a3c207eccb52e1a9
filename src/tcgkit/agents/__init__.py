"""Agents: they receive ``view(player)`` and ``legal_actions()``, never the State.

Importing this package registers every agent: the generic ones (random, greedy, ismcts and
its levels easy / normal / hard) and each game's own (Forge & Fury greedy and mixed,
Triple Triad perfect) and search play-outs (Forge & Fury, Final Fantasy TCG).
"""

from . import ff_tcg, forge_fury, triple_triad_solver  # noqa: F401  (register the games' own agents)
from .base import AGENTS, GAME_AGENTS, Agent, agent_names, make_agent, register_agent
from .mcts import ISMCTSAgent
from .simple import GreedyAgent, RandomAgent

__all__ = [
    "AGENTS", "GAME_AGENTS", "Agent", "GreedyAgent", "ISMCTSAgent", "RandomAgent", "agent_names",
    "make_agent", "register_agent",
]
