"""Brawl, the kernel's test game: a game in a package of its own, found by tcgkit through the
``tcgkit.games`` entry point its distribution declares (``../tcgkit_brawl-1.0.dist-info``), as
it would find any game installed beside it. The tests put this folder on the path. Rules:
RULES.md.

This module is the game: its cards, decks, the deal; ``rules.py`` holds the cards' vocabulary,
the actions and the declared state, ``scene.py`` what a seat sees. The kernel reads the typed
moves (the actions' notation) and checks decks (``deck_rule``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tcgkit.kernel import DeckError, DeckRule, Game, Playthrough, Rng, derive_seed
from tcgkit.kernel.determinize import shuffle

from . import scene
from .rules import (
    COPIES,
    DECK,
    END,
    HAND,
    MACHINE,
    PASS,
    BrawlOptions,
    BrawlState,
    Cast,
    Discard,
    End,
    First,
    Pass,
    load_cards,
)

__all__ = ["END", "MACHINE", "PASS", "Brawl", "BrawlState", "Cast", "Discard", "End", "First", "Pass"]


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
    scene_module = scene

    def __init__(self, options: Any = None, **kwargs: Any) -> None:
        super().__init__(options, **kwargs)
        self.pool = load_cards()
        self.by_id = {card.id: card for card in self.pool}
        self.by_name = {card.name.lower(): card for card in self.pool} | self.by_id

    def deck_rule(self) -> DeckRule:
        return DeckRule(DECK, lambda text: self.by_name.get(text.lower()), COPIES)

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

    def card_data_hash(self) -> str:
        return "brawl-" + "-".join(card.id for card in self.pool)

    def card_count(self) -> int:
        return DECK * self.num_players

    def card_key(self, card: int) -> int:
        return card  # instances are numbered, and their cards public
