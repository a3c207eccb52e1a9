"""Fixture games for the N-player machinery, registered only while a test needs them."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from tcgkit.kernel import registry

from .highcard import HighCard

__all__ = ["HighCard", "registered"]


@contextmanager
def registered() -> Iterator[None]:
    """The fixture games in the registry (replays and sim find games by name), and out of
    it afterwards, so that tests listing the real games never see them."""
    saved = dict(registry._ENTRIES), dict(registry._LOOKUP)
    registry.register(HighCard)
    try:
        yield
    finally:
        registry._ENTRIES.clear()
        registry._ENTRIES.update(saved[0])
        registry._LOOKUP.clear()
        registry._LOOKUP.update(saved[1])
