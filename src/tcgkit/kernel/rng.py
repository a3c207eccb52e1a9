"""Seeded randomness for game states.

SplitMix64: the whole generator is one 64-bit integer, so a clone copies one int, a
saved state stores one number, and the sequence is the same on every Python version
(unlike ``random.Random``, whose state is 625 words and whose shuffle may change).
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from functools import lru_cache
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_TWO64 = 1 << 64


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def derive_seed(seed: int, *stream: int) -> int:
    """A seed for sub-stream ``stream`` of ``seed`` (game i of a batch, a search clone...)."""
    z = seed & _MASK
    for s in stream:
        z = _mix((z + _GAMMA * (s + 1)) & _MASK)
    return z


@lru_cache(maxsize=512)
def _lanes(count: int) -> tuple[int, int, int]:
    """For ``count`` draws at once: 1 in each 128-bit lane, (k + 1) * gamma in lane k, and the
    mask of each lane's low 64 bits."""
    ones = steps = lanes = 0
    for k in range(count):
        ones |= 1 << (128 * k)
        steps |= ((k + 1) * _GAMMA) << (128 * k)
        lanes |= _MASK << (128 * k)
    return ones, steps, lanes


class Rng:
    """Small, cloneable, serializable generator (SplitMix64)."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next_u64(self) -> int:
        # _mix inlined: this is the hottest function of random play-outs.
        z = self.state = (self.state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, without modulo bias."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        while True:
            x = self.next_u64()
            # Any x up to 2**64 - 1 - n lies below the rejection limit 2**64 - 2**64 % n:
            # the common case skips computing that limit.
            if x <= _MASK - n or x < _TWO64 - _TWO64 % n:
                return x % n

    def random(self) -> float:
        """A float in ``[0, 1)`` with 53 random bits."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def big_below(self, total: int) -> int:
        """A uniform integer in ``[0, total)`` for a ``total`` of any size, from as few 64-bit
        words as it takes (rejection keeps it exact)."""
        words = total.bit_length() // 64 + 1
        span = 1 << (64 * words)
        limit = span - span % total  # a multiple of total: below it, x % total is uniform
        while True:
            x = 0
            for _ in range(words):
                x = (x << 64) | self.next_u64()
            if x < limit:
                return x % total

    def below_each(self, n: int, count: int) -> list[int]:
        """``count`` independent uniform integers in ``[0, n)``: the base-``n`` digits of one
        ``big_below(n ** count)`` (five cards of 110 take one draw, not five)."""
        if n <= 0:
            raise ValueError(f"below_each() needs a positive bound, got {n}")
        x = self.big_below(n**count)
        out = []
        for _ in range(count):
            x, digit = divmod(x, n)
            out.append(digit)
        return out

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        below = self.below
        for i in range(len(items) - 1, 0, -1):
            j = below(i + 1)
            items[i], items[j] = items[j], items[i]

    def quick_shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place, one draw per item: ``j = (draw * (i + 1)) >> 64`` for ``i`` from
        the end (bias below ``len(items) / 2**64``). About four times as fast as ``shuffle``, for
        decks shuffled in hot paths; the two give different orders, so a game picks one for good.
        The draws are made all at once (``draws``)."""
        n = len(items)
        if n < 2:
            return
        i = n - 1
        for draw in self.draws(n - 1):
            j = (draw * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
            i -= 1

    def draws(self, count: int) -> Sequence[int]:
        """The next ``count`` values of ``next_u64``, made at once: SplitMix64's state only adds a
        constant, so the ``count`` states are known up front, and one big integer holding them in
        128-bit lanes goes through the mixing steps (a product of a 64-bit lane by a 64-bit
        constant stays in its lane)."""
        if count < 1:
            return ()
        ones, steps, lanes = _lanes(count)
        s = self.state
        z = (s * ones + steps) & lanes  # lane k: the state after k + 1 draws
        z = ((z ^ (z >> 30)) & lanes) * 0xBF58476D1CE4E5B9 & lanes
        z = ((z ^ (z >> 27)) & lanes) * 0x94D049BB133111EB & lanes
        z = (z ^ (z >> 31)) & lanes
        self.state = (s + count * _GAMMA) & _MASK
        return memoryview(z.to_bytes(16 * count, "little")).cast("Q")[::2]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        pool = list(items)
        if k > len(pool):
            raise ValueError(f"cannot sample {k} from {len(pool)} items")
        for i in range(k):
            j = i + self.below(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def clone(self) -> Rng:
        return Rng(self.state)

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"
