"""Triple Triad (FFVIII): the 3x3 board duel. Rules doc: RULES.md beside this file.

The game: its options and card table, decks (hands), the deal, and what front ends ask of
it; it reaches the rest downward (``rules.py`` the state, ``notation.py`` the text forms,
``scene.py`` what a seat sees).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any, ClassVar

from ...kernel.about import Playthrough
from ...kernel.errors import DeckError, NotationError, OptionsError
from ...kernel.game import Deck, Game, State
from ...kernel.rng import Rng, derive_seed
from . import notation, scene
from .actions import Place, Take
from .cards import ELEMENT_LETTERS, ELEMENTS, HAND_SIZE, CardDB, load_cards
from .collection_rules import TripleTriadCollection
from .options import PRESET_HELP, PRESETS, TripleTriadOptions, parse_rules
from .rules import CELLS, TripleTriadState, rebuild_brought

CELL_OUTCOMES = 3 * len(ELEMENTS)  # a cell's draw: one of 8 elements with probability 1/3


class TripleTriad(Game):
    """Triple Triad (FFVIII) with every rule of the rulebook as an option."""

    name = "triple-triad"
    title = "Triple Triad"
    aliases = ("tt", "triple_triad", "tripletriad")
    summary = "FFVIII's 3x3 card duel: Same, Plus, Combo, Same Wall, Elemental, trades"
    Options = TripleTriadOptions
    options: TripleTriadOptions
    state_class = TripleTriadState
    scene_module = scene
    notation_module = notation
    presets = PRESETS
    preset_help = PRESET_HELP
    rules_example = "same,plus,trade=direct"
    collects_cards = True
    example_options: ClassVar[list[dict[str, Any]]] = [
        {},
        {"same": True, "plus": True, "combo": True, "same_wall": True, "elemental": True,
         "trade": "difference"},
        {"open": True, "same": True, "sudden_death": True, "sudden_death_limit": 2},
        {"random": True, "plus": True, "combo": True, "combo_from_basic": False,
         "trade": "direct"},
        {"own_cards_match": False, "same": True, "plus": True, "elemental": True, "clamp": True,
         "trade": "all", "sudden_death": True},
    ]
    choice_words: ClassVar[dict[str, str]] = {
        "trade.none": "none",
        "trade.one": "one",
        "trade.difference": "the score's difference",
        "trade.direct": "direct",
        "trade.all": "all",
    }
    playthroughs = (
        # each example option set, then the rules one at a time
        Playthrough("default", seeds=8),
        Playthrough("all_rules_difference", {"same": True, "plus": True, "combo": True, "same_wall": True,
                                             "elemental": True, "trade": "difference"}, seeds=8),
        Playthrough("open_same_sudden_death",
                    {"open": True, "same": True, "sudden_death": True, "sudden_death_limit": 2}, seeds=8),
        Playthrough("random_plus_combo_direct", {"random": True, "plus": True, "combo": True,
                                                 "combo_from_basic": False, "trade": "direct"}, seeds=8),
        Playthrough("literal_elemental_clamp_all",
                    {"own_cards_match": False, "same": True, "plus": True, "elemental": True, "clamp": True,
                     "trade": "all", "sudden_death": True}, seeds=8),
        Playthrough("same_combo", {"same": True, "combo": True}, seeds=8),
        Playthrough("plus_same_wall", {"plus": True, "same": True, "same_wall": True}, seeds=8),
        Playthrough("elemental", {"elemental": True}, seeds=8),
        Playthrough("sudden_death", {"sudden_death": True, "trade": "none"}, seeds=8),
    )

    def __init__(self, options: Any = None, **kwargs: Any) -> None:
        super().__init__(options, **kwargs)
        self.cards: CardDB = load_cards(self.options.card_file)
        self.values = [c.values for c in self.cards.cards]
        self.card_elements = [c.element for c in self.cards.cards]
        self.place_actions = [
            tuple(Place(c.id, cell, c.name) for cell in range(CELLS)) for c in self.cards.cards
        ]
        self.take_actions = [Take(c.id, c.name) for c in self.cards.cards]
        # Card name as spelled in the data -> the id ``cards.find`` gives it: decks that spell
        # every name so (the usual case) skip validation, which could find nothing wrong.
        self._exact_ids = {
            c.name: found.id for c in self.cards.cards if (found := self.cards.find(c.name))
        }

    # -- decks ----------------------------------------------------------------------------

    def collection(self) -> TripleTriadCollection:
        """Hands come from the players' collections (``collection_rules.py``)."""
        return TripleTriadCollection(self)
    def validate_deck(self, deck: Deck) -> list[str]:
        problems = [
            f"card {i + 1}: no card named {name!r}"
            for i, name in enumerate(deck)
            if self.cards.find(name) is None
        ]
        if self.options.random:
            if len(deck) < HAND_SIZE:
                problems.append(f"Random deals 5 cards from a collection; this one has {len(deck)}")
        elif len(deck) != HAND_SIZE:
            problems.append(f"a hand is exactly 5 cards; this one has {len(deck)}")
        return problems

    def deck_ids(self, deck: Deck, player: int) -> list[int]:
        exact = self._exact_ids
        if all(name in exact for name in deck) and (
            len(deck) >= HAND_SIZE if self.options.random else len(deck) == HAND_SIZE
        ):
            return [exact[name] for name in deck]  # what validate + find would give
        problems = self.validate_deck(deck)
        if problems:
            raise DeckError(f"player {player}'s deck: " + "; ".join(problems))
        return [self.cards.find(name).id for name in deck]  # type: ignore[union-attr]

    def sample_decks(self, rng: Rng) -> list[Deck]:
        size = 2 * HAND_SIZE if self.options.random else HAND_SIZE
        return [
            [self.cards[i].name for i in rng.sample(range(len(self.cards)), size)] for _ in range(2)
        ]

    def card_data_hash(self) -> str:
        return self.cards.hash

    # -- states ---------------------------------------------------------------------------
    def new_state(self, seed: int = 0, decks: Sequence[Deck] | None = None) -> TripleTriadState:
        if decks is None:
            decks = self.sample_decks(Rng(derive_seed(seed, 1)))
        if len(decks) != 2:
            raise DeckError(f"Triple Triad needs 2 decks, got {len(decks)}")
        ids = [self.deck_ids(list(deck), p) for p, deck in enumerate(decks)]
        rng = Rng(seed)
        if self.options.random:
            ids = [rng.sample(cards, HAND_SIZE) for cards in ids]
        first = self.options.first_player
        if first is None:
            first = rng.below(2)
        state = TripleTriadState(self, rng, (tuple(ids[0]), tuple(ids[1])), first)
        state.start_game(first)
        return state

    def draw_elements(self, rng: Rng) -> list[int]:
        fixed = self.options.elements
        if fixed is not None:
            return [ELEMENT_LETTERS.index(ch) + 1 if ch != "." else 0 for ch in fixed]
        if not self.options.elemental:
            return [0] * CELLS
        # Each cell: an element with probability 1/3, uniform over the 8 elements, i.e. a
        # uniform digit 0..23 (0..7: that element, 8..23: none). One draw gives all nine.
        draw = rng.below(CELL_OUTCOMES**CELLS)
        cells = []
        for _ in range(CELLS):
            draw, digit = divmod(draw, CELL_OUTCOMES)
            cells.append(digit + 1 if digit < len(ELEMENTS) else 0)
        return cells

    def heuristic(self, state: State[Any], player: int) -> float:
        """Cards owned, plus a little for the strength of cards taken in a trade."""
        assert isinstance(state, TripleTriadState)
        taken = sum(self.cards[c].level for c in state.taken) / 100
        return state.score(player) + (taken if state.trade_winner == player else -taken)

    # -- cards, as the declared state names them -----------------------------------------
    def card_count(self) -> int:
        return len(self.cards)

    def card_key(self, card: int) -> str:
        return self.cards[card].name

    def fill_hidden(self, pool: int | None, count: int, seen: Collection[int], rng: Rng) -> list[int]:
        """A hidden hand's cards the viewer cannot account for: any cards of the table."""
        return rng.below_each(len(self.cards), count)

    def rebuild_decklists(self, state: State[Any], unknown: list[int]) -> None:
        assert isinstance(state, TripleTriadState)
        rebuild_brought(state, unknown)

    # -- text ------------------------------------------------------------------------------
    def format_state(self, state: Any) -> str:
        return notation.format_position(state)

    def state_from_notation(self, text: str) -> TripleTriadState:
        return notation.parse_position(text, self)

    @classmethod
    def game_for_position(cls, text: str) -> TripleTriad:
        """The game a position's ``rules`` field describes (defaults when it has none)."""
        _, fields = notation.split_position(text)
        try:
            return cls(parse_rules(fields.get("rules", "-")))
        except OptionsError as exc:
            raise NotationError(f"position, field 'rules': {exc}") from None

    @classmethod
    def parse_rules(cls, text: str) -> dict[str, Any]:
        return parse_rules(text)
