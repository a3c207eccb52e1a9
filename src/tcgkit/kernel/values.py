"""The value types a game declares its state with: how each field is copied, written as JSON
and read back with checks that name the field.

A state's hot representation stays plain ints, lists, sets and dicts; these types are the
metadata the kernel reads to derive ``clone`` (generated code, as fast as a hand-written one),
keyed JSON and views (``kernel/state.py``). Reading JSON from outside checks every value and
raises one ``NotationError`` naming where it is (``state JSON: owner[3]: ...``); nothing
half-read is returned.

Cards are card ids in the state and card keys in JSON (``Codec``): a name, a label, or
``Name#id`` for games whose cards are instances.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar, TypeVar, cast, dataclass_transform

from .errors import NotationError
from .refs import KINDS, Kind, Ref, make

STATE_JSON = "state JSON: "


def bad(where: str, problem: str) -> NotationError:
    return NotationError(f"{STATE_JSON}{where}: {problem}")


def excerpt(value: object) -> str:
    """A short quote of a value from outside (never a whole file's worth)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class Codec:
    """Card ids <-> card keys. ``load`` may see kinds of instances (``Ctx.kinds``)."""

    def key(self, card: int) -> Any:
        raise NotImplementedError

    def card(self, key: Any, ctx: Ctx, where: str) -> int:
        raise NotImplementedError


class Ctx:
    """What reading and writing a state's values needs: the game, its players, its cards."""

    __slots__ = ("codec", "game", "kinds", "players")

    def __init__(self, game: Any, codec: Codec, players: int) -> None:
        self.game, self.codec, self.players = game, codec, players
        self.kinds: dict[int, int] = {}  # instance id -> card index, as keys name them


class Value:
    """A declared value. ``shared`` values are never changed in place, so a clone shares them."""

    shared: ClassVar[bool] = True
    holds_cards: ClassVar[bool] = False

    def copy_code(self, expr: str) -> str:
        """A Python expression copying the value held in ``expr`` (``clone``'s generated code)."""
        return expr

    def dump(self, value: Any, ctx: Ctx) -> Any:
        return value

    def load(self, data: Any, ctx: Ctx, where: str) -> Any:
        raise NotImplementedError

    def cards(self, value: Any) -> Iterator[int]:
        """The card ids in ``value`` (conservation counts those of fields that hold cards)."""
        return iter(())


@dataclass(frozen=True)
class Int(Value):
    low: int | None = None
    high: int | None = None

    def load(self, data: Any, ctx: Ctx, where: str) -> int:
        if type(data) is not int:
            raise bad(where, f"should be a whole number, not {excerpt(data)}")
        if (self.low is not None and data < self.low) or (self.high is not None and data > self.high):
            low = "" if self.low is None else self.low
            high = "" if self.high is None else self.high
            raise bad(where, f"should be in {low}..{high}, not {data}")
        return data


@dataclass(frozen=True)
class Player(Value):
    """A seat, ``0 .. players - 1``."""

    def load(self, data: Any, ctx: Ctx, where: str) -> int:
        if type(data) is not int or not 0 <= data < ctx.players:
            raise bad(where, f"should be a player 0..{ctx.players - 1}, not {excerpt(data)}")
        return data


@dataclass(frozen=True)
class Bool(Value):
    def load(self, data: Any, ctx: Ctx, where: str) -> bool:
        if type(data) is not bool:
            raise bad(where, f"should be true or false, not {excerpt(data)}")
        return data


@dataclass(frozen=True)
class Text(Value):
    choices: tuple[str, ...] | None = None
    empty: bool = True  # may it be ""?

    def load(self, data: Any, ctx: Ctx, where: str) -> str:
        if not isinstance(data, str):
            raise bad(where, f"should be text, not {excerpt(data)}")
        if not (data or self.empty):
            raise bad(where, "should not be empty")
        if self.choices is not None and data not in self.choices:
            raise bad(where, f"should be one of {', '.join(self.choices)}, not {excerpt(data)}")
        return data


@dataclass(frozen=True)
class Named(Value):
    """An index into ``names``, written as the name (``names[i]`` of ``None`` writes null)."""

    names: tuple[str | None, ...]

    def dump(self, value: Any, ctx: Ctx) -> Any:
        return self.names[value]

    def load(self, data: Any, ctx: Ctx, where: str) -> int:
        if (data is None or isinstance(data, str)) and data in self.names:
            return self.names.index(data)
        shown = ", ".join("null" if n is None else n for n in self.names)
        raise bad(where, f"should be one of {shown}, not {excerpt(data)}")


@dataclass(frozen=True)
class Card(Value):
    """A card id, written as its key (``Codec``). ``special`` values (below 0) are written as
    they are: none, all..."""

    special: tuple[int, ...] = ()

    def dump(self, value: Any, ctx: Ctx) -> Any:
        return value if value in self.special else ctx.codec.key(value)

    def load(self, data: Any, ctx: Ctx, where: str) -> int:
        if type(data) is int and data in self.special:
            return data
        return ctx.codec.card(data, ctx, where)

    def cards(self, value: Any) -> Iterator[int]:
        if value not in self.special:
            yield value


@dataclass(frozen=True)
class Id(Value):
    """An instance id written bare: a reference to a card that must not say its name (a mark
    on a card now out of sight). Only instance games have them."""

    def load(self, data: Any, ctx: Ctx, where: str) -> int:
        count = ctx.codec.count  # type: ignore[attr-defined]
        if type(data) is not int or not 0 <= data < count:
            raise bad(where, f"should be a card id 0..{count - 1}, not {excerpt(data)}")
        return data


@dataclass(frozen=True)
class Opt(Value):
    """The inner value or ``None``."""

    inner: Value

    @property
    def shared(self) -> bool:  # type: ignore[override]
        return self.inner.shared

    def copy_code(self, expr: str) -> str:
        inner = self.inner.copy_code(expr)
        return expr if inner == expr else f"(None if {expr} is None else {inner})"

    def dump(self, value: Any, ctx: Ctx) -> Any:
        return None if value is None else self.inner.dump(value, ctx)

    def load(self, data: Any, ctx: Ctx, where: str) -> Any:
        return None if data is None else self.inner.load(data, ctx, where)

    def cards(self, value: Any) -> Iterator[int]:
        return iter(()) if value is None else self.inner.cards(value)


def _items(data: Any, where: str, size: int | None) -> list[Any]:
    if not isinstance(data, list):
        raise bad(where, f"should be a list, not {excerpt(data)}")
    if size is not None and len(data) != size:
        raise bad(where, f"should hold {size} entries, not {len(data)}")
    return data


@dataclass(frozen=True)
class ListOf(Value):
    """A list; ``size`` fixes its length (``"players"``: one entry per player)."""

    inner: Value
    size: int | str | None = None
    shared: ClassVar[bool] = False

    def length(self, ctx: Ctx) -> int | None:
        return ctx.players if self.size == "players" else self.size  # type: ignore[return-value]

    def copy_code(self, expr: str) -> str:
        if self.inner.shared:
            return f"{expr}[:]"
        return f"[{self.inner.copy_code('x')} for x in {expr}]"

    def dump(self, value: Any, ctx: Ctx) -> Any:
        inner = self.inner
        if type(inner) in (Int, Player, Bool, Text):
            return list(value)
        return [inner.dump(v, ctx) for v in value]

    def load(self, data: Any, ctx: Ctx, where: str) -> Any:
        inner, items = self.inner, _items(data, where, self.length(ctx))
        return [inner.load(v, ctx, f"{where}[{i}]") for i, v in enumerate(items)]

    def cards(self, value: Any) -> Iterator[int]:
        for v in value:
            yield from self.inner.cards(v)


def PerPlayer(inner: Value) -> ListOf:  # noqa: N802 - reads as a type, like the others
    """One value per player: ``value[p]`` is player p's."""
    return ListOf(inner, "players")


@dataclass(frozen=True)
class TupleOf(ListOf):
    """A tuple: never changed in place, so clones share it."""

    shared: ClassVar[bool] = True

    def copy_code(self, expr: str) -> str:
        return expr

    def load(self, data: Any, ctx: Ctx, where: str) -> tuple[Any, ...]:
        return tuple(super().load(data, ctx, where))


@dataclass(frozen=True)
class SetOf(Value):
    """A set, written sorted."""

    inner: Value
    shared: ClassVar[bool] = False

    def copy_code(self, expr: str) -> str:
        return f"set({expr})"

    def dump(self, value: Any, ctx: Ctx) -> Any:
        return [self.inner.dump(v, ctx) for v in sorted(value)]

    def load(self, data: Any, ctx: Ctx, where: str) -> set[Any] | frozenset[Any]:
        items = [self.inner.load(v, ctx, f"{where}[{i}]") for i, v in enumerate(_items(data, where, None))]
        if len(set(items)) != len(items):
            raise bad(where, "lists an entry twice")
        return set(items)


class FrozenSetOf(SetOf):
    """A frozenset: never changed in place, so clones share it."""

    shared: ClassVar[bool] = True

    def copy_code(self, expr: str) -> str:
        return expr

    def load(self, data: Any, ctx: Ctx, where: str) -> frozenset[Any]:
        return frozenset(super().load(data, ctx, where))


@dataclass(frozen=True)
class RefOf(Value):
    """A typed reference (``kernel/refs.py``: a card, a player, a cell, a stack item), written
    ``{"kind": ..., "id": ...}``."""

    def dump(self, value: Any, ctx: Ctx) -> Any:
        return value.to_json()

    def load(self, data: Any, ctx: Ctx, where: str) -> Ref:
        row = table(data, where, ("kind", "id"))
        kind = Text(KINDS).load(row["kind"], ctx, f"{where}.kind")
        return make(Kind(kind), Int().load(row["id"], ctx, f"{where}.id"))


@dataclass(frozen=True)
class AnyObject(Value):
    """A JSON object kept as it is read (a game's options, an outcome): its own reader checks
    what is inside when it is used."""

    def load(self, data: Any, ctx: Ctx, where: str) -> dict[str, Any]:
        if not isinstance(data, dict):
            raise bad(where, f"should be an object, not {excerpt(data)}")
        return data


@dataclass(frozen=True)
class Numbered(Value):
    """An object keyed by action numbers written as text (``"1"``, ``"12"``): what was said of
    some of a match's moves."""

    inner: Value

    def dump(self, value: Any, ctx: Ctx) -> Any:
        return {k: self.inner.dump(v, ctx) for k, v in value.items()}

    def load(self, data: Any, ctx: Ctx, where: str) -> dict[str, Any]:
        if not isinstance(data, dict):
            raise bad(where, f"should map action numbers to entries, not {excerpt(data)}")
        for key in data:
            if not (isinstance(key, str) and key.isdigit()):
                raise bad(where, f"should map action numbers to entries, not {excerpt(key)}")
        return {k: self.inner.load(v, ctx, f"{where}[{k}]") for k, v in data.items()}


@dataclass(frozen=True)
class EntriesOf(Value):
    """A kernel container whose ``entries`` are immutable records (``Replacements``' shields),
    written as the list of its entries; ``cls(entries)`` makes it again."""

    cls: Any
    inner: Value
    shared: ClassVar[bool] = False

    def copy_code(self, expr: str) -> str:
        return f"{expr}.copy()"

    def dump(self, value: Any, ctx: Ctx) -> Any:
        return [self.inner.dump(entry, ctx) for entry in value.entries]

    def load(self, data: Any, ctx: Ctx, where: str) -> Any:
        items = _items(data, where, None)
        return self.cls(self.inner.load(x, ctx, f"{where}[{i}]") for i, x in enumerate(items))


@dataclass(frozen=True)
class MapOf(Value):
    """A dict, written as a list of objects ``{names[0]: key, names[1]: value}`` in key order,
    or ``in_order`` the order its entries were made, when the rules walk them in that order
    (Conflictus's sets and attacks, a character's items), so a state read back plays the same."""

    key: Value
    value: Value
    names: tuple[str, str] = ("key", "value")
    in_order: bool = False
    shared: ClassVar[bool] = False

    def copy_code(self, expr: str) -> str:
        if self.value.shared:
            return f"dict({expr})"
        return f"{{k: {self.value.copy_code('v')} for k, v in {expr}.items()}}"

    def dump(self, value: Any, ctx: Ctx) -> Any:
        k, v = self.names
        keys = value if self.in_order else sorted(value)
        return [{k: self.key.dump(key, ctx), v: self.value.dump(value[key], ctx)} for key in keys]

    def load(self, data: Any, ctx: Ctx, where: str) -> dict[Any, Any]:
        k, v = self.names
        out: dict[Any, Any] = {}
        for i, entry in enumerate(_items(data, where, None)):
            at = f"{where}[{i}]"
            row = table(entry, at, self.names)
            key = self.key.load(row[k], ctx, f"{at}.{k}")
            if key in out:
                raise bad(at, f"{k} {excerpt(row[k])} is listed twice")
            out[key] = self.value.load(row[v], ctx, f"{at}.{v}")
        return out

    def cards(self, value: Any) -> Iterator[int]:
        for key, item in value.items():
            yield from self.key.cards(key)
            yield from self.value.cards(item)


def table(data: Any, where: str, keys: Sequence[str], optional: Sequence[str] = ()) -> dict[str, Any]:
    """``data`` as an object with exactly ``keys`` (and perhaps ``optional`` ones)."""
    if not isinstance(data, dict):
        raise bad(where, f"should be an object with {', '.join(keys)}")
    missing = [k for k in keys if k not in data]
    if missing:
        raise bad(where, f"missing field {missing[0]!r}")
    extra = sorted(excerpt(k) for k in data if k not in keys and k not in optional)
    if extra:
        raise bad(where, f"unknown field {extra[0]}")
    return data


class SideRecord:
    """A keyed side record of a state (a set of cards, a fight), made with ``@record``: a slots
    dataclass whose ``FIELDS`` declare each field's value type. It is copied field by field
    and written as an object with the field names."""

    FIELDS: ClassVar[dict[str, Value]]

    def copy(self) -> SideRecord:
        raise NotImplementedError  # ``record`` writes it from FIELDS


RecordT = TypeVar("RecordT", bound=type[SideRecord])


@dataclass_transform()
def record(cls: RecordT) -> RecordT:
    """``@record`` over a ``SideRecord`` subclass: a slots dataclass with a ``copy`` written from
    its ``FIELDS`` (each field copied as its type says)."""
    made: Any = dataclass(slots=True)(cls)
    names = [f.name for f in fields(made)]
    if names != list(made.FIELDS):
        raise TypeError(f"{made.__name__}: FIELDS {list(made.FIELDS)} do not match the fields {names}")
    args = ", ".join(f"{n}={made.FIELDS[n].copy_code('self.' + n)}" for n in names)
    scope: dict[str, Any] = {"cls": made}
    exec(f"def copy(self):\n    return cls({args})\n", scope)  # noqa: S102 - code made from FIELDS
    made.copy = scope["copy"]
    return cast(RecordT, made)


@dataclass(frozen=True)
class Rec(Value):
    """A ``SideRecord`` (copied field by field), or a ``NamedTuple`` or any class whose field
    types ``fields`` gives (``cls(**fields)`` makes it). ``immutable``: never changed in place
    (a NamedTuple always is), so clones share it; otherwise it has a ``copy()``. ``held``:
    the cards that lie in it, for a field that holds cards (the spells on a stack)."""

    cls: Any
    fields: dict[str, Value] | None = None
    immutable: bool = False
    held: Callable[[Any], Iterable[int]] | None = None
    optional: tuple[str, ...] = ()  # fields that may be left out: the class's default then

    @property
    def shared(self) -> bool:  # type: ignore[override]
        return self.immutable or issubclass(self.cls, tuple)

    @property
    def kinds(self) -> dict[str, Value]:
        kinds: dict[str, Value] = self.cls.FIELDS if self.fields is None else self.fields
        return kinds

    def copy_code(self, expr: str) -> str:
        return expr if self.shared else f"{expr}.copy()"

    def dump(self, value: Any, ctx: Ctx) -> Any:
        return {name: kind.dump(getattr(value, name), ctx) for name, kind in self.kinds.items()}

    def load(self, data: Any, ctx: Ctx, where: str) -> Any:
        kinds, optional = self.kinds, self.optional
        row = table(data, where, tuple(k for k in kinds if k not in optional), optional)
        return self.cls(**{name: kind.load(row[name], ctx, f"{where}.{name}")
                           for name, kind in kinds.items() if name in row})

    def cards(self, value: Any) -> Iterator[int]:
        if self.held is not None:
            yield from self.held(value)
            return
        for name, kind in self.kinds.items():
            yield from kind.cards(getattr(value, name))


PLAIN = Ctx(None, Codec(), 0)
"""The context of values that name no card by its key and need no game (the kernel's own
records: a resolution, shields, a replay record)."""


def read(kind: Value, data: Any, where: str, error: Callable[[str], Exception]) -> Any:
    """``data`` from outside a state (a file, a frame) read by its declaration, every value
    checked as a state's are, the first problem ("where: what is wrong") raised as the caller's
    ``error`` made from it, and nothing half-read returned."""
    try:
        return kind.load(data, PLAIN, where)
    except NotationError as exc:
        raise error(str(exc).removeprefix(STATE_JSON)) from None
