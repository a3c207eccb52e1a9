"""Final Fantasy TCG cards: TOML card sets validated by a pydantic schema, text compiled
by the effect runtime (``kernel/effects.py``) against this game's registry (``effects.py``).

The sample set ships in ``data/ff1.toml``; the file format is documented in docs/cards.md.
A card's identity in a deck is its name (names are unique within the loaded sets).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ...kernel.card_files import CardFile, parsed, read_card_file, resolve_card_file, shipped_card_file
from ...kernel.cards import NamedCards
from ...kernel.effects import CONDITION, Ability, Condition, check_card_names, load_card_tables
from ...kernel.errors import CardDataError
from .effects import REGISTRY

CARD_TYPES = ("monster", "character", "action", "item", "city", "villain")
CardType = Literal["monster", "character", "action", "item", "city", "villain"]
ConditionField = Annotated[dict[str, Any] | None, CONDITION]


class CardRow(BaseModel):
    """One ``[[card]]`` table of a card file."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$")
    name: str = Field(min_length=1, max_length=40, pattern=r"^[^#@,;>]+$")
    type: CardType
    luck: int = Field(ge=0, le=9)  # Sorte: every card has one (the cut and the luck reveal)
    power: int | None = Field(None, ge=0, le=20)  # Poder: monsters, characters, villains
    job: str | None = None  # a character's class (Fighter, Red Mage...)
    subtype: str | None = None  # items: weapon, armor, accessory; actions: black_magic...
    world: bool = False  # "Mundo": the monster may be placed in the World
    text: str = ""  # the printed text, for players (Portuguese terms welcome)
    play: ConditionField = None  # "Jogar": what must hold to play it from hand
    world_requirement: ConditionField = None  # what must hold to place it in the World
    attack: ConditionField = None  # "Avistar": what must hold for it to attack from World or a city
    abilities: list[dict[str, Any]] = Field(default_factory=list)

    @model_validator(mode="after")
    def _fields_fit_the_type(self) -> CardRow:
        fighter = self.type in ("monster", "character", "villain")
        if fighter and self.power is None:
            raise ValueError(f"a {self.type} needs a power")
        if not fighter and self.power is not None:
            raise ValueError(f"a {self.type} has no power (items give theirs through abilities)")
        if (self.type == "character") != (self.job is not None):
            raise ValueError("a character needs a job (class), and only characters have one")
        if self.type == "item" and not self.subtype:
            raise ValueError("an item needs a subtype (weapon, armor...): one per subtype per character")
        if self.world and self.type != "monster":
            raise ValueError("only monsters carry 'world' (villains always stay in the World)")
        if self.world_requirement is not None and not self.world:
            raise ValueError("world_requirement needs world = true")
        if self.attack is not None and self.type not in ("monster", "villain"):
            raise ValueError("only monsters and villains have an attack requirement")
        return self


@dataclass(frozen=True, slots=True)
class Card:
    index: int  # position in the database
    id: str
    name: str
    type: str
    luck: int
    power: int
    job: str | None
    subtype: str | None
    world: bool
    text: str
    play: Condition | None
    world_requirement: Condition | None
    attack: Condition | None
    abilities: tuple[Ability, ...]

    def abilities_at(self, timing: str) -> tuple[Ability, ...]:
        return tuple(a for a in self.abilities if a.timing == timing)


CardDB = NamedCards[Card]
"""The loaded cards, by id and by name (names are unique across the files)."""


def load_cards(paths: list[str | Path]) -> CardDB:
    """Load and check card sets from files; names must be unique across them."""
    return cards_of(tuple(read_card_file(path) for path in paths))


def cards_of(files: tuple[CardFile, ...]) -> CardDB:
    """The card sets of ``files``, parsed once per content (``kernel/card_files.py``)."""
    return parsed("ff_tcg", files, _build)


def _build(files: tuple[CardFile, ...]) -> CardDB:
    cards: list[Card] = []
    by_name: dict[str, str] = {}
    loaded_all = []
    for card_file in files:
        loaded = load_card_tables(card_file, CardRow, REGISTRY)
        loaded_all.extend(loaded)
        for item in loaded:
            row = item.row
            assert isinstance(row, CardRow)
            key = row.name.lower()
            if key in by_name:
                raise CardDataError(f"{item.source}: the name {row.name!r} is taken by {by_name[key]}")
            by_name[key] = item.source
            cards.append(Card(
                index=len(cards), id=row.id, name=row.name, type=row.type, luck=row.luck,
                power=row.power or 0, job=row.job, subtype=row.subtype, world=row.world,
                text=row.text, play=item.conditions["play"],
                world_requirement=item.conditions["world_requirement"],
                attack=item.conditions["attack"], abilities=item.abilities,
            ))
    check_card_names(loaded_all, {card.name for card in cards})
    raw = "\n".join(f.text() for f in files)
    return CardDB(cards, hashlib.sha256(raw.encode()).hexdigest()[:16])


def default_card_paths() -> list[Path]:
    data = resources.files(__package__) / "data"
    return [Path(str(data / "ff1.toml"))]


def shipped_files() -> tuple[CardFile, ...]:
    return (shipped_card_file(__package__, "data", "ff1.toml"),)


@cache
def default_cards() -> CardDB:
    return cards_of(shipped_files())


def cards_from(refs: tuple[str, ...]) -> CardDB:
    """The cards the ``card_files`` option names by content hash (``sha256:...``), resolved
    among the files given to this process and the shipped ones."""
    return cards_of(tuple(resolve_card_file(ref, shipped_files()) for ref in refs))
