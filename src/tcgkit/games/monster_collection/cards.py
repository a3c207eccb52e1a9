"""Monster Collection cards: TOML data (``data/mc1.toml``), one table per card, checked once.

A card is a creature (生物; a hero, 英雄, when it has hero points), a terrain (地形) or an
equipment card (裝備品). Names are in English (``name``) and Chinese (``zh``). The numbers are
the card's; nothing about a card is written in Python.
"""

from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ...kernel.card_files import CardFile, parsed, read_card_file, resolve, shipped_card_file
from ...kernel.errors import CardDataError

ELEMENTS = ("fire", "water", "earth", "wind", "holy", "dark")
ELEMENTS_ZH = {"fire": "火", "water": "水", "earth": "土", "wind": "風", "holy": "聖", "dark": "魔"}
MARCHES = ("walk", "fly", "long_fly")  # 步行, 飛行, 長距離飛行
MARCHES_ZH = {"walk": "步行", "fly": "飛行", "long_fly": "長距離飛行"}
KINDS = ("creature", "terrain", "equipment")


class CardRow(BaseModel):
    """One ``[[card]]`` table; ``extra="forbid"``: a misspelt field is an error naming it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=60)
    zh: str = Field(min_length=1, max_length=30)
    kind: Literal["creature", "terrain", "equipment"]
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
    slots: int = Field(1, ge=0, le=5)  # an equipment card's slot cost


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

    @property
    def creature(self) -> bool:
        return self.kind == "creature"

    @property
    def hero(self) -> bool:
        return self.hero_points > 0


@dataclass(frozen=True)
class CardDB:
    cards: tuple[Card, ...]
    hash: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_name", {c.name.lower(): c for c in self.cards})

    def find(self, name: str) -> Card | None:
        by_name: dict[str, Card] = self._by_name  # type: ignore[attr-defined]
        return by_name.get(name.strip().lower())

    def __getitem__(self, index: int) -> Card:
        return self.cards[index]

    def __len__(self) -> int:
        return len(self.cards)


def _check(row: CardRow, where: str) -> None:
    if row.kind == "creature" and (row.level < 1 or row.element is None):
        raise CardDataError(f"{where}: a creature has a level of 1 or more and an element")
    if row.kind == "terrain" and row.level:
        raise CardDataError(f"{where}: a terrain has a limit, not a level")
    if row.kind != "terrain" and row.limit:
        raise CardDataError(f"{where}: only a terrain has a limit")


def _build(files: tuple[CardFile, ...]) -> CardDB:
    cards: list[Card] = []
    digest = hashlib.sha256()
    names: dict[str, str] = {}
    for card_file in files:
        digest.update(card_file.data)
        try:
            data = tomllib.loads(card_file.text())
        except tomllib.TOMLDecodeError as exc:
            raise CardDataError(f"{card_file.name}: not TOML: {exc}") from None
        tables = data.get("card")
        if not isinstance(tables, list) or set(data) != {"card"}:
            raise CardDataError(f"{card_file.name}: a card file holds [[card]] tables only")
        for i, table in enumerate(tables):
            where = f"{card_file.name}: card {i + 1}"
            try:
                row = CardRow.model_validate(table)
            except ValidationError as exc:
                err = exc.errors()[0]
                field = ".".join(str(p) for p in err["loc"]) or "card"
                raise CardDataError(
                    f"{where} ({table.get('name', '?')}): field {field}: {err['msg']}"
                ) from None
            where = f"{card_file.name}: {row.name}"
            _check(row, where)
            key = row.name.lower()
            if key in names:
                raise CardDataError(f"{where}: the name is taken by a card of {names[key]}")
            names[key] = card_file.name
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
    return cards_of(tuple(resolve(ref, shipped_files()) for ref in refs))
