"""Scenes: what a seat sees, as typed data every front end draws.

A game's ``scene.py`` builds a ``Scene`` from a **view** (never from the state), the legal
actions of the viewer when it is to move, and the events it may see:

- **seats**: each player's counters (score, skulls, mons size...), whether they are out, and
  whose turn it is;
- **areas**: the zones as laid out (rows, piles, stacks, grids with the turns a seat rotates
  them), each with its owner and its items, card faces or empty cells;
- a **face**: name (or face down; also in the card data's other languages), the fields to
  show (key, label, value, where around the name), style tokens (a faction, an element) and
  marks (wounded, used);
- the **stack** and the priority **window**; the **decision** (its prompt, and its default for
  the decider); the **moves** as ``{notation, refs}`` where refs name the cards, cells and
  players a move involves, so a front end can offer "click a card, then a cell";
- **templates**: per kind of card, where each field goes on a face (the stats in fixed
  corners or a row, the cost, the type line, the rules text) and what its art is drawn from;
  a field the template places nowhere shows in the full form a front end zooms to;
- **places**: a grid cell holds its card and what ``stands`` on it (Monster Collection's
  parties on their terrain), each with its owner; every area has a ``role`` (the shared board,
  a hand, cards in play, a pile) so a front end lays out a table without knowing the game;
- **changes**: what the events told as typed highlights (a card placed, moved from where to
  where, flipped, damaged, dead; dice with their faces; a counter changed), so a front end
  animates the last move and marks it without knowing the game;
- the **status** and the **log** as sentences: a message id and its arguments, never
  pre-rendered text, so a front end can translate them. A game's catalogue gives each id its
  English template (``Message``). A label, a cell's mark or a value is a word of the game
  (``hand``: a front end shows the translation of the message whose English it is) or, when
  built from parts (``E6 empty``), a sentence too.

Because a scene is a function of a view, what a viewer cannot see can change nothing in it:
the conformance suite re-deals hidden cards and checks the scene is the same.
``scene_schema()`` is the JSON Schema of ``Scene.to_json()``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from .refs import Ref

if TYPE_CHECKING:
    from .actions import Action

Value = str | int | float | bool | None
At = Literal["top", "right", "bottom", "left", "corner"]
AreaLayout = Literal["row", "pile", "stack", "grid"]
Role = Literal["", "board", "hand", "play", "pile"]
Place = Literal["top", "right", "bottom", "left", "corner", "cost", "stats", "type", "text", "badge"]
ChangeKind = Literal["placed", "moved", "flipped", "revealed", "played", "drawn", "discarded", "damaged",
                     "healed", "died", "dice", "counter", "attacked", "passed"]


class Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Sentence(Model):
    """A message id and its arguments: text, numbers, or references (a player, a card, a
    cell) that a front end names in its own way."""

    id: str
    args: dict[str, Value | Ref | list[Value | Ref]] = Field(default_factory=dict)


def say(message: str, **args: Value | Ref | Sequence[Value | Ref]) -> Sentence:
    """A sentence: ``say("tt.place", player=refs.player(0), card="Geezard", cell=4)``."""
    return Sentence(id=message, args={k: v if isinstance(v, Value | Ref) else list(v)
                                      for k, v in args.items()})


class Shown(Model):
    """One field of a face: ``at`` places it around the name (a Triple Triad edge), else it
    is listed. ``translations`` holds the value in other languages (card text). A value may
    be a list of words and sentences, said one after another with ", " (an ability list:
    ``["instant", say("mc.ability.initiative", amount="+1")]``)."""

    key: str
    label: str
    value: Value | Sentence | list[Value | Sentence]
    at: At | None = None
    translations: dict[str, str] = Field(default_factory=dict)
    style: list[str] = Field(default_factory=list)


class Face(Model):
    """A card as a viewer sees it: face up with its name and fields, or face down. ``names``
    holds the name in the other languages the card data holds (``{"zh": "餘燼小鬼#12"}``): a
    front end shows the reader's, and keeps ``name`` (what the notation types) at hand."""

    ref: Ref | None = None
    name: str | None = None
    names: dict[str, str] = Field(default_factory=dict)
    kind: str = ""
    """The ``Template`` it is drawn by (a creature, a spell); ``""``: its fields by their ``at``."""
    up: bool = True
    owner: int | None = None
    fields: list[Shown] = Field(default_factory=list)
    style: list[str] = Field(default_factory=list)
    marks: list[str] = Field(default_factory=list)


class Template(Model):
    """How one kind of card is drawn, said once per kind: ``places`` puts a field (by its key)
    on the face. ``top``, ``right``, ``bottom`` and ``left`` sit on the edges (Triple Triad's
    ranks); ``corner`` and ``cost`` in the top corners; ``stats`` in a row at the foot (attack,
    defence), in the order the face lists them; ``type`` is the line under the art; ``text``
    the rules text box; ``badge`` a short mark on the art. A field placed nowhere shows only in
    the full form (the zoom), where every field is listed with its label. ``art``: the family of
    the face's style tokens its art is drawn from (``element`` draws ``element:fire``)."""

    kind: str
    places: dict[str, Place] = Field(default_factory=dict)
    art: str = ""


class Change(Model):
    """One thing the last step did, for a front end to animate and mark: ``card`` was placed
    at, moved from ``source`` to ``target`` (each a ref, or an area's key), flipped to
    ``player``'s colour, revealed, played, drawn, discarded, damaged or healed by ``amount``,
    died; ``dice`` rolled ``values`` for ``player``; a ``counter`` (``key``) of ``player``
    changed by ``amount``; a card or ``player`` attacked ``target``; a player passed."""

    kind: ChangeKind
    card: Ref | None = None
    player: int | None = None
    source: Ref | str | None = None
    target: Ref | str | None = None
    amount: int | None = None
    values: list[int] = Field(default_factory=list)
    key: str = ""


class SceneCounter(Model):
    key: str
    label: str
    value: Value | Sentence


class Seat(Model):
    player: int
    counters: list[SceneCounter] = Field(default_factory=list)
    out: bool = False
    to_move: bool = False
    style: list[str] = Field(default_factory=list)


class Area(Model):
    """A zone as laid out. ``items`` are faces, ``None`` for an empty cell; a hidden zone has
    no items, only its ``count``. A grid has ``rows`` and ``cols`` (its items row by row) and
    ``turns``: how far each seat rotates it (``{"1": 2}``: the seat across sees it upside down).
    ``cell_marks`` labels a grid's cells (a cell's element), ``None`` where none.
    ``group`` gathers areas that belong together (a player's side). ``role`` places it on a
    table: the shared ``board`` in the middle, a ``hand`` (the viewer's docked at the foot),
    cards in ``play`` by their owner's seat, a ``pile`` (a deck, a discard pile) at the side.
    ``standing`` holds, cell by cell, the faces that stand on a grid's cell (front first)."""

    key: str
    label: str | Sentence
    owner: int | None = None
    layout: AreaLayout = "row"
    items: list[Face | None] = Field(default_factory=list)
    count: int = 0
    hidden: bool = False
    rows: int = 0
    cols: int = 0
    turns: dict[int, int] = Field(default_factory=dict)
    cell_marks: list[str | Sentence | None] = Field(default_factory=list)
    refs: list[Ref] = Field(default_factory=list)
    counters: list[SceneCounter] = Field(default_factory=list)
    group: str = ""
    style: list[str] = Field(default_factory=list)
    role: Role = ""
    standing: list[list[Face]] = Field(default_factory=list)


class Move(Model):
    """A legal action: its notation, what it points at, and what it does: a ``note`` (a
    sentence) or the ``text`` of the card or ability it uses (card text, in its languages)."""

    notation: str
    refs: list[Ref] = Field(default_factory=list)
    note: Sentence | None = None
    text: Shown | None = None


class Pending(Model):
    """The decision asked now: who decides, what, and (for the decider) the default a
    turn timer takes."""

    player: int
    kind: str
    prompt: Sentence
    secret: bool = False
    default: str | None = None


class StackItem(Model):
    face: Face
    player: int
    note: Sentence | None = None


class SceneWindow(Model):
    kind: str
    holder: int
    label: Sentence | None = None


class Scene(Model):
    """``named_seats``: seats are called by name only, never by a colour (a game whose own
    colours are words of its rules: Forge & Fury's green, red and blue). ``sides_table``: the
    grouped areas are few and small, one row per group (a player) and one column per area.
    ``templates``: how each kind of card is drawn; ``changes``: what the events of the scene's
    log did, in order, as highlights."""

    game: str
    viewer: int | None
    seats: list[Seat]
    areas: list[Area]
    pending: Pending | None = None
    moves: list[Move] = Field(default_factory=list)
    status: list[Sentence] = Field(default_factory=list)
    log: list[Sentence] = Field(default_factory=list)
    stack: list[StackItem] = Field(default_factory=list)
    window: SceneWindow | None = None
    outcome: dict[str, Any] | None = None
    named_seats: bool = False
    sides_table: bool = False
    templates: list[Template] = Field(default_factory=list)
    changes: list[Change] = Field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = self.model_dump(mode="json")
        return data

    def area(self, key: str) -> Area:
        for area in self.areas:
            if area.key == key:
                return area
        raise KeyError(f"no area {key!r}; the scene has {', '.join(a.key for a in self.areas)}")


# -- building blocks for a game's scene.py ------------------------------------------------------
Note = Callable[["Action"], "Sentence | None"]
Events = Sequence[dict[str, Any]]
"""The events a scene's log tells, as ``State.events_since`` gives them to its viewer."""


def moves_of(actions: Sequence[Action], note: Note | None = None) -> list[Move]:
    """The legal actions as moves: notation, refs and (when ``note`` says one) what each does."""
    out = []
    for action in actions:
        said = None if note is None else note(action)
        out.append(_bare_move(str(action), action.refs()) if said is None else
                   Move(notation=str(action), refs=list(action.refs()), note=said))
    return out


@lru_cache(maxsize=8192)
def _bare_move(notation: str, refs: tuple[Ref, ...]) -> Move:
    """A move without a note, made once: a server builds the same few hundred again and again
    (a mover's scene lists up to 45 in Triple Triad), and a move is frozen."""
    return Move(notation=notation, refs=list(refs))


def pending_of(view: dict[str, Any], prompt: Sentence, default: Action | None) -> Pending | None:
    """The decision a view shows as pending, with ``prompt``; ``default`` for its decider."""
    decisions = view["decisions"]
    if not decisions:
        return None
    top = decisions[-1]
    shown = None if default is None or view["viewer"] != top["player"] else str(default)
    return Pending(player=top["player"], kind=top["kind"], prompt=prompt, secret=top["secret"], default=shown)


def plain_scene(game: str, view: dict[str, Any], actions: Sequence[Action], events: Events,
                default: Action | None, players: int) -> Scene:
    """A scene any game gets without a ``scene.py``: every zone an area of its card keys,
    every event a sentence named after its kind (``brawl.draw``) with its data."""
    areas = []
    for name, zone in view["zones"].items():
        cards = zone.get("cards")
        items: list[Face | None] = [] if cards is None else [
            None if key is None else Face(up=False) if key is False
            else Face(name=str(key), owner=zone["owner"]) for key in cards]
        areas.append(Area(key=name, label=name, owner=zone["owner"], items=items, count=zone["count"],
                          hidden=cards is None))
    top = view["decisions"][-1] if view["decisions"] else None
    prompt = say(f"{game}.prompt.{top['kind']}") if top else say(f"{game}.over")
    log = [Sentence(id=f"{game}.{e['kind']}", args={k: _plain(v) for k, v in e.items() if k != "kind"})
           for e in events]
    return Scene(game=game, viewer=view["viewer"], areas=areas, log=log, outcome=view["outcome"],
                 seats=[Seat(player=p, to_move=view["to_move"] == p) for p in range(players)],
                 pending=pending_of(view, prompt, default), moves=moves_of(actions))


def _plain(value: Any) -> Any:
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    if isinstance(value, list) and all(isinstance(v, str | int | float | bool) or v is None for v in value):
        return value
    return str(value)


class Column(Model):
    """A column of a card table; ``translations`` names the row key holding its value in
    another language (``{"en": "text_en"}``)."""

    key: str
    label: str
    justify: Literal["left", "right"] = "left"
    translations: dict[str, str] = Field(default_factory=dict)


class CardTable(Model):
    """A game's card table (``tcgkit cards``): ``rows`` hold every key of each card (what
    ``--json`` prints), ``columns`` the ones a table shows; ``styles`` are each row's tokens."""

    title: str
    columns: list[Column]
    rows: list[dict[str, Value]]
    styles: list[list[str]] = Field(default_factory=list)


def scene_schema() -> dict[str, Any]:
    """The JSON Schema of ``Scene.to_json()``, for front ends in other languages."""
    schema: dict[str, Any] = Scene.model_json_schema(mode="serialization")
    return schema


# -- the messages' English: each game's catalogue ---------------------------------------------
@dataclass(frozen=True)
class Message:
    """The English of a message id: ``text`` with ``{arg}`` places, where ``{arg:one|more}``
    is the word for one or for more than one (``{count} {count:card|cards}``); ``you`` the
    form when the sentence's ``subject`` argument is the seat that reads it ("You play", not
    "You plays"). ``joins``: the sentence goes on the line before, after this separator; or
    after ``first``, when given, if it is the first sentence to join that line (a move's flips
    after ": ", then "; ")."""

    text: str
    you: str = ""
    subject: str = "player"
    joins: str = ""
    first: str | None = None


Catalogue = dict[str, Message]


def messages(entries: dict[str, str | tuple[str, str] | Message]) -> Catalogue:
    """A catalogue from ``{id: "text"}``, ``{id: ("text", "you form")}`` or ``Message``s."""
    out: Catalogue = {}
    for key, entry in entries.items():
        if isinstance(entry, Message):
            out[key] = entry
        else:
            text, you = (entry, "") if isinstance(entry, str) else entry
            out[key] = Message(text, you)
    return out


__all__ = [
    "Area", "AreaLayout", "At", "CardTable", "Catalogue", "Change", "ChangeKind", "Column", "Face", "Message",
    "Move", "Pending", "Place", "Role", "Scene", "SceneCounter", "SceneWindow", "Seat", "Sentence", "Shown",
    "StackItem", "Template", "Value", "messages", "moves_of", "pending_of", "plain_scene", "say",
    "scene_schema",
]
