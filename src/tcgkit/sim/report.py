"""A balance report's numbers, gathered in one pass over a results file (``sim --out``).

Only counts are kept (per pair of entrants, per seat, per game length, per card), so a
file of any size is read in flat memory. Win rates carry 95% Wilson intervals and the
number of games behind them. The rendering is ``report_html``.

Entrants are the run's agents (``random#1``, ``random#2`` when one plays twice), each with
its deck when the run fixed the decks (``--deck``). For two players, a game counts for its
pair as a win, a draw or a loss; for more, every two players at the table count as a pair,
the one placed better winning (equal places draw).

A card's statistics are over player-games: a player's game counts for a card when the
card was in that player's deck (or was drawn, or played), and it is won when that player
won the game outright. A card is flagged when its interval lies clear of its peers' (the
player-games without it): above or below. The same pass gathers ``card_stats``' lines: win
rate and improvement when drawn, play rate, per AI level.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from .card_stats import MIN_GAMES, CardLine, CardTable
from .stats import Rate, entrant_names
from .tournament import PairResult, elo_ratings

BASES = ("deck", "drawn", "played")


@dataclass(slots=True)
class Tally:
    """Games and outright wins; ``draws`` for pairs (equal places)."""

    games: int = 0
    wins: int = 0
    draws: int = 0

    def add(self, won: bool, drew: bool = False) -> None:
        self.games += 1
        self.wins += won
        self.draws += drew

    @property
    def rate(self) -> float | None:
        return Rate(self.wins, self.games).value

    @property
    def ci(self) -> tuple[float, float]:
        return Rate(self.wins, self.games).ci


@dataclass(frozen=True, slots=True)
class CardStats:
    name: str
    tallies: dict[str, Tally]  # per basis: deck, drawn, played
    flags: dict[str, str]  # basis -> "above" or "below" its peers
    peers: dict[str, Tally]  # per basis: the player-games it is compared with (none: no comparison)


@dataclass
class Report:
    meta: dict[str, Any]
    games: int = 0
    players: int = 2
    entrants: list[str] = field(default_factory=list)
    pairs: dict[tuple[int, int], Tally] = field(default_factory=dict)  # row entrant vs column
    seats: list[Tally] = field(default_factory=list)  # outright wins per seat
    mean_place: list[float] = field(default_factory=list)  # per seat, 1 is first
    lengths: Counter[int] = field(default_factory=Counter)  # actions per game -> games
    measures: dict[str, float] = field(default_factory=dict)  # mean per game
    reasons: Counter[str] = field(default_factory=Counter)
    cards: list[CardStats] = field(default_factory=list)
    totals: Tally = field(default_factory=Tally)  # every player-game
    ratings: dict[str, float] = field(default_factory=dict)
    fixed_decks: bool = False  # each entrant played one deck: "in the deck" has no comparison
    card_lines: list[CardLine] = field(default_factory=list)  # per card and AI level (card_stats)

    def pair(self, a: int, b: int) -> Tally:
        return self.pairs.get((a, b)) or Tally()


def entrant_labels(meta: dict[str, Any]) -> list[str]:
    """The entrants by their decks when the run fixed them (``stats.entrant_names``)."""
    return entrant_names(meta["agents"], meta.get("deck_files"))


def build_report(rows: Iterable[dict[str, Any]], meta: dict[str, Any],
                 min_games: int = MIN_GAMES) -> Report:
    entrants = entrant_labels(meta)
    report = Report(meta=meta, entrants=entrants)
    by_level = CardTable(meta["agents"], meta.get("deck_files"), min_games)
    place_sums: list[int] = []
    measure_sums: Counter[str] = Counter()
    cards: dict[str, dict[str, Tally]] = {}
    for row in rows:
        ranks, lineup, winner = row["ranks"], row["lineup"], row["winner"]
        n = len(ranks)
        while len(report.seats) < n:
            report.seats.append(Tally())
            place_sums.append(0)
        report.games += 1
        report.players = max(report.players, n)
        report.lengths[int(row["actions"])] += 1
        by_level.add_row(row)
        report.reasons[row["reason"]] += 1
        measure_sums.update(json.loads(row["measures"] or "{}"))
        for p in range(n):
            report.seats[p].add(winner == p)
            place_sums[p] += ranks[p] + 1
            report.totals.add(winner == p)
        for p, q in combinations(range(n), 2):
            a, b = lineup[p], lineup[q]
            for x, y, rx, ry in ((a, b, ranks[p], ranks[q]), (b, a, ranks[q], ranks[p])):
                report.pairs.setdefault((x, y), Tally()).add(rx < ry, rx == ry)
        for basis in BASES:
            for p, names in enumerate(row.get(basis) or []):
                for name in names:
                    per = cards.get(name)
                    if per is None:
                        per = cards[name] = {b: Tally() for b in BASES}
                    per[basis].add(winner == p)
    report.mean_place = [s / report.games for s in place_sums] if report.games else []
    report.measures = {k: v / report.games for k, v in sorted(measure_sums.items())}
    report.fixed_decks = len(meta.get("deck_files") or ()) == len(meta["agents"])
    report.cards = [_card(name, per, report.totals, report.fixed_decks)
                    for name, per in sorted(cards.items())]
    report.ratings = _ratings(report)
    report.card_lines = by_level.lines()
    return report


def _card(name: str, per: dict[str, Tally], totals: Tally, fixed_decks: bool) -> CardStats:
    """A card's win rates, each flagged only against the player-games that could have had it
    otherwise: drawn or played against the games of players with it in their deck who did not
    draw or play it; in the deck against the players without it, unless the decks were fixed
    (then a deck's every game holds it: its rate would only repeat the deck's)."""
    deck = per["deck"]
    peers = {
        "drawn": _minus(deck, per["drawn"]),
        "played": _minus(deck, per["played"]),
    }
    if not fixed_decks:
        peers["deck"] = _minus(totals, deck)
    flags = {}
    for basis, peer in peers.items():
        t = per[basis]
        if not t.games or not peer.games:
            continue
        low, high = t.ci
        peer_low, peer_high = peer.ci
        if low > peer_high:
            flags[basis] = "above"
        elif high < peer_low:
            flags[basis] = "below"
    return CardStats(name, per, flags, {b: p for b, p in peers.items() if p.games})


def _minus(whole: Tally, part: Tally) -> Tally:
    """The player-games of ``whole`` outside ``part`` (a subset of it)."""
    return Tally(whole.games - part.games, whole.wins - part.wins, whole.draws - part.draws)


def _ratings(report: Report) -> dict[str, float]:
    """Bradley-Terry on the Elo scale from the pairs (as ``sim``'s round-robin rates)."""
    if len(report.entrants) < 2:
        return {}
    pairs = []
    for (a, b), t in report.pairs.items():
        if a < b and t.games:
            pairs.append(PairResult(report.entrants[a], report.entrants[b], t.games, t.wins,
                                    t.draws, t.games - t.wins - t.draws))
    return dict(sorted(elo_ratings(report.entrants, pairs).items(), key=lambda kv: -kv[1]))
