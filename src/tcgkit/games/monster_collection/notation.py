"""Monster Collection's action notation, read back (forms in ``actions.py``). An action is read
against the acting player's legal actions, so cells are in their numbering and cards are the
``Name#id`` they see. (Its position notation is the state's JSON on one line.)"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...kernel import loose
from ...kernel.actions import Action
from ...kernel.errors import NotationError
from ...kernel.refs import Kind
from .actions import March, Place, Proxy

if TYPE_CHECKING:
    from .rules import MonsterCollectionState

FORMS = (
    "discard CARD, refill, place CARD at CELL, proxy at CELL, march to CELL: CARD, CARD..., "
    "exchange CARD from CARD to CARD [for CARD], summon CARD, equip CARD to CARD, unequip CARD, "
    "instant CARD, next CARD, lose CARD, cast CARD at CARD, use CARD [at CARD], perform CARD [at CARD], "
    "attack, end main, end summon, pass (cells 1-6 yours, E1-E6 the enemy's; place ... with ability)"
)


# Which decisions take each verb (``legal.py``), to say when a verb that is not legal now is.
WHEN = {
    "discard": ("adjust",), "refill": ("adjust",), "place": ("main",), "proxy": ("main",),
    "march": ("main",), "perform": ("main",), "exchange": ("main", "summon", "formation"),
    "summon": ("summon",), "equip": ("summon",), "unequip": ("summon",), "instant": ("instant",),
    "next": ("formation",), "lose": ("overflow",), "cast": ("normal", "respond", "answer"),
    "use": ("normal", "respond", "answer"), "attack": ("normal",), "end": ("main", "summon"),
    "pass": ("instant", "respond", "answer"),
}
PHASES = {  # each decision as a refusal names it
    "adjust": "hand adjustment", "main": "main phase", "summon": "normal summon",
    "instant": "instant-summon timing", "formation": "formation", "normal": "normal timing",
    "respond": "counter timing (an answer to the stack)",
    "answer": "counter timing (an answer to the attack)",
    "overflow": "choice of a creature to lose (your party is over the terrain's limit)",
}
NONE = {  # why a verb of this decision has no legal move
    "march": "none of your creatures on the battlefield can march now",
    "place": "you have no terrain in hand to place (or placed a proxy this turn)",
    "proxy": "a proxy terrain is placed once a turn, and not in a turn a terrain came from hand",
    "summon": "no creature in your hand fits your HQ now (the levels there within its limit)",
    "equip": "no equipment in your hand fits a creature with a free item slot",
    "exchange": "no two creatures of yours on one terrain have equipment to exchange",
    "perform": "you have no ritual in hand whose cost you can pay",
    "instant": "no creature in your hand may be summoned into this battle now (instant, within the limit)",
    "cast": "no spell in your hand can be cast now (its timing, a free spell slot of its element)",
    "use": "no item or ability can be used now (its timing, a free item slot, its cost)",
}
CELL = re.compile(r"^(e?)(\d+)$")
NO_CARDS = frozenset({"refill", "proxy", "attack", "end", "pass"})
NOT_NAMES = frozenset({"to", "at", "from", "for", "with", "ability", "main", "summon"})


def canonical(text: str) -> str:
    return " ".join(text.replace(",", ", ").split()).replace(" ,", ",").lower()


def parse_action(state: MonsterCollectionState, text: str, player: int) -> Action:
    """``text`` as ``player`` wrote it, matched against their legal actions: the notation, or
    a looser text (``kernel/loose.py``: cards in any order, names begun or in Chinese, the
    little words left out). A text that names no legal action says why, naming no hidden card."""
    words = canonical(text)
    if not words:
        raise NotationError(f"an empty action; actions are {FORMS}")
    verb = words.split(" ", 1)[0]
    begun = [v for v in WHEN if v.startswith(verb)]
    verb = begun[0] if len(begun) == 1 else verb  # "disc" for "discard"
    if verb not in WHEN:
        raise NotationError(f"{text.strip()!r}: actions are {FORMS}")
    if player == state.to_move:
        for action in state.legal_actions():
            if canonical(str(action)) == words:
                return action
        reading, labels = loose.read(state, text, player)
        if len(reading.fits) == 1:
            return reading.fits[0]
        if reading.fits:
            raise NotationError(reading.ambiguity(text, labels))
    raise NotationError(f"{text.strip()!r}: {refusal(state, text, player, verb)}")


def refusal(state: MonsterCollectionState, text: str, player: int, verb: str) -> str:
    """Why no legal move fits: not this player's decision, not this phase, a cell that does not
    exist, a card they cannot see, or the card cannot do that now (with what it can)."""
    if player != state.to_move:
        return state.refusal(player) or "it is not your decision"
    kind = state.decisions[-1].kind
    legal = [a for a in state.legal_actions() if str(a).split(" ", 1)[0] == verb]
    now = PHASES[kind]
    if not legal and kind in WHEN[verb]:
        return NONE.get(verb, f"no {verb} is possible now")
    if not legal:
        verbs = ", ".join(dict.fromkeys(" ".join(str(a).split(" ")[:2]) if str(a).startswith("end")
                                        else str(a).split(" ", 1)[0] for a in state.legal_actions()))
        allowed = " or the ".join(dict.fromkeys(PHASES[k].partition(" (")[0] for k in WHEN[verb]))
        return f"{verb} is for the {allowed}; now it is the {now} (moves now: {verbs})"
    said = loose.words(text)[1:]
    if verb == "end":
        phase = "summon" if said and "summon".startswith(said[0]) else "main"
        ends = " or ".join(repr(str(a)) for a in legal)
        if kind == phase and said:
            return f"write {ends}"
        if kind != phase or not said:
            return f"'end {phase}' ends the {PHASES[phase]}; now it is the {now} ({ends})"
    for word in said:
        cell = CELL.match(word)
        if cell and not 1 <= int(cell[2]) <= 6:
            return f"there is no cell {word.upper()}: your cells are 1-6, the enemy's E1-E6"
    seen = loose.seen_cards(state, player)
    for name in mentions(said) if verb not in NO_CARDS else ():
        if not any(card.fit(name) is not None for card in seen.values()):
            where = "in your hand" if verb in ("discard", "place", "summon", "equip", "instant", "cast",
                                               "perform") else "that you can see"
            return f"you have no card named {name!r} {where}"
    using = ", ".join(dict.fromkeys(label for a in legal for label in cards_of(a, seen)))
    targets = ", ".join(dict.fromkeys(a.where for a in legal if isinstance(a, Place | Proxy | March)))
    cells = f" to {targets}" if targets else ""
    options = f"; {verb} now: {using}{cells}" if using else ""
    return f"not a legal move now ({now}){options}"


def mentions(said: list[str]) -> list[str]:
    """The card names in a move's words: the runs between its little words, cells and commas."""
    out: list[str] = []
    run: list[str] = []
    for word in [*said, ","]:
        if word in NOT_NAMES or word in ",:" or CELL.match(word):
            if run:
                out.append(" ".join(run))
            run = []
        else:
            run.append(word)
    return out


def cards_of(action: Action, seen: dict[int, loose.Seen]) -> list[str]:
    return [seen[r.id].label for r in action.refs() if r.kind is Kind.CARD and r.id in seen]
