"""Conflictus Aeternus options: the rulebook's numbers and the gaps RULES-NOTES resolves (CA1-CA21)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from ...kernel.card_files import ref_options


class ConflictusOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    deck_size: int = Field(50, ge=20, le=100, description="cards in a mons (rulebook: exactly 50)")
    max_copies: int = Field(4, ge=1, le=50, description="copies of a card a mons may hold (CA5: 4)")
    allow_dual_faction: bool = Field(
        True, description="a mons may hold Light and Shadow cards (later findings B: allowed)")
    opening_hand: int = Field(6, ge=1, le=20, description="cards drawn at the start (rulebook: 6)")
    max_mulligans: int = Field(4, ge=0, le=4, description="mulligans allowed (rulebook: up to 10 and 4)")
    mulligan: Literal["sealed", "turn_order"] = Field(
        "sealed", description="mulligan decisions: sealed and simultaneous per round (CA6), or in turn order")
    first_player: int | None = Field(None, ge=0, le=3, description="who starts; None: drawn by the seed")
    attack: Literal["any_opponent", "left"] = Field(
        "any_opponent", description="whom an attacker may attack: any opponent (CA15) or the next player")
    card_files: tuple[str, ...] | None = Field(
        None, description="TOML card files to load instead of the bundled set, named by content hash "
        "(sha256:...; the CLI's card_files=PATH;PATH reads the files and writes their hashes)")
    round_limit: int = Field(400, ge=1, le=100_000,
                             description="rounds in all before the players still in share a draw")

    @field_validator("card_files", mode="before")
    @classmethod
    def _card_files(cls, value: object) -> object:
        return ref_options(value)
