"""Monster Collection TCG (モンスター・コレクション, the 2009 revised rules): two players, a grid of
terrains, march, summon, battle with dice. Rules doc: RULES.md beside this file.

The game: its options and cards, decks and the preconstructed ones, the set-up (遊戲準備), and
what front ends ask of it; it reaches the rest downward (``rules.py`` the state, ``notation.py``
the action notation, ``scene.py`` what a seat sees).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from pathlib import Path
from typing import Any, ClassVar

from ...kernel.about import Playthrough
from ...kernel.deck_rule import DeckRule
from ...kernel.decks import read_deck
from ...kernel.errors import DeckError
from ...kernel.game import Deck, Game, State
from ...kernel.instances import instance_kinds
from ...kernel.rng import Rng, derive_seed
from ...kernel.state import EMPTY
from . import notation, scene
from .board import CELLS, GRID, HQ, reach, territory
from .cards import CardDB, cards_from, data_path, default_cards
from .forecast import expected
from .options import MonsterCollectionOptions
from .rules import MonsterCollectionState

DECK_MIX = {"creature": 30, "terrain": 10, "equipment": 3, "item": 2, "spell": 4, "ritual": 1}  # of 50
HAND_VALUE = {"creature": 0.4, "terrain": 0.3, "equipment": 0.2, "item": 0.2, "spell": 0.3, "ritual": 0.2}
REFILL_VALUE = 0.3  # a card the refill will draw: the greedy player discards what is worth less


class MonsterCollection(Game):
    """Monster Collection TCG: take the enemy HQ, or hold more of their land when the decks run out."""

    name = "monster-collection"
    title = "Monster Collection TCG"
    aliases = ("mc", "moncolle", "monster_collection", "monster-collection-tcg")
    summary = "grid of terrains: place land, march creatures, battle with dice, take the enemy HQ"
    Options = MonsterCollectionOptions
    options: MonsterCollectionOptions
    state_class = MonsterCollectionState
    scene_module = scene
    notation_module = notation
    play_events: ClassVar[dict[str, str]] = dict.fromkeys(
        ("place", "summon", "instant", "equip", "cast", "use", "perform"), "card"
    )
    """A terrain placed from hand, a creature summoned, equipment equipped, a spell cast, an item
    used, a ritual performed (a proxy is no card played: nobody knows it)."""
    rules_example = "mulligan=once,hero_unique=side,turn_limit=100"
    example_options: ClassVar[list[dict[str, Any]]] = [
        {},
        {"mulligan": "once", "hero_unique": "side", "failed_instant_summons": "hq"},
        {
            "damage_accumulates": True,
            "long_fly_requires_middle_terrain": True,
            "place_on_enemy_controlled": False,
            "hq_visible_to_owner": True,
        },
    ]
    choice_words: ClassVar[dict[str, str]] = {
        "mulligan.once": "once",
        "mulligan.until_creature": "until a creature is drawn",
        "mulligan.off": "off",
        "hero_unique.battlefield": "on the whole battlefield",
        "hero_unique.side": "on each side",
        "failed_instant_summons.discard": "to the discard pile",
        "failed_instant_summons.hq": "to the HQ",
    }
    playthroughs = (
        # the preconstructed decks on a frozen card set, then the example option sets
        Playthrough("default", {"card_files": ("monster_collection_mc1.toml",)}, seeds=5,
                    decks=("monster_collection_flame_legion.txt", "monster_collection_tide_wings.txt")),
        Playthrough("once_side_hq",
                    {"card_files": ("monster_collection_mc1.toml",), "mulligan": "once",
                     "hero_unique": "side", "failed_instant_summons": "hq"}, seeds=2,
                    decks=("monster_collection_dawn_and_dusk.txt", "monster_collection_dawn_and_dusk.txt")),
        Playthrough("accumulate_strict_hq_seen",
                    {"card_files": ("monster_collection_mc1.toml",), "damage_accumulates": True,
                     "long_fly_requires_middle_terrain": True, "place_on_enemy_controlled": False,
                     "hq_visible_to_owner": True}, seeds=2),
    )

    def __init__(self, options: Any = None, **kwargs: Any) -> None:
        super().__init__(options, **kwargs)
        files = self.options.card_files
        self.db: CardDB = cards_from(files) if files else default_cards()
        self.cards = self.db.cards
        self.names = [c.name for c in self.cards]

    def played_card(self, event: dict[str, Any]) -> Any:
        """``use`` is an item's (played from hand) or a creature's ability (no card played)."""
        card = super().played_card(event)
        if event["kind"] == "use" and isinstance(card, str):
            found = self.db.find(card.rpartition("#")[0] or card)
            if found is not None and found.creature:
                return None
        return card

    # -- decks ---------------------------------------------------------------------------------
    def deck_rule(self) -> DeckRule:
        """R1, R2: exactly 50 cards, at most 3 of a name (R93: heroes too)."""
        return DeckRule(self.options.deck_size, self.db.find, self.options.max_copies)

    def validate_deck(self, deck: Deck) -> list[str]:
        """The deck rule, and a creature (R17)."""
        problems = super().validate_deck(deck)
        found = [self.db.find(text) for text in deck]
        if deck and all(card is not None and not card.creature for card in found):
            problems.append("a deck needs a creature: an opening hand is redrawn until it holds one (R17)")
        return problems

    def sample_decks(self, rng: Rng) -> list[Deck]:
        return [self.sample_deck(rng) for _ in (0, 1)]

    def sample_deck(self, rng: Rng) -> Deck:
        """A random legal deck: two elements' creatures, terrains and equipment in the
        preconstructed decks' shares."""
        size, copies = self.options.deck_size, self.options.max_copies
        elements = rng.sample(["fire", "water", "earth", "wind", "holy", "dark"], 2)
        deck: list[str] = []
        left = {c.name: copies for c in self.cards}
        for kind, share in DECK_MIX.items():
            pool = [c for c in self.cards if c.kind == kind and (kind != "creature" or c.element in elements)]
            pool = pool or [c for c in self.cards if c.kind == kind]
            for _ in range(share * size // 50):
                open_ = [c for c in pool if left[c.name] > 0]
                if not open_:
                    break
                card = rng.choice(open_)
                left[card.name] -= 1
                deck.append(card.name)
        fill = [c for c in self.cards if c.creature]
        while len(deck) < size:
            open_ = [c for c in fill if left[c.name] > 0]
            if not open_:
                raise DeckError(f"the card pool cannot fill a {size}-card deck with {copies} of a name")
            card = rng.choice(open_)
            left[card.name] -= 1
            deck.append(card.name)
        return deck

    @classmethod
    def named_decks(cls) -> dict[str, list[str]]:
        return dict(starter_decks())

    def card_data_hash(self) -> str:
        return self.db.hash

    def translated_names(self, lang: str) -> dict[str, str]:
        """The cards' Chinese names (the card data's ``zh``), for ``zh``."""
        return {c.name: c.zh for c in self.db.cards if c.zh} if lang == "zh" else {}

    def kind_of(self, name: str) -> int:
        """The kind index of a card name a checked deck holds."""
        card = self.db.find(name)
        assert card is not None, name
        return card.index

    # -- states ----------------------------------------------------------------------------------
    def new_state(self, seed: int = 0, decks: Sequence[Deck] | None = None) -> MonsterCollectionState:
        if decks is None:
            decks = self.sample_decks(Rng(derive_seed(seed, 1)))
        if len(decks) != 2:
            raise DeckError(f"Monster Collection needs a deck per player, got {len(decks)}")
        kinds = instance_kinds(seed, decks, self.validate_deck, self.kind_of, noun="deck")
        state = MonsterCollectionState(self, kinds, Rng(seed))
        setup(state)
        state.advance()
        return state

    def heuristic(self, state: State[Any], player: int) -> float:
        """Creatures on the board (their levels and strength), how far into enemy land, the
        terrains held, cards in hand; an HQ in danger counts against; a battle under way counts
        as the ends it may come to (``forecast.py``)."""
        assert isinstance(state, MonsterCollectionState)
        outcome = state.outcome
        if outcome is not None:
            return 1000.0 * outcome.returns()[player]
        if state.battle is not None:
            return expected(state, lambda end: self.heuristic(end, player))
        return worth(state, player) - worth(state, 1 - player)

    # -- cards, as the declared state names them -------------------------------------------
    def card_names(self) -> list[str]:
        return self.names

    def fill_hidden(self, pool: int | None, count: int, seen: Collection[int], rng: Rng) -> list[int]:
        raise ValueError("Monster Collection's deck lists are public")


def setup(state: MonsterCollectionState) -> None:
    """遊戲準備 (R11-R18): shuffle; the top card face down at position 5 as the HQ; draw 6; a
    creature-less hand is shown to both, shuffled back and drawn again until it holds a creature
    (R17; U2: P0 then P1, before the roll); both roll 1D, the higher goes first, ties roll again (R18)."""
    opts = state.game.options
    for p in (0, 1):
        state.rng.shuffle(state.deck[p])
        hq = HQ[p]
        state.terrain[hq], state.placer[hq], state.down[hq] = state.deck[p].pop(), p, True
        state.log.append(("hq", p, hq))
        for _ in range(opts.hand_limit):
            state.draw(p)
    for p in (0, 1):
        tries = {"once": 1, "off": 0}.get(opts.mulligan, -1)  # -1: until the hand holds a creature
        while (
            tries != 0
            and not any(state.card(c).creature for c in state.hand[p])
            and any(state.card(c).creature for c in state.deck[p])
        ):
            tries -= 1
            state.log.append(("mulligan", p, list(state.hand[p])))
            state.deck[p] += state.hand[p]
            state.hand[p] = []
            state.rng.shuffle(state.deck[p])
            for _ in range(opts.hand_limit):
                state.draw(p)
    first = opts.first_player
    while first is None:
        rolls = [state.rng.below(6) + 1, state.rng.below(6) + 1]
        state.log.append(("first_roll", rolls))
        if rolls[0] != rolls[1]:
            first = int(rolls[1] > rolls[0])
    state.first = first
    state.log.append(("first", first))
    state.start_turn(first)


def worth(state: MonsterCollectionState, p: int) -> float:
    """How well ``p`` stands on the board: creatures by level and strength, more for those in
    enemy land and next to the enemy HQ, terrains held and placed, the hand; an HQ that an
    enemy creature can march into costs much, more when nobody of ``p``'s stands on it."""
    value = 0.05 * len(state.deck[p])
    for c in state.hand[p]:
        card = state.card(c)
        value += HAND_VALUE[card.kind] + (0.05 * card.level if card.creature else 0.0)
    if state.active == p and state.phase in ("adjust1", "adjust2"):  # the refill to come
        value += REFILL_VALUE * min(state.game.options.hand_limit - len(state.hand[p]), len(state.deck[p]))
    enemy_hq = HQ[1 - p]
    guard = sum(state.stat(c, "defence") for c in state.parties[HQ[p]][p])
    for cell in range(CELLS):
        party = state.parties[cell][p]
        if not party:
            if state.terrain[cell] != EMPTY and state.placer[cell] == p:
                value += 0.3
            continue
        value += 1.0  # a terrain held
        for c in party:
            strength = state.stat(c, "attack") + state.stat(c, "defence")
            value += 1.0 + 0.3 * state.card(c).level + 0.2 * strength
            if territory(cell) != p:
                value += 0.8
        if enemy_hq in GRID.orthogonal[cell]:
            value += 1.0  # next to the enemy HQ
    threats = (
        c
        for cell in range(CELLS)
        for c in state.parties[cell][1 - p]
        if HQ[p] in reach(cell, state.card(c).march) and state.stat(c, "attack") > guard
    )
    if any(True for _ in threats):
        value -= 6.0 if guard == 0 else 3.0  # the HQ could fall next turn
    return value


def starter_deck_paths() -> list[Path]:
    folder = data_path("decks")
    return sorted(folder.glob("*.txt")) if folder.is_dir() else []


def starter_decks() -> list[tuple[str, Deck]]:
    """The preconstructed decks in ``data/decks/*.txt``, sorted by file name: (name, cards)."""
    return [(path.stem, read_deck(path).cards) for path in starter_deck_paths()]
