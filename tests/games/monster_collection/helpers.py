"""Positions for the rule tests: a real game from fixed decks, then cards moved where a test
needs them (``put``, ``to_hand``), and actions typed as a player would (``act``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import tcgkit
from tcgkit.games.monster_collection.board import HQ, cell_of
from tcgkit.games.monster_collection.game import starter_decks
from tcgkit.games.monster_collection.rules import MonsterCollectionState
from tcgkit.kernel.decks import read_deck
from tcgkit.kernel.state import EMPTY

FROZEN = Path(__file__).parents[2] / "playthroughs" / "data"
DECKS = {
    name: read_deck(FROZEN / f"monster_collection_{name}.txt").cards
    for name in ("flame_legion", "tide_wings", "dawn_and_dusk")
}
"""The rule tests' decks: the first preconstructed decks as they were (the playthroughs' frozen
copies), played with the shipped card set, so that a change of deck lists leaves them alone."""
STARTERS = dict(starter_decks())
"""The preconstructed decks as shipped (the tests of the cards with text play these)."""


def game(**options: Any) -> Any:
    return tcgkit.load_game("monster-collection", **{"first_player": 0, **options})


def start(
    seed: int = 1, decks: tuple[str, str] = ("flame_legion", "tide_wings"), starters: bool = False,
    **options: Any,
) -> MonsterCollectionState:
    lists = STARTERS if starters else DECKS
    state = game(**options).new_state(seed, [lists[decks[0]], lists[decks[1]]])
    assert isinstance(state, MonsterCollectionState)
    return state


def cell(player: int, name: str) -> int:
    """The cell ``player`` calls ``name`` (``2``, ``E5``)."""
    own = not name.startswith("E")
    return cell_of(player, own, int(name.removeprefix("E")))


def take(state: MonsterCollectionState, c: int) -> None:
    """Lift card ``c`` from wherever it lies."""
    for zone in (state.deck, state.hand, state.discard):
        for cards in zone:
            if c in cards:
                cards.remove(c)
                return
    if c in state.terrain:
        at = state.terrain.index(c)
        state.terrain[at], state.placer[at], state.down[at] = EMPTY, None, False
        return
    for parties in state.parties:
        for party in parties:
            if c in party:
                party.remove(c)
                for e in state.gear.pop(c, []):
                    state.discard[state.owner(e)].append(e)
                return
    for holder, items in list(state.gear.items()):
        if c in items:
            items.remove(c)
            if not items:
                del state.gear[holder]
            return
    raise AssertionError(f"card #{c} is nowhere")


def find(state: MonsterCollectionState, p: int, name: str, skip: tuple[int, ...] = ()) -> int:
    """An id of ``p``'s card named ``name``, preferring one in the deck (not yet used)."""
    size = state.game.options.deck_size
    ids = [
        c
        for c in range(p * size, (p + 1) * size)
        if state.game.names[state.kind[c]] == name and c not in skip
    ]
    in_deck = [c for c in ids if c in state.deck[p]]
    if not (in_deck or ids):
        raise AssertionError(f"player {p} has no {name}")
    return (in_deck or ids)[0]


def to_hand(state: MonsterCollectionState, p: int, name: str) -> int:
    c = find(state, p, name, tuple(state.hand[p]))
    take(state, c)
    state.hand[p].append(c)
    state.legal = None
    return c


def put(state: MonsterCollectionState, p: int, name: str, where: str, who: int | None = None) -> int:
    """A creature of ``p`` onto the cell ``who`` (default ``p``) calls ``where``; a terrain card
    there placed by ``p``."""
    at = cell(p if who is None else who, where)
    used = tuple(x for cells in state.parties for party in cells for x in party) + tuple(state.terrain)
    c = find(state, p, name, used)
    take(state, c)
    if state.card(c).kind == "terrain":
        old = state.terrain[at]
        if old != EMPTY:
            take(state, old)
            state.deck[state.owner(old)].insert(0, old)
        state.terrain[at], state.placer[at], state.down[at] = c, p, False
    else:
        assert state.terrain[at] != EMPTY, "creatures stand on terrain"
        state.parties[at][p].append(c)
    state.legal = None
    return c


def act(state: MonsterCollectionState, text: str) -> None:
    player = state.to_move
    assert player is not None, "the game is over"
    state.apply(state.parse_action(text, player), player)
    state.check_invariants()  # every card in one place, the position sound


def moves(state: MonsterCollectionState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def events(state: MonsterCollectionState, kind: str, since: int = 0) -> list[tuple[Any, ...]]:
    return [e for e in state.log[since:] if e[0] == kind]


def to_main(state: MonsterCollectionState) -> None:
    """Play on to the next main phase (ending phases, refilling) of whoever's turn comes."""
    while state.decisions[-1].kind != "main":
        kind = state.decisions[-1].kind
        act(state, {"summon": "end summon", "adjust": "refill"}[kind])


__all__ = [
    "HQ",
    "act",
    "cell",
    "events",
    "find",
    "game",
    "moves",
    "put",
    "start",
    "take",
    "to_hand",
    "to_main",
]


def dice(state: MonsterCollectionState, *faces: int) -> None:
    """Seed the state's generator so that its next dice show ``faces`` (a test's rolls)."""
    from tcgkit.kernel.rng import Rng

    for seed in range(100_000):
        rng = Rng(seed)
        if all(rng.below(6) + 1 == f for f in faces):
            state.rng = Rng(seed)
            return
    raise AssertionError(f"no seed rolls {faces}")


def ground(state: MonsterCollectionState, p: int, where: str, who: int | None = None) -> int:
    """Any limit-8 terrain card of ``p`` not on the board, onto the cell ``who`` calls ``where``."""
    at = cell(p if who is None else who, where)
    size = state.game.options.deck_size
    for c in range(p * size, (p + 1) * size):
        card = state.card(c)
        if card.kind == "terrain" and card.limit == 8 and c not in state.terrain:
            take(state, c)
            state.terrain[at], state.placer[at], state.down[at] = c, p, False
            state.legal = None
            return c
    raise AssertionError(f"player {p} has no terrain left")


def empty_hand(state: MonsterCollectionState, p: int) -> None:
    """``p``'s hand goes under their deck (a test that wants an empty hand)."""
    state.deck[p][:0] = state.hand[p]
    state.hand[p] = []
    state.legal = None
