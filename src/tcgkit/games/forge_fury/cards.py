"""Forge & Fury cards: number, name, green / red / blue values (1..10), rarity.

The 151-card collection ships in ``data/cards.csv`` (made by
``scripts/make_forge_fury_cards.py``). Names may repeat under other numbers (the
rulebook's "Link #007 and Link #118"); a card is identified by name and number.
Several collections may be loaded together ("misturar diversas coleções"): two of them may
use the same number for different names, never the same name and number.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from ...kernel.cards import parse_csv_table, read_text
from ...kernel.errors import CardDataError

COLOURS = ("green", "red", "blue")
RARITIES = ("normal", "rare", "super_rare")


class CardRow(BaseModel):
    model_config = ConfigDict(extra="forbid")

    number: int = Field(ge=1, le=9999)
    name: str = Field(min_length=1)
    green: int = Field(ge=1, le=10)
    red: int = Field(ge=1, le=10)
    blue: int = Field(ge=1, le=10)
    rarity: Literal["normal", "rare", "super_rare"]

    @field_validator("name")
    @classmethod
    def _plain_name(cls, value: str) -> str:
        if "#" in value:
            raise ValueError("a name may not contain '#' (it marks the number)")
        return value


@dataclass(frozen=True, slots=True)
class Card:
    id: int  # index in the database
    number: int
    name: str
    values: tuple[int, int, int]  # green, red, blue
    rarity: int  # 0 normal, 1 rare, 2 super rare

    @property
    def label(self) -> str:
        """Name and number: what tells two cards apart (``Mist Wyrm #012``)."""
        return f"{self.name} #{self.number:03d}"

    @property
    def rarity_name(self) -> str:
        return RARITIES[self.rarity]


BUNDLED = "bundled"  # in ``card_files``: the shipped collection


class CardDB:
    def __init__(self, cards: list[Card], source: str) -> None:
        self.cards = cards
        self.source = source
        self.by_number: dict[int, list[Card]] = {}
        self.by_name: dict[str, list[Card]] = {}
        self.by_label = {c.label.lower(): c for c in cards}
        for card in cards:
            self.by_number.setdefault(card.number, []).append(card)
            self.by_name.setdefault(card.name.lower(), []).append(card)
        # One collection: a number names one card, and state JSON writes cards as numbers.
        self.unique_numbers = all(len(same) == 1 for same in self.by_number.values())
        canonical = "\n".join(f"{c.label},{c.values},{c.rarity}" for c in cards)
        self.hash = hashlib.sha256(canonical.encode()).hexdigest()[:16]

    def __len__(self) -> int:
        return len(self.cards)

    def __getitem__(self, card_id: int) -> Card:
        return self.cards[card_id]

    def find(self, text: str) -> Card:
        """A card by ``Name #NNN``, ``#NNN``, a bare number, or a name printed only once.

        Raises ``LookupError`` with the reason.
        """
        text = text.strip()
        if "#" in text or text.isdecimal():
            name, _, number = text.rpartition("#")
            if not number.strip().isdecimal():
                raise LookupError(f"{text!r}: the number after '#' is not a number")
            same = self.by_number.get(int(number), [])
            if not same:
                raise LookupError(f"{text!r}: no card number {int(number)}")
            name = name.strip().lower()
            named = [c for c in same if c.name.lower() == name] if name else same
            if len(named) == 1:
                return named[0]
            labels = " or ".join(repr(c.label) for c in same)
            if named:
                raise LookupError(f"{text!r}: number {int(number)} is {labels}; add the name")
            raise LookupError(f"{text!r}: card number {int(number)} is {labels}")
        matches = self.by_name.get(text.lower(), [])
        if len(matches) == 1:
            return matches[0]
        if matches:
            labels = ", ".join(c.label for c in matches)
            raise LookupError(f"{text!r} names several cards ({labels}); add the number")
        raise LookupError(f"no card named {text!r}")

    def json_key(self, card_id: int) -> int | str:
        """How state JSON writes a card: its number, or its label when numbers repeat."""
        card = self.cards[card_id]
        return card.number if self.unique_numbers else card.label

    def from_json_key(self, key: object) -> int:
        """A card id from a number (naming one card) or a label; ``KeyError`` otherwise."""
        if isinstance(key, int) and not isinstance(key, bool):
            same = self.by_number.get(key, [])
            if len(same) == 1:
                return same[0].id
        elif isinstance(key, str) and key.lower() in self.by_label:
            return self.by_label[key.lower()].id
        raise KeyError(f"card {key!r}")

    @staticmethod
    def parse(text: str, source: str) -> CardDB:
        return CardDB.merge([(source, text)])

    @staticmethod
    def merge(files: list[tuple[str, str]]) -> CardDB:
        """Every (source, text) table together, in order. A number is unique within a file;
        across files it may name other cards, but a name and number appear once in all."""
        cards: list[Card] = []
        seen: dict[tuple[str, int], str] = {}
        for source, text in files:
            rows = parse_csv_table(text, source, CardRow, unique=("number",))
            if not rows:
                raise CardDataError(f"{source}: no cards")
            for line, r in rows:
                where = f"{source}, line {line}"
                identity = (r.name.lower(), r.number)
                if identity in seen:
                    raise CardDataError(
                        f"{where}, card {r.name!r}: field 'number': {r.name} #{r.number:03d} is "
                        f"already {seen[identity]} (a card is its name and number)"
                    )
                seen[identity] = where
                values = (r.green, r.red, r.blue)
                cards.append(Card(len(cards), r.number, r.name, values, RARITIES.index(r.rarity)))
        return CardDB(cards, " + ".join(source for source, _ in files))


@cache
def default_cards() -> CardDB:
    return CardDB.parse(_bundled_text(), "forge_fury/data/cards.csv")


def _bundled_text() -> str:
    return resources.files(__package__).joinpath("data/cards.csv").read_text(encoding="utf-8")


@cache
def load_cards(path: str | None) -> CardDB:
    return default_cards() if path is None else CardDB.parse(read_text(path), path)


@cache
def load_card_files(paths: tuple[str, ...]) -> CardDB:
    """Several collections together; ``bundled`` stands for the shipped one."""
    if not paths:
        raise CardDataError("card_files: give at least one card file")
    return CardDB.merge([
        ("forge_fury/data/cards.csv", _bundled_text()) if path == BUNDLED else (path, read_text(path))
        for path in paths
    ])
