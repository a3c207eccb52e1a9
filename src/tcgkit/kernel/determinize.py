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
``fill_hidden`` when the list is private). Hidden fields are drawn by their ``sample``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from math import factorial
from typing import Any

from .rng import Rng
from .state import (
    EMPTY,
    FACE_DOWN,
    OWNER,
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
    if decklist is None:
        return []
    left: dict[Any, int] = {}
    for card in seen:
        left[card] = left.get(card, 0) + 1
    if not left:
        return list(decklist)
    out = []
    for card in decklist:
        count = left.get(card)
        if count:
            left[card] = count - 1
        else:
            out.append(card)
    return out


_FACTORIALS = [factorial(n) for n in range(2)]


def shuffle(items: list[Any], rng: Rng) -> None:
    """A uniform shuffle in place, like ``Rng.shuffle`` but drawing one uniform number below
    ``len(items)!`` from a few 64-bit words (rejection keeps it exact) and reading the swaps
    off its mixed-radix digits: a 50-card deck takes 4 draws instead of 49."""
    n = len(items)
    if n < 2:
        return
    while len(_FACTORIALS) <= n:
        _FACTORIALS.append(_FACTORIALS[-1] * len(_FACTORIALS))
    total = _FACTORIALS[n]
    words = total.bit_length() // 64 + 1
    span = 1 << (64 * words)
    limit = span - span % total  # a multiple of n!: below it, x % n! is uniform
    while True:
        x = 0
        for _ in range(words):
            x = (x << 64) | rng.next_u64()
        if x < limit:
            break
    x %= total
    for i in range(n - 1, 0, -1):
        x, j = divmod(x, i + 1)
        items[i], items[j] = items[j], items[i]


# -- what a viewer sees of a state ------------------------------------------------------------
Pools = dict[int | None, list[Slot]]
"""The slots a viewer cannot see, by pool."""
Seen = dict[int | None, list[int]]
"""The cards a viewer sees, by pool."""


def slots_of(d: Derived, state: Any, viewer: int | None) -> tuple[Pools, Seen]:
    """The slots ``viewer`` cannot see and the cards it sees, by pool."""
    hidden: Pools = {}
    seen: Seen = {}
    for zone in d.spec.zones:
        visibility = zone.visibility(state)
        value = getattr(state, zone.attr)
        for owner, container, indices in _places(zone, value, state.game.num_players):
            pool = d.pool(zone, owner)
            if not sees(visibility, owner, viewer):
                hidden.setdefault(pool, []).extend((container, i) for i in indices)
                continue
            face_down = zone.face_down
            for i in indices:
                if face_down is not None and not sees(face_down(state, owner, i), owner, viewer):
                    hidden.setdefault(pool, []).append((container, i))
                else:
                    seen.setdefault(pool, []).append(container[i])
    for pool, card in d.held(state):
        seen.setdefault(pool, []).append(card)
    return hidden, seen


def _places(zone: Zone, value: Any, players: int) -> Iterable[tuple[int | None, list[Any], list[int]]]:
    """(owner, list, indices of its cards) of each of a zone's lists."""
    if zone.shared:
        yield None, value, [i for i, c in enumerate(value) if c != EMPTY]
    elif zone.single:
        for p in range(players):
            if value[p] is not None:
                yield p, value, [p]
    else:
        for p, cards in enumerate(value):
            yield p, cards, list(range(len(cards)))


Known = dict[int | None, tuple[list[int], bool]]


def known_decklists(d: Derived, state: Any, viewer: int | None) -> tuple[Known, list[int]]:
    """Each pool's deck list as far as ``viewer`` knows it and whether it knows it whole; and
    the players whose lists it does not know."""
    lists = getattr(state, d.spec.decklists)
    field = d.field_by_name[d.spec.decklists]
    visibility = field.visibility(state)
    if not isinstance(getattr(field.kind, "inner", None), ListOf):  # the table's one list (always public)
        return {None: (list(lists), True)}, []
    known = [deck if visibility is PUBLIC or (visibility is OWNER and p == viewer) else None
             for p, deck in enumerate(lists)]
    unknown = [p for p, deck in enumerate(known) if deck is None]
    if d.spec.table_pool:
        return {None: ([c for deck in known if deck is not None for c in deck], not unknown)}, unknown
    return {p: ([] if deck is None else list(deck), deck is not None) for p,
            deck in enumerate(known)}, unknown


def _deal(slots: list[Slot], cards: list[int], rng: Rng) -> None:
    shuffle(cards, rng)
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
    hidden, seen = slots_of(d, new, viewer)
    game = new.game
    if isinstance(d.spec.cards, Instances):
        for slots in hidden.values():
            _deal(slots, [container[i] for container, i in slots], rng)
    elif hidden:
        known, unknown = known_decklists(d, new, viewer)
        partial = False
        for pool, slots in hidden.items():
            cards, whole = known.get(pool, ([], False))
            if whole:
                _deal(slots, [container[i] for container, i in slots], rng)
                continue
            partial = True
            mine = seen.get(pool, [])
            forced = unseen(cards, mine)
            _deal(slots, forced + game.fill_hidden(pool, len(slots) - len(forced), Counter(mine), rng), rng)
        if partial:
            game.rebuild_decklists(new, unknown)
    _sample_fields(d, new, viewer, rng)
    for name, value in d.spec.caches.items():
        setattr(new, name, value)
    return new


def _sample_fields(d: Derived, state: Any, viewer: int | None, rng: Rng) -> None:
    for f in d.spec.fields:
        if f.sample is not None and f.visibility(state) is not PUBLIC:
            f.sample(state, viewer, rng)


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
        setattr(state, zone.attr, _zone_from_view(d, zone, view["zones"], ctx, hidden, seen))
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


def _zone_from_view(d: Derived, zone: Zone, zones: dict[str, Any], ctx: Ctx,
                    hidden: Pools, seen: Seen) -> Any:
    card = ctx.codec.card

    def read(shown: dict[str, Any], pool: int | None, where: str) -> list[int]:
        cards = shown.get("cards")
        if cards is None:  # only counted: every card a slot to deal
            out = [EMPTY] * shown["count"]
            hidden.setdefault(pool, []).extend((out, i) for i in range(len(out)))
            return out
        out = []
        for i, key in enumerate(cards):
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
            pool_cards += state.game.fill_hidden(pool, len(slots) - len(pool_cards), Counter(mine), rng)
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
            shuffle(names, rng)
        for c, kind in zip(missing, names, strict=True):
            kinds[c] = kind
        slots = hidden.get(p, [])
        free = [c for c in ids if c not in placed]
        if len(free) != len(slots):
            raise ValueError(f"player {p}'s hidden slots hold {len(slots)} cards, but {len(free)} are unseen")
        _deal(slots, free, rng)


__all__ = ["determinize", "rebuild_by_player", "redeal_hidden", "shuffle", "unseen"]
