"""Hidden cards dealt anew, derived from a state's declaration (``kernel/state.py``).

A viewer cannot see some slots: whole zones (a rival's hand, every deck) and single cards face
down in zones it sees. ``redeal_hidden(state, viewer, rng)`` copies a state and deals those
slots again; ``determinize(game, view, rng)`` builds a full state from a view, dealing the
slots the view only counts. Both keep everything the viewer may see.

Each slot belongs to a **pool**: whose deck list its card came from (``Zone.pool``: the zone's
owner by default, or the table's one pool). What the viewer knows of a pool's deck list (the
state's ``decklists`` field, each entry as the viewer sees it), minus the pool's cards it
sees, must lie in the pool's hidden slots; when the list is not known whole, the rest is drawn
by the game's ``fill_hidden``. Instance games (a card an id) deal the unseen ids of each
player, after giving the ids the viewer never saw names from the deck list (or the game's
``fill_hidden`` when the list is private). Hidden fields are drawn by their ``sample``. A card
the viewer knows (``StateSpec.knowledge``: shown once, then put where it cannot be seen) is
seen where it lies: its view names it there, and neither deals it elsewhere.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .rng import Rng
from .state import (
    EMPTY,
    FACE_DOWN,
    PUBLIC,
    Derived,
    Instances,
    Zone,
    decisions_from_json,
    derived,
    sees,
)
from .values import Ctx, ListOf, TupleOf

Slot = tuple[list[Any], int]
"""A place a card can be dealt to: a list and an index in it."""


def unseen(decklist: Sequence[Hashable] | None, seen: Iterable[Any]) -> list[Any]:
    """The cards of ``decklist`` not in ``seen``, as multisets, in the list's order
    (``None``: nothing known)."""
    if not decklist:
        return []
    seen = seen if isinstance(seen, list) else list(seen)
    if len(decklist) * len(seen) <= 256:  # small (a search's every iteration): scans in C
        left = list(decklist)
        for card in seen:
            if card in left:
                left.remove(card)  # the first copy, as below
        return left
    counts: dict[Any, int] = {}
    for card in seen:
        counts[card] = counts.get(card, 0) + 1
    out = []
    for card in decklist:
        count = counts.get(card)
        if count:
            counts[card] = count - 1
        else:
            out.append(card)
    return out


# -- what a viewer sees of a state ------------------------------------------------------------
Pools = dict[int | None, list[Slot]]
"""The slots a viewer cannot see, by pool."""
Seen = dict[int | None, list[int]]
"""The cards a viewer sees, by pool."""
Known = dict[int | None, tuple[list[int], bool]]
"""Each pool's deck list as far as a viewer knows it, and whether it knows it whole."""
Place = tuple[Zone, int | None, int | None]
"""One list of a zone: the zone, the list's owner (``None``: a shared zone), its pool."""


@dataclass(frozen=True, slots=True)
class Plan:
    """What one viewer sees of a state's lists and deck lists, given the visibilities: worked
    out once per (viewer, visibilities) and kept, because a search redeals every iteration."""

    hidden: tuple[Place, ...]  # lists the viewer cannot see
    face_down: tuple[Place, ...]  # lists it sees whose cards may lie face down one by one
    shown: tuple[Place, ...]  # lists it sees whole
    known: tuple[int, ...]  # the players whose deck lists it sees
    unknown: tuple[int, ...]  # the others

    def known_lists(self, d: Derived, lists: Any) -> Known:
        if not d.lists_by_player:  # the table's one list (always public)
            return {None: (list(lists), True)}
        if d.spec.table_pool:
            return {None: ([c for p in self.known for c in lists[p]], not self.unknown)}
        return {p: (list(lists[p]) if p in self.known else [], p in self.known) for p in range(len(lists))}


def plan_for(d: Derived, state: Any, viewer: int | None) -> Plan:
    functions = d.seen_functions  # the visibilities that depend on the state (Open, say)
    if not functions:
        key: tuple[Any, ...] = (viewer, state.game.num_players)
    elif len(functions) == 1:
        key = (viewer, state.game.num_players, functions[0](state))
    else:
        key = (viewer, state.game.num_players, *[f(state) for f in functions])
    plan = d.plans.get(key)
    if plan is None:
        plan = d.plans[key] = _make_plan(d, state, viewer)
    return plan


def _make_plan(d: Derived, state: Any, viewer: int | None) -> Plan:
    players = state.game.num_players
    hidden: list[Place] = []
    face_down: list[Place] = []
    shown: list[Place] = []
    for zone in d.spec.zones:
        visibility = zone.visibility(state)
        for owner in ([None] if zone.shared else range(players)):
            place = (zone, owner, d.pool(zone, owner))
            if not sees(visibility, owner, viewer):
                hidden.append(place)
            elif zone.face_down is not None or zone.down is not None:
                face_down.append(place)
            else:
                shown.append(place)
    if d.lists_by_player and d.decklist_field is not None:
        lists_seen = d.decklist_field.visibility(state)
        known = tuple(p for p in range(players) if sees(lists_seen, p, viewer))
        unknown = tuple(p for p in range(players) if p not in known)
    else:
        known, unknown = tuple(range(players)), ()
    return Plan(tuple(hidden), tuple(face_down), tuple(shown), known, unknown)


def hidden_slots(d: Derived, state: Any, plan: Plan, viewer: int | None) -> Pools:
    """The slots ``viewer`` cannot see, by pool (a card it knows is seen where it lies)."""
    hidden = _unseen_places(d, state, plan, viewer)
    known = d.known(state, viewer)
    if not known:
        return hidden
    kept: Pools = {}
    for pool, slots in hidden.items():
        left = [(container, i) for container, i in slots if container[i] not in known]
        if left:
            kept[pool] = left
    return kept


def _unseen_places(d: Derived, state: Any, plan: Plan, viewer: int | None) -> Pools:
    """The slots of the places ``viewer`` cannot see, by pool."""
    hidden: Pools = {}
    for zone, owner, pool in plan.hidden:
        value = getattr(state, zone.attr)
        if owner is None and zone.slot_pool is not None and not d.spec.table_pool:
            for i, c in enumerate(value):
                if c != EMPTY:
                    hidden.setdefault(zone.slot_pool(state, i), []).append((value, i))
            continue
        if owner is None:
            slots = [(value, i) for i, c in enumerate(value) if c != EMPTY]
        elif zone.single:
            slots = [(value, owner)] if value[owner] is not None else []
        else:
            cards = value[owner]
            slots = [(cards, i) for i in range(len(cards))]
        if slots:
            hidden.setdefault(pool, []).extend(slots)
    for place in plan.face_down:
        zone, owner, pool = place
        container, indices = _slots(state, place)
        if zone.down is not None:
            places = zone.down(state, owner)
            if places:
                hidden.setdefault(pool, []).extend((container, i) for i in places)
            continue
        slot_pool = None if d.spec.table_pool else zone.slot_pool
        if slot_pool is not None:
            for i in indices:
                at = slot_pool(state, i)
                if not sees(zone.face_down(state, owner, i), at, viewer):  # type: ignore[misc]
                    hidden.setdefault(at, []).append((container, i))
            continue
        down = [(container, i) for i in indices if not sees(zone.face_down(state, owner, i), owner, viewer)]  # type: ignore[misc]
        if down:
            hidden.setdefault(pool, []).extend(down)
    return hidden


def _slots(state: Any, place: Place) -> tuple[list[Any], Sequence[int]]:
    """The list of ``place`` and the indices of its cards."""
    zone, owner, _ = place
    value = getattr(state, zone.attr)
    if owner is None:
        return value, [i for i, c in enumerate(value) if c != EMPTY]
    if zone.single:
        return value, ([owner] if value[owner] is not None else [])
    cards = value[owner]
    return cards, range(len(cards))


def seen_cards(d: Derived, state: Any, plan: Plan, viewer: int | None, pool: int | None) -> list[int]:
    """The cards of ``pool`` that ``viewer`` sees."""
    seen: list[int] = []
    for zone, owner, place_pool in plan.shown:
        if zone.slot_pool is not None and not d.spec.table_pool:
            value = getattr(state, zone.attr)
            seen += [c for i, c in enumerate(value) if c != EMPTY and zone.slot_pool(state, i) == pool]
        elif place_pool == pool:
            value = getattr(state, zone.attr)
            if owner is None:
                seen += [c for c in value if c != EMPTY]
            elif zone.single:
                if value[owner] is not None:
                    seen.append(value[owner])
            else:
                seen += value[owner]
    for place in plan.face_down:
        zone, owner, place_pool = place
        slot_pool = None if d.spec.table_pool else zone.slot_pool
        if zone.down is not None:
            if place_pool == pool:
                container, _ = _slots(state, place)
                down = zone.down(state, owner)
                seen += [c for i, c in enumerate(container) if i not in down]
        elif slot_pool is not None:
            container, indices = _slots(state, place)
            seen += [container[i] for i in indices if slot_pool(state, i) == pool
                     and sees(zone.face_down(state, owner, i), pool, viewer)]  # type: ignore[misc]
        elif place_pool == pool:
            container, indices = _slots(state, place)
            seen += [container[i] for i in indices
                     if sees(zone.face_down(state, owner, i), owner, viewer)]  # type: ignore[misc]
    if d.holding:
        seen += [card for card_pool, card in d.held(state) if card_pool == pool]
    return seen


def known_decklists(d: Derived, state: Any, viewer: int | None) -> tuple[Known, list[int]]:
    """Each pool's deck list as far as ``viewer`` knows it and whether it knows it whole; and
    the players whose lists it does not know."""
    plan = plan_for(d, state, viewer)
    return plan.known_lists(d, getattr(state, d.spec.decklists)), list(plan.unknown)


def _deal(slots: list[Slot], cards: list[int], rng: Rng) -> None:
    rng.shuffle(cards)
    for (container, i), card in zip(slots, cards, strict=True):
        container[i] = card


# -- redeal ---------------------------------------------------------------------------------
def redeal_hidden(state: Any, viewer: int | None, rng: Rng) -> Any:
    """A copy of ``state`` with everything ``viewer`` cannot see drawn anew: the cards of its
    hidden slots dealt again (pool by pool; a pool whose deck list the viewer does not know
    whole is drawn afresh), the hidden fields sampled, the generator re-seeded."""
    d = derived(state)
    new = d.clone(state)
    new.rng = Rng(rng.next_u64())
    plan = plan_for(d, new, viewer)
    hidden = hidden_slots(d, new, plan, viewer)
    if hidden:
        if d.instances:
            for slots in hidden.values():
                _deal(slots, [container[i] for container, i in slots], rng)
        else:
            _redeal_catalog(d, new, plan, viewer, hidden, rng)
    if d.sampled:
        _sample_fields(d, new, viewer, rng)
    for name, value in d.reset:
        setattr(new, name, value)
    return new


def _redeal_catalog(d: Derived, state: Any, plan: Plan, viewer: int | None, hidden: Pools, rng: Rng) -> None:
    known = plan.known_lists(d, getattr(state, d.spec.decklists))
    game = state.game
    partial = False
    for pool, slots in hidden.items():
        cards, whole = known.get(pool, _NOTHING_KNOWN)
        if whole:
            _deal(slots, [container[i] for container, i in slots], rng)
            continue
        partial = True
        mine = seen_cards(d, state, plan, viewer, pool)
        forced = unseen(cards, mine)
        drawn = game.fill_hidden(pool, len(slots) - len(forced), mine, rng)
        if forced:  # the known cards go anywhere among the drawn ones
            _deal(slots, forced + drawn, rng)
        else:  # drawn in a random order already
            for (container, i), card in zip(slots, drawn, strict=True):
                container[i] = card
    if partial:
        game.rebuild_decklists(state, list(plan.unknown))


_NOTHING_KNOWN: tuple[list[int], bool] = ([], False)


def _sample_fields(d: Derived, state: Any, viewer: int | None, rng: Rng) -> None:
    for f in d.sampled:
        if f.visibility(state) is not PUBLIC:
            f.sample(state, viewer, rng)  # type: ignore[misc]


def rebuild_by_player(state: Any, unknown: list[int]) -> None:
    """``Game.rebuild_decklists``'s default: a player's deck list is every card of their pool
    wherever it lies, in the declaration's zone order."""
    d = derived(state)
    if d.spec.table_pool:
        raise NotImplementedError(f"{state.game.title}: the table is one pool; the game makes its deck lists")
    field = d.field_by_name[d.spec.decklists]
    lists = getattr(state, d.spec.decklists)
    inner = field.kind.inner if isinstance(field.kind, ListOf) else None
    for player in unknown:
        cards = [c for pool, c in d.placed(state) if pool == player]
        lists[player] = tuple(cards) if isinstance(inner, TupleOf) else cards


# -- determinize ------------------------------------------------------------------------------
def determinize(game: Any, view: dict[str, Any], rng: Rng) -> Any:
    """A full state ``view`` could come from: what it shows as it is, the slots it only
    counts dealt (see the module docstring), hidden fields sampled, no history."""
    d = derived(game.state_class)
    state = d.blank(game, Rng(0))
    ctx = Ctx(game, d.codec(game, state), game.num_players)
    viewer = view["viewer"]
    state.version = view["version"]
    state.decisions = decisions_from_json(view["decisions"], game.num_players)
    owned = set(view["seen"])
    for f in d.spec.fields:
        if f.name not in view:
            setattr(state, f.name, None)
        elif f.name in owned:
            setattr(state, f.name, _load_own(f.kind, view[f.name], viewer, ctx, f.name))
        else:
            setattr(state, f.name, f.kind.load(view[f.name], ctx, f.name))
    hidden: Pools = {}
    seen: Seen = {}
    for zone in d.spec.zones:
        setattr(state, zone.attr, _zone_from_view(d, state, zone, view["zones"], ctx, hidden, seen))
    for pool, card in d.held(state):
        seen.setdefault(pool, []).append(card)
    if isinstance(d.spec.cards, Instances):
        _deal_instances(d, state, view, ctx, hidden, rng)
    else:
        _deal_catalog(d, state, viewer, hidden, seen, rng)
    _sample_fields(d, state, viewer, rng)
    state.rng = Rng(rng.next_u64())
    state.after_load()
    return state


def _load_own(kind: Any, data: Any, viewer: int | None, ctx: Ctx, where: str) -> Any:
    """An ``OWNER`` field as a view shows it: the viewer's entry; the others ``None``."""
    if isinstance(kind, ListOf):
        return [None if p != viewer else kind.inner.load(v, ctx, f"{where}[{p}]") for p, v in enumerate(data)]
    return kind.load(data, ctx, where)


def _zone_from_view(d: Derived, state: Any, zone: Zone, zones: dict[str, Any], ctx: Ctx,
                    hidden: Pools, seen: Seen) -> Any:
    card = ctx.codec.card
    slot_pool = None if d.spec.table_pool else zone.slot_pool

    def read(shown: dict[str, Any], pool: int | None, where: str) -> list[int]:
        cards = shown.get("cards")
        if cards is None:  # only counted: every card a slot to deal
            out = [EMPTY] * shown["count"]
            hidden.setdefault(pool, []).extend((out, i) for i in range(len(out)))
            return out
        out = []
        for i, key in enumerate(cards):
            if slot_pool is not None:  # the public fields it reads are loaded already
                pool = slot_pool(state, i)
            if key is None:
                out.append(EMPTY)
            elif key is FACE_DOWN:
                out.append(EMPTY)
                hidden.setdefault(pool, []).append((out, i))
            else:
                c = card(key, ctx, f"{where}[{i}]")
                out.append(c)
                seen.setdefault(pool, []).append(c)
        return out

    if zone.shared:
        return read(zones[zone.name], d.pool(zone, None), zone.name)
    if not zone.single:
        return [read(zones[f"{zone.name}{p}"], d.pool(zone, p),
                     f"{zone.name}{p}") for p in range(ctx.players)]
    singles: list[int | None] = [None] * ctx.players
    for p in range(ctx.players):
        shown, pool = zones[f"{zone.name}{p}"], d.pool(zone, p)
        if "cards" not in shown:
            if shown["count"]:
                singles[p] = EMPTY
                hidden.setdefault(pool, []).append((singles, p))
        elif shown["cards"]:
            singles[p] = c = card(shown["cards"][0], ctx, f"{zone.name}{p}[0]")
            seen.setdefault(pool, []).append(c)
    return singles


def _deal_catalog(d: Derived, state: Any, viewer: int | None, hidden: Pools, seen: Seen,
                  rng: Rng) -> None:
    if not hidden:
        return
    known, unknown = known_decklists(d, state, viewer)
    partial = False
    for pool, slots in hidden.items():
        cards, whole = known.get(pool, ([], False))
        mine = seen.get(pool, [])
        pool_cards = unseen(cards, mine)
        if not whole:
            partial = True
            pool_cards += state.game.fill_hidden(pool, len(slots) - len(pool_cards), mine, rng)
        if len(pool_cards) != len(slots):
            unseen_count = len(pool_cards)
            raise ValueError(f"pool {pool}'s hidden slots hold {len(slots)} cards; {unseen_count} are unseen")
        _deal(slots, pool_cards, rng)
    if partial:
        state.game.rebuild_decklists(state, unknown)


def _deal_instances(d: Derived, state: Any, view: dict[str, Any], ctx: Ctx,
                    hidden: Pools, rng: Rng) -> None:
    """Names for the ids the view never shows, from what each deck list still holds (or the
    game's ``fill_hidden``), then the unseen ids dealt into the hidden slots."""
    cards = d.spec.cards
    assert isinstance(cards, Instances)
    game = state.game
    size, kinds = cards.size(game), getattr(state, cards.kind)
    by_name = {name: i for i, name in enumerate(game.card_names())}
    for card, kind in ctx.kinds.items():
        kinds[card] = kind
    unnamed = next((c for _, c in d.held(state) if kinds[c] == EMPTY), None)
    if unnamed is not None:  # it would be dealt any name, and the world disagree with the view
        raise ValueError(f"card #{unnamed} lies in a field that holds cards, but the view gives only its id: "
                         "declare the field's cards as values.Card, written by key")
    placed = {c for _, c in d.placed(state) if c != EMPTY}
    for p in range(game.num_players):
        ids = range(p * size, (p + 1) * size)
        named = Counter(kinds[c] for c in ids if kinds[c] != EMPTY)
        missing = [c for c in ids if kinds[c] == EMPTY]
        decklist = view["decklists"][p]
        if decklist is None:
            names = game.fill_hidden(p, len(missing), named, rng)
        else:
            names = list((Counter(by_name[n] for n in decklist) - named).elements())
            rng.shuffle(names)
        for c, kind in zip(missing, names, strict=True):
            kinds[c] = kind
        slots = hidden.get(p, [])
        free = [c for c in ids if c not in placed]
        if len(free) != len(slots):
            raise ValueError(f"player {p}'s hidden slots hold {len(slots)} cards, but {len(free)} are unseen")
        _deal(slots, free, rng)


__all__ = ["determinize", "rebuild_by_player", "redeal_hidden", "unseen"]
