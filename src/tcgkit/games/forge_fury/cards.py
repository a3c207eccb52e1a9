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
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from ...kernel.card_files import CardFile, parsed, resolve_card_file, shipped_card_file
from ...kernel.cards import parse_csv_table
from ...kernel.errors import CardDataError
from .options import BUNDLED

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
        self.json_keys = [self.json_key(c.id) for c in cards]  # by id: state JSON writes many

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


def shipped_file() -> CardFile:
    return shipped_card_file(__package__, "data", "cards.csv")


@cache
def default_cards() -> CardDB:
    return cards_of((shipped_file(),))


def cards_of(files: tuple[CardFile, ...]) -> CardDB:
    """The collections of ``files`` together, parsed once per content (``kernel/card_files.py``)."""
    return parsed("forge_fury", files, lambda fs: CardDB.merge([(f.name, f.text()) for f in fs]))


def _resolve(ref: str) -> CardFile:
    return shipped_file() if ref == BUNDLED else resolve_card_file(ref, (shipped_file(),))


def load_cards(ref: str | None) -> CardDB:
    """The cards the ``card_file`` option names: its content hash (``sha256:...``), resolved
    among the files given to this process and the shipped one; ``None``: the collection."""
    return default_cards() if ref is None else cards_of((_resolve(ref),))


def load_card_files(refs: tuple[str, ...]) -> CardDB:
    """Several collections together (the ``card_files`` option): content hashes, and
    ``bundled`` for the shipped one."""
    if not refs:
        raise CardDataError("card_files: give at least one card file")
    return cards_of(tuple(_resolve(ref) for ref in refs))
