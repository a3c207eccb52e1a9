"""Hidden information in Forge & Fury: hands, deck order, sealed picks and signs."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...kernel.actions import Decision
from ...kernel.rng import Rng
from .cards import COLOURS
from .rules import ForgeFury, ForgeFuryState


def redeal_hidden(state: ForgeFuryState, viewer: int | None, rng: Rng) -> ForgeFuryState:
    """Everything ``viewer`` cannot see drawn anew: deck orders, the rival's hand and
    sealed pick (among the rival's unseen cards), the rival's sealed sign, the generator."""
    new = state.clone()
    new.rng = Rng(rng.next_u64())
    for p in (0, 1):
        if p == viewer:
            rng.shuffle(new.decks[p])
            continue
        hidden_pick = new.picks[p] is not None and not new.revealed
        unseen = new.decks[p] + new.hands[p] + ([new.picks[p]] if hidden_pick else [])
        rng.shuffle(unseen)
        n_deck, n_hand = len(new.decks[p]), len(new.hands[p])
        new.decks[p] = unseen[:n_deck]
        new.hands[p] = unseen[n_deck:n_deck + n_hand]
        if hidden_pick:
            new.picks[p] = unseen[-1]
        if new.signs[p] is not None and not _signs_public(new):
            new.signs[p] = rng.below(3 if state.game.options.minigame == "rps" else 6)
    return new


def _signs_public(state: ForgeFuryState) -> bool:
    return not state.decisions or state.decisions[-1].kind not in ("rps", "show", "call")


def determinize(game: ForgeFury, view: dict[str, Any], rng: Rng) -> ForgeFuryState:
    """A full state ``view`` could come from: unseen cards drawn from what is known of each
    deck list (or from the pool when lists are private), orders and sealed choices sampled."""
    find = {c.label: c.id for c in game.cards.cards}
    zones, me = view["zones"], view["viewer"]

    def cards(zone: str) -> list[int]:
        return [find[label] for label in zones[zone].get("cards", [])]

    lists: list[list[int]] = []
    for p in (0, 1):
        known = view["decklists"][p]
        if known is None:  # private: the seen cards plus a random fill from the pool
            seen = Counter(cards(f"recovery{p}") + cards(f"conquest{1 - p}"))
            pool = [c for c in range(len(game.cards)) if c not in seen]
            rng.shuffle(pool)
            size = sum(zones[f"{z}{p}"]["count"] for z in ("deck", "hand", "pick", "recovery"))
            size += zones[f"conquest{1 - p}"]["count"]
            lists.append(list(seen.elements()) + pool[: size - sum(seen.values())])
        else:
            lists.append([find[label] for label in known])
    state = ForgeFuryState(game, Rng(rng.next_u64()), (tuple(lists[0]), tuple(lists[1])))
    info_minigame = view["minigame"]
    for p in (0, 1):
        state.recovery[p] = cards(f"recovery{p}")
        state.conquest[p] = cards(f"conquest{p}")
    for p in (0, 1):
        unseen = Counter(lists[p]) - Counter(state.recovery[p] + state.conquest[1 - p])
        visible_hand = "cards" in zones[f"hand{p}"]
        visible_pick = "cards" in zones[f"pick{p}"]
        if visible_hand:
            state.hands[p] = cards(f"hand{p}")
            unseen -= Counter(state.hands[p])
        if visible_pick and zones[f"pick{p}"]["count"]:
            state.picks[p] = cards(f"pick{p}")[0]
            unseen -= Counter([state.picks[p]])
        rest = list(unseen.elements())
        rng.shuffle(rest)
        if not visible_pick and zones[f"pick{p}"]["count"]:
            state.picks[p] = rest.pop()
        if not visible_hand:
            n = zones[f"hand{p}"]["count"]
            state.hands[p], rest = rest[:n], rest[n:]
        state.decks[p] = rest
    state.colour = None if view["colour"] is None else COLOURS.index(view["colour"])
    state.chooser = view["chooser"]
    state.revealed = any(
        "cards" in zones[f"pick{p}"] and p != me and zones[f"pick{p}"]["count"] for p in (0, 1)
    )
    state.rounds, state.first, state.sudden = view["rounds"], view["first"], view["sudden_death"]
    if info_minigame is not None:
        state.purpose, state.caller = info_minigame["purpose"], info_minigame["caller"]
        state.call, state.ties = info_minigame["call"], info_minigame["ties"]
        top = 3 if game.options.minigame == "rps" else 6
        state.signs = [rng.below(top) if done else None for done in info_minigame["committed"]]
        if me is not None and info_minigame["own_sign"] is not None:
            state.signs[me] = info_minigame["own_sign"]
    state.decisions = _pending(game, view, state)
    if view["outcome"] is not None:
        state.result = (view["outcome"]["winner"], view["outcome"]["reason"])
    return state


def _pending(game: ForgeFury, view: dict[str, Any], state: ForgeFuryState) -> list[Decision]:
    """Rebuild the decision stack from whose turn it is and what is still to be committed."""
    from .rules import CALL, COLOUR, PICK, SHOW, THROW

    mover, kind = view["to_move"], view["decision"]
    if mover is None:
        return []
    if kind == "colour":
        return [COLOUR[mover]]
    if kind == "pick":
        return [PICK[mover]] if state.picks[1 - mover] is not None else [PICK[1 - mover], PICK[mover]]
    committed = view["minigame"]["committed"]
    if kind == "rps":
        return [THROW[p] for p in (1 - mover, mover) if not committed[p]]
    stack = [SHOW[p] for p in (1 - state.caller, state.caller) if not committed[p]]
    return stack + [CALL[mover]] if kind == "call" else stack
