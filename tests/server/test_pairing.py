"""An event's pairings and standings (``server/pairing.py``), checked as properties over many
seeded events with random results, and the standings against a computation of their own."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from tcgkit.server.pairing import (
    ByeMode,
    Played,
    Result,
    Round,
    byes_had,
    round_robin,
    seat_counts,
    standings,
    swiss_round,
    table_points,
)

BYES: tuple[ByeMode, ...] = ("ai", "win")


def results_for(round_: Round, size: int, rng: random.Random) -> list[Result]:
    """Random places (ties now and then) and scores for a round's tables."""
    out = []
    for _ in round_.tables:
        ranks = [rng.randrange(size) for _ in range(size)]
        places = tuple(sum(1 for other in ranks if other < mine) for mine in ranks)
        out.append(Result(places, tuple(float(rng.randrange(10)) for _ in range(size))))
    return out


def swiss_event(entrants: int, size: int, rounds: int, seed: int, bye: str = "ai") -> list[Played]:
    rng = random.Random(seed)
    played: list[Played] = []
    for _ in range(rounds):
        round_ = swiss_round(list(range(1, entrants + 1)), size, played, seed, bye)  # type: ignore[arg-type]
        played.append((round_, results_for(round_, size, rng)))
    return played


def pairs_of(round_: Round) -> list[frozenset[int]]:
    return [frozenset(p) for t in round_.tables for p in itertools.combinations(t.entrants, 2)]


def repeat_free_exists(players: list[int], size: int, before: set[frozenset[int]]) -> bool:
    """Whether ``players`` split into tables of ``size`` with no pair that met: by brute force."""
    if not players:
        return True
    first, rest = players[0], players[1:]
    for companions in itertools.combinations(rest, size - 1):
        group = [first, *companions]
        if any(frozenset(p) in before for p in itertools.combinations(group, 2)):
            continue
        if repeat_free_exists([p for p in rest if p not in companions], size, before):
            return True
    return False


def repeat_free_round(entrants: int, size: int, had: Counter[int], before: set[frozenset[int]]) -> bool:
    """Whether some fair choice of the round's byes (nobody a second before everyone a first)
    leaves a round with no pair that met, the bye's own AI table included: by brute force."""
    everyone = list(range(1, entrants + 1))
    count = entrants % size
    fewest = sorted(had[e] for e in everyone)[:count]
    for takers in itertools.combinations(everyone, count):
        if sorted(had[e] for e in takers) != fewest:
            continue
        if any(frozenset(p) in before for p in itertools.combinations(takers, 2)):
            continue
        if repeat_free_exists([e for e in everyone if e not in takers], size, before):
            return True
    return False


@pytest.mark.parametrize("size", [2, 3, 4])
def test_swiss_avoids_every_avoidable_rematch_and_says_when_one_is_not(size: int) -> None:
    forced = 0
    for entrants in range(size, 11):
        for seed in range(6):
            played = swiss_event(entrants, size, min(entrants + 1, 7), seed)
            before: set[frozenset[int]] = set()
            had: Counter[int] = Counter()
            for round_, _ in played:
                mine = pairs_of(round_)
                repeats = [p for p in mine if p in before]
                if repeats:
                    forced += 1
                    assert not repeat_free_round(entrants, size, had, before), (entrants, seed, round_)
                    assert any(t.rematch for t in round_.tables)
                else:
                    assert not any(t.rematch for t in round_.tables)
                before.update(mine)
                had.update(byes_had([round_]))
    assert forced > 0  # the events ran long enough for a rematch to be unavoidable


@pytest.mark.parametrize("size", [2, 3, 4])
def test_swiss_gives_each_entrant_a_bye_before_anyone_a_second(size: int) -> None:
    for entrants in range(size + 1, 12):
        if entrants % size == 0:
            continue
        for bye in ("ai", "win"):
            played = swiss_event(entrants, size, 6, entrants, bye)
            had: Counter[int] = Counter()
            for round_, _ in played:
                takers = list(round_.byes) + [e for t in round_.tables if None in t.seats for e in t.entrants]
                assert len(takers) == entrants % size
                had.update(takers)
                assert max(had.values()) - min(had[e] for e in range(1, entrants + 1)) <= 1, (had, bye)
                if bye == "win":
                    assert not any(None in t.seats for t in round_.tables)


def test_swiss_seats_balance_who_moves_first() -> None:
    for entrants in range(4, 17):
        for seed in range(5):
            played = swiss_event(entrants, 2, 6, seed)
            counts = seat_counts([r for r, _ in played])
            for entrant in range(1, entrants + 1):
                first, second = counts[entrant][0], counts[entrant][1]
                assert abs(first - second) <= 2, (entrants, seed, entrant, first, second)
            # each table's first seat went to the one of the two who had moved first less often
            for number, (round_, _) in enumerate(played):
                before = seat_counts([r for r, _ in played[:number]])
                for table in round_.tables:
                    a, b = table.seats
                    if a is not None and b is not None:
                        assert before.get(a, Counter())[0] <= before.get(b, Counter())[0]


def test_swiss_first_round_is_drawn_by_the_seed_and_the_rest_follow_the_results() -> None:
    assert swiss_event(8, 2, 3, 5) == swiss_event(8, 2, 3, 5)
    firsts = {swiss_event(8, 2, 1, seed)[0][0] for seed in range(6)}
    assert len(firsts) > 1
    # round 2 pairs the winners of round 1 with each other
    (one, results), (two, _) = swiss_event(8, 2, 2, 3)
    winners = {t.seats[r.ranks.index(0)] for t, r in zip(one.tables, results, strict=True)
               if r.ranks.count(0) == 1}
    top = two.tables[0].entrants
    assert set(top) <= winners or len(winners) < 2


@pytest.mark.parametrize("entrants", range(2, 15))
def test_round_robin_meets_every_pair_once_and_alternates_seats(entrants: int) -> None:
    for bye in BYES:
        rounds = round_robin(list(range(10, 10 + entrants)), 2, entrants, bye)
        assert len(rounds) == entrants - 1 + entrants % 2
        pairs = Counter(p for r in rounds for p in pairs_of(r))
        assert set(pairs) == {frozenset(p) for p in itertools.combinations(range(10, 10 + entrants), 2)}
        assert set(pairs.values()) == {1}
        counts = seat_counts(rounds)
        assert all(abs(c[0] - c[1]) <= 1 for c in counts.values())
        byes = Counter(e for r in rounds for e in r.byes) + Counter(
            e for r in rounds for t in r.tables if None in t.seats for e in t.entrants)
        assert set(byes.values()) <= {1} and len(byes) == entrants % 2 * entrants


@pytest.mark.parametrize("size", [3, 4])
def test_round_robin_of_tables_seats_every_pair_together(size: int) -> None:
    for entrants in range(size, 11):
        rounds = round_robin(list(range(entrants)), size, 3, "ai")
        together = {p for r in rounds for p in pairs_of(r)}
        assert together == {frozenset(p) for p in itertools.combinations(range(entrants), 2)}
        assert all(len(t.seats) == size for r in rounds for t in r.tables)


Row = tuple[int, float, float, float, float]


def standings_by_hand(entrants: list[int], size: int, played: list[Played]) -> list[Row]:
    """The standings computed on their own: every game a list of (entrant, opponent, result)."""
    games: list[tuple[int, int, float]] = []
    points = {e: 0.0 for e in entrants}
    score = {e: 0.0 for e in entrants}
    for round_, results in played:
        for e in round_.byes:
            points[e] += size - 1
        for table, result in zip(round_.tables, results, strict=True):
            for i, a in enumerate(table.seats):
                for j in range(size):
                    if i == j:
                        continue
                    mine, theirs = result.ranks[i], result.ranks[j]
                    outcome = 1.0 if theirs > mine else 0.5 if theirs == mine else 0.0
                    opponent = table.seats[j]
                    if a is not None:
                        points[a] += outcome
                        if opponent is not None:
                            games.append((a, opponent, outcome))
                if a is not None:
                    score[a] += result.scores[i]
    bh = {e: sum(points[o] for a, o, _ in games if a == e) for e in entrants}
    sb = {e: sum(r * points[o] for a, o, r in games if a == e) for e in entrants}
    return [(e, points[e], bh[e], sb[e], score[e]) for e in entrants]


@pytest.mark.parametrize("size", [2, 3, 4])
def test_standings_match_a_computation_of_their_own(size: int) -> None:
    for entrants in (size + 1, 8, 9):
        for bye in ("ai", "win"):
            played = swiss_event(entrants, size, 4, entrants * 7 + size, bye)
            got = standings(list(range(1, entrants + 1)), size, played, 3)
            by_hand = standings_by_hand(list(range(1, entrants + 1)), size, played)
            mine = {row[0]: row[1:] for row in by_hand}
            for s in got:
                got_row = (s.points, s.buchholz, s.sonneborn_berger, s.game_score)
                assert got_row == pytest.approx(mine[s.entrant])
            keys = [(-s.points, -s.buchholz, -s.sonneborn_berger, -s.game_score) for s in got]
            assert keys == sorted(keys)
            assert [s.place for s in got] == list(range(1, entrants + 1))


def test_table_points_count_each_pair() -> None:
    assert table_points([0, 1]) == [1.0, 0.0]
    assert table_points([0, 0]) == [0.5, 0.5]
    assert table_points([0, 1, 1, 3]) == [3.0, 1.5, 1.5, 0.0]
