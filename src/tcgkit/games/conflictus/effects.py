"""Conflictus Aeternus card text: the shared vocabulary plus this game's primitives.

It starts from the kernel's ``COMMON`` (N-player ``who``: ``chosen_opponent`` is the player the
ability targets with ``target = { choose = "player" }``, ``each_opponent``, ``next_player``...).
Every primitive reaches the state only through host methods (``host.py``).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from ...kernel.effects import Activation, Count, OnCards, Params, Ref, Step, Who
from ...kernel.vocabulary import COMMON

TIMINGS = ("amulet", "activated", "on_enter", "end_of_round", "on_attack", "static",
           "warrior_enters", "on_mill")
EVENT_TIMINGS = ("warrior_enters", "on_mill")
"""Triggers on any player's event, filtered by ``trigger_if``: a warrior entering play (its subject
the warrior, which is also the frame's target) and a player tombando (the player). Each fires at
most once per rodada per card (``once_per_turn``), so two such cards cannot loop."""
EVENTS = ("destroy", "combat_damage", "mill")
"""What ``prevent`` and ``redirect`` may name: a card destroyed by an effect (``to``), combat
damage to a warrior (``to``; ``amount`` reduces it), cards a player must tombar (``who``)."""
REGISTRY = COMMON.extend(
    timings=TIMINGS,
    durations=("end_of_round",),
    default_duration="end_of_round",
    refs=("self", "target", "bearer", "your_warriors", "opponents_warriors"),
    stats=("attack", "defense", "tombo"),
    zones=("hand", "mortis", "exterminatus", "mons_bottom"),
    events=EVENTS,
)

KlassName = Literal["fonte", "guerreiro", "amuleto", "reliquia", "equipamento"]
Keyword = Literal["unblockable", "cannot_block"]


class FromMortis(Params):
    klass: KlassName


class Search(Params):
    klass: KlassName


class Sources(Params):
    count: int = Field(1, ge=1, le=9)
    who: Who = "you"


class Grant(Params):
    keyword: Keyword
    to: Ref


class Side(Params):
    side: Literal["any", "own", "opponent"] = "any"


class CountCheck(Params):
    zone: Literal["sets", "sources", "hand", "mortis", "relics"]
    who: Who = "you"
    at_least: int = Field(1, ge=0, le=60)


class MonsCheck(Params):
    who: Who = "each_opponent"
    at_most: int = Field(ge=0, le=100)


# -- effects ----------------------------------------------------------------------------------
@REGISTRY.effect("exterminate", OnCards, "the cards in play are removed from the game (Exterminatus)")
def _exterminate(host: Any, act: Activation, p: OnCards, step: Step) -> None:
    for card in host.card_refs(act, p.to):
        host.exterminate(card)


@REGISTRY.effect("return_from_mortis", FromMortis, "the top card of that class in your Mortis goes to hand")
def _return(host: Any, act: Activation, p: FromMortis, step: Step) -> None:
    host.return_from_mortis(act.player, p.klass)


@REGISTRY.effect("search_mons", Search, "choose a card of that class in your mons, take it; the mons "
                 "is shuffled (an opponent cuts)")
def _search(host: Any, act: Activation, p: Search, step: Step) -> Any:
    return host.ask_search(act.player, p.klass)


@REGISTRY.effect("lock_sources", Sources, "count free sources of the player(s) become used (Light first)")
def _lock(host: Any, act: Activation, p: Sources, step: Step) -> None:
    for player in host.player_ref(act, p.who):
        host.set_sources(player, p.count, used=True)


@REGISTRY.effect("free_sources", Sources, "count used sources of the player(s) become free again")
def _free(host: Any, act: Activation, p: Sources, step: Step) -> None:
    for player in host.player_ref(act, p.who):
        host.set_sources(player, p.count, used=False)


@REGISTRY.effect("extra_source_drop", summary="you may put down one more source before your next rodada")
def _extra(host: Any, act: Activation, p: Params, step: Step) -> None:
    host.extra_drop(act.player)


@REGISTRY.effect("counter_amulet", summary="the targeted amulet on the stack does nothing (to its Mortis)")
def _counter(host: Any, act: Activation, p: Params, step: Step) -> None:
    host.counter(act.target)


@REGISTRY.effect("grant", Grant, "the warriors gain a keyword for the ability's duration")
def _grant(host: Any, act: Activation, p: Grant, step: Step) -> None:
    for card in host.card_refs(act, p.to):
        host.add_modifier(card, p.keyword, 1, step.duration)


@REGISTRY.effect("sacrifice_self", summary="(a cost) this card goes to its owner's Mortis")
def _sacrifice_self(host: Any, act: Activation, p: Params, step: Step) -> None:
    host.sacrifice(act.source)


@REGISTRY.effect("mill_self", Count, "(a cost) you mill count cards of your own mons")
def _mill_self(host: Any, act: Activation, p: Count, step: Step) -> None:
    host.mill(act.player, p.count, cost=True)  # a cost: no prevention applies to it


# -- checks -----------------------------------------------------------------------------------
@REGISTRY.condition("count", CountCheck, "the player has at least at_least cards in the zone")
def _count(host: Any, act: Activation, p: CountCheck, step: Step) -> bool:
    return any(host.zone_count(player, p.zone) >= p.at_least for player in host.player_ref(act, p.who))


@REGISTRY.condition("mons_at_most", MonsCheck, "the player's mons holds at most at_most cards")
def _mons(host: Any, act: Activation, p: MonsCheck, step: Step) -> bool:
    return any(host.zone_count(player, "mons") <= p.at_most for player in host.player_ref(act, p.who))


@REGISTRY.condition("your_rodada", summary="it is your rodada (you are the active player)")
def _your_rodada(host: Any, act: Activation, p: Params, step: Step) -> bool:
    return bool(host.active == act.player)


@REGISTRY.condition("in_combat", summary="this card's set attacks or blocks now")
def _in_combat(host: Any, act: Activation, p: Params, step: Step) -> bool:
    return bool(host.in_combat(act.source))


# -- targets ----------------------------------------------------------------------------------
@REGISTRY.target("warrior", Side, "an active warrior (the top of a set)")
def _warrior(host: Any, act: Activation, p: Side, step: Step) -> list[int]:
    return list(host.active_warriors(act.player, p.side))


@REGISTRY.target("amulet", summary="an amulet of another player on the stack")
def _amulet(host: Any, act: Activation, p: Params, step: Step) -> list[int]:
    return list(host.amulets_on_stack(act.player))


class Pay(Params):
    count: int = Field(1, ge=1, le=9)


@REGISTRY.effect("pay", Pay, "(a cost) count free sources of the card's faction become used; the "
                 "player names the split of a Neutral cost in the action")
def _pay(host: Any, act: Activation, p: Pay, step: Step) -> None:
    return None  # paid when the ability is announced (``host.pay``), before it goes on the stack
