"""Statistics over a batch: win/draw/loss per agent with 95% Wilson intervals, the
first-player advantage, game lengths; JSON and per-game CSV output.

With three or more players, also the places: per agent the share of each place, the
first-place rate (a shared first place counts) with its Wilson interval and the mean
place (1 is first); per seat the same for whoever sat there. A game's ``winner`` is its
sole first, so an agent's ``wins`` are sole first places, its ``draws`` games without a
sole winner, its ``losses`` the rest."""

from __future__ import annotations

import csv
import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .runner import GameResult

Z95 = 1.959963984540054
"""The two-sided 95% normal quantile."""


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion; ``(0, 1)`` with no trials.
    ``successes`` may be fractional: a score with draws counted half (wider than the exact
    interval of a score whose draws vary less than wins and losses)."""
    if trials <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be in 0..{trials}, got {successes}")
    p = successes / trials
    z2 = z * z
    denom = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    # At k = 0 the lower end is exactly 0, at k = n the upper end exactly 1: no float noise.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)


def _rate(k: int, n: int) -> float | None:
    return k / n if n else None


@dataclass(frozen=True, slots=True)
class Rate:
    """``hits`` of ``games`` with its 95% Wilson interval; ``value`` None without games."""

    hits: int
    games: int

    @property
    def value(self) -> float | None:
        return self.hits / self.games if self.games else None

    @property
    def ci(self) -> tuple[float, float]:
        return wilson(self.hits, self.games)

    def to_json(self) -> dict[str, Any]:
        return {"rate": self.value, "ci95": list(self.ci) if self.games else None,
                "hits": self.hits, "games": self.games}


def difference_ci(a: Rate, b: Rate) -> tuple[float, float] | None:
    """Newcombe's hybrid score interval (his method 10) for ``a - b``; None when either has no games."""
    if not a.games or not b.games:
        return None
    pa, pb = a.hits / a.games, b.hits / b.games
    (la, ua), (lb, ub) = a.ci, b.ci
    d = pa - pb
    return (d - math.hypot(pa - la, ub - pb), d + math.hypot(ua - pa, pb - lb))


class _Rates:
    """Win and draw rates of a tally with ``games``, ``wins`` and ``draws``."""

    __slots__ = ()
    games: int
    wins: int
    draws: int

    @property
    def win_rate(self) -> float | None:
        return _rate(self.wins, self.games)

    @property
    def draw_rate(self) -> float | None:
        return _rate(self.draws, self.games)


@dataclass(frozen=True, slots=True)
class AgentStats(_Rates):
    label: str  # the agent's name, or its deck's (stats.entrant_names), "#k" added when one plays twice
    agent: str
    games: int
    wins: int
    draws: int
    losses: int
    win_ci: tuple[float, float]

    @property
    def loss_rate(self) -> float | None:
        return _rate(self.losses, self.games)

    @property
    def score(self) -> float | None:
        """Wins plus half the draws, per game."""
        return _rate(2 * self.wins + self.draws, 2 * self.games)

    def to_json(self) -> dict[str, Any]:
        return {
            "agent": self.label, "name": self.agent, "games": self.games, "wins": self.wins,
            "draws": self.draws, "losses": self.losses, "win_rate": self.win_rate,
            "win_ci95": list(self.win_ci), "draw_rate": self.draw_rate,
            "loss_rate": self.loss_rate, "score": self.score,
        }


@dataclass(frozen=True, slots=True)
class FirstPlayerStats(_Rates):
    """How the player who moved first fared (games whose outcome names a first player)."""

    games: int
    wins: int
    draws: int
    losses: int
    win_ci: tuple[float, float]

    @property
    def decisive_win_rate(self) -> float | None:
        """The first player's share of the games that had a winner."""
        return _rate(self.wins, self.wins + self.losses)

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games, "wins": self.wins, "draws": self.draws,
            "losses": self.losses, "win_rate": self.win_rate, "win_ci95": list(self.win_ci),
            "draw_rate": self.draw_rate, "decisive_win_rate": self.decisive_win_rate,
        }


@dataclass(frozen=True, slots=True)
class PlaceStats:
    """How often an agent (or a seat) finished in each place: ``counts[k]`` games at rank
    ``k`` (0 first; tied players share the rank)."""

    label: str  # the agent's label, or "seat p"
    games: int
    counts: tuple[int, ...]

    @property
    def firsts(self) -> int:
        return self.counts[0] if self.counts else 0

    @property
    def first_rate(self) -> float | None:
        return _rate(self.firsts, self.games)

    @property
    def first_ci(self) -> tuple[float, float]:
        return wilson(self.firsts, self.games)

    @property
    def mean_place(self) -> float | None:
        """The mean place, 1 for first."""
        return _rate(sum((k + 1) * n for k, n in enumerate(self.counts)), self.games)

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label, "games": self.games, "places": list(self.counts),
            "place_rates": [_rate(n, self.games) for n in self.counts],
            "first_rate": self.first_rate, "first_ci95": list(self.first_ci),
            "mean_place": self.mean_place,
        }


def place_table(labels: Sequence[str], players: int, finishes: Sequence[tuple[int, int]]) -> list[PlaceStats]:
    """``PlaceStats`` per label from ``(label index, rank)`` finishes."""
    counts = [[0] * players for _ in labels]
    for k, rank in finishes:
        counts[k][rank] += 1
    return [PlaceStats(label, sum(c), tuple(c)) for label, c in zip(labels, counts, strict=True)]


@dataclass(frozen=True, slots=True)
class Summary:
    games: int
    agents: list[AgentStats]
    first_player: FirstPlayerStats
    mean_actions: float | None
    min_actions: int | None
    max_actions: int | None
    reasons: dict[str, int] = field(default_factory=dict)
    meta: dict[str, Any] = field(default_factory=dict)  # game, options, seed... for reports
    mean_measures: dict[str, float] = field(default_factory=dict)  # e.g. rounds per game
    players: int = 2
    places: list[PlaceStats] = field(default_factory=list)  # per agent; three or more players
    seats: list[PlaceStats] = field(default_factory=list)  # per seat; three or more players

    def to_json(self) -> dict[str, Any]:
        data = {
            **self.meta,
            "games": self.games,
            "agents": [a.to_json() for a in self.agents],
            "first_player": self.first_player.to_json(),
            "actions": {
                "mean": self.mean_actions, "min": self.min_actions, "max": self.max_actions,
            },
            "reasons": dict(self.reasons),
            "means": dict(self.mean_measures),
        }
        if self.players > 2:  # two-player reports keep their shape
            data["players"] = self.players
            data["places"] = [p.to_json() for p in self.places]
            data["seats"] = [p.to_json() for p in self.seats]
        return data


def labels(agents: Sequence[str]) -> list[str]:
    """Agent names, made unique: ``random,random`` -> ``random#1, random#2``."""
    counts = Counter(agents)
    seen: Counter[str] = Counter()
    out = []
    for name in agents:
        seen[name] += 1
        out.append(f"{name}#{seen[name]}" if counts[name] > 1 else name)
    return out


def entrant_names(agents: Sequence[str], decks: Sequence[str] | None = None) -> list[str]:
    """The batch's entrants as every table names them: the agents, or, when each agent played
    a deck of its own (``--deck``, ``--opponent-deck``), by its deck: the deck's name alone when
    the agents are alike, else ``agent + deck``; made unique as ``labels`` does."""
    if not decks or len(decks) != len(agents):
        return labels(agents)
    alike = len(set(agents)) == 1
    return labels([deck if alike else f"{agent} + {deck}" for agent, deck in zip(agents, decks, strict=True)])


def _slots(result: GameResult, agents: Sequence[str]) -> tuple[int, ...]:
    if result.lineup:
        return result.lineup
    # Results made elsewhere: match seats to agents by name (first match).
    return tuple(agents.index(name) for name in result.seats)


def summarize(
    results: Iterable[GameResult], agents: Sequence[str], meta: dict[str, Any] | None = None
) -> Summary:
    """Per-agent wins/draws/losses (95% Wilson CI on the win rate), first-player advantage,
    game lengths. ``agents`` is the batch's agent list, in the order given to ``run_games``.
    One pass over ``results``, keeping only counts: it may be a stream read from a file."""
    agents = list(agents)
    n = len(agents)
    games, wins, draws = [0] * n, [0] * n, [0] * n
    first_games = first_wins = first_draws = 0
    count = total_actions = 0
    min_actions: int | None = None
    max_actions: int | None = None
    reasons: Counter[str] = Counter()
    measures: Counter[str] = Counter()
    players = 2
    by_agent: Counter[tuple[int, int]] = Counter()
    by_seat: Counter[tuple[int, int]] = Counter()
    for r in results:
        slots = _slots(r, agents)
        for player, slot in enumerate(slots):
            games[slot] += 1
            if r.winner is None:
                draws[slot] += 1
            elif r.winner == player:
                wins[slot] += 1
        if r.first is not None:
            first_games += 1
            if r.winner is None:
                first_draws += 1
            elif r.winner == r.first:
                first_wins += 1
        count += 1
        total_actions += r.actions
        min_actions = r.actions if min_actions is None else min(min_actions, r.actions)
        max_actions = r.actions if max_actions is None else max(max_actions, r.actions)
        reasons[r.reason] += 1
        measures.update(r.measures)
        players = max(players, len(r.seats))
        if len(r.seats) > 2:
            for player, (slot, rank) in enumerate(zip(slots, r.places(), strict=True)):
                by_agent[slot, rank] += 1
                by_seat[player, rank] += 1
    names = entrant_names(agents, (meta or {}).get("decks"))
    per_agent = [
        AgentStats(
            label, agents[k], games[k], wins[k], draws[k], games[k] - wins[k] - draws[k],
            wilson(wins[k], games[k]),
        )
        for k, label in enumerate(names)
    ]
    first = FirstPlayerStats(
        first_games, first_wins, first_draws, first_games - first_wins - first_draws,
        wilson(first_wins, first_games),
    )
    return Summary(
        games=count,
        agents=per_agent,
        first_player=first,
        mean_actions=total_actions / count if count else None,
        min_actions=min_actions,
        max_actions=max_actions,
        reasons=dict(reasons.most_common()),
        meta=dict(meta or {}),
        mean_measures={key: total / count for key, total in sorted(measures.items())},
        players=players,
        places=_counted_table(names, players, by_agent) if players > 2 else [],
        seats=_counted_table([f"seat {p}" for p in range(players)], players, by_seat)
        if players > 2 else [],
    )


def _counted_table(labels: Sequence[str], players: int, counts: Counter[tuple[int, int]]) -> list[PlaceStats]:
    """``place_table`` from counted ``(label index, rank)`` finishes."""
    rows = [[counts[k, rank] for rank in range(players)] for k in range(len(labels))]
    return [PlaceStats(label, sum(c), tuple(c)) for label, c in zip(labels, rows, strict=True)]


def to_json(summary: Summary) -> dict[str, Any]:
    return summary.to_json()


def _players(results: Sequence[GameResult]) -> int:
    return max((len(r.seats) for r in results), default=2)


def csv_columns(results: Sequence[GameResult]) -> list[str]:
    """The CSV header; games of three or more players add each player's rank (0 best)
    and the elimination order (players, first out first, separated by spaces)."""
    players = _players(results)
    places = [*(f"rank{p}" for p in range(players)), "eliminated"] if players > 2 else []
    return [
        "index", "seed", *(f"seat{p}" for p in range(players)), "winner", "winner_agent",
        *(f"score{p}" for p in range(players)), "first", "reason", "actions",
        *places, *_measure_keys(results),
    ]


def _measure_keys(results: Sequence[GameResult]) -> list[str]:
    return sorted({key for r in results for key in r.measures})


def _number(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


def write_csv(results: Sequence[GameResult], path: str | Path) -> None:
    """One row per game: seats, winner (player and agent), scores, first player, length."""
    columns = csv_columns(results)
    measures = _measure_keys(results)
    players = _players(results)
    with Path(path).open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(columns)
        for r in results:
            seats = [*r.seats, *[""] * (players - len(r.seats))]
            scores = [*(_number(s) for s in r.scores), *[""] * (players - len(r.scores))]
            writer.writerow([
                r.index, r.seed, *seats, "" if r.winner is None else r.winner,
                r.winner_agent or "", *scores, "" if r.first is None else r.first,
                r.reason, r.actions, *(_places_row(r, players) if players > 2 else []),
                *(_number(r.measures[key]) if key in r.measures else "" for key in measures),
            ])


def _places_row(r: GameResult, players: int) -> list[Any]:
    ranks = r.places()
    return [*ranks, *[""] * (players - len(ranks)), " ".join(map(str, r.eliminated))]
