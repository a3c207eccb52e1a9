"""An event's pairings and standings: pure functions of its entrants, its seed and the results
so far (no database, no clock), so an event is reproduced from its rows at any moment.

A *table* seats ``size`` players (2: a pair; 3-4: a game of that many); ``None`` in a seat is an
AI fill-in. Points come from a finished table's ranks, counted pair by pair: a player scores 1
for each seat at the table placed below them and 1/2 for each placed level (two players: win 1,
draw 1/2, loss 0; four: the winner of a game without ties scores 3). A bye scored as a win is
worth ``size - 1``, a win over everyone else.

Order of standings: points, then Buchholz (the sum of the entrants' points one met, once a
meeting), then Sonneborn-Berger (the same sum, each weighted by one's result against them),
then the game's own score summed over one's tables (Triple Triad's cards), then a lot drawn
from the event's seed.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

from ..kernel.rng import derive_seed

ByeMode = Literal["ai", "win"]
SEARCH_LIMIT = 50_000  # tables tried while looking for a pairing without a rematch
BYE_CHOICES = 12  # sets of bye takers tried, each with that search


@dataclass(frozen=True)
class Table:
    """One table of a round: each seat's entrant (``None``: an AI fill-in). ``rematch``: some
    of its entrants met before, because no pairing of the round without a rematch was found."""

    seats: tuple[int | None, ...]
    rematch: bool = False

    @property
    def entrants(self) -> list[int]:
        return [e for e in self.seats if e is not None]


@dataclass(frozen=True)
class Round:
    """A round's tables, and the entrants given a bye scored as a win (they play nothing)."""

    tables: tuple[Table, ...]
    byes: tuple[int, ...] = ()


@dataclass(frozen=True)
class Result:
    """How a table ended, seat by seat: the game's places (0 best, ties equal) and scores."""

    ranks: tuple[int, ...]
    scores: tuple[float, ...]


Played = tuple[Round, Sequence[Result]]  # a finished round and its tables' results, in order


@dataclass(frozen=True)
class Standing:
    entrant: int
    points: float
    buchholz: float
    sonneborn_berger: float
    game_score: float
    byes: int
    place: int  # 1 first


def lot(seed: int, entrant: int) -> int:
    """A draw for ``entrant`` by the event's seed: the last tie-break, and round 1's order."""
    return derive_seed(seed, entrant)


def table_points(ranks: Sequence[int]) -> list[float]:
    """Each seat's points from a table's places, pair by pair."""
    return [sum(1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
                for other, theirs in enumerate(ranks) if other != seat)
            for seat, mine in enumerate(ranks)]


def standings(entrants: Sequence[int], size: int, played: Sequence[Played], seed: int) -> list[Standing]:
    """The standings after the finished rounds ``played``, best first."""
    points = dict.fromkeys(entrants, 0.0)
    game_score = dict.fromkeys(entrants, 0.0)
    byes = dict.fromkeys(entrants, 0)
    meetings: list[tuple[int, int, float]] = []  # (entrant, opponent, entrant's result against them)
    for round_, results in played:
        for taker in round_.byes:
            points[taker] += size - 1
            byes[taker] += 1
        for table, result in zip(round_.tables, results, strict=True):
            for seat, player in enumerate(table.seats):
                if player is None:
                    continue
                points[player] += table_points(result.ranks)[seat]
                game_score[player] += result.scores[seat]
                for other, opponent in enumerate(table.seats):
                    if opponent is not None and other != seat:
                        mine, theirs = result.ranks[seat], result.ranks[other]
                        meetings.append((player, opponent, 1.0 if mine < theirs else 0.5 if mine == theirs
                                         else 0.0))
    buchholz = dict.fromkeys(entrants, 0.0)
    berger = dict.fromkeys(entrants, 0.0)
    for entrant, opponent, share in meetings:
        buchholz[entrant] += points[opponent]
        berger[entrant] += share * points[opponent]
    ordered = sorted(entrants, key=lambda e: (-points[e], -buchholz[e], -berger[e], -game_score[e],
                                              lot(seed, e)))
    return [Standing(e, points[e], buchholz[e], berger[e], game_score[e], byes[e], place)
            for place, e in enumerate(ordered, 1)]


def met(played: Sequence[Round]) -> Counter[frozenset[int]]:
    """How often each pair of entrants has sat at one table."""
    pairs: Counter[frozenset[int]] = Counter()
    for round_ in played:
        for table in round_.tables:
            for a, b in itertools.combinations(table.entrants, 2):
                pairs[frozenset((a, b))] += 1
    return pairs


def byes_had(played: Sequence[Round]) -> Counter[int]:
    """Each entrant's byes: a bye scored as a win, or a seat at a table filled up by AI."""
    had: Counter[int] = Counter()
    for round_ in played:
        had.update(round_.byes)
        for table in round_.tables:
            if None in table.seats:
                had.update(table.entrants)
    return had


def seat_counts(played: Sequence[Round]) -> dict[int, Counter[int]]:
    """How often each entrant has sat in each seat (seat 0 moves first)."""
    counts: dict[int, Counter[int]] = {}
    for round_ in played:
        for table in round_.tables:
            for seat, entrant in enumerate(table.seats):
                if entrant is not None:
                    counts.setdefault(entrant, Counter())[seat] += 1
    return counts


def seated(members: Sequence[int], size: int, counts: dict[int, Counter[int]], rounds: int,
           seed: int) -> tuple[int | None, ...]:
    """``members`` in seats that even out who sits where over the event: each seat in turn goes to
    the member who has sat in it least (an AI fill-in counts as having sat there a fair share,
    ``rounds / size``), ties to the one who has sat in the earlier seats most, then by lot."""
    left: list[int | None] = list(members) + [None] * (size - len(members))
    out: list[int | None] = []
    fair = rounds / size

    def need(m: int | None, seat: int) -> tuple[float, float, int]:
        if m is None:
            return (fair, 0.0, 0)
        had = counts.get(m, Counter())
        return (float(had[seat]), -sum(had[s] for s in range(seat)), lot(seed, m))

    for seat in range(size):
        chosen = min(left, key=lambda m: need(m, seat))  # noqa: B023 (used at once, in this turn)
        left.remove(chosen)
        out.append(chosen)
    return tuple(out)


def bye_takers(order: Sequence[int], count: int, had: Counter[int]) -> list[int]:
    """The ``count`` entrants who take the round's byes: the lowest-ranked of those with the
    fewest byes so far."""
    ranked = {e: place for place, e in enumerate(order)}
    return sorted(order, key=lambda e: (had[e], -ranked[e]))[:count]


def groups(players: Sequence[int], size: int, pairs: Counter[frozenset[int]]) -> list[list[int]] | None:
    """``players`` (best first) in tables of ``size`` with no two who met before, the best
    together (each table takes the best player left and the best companions that fit), or
    ``None`` when none is found within ``SEARCH_LIMIT`` tables tried."""
    tried = 0

    def fits(group: Sequence[int]) -> bool:
        return all(pairs[frozenset((a, b))] == 0 for a, b in itertools.combinations(group, 2))

    def search(left: list[int]) -> list[list[int]] | None:
        nonlocal tried
        if not left:
            return []
        first, rest = left[0], left[1:]
        for companions in itertools.combinations(rest, size - 1):
            tried += 1
            if tried > SEARCH_LIMIT:
                return None
            group = [first, *companions]
            if not fits(group):
                continue
            found = search([p for p in rest if p not in companions])
            if found is not None:
                return [group, *found]
        return None

    return search(list(players))


def fewest_rematches(players: Sequence[int], size: int, pairs: Counter[frozenset[int]]) -> list[list[int]]:
    """Tables when every pairing repeats a meeting: each takes the best player left and the
    companions who met the table least (the better first)."""
    left, out = list(players), []
    while left:
        group = [left.pop(0)]
        while len(group) < size:
            chosen = min(left, key=lambda p: sum(pairs[frozenset((p, g))] for g in group))
            left.remove(chosen)
            group.append(chosen)
        out.append(group)
    return out


def swiss_round(entrants: Sequence[int], size: int, played: Sequence[Played], seed: int,
                bye: ByeMode) -> Round:
    """The next round of a Swiss event after the finished rounds ``played``: the entrants by
    standings, the round's byes to the lowest-ranked without one, tables of players with equal
    scores where it can (no rematch while one can be avoided), seats that balance the event."""
    order = [s.entrant for s in standings(entrants, size, played, seed)]
    rounds = [r for r, _ in played]
    return make_round(order, size, rounds, seed, bye, len(played))


def bye_choices(order: Sequence[int], count: int, had: Counter[int]) -> Iterator[list[int]]:
    """The sets of ``count`` entrants who may take the round's byes, best first: always from
    those with the fewest byes so far (everyone with fewer than the last one chosen is in),
    the lowest-ranked first; ``BYE_CHOICES`` at most."""
    first = bye_takers(order, count, had)
    if not first:
        yield []
        return
    level = max(had[e] for e in first)
    sure = [e for e in first if had[e] < level]
    ranked = {e: place for place, e in enumerate(order)}
    open_ = sorted((e for e in order if had[e] == level), key=lambda e: -ranked[e])
    for rest in itertools.islice(itertools.combinations(open_, count - len(sure)), BYE_CHOICES):
        yield [*sure, *rest]


def make_round(order: Sequence[int], size: int, rounds: Sequence[Round], seed: int, bye: ByeMode,
               number: int) -> Round:
    """A round's tables and byes for entrants in the ``order`` given (see ``swiss_round``): the
    first set of bye takers (``bye_choices``) that leaves the rest, and the bye's own table when
    AI fills it, without a rematch; when none does, the first set, with the fewest rematches."""
    pairs = met(rounds)
    takers: list[int] = []
    found: list[list[int]] | None = None
    for choice in bye_choices(order, len(order) % size, byes_had(rounds)):
        unmet = bye == "win" or not any(pairs[frozenset(p)] for p in itertools.combinations(choice, 2))
        found = groups([e for e in order if e not in choice], size, pairs) if unmet else None
        if found is not None or not takers:
            takers = choice
        if found is not None:
            break
    playing = [e for e in order if e not in takers]
    tables_of = found if found is not None else fewest_rematches(playing, size, pairs)
    if takers and bye == "ai":
        tables_of = [*tables_of, takers]
    counts = seat_counts(rounds)
    tables = [Table(seated(group, size, counts, number, seed),
                    any(pairs[frozenset(p)] for p in itertools.combinations(group, 2)))
              for group in tables_of]
    return Round(tuple(tables), tuple(takers) if bye == "win" else ())


def round_robin(entrants: Sequence[int], size: int, seed: int, bye: ByeMode) -> list[Round]:
    """Every round of a round-robin event at once (its pairings do not depend on results).

    Two players: the circle method (one entrant fixed, the others turning round it; an odd
    count adds a bye that each entrant takes once), ``len - 1`` rounds (``len`` when odd).
    Tables of 3-4: rounds until every two entrants have met at a table, each round seating
    first those who have the most entrants still to meet and, with them, those they have not
    met; byes go to those with the fewest so far."""
    ordered = sorted(entrants, key=lambda e: lot(seed, e))
    if size == 2:
        return circle(ordered, bye)
    rounds: list[Round] = []
    everyone = {frozenset(p) for p in itertools.combinations(ordered, 2)}
    while not everyone <= set(met(rounds)):
        pairs = met(rounds)
        unmet = {e: sum(1 for o in ordered if o != e and not pairs[frozenset((e, o))]) for e in ordered}
        order = sorted(ordered, key=lambda e: -unmet[e])
        rounds.append(covering_round(order, size, rounds, seed, bye))
    return rounds


def covering_round(order: Sequence[int], size: int, rounds: Sequence[Round], seed: int,
                   bye: ByeMode) -> Round:
    """A round-robin round of tables of 3-4 (see ``round_robin``)."""
    takers = bye_takers(list(reversed(order)), len(order) % size, byes_had(rounds))
    left = [e for e in order if e not in takers]
    pairs = met(rounds)
    counts = seat_counts(rounds)
    tables = []
    while left:
        group = [left.pop(0)]
        while len(group) < size:
            chosen = max(left, key=lambda p: sum(1 for g in group if not pairs[frozenset((p, g))]))
            left.remove(chosen)
            group.append(chosen)
        tables.append(Table(seated(group, size, counts, len(rounds), seed)))
    if takers and bye == "ai":
        tables.append(Table(seated(takers, size, counts, len(rounds), seed)))
        return Round(tuple(tables))
    return Round(tuple(tables), tuple(takers))


def circle(ordered: Sequence[int], bye: ByeMode) -> list[Round]:
    """The circle method: the first entrant stays, the others turn one place a round. Who
    moves first in each pair follows ``oriented``: over the event nobody moves first more
    than once more (or less) than second."""
    ring: list[int | None] = list(ordered) + ([None] if len(ordered) % 2 else [])
    n = len(ring)
    playing = [e for e in ring if e is not None or bye == "ai"]
    first = oriented([(a, b) for a, b in itertools.combinations(playing, 2)])
    rounds: list[Round] = []
    for _ in range(n - 1):
        tables, takers = [], []
        for i in range(n // 2):
            a, b = ring[i], ring[n - 1 - i]
            if (a is None or b is None) and bye == "win":
                takers.append(a if a is not None else b)
            else:
                tables.append(Table((a, b) if (a, b) in first else (b, a)))
        rounds.append(Round(tuple(tables), tuple(e for e in takers if e is not None)))
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return rounds


Node = int | None


def oriented(edges: Sequence[tuple[Node, Node]]) -> set[tuple[Node, Node]]:
    """Each edge of a complete graph as (first, second), every node first as often as second
    give or take one: the edges, with a dummy edge joining the nodes of odd degree two by two,
    walked as one Eulerian circuit (Hierholzer) each edge in the direction it is walked."""
    nodes = list(dict.fromkeys(v for e in edges for v in e))
    degree = Counter(v for e in edges for v in e)
    odd = [v for v in nodes if degree[v] % 2]
    dummies = list(zip(odd[::2], odd[1::2], strict=True))
    links: dict[Node, list[tuple[Node, int]]] = {v: [] for v in nodes}
    every = list(edges) + dummies
    for index, (a, b) in enumerate(every):
        links[a].append((b, index))
        links[b].append((a, index))
    used = [False] * len(every)
    out: set[tuple[Node, Node]] = set()
    for start in nodes:
        stack: list[tuple[Node, Node, int]] = [(start, start, -1)]
        while stack:
            node = stack[-1][1]
            while links[node] and used[links[node][-1][1]]:
                links[node].pop()
            if links[node]:
                other, index = links[node].pop()
                used[index] = True
                stack.append((node, other, index))
            else:
                came, went, index = stack.pop()
                if 0 <= index < len(edges):
                    out.add((came, went))
    return out


def all_tables(rounds: Sequence[Round]) -> Iterator[tuple[int, int, Table]]:
    """(round number from 0, table number from 0, table) for every table."""
    for number, round_ in enumerate(rounds):
        for index, table in enumerate(round_.tables):
            yield number, index, table
