"""Monster Collection cards: TOML data (``data/mc1.toml``), one table per card, checked once.

A card is a creature (生物; a hero, 英雄, when it has hero points), a terrain (地形), an
equipment card (裝備品), a consumable item (消耗品: ``kind = "item"``, used in battle for item
slots), a battle spell (戰鬥スペル: ``timing = "battle"``, cast in its side's normal timing, or
``"counter"``, 対抗, cast in answer to a spell or, with ``answers = "attack"``, only to an
attack: 対抗:攻撃限定) or a ritual (儀式: ``timing = "ritual"``, in its player's main phase).
Creatures may have a special ability (特殊能力: ``timing = "battle"``; ``completes = true`` for
an action-completing one, 行動完了型, used instead of attacking); terrains a hand-type ability
(手牌型特殊能力: ``timing = "place"``, declared with the reveal, R52) or a rule for marching
there (``timing = "march"``: a ``condition`` each marcher meets, and effects when a march
arrives, R77). Names and text are in English (``name``, the ability's ``text``) and Chinese
(``zh``, ``text_zh``). A card's text is its one ability in the kernel's effect format
(``kernel/effects.py``), compiled against ``REGISTRY`` (``COMMON`` plus Monster Collection's
primitives, below); nothing about a card is written in Python.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field

from ...kernel.card_files import CardFile, parsed, read_card_file, resolve_card_file, shipped_card_file
from ...kernel.cards import NamedCards
from ...kernel.effects import (
    Ability,
    Activation,
    AmountParam,
    Bound,
    EffectStep,
    NoParams,
    Params,
    Ref,
    load_card_tables,
)
from ...kernel.errors import CardDataError
from ...kernel.vocabulary import COMMON, CommonHost

ELEMENTS = ("fire", "water", "earth", "wind", "holy", "dark")
ELEMENTS_ZH = {"fire": "火", "water": "水", "earth": "土", "wind": "風", "holy": "聖", "dark": "魔"}
MARCHES = ("walk", "fly", "long_fly")  # 步行, 飛行, 長距離飛行
MARCHES_ZH = {"walk": "步行", "fly": "飛行", "long_fly": "長距離飛行"}
KINDS = ("creature", "terrain", "equipment", "item", "spell", "ritual")
TEXT_KINDS = ("item", "spell", "ritual")  # cards that are their text: each has exactly one ability
TIMINGS = {  # which kinds may carry an ability of each timing
    "battle": ("creature", "item", "spell"),
    "counter": ("spell",),
    "ritual": ("ritual",),
    "place": ("terrain",),
    "march": ("terrain",),
}


class MonsterCollectionAbility(BaseModel):
    """Monster Collection's own ability keys (beside the kernel's)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    completes: bool = False  # 行動完了型: a creature's ability used instead of its attack
    answers: Literal["any", "attack"] = "any"  # a counter's 対抗 (any declaration) or 対抗:攻撃限定


REGISTRY = COMMON.extend(
    timings=tuple(TIMINGS),
    durations=("end_of_battle",),
    default_duration="end_of_battle",
    refs=("target", "self"),
    stats=("attack", "defence"),
    zones=("hand", "discard"),
    ability_fields=MonsterCollectionAbility,
)


class MonsterCollectionHost(CommonHost, Protocol):
    def spell_damage(self, card: int, amount: int, source: int) -> None: ...
    def counter(self, card: int) -> None: ...
    def battle_targets(self, act: Activation, enemy: bool) -> list[int]: ...
    def spells(self, act: Activation) -> list[int]: ...
    def summoner_acted(self, player: int) -> bool: ...
    def summoner_acts(self, player: int) -> None: ...
    def untap(self, card: int) -> None: ...
    def acted_creatures(self, player: int) -> list[int]: ...
    def field_creatures(self, player: int, max_level: int) -> list[int]: ...
    def creature_card(self, card: int) -> Any: ...


class Hurt(Params):
    to: Ref
    amount: AmountParam


class Countered(Params):
    to: Ref


@REGISTRY.effect(
    "spell_damage", Hurt, "damage to each creature: it dies when it reaches the creature's defence"
)
def _spell_damage(host: MonsterCollectionHost, act: Activation, p: Hurt, step: EffectStep) -> None:
    amount = p.amount(host, act)
    for card in host.card_refs(act, p.to):
        host.spell_damage(card, amount, act.source)


@REGISTRY.effect("counter", Countered, "the spells still on the stack do nothing and are discarded")
def _counter(host: MonsterCollectionHost, act: Activation, p: Countered, step: EffectStep) -> None:
    for card in host.card_refs(act, p.to):
        host.counter(card)


@REGISTRY.target("enemy_creature", NoParams, "an enemy creature in this battle")
def _enemy(host: MonsterCollectionHost, act: Activation, p: NoParams, step: EffectStep) -> list[int]:
    return host.battle_targets(act, True)


@REGISTRY.target("own_creature", NoParams, "one of your creatures in this battle")
def _own(host: MonsterCollectionHost, act: Activation, p: NoParams, step: EffectStep) -> list[int]:
    return host.battle_targets(act, False)


@REGISTRY.target("spell", NoParams, "an enemy spell, item or ability waiting on the stack")
def _spell(host: MonsterCollectionHost, act: Activation, p: NoParams, step: EffectStep) -> list[int]:
    return host.spells(act)


@REGISTRY.effect("summoner_acts", NoParams, "your summoner (召喚術師) becomes acted: a cost")
def _summoner_acts(host: MonsterCollectionHost, act: Activation, p: NoParams, step: EffectStep) -> None:
    host.summoner_acts(act.player)


@REGISTRY.payable("summoner_acts")
def _summoner_free(host: MonsterCollectionHost, act: Activation, p: NoParams, step: EffectStep) -> bool:
    return not host.summoner_acted(act.player)


@REGISTRY.effect("untap", Countered, "the creatures become unacted (未行動): they may march again")
def _untap(host: MonsterCollectionHost, act: Activation, p: Countered, step: EffectStep) -> None:
    for card in host.card_refs(act, p.to):
        host.untap(card)


@REGISTRY.target("acted_creature", NoParams, "one of your acted creatures on the battlefield")
def _acted(host: MonsterCollectionHost, act: Activation, p: NoParams, step: EffectStep) -> list[int]:
    return host.acted_creatures(act.player)


class UpTo(Params):
    max_level: int = Field(10, ge=1, le=10)


@REGISTRY.target("field_enemy", UpTo, "an enemy creature on the battlefield of level max_level or less")
def _field_enemy(host: MonsterCollectionHost, act: Activation, p: UpTo, step: EffectStep) -> list[int]:
    return host.field_creatures(1 - act.player, p.max_level)


class Marcher(Params):
    march: tuple[Literal["walk", "fly", "long_fly"], ...] = Field(("walk", "fly", "long_fly"), min_length=1)
    max_level: int = Field(10, ge=1, le=10)


@REGISTRY.condition("marcher", Marcher, "the creature marches by one of these types, level max_level or less")
def _marcher(host: MonsterCollectionHost, act: Activation, p: Marcher, step: EffectStep) -> bool:
    card = host.creature_card(act.cards()[0])
    return bool(card.march in p.march and card.level <= p.max_level)


class CardRow(BaseModel):
    """One ``[[card]]`` table; ``extra="forbid"``: a misspelt field is an error naming it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=60)
    zh: str = Field(min_length=1, max_length=30)
    kind: Literal["creature", "terrain", "equipment", "item", "spell", "ritual"]
    element: Literal["fire", "water", "earth", "wind", "holy", "dark"] | None = None
    level: int = Field(0, ge=0, le=10)
    attack: int = Field(0, ge=-10, le=20)
    defence: int = Field(0, ge=-10, le=20)
    march: Literal["walk", "fly", "long_fly"] = "walk"
    instant: bool = False  # 即時召喚: may be summoned into a battle
    initiative: int = Field(0, ge=-5, le=5)
    charge: int = Field(0, ge=0, le=10)  # added to attack when its side goes first
    defender: int = Field(0, ge=0, le=10)  # added to attack when its side goes second
    item_slots: int = Field(0, ge=0, le=5)  # アイテム:x
    hero_points: int = Field(0, ge=0, le=5)  # 英雄點: deck cards discarded to summon it
    limit: int = Field(0, ge=0, le=20)  # a terrain's 上限値
    slots: int = Field(1, ge=0, le=5)  # an equipment or item card's item-slot cost, a spell's spell-slot cost
    spell_slots: int = Field(0, ge=0, le=5)  # a creature's spell slots, of its own element
    abilities: list[dict[str, Any]] = Field(default_factory=list, max_length=1)  # the card's text
    text_zh: str = Field("", max_length=200)  # the text in Chinese


@dataclass(frozen=True, slots=True)
class Card:
    index: int
    name: str
    zh: str
    kind: str
    element: str | None
    level: int
    attack: int
    defence: int
    march: str
    instant: bool
    initiative: int
    charge: int
    defender: int
    item_slots: int
    hero_points: int
    limit: int
    slots: int
    spell_slots: int = 0
    ability: Ability | None = None  # the card's text, if it has any
    steps: tuple[Bound, ...] = ()  # its compiled effects
    costs: tuple[Bound, ...] = ()  # its compiled costs, paid first on resolution
    text: str = ""
    text_zh: str = ""

    @property
    def spell(self) -> bool:
        return self.kind == "spell"

    @property
    def creature(self) -> bool:
        return self.kind == "creature"

    @property
    def hero(self) -> bool:
        return self.hero_points > 0

    @property
    def timing(self) -> str:
        """Its text's timing ("" for a card without text)."""
        return "" if self.ability is None else self.ability.timing

    @property
    def completes(self) -> bool:
        """A creature's action-completing ability (行動完了型)."""
        return self.ability is not None and bool(getattr(self.ability.fields, "completes", False))

    @property
    def answers(self) -> str:
        """What a counter answers: ``any`` declaration, or only an ``attack`` (対抗:攻撃限定)."""
        return "any" if self.ability is None else str(getattr(self.ability.fields, "answers", "any"))


CardDB = NamedCards[Card]
"""The loaded cards, by id and by name (names are unique across the files)."""


def _check(row: CardRow, where: str) -> None:
    if row.kind == "creature" and (row.level < 1 or row.element is None):
        raise CardDataError(f"{where}: a creature has a level of 1 or more and an element")
    if row.kind == "terrain" and row.level:
        raise CardDataError(f"{where}: a terrain has a limit, not a level")
    if row.kind != "terrain" and row.limit:
        raise CardDataError(f"{where}: only a terrain has a limit")
    if row.kind in TEXT_KINDS and not row.abilities:
        raise CardDataError(f"{where}: field abilities: a card of kind {row.kind} is its text: one ability")
    if row.kind == "spell" and row.element is None:
        raise CardDataError(f"{where}: field element: a spell has an element (its slots')")
    if row.abilities and not row.abilities[0].get("text"):
        raise CardDataError(f"{where}: field abilities[0].text: an ability says what it does")


EFFECTS = ("spell_damage", "counter", "modify_stat", "summoner_acts", "untap", "draw", "mill", "destroy")
"""The effects Monster Collection's host carries out (COMMON's choices of cards from a zone,
prevention and redirection have no use in it yet: a card naming them is refused)."""
IN_BATTLE = ("spell_damage", "counter", "modify_stat")  # meaningful only inside a battle


def _check_ability(row: CardRow, ability: Ability, where: str) -> None:
    at = f"{where}: field abilities[0]"
    for step in (*ability.costs, *ability.effects):
        name = step.primitive.name
        if name not in EFFECTS:
            raise CardDataError(f"{at}: effect {name!r} is not used by Monster Collection; "
                                f"its effects: {', '.join(EFFECTS)}")
        if name in IN_BATTLE and ability.timing not in ("battle", "counter"):
            raise CardDataError(f"{at}: {name} works in a battle only, not in a {ability.timing} ability")
    kinds = TIMINGS[ability.timing]
    if row.kind not in kinds:
        allowed = ", ".join(t for t, ks in TIMINGS.items() if row.kind in ks) or "none"
        raise CardDataError(f"{at}.timing: a {row.kind}'s ability has timing {allowed}, not {ability.timing}")
    fields = ability.fields
    assert isinstance(fields, MonsterCollectionAbility)
    if fields.completes and row.kind != "creature":
        raise CardDataError(f"{at}.completes: only a creature's ability completes its action")
    if fields.answers != "any" and ability.timing != "counter":
        raise CardDataError(f"{at}.answers: only a counter (対抗) says what it answers")
    if ability.timing == "march" and ability.condition is None and not ability.effects:
        raise CardDataError(f"{at}: a march rule has a condition or effects")


def _build(files: tuple[CardFile, ...]) -> CardDB:
    cards: list[Card] = []
    digest = hashlib.sha256()
    names: dict[str, str] = {}
    for card_file in files:
        digest.update(card_file.data)
        for loaded in load_card_tables(card_file, CardRow, REGISTRY):
            row = loaded.row
            assert isinstance(row, CardRow)
            where = loaded.source
            _check(row, where)
            key = row.name.lower()
            if key in names:
                raise CardDataError(f"{where}: the name is taken by a card of {names[key]}")
            names[key] = card_file.name
            ability = loaded.abilities[0] if loaded.abilities else None
            if ability is not None:
                _check_ability(row, ability, where)
            steps = () if ability is None else tuple(s.compile() for s in ability.effects)
            costs = () if ability is None else tuple(s.compile() for s in ability.costs)
            text = "" if not row.abilities else str(row.abilities[0].get("text", ""))
            cards.append(
                Card(
                    len(cards),
                    row.name,
                    row.zh,
                    row.kind,
                    row.element,
                    row.level,
                    row.attack,
                    row.defence,
                    row.march,
                    row.instant,
                    row.initiative,
                    row.charge,
                    row.defender,
                    row.item_slots,
                    row.hero_points,
                    row.limit,
                    row.slots,
                    row.spell_slots,
                    ability,
                    steps,
                    costs,
                    text,
                    row.text_zh,
                )
            )
    if not cards:
        raise CardDataError("the card files hold no card")
    return CardDB(tuple(cards), digest.hexdigest()[:16])


def cards_of(files: tuple[CardFile, ...]) -> CardDB:
    """The card sets of ``files``, parsed once per content (``kernel/card_files.py``)."""
    return parsed("monster-collection", files, _build)


def load_cards(paths: tuple[Path, ...]) -> CardDB:
    return cards_of(tuple(read_card_file(path) for path in paths))


def data_path(*parts: str) -> Path:
    return Path(str(resources.files(__package__).joinpath("data", *parts)))


def shipped_files() -> tuple[CardFile, ...]:
    return (shipped_card_file(__package__, "data", "mc1.toml"),)


@cache
def default_cards() -> CardDB:
    return cards_of(shipped_files())


def cards_from(refs: tuple[str, ...]) -> CardDB:
    """The cards the ``card_files`` option names by content hash, resolved among the files
    given to this process and the shipped one."""
    return cards_of(tuple(resolve_card_file(ref, shipped_files()) for ref in refs))
