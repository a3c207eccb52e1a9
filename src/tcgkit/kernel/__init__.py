"""The kernel: game-agnostic contracts and machinery. Nothing game-specific lives here."""

from .about import Playthrough
from .actions import Action, Decision
from .collecting import CollectionError, CollectionRules, Owned, collection_rules
from .dealt import INSTANCE_FIELDS, DealtGame, DealtState, TextCard, load_text_cards, text_fields
from .deck_rule import DeckCard, DeckRule
from .declared_scene import SceneSpec
from .effects import LoadedCard
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
from .host import ZoneHost
from .match import Match, PlayedMove
from .registry import find_game, list_games, load_game, register
from .rng import Rng, derive_seed
from .scene import CardTable, Column, Sentence, messages, say
from .state import HIDDEN, OWNER, PUBLIC, Entry, Instances, StateField, StateSpec, Visibility, Zone

__all__ = [
    "HIDDEN", "INSTANCE_FIELDS", "OWNER", "PUBLIC", "Action", "CardDataError", "CardTable",
    "CollectionError", "CollectionRules", "Column", "DealtGame", "DealtState", "Decision", "Deck",
    "DeckCard", "DeckError", "DeckRule", "Entry", "Event", "Game", "IllegalAction", "Instances",
    "LoadedCard", "Match", "NotationError", "OptionsError", "Outcome", "Owned", "PlayedMove", "Playthrough",
    "ReplayError", "ReplayMismatch", "Rng", "SceneSpec", "Sentence", "State", "StateField", "StateSpec",
    "TcgkitError", "TextCard", "UnknownGame", "Visibility", "Zone", "ZoneHost", "collection_rules",
    "derive_seed", "find_game", "list_games", "load_game", "load_text_cards", "messages", "register", "say",
    "text_fields",
]
