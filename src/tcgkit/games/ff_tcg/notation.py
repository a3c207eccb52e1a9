"""Final Fantasy TCG text forms: action notation, events, the view's extra info, the state as JSON.

The position notation is the state JSON on one line. Cards are instance ids; deck lists are
card names, so a state file reads without the card database's internal order.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from ...kernel.actions import Action, Decision
from ...kernel.effects import Modifiers
from ...kernel.errors import NotationError
from ...kernel.events import Event
from ...kernel.resolution import Resolution
from ...kernel.rng import Rng
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
from .records import Result

if TYPE_CHECKING:
    from .rules import FFTcg, FFTcgState

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
def parse_action(state: FFTcgState, text: str) -> Action:
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
        card, label = card_ref(state, m.group(1), text)
        if m.group(3):
            where, where_label = card_ref(state, m.group(4), text)
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
        card, label = card_ref(state, m.group(1), text)
        target, target_label = card_ref(state, m.group(3), text) if m.group(3) else (-1, "")
        if verb == "turn":
            return Turn(card, label, target, target_label)
        if verb == "assign":
            return Assign(card, label, target, target_label)
        return Use(card, label, int(m.group(2)), target, target_label)
    if verb in PICK_VERBS or verb == "hide":
        card, label = card_ref(state, rest, text)
        return Hide(card, label) if verb == "hide" else Pick(verb, card, label)
    raise NotationError(f"{text!r}: actions are {FORMS}")


def card_ref(state: FFTcgState, text: str, original: str) -> tuple[int, str]:
    """``Name#id``: the id, checked against the name when the mover can see the card (a card
    they cannot see is taken as written; such an action is never legal, and saying what the
    card really is would show a hidden card)."""
    m = _CARD.fullmatch(text)
    if not m:
        raise NotationError(f"{original!r}: {text.strip()!r} is not a card; write Name#id, e.g. Asp#7")
    name, card = m.group(1), int(m.group(2))
    if card >= 2 * state.t.size:
        raise NotationError(f"{original!r}: there is no card #{card} in this game")
    if visible(state, card, state.to_move):
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
# Each log entry: kind, then its fields: p = a player, c = a card, cs = cards, v = a value.
FIELDS: dict[str, tuple[tuple[str, str], ...]] = {
    "cut": (("shown", "cs"),), "first": (("player", "v"),), "turn": (("turn", "v"), ("player", "v")),
    "draw": (("player", "v"), ("card", "c")), "hide": (("player", "v"), ("card", "c")),
    "search": (("player", "v"), ("card", "c")), "reshuffle": (("player", "v"), ("cards", "v")),
    "mill": (("player", "v"), ("card", "c")), "discard": (("player", "v"), ("card", "c")),
    "play": (("player", "v"), ("card", "c"), ("mode", "v"), ("on", "c")),
    "turn_up": (("player", "v"), ("card", "c"), ("target", "c")),
    "use": (("player", "v"), ("card", "c"), ("ability", "v"), ("target", "c")),
    "trigger": (("player", "v"), ("card", "c"), ("ability", "v")),
    "target": (("player", "v"), ("card", "c"), ("target", "c")),
    "combat": (("attacker", "v"),), "attack": (("player", "v"), ("card", "c")),
    "clear": (("player", "v"), ("city", "c")), "unopposed": (("player", "v"), ("winners", "cs")),
    "assign": (("monster", "c"), ("character", "c")),
    "fight": (("character_side", "v"), ("character", "c"), ("monsters", "cs")),
    "luck": (("player", "v"), ("card", "c")),
    "fight_result": (("characters_total", "v"), ("monsters_total", "v"), ("winner", "v")),
    "skull": (("card", "c"),), "wound": (("card", "c"),), "heal": (("card", "c"),), "die": (("card", "c"),),
    "destroy": (("card", "c"),), "sacrifice": (("card", "c"),), "unskull": (("card", "c"),),
    "move": (("card", "c"), ("zone", "v")), "villain_defeated": (("player", "v"), ("card", "c")),
    "cancelled": (), "end": (("winner", "v"), ("reason", "v")),
}
SECRET = frozenset({"draw", "hide", "search"})  # the card is the player's own business


def events_of(state: FFTcgState) -> list[Event]:
    label = state.t.label
    out = []
    for entry in state.log:
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
    names = [[state.game.cards[k].name for k in deck] for deck in state.t.decklists]
    pending = None
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


# -- JSON --------------------------------------------------------------------------------------
def public_json(state: FFTcgState) -> dict[str, Any]:
    """Every field of the state a spectator may know, beyond the zones."""
    return {
        "turn": state.turn, "active": state.active, "first": state.first, "played": state.played,
        "mside": state.mside, "cside": state.cside,
        "assigned": [[m, c] for m, c in state.assigned.items()], "clear_city": state.clear_city,
        "fight_char": state.fight_char, "fight_mons": list(state.fight_mons), "extra": list(state.extra),
        "cancelled": state.cancelled, "resolution": state.res.to_json(),
        "defeated": list(state.defeated), "result": None if state.result is None else list(state.result),
        "decisions": [[d.player, d.kind] for d in state.decisions],
        "on": [[a, b] for a, b in state.on.items()], "left_on": [[a, b] for a, b in state.left_on.items()],
        "wounded": sorted(state.wounded), "mods": state.mods.to_json(), "used": sorted(state.used),
    }


def load_public(state: FFTcgState, data: dict[str, Any]) -> None:
    for name in ("turn", "active", "first", "played", "mside", "cside", "clear_city",
                 "fight_char", "cancelled"):
        setattr(state, name, data[name])
    state.assigned = {int(m): int(c) for m, c in data["assigned"]}
    state.fight_mons = [int(c) for c in data["fight_mons"]]
    state.extra = [int(n) for n in data["extra"]]
    state.res = Resolution.from_json(data["resolution"], "resolution")
    state.defeated = [int(n) for n in data["defeated"]]
    state.result = None if data["result"] is None else Result(data["result"][0], data["result"][1])
    state.decisions = [Decision(int(p), str(kind)) for p, kind in data["decisions"]]
    state.on = {int(a): int(b) for a, b in data["on"]}
    state.left_on = {int(a): int(b) for a, b in data["left_on"]}
    state.wounded = {int(c) for c in data["wounded"]}
    state.mods = Modifiers.from_json(data["mods"])
    state.used = {int(k) for k in data["used"]}


def state_to_json(state: FFTcgState) -> dict[str, Any]:
    db = state.game.db
    return {
        "game": state.game.name,
        "options": state.game.options_json(),
        "decklists": [[db[k].name for k in deck] for deck in state.t.decklists],
        "rng": state.rng.state,
        "zones": {name: [list(getattr(state, name)[0]), list(getattr(state, name)[1])]
                  for name in state.ZONES},
        "attackers": list(state.attackers),
        "luck": list(state.luck),
        **public_json(state),
        "log": [[list(x) if isinstance(x, tuple) else x for x in entry] for entry in state.log],
    }


def state_from_json(game: FFTcg, data: dict[str, Any]) -> FFTcgState:
    from .rules import FFTcgState

    if not isinstance(data, dict) or data.get("game") != game.name:
        raise NotationError(f"state JSON: not a {game.name} state")
    if data.get("options") != game.options_json():
        raise NotationError("state JSON: its options differ from this game's")
    try:
        lists = tuple(game.deck_indices(d, f"state JSON: player {p}'s deck list")
                      for p, d in enumerate(data["decklists"]))
        state = FFTcgState(game, game.tables(lists), Rng(int(data["rng"])))
        for name in state.ZONES:
            setattr(state, name, [[int(c) for c in data["zones"][name][p]] for p in (0, 1)])
        state.attackers = [int(c) for c in data["attackers"]]
        state.luck = [int(c) for c in data["luck"]]
        load_public(state, data)
        state.log = [tuple(tuple(x) if isinstance(x, list) else x for x in entry) for entry in data["log"]]
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise NotationError(f"state JSON: missing or malformed field ({exc})") from None
    try:
        state.check_invariants()
    except (AssertionError, IndexError) as exc:
        raise NotationError(f"state JSON: {exc}") from None
    return state


def state_to_notation(state: FFTcgState) -> str:
    return json.dumps(state_to_json(state), separators=(",", ":"))


def state_from_notation(game: FFTcg, text: str) -> FFTcgState:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise NotationError(f"position: not JSON ({exc.msg} at column {exc.colno})") from None
    return state_from_json(game, data)
