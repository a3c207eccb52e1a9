"""Seeded randomness for game states.

SplitMix64: the whole generator is one 64-bit integer, so a clone copies one int, a
saved state stores one number, and the sequence is the same on every Python version
(unlike ``random.Random``, whose state is 625 words and whose shuffle may change).
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
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


_GROUP_PRODUCT = 1 << 62
"""The most a group of ``shuffle``'s bounds multiplies to: a draw is then refused less than a
quarter of the time (with products up to 2**64, up to half)."""

_Plan = tuple[tuple[int, tuple[tuple[int, int], ...]], ...]
"""How ``shuffle`` draws for a size: (rejection limit, the swaps (index, bound)) per draw."""

_GROUPS: dict[int, _Plan] = {}
"""``_groups(n)`` for the sizes up to 1024 shuffled so far."""


def _groups(n: int) -> _Plan:
    """``shuffle``'s plan for ``n`` items: the swaps ``(i, i + 1)`` for ``i`` from ``n - 1``
    down to 1, in groups whose bounds multiply to at most ``_GROUP_PRODUCT``, each with its
    rejection limit (the last multiple of the product up to ``2**64``)."""
    groups: list[tuple[int, tuple[tuple[int, int], ...]]] = []
    swaps: list[tuple[int, int]] = []
    product = 1
    for i in range(n - 1, 0, -1):
        if product * (i + 1) > _GROUP_PRODUCT:
            groups.append((_TWO64 - _TWO64 % product, tuple(swaps)))
            product, swaps = 1, []
        product *= i + 1
        swaps.append((i, i + 1))
    groups.append((_TWO64 - _TWO64 % product, tuple(swaps)))
    plan = tuple(groups)
    if n <= 1024:
        _GROUPS[n] = plan
    return plan


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
        """A uniform shuffle in place (Fisher-Yates, exact): every game's deals, the AIs' sampled
        worlds and every other shuffle of the project. The swaps' indices, one below ``i + 1``
        for each ``i`` from the end, are the mixed-radix digits of one draw per group of
        bounds (``_groups``): a draw past the last whole multiple of the group's product is
        refused, so each index is uniform, and a 60-card deck takes about five draws."""
        n = len(items)
        if n < 2:
            return
        groups = _GROUPS.get(n) or _groups(n)
        draw = self.next_u64
        for limit, swaps in groups:
            x = draw()
            while x >= limit:
                x = draw()
            for i, bound in swaps:
                j = x % bound
                x //= bound
                items[i], items[j] = items[j], items[i]

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
