"""The kernel: game-agnostic contracts and machinery. Nothing game-specific lives here."""

from .about import Playthrough
from .actions import Action, Decision
from .collecting import CollectionError, CollectionRules, Owned, collection_rules
from .deck_rule import DeckCard, DeckRule
from .errors import (
    CardDataError,
    DeckError,
    IllegalAction,
    NotationError,
    OptionsError,
    ReplayError,
    ReplayMismatch,
    TcgkitError,
    UnknownGame,
)
from .events import Event
from .game import Deck, Game, Outcome, State
from .match import Match, PlayedMove
from .registry import find_game, list_games, load_game, register
from .rng import Rng, derive_seed
from .state import HIDDEN, OWNER, PUBLIC, Entry, Instances, StateField, StateSpec, Visibility, Zone

__all__ = [
    "HIDDEN", "OWNER", "PUBLIC", "Action", "CardDataError", "CollectionError", "CollectionRules",
    "Decision", "Deck", "DeckCard", "DeckError", "DeckRule", "Entry", "Event", "StateField", "Game",
    "IllegalAction", "Instances", "Match", "NotationError", "OptionsError", "Outcome", "Owned",
    "PlayedMove", "Playthrough", "ReplayError", "ReplayMismatch", "Rng", "State", "StateSpec", "TcgkitError",
    "UnknownGame", "Visibility", "Zone", "collection_rules", "derive_seed", "find_game", "list_games",
    "load_game", "register",
]
