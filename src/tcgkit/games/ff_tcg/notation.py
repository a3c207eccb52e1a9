"""Final Fantasy TCG text forms: action notation, events, the view's extra info.

The state as JSON (and the position notation, that JSON on one line) is ``state_json.py``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ...kernel.actions import Action
from ...kernel.errors import NotationError
from ...kernel.events import Event
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
from .combat import fight_totals
from .host import NO_FIGHT
from .legal import ask_options
from .state_json import FIELDS, public_json

if TYPE_CHECKING:
    from .rules import FFTcgState

FORMS = ("play CARD [world|attack|city CITY|on CHARACTER], hide CARD, turn CARD [-> TARGET], "
         "use CARD N [-> TARGET], end, attack CARD, clear CITY, done, assign MONSTER -> CHARACTER, "
         "fight CHARACTER, skull CARD, wound CARD, discard CARD, sacrifice CARD, search CARD, "
         "target CARD (a card is Name#id)")
CARD = r"[^#>]+?\s*#\s*\d+"
_CARD = re.compile(r"\s*([^#>]+?)\s*#\s*(\d+)\s*")
_PLAY = re.compile(rf"({CARD})(?:\s+(world|attack)|\s+(city|on)\s+({CARD}))?\s*", re.IGNORECASE)
_ARROW = re.compile(rf"({CARD})(?:\s+(\d+))?(?:\s*->\s*({CARD}))?\s*")
PUBLIC_ZONES = ("chars", "items", "world", "cities", "city_mons", "skulls", "discard", "resolving",
                "attackers", "luck")


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


def visible(state: FFTcgState, card: int, viewer: int | None) -> bool:
    zone, name = state.locate(card)
    if name in PUBLIC_ZONES:
        return True
    if viewer is None or card // state.t.size != viewer:
        return False
    if name in ("hand", "hidden"):
        return True
    asks = state.res.asks
    searching = bool(asks) and asks[-1].kind == "search" and asks[-1].player == viewer
    return name == "deck" and searching


# -- events -------------------------------------------------------------------------------------
SECRET = frozenset({"draw", "hide", "search"})  # the card is the player's own business


def events_of(state: FFTcgState, since: int = 0) -> list[Event]:
    """The events of log entries ``since`` on (one event per entry)."""
    label = state.t.label
    out = []
    for entry in state.log[since:]:
        kind = entry[0]
        data: dict[str, Any] = {}
        for (field, how), value in zip(FIELDS[kind], entry[1:], strict=True):
            if how == "c":
                data[field] = label[value] if value is not None and value >= 0 else None
            elif how == "cs":
                data[field] = [label[c] for c in value]
            else:
                data[field] = value
        if kind == "fight" and entry[2] < 0:
            data["character"] = "all"
        if kind in SECRET and data.get("card") is not None:
            out.append(Event(kind, data, frozenset({entry[1]}), {"player": entry[1]}))
        else:
            out.append(Event(kind, data))
    return out


# -- the view's extra info -------------------------------------------------------------------
def info(state: FFTcgState, viewer: int | None) -> dict[str, Any]:
    label = state.t.label
    fight = None
    if state.fight_char != NO_FIGHT:
        characters, monsters = state.fighters(state.cside), state.fight_mons
        fight = {
            "character_side": state.cside, "monster_side": state.mside,
            "characters": [label[c] for c in characters], "monsters": [label[c] for c in monsters],
            "power": fight_totals(state, characters, monsters),
            "extra_luck": list(state.extra),
        }
    private = state.game.options.private_decklists
    # Sorted: in id order the list would tell which id is which card.
    names = [sorted(state.game.cards[k].name for k in deck) for deck in state.t.decklists]
    pending: dict[str, Any] | None = None
    if state.decisions and state.decisions[-1].player == viewer:
        pending = {"kind": state.decisions[-1].kind}
        if state.res.asks and state.decisions[-1].kind in ("discard", "sacrifice", "search", "target"):
            pending["count"] = state.res.asks[-1].count
            pending["options"] = [label[c] for c in ask_options(state)]
    return {
        "turn": state.turn,
        "active": state.active,
        "phase": state.decisions[-1].kind if state.decisions else "over",
        "skulls": [len(state.skulls[0]), len(state.skulls[1])],
        "villains_defeated": list(state.defeated),
        "wounded": sorted(label[c] for c in state.wounded),
        "fight": fight,
        "decklists": [None if private and viewer != p else names[p] for p in (0, 1)],
        "pending": pending,
        "public": public_json(state),
    }
