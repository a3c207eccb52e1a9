"""Paired what-if runs: two batches on the same seeds and seats, compared game by game.

When a baseline and a variant (another value of an option, another agent, another deck) play
the same games, game ``i`` of both is dealt from the same seed with the same seating, so
much of what decides a game (the deal, the first seat) is the same in both. The difference
of their outcomes, game by game, then varies less than two independent batches would, and
its interval is narrower for the same games. How much narrower is measured from the run
itself: the variances of the two sides' outcomes and of their differences give the games
two unpaired batches would have needed for the same width (``unpaired_games``).

The outcome compared is a score per game: 1 for a win, 1/2 for a draw (no sole winner), 0
for a loss, of the batch's first agent (``agents[0]``). The intervals are normal ones on the
mean difference, which suits the hundreds of games a comparison plays.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .runner import GameResult
from .stats import Z95


def first_agent_score(result: GameResult) -> float:
    """The score of the batch's first agent in ``result``: win 1, draw 1/2, loss 0."""
    if result.winner is None:
        return 0.5
    return 1.0 if result.lineup[result.winner] == 0 else 0.0


def _variance(xs: Sequence[float], mean: float) -> float:
    return sum((x - mean) ** 2 for x in xs) / (len(xs) - 1) if len(xs) > 1 else 0.0


@dataclass(frozen=True, slots=True)
class PairedDifference:
    """The variant's mean score minus the baseline's, from ``games`` paired games."""

    games: int
    baseline: float  # mean scores
    variant: float
    var_baseline: float  # sample variances of a game's score
    var_variant: float
    var_difference: float  # of the game-by-game difference

    @property
    def difference(self) -> float:
        return self.variant - self.baseline

    @property
    def half_width(self) -> float:
        """Half the paired 95% interval."""
        return Z95 * math.sqrt(self.var_difference / self.games) if self.games else math.inf

    @property
    def ci(self) -> tuple[float, float]:
        return (self.difference - self.half_width, self.difference + self.half_width)

    @property
    def unpaired_half_width(self) -> float:
        """Half the 95% interval of the same difference from two independent batches of
        ``games`` games each, with the variances measured here."""
        if not self.games:
            return math.inf
        return Z95 * math.sqrt((self.var_baseline + self.var_variant) / self.games)

    @property
    def unpaired_ci(self) -> tuple[float, float]:
        return (self.difference - self.unpaired_half_width, self.difference + self.unpaired_half_width)

    @property
    def correlation(self) -> float | None:
        """The correlation of the two sides' scores across the paired games."""
        if self.var_baseline <= 0 or self.var_variant <= 0:
            return None
        shared = (self.var_baseline + self.var_variant - self.var_difference) / 2
        return shared / math.sqrt(self.var_baseline * self.var_variant)

    @property
    def unpaired_games(self) -> int | None:
        """Games a side two independent batches would need for the paired interval's width:
        ``games * (var_baseline + var_variant) / var_difference``. None when the paired
        differences never varied (every game came out the same on both sides): no finite
        number of unpaired games then matches a width of zero."""
        if self.var_difference <= 0:
            return None
        return math.ceil(self.games * (self.var_baseline + self.var_variant) / self.var_difference)

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games, "baseline": self.baseline, "variant": self.variant,
            "difference": self.difference, "ci95": list(self.ci),
            "unpaired_ci95": list(self.unpaired_ci), "correlation": self.correlation,
            "unpaired_games": self.unpaired_games,
            "variances": {"baseline": self.var_baseline, "variant": self.var_variant,
                          "difference": self.var_difference},
        }


def paired_difference(baseline: Sequence[float], variant: Sequence[float]) -> PairedDifference:
    """Compare two lists of per-game outcomes, game ``i`` of each played on the same seed and
    seats."""
    if len(baseline) != len(variant):
        raise ValueError(f"paired outcomes need as many games on each side, got "
                         f"{len(baseline)} and {len(variant)}")
    n = len(baseline)
    if n == 0:
        return PairedDifference(0, 0.0, 0.0, 0.0, 0.0, 0.0)
    mean_b, mean_v = sum(baseline) / n, sum(variant) / n
    diffs = [v - b for b, v in zip(baseline, variant, strict=True)]
    return PairedDifference(n, mean_b, mean_v, _variance(baseline, mean_b), _variance(variant, mean_v),
                            _variance(diffs, mean_v - mean_b))


def scores_in_order(results: Sequence[GameResult]) -> list[float]:
    """The first agent's score per game, in game index order."""
    return [first_agent_score(r) for r in sorted(results, key=lambda r: r.index)]
