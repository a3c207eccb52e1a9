"""Brawl, the kernel's three-player test game (``rules.py``), registered only while a test needs it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from tcgkit.kernel import registry

from .rules import Brawl

__all__ = ["Brawl", "registered"]


@contextmanager
def registered() -> Iterator[None]:
    """Brawl in the registry (replays find games by name), and out of it afterwards, so that
    the public list of games never shows it."""
    saved = dict(registry._ENTRIES), dict(registry._LOOKUP)
    registry.register(Brawl)
    try:
        yield
    finally:
        registry._ENTRIES.clear()
        registry._ENTRIES.update(saved[0])
        registry._LOOKUP.clear()
        registry._LOOKUP.update(saved[1])
