"""What other parts of the server give the matches' service (``service.py``): a ``Placement``
for a match they make themselves, and a ``Follower`` told when matches end. Events use both
(``events.py``); the service names neither events nor any other part."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from sqlalchemy.orm import Session


@dataclass(frozen=True)
class Placement:
    """A match the server makes for players (an event's table): the accounts of its ``invite``
    seats, seated at once; its seed; and what the transaction that writes it also writes."""

    accounts: dict[int, int]  # seat -> account
    seed: int
    link: Callable[[Session, str], None]


class Follower(Protocol):
    """A part of the server that acts when matches end (an event pairs its next round): told
    of each end once it is committed, and asked to catch up at start and in each sweep (what
    a killed process left undone)."""

    def match_ended(self, match_id: str) -> None: ...

    async def catch_up(self) -> None: ...

    async def stop(self) -> None: ...
