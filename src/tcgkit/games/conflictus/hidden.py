"""Hidden information in Conflictus Aeternus: hands, mons orders, sealed mulligan choices.

Ids are drawn by the seed (``kind``), so an id says nothing about a card it does not show. A
re-deal moves the unseen ids of each player among their unseen places (hand and mons); the
viewer's own mons is shuffled. A determinized state gives each unseen id a name from what the
mons list still holds.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...kernel.rng import Rng
from .notation import load_public
from .rules import ZONE_VIEWS, Conflictus, ConflictusState


def redeal_hidden(state: ConflictusState, viewer: int | None, rng: Rng) -> ConflictusState:
    new = state.clone()
    new.rng = Rng(rng.next_u64())
    new.legal = None
    for p in range(new.n):
        if p == viewer:
            rng.shuffle(new.mons[p])
            continue
        unseen = new.mons[p] + new.hand[p]
        rng.shuffle(unseen)
        new.mons[p], new.hand[p] = unseen[:len(new.mons[p])], unseen[len(new.mons[p]):]
    for p in list(new.choices):
        if p != viewer:
            new.choices[p] = rng.below(2) == 1
    return new


def determinize(game: Conflictus, view: dict[str, Any], rng: Rng) -> ConflictusState:
    me, zones, n = view["viewer"], view["zones"], view["players"]
    size = game.options.deck_size
    by_name = {c.name: c.index for c in game.cards}
    kind = [-1] * (n * size)
    for c, k in view["known"]:
        kind[c] = k
    for p in range(n):
        left = Counter(by_name[name] for name in view["decklists"][p])
        left.subtract(kind[c] for c in range(p * size, (p + 1) * size) if kind[c] >= 0)
        names = list(left.elements())
        rng.shuffle(names)
        slots = iter(names)
        for c in range(p * size, (p + 1) * size):
            if kind[c] < 0:
                kind[c] = next(slots)
    state = ConflictusState(game, kind, Rng(rng.next_u64()))
    load_public(state, view["public"])
    placed: set[int] = set()
    for name, _ in ZONE_VIEWS:
        zone = getattr(state, name)
        for p in range(n):
            zone[p] = [int(label.rpartition("#")[2]) for label in zones[f"{name}{p}"].get("cards", [])]
            placed.update(zone[p])
    for rec in state.sets.values():
        placed.update(rec[1] + rec[2] + rec[3])
    for p in range(n):
        unseen = [c for c in range(p * size, (p + 1) * size) if c not in placed]
        rng.shuffle(unseen)
        if p != me:
            count = zones[f"hand{p}"]["count"]
            state.hand[p], unseen = unseen[:count], unseen[count:]
        state.mons[p] = unseen
    answered = [d.player for d in state.decisions if d.kind == "mulligan"]
    if state.phase == "mulligan":
        from .turn import turn_order

        for p in turn_order(state.first, n):
            if p in state.kept or p in answered or state.decisions == [] or state.mulled[p] >= \
                    game.options.max_mulligans:
                continue
            state.choices[p] = view["my_choice"] if p == me else rng.below(2) == 1
    return state
