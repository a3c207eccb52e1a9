"""A game's AI ladder: every level against every other, ratings on one scale with intervals.

The games are a round-robin (``tournament.round_robin``: every pair plays the same number of
seeded games, seats alternating), so a ladder is reproducible from its seed. The ratings are
the tournament's Bradley-Terry fit on the Elo scale, ``random`` anchored at 1000 (without it,
the weakest level given); each has a 95% interval from the fit's Fisher information with the
anchor held fixed (the interval of its difference from the anchor). A draw counts half a win;
the information then counts each game as a full win-or-loss trial, which over-states a game's
variance when games can draw, so with draws the intervals are conservative (a sandwich
estimate would be narrower, never wider).

Each *step* is a level against the one just below it (in the order given, weakest first):
its score there (wins plus half the draws, per game) with a 95% Wilson interval, read
against the game's target (``target_for``): a level should beat the one below it in 65-80% of
games, clearly better yet not so much stronger that a player who outgrew one level is crushed by
the next. A game whose skill range is narrower states a narrower target (``GAME_TARGETS``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .backends import Backend
from .runner import GameResult
from .stats import Z95, wilson
from .tournament import ANCHOR_AGENT, ELO_SCALE, PairResult, Tournament, elo_ratings, round_robin

TARGET = (0.65, 0.80)
"""The score a level should make against the level below it."""

NARROW = (0.55, 0.65)
"""The target of a game whose levels span too little for every step to reach ``TARGET``."""

GAME_TARGETS = {"forge-fury": NARROW, "monster-collection": NARROW, "conflictus": NARROW,
                "triple-triad": NARROW}
"""Games whose target is not ``TARGET``: those where the strongest play measured beats ``greedy``
by less than the three steps above it would need at 65% (+324 Elo, 87%), on paired deals
(docs/sim.md, each game's ladder). Forge & Fury: most of a game is the luck of the deal, so the
best level beats ``greedy`` in about 75%. Monster Collection, Conflictus: ``hard`` beats greedy
by +137 and +195 Elo, and a search of ``hard``'s budget that sees every hidden card and the
deck order by +140 and +183, so hidden information is not what holds the range short. Triple
Triad: ``hard`` by +219; only seeing the rival's hand goes further (+413), which no fair player
can, and ``perfect``'s sampled hands do not. Final Fantasy TCG's steps add up to +343 (+110,
+96, +137 on paired deals), so it keeps ``TARGET``."""


def target_for(game_name: str) -> tuple[float, float]:
    return GAME_TARGETS.get(game_name, TARGET)


@dataclass(frozen=True, slots=True)
class LadderRating:
    agent: str
    rating: float
    low: float  # the 95% interval; the anchor's is the rating itself
    high: float
    games: int
    score: float | None

    def to_json(self) -> dict[str, Any]:
        return {"agent": self.agent, "rating": round(self.rating, 1),
                "ci95": [round(self.low, 1), round(self.high, 1)], "games": self.games,
                "score": self.score}


@dataclass(frozen=True, slots=True)
class LadderStep:
    """``upper`` against ``lower``, the level just below it."""

    lower: str
    upper: str
    games: int
    score: float  # upper's wins plus half the draws, per game
    ci: tuple[float, float]
    target: tuple[float, float] = TARGET

    @property
    def verdict(self) -> str:
        """How the step reads against its target: ``not clearly stronger`` when its interval
        reaches 50%, else ``below target``, ``on target`` or ``above target``."""
        if self.ci[0] <= 0.5:
            return "not clearly stronger"
        if self.score < self.target[0]:
            return "below target"
        return "on target" if self.score <= self.target[1] else "above target"

    def to_json(self) -> dict[str, Any]:
        return {"lower": self.lower, "upper": self.upper, "games": self.games,
                "score": self.score, "ci95": list(self.ci), "verdict": self.verdict}


@dataclass(frozen=True, slots=True)
class Ladder:
    tournament: Tournament
    ratings: list[LadderRating]  # strongest first
    steps: list[LadderStep]  # weakest level's step first
    meta: dict[str, Any] = field(default_factory=dict)
    target: tuple[float, float] = TARGET

    def to_json(self) -> dict[str, Any]:
        data = self.tournament.to_json()
        data.update(self.meta)
        data["target"] = list(self.target)
        data["ratings"] = [r.to_json() for r in self.ratings]
        data["steps"] = [s.to_json() for s in self.steps]
        return data


def step(lower: str, upper: str, tournament: Tournament, target: tuple[float, float] = TARGET) -> LadderStep:
    pair = tournament.pair(upper, lower)
    points = pair.wins + 0.5 * pair.draws
    return LadderStep(lower, upper, pair.games, points / pair.games, wilson(points, pair.games), target)


def rating_intervals(
    agents: Sequence[str], pairs: Sequence[PairResult], ratings: dict[str, float],
    anchor: str = ANCHOR_AGENT, z: float = Z95,
) -> dict[str, tuple[float, float]]:
    """Each rating's interval: ``rating ± z`` standard errors, the standard errors from the
    inverse of the Bradley-Terry log-likelihood's information matrix with ``anchor`` fixed
    (the first agent when the anchor does not play). An agent no game connects to the
    anchor has an infinite interval."""
    agents = list(agents)
    fixed = anchor if anchor in agents else agents[0]
    free = [a for a in agents if a != fixed]
    index = {a: k for k, a in enumerate(free)}
    size = len(free)
    info = [[0.0] * size for _ in range(size)]
    for pair in pairs:
        if pair.games == 0 or pair.a == pair.b:
            continue
        p = 1.0 / (1.0 + 10 ** ((ratings[pair.b] - ratings[pair.a]) / 400.0))
        weight = pair.games * p * (1.0 - p)
        i, j = index.get(pair.a), index.get(pair.b)
        for k in (i, j):
            if k is not None:
                info[k][k] += weight
        if i is not None and j is not None:
            info[i][j] -= weight
            info[j][i] -= weight
    covariance = invert(info)
    out = {fixed: (ratings[fixed], ratings[fixed])}
    for agent, k in index.items():
        variance = math.inf if covariance is None else covariance[k][k]
        half = z * ELO_SCALE * math.sqrt(variance) if variance >= 0 else math.inf
        out[agent] = (ratings[agent] - half, ratings[agent] + half)
    return out


def invert(matrix: list[list[float]]) -> list[list[float]] | None:
    """The inverse of a small symmetric matrix by Gauss-Jordan with partial pivoting; None
    when it is singular (an agent no game connects to the others)."""
    n = len(matrix)
    work = [list(row) + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(matrix)]
    scale = max((abs(x) for row in matrix for x in row), default=0.0) or 1.0
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(work[r][col]))
        if abs(work[pivot][col]) <= 1e-12 * scale:
            return None
        work[col], work[pivot] = work[pivot], work[col]
        head = work[col][col]
        work[col] = [x / head for x in work[col]]
        for r in range(n):
            if r != col and work[r][col]:
                factor = work[r][col]
                work[r] = [x - factor * y for x, y in zip(work[r], work[col], strict=True)]
    return [row[n:] for row in work]


def ladder_of(tournament: Tournament, levels: Sequence[str], meta: dict[str, Any] | None = None,
              target: tuple[float, float] = TARGET) -> Ladder:
    """The ladder read from a finished round-robin of ``levels`` (weakest first), its steps read
    against ``target``. The scale's anchor is ``random`` at 1000, or without it the weakest level
    given."""
    anchor = ANCHOR_AGENT if ANCHOR_AGENT in tournament.agents else levels[0]
    elo = elo_ratings(tournament.agents, tournament.pairs, anchor=anchor)
    intervals = rating_intervals(tournament.agents, tournament.pairs, elo, anchor)
    ratings = sorted((LadderRating(r.agent, elo[r.agent], *intervals[r.agent], r.games, r.score)
                      for r in tournament.ratings), key=lambda r: -r.rating)
    steps = [step(lower, upper, tournament, target) for lower, upper in zip(levels, levels[1:], strict=False)]
    return Ladder(tournament, ratings, steps, {**(meta or {}), "anchor": anchor}, target)


def run_ladder(
    game_name: str, options: dict[str, Any] | None, levels: Sequence[str], games: int, seed: int,
    workers: int = 1, backend: Backend | None = None,
    on_result: Callable[[GameResult], None] | None = None, meta: dict[str, Any] | None = None,
    target: tuple[float, float] | None = None,
) -> Ladder:
    """Play the round-robin of ``levels`` (weakest first), ``games`` games a pair, and read
    the ladder from it against ``target`` (by default the game's). Raises ``SimError`` (or
    ``UnknownGame``, ``OptionsError``) on bad input."""
    tournament = round_robin(game_name, options, levels, games, seed, workers, on_result, meta,
                             backend=backend)
    return ladder_of(tournament, levels, meta, target_for(game_name) if target is None else target)
