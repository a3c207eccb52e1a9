"""Monster Collection's action notation, read back (forms in ``actions.py``). An action is read
against the acting player's legal actions, so cells are in their numbering and cards are the
``Name#id`` they see. (Its position notation is the state's JSON on one line.)"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...kernel.actions import Action
from ...kernel.errors import NotationError

if TYPE_CHECKING:
    from .rules import MonsterCollectionState

FORMS = (
    "discard CARD, refill, place CARD at CELL, proxy at CELL, march to CELL: CARD, CARD..., "
    "exchange CARD from CARD to CARD [for CARD], summon CARD, equip CARD to CARD, unequip CARD, "
    "instant CARD, next CARD, lose CARD, cast CARD at CARD, use CARD [at CARD], perform CARD [at CARD], "
    "attack, end main, end summon, pass (cells 1-6 yours, E1-E6 the enemy's; place ... with ability)"
)


def canonical(text: str) -> str:
    return " ".join(text.replace(",", ", ").split()).replace(" ,", ",").lower()


def parse_action(state: MonsterCollectionState, text: str, player: int) -> Action:
    """``text`` as ``player`` wrote it, matched against their legal actions (case and spaces
    do not matter). A text that names no legal action says so without naming hidden cards."""
    words = canonical(text)
    if not words:
        raise NotationError(f"an empty action; actions are {FORMS}")
    if player == state.to_move:
        for action in state.legal_actions():
            if canonical(str(action)) == words:
                return action
    verb = words.split(" ", 1)[0]
    known = {
        "discard",
        "refill",
        "place",
        "proxy",
        "march",
        "exchange",
        "summon",
        "equip",
        "unequip",
        "instant",
        "next",
        "lose",
        "end",
        "pass",
        "cast",
        "use",
        "perform",
        "attack",
    }
    if verb not in known:
        raise NotationError(f"{text.strip()!r}: actions are {FORMS}")
    raise NotationError(f"{text.strip()!r} is not a legal action now")
