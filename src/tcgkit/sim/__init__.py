"""Batch simulation: seeded games between named agents on a local process pool, and stats."""

from .runner import GameResult, SimError, play_game, run_games
from .stats import AgentStats, FirstPlayerStats, PlaceStats, Summary, summarize, wilson, write_csv

__all__ = [
    "AgentStats", "FirstPlayerStats", "GameResult", "PlaceStats", "SimError", "Summary", "play_game",
    "run_games", "summarize", "wilson", "write_csv",
]
