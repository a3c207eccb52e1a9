"""The observation tensor: a fixed-size ``float32`` vector per player, from that player's view.

Built from the game's declared state (``kernel/state.py``) and nothing the view does not
carry, so re-dealing what a player cannot see leaves it unchanged. Seats are relative: the
viewer's own entries come first, then the next seat's in turn order, and so on. In order:

- **header**: who is to move (one slot per seat, relative, and one for nobody), the pending
  decision's kind (a stable hash of its name into ``DECISION_SLOTS`` slots), over or not;
- **zones**, as declared, each list (per seat, relative; or the table's): its count, whether
  its cards are shown, how many are face down, a count per card kind and the sum of the card
  features of the cards shown; a grid zone per cell: empty, face down, the card's kind and
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

Card features come from the game's card table (``Game.card_table()``): each numeric or
true/false column, scaled by its largest value, and each column of at most
``CATEGORY_LIMIT`` words one-hot. ``layout()`` names each block and where it starts.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from ..kernel import values as v
from ..kernel.game import Game
from ..kernel.state import HIDDEN, Field, Instances, Layout, Visibility, Zone, derived

DECISION_SLOTS = 32
CATEGORY_LIMIT = 12
Writer = Callable[[np.ndarray, int, Any, "Context"], None]
BlockWriter = Callable[[np.ndarray, int, dict[str, Any]], None]


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
    """The observation layout of one game and player count; ``encode(view, prefix)``."""

    def __init__(self, game: Game, actions: int, stepped: bool) -> None:
        self.game = game
        spec = derived(game.state_class).spec  # type: ignore[attr-defined]
        self.spec, players = spec, game.num_players
        self.instances = isinstance(spec.cards, Instances)
        if self.instances:
            names = list(game.card_names())
            keys = {name: i for i, name in enumerate(dict.fromkeys(names))}
            kind_count = len(keys)
            self.ids = players * spec.cards.size(game)  # type: ignore[union-attr]
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
        at = self._add("header: to move (relative seats, nobody), decision kind, over",
                       players + 1 + DECISION_SLOTS + 1, self._header, 0)
        self.lists: list[str] = []  # the zone lists in relative order, for the instance block
        for zone in spec.zones:
            at = self._zone(zone, at)
        for f in spec.fields:
            if f.seen is HIDDEN:
                continue
            at = self._field(f, at)
        if self.instances:
            at = self._add(f"instances: the zone list each of {self.ids} cards lies in",
                           self.ids * len(self.lists), self._where, at)
        self.actions, self.stepped = actions, stepped
        if stepped:
            at = self._add("the move being entered: its tokens so far", actions, lambda o, a, view: None, at)
        self.size = at

    def _add(self, name: str, size: int, write: BlockWriter, at: int) -> int:
        self.blocks.append((name, at, size))
        self.writers.append((at, write))
        return at + size

    def layout(self) -> list[tuple[str, int, int]]:
        """(block, first slot, size) of each block, in order."""
        return list(self.blocks)

    # -- blocks -----------------------------------------------------------------------------
    def _header(self, out: np.ndarray, at: int, view: dict[str, Any]) -> None:
        ctx, players = self.ctx, self.ctx.players
        mover = view.get("to_move")
        out[at + (ctx.seat(mover) if type(mover) is int else players)] = 1.0
        kind = view.get("decision")
        if isinstance(kind, str):
            out[at + players + 1 + zlib.crc32(kind.encode()) % DECISION_SLOTS] = 1.0
        out[at + players + 1 + DECISION_SLOTS] = 1.0 if view.get("outcome") is not None else 0.0

    def _zone(self, zone: Zone, at: int) -> int:
        ctx, players, kinds, feats = self.ctx, self.ctx.players, self.kind_count, self.features
        if zone.layout is Layout.GRID:
            cells = zone.grid.size
            per = 2 + kinds + feats

            def grid(out: np.ndarray, at: int, view: dict[str, Any]) -> None:
                shown = view["zones"][zone.name].get("cards")
                for i, key in enumerate(shown or ()):
                    place = at + i * per
                    if key is None:
                        out[place] = 1.0
                    elif key is False:
                        out[place + 1] = 1.0
                    else:
                        k = ctx.kind(key)
                        if k is not None:
                            out[place + 2 + k] = 1.0
                            out[place + 2 + kinds:place + per] = ctx.features[k]
            self.lists.append(zone.name)
            what = f"zone {zone.name}: per cell empty, face down, kind ({kinds}), features ({feats})"
            return self._add(what, cells * per, grid, at)
        per = 3 + kinds + feats
        names = [zone.name] if zone.shared else [f"{zone.name}{p}" for p in range(players)]
        self.lists += [zone.name] if zone.shared else [f"{zone.name}+{r}" for r in range(players)]

        def lists(out: np.ndarray, at: int, view: dict[str, Any]) -> None:
            zones = view["zones"]
            for p, name in enumerate(names):
                seen = zones[name]
                place = at + (0 if zone.shared else ctx.seat(p)) * per
                out[place] = scale(seat_count(seen), None, None)
                shown = seen.get("cards")
                if shown is None:
                    continue
                out[place + 1] = 1.0
                down = 0
                for key in shown:
                    if key is False:
                        down += 1
                    elif key is not None:
                        k = ctx.kind(key)
                        if k is not None:
                            out[place + 3 + k] += 1.0
                            out[place + 3 + kinds:place + per] += ctx.features[k]
                out[place + 2] = scale(down, None, None)
        whose = "the table's" if zone.shared else "per seat (relative)"
        what = f"zone {zone.name}, {whose}: count, shown, face down, kinds ({kinds}), features ({feats})"
        return self._add(what, len(names) * per, lists, at)

    def _field(self, f: Field, at: int) -> int:
        part = coder(f.kind, self.ctx)
        sometimes = not isinstance(f.seen, Visibility)
        size = part.size + (1 if sometimes else 0)
        name = f.name

        def field(out: np.ndarray, at: int, view: dict[str, Any]) -> None:
            if name not in view:
                return
            if sometimes:
                out[at] = 1.0
                part.write(out, at + 1, view[name], self.ctx)
            else:
                part.write(out, at, view[name], self.ctx)
        return self._add(f"field {name}" + (" (presence first)" if sometimes else ""), size, field, at)

    def _where(self, out: np.ndarray, at: int, view: dict[str, Any]) -> None:
        ctx, lists = self.ctx, len(self.lists)
        place_of = {name: i for i, name in enumerate(self.lists)}
        for zone in self.spec.zones:
            for seen in _zone_views(view, zone, ctx.players):
                shown = seen.get("cards")
                owner = seen.get("owner")
                key = zone.name if owner is None else f"{zone.name}+{ctx.seat(owner)}"
                slot = place_of.get(key)
                for card in shown or ():
                    if isinstance(card, str) and "#" in card:
                        number = card.rpartition("#")[2]
                        if number.isdecimal() and int(number) < self.ids and slot is not None:
                            out[at + int(number) * lists + slot] = 1.0

    # -- the whole --------------------------------------------------------------------------
    def encode(self, view: dict[str, Any], prefix: Sequence[int] = ()) -> np.ndarray:
        out = np.zeros(self.size, np.float32)
        viewer = view.get("viewer")
        self.ctx.viewer = viewer if type(viewer) is int else 0
        for at, write in self.writers:
            write(out, at, view)
        if self.stepped and prefix:
            out[self.size - self.actions + np.asarray(prefix, dtype=np.int64)] = 1.0
        return out


def seat_count(seen: dict[str, Any]) -> int:
    count = seen.get("count", 0)
    return count if type(count) is int else 0


def _zone_views(view: dict[str, Any], zone: Zone, players: int) -> list[dict[str, Any]]:
    zones = view["zones"]
    names = [zone.name] if zone.shared else [f"{zone.name}{p}" for p in range(players)]
    return [zones[n] for n in names if n in zones]
