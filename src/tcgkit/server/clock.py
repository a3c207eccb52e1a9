"""Clocks and absence, as a match is set up (``Rules``), and each seat's time (``Clocks``).

A clock is ``off``, ``decision`` (``seconds`` for every decision) or ``chess`` (a bank of
``seconds`` per seat, and a ``buffer`` per decision spent first, XMage's shape). It runs on
the server's monotonic clock, only while a person's decision is open: from the moment the
decision was sent (after the engine's work and the commit) until the answer arrives. The
time the engine or an AI seat takes is charged to nobody. When it runs out, the seat loses
(``on_timeout="lose"``) or the decision's default action is played for them
(``on_timeout="default"``), marked as the server's move wherever it is shown.

Absence: a person whose last connection closes keeps the seat for ``grace`` seconds; then the
others may claim the win (``absence="claim"``), or an AI (``stand_in``) plays for them until
they come back (``absence="ai"``), each of its moves marked as the stand-in's; or the match
waits for them (``absence="wait"``, a correspondence match: no stand-in, no claim, the clock
alone ends it, as ``on_timeout`` says). ``unit`` is how the clock's time was chosen and is
shown (a correspondence clock: hours or days a decision); ``seconds`` holds it all the same.

Left unsaid, both are what players of online games expect (``Rules.settled``): between
people, running out of time loses and an absent player's seat is claimed, not played; alone
against the AI, time plays the default and an absent player's match waits for them. A match
that trades cards is finished by the game's rules (default and stand-in), as it must be.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator


class Rules(BaseModel):
    model_config = ConfigDict(extra="forbid")
    clock: Literal["off", "decision", "chess"] = "off"
    seconds: float = Field(default=0, ge=0, le=7 * 86400)
    buffer: float = Field(default=0, ge=0, le=3600)
    on_timeout: Literal["default", "lose"] | None = None  # None: decided by ``settled``
    grace: float = Field(default=120, gt=0, le=86400)
    absence: Literal["ai", "claim", "wait"] | None = None  # None: decided by ``settled``
    stand_in: str = Field(default="greedy", max_length=40)
    unit: Literal["seconds", "minutes", "hours", "days"] = "seconds"

    @property
    def correspondence(self) -> bool:
        """A match that waits for its players (``absence="wait"``): its decision's deadline
        is kept across a server restart."""
        return self.absence == "wait"

    @model_validator(mode="after")
    def _timed(self) -> Rules:
        if self.clock == "decision" and self.seconds <= 0:
            raise ValueError("a decision clock needs seconds > 0 for each decision")
        if self.clock == "chess" and self.seconds + self.buffer <= 0:
            raise ValueError("a chess clock needs a bank (seconds) or a buffer > 0")
        return self

    def settled(self, people: int, trading: bool) -> Rules:
        """These rules with what was left unsaid decided for a match of ``people`` persons."""
        if trading:
            on_timeout, absence = "default", "ai"
        elif people >= 2:
            on_timeout, absence = "lose", "claim"
        else:
            on_timeout, absence = "default", "claim"
        return self.model_copy(update={"on_timeout": self.on_timeout or on_timeout,
                                       "absence": self.absence or absence})


@dataclass
class Clocks:
    """Each seat's bank (chess clock), and when the running decision began."""

    rules: Rules
    banks: list[float]
    started: float | None = None  # monotonic time the running decision was sent
    seat: int | None = None  # whose it is

    @staticmethod
    def new(rules: Rules, players: int, banks: list[float] | None = None) -> Clocks:
        return Clocks(rules, list(banks) if banks is not None else [rules.seconds] * players)

    @property
    def on(self) -> bool:
        return self.rules.clock != "off"

    def allowed(self, seat: int) -> float:
        """Seconds ``seat`` has for a decision that starts now."""
        if self.rules.clock == "decision":
            return self.rules.seconds
        return self.rules.buffer + self.banks[seat]

    def start(self, seat: int | None, now: float) -> float | None:
        """The decision of ``seat`` (a person's; ``None``: nobody's time runs) begins: the
        seconds until it runs out, or ``None`` when no clock runs."""
        if not self.on or seat is None:
            self.started = self.seat = None
            return None
        self.started, self.seat = now, seat
        return self.allowed(seat)

    def elapsed(self, now: float) -> float:
        return 0.0 if self.started is None else max(0.0, now - self.started)

    def left(self, seat: int, now: float) -> float:
        if self.seat != seat or self.started is None:
            return self.allowed(seat)
        return max(0.0, self.allowed(seat) - self.elapsed(now))

    def banks_after(self, seat: int, now: float) -> list[float]:
        """The banks once ``seat`` answers now (the buffer spent first)."""
        banks = list(self.banks)
        if self.rules.clock == "chess" and self.seat == seat:
            over = max(0.0, self.elapsed(now) - self.rules.buffer)
            banks[seat] = max(0.0, banks[seat] - over)
        return banks

    def view(self, now: float) -> list[dict[str, Any]]:
        """Each seat's time as the protocol's ``Clock`` shows it."""
        if not self.on:
            return []
        out = []
        for seat in range(len(self.banks)):
            running = self.seat == seat and self.started is not None
            spent = self.elapsed(now) if running else 0.0
            if self.rules.clock == "decision":
                out.append({"seat": seat, "buffer": max(0.0, self.rules.seconds - spent), "running": running})
                continue
            buffer = max(0.0, self.rules.buffer - spent)
            bank = max(0.0, self.banks[seat] - max(0.0, spent - self.rules.buffer))
            out.append({"seat": seat, "bank": round(bank, 3), "buffer": round(buffer, 3), "running": running})
        return out
