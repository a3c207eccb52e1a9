"""The per-card statistics by AI level (``sim.card_stats``) as a file (Parquet, CSV, JSON) and
as a terminal table: ``tcgkit report --cards FILE`` and ``--table``."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from ..kernel.files import write_text_atomic
from ..sim.card_stats import CardLine
from ..sim.results import _pyarrow
from ..sim.stats import Rate

CARD_SUFFIXES = (".parquet", ".csv", ".json")
COLUMNS = (
    "card", "level", "deck", "in_deck", "drawn", "played", "win_when_drawn", "win_when_drawn_low",
    "win_when_drawn_high", "win_when_not_drawn", "improvement_when_drawn", "improvement_low",
    "improvement_high", "play_rate", "play_rate_low", "play_rate_high", "warning",
)


def flat(line: CardLine) -> dict[str, Any]:
    """One line as flat columns (rates as fractions; None where there is nothing to count)."""
    def rate(r: Rate) -> tuple[float | None, float | None, float | None]:
        return (r.value, *r.ci) if r.games else (None, None, None)

    ci = line.improvement_ci
    return dict(zip(COLUMNS, (
        line.card, line.level, line.deck, line.counts.deck, line.counts.drawn, line.counts.played,
        *rate(line.win_when_drawn), line.win_when_not_drawn.value, line.improvement,
        *(ci or (None, None)), *rate(line.play_rate), line.warning,
    ), strict=True))


def write_card_lines(lines: list[CardLine], path: Path) -> None:
    """``lines`` to ``path`` by its suffix; a Parquet file needs pyarrow (``tcgkit[report]``)."""
    if path.suffix == ".json":
        write_text_atomic(path, json.dumps([line.to_json() for line in lines], indent=1) + "\n")
    elif path.suffix == ".csv":
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(flat(line) for line in lines)
        write_text_atomic(path, buffer.getvalue())
    else:
        pa = _pyarrow()
        rows = [flat(line) for line in lines]
        pa.parquet.write_table(pa.Table.from_pylist(rows) if rows else pa.table({c: [] for c in COLUMNS}),
                               path)


def _pct(rate: Rate) -> str:
    if rate.value is None:
        return "-"
    low, high = rate.ci
    return f"{100 * rate.value:.1f}% [{100 * low:.0f}, {100 * high:.0f}]"


def print_card_table(lines: list[CardLine], console: Console | None = None) -> None:
    """The lines, the best improvement first and the warned ones last."""
    table = Table(title="cards by AI level", title_justify="left")
    for head in ("card", "AI level", "drawn", "win when drawn", "improvement", "play rate", "warning"):
        table.add_column(head, justify="left" if head in ("card", "AI level", "warning") else "right")
    for line in sorted(lines, key=lambda c: (c.warning is not None, -(c.improvement or 0))):
        ci = line.improvement_ci
        gain = "-" if ci is None or line.improvement is None else (
            f"{100 * line.improvement:+.1f} [{100 * ci[0]:+.0f}, {100 * ci[1]:+.0f}]")
        level = line.level if line.deck is None else f"{line.level} + {line.deck}"
        table.add_row(line.card, level, str(line.counts.drawn), _pct(line.win_when_drawn), gain,
                      _pct(line.play_rate), line.warning or "")
    (console or Console()).print(table)
    (console or Console()).print(
        "improvement: the win rate when drawn minus that of the same level's (and deck's) games "
        "with the card in the deck, never drawn, in points [95% CI]; play rate: of the games that "
        "drew it")
