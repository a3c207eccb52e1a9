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
from tcgkit.kernel.errors import CardDataError
from tcgkit.kernel.vocabulary import COMMON, CommonHost

CARD_FILE = Path(__file__).parent / "data" / "cards.toml"


class Speed(BaseModel):
    """Brawl's own ability field: ``fast`` cards may answer a spell on the stack."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    speed: Literal["slow", "fast"] = "slow"


REGISTRY = COMMON.extend(
    timings=("cast", "on_damage"), durations=("end_of_turn",), default_duration="end_of_turn",
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
    permanent: bool = False  # stays on the board once resolved (its other abilities trigger)
    abilities: list[dict[str, Any]] = Field(min_length=1, max_length=2)


@dataclass(frozen=True, slots=True)
class Card:
    index: int
    id: str
    name: str
    permanent: bool
    abilities: tuple[Ability, ...]  # the first is cast; a permanent's second triggers on damage
    fast: bool
    steps: tuple[tuple[Bound, ...], ...]  # by ability: the cost check on resolution, costs, effects

    @property
    def ability(self) -> Ability:
        return self.abilities[0]


def load_cards(path: Path = CARD_FILE) -> tuple[Card, ...]:
    cards = []
    for index, loaded in enumerate(load_card_tables(path, Row, REGISTRY)):
        row = loaded.row
        assert isinstance(row, Row)
        cast = loaded.abilities[0]
        if cast.timing != "cast" or any(a.timing != "on_damage" for a in loaded.abilities[1:]) or \
                (len(loaded.abilities) > 1) != row.permanent:
            raise CardDataError(f"{loaded.source}: field abilities: a cast ability first, then one "
                                f"on_damage ability exactly when the card is permanent")
        fast = isinstance(cast.fields, Speed) and cast.fields.speed == "fast"
        steps = tuple((a.cost_check(), *(s.compile() for s in a.costs + a.effects)) for a in loaded.abilities)
        cards.append(Card(index, row.id, row.name, row.permanent, loaded.abilities, fast, steps))
    return tuple(cards)
