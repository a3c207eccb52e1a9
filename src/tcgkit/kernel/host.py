"""``ZoneHost``: the host of card text (``CommonHost``) most small games would write the same, as
defaults on a mixin of the state class (``class MyState(ZoneHost, State)``); ``LastStanding``:
elimination, the last player in winning; ``LifeTotals``: life lost and gained (``LIFE``'s
effects), a player at 0 out.

It reads the declaration: the per-player zones named ``hand``, ``deck`` and ``discard`` (their
``attr`` as declared), a ``Resolution`` field ``res`` where asks are kept, and where the state has
them the field ``out`` (the players out of the game) and ``shields`` (a ``Replacements``). The
game's ``Machine`` is the class attribute ``machine``. Its log names ``draw`` and ``discard``
(``player``, ``card``: the draw's card secret) and ``roll`` (``sides``, ``value``): the
declaration's ``HOST_ENTRIES``.

A game with more references, or other ways to draw or discard, overrides the method and calls
this one for the rest.
"""

from __future__ import annotations

from typing import Any, ClassVar

from . import refs
from . import values as v
from .actions import Decision
from .effects import Activation, who_players
from .game import Outcome
from .replacements import Happening, Replacements, Shield
from .resolution import Ask, Machine
from .state import Entry, StateField, derived

HOST_ENTRIES = (
    Entry("draw", (("player", v.Player()), ("card", v.Card())), secret=("card",)),
    Entry("discard", (("player", v.Player()), ("card", v.Card()))),
    Entry("roll", (("sides", v.Int(0)), ("value", v.Int(0)))),
)
"""The log entries ``ZoneHost`` writes."""

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
    res: Any

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

    def discard_chosen(self, player: int, card: int) -> None:
        """The player's answer to the ``discard`` ask: the card goes, and the ask is answered
        once as many went as it asked or the hand is empty."""
        self.discard(player, [card])
        asks = self.res.asks
        ask = asks[-1]
        if ask.count > 1 and self.zone("hand")[player]:
            asks[-1] = Ask(player, ask.kind, ask.count - 1, ask.detail)
        else:
            self.machine.answered(self)

    def next_player(self, player: int) -> int:
        """The next player after ``player``, in seat order, still in the game."""
        n: int = self.game.num_players
        out = getattr(self, "out", ())
        return next(q for q in ((player + i) % n for i in range(1, n + 1)) if q not in out)

    def roll(self, sides: int) -> int:
        value: int = 1 + self.rng.below(sides)
        self.log.append(("roll", sides, value))
        return value

    def add_shield(self, shield: Shield) -> None:
        self.shields.add(shield)


ELIMINATION_FIELDS = (
    StateField("out", v.ListOf(v.Player())),
    StateField("finished", v.Bool()),
    StateField("drawn", v.Opt(v.Text())),
)
"""The fields of ``LastStanding``: the players out (first out first), whether the game is over,
and why it ended as a draw (the decision limits)."""
ELIMINATION_ENTRIES = (
    Entry("out", (("player", v.Player()),)),
    Entry("end", (("winner", v.Opt(v.Player())),)),
)
"""The log entries ``LastStanding`` writes."""


class LastStanding(ZoneHost):
    """Elimination (a mixin before ``State``): a player goes out, and the game ends when one is
    left; the outcome ranks the players by when they went out. The state declares
    ``ELIMINATION_FIELDS`` and ``ELIMINATION_ENTRIES``, and starts them empty, ``False`` and
    ``None``; ``leave(player)`` is what else happens when a player goes out (their cards)."""

    __slots__ = ()
    out: list[int]
    finished: bool
    drawn: str | None

    def eliminate(self, player: int) -> None:
        self.out.append(player)
        self.log.append(("out", player))
        self.leave(player)
        alive = self.alive()
        if len(alive) <= 1:
            self.finished = True  # type: ignore[misc]  # a slot of the state class (its declaration's)
            self.log.append(("end", alive[0] if alive else None))

    def leave(self, player: int) -> None:
        """What else happens when ``player`` goes out (nothing by default)."""

    def end_as_draw(self, reason: str) -> None:
        """The decision limits: the players still in share the draw."""
        self.decisions.clear()
        self.finished = True  # type: ignore[misc]  # slots of the state class (its declaration's)
        self.drawn = reason  # type: ignore[misc]
        self.log.append(("end", None))

    @property
    def outcome(self) -> Outcome | None:
        if not self.finished:
            return None
        return Outcome.from_elimination(self.game.num_players, self.out, self.drawn or "last one standing")


LIFE_ENTRIES = tuple(Entry(kind, (("player", v.Player()), ("amount", v.Int(0))))
                     for kind in ("prevented", "damage", "heal"))
"""The log entries ``LifeTotals`` writes."""


class LifeTotals(LastStanding):
    """Life (a mixin before ``State``): the state declares ``life`` (a ``PerPlayer`` int), its
    ``shields`` (``REPLACEMENTS``) and ``LIFE_ENTRIES``. Damage goes through the shields (all of
    it prevented, or some), a player at 0 life goes out, and ``damaged(player)`` is what else
    happens when a player still in took some (their triggers)."""

    __slots__ = ()
    life: list[int]

    def damage(self, player: int, amount: int, source: int) -> None:
        """``amount`` damage to ``player`` from the card ``source`` (-1: the rules)."""
        if player in self.out:
            return
        happening = self.shields.apply(Happening("damage", refs.player(player), amount, source=source))
        if happening is None:
            self.log.append(("prevented", player, amount))
            return
        self.life[player] -= happening.amount
        self.log.append(("damage", player, happening.amount))
        if self.life[player] <= 0:
            self.eliminate(player)
        else:
            self.damaged(player)

    def damaged(self, player: int) -> None:
        """What else happens when ``player`` took damage and is still in (nothing by default)."""

    def heal(self, player: int, amount: int) -> None:
        self.life[player] += amount
        self.log.append(("heal", player, amount))


__all__ = [
    "ELIMINATION_ENTRIES", "ELIMINATION_FIELDS", "HOST_ENTRIES", "LIFE_ENTRIES", "LastStanding", "LifeTotals",
    "ZoneHost", "zone_attrs",
]
