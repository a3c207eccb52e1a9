"""Hidden information in Final Fantasy TCG: hands, face-down cards and deck orders.

Card ids are public (a face-up card shows its id), so re-dealing moves unseen ids among
unseen slots. Which unseen id is which card is hidden (ids are assigned by the seed): a
determinized state deals the names not seen among the unseen ids, from the deck list when
it is public, else drawn from the pool.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...kernel.rng import Rng
from .records import ABILITY_KEY
from .rules import ZONE_VIEWS, FFTcg, FFTcgState
from .state_json import load_public


def redeal_hidden(state: FFTcgState, viewer: int | None, rng: Rng) -> FFTcgState:
    """Everything ``viewer`` cannot see drawn anew: the rival's hand and face-down cards
    (among the rival's unseen cards), both deck orders, the generator."""
    new = state.clone()
    new.rng = Rng(rng.next_u64())
    new.legal = None
    for p in (0, 1):
        if p == viewer:
            rng.shuffle(new.deck[p])
            continue
        unseen = new.deck[p] + new.hand[p] + new.hidden[p]
        rng.shuffle(unseen)
        n_deck, n_hand = len(new.deck[p]), len(new.hand[p])
        new.deck[p] = unseen[:n_deck]
        new.hand[p] = unseen[n_deck:n_deck + n_hand]
        new.hidden[p] = unseen[n_deck + n_hand:]
    return new


def determinize(game: FFTcg, view: dict[str, Any], rng: Rng) -> FFTcgState:
    """A full state ``view`` could come from: the seen cards where the view shows them, the
    unseen ids dealt at random to the unseen slots, unknown names drawn from what is known of
    each deck list (or from the card pool when lists are private)."""
    zones, me, size = view["zones"], view["viewer"], game.options.deck_size
    ids: dict[str, list[list[int]]] = {}
    names: dict[int, str] = {}
    for name, attr, _ in ZONE_VIEWS:
        ids[attr] = [[], []]
        for p in (0, 1):
            for label in zones[f"{name}{p}"].get("cards", []):
                text, _, number = label.rpartition("#")
                ids[attr][p].append(int(number))
                names[int(number)] = text
    attackers, luck = ([_id(label, names) for label in zones[z]["cards"]] for z in ("combat", "luck"))
    for label in (view["pending"] or {}).get("options", []):  # e.g. the deck cards a search shows
        _id(label, names)

    lists: list[tuple[int, ...]] = []
    for p in (0, 1):
        shown = [names[i] for i in range(p * size, (p + 1) * size) if i in names]
        if view["decklists"][p] is None:
            rest = _sample_names(game, shown, size, rng)
        else:  # the list is known, not which unseen id holds which of its cards
            rest = list((Counter(view["decklists"][p]) - Counter(shown)).elements())
            rng.shuffle(rest)
        slots = iter(rest)
        known = [names[i] if i in names else next(slots) for i in range(p * size, (p + 1) * size)]
        lists.append(tuple(game.db.find(n).index for n in known))  # type: ignore[union-attr]
    state = FFTcgState(game, game.tables(tuple(lists)), Rng(rng.next_u64()))
    for attr, zone in ids.items():
        setattr(state, attr, zone)
    state.attackers, state.luck = attackers, luck
    for p in (0, 1):
        seen = {c for attr in ids for q in (0, 1) for c in ids[attr][q] if c // size == p}
        seen.update(c for c in attackers + luck if c // size == p)
        unseen = [c for c in range(p * size, (p + 1) * size) if c not in seen]
        rng.shuffle(unseen)
        if p != me:
            n_hidden, n_hand = zones[f"hidden{p}"]["count"], zones[f"hand{p}"]["count"]
            state.hidden[p], unseen = unseen[:n_hidden], unseen[n_hidden:]
            state.hand[p], unseen = unseen[:n_hand], unseen[n_hand:]
        state.deck[p] = unseen
    # A once-per-turn mark of a card now out of sight (used, then back into a hand or a deck)
    # names an id whose card this deal chose at random, perhaps one without that ability,
    # which the checks of state JSON refuse. The mark is kept as it is (the view stays the
    # view); it is inert unless its card comes back into play this turn.
    public = view["public"]
    out_of_sight = [mark for mark in public["used"] if mark["card"] not in names]
    if out_of_sight:
        public = {**public, "used": [mark for mark in public["used"] if mark["card"] in names]}
    load_public(state, public)
    state.used.update(mark["card"] * ABILITY_KEY + mark["ability"] for mark in out_of_sight)
    state.log = []
    return state


def _id(label: str, names: dict[int, str]) -> int:
    text, _, number = label.rpartition("#")
    names[int(number)] = text
    return int(number)


def _sample_names(game: FFTcg, seen: list[str], size: int, rng: Rng) -> list[str]:
    """Names for the unseen cards of a private deck list, within the copy limits when the pool allows."""
    opts = game.options
    counts = Counter(seen)
    pool = [c.name for c in game.db.cards
            for _ in range(max(0, (1 if c.type == "villain" else opts.max_copies) - counts[c.name]))]
    rng.shuffle(pool)
    need = size - len(seen)
    while len(pool) < need:  # a pool too small for the deck rules: repeat cards
        pool.append(rng.choice([c.name for c in game.db.cards]))
    return pool[:need]
