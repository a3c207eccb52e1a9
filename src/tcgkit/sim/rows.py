"""The shape of a results file's meta and rows, checked whenever a file is read back.

A results file comes from outside as much as from ``sim --out``: ``--resume`` and ``tcgkit
report`` read rows someone may have written by hand. Each line is checked against one schema
with bounds (``Row``, ``Meta``) before anything uses it, so a wrong-shaped row is a one-line
error naming the file, the line and the field, never a traceback, a hang (a 20,000-seat
lineup) or a run of hours that fails at its end.
"""

from __future__ import annotations

import json
import math
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError, field_validator

from .runner import SimError

MAX_SEATS = 16  # players in one game: more than any game here takes
MAX_CARDS = 1000  # card names per player and fact (a deck, the cards drawn, played)
MAX_INDEX = 2**62  # as many games as one run may ask for
MAX_LINE = 1024 * 1024  # bytes in one line of a results file
MAX_DEPTH = 40  # nesting of a line's JSON (a row nests three deep)

Name = Annotated[str, StringConstraints(max_length=200)]
Seat = Annotated[int, Field(ge=0, lt=MAX_SEATS)]
Count = Annotated[int, Field(ge=0, le=MAX_INDEX)]
Cards = Annotated[list[Annotated[list[Name], Field(max_length=MAX_CARDS)]], Field(max_length=MAX_SEATS)]


class Row(BaseModel):
    """One game's row (``results.result_row`` writes them)."""

    model_config = ConfigDict(strict=True, extra="forbid")

    index: Count
    seed: Annotated[int, Field(ge=0, lt=2**64)]  # a game's seed: 64 bits, as the Parquet column
    seats: Annotated[list[Name], Field(min_length=1, max_length=MAX_SEATS)]
    lineup: Annotated[list[Seat], Field(max_length=MAX_SEATS)]
    winner: Seat | None
    winner_agent: Name | None
    scores: Annotated[list[float], Field(max_length=MAX_SEATS)]
    first: Seat | None
    reason: Name
    actions: Count
    ranks: Annotated[list[Seat], Field(max_length=MAX_SEATS)]
    eliminated: Annotated[list[Seat], Field(max_length=MAX_SEATS)]
    measures: Annotated[str, StringConstraints(max_length=10_000)]
    deck: Cards
    drawn: Cards
    played: Cards

    @field_validator("scores")
    @classmethod
    def _finite(cls, scores: list[float]) -> list[float]:
        if not all(math.isfinite(s) for s in scores):
            raise ValueError("scores must be finite numbers")
        return scores

    @field_validator("measures")
    @classmethod
    def _measures(cls, text: str) -> str:
        try:
            data = json.loads(text or "{}")
        except ValueError:
            raise ValueError("measures should be a JSON object of numbers") from None
        if not isinstance(data, dict) or not all(
                isinstance(k, str) and type(v) in (int, float) and math.isfinite(v) for k, v in data.items()):
            raise ValueError("measures should be a JSON object of finite numbers")
        return text


class Meta(BaseModel):
    """The run's meta (the first line of a JSONL file, or the Parquet file's ``tcgkit`` key):
    the keys that tell which games the rows are; others are kept as they are."""

    model_config = ConfigDict(strict=True, extra="allow")

    game: Name
    options: dict[str, Any]
    agents: Annotated[list[Name], Field(min_length=1, max_length=MAX_SEATS)]
    seed: int


def _where(error: ValidationError) -> str:
    first = error.errors()[0]
    field = ".".join(str(part) for part in first["loc"]) or "the line"
    return f"{field}: {first['msg']}"


def _depth(text: bytes) -> int:
    """How deep the brackets of a JSON line nest (strings skipped), without parsing it."""
    depth = deepest = 0
    in_string = escaped = False
    for byte in text:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):
            depth += 1
            deepest = max(deepest, depth)
            if deepest > MAX_DEPTH:
                return deepest
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return deepest


def parse_line(line: bytes, where: str) -> Any:
    """A line's JSON, refused whole when it is too long or nests too deep."""
    if len(line) > MAX_LINE:
        raise SimError(f"{where}: the line is longer than {MAX_LINE // 1024} KB")
    if _depth(line) > MAX_DEPTH:
        raise SimError(f"{where}: the line nests deeper than {MAX_DEPTH} levels")
    return json.loads(line)


def check_row(data: Any, where: str, agents: int | None = None) -> dict[str, Any]:
    """``data`` as a valid row (``SimError`` naming ``where`` and the field otherwise); with
    ``agents``, its lineup must name agents of the run."""
    try:
        row = Row.model_validate(data)
    except ValidationError as exc:
        raise SimError(f"{where}: not a tcgkit results row: {_where(exc)}") from None
    if agents is not None and any(a >= agents for a in row.lineup):
        raise SimError(f"{where}: lineup: names agent {max(row.lineup)}, the run has {agents}")
    if len(row.ranks) != len(row.seats) or len(row.lineup) not in (0, len(row.seats)):
        raise SimError(f"{where}: ranks and lineup should have one entry per seat")
    return row.model_dump()


def check_meta(data: Any, where: str) -> dict[str, Any]:
    try:
        Meta.model_validate(data)
    except ValidationError as exc:
        raise SimError(f"{where}: not a tcgkit results file: meta: {_where(exc)}") from None
    result: dict[str, Any] = data
    return result
