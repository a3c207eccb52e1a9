"""A Final Fantasy TCG state as JSON: keyed objects, read back with real checks.

Every record is an object with field names; cards are instance ids, deck lists card names.
``state_from_json`` checks each field's type and range and then the position's invariants,
and refuses anything else with a ``NotationError`` naming the field (``state JSON:
resolution.frames[0].at: ...``); it builds a new state, so bad input changes nothing.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ...kernel.actions import Decision
from ...kernel.effects import Modifiers
from ...kernel.errors import DeckError, NotationError
from ...kernel.refs import Kind
from ...kernel.resolution import Resolution
from ...kernel.rng import Rng
from .host import DECISION_KINDS, NO_FIGHT, VILLAIN_FIGHT
from .records import ABILITY_KEY, Result

if TYPE_CHECKING:
    from .rules import FFTcg, FFTcgState

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
"""The log's entries: a tuple ``(kind, *values)`` in the state, ``{"kind": ..., field: value}``
in JSON and in events. A card field may be None or negative (none; in ``fight``: all)."""

PUBLIC_KEYS = ("turn", "active", "first", "played", "mside", "cside", "assigned", "clear_city", "fight_char",
               "fight_mons", "extra", "resolution", "defeated", "result", "decisions", "on",
               "left_on", "wounded", "mods", "used")
STATE_KEYS = ("game", "options", "decklists", "rng", "zones", "attackers", "luck", *PUBLIC_KEYS, "log",
              "version")
STATS, DURATIONS = ("power", "defense"), ("end_of_combat", "end_of_turn", "permanent")


# -- writing ------------------------------------------------------------------------------------
def public_json(state: FFTcgState) -> dict[str, Any]:
    """Every field of the state a spectator may know, beyond the zones."""
    return {
        "turn": state.turn, "active": state.active, "first": state.first, "played": state.played,
        "mside": state.mside, "cside": state.cside,
        "assigned": [{"monster": m, "character": c} for m, c in state.assigned.items()],
        "clear_city": state.clear_city, "fight_char": state.fight_char, "fight_mons": list(state.fight_mons),
        "extra": list(state.extra), "resolution": state.res.to_json(),
        "defeated": list(state.defeated),
        "result": None if state.result is None else {"winner": state.result.winner,
                                                      "reason": state.result.reason},
        "decisions": [{"player": d.player, "kind": d.kind} for d in state.decisions],
        "on": [{"card": a, "under": b} for a, b in state.on.items()],
        "left_on": [{"card": a, "under": b} for a, b in state.left_on.items()],
        "wounded": sorted(state.wounded),
        "mods": [{"card": c, "stat": s, "amount": a, "until": u} for c, s, a, u in state.mods.entries],
        "used": [{"card": k // ABILITY_KEY, "ability": k % ABILITY_KEY} for k in sorted(state.used)],
    }


# Per kind, its keys ("kind" first) and the positions of its card lists: a save or a fuzzed
# refusal writes the whole log, so an entry is turned into a dict without a Python loop.
LOG_KEYS = {kind: ("kind", *(field for field, _ in fields)) for kind, fields in FIELDS.items()}
LOG_LISTS = {kind: tuple(i + 1 for i, (_, how) in enumerate(fields) if how == "cs")
             for kind, fields in FIELDS.items()}


def log_json(entry: tuple[Any, ...]) -> dict[str, Any]:
    kind = entry[0]
    keys = LOG_KEYS[kind]
    out = dict(zip(keys, entry, strict=True))
    for i in LOG_LISTS[kind]:
        out[keys[i]] = list(entry[i])
    return out


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
        "log": list(map(log_json, state.log)),
        "version": state.version,
    }


def state_to_notation(state: FFTcgState) -> str:
    return json.dumps(state_to_json(state), separators=(",", ":"))


# -- reading ------------------------------------------------------------------------------------
class Reader:
    """Typed reads of JSON values that fail with a ``NotationError`` naming the field."""

    def __init__(self, state: FFTcgState) -> None:
        self.state, self.cards = state, 2 * state.t.size

    @staticmethod
    def fail(path: str, problem: str) -> NotationError:
        return NotationError(f"state JSON: {path}: {problem}")

    def table(self, data: Any, path: str, keys: tuple[str, ...]) -> dict[str, Any]:
        if not isinstance(data, dict):
            raise self.fail(path, "should be an object")
        missing = [k for k in keys if k not in data]
        if missing:
            raise self.fail(path, f"missing field {missing[0]!r}")
        extra = sorted(str(k) for k in data if k not in keys)
        if extra:
            raise self.fail(path, f"unknown field {extra[0]!r}")
        return data

    def items(self, data: Any, path: str) -> list[Any]:
        if not isinstance(data, list):
            raise self.fail(path, "should be a list")
        return data

    def number(self, data: Any, path: str, low: int, high: int) -> int:
        if not isinstance(data, int) or isinstance(data, bool):
            raise self.fail(path, "should be a whole number")
        if not low <= data <= high:
            raise self.fail(path, f"should be between {low} and {high}, not {data}")
        return data

    def flag(self, data: Any, path: str) -> bool:
        if not isinstance(data, bool):
            raise self.fail(path, "should be true or false")
        return data

    def text(self, data: Any, path: str, choices: tuple[str, ...] | None = None) -> str:
        if not isinstance(data, str):
            raise self.fail(path, "should be a string")
        if choices is not None and data not in choices:
            raise self.fail(path, f"{data[:40]!r} is not one of {', '.join(choices)}")
        return data

    def player(self, data: Any, path: str) -> int:
        return self.number(data, path, 0, 1)

    def card(self, data: Any, path: str) -> int:
        return self.number(data, path, 0, self.cards - 1)

    def card_or(self, data: Any, path: str, special: tuple[int, ...]) -> int:
        """A card, or one of the ``special`` negative values (none, all...)."""
        value = self.number(data, path, min(special), self.cards - 1)
        if value < 0 and value not in special:
            raise self.fail(path, f"should be a card or one of {', '.join(map(str, special))}, not {value}")
        return value

    def card_list(self, data: Any, path: str) -> list[int]:
        return [self.card(c, f"{path}[{i}]") for i, c in enumerate(self.items(data, path))]

    def pairs(self, data: Any, path: str, first: str, second: str) -> dict[int, int]:
        out: dict[int, int] = {}
        for i, item in enumerate(self.items(data, path)):
            where = f"{path}[{i}]"
            row = self.table(item, where, (first, second))
            key = self.card(row[first], f"{where}.{first}")
            if key in out:
                raise self.fail(where, f"card {key} is listed twice")
            out[key] = self.card(row[second], f"{where}.{second}")
        return out

    def ability(self, card: int, index: Any, path: str) -> int:
        abilities = self.state.game.cards[self.state.t.kind[card]].abilities
        if not abilities:
            raise self.fail(path, f"card {card} has no abilities")
        return self.number(index, path, 0, len(abilities) - 1)


def state_from_json(game: FFTcg, data: dict[str, Any]) -> FFTcgState:
    from .rules import FFTcgState

    if not isinstance(data, dict) or data.get("game") != game.name:
        raise NotationError(f"state JSON: not a {game.name} state")
    if data.get("options") != game.options_json():
        raise NotationError("state JSON: options: they differ from this game's")
    decklists = data.get("decklists")
    if not isinstance(decklists, list) or len(decklists) != 2 or not all(
            isinstance(d, list) and all(isinstance(n, str) for n in d) for d in decklists):
        raise NotationError("state JSON: decklists: should be two lists of card names")
    try:
        lists = tuple(game.deck_indices(d, f"state JSON: decklists[{p}]") for p, d in enumerate(decklists))
    except DeckError as exc:
        raise NotationError(str(exc)) from None
    rng = data.get("rng")
    if not isinstance(rng, int) or isinstance(rng, bool) or not 0 <= rng < 2 ** 64:
        raise NotationError("state JSON: rng: should be a whole number from 0 to 2^64 - 1")
    state = FFTcgState(game, game.tables(lists), Rng(rng))
    read = Reader(state)
    read.table(data, "(top)", STATE_KEYS)
    zones = read.table(data["zones"], "zones", state.ZONES)
    for name in state.ZONES:
        sides = read.items(zones[name], f"zones.{name}")
        if len(sides) != 2:
            raise read.fail(f"zones.{name}", "should hold two lists, one per player")
        setattr(state, name, [read.card_list(sides[p], f"zones.{name}[{p}]") for p in (0, 1)])
    state.attackers = read.card_list(data["attackers"], "attackers")
    state.luck = read.card_list(data["luck"], "luck")
    load_public(state, data)
    state.log = [read_log(read, entry, f"log[{i}]") for i, entry in enumerate(read.items(data["log"], "log"))]
    version = data["version"]
    if type(version) is not int or version < 0:
        raise read.fail("version", f"should be a whole number >= 0, got {str(version)[:40]!r}")
    state.version = version
    problems = state.problems()
    if problems:
        raise NotationError(f"state JSON: {problems[0]}")
    return state


def load_public(state: FFTcgState, data: dict[str, Any]) -> None:
    """Read ``public_json``'s fields (of a state or a view) into ``state``, checked."""
    read = Reader(state)
    turn_limit = state.game.options.turn_limit
    state.turn = read.number(data["turn"], "turn", 0, turn_limit + 1)
    state.active, state.first = read.player(data["active"], "active"), read.player(data["first"], "first")
    state.mside, state.cside = read.player(data["mside"], "mside"), read.player(data["cside"], "cside")
    state.played = read.flag(data["played"], "played")
    state.assigned = read.pairs(data["assigned"], "assigned", "monster", "character")
    state.clear_city = read.card_or(data["clear_city"], "clear_city", (-1,))
    state.fight_char = read.card_or(data["fight_char"], "fight_char", (NO_FIGHT, VILLAIN_FIGHT))
    state.fight_mons = read.card_list(data["fight_mons"], "fight_mons")
    state.extra = counts(read, data["extra"], "extra", 60)
    state.defeated = counts(read, data["defeated"], "defeated", 60)
    state.res = read_resolution(read, data["resolution"])
    result = data["result"]
    if result is None:
        state.result = None
    else:
        row = read.table(result, "result", ("winner", "reason"))
        winner = None if row["winner"] is None else read.player(row["winner"], "result.winner")
        state.result = Result(winner, read.text(row["reason"], "result.reason"))
    state.decisions = []
    for i, item in enumerate(read.items(data["decisions"], "decisions")):
        row = read.table(item, f"decisions[{i}]", ("player", "kind"))
        state.decisions.append(Decision(read.player(row["player"], f"decisions[{i}].player"),
                                        read.text(row["kind"], f"decisions[{i}].kind", DECISION_KINDS)))
    state.on = read.pairs(data["on"], "on", "card", "under")
    state.left_on = read.pairs(data["left_on"], "left_on", "card", "under")
    state.wounded = set(read.card_list(data["wounded"], "wounded"))
    entries = []
    for i, item in enumerate(read.items(data["mods"], "mods")):
        where = f"mods[{i}]"
        row = read.table(item, where, ("card", "stat", "amount", "until"))
        entries.append((read.card(row["card"], f"{where}.card"),
                        read.text(row["stat"], f"{where}.stat", STATS),
                        read.number(row["amount"], f"{where}.amount", -99, 99),
                        read.text(row["until"], f"{where}.until", DURATIONS)))
    state.mods = Modifiers(entries)
    state.used = set()
    for i, item in enumerate(read.items(data["used"], "used")):
        row = read.table(item, f"used[{i}]", ("card", "ability"))
        card = read.card(row["card"], f"used[{i}].card")
        state.used.add(card * ABILITY_KEY + read.ability(card, row["ability"], f"used[{i}].ability"))


def counts(read: Reader, data: Any, path: str, most: int) -> list[int]:
    values = read.items(data, path)
    if len(values) != 2:
        raise read.fail(path, "should hold two numbers, one per player")
    return [read.number(v, f"{path}[{p}]", 0, most) for p, v in enumerate(values)]


def read_resolution(read: Reader, data: Any) -> Resolution:
    """The kernel's keyed form, then what only this game knows: cards, abilities, kinds, steps."""
    from .machine import STEP_RUN, WINDOW_RULES

    res = Resolution.from_json(data, "state JSON: resolution")
    for name, frames in (("frames", res.frames), ("stack", res.stack)):
        for i, frame in enumerate(frames):
            where = f"resolution.{name}[{i}]"
            source = read.card(frame.source, f"{where}.source")
            steps = read.state.game.steps[read.state.t.kind[source]]
            read.ability(source, frame.ability, f"{where}.ability")
            read.number(frame.at, f"{where}.at", 0, len(steps[frame.ability]))
            read.text(frame.tag, f"{where}.tag", ("", "turned"))
            read.player(frame.player, f"{where}.player")
            if len(frame.targets) > 1:
                raise read.fail(f"{where}.targets", "an ability names one target at most")
            for t in frame.targets:
                if t.kind is not Kind.CARD:
                    raise read.fail(f"{where}.targets", "a target is a card")
                read.card(t.id, f"{where}.targets")
    for i, trigger in enumerate(res.triggers):
        where = f"resolution.triggers[{i}]"
        read.player(trigger.player, f"{where}.player")
        read.ability(read.card(trigger.source, f"{where}.source"), trigger.ability, f"{where}.ability")
    for i, ask in enumerate(res.asks):
        where = f"resolution.asks[{i}]"
        read.player(ask.player, f"{where}.player")
        read.text(ask.kind, f"{where}.kind", ("discard", "sacrifice", "search", "target"))
        read.number(ask.count, f"{where}.count", 1, 60)
        if len(ask.detail) != 2:
            raise read.fail(f"{where}.detail", "should be [type, name]")
        if ask.kind != "discard" and not res.frames:
            raise read.fail(where, "an effect's choice with no effect being resolved")
    for i, window in enumerate(res.windows):
        where = f"resolution.windows[{i}]"
        read.text(window.kind, f"{where}.kind", tuple(WINDOW_RULES))
        for p in window.order:
            read.player(p, f"{where}.order")
    if res.stack:
        raise read.fail("resolution.stack", "Final Fantasy TCG resolves abilities at once: no stack")
    if res.step:
        read.text(res.step, "resolution.step", tuple(STEP_RUN))
    return res


def read_log(read: Reader, entry: Any, path: str) -> tuple[Any, ...]:
    if not isinstance(entry, dict) or not isinstance(entry.get("kind"), str):
        raise read.fail(path, "should be an object with a kind")
    kind = read.text(entry["kind"], f"{path}.kind", tuple(FIELDS))
    fields = FIELDS[kind]
    row = read.table(entry, path, ("kind", *(name for name, _ in fields)))
    values: list[Any] = [kind]
    for name, how in fields:
        value, where = row[name], f"{path}.{name}"
        if how == "cs":
            values.append(tuple(read.card_list(value, where)))
        elif how == "c":
            values.append(None if value is None else read.card_or(value, where, (-1, NO_FIGHT)))
        elif value is not None and (isinstance(value, bool) or not isinstance(value, int | str)):
            raise read.fail(where, "should be a number, a string or null")
        else:
            values.append(value)
    return tuple(values)


def state_from_notation(game: FFTcg, text: str) -> FFTcgState:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise NotationError(f"position: not JSON ({exc.msg} at column {exc.colno})") from None
    return state_from_json(game, data)
