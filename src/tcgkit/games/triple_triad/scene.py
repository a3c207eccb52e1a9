"""Triple Triad as a seat sees it: the 3x3 board with each cell's element, both hands (a
count for a hidden one), the score, the decision, and a sentence per move.

Built from a view (never the state) and the public card table, so a hidden hand shows only
its count. A card shows its four edges around its name (``A`` is 10) and its element.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ...kernel import refs
from ...kernel.actions import Action
from ...kernel.card_files import label
from ...kernel.scene import (
    Area,
    At,
    CardTable,
    Catalogue,
    Column,
    Counter,
    Events,
    Face,
    Message,
    Scene,
    Seat,
    Sentence,
    Shown,
    messages,
    moves_of,
    pending_of,
    say,
)
from ...kernel.words import terms
from .cards import ELEMENTS, SIDES, Card
from .collection import Collection
from .options import format_rules

if TYPE_CHECKING:
    from .game import TripleTriad

STYLES: dict[str, str] = {}  # its scenes carry no style tokens
MESSAGES: Catalogue = messages({
    "tt.start": ("{player} moves first", "{player} move first"),
    "tt.sudden_death": ("Sudden Death: game {game} starts, {player} moves first",
                        "Sudden Death: game {game} starts, {player} move first"),
    "tt.elements": "Cell elements: {cells}",
    "tt.place": ("{player} plays {card}@{cell}", "{player} play {card}@{cell}"),
    "tt.flips.basic": Message("flips {cells} (basic)", joins="; ", first=": "),
    "tt.flips.same/plus": Message("flips {cells} (same/plus)", joins="; ", first=": "),
    "tt.flips.combo": Message("flips {cells} (combo)", joins="; ", first=": "),
    "tt.end": "Game {game} ends {first}-{second}",
    "tt.take": ("{player} takes {card}", "{player} take {card}"),
    "tt.prompt.place": "place a card from your hand on an empty cell",
    "tt.prompt.take": "take one of {loser}'s cards, as the trade rule allows",
    "tt.doing.place": Message("{player} to move", joins=" | "),
    "tt.doing.take": Message("{player} to take a card", joins=" | "),
    "tt.game": Message("game {game} (Sudden Death)", joins=" | "),
    "tt.rules": "Rules: {rules}; trade: {trade}",
    "tt.rules.basic": "Rules: basic rules only; trade: {trade}",
    "tt.score": "score",
})
MESSAGES.update(terms("tt", "board", "hand", "element", *ELEMENTS, "the board is full"))


AROUND: tuple[At, ...] = ("top", "right", "bottom", "left")  # where each side's value is drawn


def edge(value: int) -> str:
    return "A" if value == 10 else str(value)


@lru_cache(maxsize=4096)
def face(card: Card, owner: int | None = None, at_edges: bool = True) -> Face:
    """A card: its edges around its name (``at_edges``, on the board) or as columns with its
    number and level (in a hand), and its element. Made once per card, owner and place (a
    face is frozen and depends on nothing else): a scene holds up to ten, each a few models."""
    edges = [Shown(key=side, label=side[0].upper(), value=edge(v), at=at if at_edges else None)
             for side, at, v in zip(SIDES, AROUND, card.values, strict=True)]
    element = Shown(key="element", label="element", value=card.element_name or None,
                    at="corner" if at_edges else None)
    shown = [*edges, element]
    if not at_edges:
        shown = [Shown(key="number", label="#", value=card.number),
                 Shown(key="level", label="lv", value=card.level), *shown]
    return Face(ref=refs.card(card.id), name=card.name, owner=owner, fields=shown,
                style=[f"element:{card.element_name}"] if card.element else [])


def scene(game: TripleTriad, view: dict[str, Any], actions: Sequence[Action], events: Events,
          default: Action | None) -> Scene:
    zones, owner, viewer = view["zones"], view["owner"], view["viewer"]

    def card(key: str) -> Card:
        found = game.cards.find(key)
        assert found is not None  # a view names cards of the game's table
        return found

    board = zones["board"]["cards"]
    cells = [None if key is None else face(card(key), owner[c]) for c, key in enumerate(board)]
    areas = [Area(key="board", label="board", layout="grid", rows=3, cols=3, items=cells,
                  count=sum(c is not None for c in cells), cell_marks=view["elements"],
                  refs=[refs.cell(c) for c in range(9)])]
    for p in [q for q in (0, 1) if q != viewer] + ([viewer] if viewer is not None else []):
        hand = zones[f"hand{p}"]
        keys = hand.get("cards")
        items = [] if keys is None else [face(card(k), p, at_edges=False) for k in keys]
        areas.append(Area(key=f"hand{p}", label="hand", owner=p, layout="row", items=items,  # type: ignore[arg-type]
                          count=hand["count"], hidden=keys is None))
    seats = []
    for p in (0, 1):
        score = sum(o == p for o in owner) + zones[f"hand{p}"]["count"]
        seats.append(Seat(player=p, to_move=view["to_move"] == p,
                          counters=[Counter(key="score", label="score", value=score)]))
    status = [say("tt.game", game=view["games"])] if view["games"] > 1 else []
    mover, kind = view["to_move"], view["decision"]
    if mover is not None:
        status.append(say(f"tt.doing.{kind}", player=refs.player(mover)))
    prompt = say("tt.prompt.take", loser=refs.player(1 - mover)) if kind == "take" else say("tt.prompt.place")
    return Scene(game=game.name, viewer=viewer, seats=seats, areas=areas, status=status, log=log(events),
                 pending=pending_of(view, prompt, default), moves=moves_of(actions), outcome=view["outcome"])


def log(events: Events) -> list[Sentence]:
    """A sentence per move, its flips after it grouped by cause."""
    out: list[Sentence] = []
    flips: dict[str, list[int]] = {}

    def close_move() -> None:
        out.extend(say(f"tt.flips.{cause}", cells=list(cells)) for cause, cells in flips.items())
        flips.clear()

    for event in events:
        kind = event["kind"]
        if kind == "flip":
            flips.setdefault(event["cause"], []).append(event["cell"])
            continue
        close_move()
        if kind == "place":
            out.append(say("tt.place", player=refs.player(event["player"]), card=event["card"],
                           cell=event["cell"]))
        elif kind == "start":
            first = refs.player(event["first"])
            out.append(say("tt.sudden_death", game=event["game"], player=first) if event["game"] > 1
                       else say("tt.start", player=first))
            marked = [f"{c} {e}" for c, e in enumerate(event["elements"]) if e]
            if marked:
                out.append(say("tt.elements", cells=marked))
        elif kind == "end":
            out.append(say("tt.end", game=event["game"], first=event["scores"][0], second=event["scores"][1]))
        elif kind == "take":
            out.append(say("tt.take", player=refs.player(event["player"]), card=event["card"]))
    close_move()
    return out


def rules_summary(game: TripleTriad) -> list[Sentence]:
    tokens = [f"cards from {label(t.partition('=')[2])}" if t.startswith("card_file=") else t
              for t in format_rules(game.options).split(",") if not t.startswith("trade=")]
    rules = ", ".join(t for t in tokens if t != "-")
    trade = game.options.trade
    return [say("tt.rules", rules=rules, trade=trade) if rules else say("tt.rules.basic", trade=trade)]


def card_table(game: TripleTriad) -> CardTable:
    columns = [Column(key=key, label=label) for key, label in (
        ("number", "#"), ("name", "card"), ("level", "lv"), ("edges", "T R B L"), ("element", "element"))]
    rows: list[dict[str, Any]] = [
        {"number": c.number, "name": c.name, "level": c.level, "top": c.values[0], "right": c.values[1],
         "bottom": c.values[2], "left": c.values[3], "edges": " ".join(map(edge, c.values)),
         "element": c.element_name or None}
        for c in game.cards.cards]
    return CardTable(title=f"{game.title} cards ({len(game.cards)})", columns=columns, rows=rows)


def collection_table(game: TripleTriad, collection: Collection, title: str) -> CardTable:
    """A collection: each card it holds with its copies, in the card table's columns."""
    table = card_table(game)
    held = [{**row, "copies": collection.count(str(row["name"]))} for row in table.rows
            if collection.count(str(row["name"]))]
    return CardTable(title=title, columns=[*table.columns, Column(key="copies", label="copies")], rows=held)
