"""Conflictus Aeternus card text: the shared vocabulary plus this game's primitives.

It starts from the kernel's ``COMMON`` (N-player ``who``: ``chosen_opponent`` is the player the
ability targets with ``target = { choose = "player" }``, or the attacked or tombando player of an
``on_attack`` or ``on_mill`` trigger, and nowhere else (``cards.py``); ``each_opponent``,
``next_player``...).
Every primitive reaches the state only through host methods (``host.py``).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from ...kernel.effects import Activation, Count, EffectStep, NoParams, OnCards, Params, Ref, Who
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
def _exterminate(host: Any, act: Activation, p: OnCards, step: EffectStep) -> None:
    for card in host.card_refs(act, p.to):
        host.exterminate(card)


def _return(host: Any, act: Activation, p: FromMortis, step: EffectStep) -> None:
    host.return_from_mortis(act.player, p.klass)


def _search(host: Any, act: Activation, p: Search, step: EffectStep) -> Any:
    return host.ask_search(act.player, p.klass)


def _lock(host: Any, act: Activation, p: Sources, step: EffectStep) -> None:
    for player in host.player_ref(act, p.who):
        host.set_sources(player, p.count, used=True)


def _free(host: Any, act: Activation, p: Sources, step: EffectStep) -> None:
    for player in host.player_ref(act, p.who):
        host.set_sources(player, p.count, used=False)


def _extra(host: Any, act: Activation, p: Params, step: EffectStep) -> None:
    host.extra_drop(act.player)


def _counter(host: Any, act: Activation, p: Params, step: EffectStep) -> None:
    for card in act.cards():
        host.counter(card)


def _grant(host: Any, act: Activation, p: Grant, step: EffectStep) -> None:
    for card in host.card_refs(act, p.to):
        host.add_modifier(card, p.keyword, 1, step.duration)


def _sacrifice_self(host: Any, act: Activation, p: Params, step: EffectStep) -> None:
    host.sacrifice(act.source)


def _mill_self(host: Any, act: Activation, p: Count, step: EffectStep) -> None:
    host.mill(act.player, p.count, cost=True)  # a cost: no prevention applies to it


# -- checks -----------------------------------------------------------------------------------
def _count(host: Any, act: Activation, p: CountCheck, step: EffectStep) -> bool:
    return any(host.zone_count(player, p.zone) >= p.at_least for player in host.player_ref(act, p.who))


def _mons(host: Any, act: Activation, p: MonsCheck, step: EffectStep) -> bool:
    return any(host.zone_count(player, "mons") <= p.at_most for player in host.player_ref(act, p.who))


def _your_rodada(host: Any, act: Activation, p: Params, step: EffectStep) -> bool:
    return bool(host.active == act.player)


def _in_combat(host: Any, act: Activation, p: Params, step: EffectStep) -> bool:
    return bool(host.in_combat(act.source))


# -- targets ----------------------------------------------------------------------------------
def _warrior(host: Any, act: Activation, p: Side, step: EffectStep) -> list[int]:
    return list(host.active_warriors(act.player, p.side))


def _amulet(host: Any, act: Activation, p: Params, step: EffectStep) -> list[int]:
    return list(host.amulets_on_stack(act.player))


class Pay(Params):
    count: int = Field(1, ge=1, le=9)


def _pay(host: Any, act: Activation, p: Pay, step: EffectStep) -> None:
    return None  # paid when the ability is announced (``host.pay``), before it goes on the stack


# -- registration -----------------------------------------------------------------------------
# A table, not decorators: mutmut leaves decorated functions unmutated (docs/kernel.md, "Mutation
# testing"). The registry keeps each function object as it is; under mutmut that object picks the
# original or a mutant each time it is called.
PRIMITIVES: tuple[tuple[str, str, type[Params], Any, str], ...] = (
    ("effect", "exterminate", OnCards, _exterminate,
     "the cards in play are removed from the game (Exterminatus)"),
    ("effect", "return_from_mortis", FromMortis, _return,
     "the top card of that class in your Mortis goes to hand"),
    ("effect", "search_mons", Search, _search,
     "choose a card of that class in your mons, take it; the mons is shuffled (an opponent cuts)"),
    ("effect", "lock_sources", Sources, _lock,
     "count free sources of the player(s) become used (Light first)"),
    ("effect", "free_sources", Sources, _free,
     "count used sources of the player(s) become free again"),
    ("effect", "extra_source_drop", NoParams, _extra,
     "you may put down one more source before your next rodada"),
    ("effect", "counter_amulet", NoParams, _counter,
     "the targeted amulet on the stack does nothing (to its Mortis)"),
    ("effect", "grant", Grant, _grant,
     "the warriors gain a keyword for the ability's duration"),
    ("effect", "sacrifice_self", NoParams, _sacrifice_self,
     "(a cost) this card goes to its owner's Mortis"),
    ("effect", "mill_self", Count, _mill_self,
     "(a cost) you mill count cards of your own mons"),
    ("condition", "count", CountCheck, _count,
     "the player has at least at_least cards in the zone"),
    ("condition", "mons_at_most", MonsCheck, _mons,
     "the player's mons holds at most at_most cards"),
    ("condition", "your_rodada", NoParams, _your_rodada,
     "it is your rodada (you are the active player)"),
    ("condition", "in_combat", NoParams, _in_combat,
     "this card's set attacks or blocks now"),
    ("target", "warrior", Side, _warrior,
     "an active warrior (the top of a set)"),
    ("target", "amulet", NoParams, _amulet,
     "an amulet of another player on the stack"),
    ("effect", "pay", Pay, _pay,
     "(a cost) count free sources of the card's faction become used; the player names the split of a "
     "Neutral cost in the action"),
)
for _kind, _name, _params, _run, _summary in PRIMITIVES:
    getattr(REGISTRY, _kind)(_name, _params, _summary)(_run)
