"""``COMMON``: the shared card vocabulary for N players and richer cards; new games start here.

It is ``SHARED`` (draw, mill, discard, modify_stat, destroy, move) plus:

- every ``who`` (``each_opponent``, ``chosen_opponent``, ``next_player``, ``each_player``);
- amounts worked out when an effect runs: ``{ compute = "count", of = ref }``,
  ``{ compute = "stat", stat = ..., of = ref }``, ``{ compute = "roll", dice = 1, sides = 6 }``
  (each with optional ``times`` / ``plus``);
- the cost protocol: ``discard`` and ``pay_cards`` (cards in play, chosen among those a
  reference names, go to a zone) say whether they can be paid (``Ability.can_pay``);
- prevention and replacement: ``prevent`` (all of it, or ``amount`` less) and ``redirect``
  add ``Shield`` entries the game applies through ``Replacements.apply``;
- trigger filters on the event's subjects (``trigger_if``): ``subject_in``, ``subject_is_self``,
  ``subject_player``; the target selector ``player``.

``LIFE`` is ``COMMON`` plus life totals: the effects ``damage`` (prevented or reduced by the
shields on the event ``damage``) and ``heal``, carried out by a state with ``LifeTotals``
(``kernel/host.py``).

Final Fantasy TCG keeps ``SHARED``: its vocabulary and card files are unchanged.
"""

from __future__ import annotations

from typing import Any, Protocol

from pydantic import Field, model_validator

from . import refs
from .effects import (
    SHARED,
    WHOS,
    Activation,
    AmountParam,
    Count,
    EffectHost,
    EffectStep,
    EventName,
    NoParams,
    Params,
    Ref,
    Stat,
    Who,
    ZoneName,
)
from .replacements import Mode, Shield

COMMON = SHARED.extend(whos=WHOS, trigger_filters=True)
"""``SHARED`` plus the vocabulary above; a game calls ``COMMON.extend(...)`` with its names."""


class CommonHost(EffectHost, Protocol):
    """What the ``COMMON`` primitives ask of a state, beyond ``EffectHost``."""

    def stat_of(self, card: int, stat: str) -> int: ...
    def roll(self, sides: int) -> int: ...  # 1..sides, from the state's Rng
    def hand_size(self, player: int) -> int: ...
    def ask_pay(self, player: int, cards: list[int], count: int, zone: str) -> Any: ...
    def add_shield(self, shield: Shield) -> None: ...


# -- amounts --------------------------------------------------------------------------------
class Scaled(Params):
    times: int = Field(1, ge=-10, le=10)
    plus: int = Field(0, ge=-99, le=99)


class CountOf(Scaled):
    of: Ref


class StatOf(Scaled):
    stat: Stat
    of: Ref


class Roll(Scaled):
    dice: int = Field(1, ge=1, le=10)
    sides: int = Field(6, ge=2, le=100)


@COMMON.amount("count", CountOf, "how many cards the reference names (x times, + plus)")
def _count(host: CommonHost, act: Activation, p: CountOf, step: EffectStep) -> int:
    return len(host.card_refs(act, p.of)) * p.times + p.plus


@COMMON.amount("stat", StatOf, "the total of a stat of the cards the reference names (x times, + plus)")
def _stat(host: CommonHost, act: Activation, p: StatOf, step: EffectStep) -> int:
    return sum(host.stat_of(card, p.stat) for card in host.card_refs(act, p.of)) * p.times + p.plus


@COMMON.amount("roll", Roll, "dice rolled now, each 1 to sides (x times, + plus)")
def _roll(host: CommonHost, act: Activation, p: Roll, step: EffectStep) -> int:
    return sum(host.roll(p.sides) for _ in range(p.dice)) * p.times + p.plus


class ModifyBy(Params):
    stat: Stat
    amount: AmountParam
    to: Ref


@COMMON.effect("modify_stat", ModifyBy, "stat +amount (a number or computed) on the cards, for the duration")
def _modify_stat(host: CommonHost, act: Activation, p: ModifyBy, step: EffectStep) -> None:
    amount = p.amount(host, act)  # worked out once, for every card
    for card in host.card_refs(act, p.to):
        host.add_modifier(card, p.stat, amount, step.duration)


# -- costs ----------------------------------------------------------------------------------
class PayCards(Params):
    of: Ref
    count: int = Field(1, ge=1, le=10)
    zone: ZoneName


@COMMON.payable("discard")
def _can_discard(host: CommonHost, act: Activation, p: Count, step: EffectStep) -> bool:
    return all(host.hand_size(q) >= p.count for q in host.player_ref(act, p.who))


@COMMON.effect("pay_cards", PayCards, "count of the cards the reference names (in play) go to a zone; "
               "the player picks which when there are more")
def _pay_cards(host: CommonHost, act: Activation, p: PayCards, step: EffectStep) -> Any:
    cards = host.card_refs(act, p.of)
    if len(cards) <= p.count:
        for card in cards:
            host.move_card(card, p.zone)
        return None
    return host.ask_pay(act.player, cards, p.count, p.zone)


@COMMON.payable("pay_cards")
def _can_pay_cards(host: CommonHost, act: Activation, p: PayCards, step: EffectStep) -> bool:
    return len(host.card_refs(act, p.of)) >= p.count


# -- prevention and replacement -------------------------------------------------------------
class Prevent(Params):
    event: EventName
    to: Ref | None = None  # the cards protected...
    who: Who | None = None  # ...or the players
    amount: int | None = Field(None, ge=1, le=99)  # None: all of it
    uses: int = Field(1, ge=0, le=9)  # 0: until the duration ends

    @model_validator(mode="after")
    def one_subject(self) -> Prevent:
        if (self.to is None) == (self.who is None):
            raise ValueError("name either the cards (to) or the players (who) it protects")
        return self


class Redirect(Params):
    event: EventName
    to: Ref
    zone: ZoneName
    uses: int = Field(1, ge=0, le=9)


def _subjects(host: CommonHost, act: Activation, to: str | None, who: str | None) -> list[refs.Ref]:
    if to is not None:
        return [refs.card(c) for c in host.card_refs(act, to)]
    return [refs.player(p) for p in host.player_ref(act, who or "you")]


@COMMON.effect("prevent", Prevent, "the next event (or amount of it) to the cards or players does not happen")
def _prevent(host: CommonHost, act: Activation, p: Prevent, step: EffectStep) -> None:
    mode: Mode = "prevent" if p.amount is None else "reduce"
    for subject in _subjects(host, act, p.to, p.who):
        host.add_shield(Shield(act.source, p.event, subject, mode, p.amount or 0, "", step.duration, p.uses))


@COMMON.effect("redirect", Redirect, "the cards go to another zone instead, the next time the event happens")
def _redirect(host: CommonHost, act: Activation, p: Redirect, step: EffectStep) -> None:
    for card in host.card_refs(act, p.to):
        shield = Shield(act.source, p.event, refs.card(card), "redirect", 0, p.zone, step.duration, p.uses)
        host.add_shield(shield)


# -- trigger filters and targets ------------------------------------------------------------
class SubjectIn(Params):
    of: Ref


class SubjectPlayer(Params):
    who: Who


@COMMON.condition("subject_in", SubjectIn, "the event was about one of the cards the reference names")
def _subject_in(host: CommonHost, act: Activation, p: SubjectIn, step: EffectStep) -> bool:
    cards = {r.id for r in act.subjects if r.kind is refs.Kind.CARD}
    return not cards.isdisjoint(host.card_refs(act, p.of))


@COMMON.condition("subject_is_self", NoParams, "the event was about this card")
def _subject_is_self(host: CommonHost, act: Activation, p: NoParams, step: EffectStep) -> bool:
    return refs.card(act.source) in act.subjects


@COMMON.condition("subject_player", SubjectPlayer, "the event was about one of these players")
def _subject_player(host: CommonHost, act: Activation, p: SubjectPlayer, step: EffectStep) -> bool:
    players = {r.id for r in act.subjects if r.kind is refs.Kind.PLAYER}
    return not players.isdisjoint(host.player_ref(act, p.who))


class PlayerTarget(Params):
    who: Who = "each_opponent"


@COMMON.target("player", PlayerTarget, "a player (of those ``who`` names)", produces="player")
def _player(host: CommonHost, act: Activation, p: PlayerTarget, step: EffectStep) -> list[int]:
    return host.player_ref(act, p.who)


# -- life totals ----------------------------------------------------------------------------
LIFE = COMMON.extend(events=("damage",))
"""``COMMON`` plus ``damage`` and ``heal`` of players' life (the host's ``damage`` and ``heal``)."""


class LifeHost(CommonHost, Protocol):
    """What ``LIFE``'s effects ask of a state, beyond ``CommonHost`` (``LifeTotals`` gives it)."""

    def damage(self, player: int, amount: int, source: int) -> None: ...
    def heal(self, player: int, amount: int) -> None: ...


class Hurt(Params):
    who: Who
    amount: AmountParam


@LIFE.effect("damage", Hurt, "the players lose amount life (unless prevented)")
def _damage(host: LifeHost, act: Activation, p: Hurt, step: EffectStep) -> None:
    amount = p.amount(host, act)
    for player in host.player_ref(act, p.who):
        host.damage(player, amount, act.source)


@LIFE.effect("heal", Hurt, "the players gain amount life")
def _heal(host: LifeHost, act: Activation, p: Hurt, step: EffectStep) -> None:
    amount = p.amount(host, act)
    for player in host.player_ref(act, p.who):
        host.heal(player, amount)
