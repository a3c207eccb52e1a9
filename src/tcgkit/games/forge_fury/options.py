"""Forge & Fury options: the mode, the mini-game, and the project's documented defaults."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ...kernel.card_files import ref_option, ref_options

BUNDLED = "bundled"  # in ``card_files``: the shipped collection

Mode = Literal["brasa", "chama", "forja", "colecao"]
DECK_SIZES: dict[str, int] = {"brasa": 25, "chama": 50, "forja": 100, "colecao": 151}
BRASA_SOURCE = 50  # Brasa splits one 50-card deck between the players


class ForgeFuryOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    mode: Mode = Field(
        "chama",
        description="Brasa 25 (one 50-card deck split), Chama 50, Forja 100, Coleção 151 cards",
    )
    minigame: Literal["rps", "odd_even"] = Field(
        "rps",
        description="the mini-game for who starts and for the last round tie-break "
        "(rock-paper-scissors, or odd-or-even: the caller calls, both show 0..5)",
    )
    tie_by_number: bool = Field(
        False,
        description="break a round tie that survives rarity by the higher card number "
        "instead of the mini-game (fast simulation)",
    )
    minigame_ties: int = Field(
        10, ge=1, le=100, description="mini-game ties in a row before the seed decides"
    )
    private_decklists: bool = Field(
        False, description="hide each player's deck list (public by default)"
    )
    card_file: str | None = Field(
        None, description="a CSV card file instead of the collection, named by its content hash "
        "(sha256:...; the CLI's card_file=PATH reads the file and writes its hash)"
    )
    card_files: tuple[str, ...] | None = Field(
        None,
        description="several CSV card files played together instead of the collection, by content "
        "hash ('bundled' names the collection); a card is its name and number, so two files may "
        "share a number",
    )

    @field_validator("card_file", mode="before")
    @classmethod
    def _card_file(cls, value: object) -> object:
        return ref_option(value)

    @field_validator("card_files", mode="before")
    @classmethod
    def _card_files(cls, value: object) -> object:
        return ref_options(value, (BUNDLED,))

    @model_validator(mode="after")
    def _one_source(self) -> ForgeFuryOptions:
        if self.card_file is not None and self.card_files is not None:
            raise ValueError("give card_file or card_files, not both")
        return self
