"""The rebalancer's search: the smallest changes of card values (or of a deck's list) that bring
every target into range, each candidate played until its intervals decide, the proposal checked
on fresh seeds before it is reported.

1. The shipped cards play every batch (a pair of preconstructed decks per pair target; decks
   drawn by the seed for a first-player target alone) for ``max_games`` games, recording which
   cards each side drew and played (``card_stats``).
2. Candidates of one step: a value of ``fields`` moved by one, or one copy swapped, on the
   cards of the decks a missed target names, the side that wins too much made weaker and the
   other stronger; the cards whose drawing moves their deck's win rate most first (the
   improvement when drawn, ``ranking``, measured in step 1), ``candidates`` of them a round;
   with both kinds allowed, a deck's value steps and swaps in turn.
3. Each candidate plays the same seeds as the shipped cards (common random numbers: the change
   is what differs), ``step`` games a batch at a time, and stops as soon as every target's 95%
   Wilson interval lies inside its range (in), or one lies wholly outside (out); at
   ``max_games`` it is judged by its rates. The rate and interval of a candidate's first n
   games are moved by what the shipped cards' full count adds to their own first n games
   (``Rebalancer.estimates``): the first games of a seed may favour one deck, and would
   otherwise stop every candidate early on the same lucky start. A batch whose decks hold none
   of the changed cards plays the very same games, so it is taken from the candidate it grew
   from, not played again.
4. Then two steps at once: pairs of the round's single steps (one step twice included: a value
   moved by two), those whose singles' measured moves add up nearest the ranges first,
   ``candidates`` of them, each played and stopped as in 3. A target no single step reaches may
   need two changes that each move it half way, or two that only work together.
5. The first candidate in range is played on fresh seeds (``check_seed``), against the shipped
   cards on the same fresh seeds (a pair the change leaves alone counted once for both); it is
   the proposal when every rate is in range there. A refusal teaches the search how far its own
   seeds stand from fresh ones for the candidates it picks (the luck of one set of seeds, and
   the pick of the best of many on them): from then on it reads every rate of its seeds moved
   by that gap (the largest seen, per target; ``Rebalancer.gaps``), so it aims where fresh
   seeds would put the rates, and the next check is played on seeds no earlier look used.
   Else the round's best single step (the nearest the ranges by the summed distance of the
   rates outside them; the best pair when no single step came nearer) becomes the start of the
   next round, so changes grow greedily up to ``max_changes`` steps, until the time runs out,
   or nothing brings the rates nearer. A search that ends without a proposal measures the
   nearest candidate it played on fresh seeds all the same (unless that is the one a check
   refused already), a pair or a single step, for the designer to read.

``start`` (``--start``) names changes to search from, a proposal of an earlier run in the
report's words: they are the first candidate (played and checked like any), the rounds grow
from them, and they count among ``max_changes``' steps.

The game is reached through a ``World`` (``world.GameWorld``: the sim's runner on any backend),
so the search itself is tested on a synthetic game whose answer is known.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations_with_replacement

from ..card_stats import CardTable
from .changes import CHEAPER_IS_STRONGER, Change, DeckSwap, ValueChange, merged, parse_change, swapped
from .ranking import CardRanking
from .targets import BalanceError, Batch, Count, Estimate, Tallies, Target
from .world import World

CHECK_SEED_OFFSET = 1_000_003  # fresh seeds: far from any seed a search used
MIN_GAIN = 0.01  # a step is nearer only by a point of summed distance: not by a rounding error


@dataclass(frozen=True)
class Settings:
    agent: str = "greedy"
    seed: int = 1
    step: int = 40  # games a batch plays between two looks at the intervals
    max_games: int = 200  # per batch and candidate
    check_games: int = 200  # per batch on the fresh seeds
    candidates: int = 8  # single steps tried a round, and as many pairs of them
    max_changes: int = 3  # steps: a value moved by two counts two
    minutes: float = 15.0
    fields: tuple[str, ...] = ("attack",)  # the card values that may change
    decks: bool = False  # also swap one copy in a deck's list
    values: bool = True  # change card values
    start: tuple[str, ...] = ()  # changes to search from, in the report's words (a proposal)

    @property
    def check_seed(self) -> int:
        """The first check's seed; each later check plays ``CHECK_SEED_OFFSET`` further on."""
        return self.seed + CHECK_SEED_OFFSET


@dataclass
class Evaluation:
    changes: tuple[Change, ...]
    tallies: Tallies
    verdict: str = "open"  # in, out, or open (max_games reached without the intervals deciding)
    played: int = 0  # games played for it (not those taken from its parent)
    decided_after: int = 0  # games a batch had played when the intervals decided (or ran out)
    seconds: float = 0.0

    @property
    def label(self) -> str:
        return "; ".join(c.label for c in self.changes) or "the shipped cards"


@dataclass
class Outcome:
    targets: list[Target]
    shipped: Evaluation
    tried: list[Evaluation] = field(default_factory=list)
    # The candidate checked on fresh seeds: the one in range (``confirmed`` when it is there
    # too), or when none was, the nearest found.
    proposal: Evaluation | None = None
    check_before: Evaluation | None = None  # the shipped cards on the fresh seeds
    check_after: Evaluation | None = None  # the candidate on the fresh seeds
    checks: int = 0  # candidates played on fresh seeds, each on seeds of its own
    gaps: list[float] = field(default_factory=list)  # the fresh seeds' rate less the search's, per target
    confirmed: bool = False
    seconds: float = 0.0
    games: int = 0  # every game the search and its checks played
    stopped: str = ""


def distance(targets: Sequence[Target], estimates: Sequence[Estimate]) -> float:
    """How far the rates lie outside their ranges, summed (1 for a rate not measured yet)."""
    return sum(1.0 if e.rate is None else t.distance(e.rate) for t, e in zip(targets, estimates, strict=True))


def verdict(targets: Sequence[Target], estimates: Sequence[Estimate]) -> str:
    """in: every interval inside its range; out: one wholly outside; open otherwise."""
    inside = True
    for t, e in zip(targets, estimates, strict=True):
        if e.rate is not None and (e.high < t.low or e.low > t.high):
            return "out"
        inside = inside and e.rate is not None and t.low <= e.low and e.high <= t.high
    return "in" if inside else "open"


def alternate(values: Sequence[Change], swaps: Sequence[Change]) -> list[Change]:
    """A deck's value steps and swaps taken in turn, each in its own order: with both allowed, a
    round's few candidates try both kinds (a swap moves a rate more than a value's step, and the
    values alone would fill the round)."""
    out: list[Change] = []
    for i in range(max(len(values), len(swaps))):
        out.extend(kind[i] for kind in (values, swaps) if i < len(kind))
    return out


def size(changes: Sequence[Change]) -> int:
    """The steps ``changes`` take: a value moved by two is two, a copy swapped one."""
    return sum(abs(c.delta) if isinstance(c, ValueChange) else 1 for c in changes)


def below_zero(changes: Sequence[Change]) -> bool:
    """Whether ``changes`` take a value below 0 (one step at a time never does; two may)."""
    return any(isinstance(c, ValueChange) and c.before + c.delta < 0 for c in changes)


def in_range(targets: Sequence[Target], estimates: Sequence[Estimate]) -> bool:
    """Every rate inside its range (the intervals may still reach past it)."""
    pairs = zip(targets, estimates, strict=True)
    return all(e.rate is not None and t.distance(e.rate) == 0 for t, e in pairs)


class Rebalancer:
    def __init__(self, world: World, targets: list[Target], settings: Settings,
                 say: Callable[[str], None] | None = None) -> None:
        self.world, self.targets, self.settings = world, targets, settings
        self.decks = world.decks
        self.say = say or (lambda _: None)
        self.fields = settings.fields
        if settings.values and not self.fields:
            raise BalanceError("name the card values that may change (--fields)")
        if not self.decks:
            raise BalanceError("the rebalancer changes the cards of preconstructed decks; this game "
                               "has none")
        cards = {c for deck in self.decks.values() for c in deck}
        for name in self.fields if settings.values else ():
            if all(world.value(card, name) is None for card in cards):
                raise BalanceError(f"--fields: no card of the decks has a number {name!r}")
        pairs = [t.pair for t in targets if t.pair is not None]
        self.batches: list[Batch] = list(dict.fromkeys(pairs)) or [None]
        if settings.step < 2 or settings.step % 2:
            raise BalanceError(f"--step must be an even number of games (seats alternate), "
                               f"got {settings.step}")
        if settings.max_games < settings.step or settings.check_games < 2:
            raise BalanceError("--max-games must be at least --step, and --check-games at least 2")
        self.start = self._start(settings.start)
        self.ranking = CardRanking()  # learnt from the shipped cards' games
        self.shipped: Evaluation | None = None  # the shipped cards on the search's seeds
        # Per target, how much higher fresh seeds put a rate the search measured (the largest gap
        # a refused check showed): every rate of the search's seeds is read moved by it.
        self.gaps = [0.0 for _ in targets]
        self.games = 0  # played so far, for the report
        self.deadline = float("inf")

    def _start(self, texts: Sequence[str]) -> tuple[Change, ...]:
        """The changes ``--start`` names, each checked against the shipped values and lists."""
        changes: list[Change] = []
        for text in texts:
            change = parse_change(text, self.world.value, self._decks_now(changes))
            if isinstance(change, DeckSwap):
                problems = self.world.deck_problems(self._decks_now([*changes, change])[change.deck])
                if problems:
                    raise BalanceError(f"--start {text!r}: {problems[0]}")
            changes.append(change)
        return merged(changes)

    def estimates(self, tallies: Tallies, paired: bool = True, gaps: bool = True) -> list[Estimate]:
        """Each target's rate and interval. ``paired`` (the search's seeds): a candidate's rate
        over its first n games moved by what the shipped cards' full count adds to theirs over the
        same n games (the same seeds: most of the luck of those n games is the shipped cards' luck
        too), so that candidates stopped early are compared with each other as if all had played
        every game; and, with ``gaps``, moved by the gap refused checks showed (``self.gaps``).
        Unpaired: the rates as they are (fresh seeds)."""
        reference = self.shipped.tallies if self.shipped is not None else None
        if not paired:
            return [Estimate.of(tallies.count(t)) for t in self.targets]
        moved = self.gaps if gaps else [0.0 for _ in self.targets]
        if reference is None or tallies is reference:
            return [Estimate.of(tallies.count(t), gap) for t, gap in zip(self.targets, moved, strict=True)]
        same = reference.first_games({b: tallies.games(b) for b in self.batches})
        out = []
        for t, gap in zip(self.targets, moved, strict=True):
            full, here = reference.count(t).rate, same.count(t).rate
            shift = full - here if full is not None and here is not None else 0.0
            out.append(Estimate.of(tallies.count(t), shift + gap))
        return out

    def judge(self, evaluation: Evaluation, paired: bool = True) -> None:
        evaluation.verdict = verdict(self.targets, self.estimates(evaluation.tallies, paired))

    # -- playing -----------------------------------------------------------------------------

    def _play(self, evaluation: Evaluation, seed: int, upto: int,
              facts: dict[Batch, CardTable] | None = None, only: Sequence[Batch] | None = None) -> None:
        """Play ``evaluation``'s batches (``only`` those) from where they stand to ``upto`` games."""
        agent = self.settings.agent
        for batch in only if only is not None else self.batches:
            done = evaluation.tallies.games(batch)
            if done >= upto:
                continue
            for result in self.world.play(evaluation.changes, batch, seed, range(done, upto),
                                          facts is not None):
                evaluation.tallies.add(batch, result)
                evaluation.played += 1
                self.games += 1
                if facts is not None and batch is not None:
                    table = facts.setdefault(batch, CardTable([agent, agent], batch))
                    deck, drawn, played = ([f[k] for f in result.cards] for k in range(3))
                    table.add(result.lineup, result.winner, deck, drawn, played)

    def _affected(self, changes: Sequence[Change], batch: Batch) -> bool:
        if batch is None:
            return True
        cards = {c.card for c in changes if isinstance(c, ValueChange)}
        swapped_decks = {c.deck for c in changes if isinstance(c, DeckSwap)}
        return bool(swapped_decks & set(batch)) or any(
            cards & set(self.decks[d]) for d in batch)

    def evaluate(self, changes: tuple[Change, ...], parent: Evaluation | None) -> Evaluation:
        """``changes`` played on the search's seeds ``step`` games at a time until the intervals
        decide (batches the change leaves alone taken from ``parent``)."""
        start = time.perf_counter()
        evaluation = Evaluation(changes, Tallies())
        batches = self.batches
        if parent is not None:
            batches = [b for b in self.batches if self._affected(changes, b)]
            for b in self.batches:
                if b not in batches:
                    evaluation.tallies.take(parent.tallies, b)
        s = self.settings
        for upto in range(s.step, s.max_games + s.step, s.step):
            self._play(evaluation, s.seed, min(upto, s.max_games), only=batches)
            self.judge(evaluation)
            evaluation.decided_after = min(upto, s.max_games)
            if evaluation.verdict != "open":
                break
        evaluation.seconds = time.perf_counter() - start
        return evaluation

    def complete(self, evaluation: Evaluation, seed: int, games: int) -> None:
        """Play every batch of ``evaluation`` up to ``games`` (a start for the next round)."""
        self._play(evaluation, seed, games)
        self.judge(evaluation)

    # -- candidates --------------------------------------------------------------------------

    def steps(self, current: Evaluation) -> list[Change]:
        """Single steps from ``current``, most promising first: the neediest deck's first."""
        need: dict[tuple[str, bool], float] = {}  # (deck, make it stronger) -> how far off
        for t, estimate in zip(self.targets, self.estimates(current.tallies), strict=True):
            rate = estimate.rate
            if rate is None or t.distance(rate) == 0 or t.pair is None:
                continue
            a, b = t.pair
            too_high = rate > t.high
            for key in ((a, not too_high), (b, too_high)):
                need[key] = need.get(key, 0.0) + t.distance(rate)
        if not need and any(t.pair is None for t in self.targets):  # the first player's rate alone
            need.update({(d, s): 1.0 for d in self.decks for s in (True, False)})
        decks = self._decks_now(current.changes)
        lists: list[list[Change]] = []
        for deck, stronger in sorted(need, key=lambda key: -need[key]):
            others = {c for d, _ in need if d != deck for c in decks[d]}
            values = self._value_steps(deck, decks[deck], stronger, others)
            lists.append(alternate(values, self._swaps(decks, deck, stronger)))
        out: list[Change] = []
        seen: set[tuple[Change, ...]] = set()
        for rank in range(max((len(s) for s in lists), default=0)):  # interleave the decks' lists
            for options in lists:
                if rank < len(options):
                    changes = merged((*current.changes, options[rank]))
                    if changes and changes not in seen and changes != current.changes \
                            and not below_zero(changes) and not self.idle(changes):
                        seen.add(changes)
                        out.append(options[rank])
        return out[:self.settings.candidates]

    def pairs(self, current: Evaluation, singles: Sequence[tuple[Change, Evaluation]],
              tried: set[tuple[Change, ...]]) -> list[tuple[Change, ...]]:
        """Two of the round's single steps at once (one step twice too), those whose singles'
        measured moves, added, leave the rates nearest their ranges first; ties in the order the
        singles were ranked."""
        base = self.estimates(current.tallies)

        def moves(evaluation: Evaluation) -> list[float]:
            return [0.0 if e.rate is None or b.rate is None else e.rate - b.rate
                    for e, b in zip(self.estimates(evaluation.tallies), base, strict=True)]

        measured = [(step, moves(evaluation)) for step, evaluation in singles]
        options: list[tuple[float, int, tuple[Change, ...]]] = []
        for (i, (a, move_a)), (j, (b, move_b)) in combinations_with_replacement(enumerate(measured), 2):
            changes = merged((*current.changes, a, b))
            if changes in tried or size(changes) != size(current.changes) + 2 or below_zero(changes) \
                    or self.idle(changes):
                continue
            predicted = sum(1.0 if e.rate is None else t.distance(e.rate + da + db)
                            for t, e, da, db in zip(self.targets, base, move_a, move_b, strict=True))
            options.append((predicted, i + j, changes))
        options.sort(key=lambda option: option[:2])
        return list(dict.fromkeys(changes for *_, changes in options))[:self.settings.candidates]

    def idle(self, changes: Sequence[Change]) -> bool:
        """Whether a value change of ``changes`` is on a card no deck holds once its swaps are
        made (a step on a card, then the card swapped out): it would play the very games of the
        changes without it."""
        try:
            decks = self._decks_now(changes)
        except BalanceError:  # swaps that cannot all be made: ``_try`` says so
            return False
        held = {card for cards in decks.values() for card in cards}
        return any(isinstance(c, ValueChange) and c.card not in held for c in changes)

    def _decks_now(self, changes: Sequence[Change]) -> dict[str, list[str]]:
        decks = {name: list(cards) for name, cards in self.decks.items()}
        for change in changes:
            if isinstance(change, DeckSwap):
                decks[change.deck] = swapped(decks[change.deck], change)
        return decks

    def _value_steps(self, deck: str, holds: list[str], stronger: bool, others: set[str]) -> list[Change]:
        """One step on each value of the cards the deck ``holds`` (its list after the swaps so
        far: a card swapped out of it would change nothing), the first ranked cards' first values
        first."""
        if not self.settings.values:
            return []
        ranked: list[tuple[int, Change]] = []
        # a card both sides hold would move both
        cards = [c for c in self.ranking.ranked(deck, holds) if c not in others]
        for rank, card in enumerate(cards):
            for index, name in enumerate(self.fields):
                value = self.world.value(card, name)
                if value is None:
                    continue
                delta = 1 if stronger != (name in CHEAPER_IS_STRONGER) else -1
                if value + delta >= 0:
                    ranked.append((rank + 2 * index, ValueChange(card, name, value, delta)))
        return [change for _, change in sorted(ranked, key=lambda item: item[0])]

    def _swaps(self, decks: dict[str, list[str]], deck: str, stronger: bool) -> list[Change]:
        """One copy of a card whose drawing helps least for one of a card whose drawing helps
        most (the other way round to make the deck weaker)."""
        if not self.settings.decks:
            return []
        ranked = self.ranking.ranked(deck, self.decks[deck])
        best, worst = ranked[:2], ranked[::-1][:2]
        pairs = [(w, b) for w in worst for b in best] if stronger else [(b, w) for b in best for w in worst]
        out: list[Change] = []
        for gone, added in pairs:
            swap = DeckSwap(deck, gone, added)
            if gone != added and gone in decks[deck] and not self.world.deck_problems(
                    swapped(decks[deck], swap)):
                out.append(swap)
        return out

    # -- the search --------------------------------------------------------------------------

    def run(self) -> Outcome:
        s = self.settings
        start = time.perf_counter()
        self.deadline = start + 60 * s.minutes
        tables: dict[Batch, CardTable] = {}
        shipped = Evaluation((), Tallies())
        self.say(f"the shipped cards: {len(self.batches)} batch(es) of {s.max_games} games")
        self._play(shipped, s.seed, s.max_games, facts=tables)
        self.shipped = shipped
        self.judge(shipped)
        self.ranking = CardRanking.learn(tables.values())
        outcome = Outcome(self.targets, shipped)
        self.say(f"  {self.describe(shipped.tallies)}")
        for deck, cards in self.decks.items():
            firsts = [f"{card} {100 * gain:+.1f}" for card in self.ranking.ranked(deck, cards)[:4]
                      if (gain := self.ranking.improvement(deck, card)) is not None]
            if firsts:
                self.say(f"  {deck}, improvement when drawn: {', '.join(firsts)} points")
        current = shipped
        if in_range(self.targets, self.estimates(shipped.tallies)):
            outcome.stopped = "the shipped cards are in range already"
        elif self.start:  # a designer's proposal to grow from: the first candidate, checked as any
            begun = self._try(outcome, self.start, shipped, given=True)
            if begun is not None and not outcome.stopped:
                self.complete(begun, s.seed, s.max_games)
                current = begun
        while not outcome.stopped:
            if size(current.changes) >= s.max_changes:
                outcome.stopped = f"{s.max_changes} step{'s' if s.max_changes != 1 else ''} tried"
                break
            following = self._round(outcome, current)
            if following is not None:
                current = following
                if not outcome.stopped:
                    self.complete(current, s.seed, s.max_games)
        if not outcome.confirmed and outcome.tried:  # the nearest found, on fresh seeds all the same
            nearest = min(outcome.tried, key=lambda e: distance(self.targets, self.estimates(e.tallies)))
            checked = outcome.proposal  # refused, when there is one: the nearest may lie past it
            if nearest is not checked and self._nearer(nearest, checked or shipped):
                self.check(outcome, nearest, learn=False)  # the search is over: nothing to learn for
        outcome.seconds = time.perf_counter() - start
        outcome.games = self.games
        return outcome

    def _round(self, outcome: Outcome, current: Evaluation) -> Evaluation | None:
        """Single steps from ``current``, then pairs of them; the start of the next round (None
        when nothing came nearer the ranges: ``outcome.stopped`` then says why)."""
        singles: list[tuple[Change, Evaluation]] = []
        known = {e.changes: e for e in outcome.tried}  # a step may lead where an earlier pair did
        for step in self.steps(current):
            changes = merged((*current.changes, step))
            tried = known.get(changes) or self._try(outcome, changes, current)
            if tried is not None:
                singles.append((step, tried))
            if outcome.stopped:
                break
        doubles: list[Evaluation] = []
        if not outcome.stopped and size(current.changes) + 2 <= self.settings.max_changes:
            seen = {e.changes for e in outcome.tried}
            for changes in self.pairs(current, singles, seen):
                tried = self._try(outcome, changes, current)
                if tried is not None:
                    doubles.append(tried)
                if outcome.stopped:
                    break
        for group in ([e for _, e in singles], doubles):  # the best single step, else the best pair
            nearer = [e for e in group if self._nearer(e, current)]
            if nearer:
                return min(nearer, key=lambda e: distance(self.targets, self.estimates(e.tallies)))
        outcome.stopped = outcome.stopped or "no step, nor two at once, brings the rates nearer their ranges"
        return None

    def _try(self, outcome: Outcome, changes: tuple[Change, ...], parent: Evaluation,
             given: bool = False) -> Evaluation | None:
        """``changes`` evaluated and, when in range, checked on fresh seeds (``outcome.stopped``
        set when that confirms it, or when the time ran out); None when not played. Changes the
        game refuses are skipped, unless ``given`` (``--start``): then they are the user's error."""
        if time.perf_counter() > self.deadline:
            outcome.stopped = f"the time ran out ({self.settings.minutes:g} minutes)"
            return None
        try:
            tried = self.evaluate(changes, parent)
        except BalanceError as exc:  # a value or a list the game's rules refuse
            if given:
                raise BalanceError(f"--start: {exc}") from None
            self.say(f"  skipped {'; '.join(c.label for c in changes)}: {exc}")
            return None
        outcome.tried.append(tried)
        self.say(f"  {tried.label}: {tried.verdict} after {tried.decided_after} games a batch "
                 f"({self.describe(tried.tallies, paired=True)})")
        passes = tried.verdict == "in" or (
            tried.verdict == "open" and in_range(self.targets, self.estimates(tried.tallies)))
        if passes and self.check(outcome, tried):
            outcome.stopped = "a proposal in range, confirmed on fresh seeds"
        return tried

    def _nearer(self, a: Evaluation, b: Evaluation) -> bool:
        return (distance(self.targets, self.estimates(a.tallies)) + MIN_GAIN
                <= distance(self.targets, self.estimates(b.tallies)))

    def check(self, outcome: Outcome, candidate: Evaluation, learn: bool = True) -> bool:
        """``candidate`` and the shipped cards on fresh seeds, seeds no earlier check used (a
        check that could be repeated on the same seeds until one passed would prove nothing);
        whether every rate is in range. A refusal widens ``self.gaps`` (with ``learn``)."""
        s = self.settings
        seed = s.check_seed + outcome.checks * CHECK_SEED_OFFSET
        outcome.checks += 1
        self.say(f"  checking {candidate.label} on fresh seeds ({s.check_games} games a batch)")
        before = Evaluation((), Tallies())
        self._play(before, seed, s.check_games)
        self.judge(before, paired=False)
        after = Evaluation(candidate.changes, Tallies())
        for batch in self.batches:  # a pair the change leaves alone: the shipped cards' games
            if not self._affected(candidate.changes, batch):
                after.tallies.take(before.tallies, batch)
        self._play(after, seed, s.check_games)
        self.judge(after, paired=False)  # fresh seeds: the rates as they are, nothing paired
        outcome.proposal, outcome.check_before, outcome.check_after = candidate, before, after
        outcome.confirmed = in_range(self.targets, self.estimates(after.tallies, paired=False))
        self.say(f"    fresh seeds: {self.describe(after.tallies)}; "
                 f"{'confirmed' if outcome.confirmed else 'not confirmed'}")
        if learn and not outcome.confirmed:
            fresh = self.estimates(after.tallies, paired=False)
            searched = self.estimates(candidate.tallies, gaps=False)
            for i, (f, e) in enumerate(zip(fresh, searched, strict=True)):
                if f.rate is not None and e.rate is not None and abs(f.rate - e.rate) > abs(self.gaps[i]):
                    self.gaps[i] = f.rate - e.rate
            outcome.gaps = list(self.gaps)
            self.say("    the search's rates are read from now on moved by what fresh seeds added: "
                     + ", ".join(f"{t.label.split(' in ')[0]} {100 * g:+.1f} points"
                                 for t, g in zip(self.targets, self.gaps, strict=True)))
        return outcome.confirmed

    def describe(self, tallies: Tallies, paired: bool = False) -> str:
        """Each target's rate [interval] of its decisive games, and the paired estimate."""
        parts = []
        estimates = self.estimates(tallies, paired, gaps=False)  # the measured rates, as played
        for t, e in zip(self.targets, estimates, strict=True):
            text = f"{t.label.split(' in ')[0]} {rate_text(tallies.count(t))}"
            if paired and e.rate is not None and e.rate != tallies.count(t).rate:
                text += f", paired {100 * e.rate:.1f}% [{100 * e.low:.1f}, {100 * e.high:.1f}]"
            parts.append(text)
        return ", ".join(parts)


def rate_text(count: Count) -> str:
    if count.rate is None:
        return "-"
    low, high = count.ci
    return f"{100 * count.rate:.1f}% [{100 * low:.1f}, {100 * high:.1f}] of {count.decisive}"
