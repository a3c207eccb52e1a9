"""Declared state: a game says once what its state holds; the kernel derives the rest.

A state class declares ``SPEC = StateSpec(...)``:

- ``zones``: where the cards lie (piles, rows, stacks, grids), one list per player or one for
  the table, each with its visibility now (everyone, its owner, nobody) and, where a card can
  lie face down in a zone others see, the visibility of each slot (``Zone.face_down``);
- ``fields``: everything else the position holds, each a typed value (``values.py``) with a
  visibility (everyone, each entry its own player, nobody);
- ``log``: the entries the rules append, each with typed fields, some seen only by the
  entry's player (``Entry.secret``);
- ``cards``: ``CATALOG`` (a card is an index of the game's card table, its key the game's
  ``card_key``) or ``Instances`` (an id per physical card, with a kind table; key ``Name#id``);
- ``knowledge`` (instance games): the field (``known_field``) listing per player the cards
  they know though the place they lie in hides them (a card shown, then put on a deck or into
  a hand; a look at a deck's top), the set of players who know a card growing as the rules
  show it, until a shuffle forgets it (``learn``, ``forget``).

The hot representation stays plain ints and lists on ``__slots__`` the kernel writes from
the declaration. From it the kernel derives ``clone`` (generated code), ``to_json`` and
``state_from_json`` (keyed; every value checked, errors naming the field), ``view`` (each
zone and field redacted for the viewer, a card the viewer knows shown where it lies), events
from the log, ``redeal_hidden`` and ``determinize`` (cards dealt into the hidden slots, whole
zones or single face-down slots, a known card kept in its place) and the conservation half of
``check_invariants`` (every card in exactly one place).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .actions import Decision
from .errors import NotationError
from .events import Event
from .rng import Rng
from .values import (
    Bool,
    Codec,
    Ctx,
    Id,
    ListOf,
    PerPlayer,
    Player,
    Rec,
    SetOf,
    Text,
    Value,
    bad,
    excerpt,
    table,
)

EMPTY = -1
"""An empty slot: a grid cell with no card, a single-card zone holding none."""
FACE_DOWN = False
"""What a view shows for a card it may not see in a zone it sees (``null`` is an empty slot)."""
UNSEEN = -2
"""``Derived.sight``'s id for such a card."""
ZoneSight = tuple["Zone", str, int | None, int, list[int] | None]
"""``Derived.sight``'s row: zone, view name, owner, count, the cards seen (or ``None``)."""


class Visibility(StrEnum):
    PUBLIC = "public"  # everyone sees it
    OWNER = "owner"  # only its owner (a zone's player, a field's entry's player)
    HIDDEN = "hidden"  # nobody (a deck's order, a proxy terrain face down); everyone sees how many


PUBLIC, OWNER, HIDDEN = Visibility.PUBLIC, Visibility.OWNER, Visibility.HIDDEN
Seen = Visibility | Callable[[Any], Visibility]
"""A visibility, or a function of the state giving it now (hands shown at a game's end)."""


def sees(visibility: Visibility, owner: int | None, viewer: int | None) -> bool:
    return visibility is PUBLIC or (visibility is OWNER and viewer is not None and viewer == owner)


class ZoneLayout(StrEnum):
    PILE = "pile"  # a face-down or face-up pile: its order matters, its top is its end
    ROW = "row"  # cards laid out side by side (a hand, the characters in play)
    STACK = "stack"  # cards on top of each other, all visible (a set of warriors)
    GRID = "grid"  # the cells of a board (``kernel/board.py``), ``EMPTY`` where no card lies


# -- declarations ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Zone:
    """Where cards lie. The state's attribute ``attr`` (default: ``name``) holds, per player,
    a list of card ids (``state.hand[p]``); ``shared``: one list for the table; ``single``:
    per player one card or ``None`` (a face-down pick). A ``GRID`` zone is one list of
    ``grid.size`` cells, ``EMPTY`` where no card lies.

    ``seen`` is its visibility (or a function of the state); ``face_down(state, owner,
    slot)`` the visibility of one card when it is not the zone's. ``pool(owner)`` is whose
    cards lie here (the deck list a hidden one is dealt from): the owner by default, ``None``
    the table's one pool. ``slot_pool(state, slot)``: a shared zone holding cards of several
    players (a board of both players' terrains) says per slot whose card lies there: its pool,
    and the owner an ``OWNER`` face-down slot is shown to. It reads public fields only, so a
    state made from a view deals each face-down card from the right deck list. ``down(state,
    owner)``, instead of ``face_down``: the places of a list lying face down, hidden from
    everyone, asked once per list (a public pile that takes a card face down now and then: a
    replaced proxy); it too reads public fields only.
    """

    name: str
    layout: ZoneLayout = ZoneLayout.PILE
    seen: Seen = PUBLIC
    attr: str = ""
    shared: bool = False
    single: bool = False
    grid: Any = None
    face_down: Callable[[Any, int | None, int], Visibility] | None = None
    pool: Callable[[int | None], int | None] | None = None
    slot_pool: Callable[[Any, int], int | None] | None = None
    down: Callable[[Any, int | None], Collection[int]] | None = None

    def __post_init__(self) -> None:
        if self.slot_pool is not None and not self.shared:
            raise ValueError(f"zone {self.name}: only a shared zone has a pool per slot")
        if self.down is not None and (self.face_down is not None or self.shared or self.single):
            raise ValueError(f"zone {self.name}: down is for a list per player, instead of face_down")
        if not self.attr:
            object.__setattr__(self, "attr", self.name)
        if self.layout is ZoneLayout.GRID and (self.grid is None or not self.shared):
            raise ValueError(f"zone {self.name}: a grid zone is shared and names its grid")

    def visibility(self, state: Any) -> Visibility:
        seen = self.seen
        return seen if isinstance(seen, Visibility) else seen(state)

    def pool_of(self, owner: int | None) -> int | None:
        return owner if self.pool is None else self.pool(owner)


@dataclass(frozen=True)
class StateField:
    """A value of the state that is not a zone. ``seen``: ``PUBLIC``, ``HIDDEN`` (never in a
    view), ``OWNER`` (a list or a dict by player: each player sees their own entry; a view
    shows ``None`` for the others' entries of a list and leaves them out of a dict, and lists
    the field in its ``seen``), or a function of the state giving one of these.

    ``holds``: the field's cards lie there (a set's warriors): they count in conservation,
    each in the pool ``pool(state, card)`` says (none: the table's).
    ``sample(state, viewer, rng)`` draws anew what ``viewer`` cannot see of it (a sealed sign,
    a hidden choice), from public facts only: ``redeal_hidden`` calls it on a copy of the
    state, ``determinize`` on a state whose unseen entries are ``None`` (lists) or absent
    (dicts). A ``HIDDEN`` or ``OWNER`` field needs it.
    """

    name: str
    kind: Value
    seen: Seen = PUBLIC
    holds: bool = False
    pool: Callable[[Any, int], int | None] | None = None
    sample: Callable[[Any, int | None, Rng], None] | None = None

    def visibility(self, state: Any) -> Visibility:
        seen = self.seen
        return seen if isinstance(seen, Visibility) else seen(state)


@dataclass(frozen=True)
class Entry:
    """A kind of log entry: the tuple ``(kind, *values)`` the rules append, its fields typed.
    ``secret`` fields are seen only by the player named by the field ``to`` (default
    ``player``); the others see the entry without them. ``shows``: the rules show everyone
    what it says of hidden cards though they may lie hidden after the step (a card milled
    from a deck then shuffled back): the conformance suite lets such an entry differ after a
    re-deal."""

    kind: str
    fields: tuple[tuple[str, Value], ...] = ()
    secret: tuple[str, ...] = ()
    to: str = "player"
    event: str = ""
    shows: bool = False

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.fields)


@dataclass(frozen=True)
class Instances:
    """Cards are instance ids ``0 .. players * size(game) - 1`` (player p owns ids from
    ``p * size``); ``state.<kind>[id]`` is the card table index of each. Their key is
    ``Name#id``; a player's deck list is the sorted names of their ids (public unless
    ``private(game)``)."""

    size: Callable[[Any], int]
    kind: str = "kind"
    private: Callable[[Any], bool] = lambda game: False


CATALOG = "catalog"


def known_field(name: str = "known") -> StateField:
    """The declaration of a state's knowledge (``StateSpec.knowledge``): per player, the ids
    of the cards they know though the place they lie in hides them. Each player sees their
    own entry; a re-dealt or determinized world keeps the viewer's and knows nothing of the
    others' (what they learnt is theirs; the rules never read it)."""

    def forget_others(state: Any, viewer: int | None, rng: Rng) -> None:
        known = getattr(state, name)
        for p in range(len(known)):
            if p != viewer:
                known[p] = set()

    return StateField(name, PerPlayer(SetOf(Id())), seen=OWNER, sample=forget_others)


def learn(state: Any, cards: Iterable[int], players: Iterable[int]) -> None:
    """``players`` now know ``cards`` where they lie and wherever they go, until ``forget``."""
    known = getattr(state, derived(state).spec.knowledge)
    cards = list(cards)
    for p in players:
        known[p].update(cards)


def forget(state: Any, cards: Iterable[int]) -> None:
    """Nobody knows where ``cards`` lie any more (their pile was shuffled)."""
    known = getattr(state, derived(state).spec.knowledge)
    gone = set(cards)
    for p, mine in enumerate(known):
        if mine and not mine.isdisjoint(gone):
            known[p] = mine - gone


@dataclass(frozen=True)
class StateSpec:
    """What a state holds (see the module docstring). ``decklists``: the field listing each
    player's cards (catalogue games), what hidden cards are dealt from; ``table_pool``: the
    cards of every player are one pool (they change hands, and nothing says whose each was).
    ``caches``: attributes a clone shares and a loaded or re-dealt state starts from (their
    value here); ``derived``: attributes a clone shares and ``State.after_load`` makes again
    (tables of a deal). ``knowledge``: the field (``known_field``) of the cards each player
    knows in places that hide them (instance games)."""

    zones: tuple[Zone, ...] = ()
    fields: tuple[StateField, ...] = ()
    log: tuple[Entry, ...] = ()
    cards: str | Instances = CATALOG
    decklists: str = ""
    table_pool: bool = False
    caches: Mapping[str, Any] = field(default_factory=dict)
    derived: tuple[str, ...] = ()
    knowledge: str = ""

    def slots(self) -> tuple[str, ...]:
        names = ["game", "rng", "decisions", "log", "version"]
        names += [z.attr for z in self.zones] + [f.name for f in self.fields]
        names += [*self.caches, *self.derived]
        if isinstance(self.cards, Instances):
            names.append(self.cards.kind)
        return tuple(dict.fromkeys(names))


# -- card keys --------------------------------------------------------------------------------
class CatalogCodec(Codec):
    """A card is an index of the game's table; its key the game's ``card_key``."""

    def __init__(self, keys: Sequence[Any]) -> None:
        self.keys = list(keys)
        self.ids = {k: i for i, k in enumerate(self.keys)}

    def key(self, card: int) -> Any:
        return self.keys[card]

    def card(self, key: Any, ctx: Ctx, where: str) -> int:
        card = self.ids.get(key) if isinstance(key, str | int) and not isinstance(key, bool) else None
        if card is None:
            raise bad(where, f"no card {excerpt(key)}")
        return card


class InstanceCodec(Codec):
    """A card is an instance id; its key ``Name#id``. Reading a key records its kind."""

    def __init__(self, names: Sequence[str], kinds: Sequence[int] | None, count: int) -> None:
        self.names, self.kinds, self.count = names, kinds, count
        self.by_name = {n: i for i, n in enumerate(names)}

    def key(self, card: int) -> Any:
        assert self.kinds is not None
        return f"{self.names[self.kinds[card]]}#{card}"

    def card(self, key: Any, ctx: Ctx, where: str) -> int:
        name, sep, number = key.rpartition("#") if isinstance(key, str) else ("", "", "")
        kind = self.by_name.get(name)
        if not sep or not number.isdecimal() or kind is None or not 0 <= int(number) < self.count:
            raise bad(where, f"no card {excerpt(key)} (cards are Name#id, ids 0..{self.count - 1})")
        card = int(number)
        if ctx.kinds.setdefault(card, kind) != kind:
            raise bad(where, f"card #{card} is named both {self.names[ctx.kinds[card]]} and {name}")
        return card


# -- what a class's declaration compiles to ----------------------------------------------------
class Derived:
    """The machinery one state class's ``SPEC`` compiles to, made once per class."""

    def __init__(self, cls: type, spec: StateSpec) -> None:
        self.cls, self.spec = cls, spec
        self.entries = {entry.kind: entry for entry in spec.log}
        self.clone = self._clone_function()
        self.field_by_name = {f.name: f for f in spec.fields}
        # read on every redeal (a search's every iteration): worked out once
        self.sampled = tuple(f for f in spec.fields if f.sample is not None)
        self.holding = tuple(f for f in spec.fields if f.holds)
        self.instances = isinstance(spec.cards, Instances)
        self.decklist_field = self.field_by_name.get(spec.decklists) if spec.decklists else None
        self.lists_by_player = isinstance(getattr(getattr(self.decklist_field, "kind", None), "inner", None),
                                          ListOf)
        self.reset = tuple(spec.caches.items())
        self.plans: dict[tuple[Any, ...], Any] = {}  # determinize.Plan by viewer and visibilities
        if spec.knowledge and not self.instances:
            raise TypeError(f"{cls.__name__}: knowledge names cards by id: only instance games declare it")
        self.knowledge = spec.knowledge
        functions = [z.seen for z in spec.zones] + ([self.decklist_field.seen] if self.decklist_field else [])
        self.seen_functions = tuple(dict.fromkeys(f for f in functions if not isinstance(f, Visibility)))

    def _clone_function(self) -> Callable[[Any], Any]:
        spec = self.spec
        lines = ["def clone(self):", "    new = _new(cls)", "    new.game = self.game",
                 "    new.rng = Rng(self.rng.state)", "    new.decisions = self.decisions[:]",
                 "    new.log = self.log[:]", "    new.version = self.version"]
        for zone in spec.zones:
            attr = f"self.{zone.attr}"
            copy = f"{attr}[:]" if zone.shared or zone.single else f"[z[:] for z in {attr}]"
            lines.append(f"    new.{zone.attr} = {copy}")
        for f in spec.fields:
            lines.append(f"    new.{f.name} = {f.kind.copy_code('self.' + f.name)}")
        shared = [*spec.caches, *spec.derived]
        if isinstance(spec.cards, Instances):
            shared.append(spec.cards.kind)  # the kinds of a deal never change in play
        lines += [f"    new.{name} = self.{name}" for name in shared]
        lines.append("    return new")
        scope: dict[str, Any] = {"_new": object.__new__, "cls": self.cls, "Rng": Rng}
        exec("\n".join(lines), scope)  # noqa: S102 - code made from the declaration
        clone: Callable[[Any], Any] = scope["clone"]
        return clone

    # -- cards ---------------------------------------------------------------------------
    def ctx(self, state: Any) -> Ctx:
        game = state.game
        return Ctx(game, self.codec(game, state), game.num_players)

    def codec(self, game: Any, state: Any) -> Codec:
        cards = self.spec.cards
        if isinstance(cards, Instances):
            kinds = getattr(state, cards.kind, None) if state is not None else None
            return InstanceCodec(game.card_names(), kinds, game.num_players * cards.size(game))
        codec: Codec | None = getattr(game, "_card_codec", None)
        if codec is None:
            codec = CatalogCodec([game.card_key(i) for i in range(game.card_count())])
            game._card_codec = codec
        return codec

    def zone_lists(self, state: Any, zone: Zone) -> Iterator[tuple[str, int | None, list[int]]]:
        """(view name, owner, cards) of each of ``zone``'s lists (``EMPTY`` cells kept)."""
        value = getattr(state, zone.attr)
        if zone.shared:
            yield zone.name, None, value
            return
        for p, cards in enumerate(value):
            yield f"{zone.name}{p}", p, ([] if cards is None else [cards]) if zone.single else cards

    def pool(self, zone: Zone, owner: int | None) -> int | None:
        """Whose deck list the cards of ``zone``'s list of ``owner`` come from."""
        return None if self.spec.table_pool else zone.pool_of(owner)

    def placed(self, state: Any) -> Iterator[tuple[int | None, int]]:
        """(pool, card) of every card lying somewhere: in a zone or a field that holds cards."""
        for zone in self.spec.zones:
            slot_pool = None if self.spec.table_pool else zone.slot_pool
            for _, owner, cards in self.zone_lists(state, zone):
                pool = self.pool(zone, owner)
                for i, c in enumerate(cards):
                    if c != EMPTY:
                        yield (pool if slot_pool is None else slot_pool(state, i)), c
        yield from self.held(state)

    def held(self, state: Any) -> Iterator[tuple[int | None, int]]:
        """(pool, card) of the cards lying in fields that hold cards (always in view)."""
        for f in self.holding:
            pool = f.pool
            for c in f.kind.cards(getattr(state, f.name)):
                yield None if pool is None or self.spec.table_pool else pool(state, c), c

    # -- JSON -------------------------------------------------------------------------------
    def to_json(self, state: Any) -> dict[str, Any]:
        spec, ctx = self.spec, self.ctx(state)
        zones: dict[str, Any] = {}
        for zone in spec.zones:
            zones[zone.name] = self.zone_json(state, zone, ctx)
        data: dict[str, Any] = {
            "game": state.game.name, "options": state.game.options_json(), "rng": state.rng.state,
            "version": state.version, "decisions": decisions_json(state.decisions), "zones": zones,
        }
        for f in spec.fields:
            data[f.name] = f.kind.dump(getattr(state, f.name), ctx)
        data["log"] = [self.entry_json(entry, ctx) for entry in state.log]
        return data

    def zone_json(self, state: Any, zone: Zone, ctx: Ctx) -> Any:
        key = ctx.codec.key

        def keys(cards: Sequence[int]) -> list[Any]:
            return [None if c == EMPTY else key(c) for c in cards]

        value = getattr(state, zone.attr)
        if zone.shared:
            return keys(value)
        if zone.single:
            return [None if c is None else key(c) for c in value]
        return [keys(cards) for cards in value]

    def entry_json(self, entry: tuple[Any, ...], ctx: Ctx) -> dict[str, Any]:
        spec = self.entries[entry[0]]
        out = {"kind": entry[0]}
        for (name, kind), value in zip(spec.fields, entry[1:], strict=True):
            out[name] = kind.dump(value, ctx)
        return out

    def from_json(self, game: Any, data: Any) -> Any:
        """A new state from ``to_json``'s form, every value checked; ``NotationError`` names
        the first thing wrong, and nothing half-read is returned."""
        spec = self.spec
        if not isinstance(data, dict) or data.get("game") != game.name:
            raise NotationError(f"state JSON: not a {game.name} state")
        keys = ("game", "options", "rng", "version", "decisions", "zones", *(f.name for f in spec.fields),
                "log")
        table(data, "the state", keys)
        if data["options"] != game.options_json():
            raise NotationError("state JSON: its options differ from this game's")
        rng = data["rng"]
        if type(rng) is not int or not 0 <= rng < 2**64:
            raise bad("rng", f"should be a whole number 0..2**64-1, not {excerpt(rng)}")
        version = data["version"]
        if type(version) is not int or version < 0:
            raise bad("version", f"should be a whole number, not {excerpt(version)}")
        state = self.blank(game, Rng(rng))
        ctx = Ctx(game, self.codec(game, state), game.num_players)
        state.version = version
        state.decisions = decisions_from_json(data["decisions"], game.num_players)
        zones = table(data["zones"], "zones", tuple(z.name for z in spec.zones))
        for zone in spec.zones:
            setattr(state, zone.attr, self.zone_from_json(zone, zones[zone.name], ctx, f"zones.{zone.name}"))
        for f in spec.fields:
            setattr(state, f.name, f.kind.load(data[f.name], ctx, f.name))
        log = data["log"]
        if not isinstance(log, list):
            raise bad("log", "should be a list of entries")
        state.log = [self.entry_from_json(entry, ctx, f"log[{i}]") for i, entry in enumerate(log)]
        self.finish_instances(state, ctx)
        state.after_load()
        problems = self.problems(state)
        if problems:
            raise NotationError(f"state JSON: {problems[0]}")
        return state

    def zone_from_json(self, zone: Zone, data: Any, ctx: Ctx, where: str) -> Any:
        codec = ctx.codec

        def cards(items: Any, at: str, empty_ok: bool) -> list[int]:
            if not isinstance(items, list):
                raise bad(at, f"should be a list of cards, not {excerpt(items)}")
            out = []
            for i, key in enumerate(items):
                if key is None and empty_ok:
                    out.append(EMPTY)
                else:
                    out.append(codec.card(key, ctx, f"{at}[{i}]"))
            return out

        if zone.shared:
            grid = zone.layout is ZoneLayout.GRID
            out = cards(data, where, grid)
            if grid and len(out) != zone.grid.size:
                raise bad(where, f"should hold {zone.grid.size} cells, not {len(out)}")
            return out
        if not isinstance(data, list) or len(data) != ctx.players:
            raise bad(where, f"should be a list of {ctx.players} lists, one per player")
        if zone.single:
            return [None if key is None else codec.card(key, ctx, f"{where}[{p}]") for p,
                    key in enumerate(data)]
        return [cards(items, f"{where}[{p}]", False) for p, items in enumerate(data)]

    def entry_from_json(self, data: Any, ctx: Ctx, where: str) -> tuple[Any, ...]:
        kind = data.get("kind") if isinstance(data, dict) else None
        spec = self.entries.get(kind) if isinstance(kind, str) else None
        if spec is None:
            raise bad(where, f"should be an entry of kind {', '.join(self.entries)}")
        row = table(data, where, ("kind", *spec.names))
        return (kind, *(value.load(row[name], ctx, f"{where}.{name}") for name, value in spec.fields))

    def blank(self, game: Any, rng: Rng) -> Any:
        state: Any = object.__new__(self.cls)
        state.game, state.rng, state.version, state.decisions, state.log = game, rng, 0, [], []
        for name, value in self.spec.caches.items():
            setattr(state, name, value)
        cards = self.spec.cards
        if isinstance(cards, Instances):
            setattr(state, cards.kind, [EMPTY] * (game.num_players * cards.size(game)))
        return state

    def finish_instances(self, state: Any, ctx: Ctx) -> None:
        """The kind table of an instance game, from the keys read (every id once)."""
        cards = self.spec.cards
        if not isinstance(cards, Instances):
            return
        kinds = getattr(state, cards.kind)
        for card, kind in ctx.kinds.items():
            kinds[card] = kind
        missing = [c for c, k in enumerate(kinds) if k == EMPTY]
        if missing:
            raise bad("zones", f"card #{missing[0]} is in no zone")

    # -- checks ----------------------------------------------------------------------------
    def problems(self, state: Any) -> list[str]:
        """Conservation (every card in exactly one place), then the game's own checks."""
        return self.conservation(state) + list(state.problems())

    def conservation(self, state: Any) -> list[str]:
        spec_cards = self.spec.cards
        placed = list(self.placed(state))
        if isinstance(spec_cards, Instances):
            count = state.game.num_players * spec_cards.size(state.game)
            ids = sorted(c for _, c in placed)
            if ids != list(range(count)):
                seen = Counter(ids)
                twice = [c for c, n in seen.items() if n > 1]
                lost = [c for c in range(count) if c not in seen]
                what = f"card #{twice[0]} is in two places" if twice else \
                    f"card #{lost[0]} is in no place" if lost else "a card that does not exist is in play"
                return [what]
            return []
        if not self.spec.decklists:
            return []
        lists = getattr(state, self.spec.decklists)
        by_pool: dict[int | None, list[int]] = {}
        for pool, c in placed:
            by_pool.setdefault(pool, []).append(c)
        if self.spec.table_pool:
            by_player = self.lists_by_player
            brought = sorted(c for deck in lists for c in deck) if by_player else sorted(lists)
            return [] if sorted(by_pool.get(None, [])) == brought else ["cards are lost or duplicated"]
        for p, deck in enumerate(lists):
            if sorted(by_pool.get(p, [])) != sorted(deck):
                return [f"player {p}'s cards are lost, duplicated or not from their deck list"]
        return []

    # -- views ------------------------------------------------------------------------------
    def known(self, state: Any, viewer: int | None) -> set[int]:
        """The cards ``viewer`` knows in places that hide them (none: an empty set)."""
        if not self.knowledge or viewer is None:
            return _NOTHING
        mine: set[int] = getattr(state, self.knowledge)[viewer]
        return mine

    def sight(self, state: Any, viewer: int | None) -> Iterator[ZoneSight]:
        """Each zone list as ``viewer`` sees it, by card id: (zone, view name, owner, count,
        cards), ``cards`` ``None`` where the list is not seen, else each slot's id, ``EMPTY``,
        or ``UNSEEN`` for a card face down (what ``view`` shows, before ids become keys). A
        card the viewer knows is shown where it lies, a list it cannot see then listed."""
        known = self.known(state, viewer)
        for zone in self.spec.zones:
            visibility = zone.visibility(state)
            face_down, slot_owner, down = zone.face_down, zone.slot_pool, zone.down
            for name, owner, cards in self.zone_lists(state, zone):
                count = len(cards) - cards.count(EMPTY)
                if not sees(visibility, owner, viewer):
                    shown = None
                    if known and not known.isdisjoint(cards):
                        shown = [c if c == EMPTY or c in known else UNSEEN for c in cards]
                    yield zone, name, owner, count, shown
                elif down is not None:
                    hidden = down(state, owner)
                    yield zone, name, owner, count, [
                        UNSEEN if i in hidden and c not in known else c for i, c in enumerate(cards)
                    ] if hidden else cards
                elif face_down is None:
                    yield zone, name, owner, count, cards
                else:
                    yield zone, name, owner, count, [
                        c if c == EMPTY or c in known or sees(
                            face_down(state, owner, i), owner if slot_owner is None else slot_owner(state, i),
                            viewer)
                        else UNSEEN for i, c in enumerate(cards)]

    def view(self, state: Any, viewer: int | None) -> dict[str, Any]:
        spec, ctx = self.spec, self.ctx(state)
        key = ctx.codec.key
        zones: dict[str, Any] = {}
        for _, name, owner, count, cards in self.sight(state, viewer):
            seen: dict[str, Any] = {"owner": owner, "count": count}
            if cards is not None:
                seen["cards"] = [None if c == EMPTY else FACE_DOWN if c == UNSEEN else key(c) for c in cards]
            zones[name] = seen
        pending = state.decisions[-1] if state.decisions else None
        out: dict[str, Any] = {
            "game": state.game.name, "options": state.game.options_dump(), "viewer": viewer,
            "version": state.version, "to_move": None if pending is None else pending.player,
            "decision": None if pending is None else pending.kind,
            "decisions": decisions_json(state.decisions), "zones": zones,
        }
        owned = []
        for f in spec.fields:
            visibility = f.visibility(state)
            if visibility is HIDDEN:
                continue
            out[f.name] = self.field_view(state, f, visibility, viewer, ctx)
            if visibility is OWNER:
                owned.append(f.name)
        out["seen"] = owned
        if isinstance(spec.cards, Instances):
            out["decklists"] = self.instance_decklists(state, viewer)
        out.update(state.info(viewer))
        outcome = state.outcome
        out["outcome"] = None if outcome is None else outcome.to_json()
        return out

    def field_view(
        self, state: Any, f: StateField, visibility: Visibility, viewer: int | None, ctx: Ctx
    ) -> Any:
        value = getattr(state, f.name)
        if visibility is PUBLIC:
            return f.kind.dump(value, ctx)
        if isinstance(value, dict):  # a MapOf by player: the viewer's entry only
            return f.kind.dump({p: v for p, v in value.items() if p == viewer}, ctx)
        inner = f.kind.inner  # type: ignore[attr-defined]  # a ListOf by player
        return [inner.dump(v, ctx) if p == viewer else None for p, v in enumerate(value)]

    def instance_decklists(self, state: Any, viewer: int | None) -> list[list[str] | None]:
        cards = self.spec.cards
        assert isinstance(cards, Instances)
        game, kinds = state.game, getattr(state, cards.kind)
        names, size, private = game.card_names(), cards.size(game), cards.private(game)
        # Sorted: in id order the list would tell which id is which card.
        return [sorted(names[k] for k in kinds[p * size:(p + 1) * size]) if not private or viewer == p
                else None
                for p in range(game.num_players)]

    # -- events ----------------------------------------------------------------------------
    def events(self, state: Any, since: int) -> list[Event]:
        ctx = self.ctx(state)
        out = []
        for entry in state.log[since:]:
            spec = self.entries[entry[0]]
            values = zip(spec.fields, entry[1:], strict=True)
            data = {name: kind.dump(value, ctx) for (name, kind), value in values}
            if spec.secret:
                to = data[spec.to]
                redacted = {k: v for k, v in data.items() if k not in spec.secret}
                out.append(Event(spec.event or spec.kind, data, frozenset({to}), redacted))
            else:
                out.append(Event(spec.event or spec.kind, data))
        return out


_NOTHING: set[int] = set()  # never changed: what a viewer knows when nothing is declared


def decisions_json(decisions: Sequence[Decision]) -> list[dict[str, Any]]:
    return [{"player": d.player, "kind": d.kind, "secret": d.secret} for d in decisions]


_DECISIONS: dict[tuple[int, str, bool], Decision] = {}


def decision(player: int, kind: str, secret: bool = False) -> Decision:
    """The one shared ``Decision`` value of (player, kind, secret): they are few, and frozen."""
    made = _DECISIONS.get((player, kind, secret))
    if made is None:
        made = _DECISIONS[(player, kind, secret)] = Decision(player, kind, secret)
    return made


def decisions_from_json(data: Any, players: int) -> list[Decision]:
    """The decisions of a state's JSON (or a view's), every field checked (``DECISIONS``)."""
    read: list[Decision] = DECISIONS.load(data, Ctx(None, Codec(), players), "decisions")
    return read


DECISIONS = ListOf(Rec(decision, {"player": Player(), "kind": Text(empty=False), "secret": Bool()},
                       immutable=True))
"""The decisions as a state's JSON holds them: ``{player, kind, secret}`` each, made by
``decision`` (one shared value each)."""


def derived(state_or_cls: Any) -> Derived:
    """What the declaration of a state (or state class) compiled to; a subclass that declares
    nothing has its base's."""
    cls = state_or_cls if isinstance(state_or_cls, type) else type(state_or_cls)
    made: Derived | None = getattr(cls, "_derived", None)
    if made is None:
        raise TypeError(f"{cls.__name__} declares no SPEC")
    return made


def compile_spec(cls: type) -> None:
    """Compile ``cls.SPEC`` (called as each state class is made)."""
    spec = cls.__dict__.get("SPEC")
    if spec is not None:
        cls._derived = Derived(cls, spec)  # type: ignore[attr-defined]


__all__ = [
    "CATALOG", "EMPTY", "FACE_DOWN", "HIDDEN", "OWNER", "PUBLIC", "Entry", "Instances", "StateField",
    "StateSpec", "Visibility", "Zone", "ZoneLayout", "decision", "forget", "known_field", "learn", "sees",
]
