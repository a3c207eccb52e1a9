"""Triple Triad as a seat sees it: the 3x3 board with each cell's element, both hands (a
count for a hidden one), the score, the decision, and a sentence per move.

Built from a view (never the state) and the public card table, so a hidden hand shows only
its count. Every card, on the board or in a hand, is drawn by one template (``tt-card``): its
four ranks on the edges (``A`` is 10), its element, its level. The log names cells as the
board shows them (``top left``) and flipped cards by name, with the rule that flipped them.
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
    Change,
    Column,
    Events,
    Face,
    Message,
    Scene,
    SceneCounter,
    Seat,
    Sentence,
    Shown,
    Template,
    messages,
    moves_of,
    pending_of,
    say,
)
from ...kernel.words import terms
from .cards import ELEMENTS, SIDES, Card
from .collection import Collection
from .glossary import GLOSSARY as GLOSSARY  # for the Game (``Game.glossary``)
from .glossary import HOW_TO_PLAY as HOW_TO_PLAY
from .glossary import WORDS as GLOSSARY_WORDS
from .options import format_rules
from .rules import BOARD

if TYPE_CHECKING:
    from .game import TripleTriad

STYLES: dict[str, str] = {}  # its scenes carry no style tokens
CELL_NAMES = ("top left", "top centre", "top right", "centre left", "centre", "centre right",
              "bottom left", "bottom centre", "bottom right")
"""Each cell as the board shows it, row by row from the top left: the log names cells so."""
RULE_NAMES = {"same": "Same", "plus": "Plus", "same/plus": "Same or Plus", "combo": "Combo"}
"""A flip's rule as the log says it (``basic`` flips say none)."""
MESSAGES: Catalogue = messages({
    "tt.start": ("{player} moves first", "{player} move first"),
    "tt.sudden_death": ("Sudden Death: game {game} starts, {player} moves first",
                        "Sudden Death: game {game} starts, {player} move first"),
    "tt.elements": "Cell elements",
    "tt.element_at": Message("{element} at {cell}", joins=", ", first=": "),
    "tt.place": ("{player} plays {card} at {cell}", "{player} play {card} at {cell}"),
    "tt.flips": Message("flips {cards}", joins="; "),
    "tt.flips.rule": Message("flips {cards} ({rule})", joins="; "),
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
MESSAGES.update(terms("tt", "board", "hand", "element", *ELEMENTS, *CELL_NAMES,
                      *RULE_NAMES.values(), "the board is full"))

CARD = "tt-card"
TEMPLATES = [Template(kind=CARD, places={"top": "top", "right": "right", "bottom": "bottom", "left": "left",
                                         "element": "badge", "level": "corner"}, art="element")]
"""A card: its ranks on the edges, its element a badge on the art drawn from it, its level in
the corner; its number only in the zoom."""
AROUND: tuple[At, ...] = ("top", "right", "bottom", "left")  # where each side's value is drawn


def edge(value: int) -> str:
    return "A" if value == 10 else str(value)


@lru_cache(maxsize=4096)
def face(card: Card, owner: int | None = None, at_edges: bool = True) -> Face:
    """A card, drawn by the ``tt-card`` template wherever it is. For the terminal, which
    places fields by their ``at``: on the board its edges around its name and its element in
    the corner; in a hand its number, level, edges and element listed. Made once per card,
    owner and place (a face is frozen and depends on nothing else): a scene holds up to ten."""
    edges = [Shown(key=side, label=side[0].upper(), value=edge(v), at=at if at_edges else None)
             for side, at, v in zip(SIDES, AROUND, card.values, strict=True)]
    element = Shown(key="element", label="element", value=card.element_name or None,
                    at="corner" if at_edges else None)
    number = Shown(key="number", label="#", value=card.number)
    level = Shown(key="level", label="lv", value=card.level)
    shown = [*edges, element, level, number] if at_edges else [number, level, *edges, element]
    return Face(ref=refs.card(card.id), name=card.name, kind=CARD, owner=owner, fields=shown,
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
    areas = [Area(key="board", label="board", layout="grid", rows=3, cols=3, items=cells, role="board",
                  count=sum(c is not None for c in cells), cell_marks=view["elements"],
                  refs=[refs.cell(c) for c in range(9)])]
    for p in [q for q in (0, 1) if q != viewer] + ([viewer] if viewer is not None else []):
        hand = zones[f"hand{p}"]
        keys = hand.get("cards")
        items = [] if keys is None else [face(card(k), p, at_edges=False) for k in keys]
        areas.append(Area(key=f"hand{p}", label="hand", owner=p, layout="row", items=items,  # type: ignore[arg-type]
                          count=hand["count"], hidden=keys is None, role="hand"))
    seats = []
    for p in (0, 1):
        score = sum(o == p for o in owner) + zones[f"hand{p}"]["count"]
        seats.append(Seat(player=p, to_move=view["to_move"] == p,
                          counters=[SceneCounter(key="score", label="score", value=score)]))
    status = [say("tt.game", game=view["games"])] if view["games"] > 1 else []
    mover, kind = view["to_move"], view["decision"]
    if mover is not None:
        status.append(say(f"tt.doing.{kind}", player=refs.player(mover)))
    prompt = say("tt.prompt.take", loser=refs.player(1 - mover)) if kind == "take" else say("tt.prompt.place")
    told = Told(game, board, events)
    return Scene(game=game.name, viewer=viewer, seats=seats, areas=areas, status=status, log=told.log,
                 pending=pending_of(view, prompt, default), moves=moves_of(actions), outcome=view["outcome"],
                 templates=TEMPLATES, changes=told.changes)


class Told:
    """What the events tell, as sentences (a move, its flips after it grouped by rule, cards
    and cells by name) and as changes (the card placed, each card flipped with its rule).

    A flip names the card on its cell and its rule, Same or Plus apart: both need the board
    as it stood. The events replay it from the board the view shows, without the cards the
    events place; a Sudden Death restart in the events leaves the boards before it unknown
    (a flip there names its cell, and its rule as Same or Plus)."""

    def __init__(self, game: TripleTriad, board: list[str | None], events: Events) -> None:
        self.game = game
        self.log: list[Sentence] = []
        self.changes: list[Change] = []
        placed = {e["cell"] for e in events if e["kind"] == "place"}
        restarts = any(e["kind"] == "start" for e in events)
        self.board: list[Card | None | bool] = [  # False: not known
            False if restarts else None if key is None or c in placed else self.card(key)
            for c, key in enumerate(board)]
        self.told(events)

    def card(self, key: str) -> Card:
        found = self.game.cards.find(key)
        assert found is not None  # events name cards of the game's table
        return found

    def told(self, events: Events) -> None:
        flips: dict[str, list[str]] = {}
        placed: tuple[int, Card] | None = None

        def close_move() -> None:
            for rule, cards in flips.items():
                self.log.append(say("tt.flips", cards=cards) if rule == "basic"
                                else say("tt.flips.rule", cards=cards, rule=RULE_NAMES[rule]))
            flips.clear()

        for event in events:
            kind = event["kind"]
            if kind == "flip":
                cell = event["cell"]
                on = self.board[cell]
                rule = event["cause"]
                if rule == "same/plus" and placed is not None:
                    rule = self.same_or_plus(*placed, cell)
                known = on if isinstance(on, Card) else None
                flips.setdefault(rule, []).append(CELL_NAMES[cell] if known is None else known.name)
                self.changes.append(Change(
                    kind="flipped", card=None if known is None else refs.card(known.id), player=event["to"],
                    target=refs.cell(cell), key="" if rule == "basic" else rule))
                continue
            close_move()
            if kind == "place":
                cell, card = event["cell"], self.card(event["card"])
                placed = (cell, card)
                self.board[cell] = card
                self.log.append(say("tt.place", player=refs.player(event["player"]), card=card.name,
                                    cell=CELL_NAMES[cell]))
                self.changes.append(Change(kind="placed", card=refs.card(card.id), player=event["player"],
                                           target=refs.cell(cell)))
            elif kind == "start":
                self.board = [None] * len(self.board)
                first = refs.player(event["first"])
                self.log.append(say("tt.sudden_death", game=event["game"], player=first) if event["game"] > 1
                                else say("tt.start", player=first))
                marked = [(c, e) for c, e in enumerate(event["elements"]) if e]
                if marked:
                    self.log.append(say("tt.elements"))
                    self.log += [say("tt.element_at", element=e, cell=CELL_NAMES[c]) for c, e in marked]
            elif kind == "end":
                self.log.append(say("tt.end", game=event["game"], first=event["scores"][0],
                                    second=event["scores"][1]))
            elif kind == "take":
                card = self.card(event["card"])
                self.log.append(say("tt.take", player=refs.player(event["player"]), card=card.name))
                self.changes.append(Change(kind="moved", card=refs.card(card.id), player=event["player"],
                                           source=refs.player(1 - event["player"]),
                                           target=refs.player(event["player"]), key="take"))
        close_move()

    def same_or_plus(self, cell: int, card: Card, flipped: int) -> str:
        """Which rule flipped ``flipped`` when ``card`` went on ``cell``: Same when their
        touching sides are equal and Same held there (two matches, or one and a wall), else
        Plus; "same/plus" when the board then is not known."""
        opts = self.game.options
        if not (opts.same and opts.plus):
            return "same" if opts.same else "plus"
        touching = {n: (side, other) for side, n, other in BOARD.touching[cell]}
        neighbours = {n: self.board[n] for n in touching}
        if any(c is False for c in neighbours.values()):
            return "same/plus"
        side, other = touching[flipped]
        faced = neighbours[flipped]
        assert isinstance(faced, Card)
        if card.values[side] != faced.values[other]:
            return "plus"
        hits = sum(card.values[s] == c.values[o] for n, (s, o) in touching.items()
                   if isinstance(c := neighbours[n], Card))
        if hits == 1 and opts.same_wall:
            hits += sum(card.values[s] == 10 for s in BOARD.walls[cell])
        return "same" if hits >= 2 else "plus"


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


MESSAGES.update(GLOSSARY_WORDS)  # the rules in brief and the words of the cards (``glossary.py``)
