"""Triple Triad card data: a CSV table (number, name, level, top, right, bottom, left, element).

The 110 FFVIII cards ship in ``data/cards.csv``; a user may load their own file in the
same columns. Every problem names the file, the line, the card and the field.
"""

from __future__ import annotations

import csv
import hashlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ...kernel.card_files import CardFile, parsed, read_card_file, resolve_card_file, shipped_card_file
from ...kernel.cards import check_printable
from ...kernel.errors import CardDataError

ELEMENTS = ("fire", "ice", "thunder", "earth", "poison", "wind", "water", "holy")
"""Element ids are 1..8 in this order; 0 is "no element"."""
ELEMENT_LETTERS = "FITEPWAH"  # A for water (aqua): W is wind
COLUMNS = ("number", "name", "level", "top", "right", "bottom", "left", "element")
SIDES = ("top", "right", "bottom", "left")
HAND_SIZE = 5


@dataclass(frozen=True, slots=True)
class Card:
    id: int  # index in the database, 0-based
    number: int
    name: str
    level: int
    values: tuple[int, int, int, int]  # top, right, bottom, left; 10 is "A"
    element: int  # 0 none, 1..8 ELEMENTS

    @property
    def element_name(self) -> str:
        return ELEMENTS[self.element - 1] if self.element else ""

    def edge_text(self) -> str:
        return "".join("A" if v == 10 else str(v) for v in self.values)


def element_id(text: str) -> int:
    text = text.strip().lower()
    if not text:
        return 0
    if text in ELEMENTS:
        return ELEMENTS.index(text) + 1
    raise ValueError(f"unknown element {text!r} (known: {', '.join(ELEMENTS)} or empty)")


class CardDB:
    """The card table with lookups by number and by name (case-insensitive)."""

    def __init__(self, cards: list[Card], source: str, digest: str) -> None:
        self.cards = cards
        self.source = source
        self.hash = digest
        self.by_number = {c.number: c for c in cards}
        self.by_lower_name = {c.name.lower(): c for c in cards}

    def __len__(self) -> int:
        return len(self.cards)

    def __getitem__(self, card_id: int) -> Card:
        return self.cards[card_id]

    def find(self, text: str) -> Card | None:
        """A card by name (any case) or by ``#number``; ``None`` if there is none."""
        text = text.strip()
        if text.startswith("#") and text[1:].isdecimal():
            return self.by_number.get(int(text[1:]))
        return self.by_lower_name.get(text.lower())

    @staticmethod
    def parse(text: str, source: str) -> CardDB:
        rows = list(csv.reader(text.splitlines()))
        if not rows:
            raise CardDataError(f"{source}: the file is empty")
        header = [h.strip().lower() for h in rows[0]]
        if tuple(header) != COLUMNS:
            raise CardDataError(
                f"{source}, line 1: the header should be {','.join(COLUMNS)}, "
                f"got another header of {len(header)} fields"
            )
        cards: list[Card] = []
        numbers: dict[int, int] = {}
        names: dict[str, int] = {}
        for line, row in enumerate(rows[1:], start=2):
            if not any(cell.strip() for cell in row):
                continue
            card = _parse_row(row, line, source, len(cards))
            first = numbers.get(card.number), names.get(card.name.lower())
            for what, earlier in zip(("number", "name"), first, strict=True):
                if earlier is not None:
                    raise CardDataError(
                        f"{source}, line {line}, card {card.name!r}: duplicate {what} "
                        f"(first on line {earlier})"
                    )
            numbers[card.number], names[card.name.lower()] = line, line
            cards.append(card)
        if len(cards) < 2 * HAND_SIZE:
            raise CardDataError(f"{source}: {len(cards)} cards; a game needs at least 10")
        canonical = "\n".join(
            f"{c.number},{c.name},{c.level},{c.edge_text()},{c.element_name}" for c in cards
        )
        return CardDB(cards, source, hashlib.sha256(canonical.encode()).hexdigest()[:16])

    @staticmethod
    def load(path: str | Path) -> CardDB:
        """The cards of the file at ``path`` (read once, cached by its content hash)."""
        return cards_of(read_card_file(path))


def _parse_row(row: list[str], line: int, source: str, card_id: int) -> Card:
    where = f"{source}, line {line}"
    if len(row) > 1 and row[1].strip():
        where += f", card {row[1].strip()!r}"
    if len(row) != len(COLUMNS):
        raise CardDataError(f"{where}: {len(row)} fields, expected {len(COLUMNS)}")
    fields = dict(zip(COLUMNS, (cell.strip() for cell in row), strict=True))
    check_printable(fields, where)
    name = fields["name"]
    if not name:
        raise CardDataError(f"{where}: field 'name' is empty")
    if "@" in name or "/" in name or name.startswith("#"):
        raise CardDataError(f"{where}: field 'name' may not contain '@' or '/' or start with '#'")

    def number(field: str, low: int, high: int) -> int:
        text = fields[field]
        value = 10 if field in SIDES and text.upper() == "A" else None
        if value is None:
            try:
                value = int(text)
            except ValueError:
                raise CardDataError(f"{where}: field '{field}' is not a number: {text!r}") from None
        if not low <= value <= high:
            raise CardDataError(f"{where}: field '{field}' is {value}, not in {low}..{high}")
        return value

    try:
        element = element_id(fields["element"])
    except ValueError as exc:
        raise CardDataError(f"{where}: field 'element': {exc}") from None
    values = tuple(number(side, 1, 10) for side in SIDES)
    return Card(
        card_id, number("number", 1, 10**6), name, number("level", 1, 10),
        values,  # type: ignore[arg-type]
        element,
    )


def shipped_file() -> CardFile:
    return shipped_card_file(__package__, "data", "cards.csv")


@cache
def default_cards() -> CardDB:
    return cards_of(shipped_file())


def cards_of(card_file: CardFile) -> CardDB:
    """The cards of ``card_file``, parsed once per content (``kernel/card_files.py``)."""
    return parsed("triple_triad", (card_file,), lambda files: CardDB.parse(files[0].text(), files[0].name))


def load_cards(ref: str | None) -> CardDB:
    """The cards the ``card_file`` option names: its content hash (``sha256:...``), resolved
    among the files given to this process and the shipped one; ``None``: the shipped cards."""
    return default_cards() if ref is None else cards_of(resolve_card_file(ref, (shipped_file(),)))
