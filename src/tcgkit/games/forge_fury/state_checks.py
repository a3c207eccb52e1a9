"""Forge & Fury state JSON from outside, checked field by field before a state is built.

Real checks, not ``assert`` (which ``python -O`` drops): every problem is a ``NotationError``
naming the field (and the entry) that is wrong, and nothing is built from a refused JSON.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ...kernel.errors import NotationError

if TYPE_CHECKING:
    from .rules import ForgeFury

FIELDS = ("game", "options", "rng", "decklists", "decks", "hands", "picks", "recovery", "conquest",
          "signs", "colour", "chooser", "revealed", "call", "caller", "purpose", "ties", "rounds",
          "sudden", "first", "decisions", "result", "log", "version")
SECRET_KINDS = {"colour": False, "pick": True, "rps": True, "call": False, "show": True}
PURPOSES = ("start", "round")


def fail(where: str, what: str) -> NotationError:
    return NotationError(f"state JSON, {where}: {what}")


def whole(value: object, where: str, low: int = 0, high: int | None = None) -> int:
    if type(value) is not int or value < low or (high is not None and value > high):
        span = f"{low}..{high}" if high is not None else f"{low} or more"
        raise fail(where, f"a whole number {span}, got {str(value)[:40]!r}")
    return value


def player_or_none(value: object, where: str) -> None:
    if value is not None:
        whole(value, where, 0, 1)


def boolean(value: object, where: str, none: bool = False) -> None:
    if not (type(value) is bool or (none and value is None)):
        raise fail(where, f"true or false{' or null' if none else ''}, got {str(value)[:40]!r}")


def pair(value: object, where: str) -> list[Any]:
    if not isinstance(value, list) or len(value) != 2:
        raise fail(where, "a list of two entries, one per player")
    return value


def check_state_json(game: ForgeFury, data: object) -> None:
    """Raise ``NotationError`` for the first thing wrong with ``data`` as a state of ``game``."""
    if not isinstance(data, dict) or data.get("game") != game.name:
        raise NotationError(f"state JSON: not a {game.name} state")
    missing = [name for name in FIELDS if name not in data and name != "version"]
    if missing:
        raise NotationError(f"state JSON: missing field(s) {', '.join(missing)}")
    unknown = sorted(str(name)[:40] for name in data if name not in FIELDS)
    if unknown:
        raise NotationError(f"state JSON: unknown field(s) {', '.join(unknown)}")
    if data["options"] != game.options_json():
        raise NotationError("state JSON: its options differ from this game's")
    whole(data["rng"], "field 'rng'", 0, 2**64 - 1)
    card_id = game.cards.from_json_key
    for name in ("decklists", "decks", "hands", "recovery", "conquest"):
        for p, pile in enumerate(pair(data[name], f"field '{name}'")):
            if not isinstance(pile, list):
                raise fail(f"field '{name}', player {p}", "a list of cards")
            for i, key in enumerate(pile):
                try:
                    card_id(key)
                except KeyError:
                    where = f"field '{name}', player {p}, entry {i}"
                    raise fail(where, f"no card {str(key)[:40]!r}") from None
    for p, key in enumerate(pair(data["picks"], "field 'picks'")):
        if key is not None:
            try:
                card_id(key)
            except KeyError:
                raise fail(f"field 'picks', player {p}", f"no card {str(key)[:40]!r}") from None
    signs = 2 if game.options.minigame == "rps" else 5
    for p, sign in enumerate(pair(data["signs"], "field 'signs'")):
        if sign is not None:
            whole(sign, f"field 'signs', player {p}", 0, signs)
    if data["colour"] is not None:
        whole(data["colour"], "field 'colour'", 0, 2)
    for name in ("chooser", "caller"):
        whole(data[name], f"field '{name}'", 0, 1)
    player_or_none(data["first"], "field 'first'")
    for name in ("revealed", "sudden"):
        boolean(data[name], f"field '{name}'")
    boolean(data["call"], "field 'call'", none=True)
    if data["purpose"] not in PURPOSES:
        raise fail("field 'purpose'", f"start or round, got {str(data['purpose'])[:40]!r}")
    for name in ("ties", "rounds"):
        whole(data[name], f"field '{name}'")
    whole(data.get("version", 0), "field 'version'")
    check_decisions(data["decisions"], game.options.minigame)
    check_result(data["result"])
    check_log(data["log"], len(game.cards.cards))
    check_cards(game, data)


MINIGAME_KINDS = {"rps": ("rps",), "odd_even": ("show", "call")}


def check_decisions(decisions: object, minigame: str) -> None:
    if not isinstance(decisions, list):
        raise fail("field 'decisions'", "a list of [player, kind, secret]")
    for i, entry in enumerate(decisions):
        where = f"field 'decisions', entry {i}"
        if not isinstance(entry, list) or len(entry) != 3:
            raise fail(where, "[player, kind, secret]")
        whole(entry[0], where + ", player", 0, 1)
        if not isinstance(entry[1], str) or entry[1] not in SECRET_KINDS:
            raise fail(where, f"kind is one of {', '.join(SECRET_KINDS)}, got {str(entry[1])[:40]!r}")
        if entry[1] not in ("colour", "pick", *MINIGAME_KINDS.get(minigame, ())):
            raise fail(where, f"no {entry[1]} decision in this game's minigame ({minigame})")
        if entry[2] is not SECRET_KINDS[entry[1]]:
            raise fail(where, f"a {entry[1]} decision is {'' if SECRET_KINDS[entry[1]] else 'not '}secret")


def check_result(result: object) -> None:
    if result is None:
        return
    if not isinstance(result, list) or len(result) != 2 or not isinstance(result[1], str):
        raise fail("field 'result'", "null or [winner, reason]")
    player_or_none(result[0], "field 'result', winner")


# Each log entry: its kind, then what each field holds (p: a player, P: a player or null, c: a
# card id, s: a sign, b: true/false, k: a colour, w: text).
LOG = {"draw": "pc", "pick": "pc", "sign": "ps", "call": "pb", "colour": "pk", "minigame": "wssP",
       "reveal": "cckwP", "round": "p", "sudden": "p", "end": "Pw"}


def check_log(log: object, cards: int) -> None:
    if not isinstance(log, list):
        raise fail("field 'log'", "a list of entries")
    for i, entry in enumerate(log):
        where = f"field 'log', entry {i}"
        if not isinstance(entry, list) or not entry or not isinstance(entry[0], str) or entry[0] not in LOG:
            raise fail(where, f"[kind, ...] with a kind of {', '.join(LOG)}")
        shape = LOG[entry[0]]
        if len(entry) != len(shape) + 1:
            raise fail(where, f"a {entry[0]} entry has {len(shape)} fields")
        for how, value in zip(shape, entry[1:], strict=True):
            if how == "p":
                whole(value, where, 0, 1)
            elif how == "P":
                player_or_none(value, where)
            elif how == "c":
                whole(value, where, 0, cards - 1)
            elif how == "s":
                whole(value, where, 0, 5)
            elif how == "k":
                whole(value, where, 0, 2)
            elif how == "b":
                boolean(value, where)
            elif not isinstance(value, str):
                raise fail(where, f"text, got {str(value)[:40]!r}")


def check_cards(game: ForgeFury, data: dict[str, Any]) -> None:
    """Every card each player brought is in exactly one place, and the deck lists are decks."""
    card_id = game.cards.from_json_key
    for owner in (0, 1):
        pick = data["picks"][owner]
        held = Counter(card_id(k) for name in ("decks", "hands", "recovery") for k in data[name][owner])
        held.update(card_id(k) for k in data["conquest"][1 - owner])
        if pick is not None:
            held[card_id(pick)] += 1
        if held != Counter(card_id(k) for k in data["decklists"][owner]):
            raise NotationError(f"state JSON: player {owner}'s cards are lost, doubled or not from "
                                "their deck list")
