"""Final Fantasy TCG's action notation: ``play Asp#7 attack``, ``assign Asp#7 -> Fighter#63``.
(Its position notation is the state's JSON on one line.)"""

from __future__ import annotations

import re

from ...kernel.actions import Action
from ...kernel.errors import NotationError
from .actions import (
    DONE,
    END,
    PICK_VERBS,
    TO_ATTACK,
    TO_CHARACTER,
    TO_CITY,
    TO_WORLD,
    Assign,
    Hide,
    Pick,
    Play,
    Turn,
    Use,
)
from .rules import FFTcgState, visible

FORMS = ("play CARD [world|attack|city CITY|on CHARACTER], hide CARD, turn CARD [-> TARGET], "
         "use CARD N [-> TARGET], end, attack CARD, clear CITY, done, assign MONSTER -> CHARACTER, "
         "fight CHARACTER, skull CARD, wound CARD, discard CARD, sacrifice CARD, search CARD, "
         "target CARD (a card is Name#id)")
CARD = r"[^#>]+?\s*#\s*\d+"
_CARD = re.compile(r"\s*([^#>]+?)\s*#\s*(\d+)\s*")
_PLAY = re.compile(rf"({CARD})(?:\s+(world|attack)|\s+(city|on)\s+({CARD}))?\s*", re.IGNORECASE)
_ARROW = re.compile(rf"({CARD})(?:\s+(\d+))?(?:\s*->\s*({CARD}))?\s*")


# -- actions ------------------------------------------------------------------------------------
def parse_action(state: FFTcgState, text: str, player: int) -> Action:
    """``text`` as ``player`` wrote it: a card's name is checked against its id only when
    ``player`` may see the card, so no answer describes a card hidden from them."""
    verb, _, rest = text.strip().partition(" ")
    verb, rest = verb.lower(), rest.strip()
    if not verb:
        raise NotationError(f"empty action; actions are {FORMS}")
    if verb in ("end", "done") and not rest:
        return END if verb == "end" else DONE
    if verb == "play":
        m = _PLAY.fullmatch(rest)
        if not m:
            raise NotationError(f"{text!r}: write play CARD, play MONSTER world|attack, "
                                "play MONSTER city CITY or play ITEM on CHARACTER")
        card, label = card_ref(state, player, m.group(1), text)
        if m.group(3):
            where, where_label = card_ref(state, player, m.group(4), text)
            mode = TO_CITY if m.group(3).lower() == "city" else TO_CHARACTER
            return Play(card, label, mode, where, where_label)
        mode = (m.group(2) or "").lower()
        return Play(card, label, TO_WORLD if mode == "world" else TO_ATTACK if mode else "")
    if verb in ("turn", "use", "assign"):
        m = _ARROW.fullmatch(rest)
        if not m or (verb == "use") != (m.group(2) is not None) or (verb == "assign" and not m.group(3)):
            shapes = {"turn": "turn CARD [-> TARGET]", "use": "use CARD N [-> TARGET] (N: the ability's "
                      "number on the card, from 0)", "assign": "assign MONSTER -> CHARACTER"}
            raise NotationError(f"{text!r}: write {shapes[verb]}")
        card, label = card_ref(state, player, m.group(1), text)
        target, target_label = card_ref(state, player, m.group(3), text) if m.group(3) else (-1, "")
        if verb == "turn":
            return Turn(card, label, target, target_label)
        if verb == "assign":
            return Assign(card, label, target, target_label)
        return Use(card, label, int(m.group(2)), target, target_label)
    if verb in PICK_VERBS or verb == "hide":
        card, label = card_ref(state, player, rest, text)
        return Hide(card, label) if verb == "hide" else Pick(verb, card, label)
    raise NotationError(f"{text!r}: actions are {FORMS}")


def card_ref(state: FFTcgState, player: int, text: str, original: str) -> tuple[int, str]:
    """``Name#id``: the id, checked against the name when the mover can see the card (a card
    they cannot see is taken as written; such an action is never legal, and saying what the
    card really is would show a hidden card)."""
    m = _CARD.fullmatch(text)
    if not m:
        raise NotationError(f"{original!r}: {text.strip()!r} is not a card; write Name#id, e.g. Asp#7")
    name, card = m.group(1), int(m.group(2))
    if card >= 2 * state.t.size:
        raise NotationError(f"{original!r}: there is no card #{card} in this game")
    if visible(state, card, player):
        label = state.t.label[card]
        if label.rsplit("#", 1)[0].lower() != name.lower():
            raise NotationError(f"{original!r}: card #{card} is {label}, not {name}")
        return card, label
    return card, f"{name}#{card}"
