"""Final Fantasy TCG's card vocabulary: the kernel's shared primitives plus this game's own.

Every primitive reaches the state only through the ``FFHost`` methods below, which the
state implements (rules.py), so the card text stays data and the rules stay in one place.

Timings (when an ability may be used or fires):
- ``static``: always on while the card is in play (an item on its character, a character,
  a monster in the World; a city only while its ``condition`` holds and no monster is on it);
- ``on_play``: once, when the card enters play;
- ``activated``: in its owner's play phase and their fight windows, paying the cost (the
  rulebook's "efeito");
- ``turn``: the *Virar* of a hidden action: turning it face up resolves it, then it is
  discarded. Usable in its owner's play phase and in their combat windows;
- ``combat``: in its owner's combat window of a fight (defender first, then attacker);
- ``on_attack``: fires when the monster or villain is declared an attacker (a villain's
  sacrifice of its own monsters);
- ``on_win``: a monster's or villain's reward (*recompensa*) when it wins a fight;
- ``end_of_turn``: fires at the end of its owner's turn.

References (``to = ...``): ``self``; ``target`` (the card the player named); ``bearer`` (the
character carrying this item, or this character); ``my_fighters`` / ``rival_fighters``
(the acting player's / the other side's cards in the current fight); ``my_characters``,
``rival_characters``; ``my_monsters``, ``rival_monsters`` (in the World, on cities or
attacking); ``attackers`` (every monster in the current attack).
"""

from __future__ import annotations

from typing import Literal, Protocol

from pydantic import Field

from ...kernel.effects import (
    SHARED,
    Activation,
    Bound,
    CardName,
    Count,
    EffectHost,
    EffectStep,
    NoParams,
    OnCards,
    Params,
    Who,
)

REGISTRY = SHARED.extend(
    timings=("static", "on_play", "activated", "turn", "combat", "on_attack", "on_win", "end_of_turn"),
    durations=("end_of_combat", "end_of_turn", "permanent"),
    default_duration="end_of_turn",  # project decision: effects last until the end of the turn
    refs=("self", "target", "bearer", "my_fighters", "rival_fighters", "my_characters",
          "rival_characters", "my_monsters", "rival_monsters", "attackers"),
    stats=("power", "defense"),
    zones=("hand", "discard", "deck_top", "deck_bottom"),
)

Side = Literal["you", "opponent", "any"]
TypeName = Literal["monster", "character", "action", "item", "city", "villain"]
Place = Literal["characters", "items", "hidden", "world", "cities", "city_monsters", "skulls", "hand",
                "in_play"]


class FFHost(EffectHost, Protocol):
    """What this game's primitives ask of the state, beyond the shared ``EffectHost``."""

    def hand_size(self, player: int) -> int: ...
    def skull_count(self, player: int) -> int: ...
    def sacrifice_options(self, player: int, type: str | None) -> list[int]: ...
    def wound(self, card: int) -> None: ...
    def heal(self, card: int) -> None: ...
    def kill(self, card: int) -> None: ...
    def extra_luck(self, player: int, count: int) -> None: ...
    def cancel_fight(self) -> None: ...
    def remove_skulls(self, player: int, count: int) -> None: ...
    def ask_search(self, player: int, name: str | None, type: str | None) -> object: ...
    def ask_sacrifice(self, player: int, type: str | None, count: int) -> object: ...
    def count_cards(self, act: Activation, side: str, place: str, type: str | None,
                    name: str | None, job: str | None) -> int: ...
    def sees(self, act: Activation, name: str | None, type: str | None) -> bool: ...
    def attacking_with(self, act: Activation, name: str | None, type: str | None) -> bool: ...
    def fight_role(self, act: Activation) -> str | None: ...
    def is_wounded(self, card: int) -> bool: ...
    def candidates(self, act: Activation, side: str, place: str, type: str | None,
                   max_power: int | None, in_fight: bool, wounded: bool | None) -> list[int]: ...


# -- effects ------------------------------------------------------------------------------
class ExtraLuck(Params):
    count: int = Field(1, ge=1, le=3)


class Skulls(Params):
    count: int = Field(1, ge=1, le=7)
    who: Who = "opponent"


class Search(Params):
    name: CardName | None = None
    type: TypeName | None = None


class Sacrifice(Params):
    type: TypeName | None = None
    count: int = Field(1, ge=1, le=5)


@REGISTRY.effect("wound", OnCards, "the characters are wounded (a wounded one dies)")
def _wound(host: FFHost, act: Activation, p: OnCards, step: EffectStep) -> None:
    for card in host.card_refs(act, p.to):
        host.wound(card)


@REGISTRY.effect("heal", OnCards, "the characters are no longer wounded")
def _heal(host: FFHost, act: Activation, p: OnCards, step: EffectStep) -> None:
    for card in host.card_refs(act, p.to):
        host.heal(card)


@REGISTRY.effect("kill", OnCards, "the characters die: to the discard pile with their items")
def _kill(host: FFHost, act: Activation, p: OnCards, step: EffectStep) -> None:
    for card in host.card_refs(act, p.to):
        host.kill(card)


@REGISTRY.effect("extra_luck", ExtraLuck, "the acting side reveals count more luck cards in this fight")
def _extra_luck(host: FFHost, act: Activation, p: ExtraLuck, step: EffectStep) -> None:
    host.extra_luck(act.player, p.count)


@REGISTRY.effect("cancel_fight", NoParams, "the fight ends with no winner; its monsters are discarded")
def _cancel_fight(host: FFHost, act: Activation, p: NoParams, step: EffectStep) -> None:
    host.cancel_fight()


@REGISTRY.effect("remove_skulls", Skulls, "the top count cards of a skull pile go to the discard pile")
def _remove_skulls(host: FFHost, act: Activation, p: Skulls, step: EffectStep) -> None:
    for player in host.player_ref(act, p.who):
        host.remove_skulls(player, p.count)


@REGISTRY.effect("search_deck", Search, "the player takes a matching card of their choice from the "
                 "deck into the hand, then shuffles")
def _search(host: FFHost, act: Activation, p: Search, step: EffectStep) -> object:
    return host.ask_search(act.player, p.name, p.type)


@REGISTRY.effect("sacrifice", Sacrifice, "the player puts count of their own cards in play of the "
                 "type into the discard pile, chosen by them")
def _sacrifice(host: FFHost, act: Activation, p: Sacrifice, step: EffectStep) -> object:
    return host.ask_sacrifice(act.player, p.type, p.count)


# -- costs: whether one can be paid now (the kernel's cost protocol, ``Ability.payable``) ------
@REGISTRY.payable("discard")
def _can_discard(host: FFHost, act: Activation, p: Count, step: EffectStep) -> bool:
    if p.who == "you":  # the common case, on every legal list
        return host.hand_size(act.player) >= p.count
    return all(host.hand_size(q) >= p.count for q in host.player_ref(act, p.who))


@REGISTRY.payable("sacrifice")
def _can_sacrifice(host: FFHost, act: Activation, p: Sacrifice, step: EffectStep) -> bool:
    return len(host.sacrifice_options(act.player, p.type)) >= p.count


@REGISTRY.payable("remove_skulls")
def _can_remove_skulls(host: FFHost, act: Activation, p: Skulls, step: EffectStep) -> bool:
    return all(host.skull_count(q) >= p.count for q in host.player_ref(act, p.who))


# -- conditions ---------------------------------------------------------------------------
class Controls(Params):
    side: Side = "you"
    place: Place = "in_play"
    type: TypeName | None = None
    name: CardName | None = None
    job: str | None = None
    at_least: int = Field(1, ge=0, le=60)
    at_most: int | None = Field(None, ge=0, le=60)


class Sees(Params):
    name: CardName | None = None
    type: TypeName | None = None


class Role(Params):
    role: Literal["defender", "attacker"]


class IsWounded(Params):
    to: Literal["self", "target", "bearer"] = "bearer"


@REGISTRY.condition("count", Controls, "between at_least and at_most matching cards are in the place")
def _count(host: FFHost, act: Activation, p: Controls, step: EffectStep) -> bool:
    n = host.count_cards(act, p.side, p.place, p.type, p.name, p.job)
    return n >= p.at_least and (p.at_most is None or n <= p.at_most)


@REGISTRY.condition("sees", Sees, "Avistar: a matching card is anywhere but in a deck or a discard pile "
                    "(the rival's hand and face-down cards excepted)")
def _sees(host: FFHost, act: Activation, p: Sees, step: EffectStep) -> bool:
    return host.sees(act, p.name, p.type)


@REGISTRY.condition("attacking_with", Sees, "another matching monster is in the current attack")
def _attacking_with(host: FFHost, act: Activation, p: Sees, step: EffectStep) -> bool:
    return host.attacking_with(act, p.name, p.type)


@REGISTRY.condition("in_fight", Role, "the acting player is the defender / attacker of the current fight")
def _in_fight(host: FFHost, act: Activation, p: Role, step: EffectStep) -> bool:
    return host.fight_role(act) == p.role


@REGISTRY.condition("wounded", IsWounded, "the character is wounded")
def _wounded(host: FFHost, act: Activation, p: IsWounded, step: EffectStep) -> bool:
    cards = host.card_refs(act, p.to)
    return bool(cards) and all(host.is_wounded(card) for card in cards)


# -- targets ------------------------------------------------------------------------------
class Choose(Params):
    side: Side = "opponent"
    place: Place = "in_play"
    type: TypeName | None = None
    max_power: int | None = Field(None, ge=0, le=20)
    in_fight: bool = False  # only cards in the current fight
    wounded: bool | None = None


@REGISTRY.target("card", Choose, "a matching card; the player names it in the action")
def _choose(host: FFHost, act: Activation, p: Choose, step: EffectStep) -> list[int]:
    return host.candidates(act, p.side, p.place, p.type, p.max_power, p.in_fight, p.wounded)


# -- binders: the same checks with their parameters read once (``Condition.compile``) ----------
@REGISTRY.binder("condition", "count")
def _count_bound(step: EffectStep) -> Bound:
    p = step.params
    assert isinstance(p, Controls)
    side, place, type, name, job, least, most = p.side, p.place, p.type, p.name, p.job, p.at_least, p.at_most

    def test(host: FFHost, act: Activation) -> bool:
        n = host.count_cards(act, side, place, type, name, job)
        return n >= least and (most is None or n <= most)

    return test


@REGISTRY.binder("condition", "sees")
def _sees_bound(step: EffectStep) -> Bound:
    p = step.params
    assert isinstance(p, Sees)
    name, type = p.name, p.type
    return lambda host, act: host.sees(act, name, type)


@REGISTRY.binder("condition", "attacking_with")
def _attacking_with_bound(step: EffectStep) -> Bound:
    p = step.params
    assert isinstance(p, Sees)
    name, type = p.name, p.type
    return lambda host, act: host.attacking_with(act, name, type)


@REGISTRY.binder("condition", "in_fight")
def _in_fight_bound(step: EffectStep) -> Bound:
    p = step.params
    assert isinstance(p, Role)
    role = p.role
    return lambda host, act: host.fight_role(act) == role


@REGISTRY.binder("target", "card")
def _choose_bound(step: EffectStep) -> Bound:
    p = step.params
    assert isinstance(p, Choose)
    side, place, type, most, in_fight, wounded = p.side, p.place, p.type, p.max_power, p.in_fight, p.wounded
    return lambda host, act: host.candidates(act, side, place, type, most, in_fight, wounded)
