"""The observation tensor: a fixed-size ``float32`` vector per player, from that player's view.

Built from the game's declared state (``kernel/state.py``) and nothing the view does not
carry, so re-dealing what a player cannot see leaves it unchanged. Seats are relative: the
viewer's own entries come first, then the next seat's in turn order, and so on. In order:

- **header**: who is to move (one slot per seat, relative, and one for nobody), the pending
  decision's kind (a stable hash of its name into ``DECISION_SLOTS`` slots), over or not;
- **zones**, as declared, each list (per seat, relative; or the table's): its count, whether
  its cards are shown, how many are face down, a count per card kind, and the sum and the
  largest value of each card feature over the cards shown (a hand's best card in a colour);
  a grid zone per cell: empty, face down, the card's kind and
  features;
- **fields**, as declared, the ones the viewer may see, each by its value type: a number
  scaled into about ``[0, 1]``, a seat relative, a name or a card kind one-hot, an optional
  value's presence, a fixed list entry by entry, a list by seat seat by seat, an open-ended
  list or set its size (and a count per kind or seat when it holds cards or seats), a map
  its size, a record field by field; a field shown only sometimes (a hand in the open at the
  end) has a presence slot;
- **instances** (games whose cards are instances): per card id, which zone list it lies in
  (one-hot, relative seats) among those the viewer sees;
- **the move being entered** (games with actions entered in steps): the tokens chosen so far.

``encode(view, prefix)`` builds it from a view (a dict, as ``State.view`` gives it);
``encode_state(state, viewer, prefix)`` builds the same floats from the state itself,
reading each zone list and field through the kernel's visibility rules (a zone's as
``Derived.sight`` reads them, ``Derived.field_view``) with card ids in place of keys: what
the environments use at every step (a test keeps the two equal in every game). Each block's
slots are made once per what they show (a list's cards, a field's value) and kept; an
observation is those slots joined in one numpy call, then the cards' places set in one.

Card features come from the game's card table (``Game.card_table()``): each numeric or
true/false column, scaled by its largest value, and each column of at most
``CATEGORY_LIMIT`` words one-hot. ``layout()`` names each block and where it starts.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Callable, Sequence
from itertools import chain
from typing import Any, TypeVar

import numpy as np

from ..kernel import values as v
from ..kernel.effects import ModifierList
from ..kernel.game import Game
from ..kernel.state import (
    EMPTY,
    HIDDEN,
    OWNER,
    PUBLIC,
    UNSEEN,
    InstanceCodec,
    Instances,
    StateField,
    Visibility,
    Zone,
    ZoneLayout,
    derived,
    sees,
)
from ..kernel.values import Ctx

DECISION_SLOTS = 32
CATEGORY_LIMIT = 12
Writer = Callable[[np.ndarray, int, Any, "Context"], None]
BlockWriter = Callable[[np.ndarray, int, "Sight"], None]
Kept = TypeVar("Kept")
Keyer = Callable[[Any], Any]
"""A field value's key (``None``: it has none), ``keyer``."""
ListSlots = Callable[[int, Any], np.ndarray]
"""A zone list's (or grid's) slots from its count and the kinds it shows."""


class Context:
    """What writing one view needs: the viewer (seats relative to them) and the card kinds."""

    def __init__(self, players: int, kinds: dict[Any, int], features: np.ndarray) -> None:
        self.players, self.kinds, self.features = players, kinds, features
        self.viewer = 0

    def seat(self, player: int) -> int:
        return (player - self.viewer) % self.players

    def kind(self, key: Any) -> int | None:
        kind = self.kinds.get(key)
        if kind is None and isinstance(key, str) and "#" in key:
            kind = self.kinds.get(key.rpartition("#")[0])
        return kind


SeenList = tuple[Any, int, tuple[int, ...] | None, list[int] | None]
"""A zone list as the blocks read it: owner, count, kinds shown (or ``None``), card ids."""
UNKNOWN = -3
"""A card kind the layout does not know (a key outside the card table): counted, not named."""


class Sight:
    """What one player sees of the zones, as the blocks read it: zone lists by view name as
    (owner, count, each slot's card kind or ``EMPTY`` / ``UNSEEN`` / ``UNKNOWN``, or ``None``
    unseen; and the card ids, for games whose cards are instances)."""

    __slots__ = ("to_move", "decision", "over", "zones", "deal")

    def __init__(self, to_move: Any, decision: Any, over: bool, zones: dict[str, SeenList],
                 deal: Any) -> None:
        self.to_move, self.decision, self.over, self.zones = to_move, decision, over, zones
        self.deal = deal  # what a card id's key depends on besides the id (an instance game's kinds)


def scale(value: Any, low: int | None, high: int | None) -> float:
    if type(value) not in (int, float):
        return 0.0
    if low is not None and high is not None and 0 < high - low <= 1000:
        return (value - low) / (high - low)
    return math.copysign(math.log1p(abs(value)), value) / 5.0


class Coder:
    """Writes one value type's JSON form into ``size`` floats."""

    def __init__(self, size: int, write: Writer) -> None:
        self.size, self.write = size, write


def coder(kind: v.Value, ctx: Context) -> Coder:  # noqa: C901 - one branch per value type
    players, kinds, features = ctx.players, len(set(ctx.kinds.values())), ctx.features.shape[1]
    if isinstance(kind, v.Int):
        low, high = kind.low, kind.high

        def number(out: np.ndarray, at: int, data: Any, c: Context) -> None:
            out[at] = scale(data, low, high)
        return Coder(1, number)
    if isinstance(kind, v.Player):
        def seat(out: np.ndarray, at: int, data: Any, c: Context) -> None:
            if type(data) is int:
                out[at + c.seat(data)] = 1.0
        return Coder(players, seat)
    if isinstance(kind, v.Bool):
        def flag(out: np.ndarray, at: int, data: Any, c: Context) -> None:
            out[at] = 1.0 if data is True else 0.0
        return Coder(1, flag)
    if isinstance(kind, v.Text | v.Named):
        names = list(kind.choices or ()) if isinstance(kind, v.Text) else list(kind.names)

        def named(out: np.ndarray, at: int, data: Any, c: Context) -> None:
            if data in names:
                out[at + names.index(data)] = 1.0
        return Coder(len(names), named)
    if isinstance(kind, v.Card):
        def card(out: np.ndarray, at: int, data: Any, c: Context) -> None:
            k = c.kind(data)
            if k is not None:
                out[at + k] = 1.0
                out[at + kinds:at + kinds + features] = c.features[k]
        return Coder(kinds + features, card)
    if isinstance(kind, v.Opt):
        inner = coder(kind.inner, ctx)

        def optional(out: np.ndarray, at: int, data: Any, c: Context) -> None:
            if data is not None:
                out[at] = 1.0
                inner.write(out, at + 1, data, c)
        return Coder(1 + inner.size, optional)
    if isinstance(kind, v.ListOf) and kind.size is not None:
        inner = coder(kind.inner, ctx)
        if kind.size == "players":
            def by_seat(out: np.ndarray, at: int, data: Any, c: Context) -> None:
                for p, item in enumerate(data if isinstance(data, list) else ()):
                    if item is not None:
                        place = at + c.seat(p) * (1 + inner.size)
                        out[place] = 1.0
                        inner.write(out, place + 1, item, c)
            return Coder(players * (1 + inner.size), by_seat)
        size = int(kind.size)

        def fixed(out: np.ndarray, at: int, data: Any, c: Context) -> None:
            for i, item in enumerate(data[:size] if isinstance(data, list) else ()):
                inner.write(out, at + i * inner.size, item, c)
        return Coder(size * inner.size, fixed)
    if isinstance(kind, v.ListOf | v.SetOf):
        return bag(kind.inner, ctx)
    if isinstance(kind, v.MapOf) and isinstance(kind.key, v.Player):
        value = coder(kind.value, ctx)
        key_name, value_name = kind.names

        def by_player(out: np.ndarray, at: int, data: Any, c: Context) -> None:
            out[at] = scale(len(data), None, None) if isinstance(data, list) else 0.0
            for entry in data if isinstance(data, list) else ():
                place = at + 1 + c.seat(entry[key_name]) * (1 + value.size)
                out[place] = 1.0
                value.write(out, place + 1, entry[value_name], c)
        return Coder(1 + players * (1 + value.size), by_player)
    if isinstance(kind, v.Rec):
        parts = [(name, coder(k, ctx)) for name, k in kind.kinds.items()]

        def rec(out: np.ndarray, at: int, data: Any, c: Context) -> None:
            place = at
            for name, part in parts:
                if isinstance(data, dict) and name in data:
                    part.write(out, place, data[name], c)
                place += part.size
        return Coder(sum(p.size for _, p in parts), rec)
    if isinstance(kind, v.RefOf):
        refs = ("card", "player", "cell", "item")

        def ref(out: np.ndarray, at: int, data: Any, c: Context) -> None:
            if isinstance(data, dict) and data.get("kind") in refs:
                out[at + refs.index(data["kind"])] = 1.0
        return Coder(len(refs), ref)
    if isinstance(kind, v.Id):
        return Coder(0, lambda out, at, data, c: None)

    def size_of(out: np.ndarray, at: int, data: Any, c: Context) -> None:  # any other type
        if isinstance(data, list | dict):
            out[at] = scale(len(data), None, None)
        elif type(data) in (int, float):
            out[at] = scale(data, None, None)
    return Coder(1, size_of)


def bag(inner: v.Value, ctx: Context) -> Coder:
    """An open-ended list or set: its size, and a count per card kind or seat it holds."""
    kinds = len(set(ctx.kinds.values()))
    per = kinds if isinstance(inner, v.Card) else ctx.players if isinstance(inner, v.Player) else 0

    def write(out: np.ndarray, at: int, data: Any, c: Context) -> None:
        if not isinstance(data, list):
            return
        out[at] = scale(len(data), None, None)
        if per == 0:
            return
        for item in data:
            slot = c.kind(item) if per == kinds and isinstance(inner, v.Card) else (
                c.seat(item) if type(item) is int else None)
            if slot is not None:
                out[at + 1 + slot] += 1.0
    return Coder(1 + per, write)


def card_features(game: Game, keys: dict[Any, int], count: int) -> np.ndarray:
    """Per card kind, the card table's numeric and few-valued columns, scaled."""
    table = game.card_table()
    if table is None or len(table.rows) != count:
        return np.zeros((count, 0), np.float32)
    order: list[int] = []
    for row in table.rows:
        kind = next((keys[x] for x in (row.get("label"), row.get("name"), row.get("id")) if x in keys), None)
        if kind is None:
            return np.zeros((count, 0), np.float32)
        order.append(kind)
    if sorted(order) != list(range(count)):
        return np.zeros((count, 0), np.float32)
    columns: list[np.ndarray] = []
    for name in table.rows[0]:
        cells = [row.get(name) for row in table.rows]
        numeric = all(c is None or type(c) in (int, float, bool) for c in cells)
        if numeric and any(c is not None for c in cells):
            col = np.array([0.0 if c is None else float(c) for c in cells], np.float32)
            top = float(np.abs(col).max()) or 1.0
            columns.append(col / top)
        elif all(c is None or isinstance(c, str) for c in cells):
            words = sorted({c for c in cells if c})
            if 1 < len(words) <= CATEGORY_LIMIT:
                for word in words:
                    columns.append(np.array([1.0 if c == word else 0.0 for c in cells], np.float32))
    if not columns:
        return np.zeros((count, 0), np.float32)
    by_row = np.stack(columns, axis=1)
    out = np.zeros_like(by_row)
    out[order] = by_row
    return out


class Observation:
    """The observation layout of one game and player count; ``encode(view, prefix)`` and
    ``encode_state(state, viewer, prefix)``."""

    def __init__(self, game: Game, actions: int, stepped: bool) -> None:
        self.game = game
        self.derived = derived(game.state_class)
        spec = self.derived.spec
        self.spec, players = spec, game.num_players
        self.instances = isinstance(spec.cards, Instances)
        if self.instances:
            names = list(game.card_names())
            keys = {name: i for i, name in enumerate(dict.fromkeys(names))}
            kind_count = len(keys)
            self.ids = players * spec.cards.size(game)  # type: ignore[union-attr]
            self.name_kind = [keys[name] for name in names]  # the state's kind table -> kind
            self.kind_attr = spec.cards.kind  # type: ignore[union-attr]
        else:
            kind_count = game.card_count()
            keys = {game.card_key(i): i for i in range(kind_count)}  # type: ignore[misc]
            self.ids = 0
        self.kind_count = kind_count
        features = card_features(game, keys, kind_count)
        self.ctx = Context(players, keys, features)
        self.features = features.shape[1]
        self.blocks: list[tuple[str, int, int]] = []
        self.writers: list[tuple[int, BlockWriter]] = []
        self.field_writers: list[tuple[int, StateField, Coder, bool]] = []
        self.field_plans: list[tuple[int, StateField, Coder, bool, Keyer]] = []  # and each one's key
        self._memo: dict[tuple[Any, ...], Any] = {}  # slots (and card places) by what they show
        self._deals: dict[tuple[int, ...], tuple[int, list[int]]] = {}
        self._tables: dict[int, tuple[int, ...]] = {}  # the kind table of each deal number
        self._contexts: dict[int, Ctx] = {}
        self._decision_slots: dict[str, int] = {}
        # (zone, first slot, a list's slots from (count, kinds shown), an unseen list's from its count)
        self.zone_plans: list[tuple[Zone, int, ListSlots, Callable[[int], np.ndarray]]] = []
        self.header_size = players + 1 + DECISION_SLOTS + 1
        at = self._add("header: to move (relative seats, nobody), decision kind, over",
                       self.header_size, self._header, 0)
        self.lists: list[str] = []  # the zone lists in relative order, for the instance block
        for zone in spec.zones:
            at = self._zone(zone, at)
        self.shown = [f for f in spec.fields if f.seen is not HIDDEN]
        for f in self.shown:
            at = self._field(f, at)
        self._place_of = {name: i for i, name in enumerate(self.lists)}
        # each zone's lists' places in the instance block, by relative seat
        self._places = {at: [self._place_of[zone.name]] if zone.shared else
                        [self._place_of[f"{zone.name}+{r}"] for r in range(players)]
                        for zone, at, _, _ in self.zone_plans}
        self._zone_names = [(zone.name, name) for zone in spec.zones for name in
                            ([zone.name] if zone.shared else [f"{zone.name}{p}" for p in range(players)])]
        self._blank_fields = {at: np.zeros(part.size + sometimes, np.float32)
                              for at, _, part, sometimes in self.field_writers}
        self.where_at = at
        if self.instances:
            at = self._add(f"instances: the zone list each of {self.ids} cards lies in",
                           self.ids * len(self.lists), self._where, at)
        self.actions, self.stepped = actions, stepped
        if stepped:
            at = self._add("the move being entered: its tokens so far", actions, lambda o, a, view: None, at)
        self.size = at
        self._tail = np.zeros(at - self.where_at, np.float32)  # the blocks written after the join
        # each viewer's seats in relative order: their own first, then the next in turn
        self._orders = [[(viewer + r) % players for r in range(players)] for viewer in range(players)]

    def _add(self, name: str, size: int, write: BlockWriter, at: int) -> int:
        self.blocks.append((name, at, size))
        self.writers.append((at, write))
        return at + size

    def layout(self) -> list[tuple[str, int, int]]:
        """(block, first slot, size) of each block, in order."""
        return list(self.blocks)

    # -- blocks -----------------------------------------------------------------------------
    def _header(self, out: np.ndarray, at: int, seen: Sight) -> None:
        ctx, players = self.ctx, self.ctx.players
        mover = seen.to_move
        out[at + (ctx.seat(mover) if type(mover) is int else players)] = 1.0
        kind = seen.decision
        if isinstance(kind, str):
            slot = self._decision_slots.get(kind)
            if slot is None:
                slot = self._decision_slots[kind] = zlib.crc32(kind.encode()) % DECISION_SLOTS
            out[at + players + 1 + slot] = 1.0
        out[at + players + 1 + DECISION_SLOTS] = 1.0 if seen.over else 0.0

    def _zone(self, zone: Zone, at: int) -> int:
        """A zone's block. Each list (or grid) is encoded once per count and cards shown and
        copied after: most lists do not change from one step to the next."""
        ctx, players, kinds, feats = self.ctx, self.ctx.players, self.kind_count, self.features
        features = ctx.features
        if zone.layout is ZoneLayout.GRID:
            cells = zone.grid.size
            per = 2 + kinds + feats

            # One row per thing a cell can hold, by its code + 3 (UNKNOWN -3, UNSEEN -2, EMPTY -1,
            # then each kind): a card of no known kind (zeros), face down, empty, each kind.
            rows = np.zeros((kinds + 3, per), np.float32)
            rows[1, 1] = rows[2, 0] = 1.0
            rows[np.arange(kinds) + 3, np.arange(kinds) + 2] = 1.0
            rows[3:, 2 + kinds:] = features

            def cells_of(count: int, shown: tuple[int, ...]) -> np.ndarray:
                picked = rows[np.asarray(shown[:cells], np.int64) + 3].reshape(-1)
                if picked.size == cells * per:
                    return picked
                whole = np.zeros(cells * per, np.float32)
                whole[:picked.size] = picked
                return whole

            def grid(out: np.ndarray, at: int, seen: Sight) -> None:
                shown = seen.zones[zone.name][2]
                if shown is not None:
                    out[at:at + cells * per] = cells_of(0, shown)
            self.lists.append(zone.name)
            blank = np.zeros(cells * per, np.float32)
            self.zone_plans.append((zone, at, cells_of, lambda count: blank))
            what = f"zone {zone.name}: per cell empty, face down, kind ({kinds}), features ({feats})"
            return self._add(what, cells * per, grid, at)
        per = 3 + kinds + 2 * feats
        names = [zone.name] if zone.shared else [f"{zone.name}{p}" for p in range(players)]
        self.lists += [zone.name] if zone.shared else [f"{zone.name}+{r}" for r in range(players)]
        unseen: dict[int, np.ndarray] = {}

        def one_list(count: int, shown: tuple[int, ...] | None) -> np.ndarray:
            slots = np.zeros(per, np.float32)
            slots[0] = scale(count, None, None)
            if shown is None:
                return slots
            slots[1] = 1.0
            slots[2] = scale(shown.count(UNSEEN), None, None)
            known = [k for k in shown if k >= 0]
            if known:
                slots[3:3 + kinds] = np.bincount(known, minlength=kinds)
                if feats:
                    chosen = features[known]
                    slots[3 + kinds:3 + kinds + feats] = chosen.sum(axis=0)
                    slots[3 + kinds + feats:] = chosen.max(axis=0)
            return slots

        def unseen_of(count: int) -> np.ndarray:
            made = unseen.get(count)
            if made is None:
                made = unseen[count] = one_list(count, None)
            return made

        def list_of(count: int, shown: tuple[int, ...] | None) -> np.ndarray:
            """A list's slots, kept per count and cards shown (unseen lists: per count)."""
            if shown is None:
                return unseen_of(count)
            key = (at, count, shown)
            made = self._memo.get(key)
            if made is None:
                made = self._keep(key, one_list(count, shown))
            return made

        def lists(out: np.ndarray, at: int, seen: Sight) -> None:
            zones = seen.zones
            for p, name in enumerate(names):
                _, count, shown, _ = zones[name]
                place = at + (0 if zone.shared else ctx.seat(p)) * per
                out[place:place + per] = list_of(count, shown)
        self.zone_plans.append((zone, at, one_list, unseen_of))
        whose = "the table's" if zone.shared else "per seat (relative)"
        what = (f"zone {zone.name}, {whose}: count, shown, face down, kinds ({kinds}), "
                f"features: sum ({feats}), most ({feats})")
        return self._add(what, len(names) * per, lists, at)

    def _keep(self, key: tuple[Any, ...], made: Kept) -> Kept:
        memo = self._memo
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        memo[key] = made
        return made

    def _field(self, f: StateField, at: int) -> int:
        part = coder(f.kind, self.ctx)
        sometimes = not isinstance(f.seen, Visibility)
        size = part.size + (1 if sometimes else 0)
        self.field_writers.append((at, f, part, sometimes))
        self.field_plans.append((at, f, part, sometimes, keyer(f.kind)))
        self.blocks.append((f"field {f.name}" + (" (presence first)" if sometimes else ""), at, size))
        return at + size

    def _write_field(self, out: np.ndarray, at: int, part: Coder, sometimes: bool, data: Any) -> None:
        if sometimes:
            out[at] = 1.0
            part.write(out, at + 1, data, self.ctx)
        else:
            part.write(out, at, data, self.ctx)

    def _where(self, out: np.ndarray, at: int, seen: Sight) -> None:
        ctx, lists, zones = self.ctx, len(self.lists), seen.zones
        for zone_name, name in self._zone_names:
            entry = zones.get(name)
            if entry is None or not entry[3]:
                continue
            owner, ids = entry[0], entry[3]
            slot = self._place_of.get(zone_name if owner is None else f"{zone_name}+{ctx.seat(owner)}")
            if slot is None:
                continue
            cards = np.asarray(ids, np.int64)
            cards = cards[(cards >= 0) & (cards < self.ids)]
            out[at + cards * lists + slot] = 1.0

    # -- the whole --------------------------------------------------------------------------
    def encode(self, view: dict[str, Any], prefix: Sequence[int] = ()) -> np.ndarray:
        """The observation of the player whose view this is."""
        viewer = view.get("viewer")
        out = self._write(self.sight_of_view(view), viewer if type(viewer) is int else 0, prefix)
        for at, f, part, sometimes in self.field_writers:
            if f.name in view:
                self._write_field(out, at, part, sometimes, view[f.name])
        return out

    def encode_state(self, state: Any, viewer: int, prefix: Sequence[int] = ()) -> np.ndarray:
        """The observation ``encode(state.view(viewer), prefix)`` gives, from the state: each
        block's slots looked up (or made once) by what they show, and joined in one call. A
        zone list is read through its zone's visibility as ``Derived.sight`` reads it; a field
        is encoded once per viewer and key (``keyer``: its value as plain data, or what its
        dump reads of a record) and dumped every time only when it has no key."""
        memo, ctx, order = self._memo, self.ctx, self._orders[viewer]
        ctx.viewer = viewer
        deal = kind_of = None
        where: list[np.ndarray] = []  # the places of the cards seen, in the instance block
        if self.instances:
            deal, kind_of = self._deal(getattr(state, self.kind_attr))
        pending = state.decisions[-1] if state.decisions else None
        mover, decision = (None, None) if pending is None else (pending.player, pending.kind)
        key: Any = ("header", viewer, mover, decision, state.outcome is not None)
        made = memo.get(key)
        if made is None:
            made = np.zeros(self.header_size, np.float32)
            self._header(made, 0, Sight(mover, decision, key[4], {}, None))
            made = self._keep(key, made)
        parts = [made]
        known = self.derived.known(state, viewer)
        for zone, at, slots_of, unseen_of in self.zone_plans:
            seen = zone.seen
            visibility = seen if isinstance(seen, Visibility) else seen(state)
            value = getattr(state, zone.attr)
            if zone.shared:
                seats: Any = ((None, value),)
            elif zone.single:
                seats = [(p, [] if value[p] is None else [value[p]]) for p in order]
            else:
                seats = [(p, value[p]) for p in order]
            for seat, (owner, cards) in enumerate(seats):
                if not (visibility is PUBLIC or (visibility is OWNER and owner == viewer)):
                    # as ``Derived.sight``: a list not seen gives only its count, or the cards
                    # the viewer knows there
                    if not known or known.isdisjoint(cards):
                        parts.append(unseen_of(len(cards) - cards.count(EMPTY)))
                        continue
                    cards = [c if c == EMPTY or c in known else UNSEEN for c in cards]
                elif zone.down is not None:
                    down = zone.down(state, owner)
                    if down:
                        cards = [UNSEEN if i in down and c not in known else c for i, c in enumerate(cards)]
                elif zone.face_down is not None:
                    face_down, pool = zone.face_down, zone.slot_pool
                    cards = [c if c == EMPTY or c in known or sees(
                        face_down(state, owner, i), owner if pool is None else pool(state, i), viewer)
                             else UNSEEN for i, c in enumerate(cards)]
                if kind_of is not None:
                    # an instance game's list: its slots, and where its cards are set in the
                    # instance block (one place per card id, by the list's relative seat)
                    ids = tuple(cards)
                    key = ("ids", at, seat, deal, ids)
                    both = memo.get(key)
                    if both is None:
                        shown = tuple([c if c < 0 else kind_of[c] for c in ids])
                        both = self._keep(key, (slots_of(len(ids) - ids.count(EMPTY), shown),
                                                self._card_places(self._places[at][seat], ids)))
                    made, places = both
                    if places is not None:
                        where.append(places)
                else:
                    shown = tuple(cards)
                    if shown and max(shown) >= self.kind_count:
                        shown = tuple(UNKNOWN if c >= self.kind_count else c for c in shown)
                    key = ("kinds", at, shown)
                    made = memo.get(key)
                    if made is None:
                        made = self._keep(key, slots_of(len(shown) - shown.count(EMPTY), shown))
                parts.append(made)
        context = None
        for at, f, part, sometimes, key_of in self.field_plans:
            seen = f.seen
            visibility = seen if isinstance(seen, Visibility) else seen(state)
            if visibility is HIDDEN:
                parts.append(self._blank_fields[at])
                continue
            key = key_of(getattr(state, f.name))
            if key is not None:
                key = (at, viewer, visibility, deal, key)
                made = memo.get(key)
                if made is not None:
                    parts.append(made)
                    continue
            if context is None:
                context = self._context(state, deal)
            made = np.zeros(part.size + sometimes, np.float32)
            data = self.derived.field_view(state, f, visibility, viewer, context)
            self._write_field(made, 0, part, sometimes, data)
            parts.append(made if key is None else self._keep(key, made))
        parts.append(self._tail)
        out = np.concatenate(parts)
        if where:
            out[where[0] if len(where) == 1 else np.concatenate(where)] = 1.0
        if self.stepped and prefix:
            out[self.size - self.actions + np.asarray(prefix, dtype=np.int64)] = 1.0
        return out

    def _card_places(self, slot: int, ids: tuple[int, ...]) -> np.ndarray | None:
        """Where the cards of a zone list are set in the instance block (``None``: nowhere)."""
        cards = np.asarray([c for c in ids if 0 <= c < self.ids], np.int64)
        return self.where_at + cards * len(self.lists) + slot if cards.size else None

    def _context(self, state: Any, deal: int | None) -> Ctx:
        """What dumping a field needs; an instance game's made once per deal (its kind table)."""
        if deal is None:
            return self.derived.ctx(state)
        context = self._contexts.get(deal)
        if context is None:
            game = state.game
            table = self._tables[deal]
            context = self._contexts[deal] = Ctx(game, InstanceCodec(game.card_names(), table, self.ids),
                                                 game.num_players)
        return context

    def _write(self, seen: Sight, viewer: int, prefix: Sequence[int]) -> np.ndarray:
        out = np.zeros(self.size, np.float32)
        self.ctx.viewer = viewer
        for at, write in self.writers:
            write(out, at, seen)
        if self.stepped and prefix:
            out[self.size - self.actions + np.asarray(prefix, dtype=np.int64)] = 1.0
        return out

    def sight_of_view(self, view: dict[str, Any]) -> Sight:
        ctx = self.ctx
        zones: dict[str, SeenList] = {}
        for name, seen in view["zones"].items():
            cards = seen.get("cards")
            kinds = ids = None
            if cards is not None:
                kinds = tuple(EMPTY if key is None else UNSEEN if key is False else
                              _or_unknown(ctx.kind(key)) for key in cards)
                ids = [int(key.rpartition("#")[2]) for key in cards if isinstance(key, str) and "#" in key
                       and key.rpartition("#")[2].isdecimal()] if self.instances else None
            zones[name] = (seen.get("owner"), seat_count(seen), kinds, ids)
        return Sight(view.get("to_move"), view.get("decision"), view.get("outcome") is not None, zones, None)

    def _deal(self, table: list[int]) -> tuple[int, list[int]]:
        """A small number for an instance game's kind table (the same table, the same number),
        and the observation's card kind of each id under it."""
        deals, key = self._deals, tuple(table)
        made = deals.get(key)
        if made is None:
            if len(deals) >= MEMO_LIMIT:
                deals.clear()
                self._memo.clear()
                self._tables.clear()
                self._contexts.clear()
            name_kind = self.name_kind
            made = deals[key] = (len(deals), [name_kind[k] for k in key])
            self._tables[made[0]] = key
        return made


MEMO_LIMIT = 4096
"""Field encodings kept per layout (cleared when full)."""
IMMUTABLE = (int, float, str, bool, type(None))
SCALARS = frozenset(IMMUTABLE)
_TUPLES: dict[int, tuple[tuple[Any, ...], Any]] = {}
"""Keys of tuples of plain values by identity, each with its tuple (so that the identity
stays its own while kept)."""


def frozen(value: Any, depth: int = 0) -> Any:
    """``value`` as a key that cannot change under it (a list as a tuple, a set or a map as a
    frozen set, down to three levels), or ``None`` when it holds anything else (an object of
    the game's own). The encoders are blind to the order of a set's or a map's entries."""
    kind = type(value)
    if kind in IMMUTABLE:
        return (kind, value)
    if depth > 2:
        return None
    if kind is tuple:
        known = _TUPLES.get(id(value))
        if known is not None and known[0] is value:
            return known[1]
        key = _sequence(kind, value, depth)
        if key is not None and key[1] is value:  # plain values: it can never change (a deck list)
            if len(_TUPLES) >= MEMO_LIMIT:
                _TUPLES.clear()
            _TUPLES[id(value)] = (value, key)
        return key
    if kind is list:
        return _sequence(kind, tuple(value), depth)
    if kind is set or kind is frozenset:
        if SCALARS.issuperset(map(type, value)):
            return (set, frozenset(value))
        return None
    if kind is dict:
        if SCALARS.issuperset(map(type, value)) and SCALARS.issuperset(map(type, value.values())):
            return (dict, frozenset(value.items()))
        entries = []
        for k, x in value.items():
            if type(k) not in IMMUTABLE:
                return None
            inner = x if type(x) in IMMUTABLE else frozen(x, depth + 1)
            if inner is None:
                return None
            entries.append((k, inner))
        return (dict, frozenset(entries))
    return None


def keyer(kind: v.Value) -> Keyer:
    """A field's key from its declared kind: what its dump (``kind.dump``, what the view
    shows) reads and nothing else. A record is keyed by its declared fields, an optional by
    its value or its absence, a list (of records) item by item, a kernel container (shields,
    modifiers) by its entries; any other value by ``frozen`` (``None``, no key: an object of
    the game's own). Each kind is taken only where its class writes it as the kernel's does."""
    kind_class = type(kind)
    if isinstance(kind, ModifierList) and kind_class.dump is ModifierList.dump:
        return lambda value: ("modifiers", frozen(value.entries))
    if isinstance(kind, v.EntriesOf) and kind_class.dump is v.EntriesOf.dump:
        entries = _items_keyer(keyer(kind.inner))
        return lambda value: entries(value.entries)
    if isinstance(kind, v.Rec) and kind_class.dump is v.Rec.dump:
        parts = [(name, keyer(k)) for name, k in kind.kinds.items()]

        def record(value: Any) -> Any:
            made = []
            for name, part in parts:
                key = part(getattr(value, name))
                if key is None:
                    return None
                made.append(key)
            return ("record", tuple(made))
        return record
    if isinstance(kind, v.Opt) and kind_class.dump is v.Opt.dump:
        inner = keyer(kind.inner)
        if inner is not frozen:
            return lambda value: ("none",) if value is None else inner(value)
    if isinstance(kind, v.ListOf) and kind_class.dump is v.ListOf.dump:
        inner = keyer(kind.inner)
        if inner is not frozen:
            return _items_keyer(inner)
    if isinstance(kind, v.SetOf) and kind_class.dump is v.SetOf.dump:
        inner = keyer(kind.inner)
        if inner is not frozen:  # a set of records: in any order, as ``frozen`` keys a set
            made = _items_keyer(inner)
            return lambda value: None if (key := made(value)) is None else ("set", frozenset(key[1]))
    if isinstance(kind, v.MapOf) and kind_class.dump is v.MapOf.dump:
        key_of, value_of = keyer(kind.key), keyer(kind.value)
        if key_of is not frozen or value_of is not frozen:
            keys, values = _items_keyer(key_of), _items_keyer(value_of)

            def entries(value: Any) -> Any:
                made_keys, made_values = keys(value), values(value.values())
                if made_keys is None or made_values is None:
                    return None
                return ("map", frozenset(zip(made_keys[1], made_values[1], strict=True)))
            return entries
    return frozen


def _items_keyer(inner: Keyer) -> Keyer:
    """Each item's key, in order (``None`` when one has none)."""
    def items(value: Any) -> Any:
        made = []
        for item in value:
            key = inner(item)
            if key is None:
                return None
            made.append(key)
        return ("items", tuple(made))
    return items


def _sequence(kind: type, items: tuple[Any, ...], depth: int) -> Any:
    """``frozen`` of a list or a tuple, given as a tuple: ``(kind, items)`` itself when it
    holds plain values (checked in one call)."""
    types = set(map(type, items))
    if SCALARS.issuperset(types):
        return (kind, items)
    if depth >= 2:
        return None
    if types == {list}:  # lists of lists, level by level: their lengths and, joined, their items
        inner = _sequence(list, tuple(chain.from_iterable(items)), depth + 1)
        return None if inner is None else (kind, list, tuple(map(len, items)), inner)
    made = []
    for x in items:
        if type(x) in IMMUTABLE:
            made.append(x)
            continue
        inner = frozen(x, depth + 1)
        if inner is None:
            return None
        made.append(inner)
    return (kind, tuple(made))


def _or_unknown(kind: int | None) -> int:
    return UNKNOWN if kind is None else kind


def seat_count(seen: dict[str, Any]) -> int:
    count = seen.get("count", 0)
    return count if type(count) is int else 0
