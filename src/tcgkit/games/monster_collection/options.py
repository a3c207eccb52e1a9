"""Monster Collection options: the rulebook's numbers, and each default of MONSTER-COLLECTION.md
(U1-U25) that the rulebook leaves open, as a named option (RULES.md names the sentence of each)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from ...kernel.card_files import ref_options


class MonsterCollectionOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    deck_size: int = Field(50, ge=20, le=100, description="cards in a deck (R1: exactly 50)")
    max_copies: int = Field(3, ge=1, le=50, description="cards of one name in a deck (R2: at most 3)")
    hand_limit: int = Field(6, ge=1, le=20, description="the basic hand limit (R15, R16: 6)")
    hq_limit: int = Field(10, ge=1, le=30, description="the HQ's basic limit (R39, R89: 10)")
    proxy_limit: int = Field(8, ge=1, le=30, description="a proxy terrain's basic limit (R58: 8)")
    mulligan: Literal["until_creature", "once", "off"] = Field(
        "until_creature",
        description="a creature-less opening hand is shown, shuffled back and redrawn (R17, U2)",
    )
    hq_visible_to_owner: bool = Field(
        False, description="the owner may look at their face-down HQ (U1: hidden from both)"
    )
    place_on_enemy_controlled: bool = Field(
        True, description="a terrain may replace one the enemy's creatures stand on (R49, U7: literal)"
    )
    long_fly_requires_middle_terrain: bool = Field(
        False, description="a long-fly leap of two cells needs a terrain between (U11: it does not)"
    )
    hero_unique: Literal["battlefield", "side"] = Field(
        "battlefield", description="one hero of a name on the whole battlefield, or on each side (R94, U17)"
    )
    failed_instant_summons: Literal["discard", "hq"] = Field(
        "discard", description="the attacker's instant summons after a failed march (U15)"
    )
    damage_accumulates: bool = Field(
        False, description="damage adds up on a creature within a battle (A1, U23: it does not)"
    )
    turn_limit: int = Field(200, ge=1, le=100_000, description="turns before the game is a draw (U6)")
    first_player: int | None = Field(
        None, ge=0, le=1, description="who starts; None: the rulebook's dice (R18)"
    )
    card_files: tuple[str, ...] | None = Field(
        None,
        description="TOML card files to load instead of the bundled set, named by content hash "
        "(sha256:...; the CLI's card_files=PATH;PATH reads the files and writes their hashes)",
    )

    @field_validator("card_files", mode="before")
    @classmethod
    def _card_files(cls, value: object) -> object:
        return ref_options(value)
