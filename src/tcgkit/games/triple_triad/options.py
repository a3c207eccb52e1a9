"""Triple Triad rule options, their presets, and the ``same,plus,trade=one`` text form.

The text form serves the CLI's ``--rules``, the position notation and presets alike.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from ...kernel.card_files import ref_option
from ...kernel.errors import OptionsError
from ...kernel.limits import DEFAULTS as LIMIT_DEFAULTS
from ...kernel.rules_text import players_value
from .cards import ELEMENT_LETTERS

Trade = Literal["none", "one", "difference", "direct", "all"]


class TripleTriadOptions(BaseModel):
    """Every rule of the rulebook, composable in any subset."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    same: bool = Field(False, description="Same: two or more matching edges flip")
    plus: bool = Field(False, description="Plus: two or more equal edge sums flip")
    combo: bool = Field(
        False, description="Combo: cards flipped by Same or Plus flip on by the basic rule"
    )
    same_wall: bool = Field(
        False, description="Same Wall: the board edge counts as A for Same only"
    )
    elemental: bool = Field(
        False, description="Elemental: +1 on a cell of the card's element, -1 on another element"
    )
    open: bool = Field(False, description="Open: both hands are visible")
    random: bool = Field(
        False, description="Random: hands dealt at random from each collection"
    )
    sudden_death: bool = Field(
        False, description="Sudden Death: a draw restarts at once"
    )
    sudden_death_limit: int = Field(
        5, ge=0, le=100, description="restarts allowed before a drawn game stays a draw"
    )
    trade: Trade = Field(
        "one", description="the cards the winner takes after the match: none, one, as many as the "
        "score's difference, or all; or direct: every card to whoever holds it at the end"
    )
    own_cards_match: bool = Field(
        True,
        description="own neighbours count toward Same/Plus matches (FFVIII); "
        "off: only the rival's cards count",
    )
    combo_from_basic: bool = Field(
        True, description="in a Same/Plus move, basic flips also start combos (FFVIII)"
    )
    clamp: bool = Field(False, description="clamp Elemental values to 1..10 (FFXIV)")
    first_player: int | None = Field(
        None, ge=0, le=1, description="who moves first; none: a seeded coin flip"
    )
    elements: str | None = Field(
        None, description=f"fixed cell elements, 9 of '{ELEMENT_LETTERS}' or '.'; none: drawn"
    )
    card_file: str | None = Field(
        None, description="a CSV card file instead of the FFVIII cards, named by its content hash "
        "(sha256:...; the CLI's card_file=PATH reads the file and writes its hash)"
    )

    @field_validator("card_file", mode="before")
    @classmethod
    def _card_file(cls, value: object) -> object:
        return ref_option(value)

    @field_validator("elements")
    @classmethod
    def _elements(cls, value: str | None) -> str | None:
        if value is None:
            return value
        value = value.upper()
        if len(value) != 9 or any(ch not in ELEMENT_LETTERS + "." for ch in value):
            raise ValueError(f"9 characters of {ELEMENT_LETTERS} or '.', got {value!r}")
        return value


PRESETS: dict[str, dict[str, Any]] = {
    "ffviii": {"same": True, "plus": True, "combo": True, "own_cards_match": True,
               "combo_from_basic": True, "clamp": False},
    "ffxiv": {"same": True, "plus": True, "combo": True, "combo_from_basic": False, "clamp": True},
    "literal": {"own_cards_match": False},
    "all": {"same": True, "plus": True, "combo": True, "same_wall": True, "elemental": True},
}
PRESET_HELP = {
    "ffviii": "Same, Plus and Combo as FFVIII plays them (own cards match, basic flips chain)",
    "ffxiv": "Same, Plus, Combo as FFXIV: basic flips never chain, values clamp to 1..10",
    "literal": "the rulebook's literal wording: only the rival's cards count toward Same/Plus",
    "all": "every board rule: Same, Plus, Combo, Same Wall, Elemental",
}
ALIASES = {"wall": "same_wall", "sudden-death": "sudden_death", "sd": "sudden_death"}


def parse_rules(text: str) -> dict[str, Any]:
    """``"ffviii,elemental,trade=direct,clamp=false"`` -> option values (presets expanded)."""
    values: dict[str, Any] = {}
    fields = TripleTriadOptions.model_fields
    for token in filter(None, (t.strip() for t in text.split(","))):
        if token == "-":
            continue
        key, _, raw = token.partition("=")
        key = key.strip().lower()
        key = ALIASES.get(key, key.replace("-", "_"))
        if key in PRESETS and not raw:
            values.update(PRESETS[key])
            continue
        if key in LIMIT_DEFAULTS:  # the kernel's decision limits, every game's
            values[key] = raw.strip()
            continue
        if key == "players" and raw:  # the kernel's too: the game checks the number (2 here)
            values[key] = players_value(raw.strip())
            continue
        if key not in fields:
            known = ", ".join([*fields, *PRESETS, "players", *LIMIT_DEFAULTS])
            raise OptionsError(f"unknown rule {key!r} in {text!r}; known: {known}")
        values[key] = _value(key, raw.strip(), fields[key].annotation) if raw else True
    return values


def _value(key: str, raw: str, annotation: Any) -> Any:
    if raw.lower() in ("none", "null") and key in ("first_player", "elements", "card_file"):
        return None
    if annotation is bool:
        if raw.lower() in ("true", "on", "yes", "1"):
            return True
        if raw.lower() in ("false", "off", "no", "0"):
            return False
        raise OptionsError(f"rule {key!r} takes true or false, got {raw!r}")
    if key in ("sudden_death_limit", "first_player"):
        try:
            return int(raw)
        except ValueError:
            raise OptionsError(f"rule {key!r} takes a number, got {raw!r}") from None
    return raw


def format_rules(options: TripleTriadOptions) -> str:
    """The options that differ from the defaults, in ``parse_rules`` form ('-' for none)."""
    tokens = []
    for name, field in TripleTriadOptions.model_fields.items():
        value = getattr(options, name)
        if value == field.default:
            continue
        if value is True:
            tokens.append(name)
        elif value is False:
            tokens.append(f"{name}=false")
        else:
            tokens.append(f"{name}={value}")
    return ",".join(tokens) or "-"
