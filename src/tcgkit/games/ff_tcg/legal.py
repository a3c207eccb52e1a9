"""The legal actions of a position, by decision kind: the hottest code of a play-out.

Card text is read through what ``FFTcg`` compiled at load time (``plan``, ``usage``: plain
functions, no walk over condition trees), actions come from the deck lists' caches
(``Tables``), and the loops are written out rather than split into small helpers: a Python
call costs about as much as the work of a loop turn here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from ...kernel.actions import Action
from ...kernel.effects import Ability, Bound, Predicate
from .actions import DONE, END, TO_CHARACTER, TO_CITY, Assign, Pick, Turn, Use
from .host import POST_REVEAL
from .records import ABILITY_KEY

if TYPE_CHECKING:
    from .rules import FFTcgState

class Usage(NamedTuple):
    """An ability compiled for the legality checks (unpacked in one go on the hot paths)."""

    ability: int  # its index on the card
    once: bool  # once per turn
    test: Predicate | None  # its condition
    payable: Predicate | None  # whether its costs can be paid now (the kernel's cost protocol)
    target: Bound | None  # its target function: the cards it may name


def usage(ability: Ability) -> Usage:
    """What deciding whether ``ability`` may be used needs, compiled once (see ``Usage``)."""
    return Usage(ability.index, ability.once_per_turn,
                 None if ability.condition is None else ability.condition.compile(),
                 ability.payable(),
                 None if ability.target is None else ability.target.compile())


def compute_legal(s: FFTcgState) -> list[Action]:
    """The legal actions of the decision on top of the stack (none when the game is over),
    kept as the position's cache ``s.legal`` (``apply`` and a forced play clear it)."""
    decisions = s.decisions
    if not decisions:
        legal: list[Action] = []
    else:
        decision = decisions[-1]  # each kind's list by one look-up: this runs for every decision
        legal = BY_KIND[decision.kind](s, decision.player)
    s.legal = legal
    return legal


def picks(s: FFTcgState, verb: str, cards: list[int]) -> list[Action]:
    """A ``Pick`` of ``verb`` for each of ``cards``."""
    t = s.t
    made = t.picks[verb]
    out: list[Action] = []  # a loop: a comprehension is a function call of its own (CPython 3.11)
    for c in cards:
        out.append(made[c] or t.pick(verb, c))
    return out


def wound_actions(s: FFTcgState, p: int) -> list[Action]:
    """A character to wound, or ``done``: a right the villain's owner may decline."""
    out = picks(s, "wound", s.chars[s.cside])
    out.append(DONE)
    return out


def ability_targets(s: FFTcgState, p: int, source: int, ability: Any) -> list[int]:
    """The targets ``ability`` may be used on now ([-1] when it takes none); empty: unusable."""
    return usable(s, p, source, s.game.usage[s.t.kind[source]][ability.index])


def usable(s: FFTcgState, p: int, source: int, usage: Usage) -> list[int]:
    """``ability_targets`` from the ability's compiled ``usage``."""
    index, once, test, payable, target = usage
    if once and source * ABILITY_KEY + index in s.used:
        return []
    act = s.t.activation(p, source, index)
    if test is not None and not test(s, act):
        return []
    if payable is not None and not payable(s, act):
        return []
    if target is None:
        return [-1]
    targets: list[int] = target(s, act)
    return targets


def play_actions(s: FFTcgState, p: int) -> list[Action]:
    out: list[Action] = []
    if not s.played:
        add_plays(s, p, out)
    if s.hidden[p]:
        add_turns(s, p, out)
    add_uses(s, p, PLAY_TIMINGS, out)
    out.append(END)
    return out


PLAY_TIMINGS = ("activated",)
WINDOW_TIMINGS = ("activated", "combat")  # every effect, Efeito and Luta alike


def window_actions(s: FFTcgState, p: int) -> list[Action]:
    """A fight's effect window takes every effect ("pode usar quaisquer Efeitos"): hidden
    actions, Efeito (activated) abilities and Luta (combat) ones, each under its own terms."""
    out: list[Action] = []
    if s.hidden[p]:
        add_turns(s, p, out)
    add_uses(s, p, WINDOW_TIMINGS, out)
    out.append(DONE)
    return out


def add_plays(s: FFTcgState, p: int, out: list[Action]) -> None:
    """Each card of the hand: where it may be played (its Jogar requirement; a monster's World
    requirement for the World, its attack requirement to attack; room for a character, a free
    subtype for an item, one villain), then hiding it."""
    g, t = s.game, s.t
    kind, plan, acts, n = t.kind, g.plan, t.acts, t.players
    hide = len(s.hidden[p]) < g.options.max_hidden
    hides, plays, worlds, attacks = t.hides, t.plays, t.worlds, t.attacks
    keys: Any = None  # the characters' unique keys, or () when there is no room: once per call
    villain = None
    no_cities, fixeds = not s.cities[1 - p], t.fixed
    for c in s.hand[p]:
        fixed = fixeds[c]
        if fixed is None:
            fixed = t.fixed_plays(c)
        if fixed and (no_cities or not fixed[0]):  # the common case: made once per card
            out.extend(fixed[2] if hide else fixed[1])
            continue
        k = kind[c]
        typ, test, world, world_test = plan[k]
        act = acts[c * ABILITY_KEY * n + p] or t.activation(p, c)
        if test is None or test(s, act):
            if typ == "monster":
                if world and (world_test is None or world_test(s, act)):
                    out.append(worlds[c] or t.world(c))
                for city in s.cities[1 - p]:
                    out.append(t.placed(c, TO_CITY, city))
                # "veja se ele cumpri os pré-requisitos para entrar em combate"
                attack_test = g.attack_test[k]
                if attack_test is None or attack_test(s, act):
                    out.append(attacks[c] or t.attack(c))
            elif typ == "character":
                if keys is None:
                    chars = s.chars[p]
                    unique = g.unique_key
                    keys = set(map(unique.__getitem__, map(kind.__getitem__, chars))) \
                        if len(chars) < g.options.max_characters else ()
                if keys != () and g.unique_key[k] not in keys:
                    out.append(plays[c] or t.play(c))
            elif typ == "item":
                subtype, sub = g.subtype[k], g.subtype
                for ch in s.chars[p]:
                    for item, bearer in s.on.items():
                        if bearer == ch and sub[kind[item]] == subtype:
                            break
                    else:
                        out.append(t.placed(c, TO_CHARACTER, ch))
            elif typ == "villain":
                if villain is None:
                    villain = villain_in_play(s, p)
                if not villain:
                    out.append(plays[c] or t.play(c))
            elif typ == "city":
                out.append(plays[c] or t.play(c))
        if hide:
            out.append(hides[c] or t.hide(c))


def villain_in_play(s: FFTcgState, p: int) -> bool:
    ctype, kind, size = s.game.ctype, s.t.kind, s.t.size
    return any(ctype[kind[c]] == "villain" for c in s.world[p]) or any(
        c // size == p and ctype[kind[c]] == "villain" for c in s.attackers)


def add_turns(s: FFTcgState, p: int, out: list[Action]) -> None:
    """The hidden actions that may be turned now, on each of their targets."""
    turn_usage, kind, t, used = s.game.turn_usage, s.t.kind, s.t, s.used
    acts, n = t.acts, t.players
    turners = t.users["turn"][p]
    if turners.isdisjoint(s.hidden[p]):
        return
    for c in s.hidden[p]:
        if c not in turners:
            continue
        usage = turn_usage[kind[c]]
        assert usage is not None  # a card among the turners has a Virar
        index, once, test, payable, target = usage  # ``usable``, written out
        if once and c * ABILITY_KEY + index in used:
            continue
        act = acts[(c * ABILITY_KEY + index + 1) * n + p] or t.activation(p, c, index)
        if (test is not None and not test(s, act)) or (payable is not None and not payable(s, act)):
            continue
        if target is None:
            out.append(t.turns[c] or t.turn(c))
            continue
        for chosen in target(s, act):
            label = t.label  # the cache is every deal's: by labels
            key = ("turn", label[c], label[chosen])
            action = t.cache.get(key)
            if action is None:
                action = t.cache[key] = Turn(c, label[c], chosen, label[chosen])
            out.append(action)


def add_uses(s: FFTcgState, p: int, timings: tuple[str, ...], out: list[Action]) -> None:
    """The abilities of ``timings`` of the player's cards in play, on each of their targets,
    timing by timing."""
    t = s.t
    in_play: list[int] | None = None
    for timing in timings:
        users = t.users[timing][p]
        if not users:
            continue
        if in_play is None:
            in_play = [*s.chars[p], *s.items[p], *s.world[p], *s.cities[p], *s.city_mons[1 - p],
                       *s.attackers]  # the rival's attackers are no users: skipped below
        if users.isdisjoint(in_play):  # the common case, checked in C
            continue
        add_uses_of(s, p, timing, users, in_play, out)


def add_uses_of(s: FFTcgState, p: int, timing: str, users: frozenset[int], in_play: list[int],
                out: list[Action]) -> None:
    t = s.t
    table, kind, acts, n = s.game.by_timing[timing], t.kind, t.acts, t.players
    for c in in_play:
        if c not in users:
            continue
        if s.game.ctype[kind[c]] == "city" and c in s.on.values():  # ``ability_active``
            continue
        for index, once, test, payable, target in table[kind[c]]:  # ``usable``, written out
            if once and c * ABILITY_KEY + index in s.used:
                continue
            act = acts[(c * ABILITY_KEY + index + 1) * n + p] or t.activation(p, c, index)
            if (test is not None and not test(s, act)) or (payable is not None and not payable(s, act)):
                continue
            if target is None:
                key = c * ABILITY_KEY + index
                out.append(t.uses[key] or t.use(c, index))
                continue
            for chosen in target(s, act):
                label = t.label  # the cache is every deal's: by labels
                tkey = ("use", label[c], index, label[chosen])
                action = t.cache.get(tkey)
                if action is None:
                    action = t.cache[tkey] = Use(c, label[c], index, chosen, label[chosen])
                out.append(action)


def declare_actions(s: FFTcgState, p: int) -> list[Action]:
    """The declaration: each monster that may join the attack (only one led by a monster played
    this turn to attack, unless ``world_attacks_alone``), or the villain (it is put to attack
    from the World by itself), its Avistar, Jogar and Mundo requirements met now; each own city
    a monster sits on (to clear it, when nothing attacks yet); then done."""
    out: list[Action] = []
    t, g = s.t, s.game
    led = bool(s.attackers) or g.options.world_attacks_alone
    tests, kind, attacks, acts, n = g.join_tests, t.kind, t.picks["attack"], t.acts, t.players
    ctype = g.ctype
    for zone in (s.world[p], s.city_mons[1 - p]) if led else (s.world[p],):
        for c in zone:
            k = kind[c]
            if not led and ctype[k] != "villain":
                continue
            act = acts[c * ABILITY_KEY * n + p] or t.activation(p, c)
            for test in tests[k]:
                if not test(s, act):
                    break
            else:
                out.append(attacks[c] or t.pick("attack", c))
    if not s.attackers and s.chars[p] and s.cities[p] and s.on:
        under = s.on.values()
        for city in s.cities[p]:
            if city in under:
                out.append(pick(s, "clear", city))
    out.append(DONE)
    return out


def assign_actions(s: FFTcgState) -> list[Action]:
    """The first unassigned attacker on each defending character."""
    for monster in s.attackers:
        if monster not in s.assigned:
            break
    else:
        raise StopIteration("every attacker is assigned")
    cache, label = s.t.cache, s.t.label
    out: list[Action] = []
    for ch in s.chars[s.cside]:
        key = ("assign", label[monster], label[ch])  # the cache is every deal's: by labels
        action = cache.get(key)
        if action is None:
            action = cache[key] = Assign(monster, label[monster], ch, label[ch])
        out.append(action)
    return out


def pending_fights(s: FFTcgState) -> list[int]:
    """The characters with monsters assigned, in the attackers' order: the fights to come."""
    assigned, out = s.assigned, []
    for m in s.attackers:
        character = assigned.get(m)
        if character is not None and character not in out:
            out.append(character)
    return out


def ask_options(s: FFTcgState) -> list[int]:
    """The cards the top ask may be answered with."""
    ask = s.res.asks[-1]
    p, kind, (type, name) = ask.player, ask.kind, ask.detail
    if kind == "discard":
        return s.hand[p]
    if kind == "sacrifice":
        return s.sacrifice_options(p, type)
    if kind == "search":
        return s.search_options(p, name, type)
    return target_options(s)


def target_options(s: FFTcgState) -> list[int]:
    """The targets of the ability being resolved (a trigger asks for its target once started)."""
    frame = s.res.frames[-1]
    ability = s.game.cards[s.t.kind[frame.source]].abilities[frame.ability]
    assert ability.target is not None  # a frame asks for a target only when its ability has one
    targets: list[int] = ability.target(s, s.t.activation(frame.player, frame.source, frame.ability))
    return targets


BY_KIND: dict[str, Callable[[Any, int], list[Action]]] = {
    "play": play_actions, "window": window_actions, POST_REVEAL: window_actions,
    "declare": declare_actions, "assign": lambda s, p: assign_actions(s), "wound": wound_actions,
    "reconcile": lambda s, p: picks(s, "discard", s.hand[p]),
    "discard": lambda s, p: picks(s, "discard", s.hand[p]),
    "fight": lambda s, p: picks(s, "fight", pending_fights(s)),
    "skull": lambda s, p: picks(s, "skull", s.fight_mons),
    "sacrifice": lambda s, p: picks(s, "sacrifice", ask_options(s)),
    "search": lambda s, p: picks(s, "search", ask_options(s)),
    "target": lambda s, p: picks(s, "target", ask_options(s)),
}
"""Each decision kind's legal actions (``compute_legal``)."""


def pick(s: FFTcgState, verb: str, card: int) -> Pick:
    return s.t.picks[verb][card] or s.t.pick(verb, card)
