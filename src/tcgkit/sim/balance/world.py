"""Where the rebalancer's candidates are played: the real game (``GameWorld``), on this
machine's cores or on Ray through the sim's runner, each candidate's cards given to the game as
an edited copy of its card file (``changes.CardValues``)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Protocol

from ..backends import Backend
from ..runner import GameResult, _game, iter_results, prepare
from .changes import CardValues, Change, DeckSwap, swapped
from .targets import BalanceError, Batch


class World(Protocol):
    """What the search needs of a game: its decks, its cards' values, and games played with a
    set of changes (game ``i`` of a batch the same for every candidate but for the change)."""

    decks: dict[str, list[str]]

    def value(self, card: str, field: str) -> int | None: ...

    def deck_problems(self, cards: Sequence[str]) -> list[str]: ...

    def play(self, changes: Sequence[Change], batch: Batch, seed: int, indices: range,
             facts: bool) -> Iterator[GameResult]: ...


class GameWorld:
    """A game of tcgkit, two players of the ``agent`` level, its preconstructed ``decks``."""

    def __init__(self, game_name: str, options: dict[str, Any], decks: dict[str, list[str]],
                 agent: str, folder: Path, backend: Backend | None = None) -> None:
        self.game_name, self.options, self.decks = game_name, dict(options), decks
        self.agents = (agent, agent)
        self.backend = backend
        self.cards = CardValues(game_name, options, folder)

    def value(self, card: str, field: str) -> int | None:
        return self.cards.value(card, field)

    def deck_problems(self, cards: Sequence[str]) -> list[str]:
        return list(_game(self.game_name, self.options).validate_deck(list(cards)))

    def decks_with(self, changes: Sequence[Change]) -> dict[str, list[str]]:
        decks = {name: list(cards) for name, cards in self.decks.items()}
        for change in changes:
            if isinstance(change, DeckSwap):
                decks[change.deck] = swapped(decks[change.deck], change)
                problems = self.deck_problems(decks[change.deck])
                if problems:
                    raise BalanceError(f"{change.label}: {problems[0]}")
        return decks

    def play(self, changes: Sequence[Change], batch: Batch, seed: int, indices: range,
             facts: bool) -> Iterator[GameResult]:
        options = self.cards.options_for(changes)
        decks = self.decks_with(changes)
        pair = None if batch is None else [decks[batch[0]], decks[batch[1]]]
        job = prepare(self.game_name, options, self.agents, seed, pair, facts=facts)
        return iter_results(job, indices, self.backend, len(indices))
