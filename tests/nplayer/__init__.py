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
    with registry.registered_for_now(HighCard):
        yield
