"""Round-robin tournaments: every pair of agents plays a batch, then ratings.

Pair ``(i, j)`` (``i < j`` in the order given) plays ``games`` games through
``run_games(game, options, [agents[i], agents[j]], games, derive_seed(seed, i, j))``: seats
alternate game by game, and the whole tournament is fully determined by its arguments.

A game of ``n`` > 2 players is played by every group of ``n`` agents (each ``n``-subset,
``(i, j, k, ...)`` in the order given, seeded ``derive_seed(seed, i, j, k, ...)``), seats
rotating within the group as in any batch (``runner.lineup_for``). Each game then counts,
for every two agents at the table, as a game between them: the one placed better wins, equal
places draw. The pairwise table and the ratings are built from these comparisons, so they
read as with two players ("finished ahead of"); the comparisons of one game are not
independent, so the ratings are point estimates, and the places table (first-place rate
with its Wilson interval, mean place) is reported beside them.

Ratings are a Bradley-Terry model fitted by Hunter's MM algorithm (2004), a draw counting
half a win to each side, on the Elo scale: ``P(i beats j) = 1 / (1 + 10 ** ((R_j - R_i) /
400))``. So that an agent that won (or lost) every game keeps a finite rating, each pair is
given ``PRIOR`` virtual games, drawn. Ratings are anchored so that ``random`` is 1000 when
it plays, else so that their mean is 1000.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from ..agents import agent_key
from ..kernel.rng import derive_seed
from .backends import Backend
from .runner import GameResult, SimError, _game, run_games
from .stats import PlaceStats, Rate, labels, place_table

PRIOR = 1.0
"""Virtual drawn games added to every pair before fitting the ratings."""
ANCHOR_AGENT = "random"
ANCHOR_RATING = 1000.0
ELO_SCALE = 400.0 / math.log(10.0)  # rating points per unit of natural-log strength


@dataclass(frozen=True, slots=True)
class PairResult:
    """The games between agents ``a`` and ``b``, seen from ``a``."""

    a: str
    b: str
    games: int
    wins: int  # a's wins
    draws: int
    losses: int  # a's losses = b's wins

    @property
    def score(self) -> float | None:
        """``a``'s wins plus half the draws, per game."""
        return (self.wins + 0.5 * self.draws) / self.games if self.games else None

    @property
    def win_rate(self) -> float | None:
        return Rate(self.wins, self.games).value

    @property
    def win_ci(self) -> tuple[float, float]:
        """95% Wilson interval on ``a``'s win rate."""
        return Rate(self.wins, self.games).ci

    def flipped(self) -> PairResult:
        return PairResult(self.b, self.a, self.games, self.losses, self.draws, self.wins)

    def to_json(self) -> dict[str, Any]:
        return {
            "a": self.a, "b": self.b, "games": self.games, "wins": self.wins,
            "draws": self.draws, "losses": self.losses, "win_rate": self.win_rate,
            "win_ci95": list(self.win_ci), "score": self.score,
        }


@dataclass(frozen=True, slots=True)
class Rating:
    agent: str
    rating: float
    games: int
    score: float | None  # wins plus half draws, per game, over all its games

    def to_json(self) -> dict[str, Any]:
        return {"agent": self.agent, "rating": self.rating, "games": self.games, "score": self.score}


@dataclass(frozen=True, slots=True)
class Tournament:
    agents: list[str]
    games_per_pair: int
    pairs: list[PairResult]
    ratings: list[Rating]  # best first
    meta: dict[str, Any] = field(default_factory=dict)
    players: int = 2
    places: list[PlaceStats] = field(default_factory=list)  # per agent, three or more players

    def pair(self, a: str, b: str) -> PairResult:
        """The games between ``a`` and ``b`` seen from ``a``."""
        for p in self.pairs:
            if (p.a, p.b) == (a, b):
                return p
            if (p.a, p.b) == (b, a):
                return p.flipped()
        raise KeyError((a, b))

    def to_json(self) -> dict[str, Any]:
        data = {
            **self.meta,
            "agents": list(self.agents),
            "games_per_pair": self.games_per_pair,
            "pairs": [p.to_json() for p in self.pairs],
            "ratings": [r.to_json() for r in self.ratings],
        }
        if self.players > 2:  # games_per_pair is then the games of each group of players
            data["players"] = self.players
            data["places"] = [p.to_json() for p in self.places]
        return data


def pair_result(a: str, b: str, results: Sequence[GameResult]) -> PairResult:
    """Count ``a``'s wins, draws and losses in a batch between ``a`` and ``b``."""
    wins = draws = losses = 0
    for r in results:
        if r.winner is None:
            draws += 1
        elif r.lineup:
            winner_slot = r.lineup[r.winner]
            wins += winner_slot == 0
            losses += winner_slot == 1
        elif r.winner_agent == a:
            wins += 1
        else:
            losses += 1
    return PairResult(a, b, len(results), wins, draws, losses)


def pairwise_results(agents: Sequence[str], results: Sequence[GameResult]) -> list[PairResult]:
    """Every pair of a group's ``agents`` (in their order), from a batch of games with any
    number of players: in each game where both sat, the better place wins, equal places
    draw. With two players this is ``pair_result``."""
    tally = {pair: [0, 0, 0] for pair in combinations(range(len(agents)), 2)}
    for r in results:
        seated = list(zip(r.lineup, r.places(), strict=True))
        for (i, rank_i), (j, rank_j) in combinations(seated, 2):
            if i == j:
                continue
            if i > j:
                i, j, rank_i, rank_j = j, i, rank_j, rank_i
            counts = tally[(i, j)]
            counts[0 if rank_i < rank_j else 1 if rank_i == rank_j else 2] += 1
    return [
        PairResult(agents[i], agents[j], sum(c), c[0], c[1], c[2]) for (i, j), c in tally.items()
    ]


def merge_pairs(pairs: Sequence[PairResult]) -> list[PairResult]:
    """The pair results of several groups added up, one per pair of agents (first seen order)."""
    merged: dict[tuple[str, str], PairResult] = {}
    for p in pairs:
        key, q = ((p.a, p.b), p) if (p.b, p.a) not in merged else ((p.b, p.a), p.flipped())
        old = merged.get(key)
        merged[key] = q if old is None else PairResult(
            q.a, q.b, old.games + q.games, old.wins + q.wins, old.draws + q.draws, old.losses + q.losses
        )
    return list(merged.values())


def bradley_terry(
    agents: Sequence[str], pairs: Sequence[PairResult], prior: float = PRIOR,
    tolerance: float = 1e-12, max_iterations: int = 100_000,
) -> dict[str, float]:
    """Strengths ``p`` (geometric mean 1) with ``P(i beats j) = p_i / (p_i + p_j)``, by MM.

    A draw is half a win for each side; each pair that played gets ``prior`` virtual
    drawn games. Agents that played no game get strength 1.
    """
    index = {name: k for k, name in enumerate(agents)}
    n = len(agents)
    won = [0.0] * n
    played = [[0.0] * n for _ in range(n)]
    for p in pairs:
        i, j = index[p.a], index[p.b]
        if i == j or p.games == 0:
            continue
        extra = prior / 2
        won[i] += p.wins + 0.5 * p.draws + extra
        won[j] += p.losses + 0.5 * p.draws + extra
        played[i][j] += p.games + prior
        played[j][i] += p.games + prior
    strength = [1.0] * n
    active = [k for k in range(n) if any(played[k])]
    for _ in range(max_iterations):
        change = 0.0
        for i in active:
            denom = sum(
                played[i][j] / (strength[i] + strength[j]) for j in range(n) if played[i][j]
            )
            new = won[i] / denom if won[i] > 0 else 1e-300
            change = max(change, abs(math.log(new) - math.log(strength[i])))
            strength[i] = new
        if active:
            mean_log = sum(math.log(strength[k]) for k in active) / len(active)
            for k in active:
                strength[k] = math.exp(math.log(strength[k]) - mean_log)
        if change < tolerance:
            break
    return dict(zip(agents, strength, strict=True))


def elo_ratings(
    agents: Sequence[str], pairs: Sequence[PairResult], prior: float = PRIOR,
    anchor: str = ANCHOR_AGENT, anchor_rating: float = ANCHOR_RATING,
) -> dict[str, float]:
    """Bradley-Terry strengths on the Elo scale, ``anchor`` at ``anchor_rating`` when it
    is among ``agents``, else the mean at ``anchor_rating``."""
    strength = bradley_terry(agents, pairs, prior)
    raw = {a: ELO_SCALE * math.log(s) for a, s in strength.items()}
    base = raw[anchor] if anchor in raw else sum(raw.values()) / max(1, len(raw))
    return {a: (r - base) + anchor_rating for a, r in raw.items()}  # the anchor exactly


def summarize_tournament(
    agents: Sequence[str], pairs: Sequence[PairResult], games_per_pair: int,
    meta: dict[str, Any] | None = None,
) -> Tournament:
    agents = list(agents)
    elo = elo_ratings(agents, pairs)
    totals = {a: [0, 0.0] for a in agents}
    for p in pairs:
        for side, won in ((p.a, p.wins), (p.b, p.losses)):
            totals[side][0] += p.games
            totals[side][1] += won + 0.5 * p.draws
    ratings = sorted(
        (
            Rating(a, elo[a], int(totals[a][0]), totals[a][1] / totals[a][0] if totals[a][0] else None)
            for a in agents
        ),
        key=lambda r: -r.rating,
    )
    return Tournament(agents, games_per_pair, list(pairs), ratings, dict(meta or {}))


def round_robin(
    game_name: str,
    options: dict[str, Any] | None,
    agents: Sequence[str],
    games: int,
    seed: int,
    workers: int = 1,
    on_result: Callable[[GameResult], None] | None = None,
    meta: dict[str, Any] | None = None,
    backend: Backend | None = None,
) -> Tournament:
    """Every pair of ``agents`` plays ``games`` games, seats alternating; then ratings.
    A game of ``n`` > 2 players: every group of ``n`` agents (see the module docstring)."""
    agents = [agent_key(a) for a in agents]
    players = _game(game_name, dict(options or {})).num_players
    if len(agents) < 2:
        raise SimError("a round-robin needs at least two agents")
    if len(agents) < players:
        raise SimError(f"a round-robin of {players}-player games needs at least {players} agents")
    if len(set(agents)) != len(agents):
        raise SimError(f"a round-robin needs different agents, got {', '.join(agents)}")
    if games < 1:
        raise SimError(f"the number of games per pair must be at least 1, got {games}")
    if players > 2:
        return _groups(game_name, options, agents, players, games, seed, workers, on_result, meta,
                       backend)
    pairs = []
    for i in range(len(agents)):
        for j in range(i + 1, len(agents)):
            a, b = agents[i], agents[j]
            results = run_games(
                game_name, options, [a, b], games, derive_seed(seed, i, j), workers, on_result,
                backend=backend,
            )
            pairs.append(pair_result(a, b, results))
    return summarize_tournament(agents, pairs, games, meta)


def _groups(
    game_name: str, options: dict[str, Any] | None, agents: list[str], players: int, games: int,
    seed: int, workers: int, on_result: Callable[[GameResult], None] | None,
    meta: dict[str, Any] | None, backend: Backend | None,
) -> Tournament:
    """The round-robin of a game of three or more players: each group of ``players``."""
    pairs: list[PairResult] = []
    finishes: list[tuple[int, int]] = []
    for group in combinations(range(len(agents)), players):
        names = [agents[k] for k in group]
        results = run_games(
            game_name, options, names, games, derive_seed(seed, *group), workers, on_result,
            backend=backend,
        )
        pairs += pairwise_results(names, results)
        finishes += [(group[slot], rank) for r in results for slot, rank in zip(r.lineup, r.places(),
                                                                                  strict=True)]
    tournament = summarize_tournament(agents, merge_pairs(pairs), games, meta)
    return Tournament(
        tournament.agents, games, tournament.pairs, tournament.ratings, tournament.meta,
        players, place_table(labels(agents), players, finishes),
    )
