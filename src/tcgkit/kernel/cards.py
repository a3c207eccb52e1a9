"""Card tables: CSV files validated row by row against a pydantic schema.

Stat-only games (Triple Triad, Forge & Fury) keep their cards in CSV. Every problem is a
``CardDataError`` naming the file, the line, the card and the field. Files are read and named
by content in ``card_files.py``.
"""

from __future__ import annotations

import csv
import unicodedata
from collections.abc import Iterable, Iterator
from typing import Any, Generic, Protocol, TypeVar

from pydantic import BaseModel, ValidationError

from .errors import CardDataError

Row = TypeVar("Row", bound=BaseModel)


class Named(Protocol):
    @property
    def name(self) -> str: ...


CardT = TypeVar("CardT", bound=Named)


class NamedCards(Generic[CardT]):
    """A game's loaded cards by id (their index) and by name in any case: the table of a game
    whose card names are unique across its files (the loader refuses a repeated one)."""

    __slots__ = ("cards", "hash", "_by_name")

    def __init__(self, cards: Iterable[CardT], digest: str) -> None:
        self.cards = tuple(cards)
        self.hash = digest
        """A short hash of the card data, recorded in replays."""
        self._by_name = {card.name.lower(): card for card in self.cards}

    def find(self, name: str) -> CardT | None:
        """The card called ``name`` (any case, spaces around ignored), or ``None``."""
        return self._by_name.get(name.strip().lower())

    def __getitem__(self, card_id: int) -> CardT:
        return self.cards[card_id]

    def __len__(self) -> int:
        return len(self.cards)
BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")  # override, isolate


def unprintable(text: str) -> str | None:
    """The first character of ``text`` a terminal would act on instead of showing (a control
    character such as ESC or NUL, a bidirectional override), as ``U+XXXX``; ``None`` if none.
    A line break or tab is text."""
    for char in text:
        if char in BIDI or (unicodedata.category(char) == "Cc" and char not in "\n\t"):
            return f"U+{ord(char):04X}"
    return None


def strings_in(value: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """(field path, text) for every string in a card's raw data."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from strings_in(item, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from strings_in(item, f"{path}[{i}]")


def check_printable(raw: Any, where: str) -> None:
    """Refuse card data holding a character that is not text (``unprintable``), naming the
    file, the card and the field."""
    for field, text in strings_in(raw):
        bad = unprintable(text)
        if bad is not None:
            raise CardDataError(f"{where}: field '{field}': holds the control character {bad}; "
                                "card data is printable text")


def parse_csv_table(
    text: str, source: str, schema: type[Row], unique: tuple[str, ...] = ()
) -> list[tuple[int, Row]]:
    """(line number, validated row) for every non-blank row; ``unique`` fields may not repeat.

    The header must name exactly the schema's fields, in order.
    """
    columns = tuple(schema.model_fields)
    rows = list(csv.reader(text.splitlines()))
    if not rows:
        raise CardDataError(f"{source}: the file is empty")
    header = tuple(h.strip().lower() for h in rows[0])
    if header != columns:
        raise CardDataError(
            f"{source}, line 1: the header should be {','.join(columns)}, got another "
            f"header of {len(header)} fields"
        )
    out: list[tuple[int, Row]] = []
    seen: dict[str, dict[object, int]] = {field: {} for field in unique}
    for line, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        where = f"{source}, line {line}"
        if len(row) != len(columns):
            raise CardDataError(f"{where}: {len(row)} fields, expected {len(columns)}")
        fields = dict(zip(columns, (cell.strip() for cell in row), strict=True))
        name = fields.get("name", "")
        if name:
            where += f", card {name!r}"
        check_printable(fields, where)
        try:
            card = schema.model_validate(fields)
        except ValidationError as exc:
            error = exc.errors()[0]
            field = ".".join(str(p) for p in error["loc"])
            raise CardDataError(f"{where}: field '{field}': {error['msg']}") from None
        for field in unique:
            key = getattr(card, field)
            key = key.lower() if isinstance(key, str) else key
            if key in seen[field]:
                raise CardDataError(
                    f"{where}: duplicate {field} (first on line {seen[field][key]})"
                )
            seen[field][key] = line
        out.append((line, card))
    return out
