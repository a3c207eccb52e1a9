"""Agents: they receive ``view(player)`` and ``legal_actions()``, never the State."""

from .base import AGENTS, GAME_AGENTS, Agent, agent_names, make_agent, register_agent
from .simple import GreedyAgent, RandomAgent

__all__ = [
    "AGENTS", "GAME_AGENTS", "Agent", "agent_names", "GreedyAgent", "RandomAgent", "make_agent",
    "register_agent",
]
from . import forge_fury  # noqa: F401  (registers the game's own agents)
