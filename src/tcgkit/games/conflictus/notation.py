"""Conflictus Aeternus text: state JSON (keyed, checked on the way in), the one-line position
notation, what a viewer may know beyond the zones, and reading actions back from notation."""

from __future__ import annotations

import json
import re
from typing import Any

from ...kernel.actions import Action, Decision
from ...kernel.effects import Modifiers
from ...kernel.errors import NotationError
from ...kernel.events import Event
from ...kernel.replacements import Replacements
from ...kernel.resolution import Resolution
from ...kernel.rng import Rng
from .actions import (
    PLAYER,
    Attack,
    Block,
    Cast,
    Discard,
    Done,
    Keep,
    Mulligan,
    Offer,
    Pass,
    Play,
    Sacrifice,
    Search,
    Source,
)

PREFIX = "conflictus "
PUBLIC_KEYS = ("used", "sets", "entered", "added", "damage", "mods", "drops", "used_abilities", "attackers",
               "blocks", "round", "active", "first", "phase", "mulled", "kept", "out", "dying", "eliminated",
               "result", "res", "decisions")


def public_json(state: Any) -> dict[str, Any]:
    """Everything every player may know that the zones do not say."""
    data = {
        "used": sorted(state.used),
        "sets": [[sid, r[0], r[1], r[2], r[3]] for sid, r in state.sets.items()],
        "entered": sorted([c, r] for c, r in state.entered.items()),
        "added": sorted([s, r] for s, r in state.added.items()),
        "damage": sorted([c, d] for c, d in state.damage.items()),
        "mods": state.mods.to_json(),
        "drops": [d[:] for d in state.drops],
        "used_abilities": sorted(state.used_abilities),
        "attackers": [[s, w, q] for s, (w, q) in state.attackers.items()],
        "blocks": [[s, b, w] for s, (b, w) in state.blocks.items()],
        "round": state.round, "active": state.active, "first": state.first, "phase": state.phase,
        "mulled": state.mulled[:], "kept": sorted(state.kept),
        "out": sorted(state.out), "dying": state.dying[:], "eliminated": [g[:] for g in state.eliminated],
        "result": list(state.result) if state.result else None,
        "res": state.res.to_json(),
        "decisions": [[d.player, d.kind, d.secret] for d in state.decisions],
    }
    if state.shields.entries:  # only while a prevention is in effect (older states have none)
        data["shields"] = state.shields.to_json()
    return data


def state_to_json(state: Any) -> dict[str, Any]:
    data = public_json(state)
    data.update({
        "options": state.game.options_json(), "players": state.n, "kind": state.kind[:],
        "rng": state.rng.state,
        "zones": {name: [z[:] for z in getattr(state, name)] for name in state.ZONES},
        "choices": sorted([p, v] for p, v in state.choices.items()),
        "events": [[e.kind, e.data, sorted(e.visible_to) if e.visible_to is not None else None, e.redacted]
                   for e in state.events],
        "version": state.version,
    })
    return data


def load_public(state: Any, data: dict[str, Any]) -> None:
    state.used = set(data["used"])
    state.sets = {int(s): [int(o), list(a), list(b), list(c)] for s, o, a, b, c in data["sets"]}
    state.entered = {int(c): int(r) for c, r in data["entered"]}
    state.added = {int(s): int(r) for s, r in data["added"]}
    state.damage = {int(c): int(d) for c, d in data["damage"]}
    state.mods = Modifiers.from_json(data["mods"])
    state.drops = [[int(x) for x in d] for d in data["drops"]]
    state.used_abilities = set(data["used_abilities"])
    state.attackers = {int(s): (int(w), int(q)) for s, w, q in data["attackers"]}
    state.blocks = {int(s): (int(b), int(w)) for s, b, w in data["blocks"]}
    state.round, state.active, state.first = int(data["round"]), int(data["active"]), int(data["first"])
    state.phase = str(data["phase"])
    state.mulled, state.kept = [int(x) for x in data["mulled"]], set(data["kept"])
    state.out, state.dying = set(data["out"]), [int(x) for x in data["dying"]]
    state.eliminated = [[int(x) for x in g] for g in data["eliminated"]]
    state.result = tuple(data["result"]) if data["result"] is not None else None
    state.res = Resolution.from_json(data["res"])
    state.decisions = [Decision(int(p), str(k), bool(s)) for p, k, s in data["decisions"]]
    state.shields = Replacements.from_json(data.get("shields", []), "shields")


def state_from_json(game: Any, data: Any) -> Any:
    from .rules import ConflictusState

    if not isinstance(data, dict):
        raise NotationError("a Conflictus state should be a JSON object")
    keys = (*PUBLIC_KEYS, "players", "kind", "rng", "zones", "choices", "events")
    missing = [k for k in keys if k not in data]
    if missing:
        raise NotationError(f"Conflictus state: missing {', '.join(missing)}")
    n, size = data["players"], game.options.deck_size
    if n != game.num_players:
        raise NotationError(f"players: the state has {n!r} players, the game {game.num_players}")
    kind = data["kind"]
    if not isinstance(kind, list) or len(kind) != n * size or \
            not all(type(k) is int and 0 <= k < len(game.cards) for k in kind):
        raise NotationError(f"kind: should be {n * size} card indexes below {len(game.cards)}")
    try:
        state = ConflictusState(game, kind[:], Rng(int(data["rng"])))
        for name in state.ZONES:
            zone = data["zones"][name]
            if not isinstance(zone, list) or len(zone) != n:
                raise NotationError(f"zones.{name}: should be one list per player")
            setattr(state, name, [[int(c) for c in z] for z in zone])
        load_public(state, data)
        state.choices = {int(p): bool(v) for p, v in data["choices"]}
        state.events = [Event(str(k), dict(d), frozenset(v) if v is not None else None, r)
                        for k, d, v, r in data["events"]]
        state.version = data.get("version", 0)
        if type(state.version) is not int or state.version < 0:
            raise NotationError(f"version: a whole number, got {str(state.version)[:40]!r}")
    except NotationError:
        raise
    except (TypeError, ValueError, KeyError) as exc:
        raise NotationError(f"Conflictus state: malformed data ({type(exc).__name__}: {exc})") from None
    try:
        state.check_invariants()
    except AssertionError as exc:
        raise NotationError(f"Conflictus state: {exc}") from None
    return state


def state_to_notation(state: Any) -> str:
    return PREFIX + json.dumps(state_to_json(state), separators=(",", ":"), sort_keys=True)


def state_from_notation(game: Any, text: str) -> Any:
    if not text.startswith(PREFIX):
        raise NotationError(f"a Conflictus position starts with {PREFIX.strip()!r}")
    try:
        data = json.loads(text[len(PREFIX):])
    except json.JSONDecodeError as exc:
        raise NotationError(f"the position is not valid JSON: {exc}") from None
    return state_from_json(game, data)


def info(state: Any, viewer: int | None) -> dict[str, Any]:
    """Mons lists (public, sorted), the public facts, the ids the viewer can name, and the viewer's own
    sealed mulligan choice."""
    known = set()
    for p in range(state.n):
        for name in ("mortis", "exterminatus", "field", "relics", "amulets", "stack"):
            known.update(getattr(state, name)[p])
        if p == viewer:
            known.update(state.hand[p])
    for rec in state.sets.values():
        known.update(rec[1] + rec[2] + rec[3])
    cards = state.game.cards
    lists = [sorted(cards[k].name for k in state.kind[p * state.game.options.deck_size:
                                                       (p + 1) * state.game.options.deck_size])
             for p in range(state.n)]
    return {
        "players": state.n,
        "decklists": lists,
        "public": public_json(state),
        "known": sorted([c, state.kind[c]] for c in known),
        "my_choice": state.choices.get(viewer) if viewer is not None else None,
        "phase": state.phase, "active": state.active, "round": state.round,
        "priority": state.decisions[-1].player if state.decisions else None,
        "free_sources": [[c for c in state.field[p] if c not in state.used] for p in range(state.n)],
        "stats": {state.label(c): [state.stat(c, s) for s in ("attack", "defense", "tombo")]
                  for p in range(state.n) for c in state.tops(p)},
    }


# -- actions ------------------------------------------------------------------------------
_CARD = re.compile(r"^(?P<name>.+)#(?P<id>\d+)$")


def parse_action(state: Any, text: str, player: int) -> Action:
    """Read an action as ``player`` wrote it; the legal list is searched first (only for the
    player to move: it is theirs), so names are checked as written."""
    words = " ".join(text.split())
    if not words:
        raise NotationError("an empty action; try 'pass'")
    for action in state.legal_actions() if player == state.to_move else ():
        if str(action).lower() == words.lower():
            return action
    head, _, rest = words.partition(" ")
    head = head.lower()
    simple = {"pass": Pass(), "done": Done(), "keep": Keep(), "mulligan": Mulligan()}
    if head in simple and not rest:
        return simple[head]
    pay = (0, 0)
    if " pay " in f" {rest} ":
        rest, _, paid = rest.rpartition(" pay ")
        pay = _pay(paid)
    if head == "source":
        return Source(_card(state, rest), rest)
    if head == "sacrifice":
        return Sacrifice(_card(state, rest), rest)
    if head == "discard":
        return Discard(_card(state, rest), rest)
    if head == "offer":
        return Offer(_card(state, rest), rest)
    if head == "search":
        if not rest:
            raise NotationError("search what? e.g. 'search Golem de Pedra'")
        return Search(rest)
    if head == "play":
        card, _, where = rest.partition(" on set#")
        return Play(_card(state, card), _number(where, "set") if where else -1, *pay, card)
    if head in ("amulet", "use"):
        ability = -1
        if head == "use":
            first, _, rest = rest.partition(" ")
            ability = _number(first, "ability")
        card, _, target = rest.partition(" at ")
        return Cast(_card(state, card), ability, _target(state, target) if target else -1, *pay, card, target)
    if head == "attack":
        m = re.fullmatch(r"set#(\d+) P(\d+)", rest)
        if not m:
            raise NotationError("write 'attack set#<id> P<player>'")
        return Attack(int(m[1]), int(m[2]))
    if head == "block":
        m = re.fullmatch(r"set#(\d+) with set#(\d+)", rest)
        if not m:
            raise NotationError("write 'block set#<attacking set> with set#<your set>'")
        return Block(int(m[2]), int(m[1]))
    raise NotationError(f"unknown action {head!r}; actions: pass, done, keep, mulligan, source, play, "
                        "amulet, use, attack, block, sacrifice, discard, offer, search")


def _number(text: str, what: str) -> int:
    if not text.isdecimal():
        raise NotationError(f"{what}: {text!r} is not a number")
    return int(text)


def _card(state: Any, text: str) -> int:
    m = _CARD.match(text.strip())
    if not m:
        raise NotationError(f"{text!r}: write a card as Name#id (e.g. Fhaonna#12)")
    return int(m["id"])


def _target(state: Any, text: str) -> int:
    m = re.fullmatch(r"P(\d)", text.strip())
    return PLAYER + int(m[1]) if m else _card(state, text)


def _pay(text: str) -> tuple[int, int]:
    luz = sombra = 0
    for part in text.split("+"):
        m = re.fullmatch(r"([LS])(\d)", part.strip())
        if not m:
            raise NotationError(f"pay {text!r}: write the sources as L<n>+S<n> (e.g. 'pay L1+S1')")
        if m[1] == "L":
            luz = int(m[2])
        else:
            sombra = int(m[2])
    return luz, sombra


PROMPTS = {
    "mulligan": "keep this hand or take a mulligan", "declare": "declare attacks (attack ...) or done",
    "blockers": "declare blocks (block ...) or done", "discard": "discard a card of your hand",
    "search": "search your mons for a card (search <card name>)",
    "pay": "pay a cost with one of your cards in play (offer <card>)",
    "main": "play a source, a warrior, relic, equipment, an amulet, an ability, or pass",
    "attack": "play an amulet or an ability, or pass", "block": "play an amulet or an ability, or pass",
    "sacrifice": "sacrifice a card, play an amulet or an ability, or pass",
}


def illegal_reason(state: Any, action: Action) -> str:
    """Why ``action`` is not legal, in words that only use what its player may see, said to
    that player: the kernel refuses anyone but the player to move before asking this."""
    kind = state.decisions[-1].kind
    expected = {"mulligan": "keep or mulligan", "declare": "attack ... or done",
                "blockers": "block ... or done",
                "discard": "discard a card of your hand", "search": "search <card name>",
                "pay": "offer <one of the cards the cost names>"}
    if kind in expected:
        return f"you must answer the {kind} decision now: {expected[kind]}"
    verbs = {"main": "a source, a warrior, relic, equipment, an amulet, an ability or pass",
             "attack": "an amulet, an ability or pass", "block": "an amulet, an ability or pass",
             "sacrifice": "sacrifice a card, an amulet, an ability or pass"}
    return f"'{action}' is not possible now; you hold priority in the {kind} phase: " \
        f"{verbs.get(kind, kind)}"
