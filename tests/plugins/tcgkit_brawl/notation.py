"""Brawl's action notation: ``cast N``, ``cast N at T`` (a player or a spell, as the card's
target says), ``discard N``, ``trigger N``, ``pass``, ``end``; N is a card's instance id."""

from __future__ import annotations

from tcgkit.kernel import Action, NotationError, refs

from .actions import END, PASS, Cast, Discard, First
from .rules import BrawlState

FORMS = "'cast N', 'cast N at T', 'discard N', 'trigger N', 'pass' or 'end'"


def parse_action(state: BrawlState, text: str, player: int) -> Action:
    words = text.split()
    if words in (["pass"], ["end"]):
        return PASS if words[0] == "pass" else END
    numbers = words[1::2]  # N, and T after "at"
    if words and numbers and all(n.isascii() and n.isdigit() for n in numbers):
        if words[0] in ("discard", "trigger") and len(words) == 2:
            return (Discard if words[0] == "discard" else First)(int(words[1]))
        if words[0] == "cast" and len(words) == 2:
            return Cast(int(words[1]))
        if words[0] == "cast" and len(words) == 4 and words[2] == "at":
            card = int(words[1])
            kind = state.card(card).ability.target_kind if 0 <= card < len(state.cards) else None
            if kind is None:
                raise NotationError(f"{text!r}: card {card} takes no target")
            return Cast(card, refs.make(refs.Kind(kind), int(words[3])))
    raise NotationError(f"{text!r}: an action is {FORMS}")
