"""The action index: every action a game can offer as tokens in one fixed range ``[0, n)``.

Derived from the game's action classes (the frozen dataclasses of its package), never from a
list of moves, so a game registered later gets an index with no change here:

- The classes are taken in the order of their names. The fields that say what an action is
  are its compared dataclass fields, less the labels that only name a card for the notation
  (a field named ``label`` or ending in ``_label``).
- Each field has a domain. An ``int`` field that ``refs()`` reports as a card, a cell or a
  player (found by building the action with a distinct probe value in each field) is a card
  id (``-1`` none, ``0 .. C-1``), a cell (``-1 .. G-1``) or a seat (``-1 .. P-1``); any other
  ``int`` is a number ``-1 .. U-1`` (``U`` covers every card id, cell, seat and 0..63; a
  number past it, an id a game made beyond its cards such as Conflictus's ``set#10092`` for
  a set whose founder founded another, takes the place of its remainder by ``U + 1``); a
  ``bool`` two values; a ``Ref`` field (or ``Ref | None``) none, or a card, cell, player or
  stack item; a ``str`` one word of the game's words: its card names and keys and the string
  constants of the module that defines the action (Final Fantasy TCG's verbs and modes).
- A **list field** (``tuple[int, ...]``, ``list[...]``, ``frozenset[...]`` of any of those,
  Monster Collection's marching creatures) is a sequence of its members' domain: entered
  member by member in the order the action holds them (a game that means a set gives one
  canonical order, so each set is one sequence), then the end-of-list token. Its class is
  always entered in steps; the end token keeps one action's tokens from being the start of
  another's, so the mask after each member is exactly the members that continue a legal
  action, and the end token is legal exactly when the members so far are a whole legal set.
- A class whose fields' domains multiply to at most ``FLAT_LIMIT`` values is **flat**: each of
  its actions is one integer, ``offset + mixed radix of its fields`` (first field most
  significant). A larger class is **entered in steps**: its first token is ``offset +`` its
  first field's value, then one token per further field, from the argument region shared by
  every class (one block per domain: cards, cells, seats, numbers, booleans, references,
  words, and the end-of-list token). A class whose first field is a list has a first token
  of its own and every field after it. A class with no field is one integer.

``tokens(action)`` gives an action's tokens; a value outside its domain is an
``ActionIndexError`` naming the class, the field and the value. Only folded numbers can give
two legal actions of one state the same tokens; then the first in the game's order is the
one they play (``Table.collisions`` counts such states; the tests find none). ``describe()`` is the layout
as rows (what the Research page prints per game).
"""

from __future__ import annotations

import dataclasses
import math
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..kernel.actions import Action
from ..kernel.game import Game
from ..kernel.refs import Kind, Ref
from ..kernel.state import Instances, ZoneLayout, derived

FLAT_LIMIT = 4096
"""The largest class that is one integer per action; larger ones are entered in steps."""
SMALL = 64
"""Numbers ``0 .. SMALL-1`` are always in the number domain (ability indices, payments)."""
ITEMS = 64
"""Stack items a reference may name."""


class ActionIndexError(ValueError):
    """An action the index cannot encode (a value outside its field's domain)."""


@dataclass(frozen=True)
class Domain:
    """The values of one kind of field: ``size`` of them, ``value(x)`` each one's place."""

    name: str
    size: int
    places: dict[Any, int] | None = None  # words and references: value -> place
    low: int = -1  # numbers: the least value
    folds: bool = False  # numbers: a value past the range takes its remainder's place

    def place(self, value: Any) -> int:
        if self.places is not None:
            found = self.places.get(value)
            if found is None:
                raise KeyError(value)
            return found
        if type(value) is bool:
            value = int(value)
        if type(value) is not int:
            raise KeyError(value)
        if not self.low <= value < self.low + self.size:
            if not self.folds:
                raise KeyError(value)
            return (value - self.low) % self.size
        return value - self.low


@dataclass(frozen=True)
class ActionField:
    name: str
    domain: Domain
    many: bool = False  # a list field: its members in the domain, then the end token


@dataclass(frozen=True)
class ActionClass:
    cls: type
    fields: tuple[ActionField, ...]
    offset: int  # the first token of the class
    flat: bool

    @property
    def head_size(self) -> int:
        if not self.fields or self.fields[0].many:
            return 1
        if self.flat:
            return math.prod(f.domain.size for f in self.fields)
        return self.fields[0].domain.size

    @property
    def args(self) -> tuple[ActionField, ...]:
        """The fields entered after the first token."""
        return self.fields if self.fields and self.fields[0].many else self.fields[1:]


def action_classes(game: Game) -> list[type]:
    """The action classes of ``game``'s package, by name (each class once: a slots dataclass
    replaces the class its body made)."""
    package = type(game).__module__.rpartition(".")[0] or type(game).__module__
    found: dict[str, type] = {}
    stack: list[type] = [Action]
    while stack:
        cls = stack.pop()
        stack.extend(cls.__subclasses__())
        module = sys.modules.get(cls.__module__)
        if cls is Action or not (cls.__module__ == package or cls.__module__.startswith(package + ".")):
            continue
        if module is not None and getattr(module, cls.__qualname__, None) is cls:
            found[f"{cls.__module__}.{cls.__qualname__}"] = cls
    return [found[name] for name in sorted(found, key=lambda n: n.rpartition(".")[2] + " " + n)]


def key_fields(cls: type) -> list[dataclasses.Field[Any]]:
    return [f for f in dataclasses.fields(cls)
            if f.compare and f.name != "label" and not f.name.endswith("_label")]


class ActionIndex:
    """The action index of one game (its options: card counts and seats fix the domains)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        spec = derived(game.state_class).spec  # type: ignore[attr-defined]
        players = game.num_players
        if isinstance(spec.cards, Instances):
            cards = players * spec.cards.size(game)
            names = list(game.card_names())
            keys: list[Any] = []
        else:
            cards = game.card_count()
            keys = [game.card_key(i) for i in range(cards)]
            names = []
        cells = max((z.grid.size for z in spec.zones if z.layout is ZoneLayout.GRID), default=0)
        self.cards, self.cells, self.players = cards, cells, players
        numbers = max(cards, cells, players, SMALL)
        refs_places: dict[Any, int] = {None: 0}
        counts = ((Kind.CARD, cards), (Kind.CELL, cells), (Kind.PLAYER, players), (Kind.ITEM, ITEMS))
        for kind, count in counts:
            for i in range(count):
                refs_places[Ref(kind, i)] = len(refs_places)
        self._classes = action_classes(game)
        words = set(names) | {k for k in keys if isinstance(k, str)} | {""}
        for cls in self._classes:
            words |= module_words(cls)
        self.domains = {
            "card": Domain("card", cards + 1), "cell": Domain("cell", cells + 1),
            "player": Domain("player", players + 1), "number": Domain("number", numbers + 1, folds=True),
            "bool": Domain("bool", 2, low=0), "ref": Domain("ref", len(refs_places), refs_places),
            "word": Domain("word", len(words), {w: i for i, w in enumerate(sorted(words))}),
        }
        self.classes: dict[type, ActionClass] = {}
        offset = 0
        for cls in self._classes:
            fields = tuple(ActionField(f.name, self.domains[kind.removesuffix(LIST)], kind.endswith(LIST))
                           for f, kind in field_kinds(cls))
            flat = not any(f.many for f in fields) and math.prod(f.domain.size for f in fields) <= FLAT_LIMIT
            made = ActionClass(cls, fields, offset, flat)
            self.classes[cls] = made
            offset += made.head_size
        self.heads = offset
        self.arg_offsets: dict[str, int] = {}
        args = [f for c in self.classes.values() if not c.flat for f in c.args]
        stepped = {f.domain.name for f in args}
        for name, domain in self.domains.items():
            if name in stepped:
                self.arg_offsets[name] = offset
                offset += domain.size
        self.end = -1  # the end-of-list token, when some class has a list field
        if any(f.many for f in args):
            self.end, offset = offset, offset + 1
        self.n = offset
        self.stepped = bool(stepped) or any(not c.flat for c in self.classes.values())
        self._cache: dict[Action, tuple[int, ...]] = {}

    def tokens(self, action: Action) -> tuple[int, ...]:
        """The tokens of ``action``: one for a flat class, one per field for the rest."""
        made = self._cache.get(action)
        if made is not None:
            return made
        entry = self.classes.get(type(action))
        if entry is None:
            raise ActionIndexError(f"{type(action).__name__} is not an action class of {self.game.name}")
        places: list[Any] = []  # a place per field; a list field's, a list of its members' places
        for f in entry.fields:
            value = getattr(action, f.name)
            try:
                if f.many:
                    if not isinstance(value, tuple | list | frozenset):
                        raise KeyError(value)
                    places.append([f.domain.place(x) for x in value])
                else:
                    places.append(f.domain.place(value))
            except KeyError:
                raise ActionIndexError(
                    f"{self.game.name}: {type(action).__name__}.{f.name} = {value!r} is outside the action "
                    f"index ({f.domain.name}{' list' if f.many else ''}s)") from None
        if not entry.fields:
            out: tuple[int, ...] = (entry.offset,)
        elif entry.flat:
            flat = 0
            for f, p in zip(entry.fields, places, strict=True):
                flat = flat * f.domain.size + p
            out = (entry.offset + flat,)
        else:
            head = [entry.offset] if entry.fields[0].many else [entry.offset + places[0]]
            rest = zip(entry.args, places[len(entry.fields) - len(entry.args):], strict=True)
            for f, p in rest:
                first = self.arg_offsets[f.domain.name]
                if f.many:
                    head += [first + x for x in p]
                    head.append(self.end)
                else:
                    head.append(first + p)
            out = tuple(head)
        if len(self._cache) < 200_000:
            self._cache[action] = out
        return out

    @property
    def max_tokens(self) -> int:
        """The most tokens one action can take (a list field at most every value of its domain)."""
        def most(c: ActionClass) -> int:
            if c.flat or not c.fields:
                return 1
            return 1 + sum(f.domain.size + 1 if f.many else 1 for f in c.args)
        return max((most(c) for c in self.classes.values()), default=1)

    def describe(self) -> Iterator[tuple[str, int, int, str]]:
        """(what, first token, count, how) rows: each class, then each argument block."""
        for entry in self.classes.values():
            fields = " x ".join(f"{f.name} ({f.domain.name} list: each, then the end)" if f.many else
                                f"{f.name} ({f.domain.name}s, {f.domain.size})" for f in entry.fields)
            head = "the class" if entry.fields and entry.fields[0].many else "the first"
            how = "one integer" if not entry.fields else (
                f"flat: {fields}" if entry.flat else f"in steps: {fields}; {head} here, the rest below")
            yield entry.cls.__name__, entry.offset, entry.head_size, how
        for name, first in self.arg_offsets.items():
            yield f"argument: {name}", first, self.domains[name].size, "one token per value"
        if self.end >= 0:
            yield "argument: end of a list", self.end, 1, "after a list field's members"


def module_words(cls: type) -> set[str]:
    """The string constants of the module that defines ``cls`` (verbs, modes), and the string
    fields of its action constants (Monster Collection's ``END_MAIN = End("main")``)."""
    module = sys.modules.get(cls.__module__)
    out: set[str] = set()
    for name, value in vars(module).items() if module else ():
        if name.startswith("__"):
            continue
        if isinstance(value, str):
            out.add(value)
        elif isinstance(value, tuple | list | frozenset) and value and all(isinstance(v, str) for v in value):
            out.update(value)
        elif isinstance(value, Action):
            fields = (getattr(value, f.name) for f in key_fields(type(value)))
            out.update(x for x in fields if isinstance(x, str))
    return out


PROBE = 1_000_003
REF_DOMAINS = {Kind.CARD: "card", Kind.CELL: "cell", Kind.PLAYER: "player"}
LIST = " list"
"""The suffix of a list field's kind (``"card list"``: a list of card ids)."""
LIST_HINT = re.compile(r"^(?:tuple\[(?P<t>[\w. |]+), \.\.\.\]|(?:list|frozenset|set)\[(?P<l>[\w. |]+)\])$")


def type_name(hint: Any) -> str:
    """A field's annotation as text without module prefixes (``refs.Ref | None``: ``Ref | None``;
    ``tuple[int, ...]``: ``int list``)."""
    text = hint if isinstance(hint, str) else getattr(hint, "__name__", repr(hint))
    text = text.replace("typing.", "").strip()
    found = LIST_HINT.match(text)
    if found:
        return type_name(found["t"] or found["l"]) + LIST
    return " | ".join(part.strip().rpartition(".")[2] for part in text.split("|"))


def field_kinds(cls: type) -> list[tuple[dataclasses.Field[Any], str]]:
    """Each key field of ``cls`` with its domain's name; an ``int`` field's from ``refs()``."""
    hints = {f.name: type_name(f.type) for f in dataclasses.fields(cls)}
    fields = key_fields(cls)
    probe: dict[str, Any] = {}
    for i, f in enumerate(dataclasses.fields(cls)):
        hint = hints.get(f.name) or ""
        one = {"bool": False, "str": "", "int": PROBE + i}.get(hint.removesuffix(LIST))
        probe[f.name] = (one,) if hint.endswith(LIST) else one
    seen: dict[int, str] = {}
    try:
        made = cls(**probe)
        for ref in made.refs():
            seen.setdefault(ref.id, REF_DOMAINS.get(ref.kind, "number"))
    except Exception:  # noqa: BLE001 - a class whose refs() cannot run on probes: its ints are numbers
        seen = {}
    out = []
    for i, f in enumerate(dataclasses.fields(cls)):
        if f not in fields:
            continue
        hint = hints.get(f.name) or ""
        member = hint.removesuffix(LIST)
        if member == "bool":
            kind = "bool"
        elif member == "int":
            kind = seen.get(PROBE + i, "number")
        elif member == "str":
            kind = "word"
        elif member in ("Ref", "Ref | None"):
            kind = "ref"
        else:
            raise ActionIndexError(f"{cls.__name__}.{f.name}: no action index for a field of type {hint!r}")
        out.append((f, kind + LIST if hint.endswith(LIST) else kind))
    return out
