"""How much one client may ask of the server: token buckets by address and by account.

A bucket holds ``burst`` requests and refills at ``rate`` a second. The server keeps one per
address for what creates sessions and accounts (guests, sign-ups, log-ins) and one per
account for what starts work (new matches); a request past its bucket is refused with 429
and the seconds to wait. Buckets full again are forgotten, so a flood of addresses costs
memory only while it lasts.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

FORGET_OVER = 10_000  # buckets kept before the full ones are forgotten


class Bucket:
    """A token bucket: ``rate`` requests a second, ``burst`` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.at = float(burst), time.monotonic()
        self.refused = 0

    def refill(self, now: float) -> None:
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now

    def take(self) -> bool:
        self.refill(time.monotonic())
        if self.tokens < 1:
            self.refused += 1
            return False
        self.tokens -= 1
        self.refused = 0
        return True

    def wait(self) -> float:
        """Seconds until the next request would pass."""
        return max(0.0, (1 - self.tokens) / self.rate) if self.rate > 0 else float("inf")


@dataclass
class Limit:
    """``per_minute`` requests a minute per key, ``burst`` at once."""

    per_minute: float
    burst: int
    buckets: dict[str, Bucket] = field(default_factory=dict)

    def take(self, key: str) -> float | None:
        """``None`` when ``key`` may go on; else the seconds it must wait."""
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= FORGET_OVER:
                self.forget()
            bucket = self.buckets[key] = Bucket(self.per_minute / 60, self.burst)
        return None if bucket.take() else round(bucket.wait(), 1)

    def forget(self) -> None:
        now = time.monotonic()
        for key, bucket in list(self.buckets.items()):
            bucket.refill(now)
            if bucket.tokens >= bucket.burst:
                del self.buckets[key]
