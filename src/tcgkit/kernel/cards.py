"""Card tables: CSV files validated row by row against a pydantic schema.

Stat-only games (Triple Triad, Forge & Fury) keep their cards in CSV. Every problem is a
``CardDataError`` naming the file, the line, the card and the field. Files are read and named
by content in ``card_files.py``.
"""

from __future__ import annotations

import csv
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from .errors import CardDataError

Row = TypeVar("Row", bound=BaseModel)


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
