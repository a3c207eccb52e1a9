"""Brawl's card vocabulary: the kernel's ``COMMON`` plus three primitives, and its card file."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field

from tcgkit.kernel.effects import (
    Ability,
    Activation,
    AmountParam,
    Bound,
    NoParams,
    Params,
    Ref,
    Step,
    Who,
    load_card_tables,
)
from tcgkit.kernel.vocabulary import COMMON, CommonHost

CARD_FILE = Path(__file__).with_name("cards.toml")


class Speed(BaseModel):
    """Brawl's own ability field: ``fast`` cards may answer a spell on the stack."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    speed: Literal["slow", "fast"] = "slow"


REGISTRY = COMMON.extend(
    timings=("cast",), durations=("end_of_turn",), default_duration="end_of_turn",
    refs=("self", "target", "my_hand"), zones=("hand", "discard"), events=("damage",),
    ability_fields=Speed,
)


class BrawlHost(CommonHost, Protocol):
    def damage(self, player: int, amount: int, source: int) -> None: ...
    def heal(self, player: int, amount: int) -> None: ...
    def counter(self, card: int) -> None: ...
    def spells(self, act: Activation) -> list[int]: ...


class Hurt(Params):
    who: Who
    amount: AmountParam


class Countered(Params):
    to: Ref


@REGISTRY.effect("damage", Hurt, "the players lose amount life (unless prevented)")
def _damage(host: BrawlHost, act: Activation, p: Hurt, step: Step) -> None:
    amount = p.amount(host, act)
    for player in host.player_ref(act, p.who):
        host.damage(player, amount, act.source)


@REGISTRY.effect("heal", Hurt, "the players gain amount life")
def _heal(host: BrawlHost, act: Activation, p: Hurt, step: Step) -> None:
    amount = p.amount(host, act)
    for player in host.player_ref(act, p.who):
        host.heal(player, amount)


@REGISTRY.effect("counter", Countered, "the spells still on the stack do nothing and are discarded")
def _counter(host: BrawlHost, act: Activation, p: Countered, step: Step) -> None:
    for card in host.card_refs(act, p.to):
        host.counter(card)


@REGISTRY.target("spell", NoParams, "a spell of another player waiting on the stack")
def _spell(host: BrawlHost, act: Activation, p: NoParams, step: Step) -> list[int]:
    return host.spells(act)


class Row(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    name: str
    abilities: list[dict[str, Any]] = Field(min_length=1, max_length=1)


@dataclass(frozen=True, slots=True)
class Card:
    index: int
    id: str
    name: str
    ability: Ability
    fast: bool
    steps: tuple[Bound, ...]  # compiled: the cost check on resolution, the costs, the effects


def load_cards(path: Path = CARD_FILE) -> tuple[Card, ...]:
    cards = []
    for index, loaded in enumerate(load_card_tables(path, Row, REGISTRY)):
        row = loaded.row
        assert isinstance(row, Row)
        ability = loaded.abilities[0]
        fast = isinstance(ability.fields, Speed) and ability.fields.speed == "fast"
        steps = (ability.cost_check(), *(s.compile() for s in ability.costs + ability.effects))
        cards.append(Card(index, row.id, row.name, ability, fast, steps))
    return tuple(cards)
