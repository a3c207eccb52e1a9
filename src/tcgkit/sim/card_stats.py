"""Per-card statistics a designer can trust: the win rate when drawn, the improvement when
drawn, the play rate, each with its 95% interval and a warning when too few games lie behind it;
split by AI level, and by deck when the run fixed the decks.

Counted over player-games (one player's side of one game) whose deck held the card:

- **win rate when drawn**: of the player-games in which the player drew the card (saw it in
  hand, however it got there), the share they won outright; Wilson interval.
- **improvement when drawn**: the win rate when drawn minus the win rate of the same group's
  player-games that had the card in the deck and never drew it; Newcombe's interval for a
  difference of two proportions (built from the two Wilson intervals). Drawn and not drawn are
  compared inside one group (one AI level, one deck when the decks were fixed), so neither a
  stronger AI nor a stronger deck makes a card look good. It still leans towards cards that
  are drawn in long games (a player who lasts draws more; the known bias of "win rate when
  drawn" in human data): compare cards with each other rather than with zero.
- **play rate**: of the player-games in which the card was drawn, the share in which it was
  played; Wilson interval.

A line carries a warning when its drawn or its not-drawn player-games number fewer than
``min_games`` (the interval is then too wide to rank the card) or when there is nothing to
compare (a card always drawn, as in Triple Triad whose whole deck is the hand).

Groups: each AI level (the agent's name), with its deck when the run fixed one per entrant;
and when the run had several levels, every level together (``all``). Only counts are kept,
so a results file of any size is read in flat memory.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from .stats import Rate, difference_ci

MIN_GAMES = 100
"""Player-games below which a line is flagged: at 100 a Wilson interval near 50% is +-10 points."""

ALL_LEVELS = "all"


@dataclass(slots=True)
class CardCounts:
    """Player-games with the card in the deck, drawn, played, and how many of each were won."""

    deck: int = 0
    deck_wins: int = 0
    drawn: int = 0
    drawn_wins: int = 0
    played: int = 0
    played_wins: int = 0

    def add(self, won: bool, drawn: bool, played: bool) -> None:
        self.deck += 1
        self.deck_wins += won
        if drawn:
            self.drawn += 1
            self.drawn_wins += won
        if played:
            self.played += 1
            self.played_wins += won


@dataclass(frozen=True, slots=True)
class CardLine:
    """One card's statistics in one group (an AI level, with its deck when fixed)."""

    card: str
    level: str
    deck: str | None
    counts: CardCounts
    min_games: int

    @property
    def win_when_drawn(self) -> Rate:
        return Rate(self.counts.drawn_wins, self.counts.drawn)

    @property
    def win_when_not_drawn(self) -> Rate:
        c = self.counts
        return Rate(c.deck_wins - c.drawn_wins, c.deck - c.drawn)

    @property
    def improvement(self) -> float | None:
        drawn, not_drawn = self.win_when_drawn.value, self.win_when_not_drawn.value
        return None if drawn is None or not_drawn is None else drawn - not_drawn

    @property
    def improvement_ci(self) -> tuple[float, float] | None:
        return difference_ci(self.win_when_drawn, self.win_when_not_drawn)

    @property
    def play_rate(self) -> Rate:
        return Rate(self.counts.played, self.counts.drawn)

    @property
    def warning(self) -> str | None:
        """Why the line should not be trusted yet, or None."""
        drawn, not_drawn = self.counts.drawn, self.counts.deck - self.counts.drawn
        if not_drawn == 0:
            return "always drawn: no games without it to compare"
        if drawn == 0:
            return "never drawn"
        if min(drawn, not_drawn) < self.min_games:
            return (f"few games: {drawn} drawn, {not_drawn} not drawn "
                    f"(fewer than {self.min_games} on a side)")
        return None

    def to_json(self) -> dict[str, Any]:
        ci = self.improvement_ci
        return {
            "card": self.card, "level": self.level, "deck": self.deck,
            "in_deck": self.counts.deck, "drawn": self.counts.drawn, "played": self.counts.played,
            "win_when_drawn": self.win_when_drawn.to_json(),
            "win_when_not_drawn": self.win_when_not_drawn.to_json(),
            "improvement_when_drawn": self.improvement,
            "improvement_ci95": None if ci is None else list(ci),
            "play_rate": self.play_rate.to_json(),
            "warning": self.warning,
        }


class CardTable:
    """Counts per (card, level, deck), fed one game at a time (``add``, ``add_row``)."""

    def __init__(self, agents: Sequence[str], decks: Sequence[str] | None = None,
                 min_games: int = MIN_GAMES) -> None:
        if min_games < 1:
            raise ValueError(f"the minimum sample must be at least 1 player-game, got {min_games}")
        self.agents = list(agents)
        # A deck per entrant only when the run fixed one each (--deck, --opponent-deck).
        self.decks = list(decks) if decks and len(decks) == len(agents) else None
        self.min_games = min_games
        self.several_levels = len(set(self.agents)) > 1
        self.counts: dict[tuple[str, str, str | None], CardCounts] = {}

    def add(self, lineup: Sequence[int], winner: int | None, deck: Sequence[Iterable[str]],
            drawn: Sequence[Iterable[str]], played: Sequence[Iterable[str]]) -> None:
        """One game: per player, the entrant (``lineup``) and the card facts (``sim.cards``)."""
        for p, cards in enumerate(deck):
            slot = lineup[p] if p < len(lineup) else p
            level = self.agents[slot]
            deck_name = self.decks[slot] if self.decks else None
            seen, put = set(drawn[p]), set(played[p])
            groups = [(level, deck_name)] + ([(ALL_LEVELS, deck_name)] if self.several_levels else [])
            for name in cards:
                for group in groups:
                    key = (name, *group)
                    counts = self.counts.get(key)
                    if counts is None:
                        counts = self.counts[key] = CardCounts()
                    counts.add(winner == p, name in seen, name in put)

    def add_row(self, row: dict[str, Any]) -> None:
        """A results file's row (``results.result_row``)."""
        self.add(row["lineup"], row["winner"], row.get("deck") or [], row.get("drawn") or [],
                 row.get("played") or [])

    def tap(self, rows: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
        """``rows`` passed on as they are, each counted on its way (one pass over a file for two
        summaries)."""
        for row in rows:
            self.add_row(row)
            yield row

    def lines(self) -> list[CardLine]:
        """Every card's line per group, by card name, then level (``all`` last), then deck."""
        def order(key: tuple[str, str, str | None]) -> tuple[str, bool, str, str]:
            name, level, deck = key
            return (name, level == ALL_LEVELS, level, deck or "")

        return [CardLine(name, level, deck, self.counts[name, level, deck], self.min_games)
                for name, level, deck in sorted(self.counts, key=order)]


def card_table(rows: Iterable[dict[str, Any]], meta: dict[str, Any],
               min_games: int = MIN_GAMES) -> list[CardLine]:
    """The lines of a results file's rows (``meta``: the file's meta: agents, deck files)."""
    table = CardTable(meta["agents"], meta.get("deck_files"), min_games)
    for row in rows:
        table.add_row(row)
    return table.lines()
