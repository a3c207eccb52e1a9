"""Which of a deck's cards the rebalancer changes first: those whose drawing moves the deck's win
rate most, by the improvement when drawn of the per-card statistics (``card_stats``) over the
shipped cards' games of every pair the deck played. A card whose improvement cannot be measured
(always drawn, as Triple Triad's hand; never drawn) comes after those measured, the most played
first.

The improvement leans towards cards drawn in long games (``card_stats`` says why), and at a few
hundred games its interval is wide: it orders the candidates, it does not judge them; every
candidate is still played and read by its intervals.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..card_stats import CardCounts, CardLine, CardTable


@dataclass
class CardRanking:
    # deck -> card -> its player-games' counts, summed over the deck's pairs
    counts: dict[str, dict[str, CardCounts]] = field(default_factory=dict)

    @classmethod
    def learn(cls, tables: Iterable[CardTable]) -> CardRanking:
        ranking = cls()
        for table in tables:
            for line in table.lines():
                if line.deck is None:
                    continue
                total = ranking.counts.setdefault(line.deck, {}).setdefault(line.card, CardCounts())
                for name in ("deck", "deck_wins", "drawn", "drawn_wins", "played", "played_wins"):
                    setattr(total, name, getattr(total, name) + getattr(line.counts, name))
        return ranking

    def _line(self, deck: str, card: str) -> CardLine | None:
        counts = self.counts.get(deck, {}).get(card)
        return None if counts is None else CardLine(card, "", deck, counts, 1)

    def improvement(self, deck: str, card: str) -> float | None:
        """The deck's win rate when ``card`` was drawn minus when it was not (None: unmeasured)."""
        line = self._line(deck, card)
        return None if line is None else line.improvement

    def play_share(self, deck: str, card: str) -> float:
        """Of the deck's player-games holding ``card``, the share in which it was played."""
        line = self._line(deck, card)
        return line.counts.played / line.counts.deck if line is not None and line.counts.deck else 0.0

    def ranked(self, deck: str, cards: Sequence[str]) -> list[str]:
        """``cards`` (each once), the largest improvement when drawn first, then the unmeasured
        ones by how often they were played."""
        def key(card: str) -> tuple[bool, float, float]:
            gain = self.improvement(deck, card)
            return (gain is None, -(gain or 0.0), -self.play_share(deck, card))

        return sorted(dict.fromkeys(cards), key=key)
