"""Brawl, the kernel's test game: a game in a package of its own, found by tcgkit through its
``tcgkit.games`` entry point (``../tcgkit_brawl-1.0.dist-info/entry_points.txt``). Rules: RULES.md.

The game: its cards, decks, the deal, and what front ends ask of it; it reaches the rest
downward (``rules.py`` the declared state, ``notation.py`` the actions' text, ``scene.py``
what a seat sees).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from tcgkit.kernel import Action, Game, Playthrough, Rng
from tcgkit.kernel.determinize import shuffle
from tcgkit.kernel.errors import DeckError
from tcgkit.kernel.rng import derive_seed
from tcgkit.kernel.scene import CardTable, Catalogue, Events, Scene

from . import notation, scene
from .cards import load_cards
from .rules import COPIES, DECK, HAND, MACHINE, BrawlOptions, BrawlState


class Brawl(Game):
    name = "brawl"
    title = "Brawl (the kernel's test game)"
    summary = "the kernel's test game: 3-4 players, a stack, elimination"
    Options = BrawlOptions
    state_class = BrawlState
    min_players = 3
    max_players = 4
    example_options = [{}, {"players": 4}]
    playthroughs = (Playthrough("3_players", seeds=3), Playthrough("4_players", {"players": 4}, seeds=2))

    def __init__(self, options: Any = None, **kwargs: Any) -> None:
        super().__init__(options, **kwargs)
        self.pool = load_cards()
        self.by_id = {card.id: card for card in self.pool}
        self.by_name = {card.name.lower(): card for card in self.pool} | self.by_id

    def validate_deck(self, deck: list[str]) -> list[str]:
        problems = [f"card {i}: no card named {text!r}" for i, text in enumerate(deck, 1)
                    if text.lower() not in self.by_name]
        counts = Counter(self.by_name[t.lower()].id for t in deck if t.lower() in self.by_name)
        problems += [f"{self.by_id[c].name}: at most {COPIES} copies"
                     for c, k in counts.items() if k > COPIES]
        if len(deck) != DECK:
            problems.append(f"a deck holds exactly {DECK} cards; this one has {len(deck)}")
        return problems

    def sample_decks(self, rng: Rng) -> list[list[str]]:
        decks = []
        for _ in range(self.num_players):
            pool = [card.name for card in self.pool for _ in range(COPIES)]
            shuffle(pool, rng)
            decks.append(pool[:DECK])
        return decks

    def new_state(self, seed: int = 0, decks: Sequence[list[str]] | None = None) -> BrawlState:
        if decks is None:
            decks = self.sample_decks(Rng(derive_seed(seed, 1)))
        if len(decks) != self.num_players:
            raise DeckError(f"brawl: one deck per player ({self.num_players}), got {len(decks)}")
        for p, deck in enumerate(decks):
            problems = self.validate_deck(list(deck))
            if problems:
                raise DeckError(f"player {p}'s deck: " + "; ".join(problems))
        rng = Rng(seed)
        ids = list(range(sum(len(d) for d in decks)))
        shuffle(ids, rng)  # instance ids by the seed: an id tells nothing of deck order
        cards, owners = [""] * len(ids), [0] * len(ids)
        at = 0
        for p, deck in enumerate(decks):
            for text in deck:
                cards[ids[at]], owners[ids[at]] = self.by_name[text.lower()].id, p
                at += 1
        state = BrawlState(self, rng, tuple(cards), tuple(owners))
        for p in range(self.num_players):
            state.decks[p] = sorted(i for i in ids if owners[i] == p)
            shuffle(state.decks[p], rng)
            state.draw(p, HAND)
        state.res.step = "turn"
        MACHINE.advance(state)
        return state

    def parse_action(self, state: Any, text: str, player: int) -> Action:
        return notation.parse_action(state, text, player)

    def card_data_hash(self) -> str:
        return "brawl-" + "-".join(card.id for card in self.pool)

    def card_count(self) -> int:
        return DECK * self.num_players

    def card_key(self, card: int) -> int:
        return card  # instances are numbered, and their cards public

    # -- what a seat sees ------------------------------------------------------------------
    def scene(self, view: dict[str, Any], actions: Sequence[Action], events: Events,
              default: Action | None = None) -> Scene:
        return scene.scene(self, view, actions, events, default)

    def messages(self) -> Catalogue:
        return scene.MESSAGES

    def card_table(self) -> CardTable:
        return scene.card_table(self)
