"""Forge & Fury text forms: action notation, events, and the state as JSON.

The position notation of this game is its state JSON on one line (DESIGN: a one-line
form for the small game, JSON for larger ones). Cards are written as collection numbers.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ...kernel.actions import Action, Decision
from ...kernel.errors import NotationError
from ...kernel.events import Event
from ...kernel.rng import Rng
from .actions import CALLS, COLOUR_ACTIONS, SHOWS, SIGNS, THROWS
from .cards import COLOURS
from .state_checks import check_state_json

if TYPE_CHECKING:
    from .rules import ForgeFury, ForgeFuryState

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


# -- events -------------------------------------------------------------------------------
def events_of(state: ForgeFuryState) -> list[Event]:
    label = [c.label for c in state.game.cards.cards]
    words = SIGNS if state.game.options.minigame == "rps" else tuple(map(str, range(6)))
    out = []
    for entry in state.log:
        kind = entry[0]
        if kind == "draw":
            p = entry[1]
            out.append(Event("draw", {"player": p, "card": label[entry[2]]}, frozenset({p}),
                             {"player": p}))
        elif kind in ("pick", "sign"):
            p = entry[1]
            shown = label[entry[2]] if kind == "pick" else words[entry[2]]
            out.append(Event(kind, {"player": p, "value": shown}, frozenset({p}), {"player": p}))
        elif kind == "call":
            out.append(Event("call", {"player": entry[1], "odd": entry[2]}))
        elif kind == "colour":
            out.append(Event("colour", {"player": entry[1], "colour": COLOURS[entry[2]]}))
        elif kind == "minigame":
            _, purpose, a, b, winner = entry
            out.append(Event("minigame", {
                "purpose": purpose, "signs": [words[a], words[b]], "winner": winner,
            }))
        elif kind == "reveal":
            _, a, b, colour, step, winner = entry
            out.append(Event("reveal", {
                "cards": [label[a], label[b]], "colour": COLOURS[colour], "step": step,
                "winner": winner,
            }))
        elif kind == "round":
            out.append(Event("round", {"winner": entry[1]}))
        elif kind == "sudden":
            out.append(Event("sudden_death", {"chooser": entry[1]}))
        else:
            out.append(Event("end", {"winner": entry[1], "reason": entry[2]}))
    return out


# -- JSON -------------------------------------------------------------------------------------
SCALARS = ("colour", "chooser", "revealed", "call", "caller", "purpose", "ties", "rounds",
           "sudden", "first")


def state_to_json(state: ForgeFuryState) -> dict[str, Any]:
    key = state.game.cards.json_keys

    def nums(ids: list[int] | tuple[int, ...]) -> list[int | str]:
        return list(map(key.__getitem__, ids))  # map, not a loop: saves and fuzzing write many

    return {
        "game": state.game.name,
        "options": state.game.options_json(),
        "rng": state.rng.state,
        "decklists": [nums(d) for d in state.decklists],
        "decks": [nums(d) for d in state.decks],
        "hands": [nums(h) for h in state.hands],
        "picks": [None if c is None else key[c] for c in state.picks],
        "recovery": [nums(p) for p in state.recovery],
        "conquest": [nums(p) for p in state.conquest],
        "signs": list(state.signs),
        **{name: getattr(state, name) for name in SCALARS},
        "decisions": [[d.player, d.kind, d.secret] for d in state.decisions],
        "result": None if state.result is None else list(state.result),
        "log": list(map(list, state.log)),
        "version": state.version,
    }


def state_from_json(game: ForgeFury, data: dict[str, Any]) -> ForgeFuryState:
    from .rules import ForgeFuryState

    check_state_json(game, data)
    card_id = game.cards.from_json_key
    try:
        def ids(keys: list[int | str]) -> list[int]:
            return [card_id(k) for k in keys]

        state = ForgeFuryState(game, Rng(int(data["rng"])),
                               tuple(tuple(ids(d)) for d in data["decklists"]))
        state.decks = [ids(d) for d in data["decks"]]
        state.hands = [ids(h) for h in data["hands"]]
        state.picks = [None if k is None else card_id(k) for k in data["picks"]]
        state.recovery = [ids(p) for p in data["recovery"]]
        state.conquest = [ids(p) for p in data["conquest"]]
        state.signs = list(data["signs"])
        for name in SCALARS:
            setattr(state, name, data[name])
        state.decisions = [Decision(p, kind, secret) for p, kind, secret in data["decisions"]]
        state.result = None if data["result"] is None else tuple(data["result"])
        state.log = [tuple(entry) for entry in data["log"]]
        state.version = data.get("version", 0)
    except (KeyError, TypeError, ValueError) as exc:
        raise NotationError(f"state JSON: missing or malformed field ({exc})") from None
    try:
        state.check_invariants()
    except AssertionError as exc:
        raise NotationError(f"state JSON: {exc}") from None
    return state


def state_to_notation(state: ForgeFuryState) -> str:
    return json.dumps(state_to_json(state), separators=(",", ":"))


def state_from_notation(game: ForgeFury, text: str) -> ForgeFuryState:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise NotationError(f"position: not JSON ({exc.msg} at column {exc.colno})") from None
    return state_from_json(game, data)
