"""The text form of a game's options, ``a,b=value``: what ``--rules`` takes for every game.

A bare name switches a boolean on; ``name=value`` gives any other option, checked by the
game's ``Options`` model; ``players=N`` and the decision limits are the kernel's options; a
``card_files`` value lists files separated by ``;``. A game with presets (Triple Triad's
``ffviii``) or aliases of its own parses its text itself (``Game.parse_rules``).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from .errors import OptionsError
from .limits import DEFAULTS as LIMIT_DEFAULTS


def parse_rules(options: type[BaseModel], text: str) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for token in filter(None, (t.strip() for t in text.split(","))):
        if token == "-":
            continue
        key, eq, raw = token.partition("=")
        key = key.strip().replace("-", "_")
        if key == "players" and eq:  # the kernel's option, beside the game's own
            values[key] = players_value(raw.strip())
            continue
        if key not in options.model_fields and key not in LIMIT_DEFAULTS:
            known = ", ".join([*options.model_fields, "players", *LIMIT_DEFAULTS])
            raise OptionsError(f"unknown rule {key!r}; known: {known}")
        values[key] = raw.strip() if eq else True
    if isinstance(values.get("card_files"), str):
        values["card_files"] = tuple(p for p in values["card_files"].split(";") if p)
    return values


def players_value(raw: str) -> int:
    """``players=N``'s value, the kernel's option every game's rules text takes."""
    if not raw.isascii() or not raw.isdigit():
        raise OptionsError(f"players={raw[:20]!r}: a whole number of players, e.g. players=3")
    return int(raw)


def non_default(options: BaseModel, players: int, min_players: int) -> str:
    """The options that differ from their defaults, ``a, b=value`` (``defaults`` if none)."""
    tokens = []
    for name, spec in type(options).model_fields.items():
        value = getattr(options, name)
        if value != spec.default:
            tokens.append(name if value is True else f"{name}={value}")
    if players != min_players:
        tokens.insert(0, f"players={players}")
    return ", ".join(tokens) or "defaults"
