"""``ZoneHost``: the host of card text (``CommonHost``) most small games would write the same, as
defaults on a mixin of the state class (``class MyState(ZoneHost, State)``).

It reads the declaration: the per-player zones named ``hand``, ``deck`` and ``discard`` (their
``attr`` as declared), a ``Resolution`` field ``res`` where asks are kept, and where the state has
them the field ``out`` (the players out of the game) and ``shields`` (a ``Replacements``). The
game's ``Machine`` is the class attribute ``machine``. Its log names ``draw`` and ``discard``
(``player``, ``card``: the draw's card secret) and ``roll`` (``sides``, ``value``).

A game with more references, or other ways to draw or discard, overrides the method and calls
this one for the rest.
"""

from __future__ import annotations

from typing import Any, ClassVar

from .actions import Decision
from .effects import Activation, who_players
from .replacements import Replacements, Shield
from .resolution import Ask, Machine
from .state import derived

ZONE_ATTRS: dict[type, dict[str, str]] = {}


def zone_attrs(cls: type) -> dict[str, str]:
    """The attribute of each per-player zone of a state class, by its declared name (made once)."""
    attrs = ZONE_ATTRS.get(cls)
    if attrs is None:
        spec = derived(cls).spec
        attrs = ZONE_ATTRS[cls] = {z.name: z.attr for z in spec.zones if not z.shared and not z.single}
    return attrs


class ZoneHost:
    """Defaults of the host of card text (see the module)."""

    __slots__ = ()
    machine: ClassVar[Machine[Any]]
    game: Any
    rng: Any
    decisions: list[Decision]
    log: list[tuple[Any, ...]]
    shields: Replacements

    def zone(self, name: str) -> list[list[int]]:
        """The per-player lists of the zone declared as ``name``."""
        piles: list[list[int]] = getattr(self, zone_attrs(type(self))[name])
        return piles

    def alive(self) -> list[int]:
        """The players still in the game, in seat order."""
        out = getattr(self, "out", ())
        return [p for p in range(self.game.num_players) if p not in out]

    def decide(self, player: int, kind: str) -> None:
        self.decisions.append(Decision(player, kind))

    def player_ref(self, act: Activation, who: str) -> list[int]:
        return who_players(who, act, self.game.num_players, getattr(self, "out", ()))

    def card_refs(self, act: Activation, ref: str) -> list[int]:
        """``self`` the ability's card, ``target`` its targets, ``my_hand`` its player's hand."""
        if ref == "self":
            return [act.source]
        if ref == "my_hand":
            return self.zone("hand")[act.player][:]
        if ref == "target":
            return act.cards()
        raise ValueError(f"no card reference {ref!r} (self, target, my_hand)")

    def draw(self, player: int, count: int) -> None:
        """Up to ``count`` cards from the top (the end) of the deck into the hand, kept sorted
        (a hand's order must not tell which card came last)."""
        deck, hand = self.zone("deck")[player], self.zone("hand")[player]
        log = self.log
        for _ in range(min(count, len(deck))):
            card = deck.pop()
            hand.append(card)
            hand.sort()
            log.append(("draw", player, card))

    def hand_size(self, player: int) -> int:
        return len(self.zone("hand")[player])

    def ask_discard(self, player: int, count: int) -> Any:
        """The player discards ``count`` cards of their choice (a ``discard`` ask), or their
        whole hand when it holds no more."""
        hand = self.zone("hand")[player]
        if len(hand) <= count:  # no choice to make
            self.discard(player, hand[:])
            return None
        return self.machine.ask(self, Ask(player, "discard", count))

    def discard(self, player: int, cards: list[int]) -> None:
        """``cards`` from the player's hand to their discard pile, each logged."""
        hand, pile = self.zone("hand")[player], self.zone("discard")[player]
        log = self.log
        for card in cards:
            hand.remove(card)
            pile.append(card)
            log.append(("discard", player, card))

    def roll(self, sides: int) -> int:
        value: int = 1 + self.rng.below(sides)
        self.log.append(("roll", sides, value))
        return value

    def add_shield(self, shield: Shield) -> None:
        self.shields.add(shield)


__all__ = ["ZoneHost", "zone_attrs"]
