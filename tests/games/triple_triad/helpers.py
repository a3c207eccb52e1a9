"""Helpers for the Triple Triad rule tests: a position in, a board out.

Scenario tests are puzzles: a position notation string (see ``notation.py``), one move,
and the ``board`` field the move must leave. Card numbers are FFVIII card numbers; a
comment beside each card gives its values as top/right/bottom/left.
"""

from __future__ import annotations

from collections import Counter

import tcgkit
from tcgkit.games.triple_triad import TripleTriadState, parse_rules
from tcgkit.kernel.game import Game
from tcgkit.kernel.rng import Rng


def load(rules: str = "-", **options) -> Game:
    """The game for a ``--rules`` text plus keyword options."""
    return tcgkit.load_game("triple-triad", {**parse_rules(rules), **options})


def field(text: str, name: str) -> str:
    """One field of a position notation (``board``, ``hands``...)."""
    for token in text.split()[1:]:
        key, _, value = token.partition("=")
        if key == name:
            return value
    raise KeyError(name)


def position(text: str) -> TripleTriadState:
    """A state from a position notation, in the game its ``rules`` field names."""
    try:
        rules = field(text, "rules")
    except KeyError:
        rules = "-"
    state = load(rules).state_from_notation(text)
    assert isinstance(state, TripleTriadState)
    return state


def board(state: TripleTriadState) -> str:
    return field(state.to_notation(), "board")


def after(text: str, *moves: str) -> TripleTriadState:
    """The state after playing ``moves`` (action notation) from the position ``text``."""
    state = position(text)
    for move in moves:
        state.apply(state.parse_action(move, state.to_move), state.to_move)
        state.check_invariants()
    return state


def flips(state: TripleTriadState) -> list[tuple[int, str]]:
    """(cell, cause) of every flip of the last move, in event order."""
    events = state.events_since(0, None)
    last = max(i for i, e in enumerate(events) if e["kind"] == "place")
    out = []
    for event in events[last + 1:]:
        if event["kind"] != "flip":
            break
        out.append((event["cell"], event["cause"]))
    return out


def play_out(state: TripleTriadState, seed: int = 0) -> TripleTriadState:
    """Play random legal actions to the end (trade picks included)."""
    rng = Rng(seed)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()), state.to_move)
        state.check_invariants()
    return state


def settle(state: TripleTriadState) -> list[Counter]:
    """Each player's cards after the trade: the brought cards moved by ``details['trade']``.

    Fails when the trade moves a card its giver does not have.
    """
    names = state.game.cards
    collections = [Counter(names[c].name for c in state.brought[p]) for p in (0, 1)]
    for card, giver, taker in state.outcome.details["trade"]:
        assert collections[giver][card] > 0, f"player {giver} gives {card} they do not have"
        collections[giver][card] -= 1
        collections[taker][card] += 1
    return [+c for c in collections]


# -- an independent reference for one placement's flips ------------------------------------------
def _sides(cell: int) -> list[tuple[int, int | None]]:
    """(side, neighbouring cell or None for the wall), sides top, right, bottom, left."""
    row, col = divmod(cell, 3)
    return [
        (0, cell - 3 if row > 0 else None),
        (1, cell + 1 if col < 2 else None),
        (2, cell + 3 if row < 2 else None),
        (3, cell - 1 if col > 0 else None),
    ]


def reference_flips(state: TripleTriadState, card: int, cell: int) -> set[int]:
    """The cells placing ``card`` on ``cell`` flips, written from RULES.md alone.

    Same and Plus compare printed values over occupied neighbours (own ones too unless
    ``own_cards_match`` is off; Same Wall adds the wall as A for Same); matched rival cards
    flip. The basic rule uses cell elements. Combo then spreads by the basic rule from the
    Same / Plus flips (and from the basic ones under ``combo_from_basic``).
    """
    opts = state.game.options
    cards = state.game.cards
    board = list(state.board)
    owner = list(state.owner)
    mover = state.to_move
    board[cell], owner[cell] = card, mover

    def printed(c: int, side: int) -> int:
        return cards[board[c]].values[side]

    def modified(c: int, side: int) -> int:
        value = printed(c, side)
        element = state.elements[c]
        if element:
            value += 1 if cards[board[c]].element == element else -1
            if opts.clamp:
                value = min(10, max(1, value))
        return value

    def rival(n: int | None) -> bool:
        return n is not None and board[n] >= 0 and owner[n] != mover

    special: set[int] = set()
    counted = [
        (side, n) for side, n in _sides(cell)
        if n is not None and board[n] >= 0 and (opts.own_cards_match or owner[n] != mover)
    ]
    if opts.same:
        matches = [n for side, n in counted if printed(cell, side) == printed(n, (side + 2) % 4)]
        walls = sum(
            1 for side, n in _sides(cell)
            if n is None and opts.same_wall and printed(cell, side) == 10
        )
        if len(matches) + walls >= 2:
            special.update(n for n in matches if rival(n))
    if opts.plus:
        sums = Counter(printed(cell, side) + printed(n, (side + 2) % 4) for side, n in counted)
        special.update(
            n for side, n in counted
            if sums[printed(cell, side) + printed(n, (side + 2) % 4)] >= 2 and rival(n)
        )
    basic = {
        n for side, n in _sides(cell)
        if rival(n) and n not in special and modified(cell, side) > modified(n, (side + 2) % 4)
    }
    flipped = special | basic
    if opts.combo and special:
        frontier = special | basic if opts.combo_from_basic else set(special)
        while frontier:
            reached = {
                n for c in frontier for side, n in _sides(c)
                if rival(n) and n not in flipped and modified(c, side) > modified(n, (side + 2) % 4)
            }
            flipped |= reached
            frontier = reached
    return flipped
