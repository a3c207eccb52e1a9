"""The change gate: a sequential probability ratio test on pairs of games.

A head-to-head between agents A and B is played in *pairs*: the two games of pair ``k`` are
dealt from the same seed, ``derive_seed(seed, k)``, A in seat 0 in the first and in seat 1 in
the second (``PairedDeals``). The pair's score for A is the mean of its two games' scores
(win 1, draw 1/2, loss 0), so one of five values, 0, 1/4, 1/2, 3/4, 1: the *pentanomial*
outcome. A lucky deal or the first seat's edge then counts for both agents alike, and the
pairs vary less than single games do, so the test decides in fewer games.

The test is the generalized SPRT of chess engines' testing frameworks (fishtest), on the
logistic Elo scale: an Elo difference ``e`` means an expected score ``1 / (1 + 10 ** (-e /
400))``. H0 is "A is ``elo0`` stronger than B", H1 "A is ``elo1`` stronger" (``elo0 <
elo1``). After each pair the log-likelihood ratio is ``N * sum(f_i * log(p1_i / p0_i))``, with
``f`` the observed frequencies of the five outcomes and ``p0``, ``p1`` the distributions
closest to them (maximum likelihood) whose mean is H0's and H1's expected score. The test
stops when the LLR leaves ``(log(beta / (1 - alpha)), log((1 - beta) / alpha))``: above, H1
is accepted (the change is good), below, H0. If A's true strength is ``elo0`` it accepts H1 in
at most about ``alpha`` of runs; if it is ``elo1`` it accepts H0 in at most about ``beta``
(Wald's bounds, which the overshoot of a discrete step makes a little conservative).

The pairs are read in their index order whatever order the workers finish them in, and the
test stops at the first pair whose LLR leaves the bounds: the decision, the games and the LLR
are the same on any backend and for any number of workers, from the seed alone.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..kernel import card_files
from ..kernel.game import Deck
from ..kernel.rng import derive_seed
from .backends import Backend, make_backend
from .paired import first_agent_score
from .runner import GameResult, Job, SimError, _game, chunks_of, play_game, prepare
from .stats import Z95

PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)
"""A pair's score for A, per game, by outcome: lost both ... won both."""
EMPTY = 1e-3
"""An outcome never seen counts this many times in the likelihoods (as fishtest does), so
that the closest distribution with a given mean exists however lopsided the counts."""
PAIRS_A_CHUNK = 4
"""Pairs a worker plays at a time: few, so a decided test wastes little, enough to amortize IPC."""


def expected_score(elo: float) -> float:
    """The logistic Elo model's expected score of a player ``elo`` points stronger."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def elo_of(score: float) -> float:
    """The Elo difference whose expected score is ``score`` (±inf at 0 and 1)."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def closest(freqs: Sequence[float], mean: float) -> list[float]:
    """The distribution over ``PAIR_SCORES`` with mean ``mean`` that gives the frequencies
    ``freqs`` (summing to 1, none zero) the highest likelihood: ``p_i = f_i / (1 + λ (a_i -
    mean))``, ``λ`` the root of ``g(λ) = sum f_i (a_i - mean) / (1 + λ (a_i - mean))``. ``g``
    decreases where every ``p_i`` is positive, so Newton's steps, kept inside the bracket
    that holds the root (a bisection when a step would leave it), find it in a few steps."""
    shifts = [a - mean for a in PAIR_SCORES]
    low, high = -1.0 / max(shifts), -1.0 / min(shifts)  # where 1 + λ·shift > 0 for all
    lam = 0.0
    for _ in range(200):
        terms = [f * s / (1.0 + lam * s) for f, s in zip(freqs, shifts, strict=True)]
        g = sum(terms)
        if g > 0:
            low = lam
        else:
            high = lam
        slope = -sum(t * s / (1.0 + lam * s) for t, s in zip(terms, shifts, strict=True))
        step = lam - g / slope if slope < 0 else math.nan
        if abs(g) < 1e-15 or high - low < 1e-15:
            break
        lam = step if low < step < high else 0.5 * (low + high)
    p = [f / (1.0 + lam * s) for f, s in zip(freqs, shifts, strict=True)]
    total = sum(p)
    return [x / total for x in p]


def llr(counts: Sequence[int], elo0: float, elo1: float) -> float:
    """The generalized log-likelihood ratio of H1 (``elo1``) over H0 (``elo0``) for the
    pentanomial ``counts`` (pairs per outcome, lost both first)."""
    pairs = sum(counts)
    if pairs == 0:
        return 0.0
    padded = [c if c > 0 else EMPTY for c in counts]
    total = sum(padded)
    freqs = [c / total for c in padded]
    p0 = closest(freqs, expected_score(elo0))
    p1 = closest(freqs, expected_score(elo1))
    return pairs * sum(f * math.log(b / a) for f, a, b in zip(freqs, p0, p1, strict=True))


@dataclass(frozen=True, slots=True)
class Bounds:
    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        if not self.elo0 < self.elo1:
            raise SimError(f"the SPRT needs elo0 < elo1, got {self.elo0:g} and {self.elo1:g}")
        for name, value in (("alpha", self.alpha), ("beta", self.beta)):
            if not 0.0 < value < 0.5:
                raise SimError(f"{name} must be between 0 and 0.5, got {value:g}")

    @property
    def lower(self) -> float:
        return math.log(self.beta / (1.0 - self.alpha))

    @property
    def upper(self) -> float:
        return math.log((1.0 - self.beta) / self.alpha)


class Sprt:
    """The test's state: the pentanomial counts so far and, after each pair, the decision."""

    def __init__(self, bounds: Bounds) -> None:
        self.bounds = bounds
        self.counts = [0] * len(PAIR_SCORES)
        self.llr = 0.0

    def add(self, outcome: int) -> str | None:
        """Count one pair (its outcome: 0 lost both ... 4 won both); the decision, ``"H1"``
        or ``"H0"``, once the LLR leaves the bounds, else None."""
        self.counts[outcome] += 1
        self.llr = llr(self.counts, self.bounds.elo0, self.bounds.elo1)
        return self.decision

    @property
    def decision(self) -> str | None:
        if self.llr >= self.bounds.upper:
            return "H1"
        if self.llr <= self.bounds.lower:
            return "H0"
        return None

    @property
    def pairs(self) -> int:
        return sum(self.counts)

    def elo(self) -> tuple[float, float, float]:
        """A's Elo advantage estimated from the pairs' mean score, with the 95% interval
        from their spread (pairs, not games, are the independent draws)."""
        n = self.pairs
        if n == 0:
            return (0.0, -math.inf, math.inf)
        mean = sum(c * a for c, a in zip(self.counts, PAIR_SCORES, strict=True)) / n
        var = sum(c * (a - mean) ** 2 for c, a in zip(self.counts, PAIR_SCORES, strict=True)) / n
        half = Z95 * math.sqrt(var / n)
        return (elo_of(mean), elo_of(mean - half), elo_of(mean + half))


@dataclass(frozen=True)
class PairedDeals(Job):
    """A two-agent batch whose games ``2k`` and ``2k + 1`` share one deal, seats swapped:
    ``agents[0]`` sits in seat 0 in the first and in seat 1 in the second. A result's
    ``lineup`` names the agent in each seat, as any batch's."""

    def play(self, indices: Sequence[int]) -> list[GameResult]:
        for card_file in self.card_files:
            card_files.add(card_file)
        game = _game(self.game, self.options)
        out = []
        for index in indices:
            swapped = index % 2 == 1
            order = (1, 0) if swapped else (0, 1)
            agents = [self.agents[k] for k in order]
            decks = self.decks
            if decks is not None and len(decks) > 1:  # a deck goes with its agent
                decks = tuple(decks[k] for k in order)
            # Game 0 of a one-game batch seeded by the pair: the same deal for both games.
            result = play_game(game, agents, derive_seed(self.seed, index // 2), 0, decks, self.facts)
            out.append(replace(result, index=index, lineup=tuple(order[k] for k in result.lineup)))
        return out


@dataclass(frozen=True, slots=True)
class SprtResult:
    agents: tuple[str, str]
    bounds: Bounds
    decision: str | None  # "H1", "H0", or None when the games ran out first
    pairs: int
    counts: tuple[int, ...]
    llr: float
    elo: tuple[float, float, float]  # estimate, 95% interval
    seconds: float = 0.0

    @property
    def games(self) -> int:
        return 2 * self.pairs

    def to_json(self) -> dict[str, Any]:
        b = self.bounds
        return {
            "agents": list(self.agents), "elo0": b.elo0, "elo1": b.elo1, "alpha": b.alpha,
            "beta": b.beta, "decision": self.decision, "games": self.games, "pairs": self.pairs,
            "pentanomial": list(self.counts), "llr": self.llr, "bounds": [b.lower, b.upper],
            "elo": _finite(self.elo[0]), "elo_ci95": [_finite(self.elo[1]), _finite(self.elo[2])],
            "seconds": self.seconds,
        }


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


def prepare_pairs(
    game_name: str, options: dict[str, Any] | None, agents: Sequence[str], seed: int,
    decks: Sequence[Deck] | None = None,
) -> PairedDeals:
    """The paired batch of ``agents[0]`` against ``agents[1]``, checked: raises ``SimError``
    (or ``UnknownGame``, ``OptionsError``) when the input is bad."""
    if len(agents) != 2:
        raise SimError(f"the SPRT plays two agents against each other, got {len(agents)}")
    job = prepare(game_name, options, agents, seed, decks)
    if _game(job.game, job.options).num_players != 2:
        raise SimError("the SPRT plays two-player games (give --players 2)")
    return PairedDeals(job.game, job.options, job.agents, job.seed, job.decks, job.facts,
                       job.card_files)


def run_sprt(
    job: PairedDeals, bounds: Bounds, max_games: int, backend: Backend | None = None,
    on_pair: Callable[[Sprt], None] | None = None,
) -> SprtResult:
    """Play ``job``'s pairs until the test decides or ``max_games`` (rounded down to pairs)
    are played. Raises ``SimError`` when an agent breaks the rules or a game never ends."""
    if max_games < 2:
        raise SimError(f"the SPRT needs room for at least one pair of games, got {max_games}")
    backend = backend or make_backend("local", 1)
    size = 2 if backend.workers == 1 and backend.name == "local" else 2 * PAIRS_A_CHUNK
    test = Sprt(bounds)
    waiting: dict[int, GameResult] = {}
    stream = backend.run(job, chunks_of(range(max_games - max_games % 2), size))
    try:
        for chunk in stream:
            for result in chunk:
                waiting[result.index] = result
            if _read_pairs(test, waiting, on_pair):
                break
    finally:
        close = getattr(stream, "close", None)
        if close is not None:
            close()  # cancels the chunks not yet started
    return SprtResult((job.agents[0], job.agents[1]), bounds, test.decision, test.pairs,
                      tuple(test.counts), test.llr, test.elo())


def _read_pairs(test: Sprt, waiting: dict[int, GameResult], on_pair: Callable[[Sprt], None] | None) -> bool:
    """Feed the test every complete pair next in index order; True once it has decided."""
    while 2 * test.pairs in waiting and 2 * test.pairs + 1 in waiting:
        k = test.pairs
        first, second = waiting.pop(2 * k), waiting.pop(2 * k + 1)
        outcome = round(2 * (first_agent_score(first) + first_agent_score(second)))
        decided = test.add(outcome)
        if on_pair is not None:
            on_pair(test)
        if decided is not None:
            return True
    return False


def simulate(
    pair_probabilities: Sequence[float], bounds: Bounds, rng: random.Random, max_pairs: int = 100_000,
) -> Sprt:
    """Run the test on pairs drawn from ``pair_probabilities`` (of the five outcomes, lost
    both first) by ``rng``, to check its error rates where the truth is known."""
    test = Sprt(bounds)
    outcomes = range(len(PAIR_SCORES))
    for _ in range(max_pairs):
        if test.add(rng.choices(outcomes, pair_probabilities)[0]) is not None:
            break
    return test
