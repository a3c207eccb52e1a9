"""Conflictus Aeternus (the Brazilian TCG): two to four players. Rules doc: RULES.md beside
this file.

The game: its options and cards (with the tables compiled from their text), the mons and the
preconstructed ones, the deal, and what front ends ask of it; it reaches the rest downward
(``rules.py`` the state, ``notation.py`` the action notation, ``scene.py`` what a seat sees).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

from ...kernel.about import Playthrough
from ...kernel.deck_rule import NO_LIMIT, DeckCard, DeckRule
from ...kernel.decks import read_deck
from ...kernel.errors import DeckError
from ...kernel.game import Deck, Game, State
from ...kernel.instances import instance_kinds
from ...kernel.resolution import Machine
from ...kernel.rng import Rng, derive_seed
from . import notation, scene
from .cards import CardDB, cards_from, data_path, default_cards
from .effects import EVENT_TIMINGS
from .options import ConflictusOptions
from .rules import ConflictusState, frame_steps_of, make_machine
from .turn import setup

DECK_MIX = {"fonte": 18, "guerreiro": 18, "amuleto": 7, "reliquia": 3, "equipamento": 4}  # of 50


class Conflictus(Game):
    """Conflictus Aeternus: two to four players, last one with a mons wins."""

    name = "conflictus"
    title = "Conflictus Aeternus"
    aliases = ("ca", "conflictus-aeternus", "conflictus_aeternus")
    summary = "2-4 player TCG: warriors in sets, amulets, relics; empty your opponents' mons"
    Options = ConflictusOptions
    options: ConflictusOptions
    state_class = ConflictusState
    scene_module = scene
    notation_module = notation
    play_events: ClassVar[dict[str, str]] = dict.fromkeys(
        ("source", "relic", "warrior", "equipment", "amulet"), "card"
    )
    """Every card put down from hand: sources, relics, warriors, equipment, amulets."""
    min_players = 2
    max_players = 4
    rules_example = "mulligan=turn_order,attack=left"
    example_options: ClassVar[list[dict[str, Any]]] = [
        {"players": 2},
        {"players": 3, "mulligan": "turn_order"},
        {"players": 4, "attack": "left"},
    ]
    choice_words: ClassVar[dict[str, str]] = {
        "mulligan.sealed": "sealed, all at once",
        "mulligan.turn_order": "in turn order",
        "attack.any_opponent": "any opponent",
        "attack.left": "the next player",
    }
    playthroughs = (
        # two to four players with the preconstructed mons, on a frozen card set
        Playthrough("2p", {"card_files": ("conflictus_ca1.toml",), "players": 2}, seeds=2,
                    decks=("conflictus_aurora.txt", "conflictus_abismo.txt")),
        Playthrough("4p_sealed_left",
                    {"card_files": ("conflictus_ca1.toml",), "players": 4, "attack": "left"},
                    seeds=1, decks=("conflictus_aurora.txt", "conflictus_abismo.txt",
                                    "conflictus_mercenarios.txt", "conflictus_crepusculo.txt")),
        Playthrough("3p_turn_order",
                    {"card_files": ("conflictus_ca1.toml",), "players": 3, "mulligan": "turn_order"},
                    seeds=1),
    )

    def __init__(self, options: Any = None, **kwargs: Any) -> None:
        super().__init__(options, **kwargs)
        files = self.options.card_files
        self.db: CardDB = cards_from(files) if files else default_cards()
        cards = self.cards = self.db.cards
        self.amulet_ability = tuple(next((a.index for a in c.abilities if a.timing == "amulet"), -1)
                                    for c in cards)
        self.statics = tuple(
            tuple((p.stat, p.to, p.amount, None if a.condition is None else a.condition.compile())
                  for a in c.abilities if a.timing == "static"
                  for s in a.effects if s.primitive.name == "modify_stat" for p in [_any(s.params)])
            for c in cards)
        self.frame_steps = tuple(tuple(frame_steps_of(a) for a in c.abilities) for c in cards)
        self.conditions = tuple(tuple(None if a.condition is None else a.condition.compile()
                                      for a in c.abilities) for c in cards)
        self.payable = tuple(tuple(a.payable() for a in c.abilities) for c in cards)
        self.watchers = {timing: frozenset(c.index for c in cards
                                           if any(a.timing == timing for a in c.abilities))
                         for timing in EVENT_TIMINGS}
        self.machine: Machine[ConflictusState] = make_machine()
        self.names = [c.name for c in cards]

    # -- mons ----------------------------------------------------------------------------------
    def deck_rule(self) -> DeckRule:
        """A mons of 50, at most 4 of a card; sources as many as one likes."""
        return DeckRule(self.options.deck_size, self.deck_card, self.options.max_copies, deck="mons")

    def deck_card(self, text: str) -> Any:
        card = self.db.find(text)
        return DeckCard(card.name, NO_LIMIT) if card is not None and card.klass == "fonte" else card

    def validate_deck(self, deck: Deck) -> list[str]:
        """The deck rule, and one faction unless ``allow_dual_faction``."""
        rule = self.deck_rule()
        problems = rule.card_problems(deck)
        found = [self.db.find(text) for text in deck]
        factions = {card.faction for card in found if card is not None and card.faction != "neutra"}
        if len(factions) > 1 and not self.options.allow_dual_faction:
            problems.append("the mons mixes Light and Shadow cards (allow_dual_faction is off)")
        return problems + rule.size_problems(deck)

    def sample_decks(self, rng: Rng) -> list[Deck]:
        return [self.sample_deck(rng) for _ in range(self.num_players)]

    def sample_deck(self, rng: Rng) -> Deck:
        """A random legal mons: one faction (or both) with Neutral cards, about 18 sources."""
        size = self.options.deck_size
        faction = rng.choice(["luz", "sombra"])
        pool = [c for c in self.cards if c.faction in (faction, "neutra") and c.klass != "fonte"]
        deck: list[str] = []
        left = {c.name: self.options.max_copies for c in pool}
        for klass, share in DECK_MIX.items():
            choices = [c for c in pool if c.klass == klass]  # no sources: they fill up the rest
            for _ in range(share * size // 50):
                open_ = [c for c in choices if left[c.name] > 0]
                if not open_:
                    break
                card = rng.choice(open_)
                left[card.name] -= 1
                deck.append(card.name)
        source = next(c.name for c in self.cards if c.klass == "fonte" and c.faction == faction)
        deck += [source] * (size - len(deck))
        return deck

    @classmethod
    def named_decks(cls) -> dict[str, list[str]]:
        return dict(starter_decks())

    def card_data_hash(self) -> str:
        return self.db.hash

    def kind_of(self, name: str) -> int:
        """The kind index of a card name a checked deck holds."""
        card = self.db.find(name)
        assert card is not None, name
        return card.index

    # -- states ----------------------------------------------------------------------------------
    def new_state(self, seed: int = 0, decks: Sequence[Deck] | None = None) -> ConflictusState:
        n = self.num_players
        if decks is None:
            decks = self.sample_decks(Rng(derive_seed(seed, 1)))
        if len(decks) != n:
            raise DeckError(f"Conflictus Aeternus with {n} players needs {n} mons, got {len(decks)}")
        kinds = instance_kinds(seed, decks, self.validate_deck, self.kind_of, noun="mons")
        state = ConflictusState(self, kinds, Rng(seed))
        setup(state)
        state.advance()
        return state

    def heuristic(self, state: State[Any], player: int) -> float:
        """Mons left weighs most (it is the life), then warriors' power on the board, sources, hand."""
        assert isinstance(state, ConflictusState)
        outcome = state.outcome
        if outcome is not None:
            return 1000.0 * outcome.returns()[player]
        mine = state.worth(player)
        others = [state.worth(q) for q in state.living() if q != player]
        return mine - (max(others) if others else 0.0)

    # -- cards, as the declared state names them -------------------------------------------
    def card_names(self) -> list[str]:
        return self.names


def _any(value: Any) -> Any:
    return value


def starter_deck_paths() -> list[Path]:
    folder = data_path("decks")
    return sorted(folder.glob("*.txt")) if folder.is_dir() else []


def starter_decks() -> list[tuple[str, Deck]]:
    """The preconstructed mons in ``data/decks/*.txt``, sorted by file name: (name, cards)."""
    return [(path.stem, read_deck(path).cards) for path in starter_deck_paths()]
