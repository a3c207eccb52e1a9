"""Agents: they receive ``view(player)`` and ``legal_actions()``, never the State."""

from .base import AGENTS, Agent, make_agent, register_agent
from .simple import GreedyAgent, RandomAgent

__all__ = ["AGENTS", "Agent", "GreedyAgent", "RandomAgent", "make_agent", "register_agent"]
