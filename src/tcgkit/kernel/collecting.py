"""A game's collection rules: the optional hook ``Game.collection()``.

A game whose players own cards (Triple Triad) says here which cards a new player owns, how
a match's hand is chosen or dealt from them, and what a finished match moves between
collections. The front ends only store what these rules decide: the terminal's profile, the
server's tables. A game without collections returns ``None`` from ``Game.collection()``.

A collection is a value of the game's own (``Owned``): card name -> copies, in the card
database's spelling, changed only by making a new one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from .errors import TcgkitError

if TYPE_CHECKING:
    from .actions import Action
    from .game import Game, State
    from .scene import CardTable

Transfer = list[Any]
"""``[card name, from player, to player]``: one card a match moves between collections."""


class CollectionError(TcgkitError, ValueError):
    """A collection that names unknown cards, a hand it cannot give, or a trade it cannot pay."""


class Owned(Protocol):
    """One player's cards: a name -> copies mapping that every change returns anew."""

    @property
    def counts(self) -> Mapping[str, int]: ...

    def __len__(self) -> int: ...

    def count(self, name: str) -> int: ...

    def missing(self, names: Iterable[str]) -> list[str]:
        """The names (with repeats) this collection does not hold enough copies of."""
        ...

    def add(self, names: Iterable[str]) -> Owned: ...

    def remove(self, names: Iterable[str]) -> Owned: ...

    def to_json(self) -> dict[str, int]: ...


class CollectionRules(Protocol):
    """What ``Game.collection()`` returns: the collection rules of one game under its options.

    Every method raises ``CollectionError`` with a message for the player when it refuses.
    """

    hand_size: int
    """The cards a match's hand takes from a collection."""
    hand_help: str
    """How a hand is typed (for prompts and help)."""
    trades: bool
    """A match of these options moves cards between collections when it ends."""
    dealt: bool
    """The hand is dealt from the collection by the seed, not chosen by its owner."""
    standard: bool
    """The game plays the cards collections hold (a game of another card file does not)."""

    def starter(self) -> Owned:
        """A new player's collection: the cards they own for free."""
        ...

    def owned(self, counts: Mapping[str, Any] | Iterable[str]) -> Owned:
        """A collection from stored ``{name: count}`` (or a list of names), checked."""
        ...

    def choose(self, owned: Owned, text: str | None) -> list[str]:
        """The hand its owner names in ``text`` (``None``: the rules' own choice)."""
        ...

    def deal(self, owned: Owned, seed: int) -> list[str]:
        """The hand the seed deals from ``owned`` (when ``dealt``)."""
        ...

    def opponent_hand(self, hand: Sequence[str], seed: int) -> list[str]:
        """An AI's hand against ``hand``: it owns no collection, so the rules make one."""
        ...

    def hotseat_decks(self, seed: int) -> list[list[str]]:
        """The hands of people sharing one screen, who stake no collection."""
        ...

    def transfers(self, outcome: Mapping[str, Any]) -> list[Transfer]:
        """What a finished match (its outcome as JSON data) moves between collections."""
        ...

    def walk_away(self, state: State[Any], quitter: int,
                  choose: Callable[[State[Any]], Action]) -> list[Transfer]:
        """What ``quitter`` pays for leaving the match before its end; ``choose`` makes the
        winner's choices, if the rules give the winner any. ``state`` is left as it was."""
        ...

    def settle(self, collections: Sequence[Owned], transfers: Iterable[Sequence[Any]]) -> list[Owned]:
        """The collections after ``transfers``; all of them move, or none."""
        ...

    def import_problem(self, counts: Mapping[str, Any]) -> str | None:
        """Why a collection brought from elsewhere (a terminal's profile) cannot be taken."""
        ...

    def table(self, owned: Owned, title: str) -> CardTable:
        """The collection as a card table, each card with its copies."""
        ...


def collection_rules(game: Game) -> CollectionRules:
    """``game``'s collection rules; ``CollectionError`` for a game without collections."""
    rules = game.collection()
    if rules is None:
        raise CollectionError(f"{game.title} keeps no card collections")
    return rules
