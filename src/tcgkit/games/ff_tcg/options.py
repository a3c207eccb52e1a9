"""Final Fantasy TCG options: the rulebook's numbers and every gap RULES-NOTES resolves."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from ...kernel.card_files import ref_options


class FFTcgOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    deck_size: int = Field(60, ge=10, le=200, description="cards in a deck (rulebook: 60)")
    max_copies: int = Field(4, ge=1, le=60, description="copies of a card a deck may hold (villains: 1)")
    hand_size: int = Field(5, ge=1, le=20, description="the hand is reconciled to this size (FF1)")
    max_characters: int = Field(3, ge=1, le=10, description="characters in play per player")
    max_hidden: int = Field(5, ge=0, le=20, description="face-down cards per player")
    skulls_to_lose: int = Field(7, ge=1, le=60, description="a player loses at this many rival skulls")
    villains_to_defeat: int = Field(
        1, ge=1, le=10, description="villain defeats that lose the game (the agreed-number variant)"
    )
    character_unique_key: Literal["name_job", "name"] = Field(
        "name_job", description="no two characters in play share this (FF17)"
    )
    deckout_policy: Literal["reshuffle_discard", "lose", "skip"] = Field(
        "reshuffle_discard",
        description="drawing or revealing from an empty deck: shuffle the discard pile (never the "
        "skulls) into a new deck, lose, or skip the draw (FF4)",
    )
    luck_card_to: Literal["discard", "deck_bottom"] = Field(
        "discard", description="where a revealed luck card goes after the fight (FF5)"
    )
    first_player: int | None = Field(None, ge=0, le=1, description="who starts; None: by the cut (FF2)")
    turn_limit: int = Field(200, ge=1, le=100_000, description="turns in all before the game is a draw")
    auto_forced: bool = Field(
        True,
        description="take a decision with one possible answer automatically when public information "
        "alone makes it forced (an empty effect window, no attacker to declare, one fight left); "
        "a player holding face-down cards is always asked, so nothing about them shows",
    )
    post_reveal_window: bool = Field(
        False,
        description="after the luck reveal, before the result, the character side then the monster side "
        "get one more effect window (combat abilities, turning hidden actions); totals are measured "
        "anew (FF13: none unless a card says so)",
    )
    world_attacks_alone: bool = Field(
        False,
        description="World and city monsters may attack without a monster played this turn to attack "
        "(the old reading of FF10; the rulebook: an attack starts with a monster played to attack)",
    )
    private_decklists: bool = Field(False, description="hide each player's deck list (public by default)")
    card_files: tuple[str, ...] | None = Field(
        None, description="TOML card files to load instead of the bundled sets, named by content hash "
        "(sha256:...; the CLI's card_files=PATH;PATH reads the files and writes their hashes)"
    )

    @field_validator("card_files", mode="before")
    @classmethod
    def _card_files(cls, value: object) -> object:
        return ref_options(value)
