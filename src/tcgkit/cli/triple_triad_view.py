"""Triple Triad drawn from a player's view: the 3x3 board, the hands, the scores, events.

Everything shown comes from ``state.view(player)`` and the public card table; a hidden
hand shows only its count. Owners are a colour and a letter (B / R), so the board reads
the same without colour.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from ..games.triple_triad import TripleTriad
from ..games.triple_triad.cards import Card
from ..games.triple_triad.options import format_rules
from ..kernel.card_files import label as card_label
from ..kernel.game import Game
from .seats import Seats, agree

CELL_WIDTH = 18  # "A " + a 14-letter name + " A"
MIN_CELL_WIDTH = 9  # "A Grat. A": below a 37-column terminal the board is cut


def edges(card: Card) -> str:
    """Top, right, bottom, left with A for 10: ``5 1 1 3``."""
    return " ".join("A" if v == 10 else str(v) for v in card.values)


def rules_line(game: Game) -> str:
    assert isinstance(game, TripleTriad)
    tokens = [f"cards from {card_label(t.partition('=')[2])}" if t.startswith("card_file=") else t
              for t in format_rules(game.options).split(",") if not t.startswith("trade=")]
    rules = ", ".join(t for t in tokens if t != "-") or "basic rules only"
    return f"Rules: {rules}; trade: {game.options.trade}"


def card_rows(game: Game) -> list[dict[str, Any]]:
    assert isinstance(game, TripleTriad)
    return [
        {
            "number": c.number, "name": c.name, "level": c.level,
            "top": c.values[0], "right": c.values[1], "bottom": c.values[2], "left": c.values[3],
            "edges": edges(c), "element": c.element_name or None,
        }
        for c in game.cards.cards
    ]


def card_table(game: Game) -> Table:
    assert isinstance(game, TripleTriad)
    title = f"{game.title} cards ({len(game.cards)})"
    table = Table(title=title, title_justify="left", box=box.SIMPLE)
    for heading in ("#", "card", "lv", "T R B L", "element"):
        table.add_column(heading)
    for c in game.cards.cards:
        table.add_row(str(c.number), c.name, str(c.level), edges(c), c.element_name)
    return table


def _value(v: int) -> str:
    return "A" if v == 10 else str(v)


def abbreviate(name: str, width: int) -> str:
    """``name`` in ``width`` characters: whole if it fits, else each word cut to its start
    with a dot ("Glacial Eye" -> "Glac. Eye"), else its start and a dot."""
    if len(name) <= width:
        return name
    words = name.split()
    for keep in range(max(len(w) for w in words), 0, -1):
        short = " ".join(w if len(w) <= keep + 1 else w[:keep] + "." for w in words)
        if len(short) <= width:
            return short
    return name[:max(width - 1, 1)] + "."


def _cell(
    game: TripleTriad, number: int, element: str | None, placed: Any, seats: Seats,
    width: int = CELL_WIDTH,
) -> Text:
    mark = f"[{element}]" if element else ""
    head = f"{number:<3}{abbreviate(mark, width - 3):>{width - 3}}"
    if placed is None:
        return Text("\n".join([head, "", "", "", ""]), style="dim")
    card = game.cards.find(placed["card"])
    assert card is not None
    top, right, bottom, left = (_value(v) for v in card.values)
    owner = placed["owner"]
    element_name = abbreviate(card.element_name, width - 2)
    lines = [
        head,
        top.center(width),
        f"{left} {abbreviate(card.name, width - 4).center(width - 4)} {right}",
        bottom.center(width),
        f"{seats.letter(owner)}{element_name:>{width - 1}}",
    ]
    text = Text(lines[0] + "\n")
    text.append("\n".join(lines[1:]), style=seats.style(owner))
    return text


class Board:
    """The 3x3 board, its cells as wide as the terminal allows (at most ``CELL_WIDTH``):
    it fits 80 columns whole, and in fewer the names abbreviate instead of being cut."""

    def __init__(self, game: TripleTriad, view: dict[str, Any], seats: Seats) -> None:
        self.game, self.view, self.seats = game, view, seats

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = max(MIN_CELL_WIDTH, min(CELL_WIDTH, (options.max_width - 4) // 3 - 2))
        yield render_board(self.game, self.view, self.seats, width)


def render_board(
    game: TripleTriad, view: dict[str, Any], seats: Seats, width: int = CELL_WIDTH
) -> Table:
    cells = view["zones"]["board"]["cards"]
    table = Table(show_header=False, show_lines=True, box=box.SQUARE, padding=(0, 1))
    for _ in range(3):
        table.add_column(width=width, no_wrap=True)
    for row in range(3):
        row_cells = range(3 * row, 3 * row + 3)
        table.add_row(*(_cell(game, c, view["elements"][c], cells[c], seats, width)
                        for c in row_cells))
    return table


def render_hand(
    game: TripleTriad, view: dict[str, Any], player: int, seats: Seats
) -> RenderableType:
    zone = view["zones"][f"hand{player}"]
    if "cards" not in zone:
        count = zone["count"]
        return Text(f"{seats.label(player)} hand: {count} card{'s' * (count != 1)} (hidden)")
    table = Table(title=f"{seats.label(player)} hand", title_justify="left", box=box.SIMPLE)
    for heading in ("#", "card", "lv", "T R B L", "element"):
        table.add_column(heading)
    for name in zone["cards"]:
        card = game.cards.find(name)
        assert card is not None
        table.add_row(str(card.number), card.name, str(card.level), edges(card), card.element_name)
    if not zone["cards"]:
        table.add_row("", "(empty)", "", "", "")
    return table


def status_line(view: dict[str, Any], seats: Seats) -> str:
    scores = view["scores"]
    parts = [f"Score: {seats.label(0)} {scores[0]} - {scores[1]} {seats.label(1)}"]
    if view["game_number"] > 1:
        parts.append(f"game {view['game_number']} (Sudden Death)")
    mover = view["to_move"]
    if mover is not None:
        doing = "to take a card" if view["decision"] == "take" else "to move"
        parts.append(f"{seats.label(mover)} {doing}")
    return " | ".join(parts)


def render_view(game: Game, view: dict[str, Any], seats: Seats) -> RenderableType:
    assert isinstance(game, TripleTriad)
    viewer = view["viewer"]
    order = [p for p in (0, 1) if p != viewer] + ([viewer] if viewer is not None else [])
    return Group(
        Board(game, view, seats),
        Text(status_line(view, seats)),
        *(render_hand(game, view, p, seats) for p in order),
    )


def describe_events(events: list[dict[str, Any]], seats: Seats) -> list[str]:
    """One line per move: the card placed and what it flipped, by cause."""
    lines: list[str] = []
    flips: dict[str, list[str]] = {}

    def close_move() -> None:
        if flips and lines:
            lines[-1] += ": flips " + "; ".join(
                f"{', '.join(cells)} ({cause})" for cause, cells in flips.items()
            )
        flips.clear()

    for event in events:
        kind = event["kind"]
        if kind == "flip":
            flips.setdefault(event["cause"], []).append(str(event["cell"]))
            continue
        close_move()
        if kind == "place":
            lines.append(f"{agree(seats.label(event['player']), 'plays')} "
                         f"{event['card']}@{event['cell']}")
        elif kind == "start":
            first = seats.label(event["first"])
            if event["game"] > 1:
                lines.append(f"Sudden Death: game {event['game']} starts, "
                             f"{agree(first, 'moves')} first")
            else:
                lines.append(f"{agree(first, 'moves')} first")
            marked = [f"{c} {e}" for c, e in enumerate(event["elements"]) if e]
            if marked:
                lines.append("Cell elements: " + ", ".join(marked))
        elif kind == "end":
            lines.append(f"Game {event['game']} ends {event['scores'][0]}-{event['scores'][1]}")
        elif kind == "take":
            lines.append(f"{agree(seats.label(event['player']), 'takes')} {event['card']}")
        else:
            lines.append(f"{kind}: {event}")
    close_move()
    return lines
