"""Hidden information in Forge & Fury: hands, deck order, sealed picks and signs."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...kernel.actions import Decision
from ...kernel.determinize import deal_hidden, shuffle
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
            shuffle(new.decks[p], rng)
            continue
        hidden_pick = new.picks[p] is not None and not new.revealed
        unseen = new.decks[p] + new.hands[p] + ([new.picks[p]] if hidden_pick else [])
        shuffle(unseen, rng)
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
    """A full state ``view`` could come from: the cards the viewer has not seen dealt from
    what it knows of each deck list (a private list is completed from the cards not seen)
    into the hands, picks and decks it cannot see (``kernel.determinize``); the deck lists
    rebuilt from where every card ended; sealed signs sampled."""
    ids = game.ids_by_label

    def fill(player: int, n: int, seen: Counter[str], rng: Rng) -> list[str]:
        pool = [label for label in ids if label not in seen]  # one copy per card
        return rng.sample(pool, n)

    known = view["decklists"]
    dealt = deal_hidden(view["zones"], {0: known[0], 1: known[1]}, rng, _deck_of, fill)
    zone = {name: [ids[label] for label in cards] for name, cards in dealt.items()}
    picks: list[int | None] = [zone[f"pick{p}"][0] if zone[f"pick{p}"] else None for p in (0, 1)]
    lists = tuple(
        tuple(
            zone[f"deck{p}"] + zone[f"hand{p}"] + zone[f"recovery{p}"] + zone[f"conquest{1 - p}"]
            + ([] if picks[p] is None else [picks[p]])
        )
        for p in (0, 1)
    )
    if known[0] is not None and known[1] is not None:  # the lists as they were given
        lists = tuple(tuple(ids[label] for label in known[p]) for p in (0, 1))
    state = ForgeFuryState(game, Rng(rng.next_u64()), (lists[0], lists[1]))
    for p in (0, 1):
        state.decks[p], state.hands[p] = zone[f"deck{p}"], zone[f"hand{p}"]
        state.recovery[p], state.conquest[p] = zone[f"recovery{p}"], zone[f"conquest{p}"]
    state.picks = picks
    me = view["viewer"]
    state.colour = None if view["colour"] is None else COLOURS.index(view["colour"])
    state.chooser = view["chooser"]
    state.revealed = any(
        "cards" in view["zones"][f"pick{p}"] and p != me and picks[p] is not None for p in (0, 1)
    )
    state.rounds, state.first, state.sudden = view["rounds"], view["first"], view["sudden_death"]
    minigame = view["minigame"]
    if minigame is not None:
        state.purpose, state.caller = minigame["purpose"], minigame["caller"]
        state.call, state.ties = minigame["call"], minigame["ties"]
        top = 3 if game.options.minigame == "rps" else 6
        state.signs = [rng.below(top) if done else None for done in minigame["committed"]]
        if me is not None and minigame["own_sign"] is not None:
            state.signs[me] = minigame["own_sign"]
    state.decisions = _pending(game, view, state)
    if view["outcome"] is not None:
        state.result = (view["outcome"]["winner"], view["outcome"]["reason"])
    return state


def _deck_of(name: str, zone: dict[str, Any]) -> int:
    """A conquest pile holds the rival's cards; every other zone its owner's."""
    return 1 - zone["owner"] if name.startswith("conquest") else zone["owner"]


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
