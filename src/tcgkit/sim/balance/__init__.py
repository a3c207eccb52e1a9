"""``tcgkit balance``: the smallest changes of card values (or of a deck's list) that bring named
targets into range (``targets``), found by a sequential search (``search``) over changes made
through the games' card files (``changes``)."""

from .changes import Change, DeckSwap, ValueChange
from .search import Evaluation, Outcome, Rebalancer, Settings
from .targets import BalanceError, Target, parse_targets
from .world import GameWorld, World

__all__ = ["BalanceError", "Change", "DeckSwap", "Evaluation", "Outcome", "Rebalancer", "Settings",
           "Target", "ValueChange", "GameWorld", "World", "parse_targets"]
