"""Forge & Fury's action notation: ``colour red``, ``pick Mist Wyrm #012``, ``rps rock``,
``call odd``, ``show 3``. (Its position notation is the state's JSON on one line.)"""

from __future__ import annotations

from ...kernel.actions import Action
from ...kernel.errors import NotationError
from .actions import CALLS, COLOUR_ACTIONS, SHOWS, SIGNS, THROWS
from .cards import COLOURS
from .rules import ForgeFuryState

FORMS = "colour green|red|blue, pick CARD, rps rock|paper|scissors, call odd|even, show 0..5"


def _word(text: str, words: tuple[str, ...], what: str, original: str) -> int:
    hits = [i for i, w in enumerate(words) if w.startswith(text.lower())] if text else []
    if len(hits) != 1:
        raise NotationError(f"{original!r}: {what} is one of {', '.join(words)}")
    return hits[0]


def parse_action(state: ForgeFuryState, text: str, player: int) -> Action:
    """``text`` as ``player`` wrote it: a card name prefix resolves in their own hand."""
    verb, _, rest = text.strip().partition(" ")
    verb, rest = verb.lower(), rest.strip()
    if verb in ("colour", "color"):
        return COLOUR_ACTIONS[_word(rest, COLOURS, "the colour", text)]
    if verb == "rps":
        return THROWS[_word(rest, SIGNS, "the sign", text)]
    if verb == "call":
        return CALLS[_word(rest, ("even", "odd"), "the call", text)]
    if verb == "show":
        if not (rest.isdecimal() and int(rest) <= 5):
            raise NotationError(f"{text!r}: show 0..5 fingers")
        return SHOWS[int(rest)]
    if verb == "pick":
        return state.game.pick_actions[_find_card(state, rest, text, player)]
    raise NotationError(f"{text!r}: actions are {FORMS}" if text.strip() else f"empty action; {FORMS}")


def _find_card(state: ForgeFuryState, text: str, original: str, player: int) -> int:
    """A card by label, number or name; a name prefix works among the player's own hand."""
    cards = state.game.cards
    hand = [cards[c] for c in state.hands[player]] if player in (0, 1) else []
    if not text:
        example = (hand or cards.cards)[0].label
        raise NotationError(f"{original!r}: name the card, e.g. 'pick {example}'")
    in_hand = [c for c in hand if c.name.lower().startswith(text.lower())]
    if "#" not in text and len(in_hand) == 1:
        return in_hand[0].id
    try:
        return cards.find(text).id
    except LookupError as exc:
        raise NotationError(f"{original!r}: {exc}") from None
