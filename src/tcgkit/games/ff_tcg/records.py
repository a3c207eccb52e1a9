"""Small records of a position (frames, asks and triggers are the kernel's, ``kernel.resolution``)."""

from __future__ import annotations

from typing import NamedTuple

ABILITY_KEY = 16
"""A card has fewer abilities than this (checked at load): ``card * ABILITY_KEY + ability`` is a
key for one ability of one card instance (once-per-turn marks, the cached actions)."""


class Result(NamedTuple):
    winner: int | None  # None: a draw
    reason: str
