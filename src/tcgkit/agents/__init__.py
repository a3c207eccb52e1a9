"""Agents: they receive ``view(player)`` and ``legal_actions()``, never the State.

Importing this package registers every agent: the generic ones (random, greedy, ismcts and
its levels easy / normal / hard) and each game's own (Forge & Fury's greedy, mixed and its
easy / normal / hard, which read the round instead of searching; Conflictus's and Monster
Collection's search budgets; Triple Triad's easy and perfect) and search play-outs (Forge & Fury,
Final Fantasy TCG).

The exact Triple Triad solver is public too: ``solve_triple_triad(state, mode, rng,
every=...)`` returns a ``Solution`` (value, one best move or every one, nodes, seconds);
``TripleTriadSolver(game)`` solves many positions of one game; ``NotAPlacement`` is raised
for a position without a card to place.
"""

from . import conflictus, ff_tcg, forge_fury, monster_collection, triple_triad, triple_triad_solver  # noqa: F401  (register the games' own agents)
from .base import AGENTS, GAME_AGENTS, Agent, agent_key, agent_names, make_agent, register_agent
from .mcts import ISMCTSAgent
from .simple import GreedyAgent, RandomAgent
from .triple_triad_solver import NotAPlacement, Solution
from .triple_triad_solver import Solver as TripleTriadSolver
from .triple_triad_solver import solve as solve_triple_triad

__all__ = [
    "AGENTS", "GAME_AGENTS", "Agent", "GreedyAgent", "ISMCTSAgent", "NotAPlacement", "RandomAgent",
    "Solution", "TripleTriadSolver", "agent_key", "agent_names", "make_agent", "register_agent",
    "solve_triple_triad",
]
