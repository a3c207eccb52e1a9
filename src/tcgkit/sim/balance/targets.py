"""What the rebalancer aims at: targets read from text, and how a batch of games measures them.

A target is a range of percentages for one rate (``--target`` on the command line):

- ``first=50+-2`` (or ``50±2``, or ``48..52``): the first player's share of the decisive games;
- ``pairs=45..55``: every pair of the preconstructed decks named (``--decks``, default all of
  them): the first deck's share of the decisive games between the two;
- ``A:B=40..60``: the pair of decks ``A`` and ``B`` alone.

Rates are of decisive games (a draw counts for neither side), each with its 95% Wilson interval.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

from ..runner import GameResult, SimError
from ..stats import Rate

_RANGE = re.compile(r"^\s*(-?[\d.]+)\s*(?:\.\.|-)\s*(-?[\d.]+)\s*%?\s*$")
_AROUND = re.compile(r"^\s*(-?[\d.]+)\s*(?:\+-|\+/-|±)\s*([\d.]+)\s*%?\s*$")
FORMS = "first=50+-2, pairs=45..55, DECK:DECK=40..60 (percentages)"


class BalanceError(SimError):
    """A rebalancing that cannot run: a bad target, field, deck or change."""


@dataclass(frozen=True, slots=True)
class Target:
    """A rate to bring into ``[low, high]`` (fractions): the first player's (``pair`` None) or
    the first deck's of ``pair`` against the second."""

    low: float
    high: float
    pair: tuple[str, str] | None = None

    @property
    def label(self) -> str:
        what = "first player" if self.pair is None else f"{self.pair[0]} vs {self.pair[1]}"
        return f"{what} in {100 * self.low:g}-{100 * self.high:g}%"

    def distance(self, rate: float) -> float:
        """How far ``rate`` lies outside the range (0 inside)."""
        return max(0.0, self.low - rate, rate - self.high)


def _percent(text: str, where: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise BalanceError(f"{where}: {text!r} is not a number") from None
    return value


def parse_range(text: str, where: str) -> tuple[float, float]:
    """``45..55``, ``45-55`` or ``50+-5`` as fractions ``(0.45, 0.55)``; bounds checked."""
    if m := _AROUND.match(text):
        centre, half = _percent(m[1], where), _percent(m[2], where)
        low, high = centre - half, centre + half
    elif m := _RANGE.match(text):
        low, high = _percent(m[1], where), _percent(m[2], where)
    else:
        raise BalanceError(f"{where}: {text!r} is not a range; write LOW..HIGH or CENTRE+-HALF in "
                           "percent, as in 45..55 or 50+-2")
    if not 0 <= low < high <= 100:
        raise BalanceError(f"{where}: the range {low:g}-{high:g}% must lie within 0-100% with its "
                           "low end below its high end")
    return low / 100, high / 100


def parse_targets(texts: Sequence[str], decks: Sequence[str]) -> list[Target]:
    """The targets ``texts`` name; ``decks``: the preconstructed decks they may name."""
    if not texts:
        raise BalanceError(f"give at least one --target ({FORMS})")
    known = {d.lower(): d for d in decks}
    out: list[Target] = []
    for text in texts:
        where = f"--target {text!r}"
        name, sep, rest = text.partition("=")
        if not sep:
            raise BalanceError(f"{where}: write WHAT=RANGE, as in {FORMS}")
        name = name.strip().lower()
        low, high = parse_range(rest, where)
        if name == "first":
            out.append(Target(low, high))
        elif name == "pairs":
            if len(decks) < 2:
                raise BalanceError(f"{where}: the game has fewer than two preconstructed decks to pair")
            out += [Target(low, high, (a, b)) for a, b in combinations(decks, 2)]
        elif ":" in name:
            a, b = (part.strip() for part in name.split(":", 1))
            for deck in (a, b):
                if deck not in known:
                    raise BalanceError(f"{where}: no preconstructed deck {deck!r}; the decks: "
                                       f"{', '.join(decks) or 'none'}")
            if a == b:
                raise BalanceError(f"{where}: a deck against itself is always 50%")
            out.append(Target(low, high, (known[a], known[b])))
        else:
            raise BalanceError(f"{where}: no target {name!r}; the forms: {FORMS}")
    seen: dict[tuple[str, str] | None, Target] = {}
    for target in out:
        key = target.pair if target.pair is None else tuple(sorted(target.pair))
        if key in seen:  # type: ignore[comparison-overlap]
            raise BalanceError(f"two targets for {target.label.split(' in ')[0]}: give one")
        seen[key] = target  # type: ignore[index]
    return out


@dataclass(slots=True)
class Count:
    """Decisive games and the wins of the pair's first deck (or of the first player)."""

    decisive: int = 0
    wins: int = 0
    games: int = 0

    @property
    def rate(self) -> float | None:
        return Rate(self.wins, self.decisive).value

    @property
    def ci(self) -> tuple[float, float]:
        return Rate(self.wins, self.decisive).ci


@dataclass(frozen=True, slots=True)
class Estimate:
    """A target's rate with its 95% interval (None: no decisive game yet)."""

    rate: float | None
    low: float = 0.0
    high: float = 1.0

    @staticmethod
    def of(count: Count, offset: float = 0.0) -> Estimate:
        if count.rate is None:
            return Estimate(None)
        low, high = count.ci
        return Estimate(min(1.0, max(0.0, count.rate + offset)), max(0.0, low + offset),
                        min(1.0, high + offset))


Batch = tuple[str, str] | None
"""A batch of games: a pair of decks (the first as entrant 0), or None for decks drawn by the seed."""


Outcome = tuple[bool | None, bool | None]
"""A game as the targets see it: whether the first deck won and whether the first player won
(None: a draw, or no first player)."""


@dataclass(slots=True)
class Tallies:
    """What a candidate's batches measured, batch by batch: the first deck's wins and the first
    player's, and each game's outcome by its index (to count any first games again)."""

    decks: dict[Batch, Count] = field(default_factory=dict)
    firsts: dict[Batch, Count] = field(default_factory=dict)
    outcomes: dict[Batch, dict[int, Outcome]] = field(default_factory=dict)

    def add(self, batch: Batch, result: GameResult) -> None:
        decided = result.winner is not None
        deck_won = result.lineup[result.winner] == 0 if result.winner is not None else None
        first_won = (result.winner == result.first) if decided and result.first is not None else None
        self.outcomes.setdefault(batch, {})[result.index] = (deck_won, first_won)
        self._count(batch, deck_won, first_won)

    def _count(self, batch: Batch, deck_won: bool | None, first_won: bool | None) -> None:
        deck = self.decks.setdefault(batch, Count())
        first = self.firsts.setdefault(batch, Count())
        deck.games += 1
        first.games += 1
        if deck_won is not None:
            deck.decisive += 1
            deck.wins += deck_won
        if first_won is not None:
            first.decisive += 1
            first.wins += first_won

    def first_games(self, games: dict[Batch, int]) -> Tallies:
        """The same tallies over each batch's games of index below ``games[batch]`` only."""
        out = Tallies()
        for batch, outcomes in self.outcomes.items():
            for index, (deck_won, first_won) in outcomes.items():
                if index < games.get(batch, 0):
                    out._count(batch, deck_won, first_won)
        return out

    def games(self, batch: Batch) -> int:
        count = self.decks.get(batch)
        return 0 if count is None else count.games

    def take(self, other: Tallies, batch: Batch) -> None:
        """``other``'s games of ``batch`` as this one's (a batch the change leaves alone)."""
        self.decks[batch] = other.decks.get(batch) or Count()
        self.firsts[batch] = other.firsts.get(batch) or Count()
        self.outcomes[batch] = other.outcomes.get(batch) or {}

    def count(self, target: Target) -> Count:
        if target.pair is not None:
            return self.decks.get(target.pair) or Count()
        total = Count()
        for c in self.firsts.values():
            total.games += c.games
            total.decisive += c.decisive
            total.wins += c.wins
        return total
