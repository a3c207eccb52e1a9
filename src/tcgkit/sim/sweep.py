"""Sweeps: the same batch played at each point of a grid of one rule option or one card value.

Every point plays the same games (same seed, same seatings), so the differences between
points come from the change, not from different draws; each point keeps its first agent's
score game by game, to compare it with the first point pair by pair (``sim.paired``).

A card sweep rewrites one value of one card in a copy of the game's card file (``card_file``:
Triple Triad and Forge & Fury, whose cards are CSV rows) for each point; each copy is named
by its content hash, like any card file, so every point's games are cached apart.
"""

from __future__ import annotations

import csv
import hashlib
import io
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..kernel.card_files import add_card_file, resolve_card_file, shipped_card_file
from ..kernel.game import Deck
from .backends import Backend
from .paired import PairedDifference, first_agent_score, paired_difference
from .report import Tally
from .runner import GameResult, SimError, _game, iter_results, prepare
from .stats import Summary, summarize

# Games whose cards are one CSV file chosen by the ``card_file`` option: their bundled file.
CARD_FILES = {"triple-triad": ("tcgkit.games.triple_triad", "data/cards.csv"),
              "forge-fury": ("tcgkit.games.forge_fury", "data/cards.csv")}
NAME_FIELDS = ("number", "name")  # what identifies a row: not swept


@dataclass(frozen=True, slots=True)
class SweepPoint:
    value: str
    summary: Summary
    card: Tally | None = None  # a card sweep: player-games with the card in the deck, outright wins
    scores: tuple[float, ...] = ()  # the first agent's score in each game, in index order (paired)

    def paired(self, baseline: SweepPoint) -> PairedDifference:
        """This point against ``baseline``, game by game (the same seeds and seats)."""
        return paired_difference(baseline.scores, self.scores)


def card_label(game_name: str, card: str, options: dict[str, Any]) -> str:
    """The swept card's name as results show it (Forge & Fury: ``name #number``)."""
    header, rows = card_table(game_name, options)
    row = rows[find_card(header, rows, card)]
    name, number = row[header.index("name")].strip(), int(row[header.index("number")])
    return f"{name} #{number:03d}" if game_name == "forge-fury" else name


def card_table(game_name: str, options: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    """The game's card file (the one its options name, or the bundled one) as header and rows."""
    if game_name not in CARD_FILES:
        raise SimError(f"a card sweep needs a game whose cards are a CSV file "
                       f"({', '.join(CARD_FILES)}); {game_name} is not one")
    if options.get("card_files"):
        raise SimError("a card sweep edits one card file; this run names several (card_files)")
    package, name = CARD_FILES[game_name]
    shipped = shipped_card_file(package, *name.split("/"))
    ref = options.get("card_file")
    text = (resolve_card_file(ref, (shipped,)) if ref else shipped).text()
    rows = [r for r in csv.reader(io.StringIO(text)) if r and not r[0].startswith("#")]
    return rows[0], rows[1:]


def find_card(header: list[str], rows: list[list[str]], card: str) -> int:
    """The row of ``card``: its name (unique), ``name #number``, or its number."""
    key = card.strip().lower()
    number, name = header.index("number"), header.index("name")
    hits = [i for i, r in enumerate(rows) if key in (r[name].strip().lower(), r[number].strip(),
                                                     f"{r[name].strip().lower()} #{int(r[number]):03d}")]
    if not hits:
        raise SimError(f"no card {card!r} in the card file")
    if len(hits) > 1:
        labels = ", ".join(f"{rows[i][name]} #{int(rows[i][number]):03d}" for i in hits)
        raise SimError(f"{card!r} names {len(hits)} cards ({labels}): give its number")
    return hits[0]


def card_files(
    game_name: str, options: dict[str, Any], card: str, field: str, values: Sequence[str],
    folder: Path,
) -> list[Path]:
    """One card file per value, ``card``'s ``field`` set to it, written in ``folder``; each is
    checked by loading the game with it (a bad value fails here, naming the point)."""
    header, rows = card_table(game_name, options)
    fields = [f for f in header if f not in NAME_FIELDS]
    if field not in fields:
        raise SimError(f"no card field {field!r}; the fields are {', '.join(fields)}")
    row, column = find_card(header, rows, card), header.index(field)
    paths = []
    for value in values:
        edited = [list(r) for r in rows]
        edited[row][column] = value
        buffer = io.StringIO()
        csv.writer(buffer, lineterminator="\n").writerows([header, *edited])
        text = buffer.getvalue()
        path = folder / f"cards-{hashlib.sha256(text.encode()).hexdigest()[:16]}.csv"
        path.write_text(text, encoding="utf-8")
        try:
            _game(game_name, {**options, "card_file": add_card_file(path)})
        except Exception as exc:  # the game's own loader says what is wrong with the value
            said = str(exc).replace(f"{path}, ", "").replace(str(path), "the edited card file")
            raise SimError(f"{field}={value} for {card}: {said}") from None  # never the temporary path
        paths.append(path)
    return paths


def run_sweep(
    game_name: str, points: Sequence[tuple[str, dict[str, Any]]], agents: Sequence[str], games: int,
    seed: int, backend: Backend | None = None, on_result: Callable[[GameResult], None] | None = None,
    meta: dict[str, Any] | None = None, card: str | None = None, decks: Sequence[Deck] | None = None,
) -> list[SweepPoint]:
    """Play the batch at every ``(label, options)`` point (with ``decks``, one per agent, or
    drawn by the seed); a summary per point, and for ``card`` (its name as results show it) how
    the players holding it fared."""
    out = []
    for value, options in points:
        job = prepare(game_name, options, agents, seed, decks, facts=card is not None)
        tally = Tally() if card is not None else None
        scores = [0.0] * games
        stream = _tapped(iter_results(job, range(games), backend), on_result, card, tally, scores)
        summary = summarize(stream, agents, {**(meta or {}), "value": value})
        out.append(SweepPoint(value, summary, tally, tuple(scores)))
    return out


def _tapped(
    stream: Iterator[GameResult], on_result: Callable[[GameResult], None] | None,
    card: str | None, tally: Tally | None, scores: list[float],
) -> Iterator[GameResult]:
    for result in stream:
        scores[result.index] = first_agent_score(result)
        if on_result is not None:
            on_result(result)
        if tally is not None:
            for player, (deck, _, _) in enumerate(result.cards):
                if card in deck:
                    tally.add(result.winner == player)
        yield result
