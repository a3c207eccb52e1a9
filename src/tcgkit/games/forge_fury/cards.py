"""Forge & Fury cards: number, name, green / red / blue values (1..10), rarity.

The 151-card collection ships in ``data/cards.csv`` (made by
``scripts/make_forge_fury_cards.py``). Names may repeat under other numbers (the
rulebook's "Link #007 and Link #118"); a card is identified by name and number.
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


class CardDB:
    def __init__(self, cards: list[Card], source: str) -> None:
        self.cards = cards
        self.source = source
        self.by_number = {c.number: c for c in cards}
        self.by_name: dict[str, list[Card]] = {}
        for card in cards:
            self.by_name.setdefault(card.name.lower(), []).append(card)
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
        if "#" in text or text.isdigit():
            name, _, number = text.rpartition("#")
            if not number.strip().isdigit():
                raise LookupError(f"{text!r}: the number after '#' is not a number")
            card = self.by_number.get(int(number))
            if card is None:
                raise LookupError(f"{text!r}: no card number {int(number)}")
            if name.strip() and name.strip().lower() != card.name.lower():
                raise LookupError(f"{text!r}: card #{card.number:03d} is {card.name!r}")
            return card
        matches = self.by_name.get(text.lower(), [])
        if len(matches) == 1:
            return matches[0]
        if matches:
            labels = ", ".join(c.label for c in matches)
            raise LookupError(f"{text!r} names several cards ({labels}); add the number")
        raise LookupError(f"no card named {text!r}")

    @staticmethod
    def parse(text: str, source: str) -> CardDB:
        rows = parse_csv_table(text, source, CardRow, unique=("number",))
        if not rows:
            raise CardDataError(f"{source}: no cards")
        cards = [
            Card(i, r.number, r.name, (r.green, r.red, r.blue), RARITIES.index(r.rarity))
            for i, (_, r) in enumerate(rows)
        ]
        return CardDB(cards, source)


@cache
def default_cards() -> CardDB:
    text = resources.files(__package__).joinpath("data/cards.csv").read_text(encoding="utf-8")
    return CardDB.parse(text, "forge_fury/data/cards.csv")


@cache
def load_cards(path: str | None) -> CardDB:
    return default_cards() if path is None else CardDB.parse(read_text(path), path)
