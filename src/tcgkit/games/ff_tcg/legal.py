"""The play phase's and the effect windows' legal actions: the hottest code of a play-out.

Card text is read through what ``FFTcg`` compiled at load time (``plan``, ``usage``: plain
functions, no walk over condition trees), actions come from the deck lists' caches
(``Tables``), and the loops are written out rather than split into small helpers: a Python
call costs about as much as the work of a loop turn here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...kernel.actions import Action
from ...kernel.effects import Ability, Activation, Bound, Predicate, Step
from .actions import DONE, END, TO_CHARACTER, TO_CITY, Turn, Use
from .host import ACTIVATIONS, activation

if TYPE_CHECKING:
    from .rules import FFTcgState

ABILITY_KEY = 16  # (card, ability) -> card * 16 + ability: the once-per-turn marks
PAYABLE = frozenset({"discard", "sacrifice", "remove_skulls"})  # costs that may not be payable
Usage = tuple[int, bool, "Predicate | None", "tuple[Step, ...]", "Bound | None"]
"""An ability compiled for the legality checks: (index on the card, once per turn, condition,
the costs that may not be payable, target function); a tuple, unpacked in one go."""


def usage(ability: Ability) -> Usage:
    """What deciding whether ``ability`` may be used needs, compiled once (see ``Usage``)."""
    return (ability.index, ability.once_per_turn,
            None if ability.condition is None else ability.condition.compile(),
            tuple(step for step in ability.costs if step.primitive.name in PAYABLE),
            None if ability.target is None else ability.target.compile())


class LegalMixin:
    __slots__ = ()

    def ability_targets(self: FFTcgState, p: int, source: int, ability: Any) -> list[int]:
        """The targets ``ability`` may be used on now ([-1] when it takes none); empty: unusable."""
        return self.usable(p, source, self.game.usage[self.t.kind[source]][ability.index])

    def usable(self: FFTcgState, p: int, source: int, usage: Usage) -> list[int]:
        """``ability_targets`` from the ability's compiled ``usage``."""
        index, once, test, costs, target = usage
        if once and source * ABILITY_KEY + index in self.used:
            return []
        act = activation(p, source, index)
        if test is not None and not test(self, act):
            return []
        if costs and not self.can_pay(costs, act):
            return []
        if target is None:
            return [-1]
        return target(self, act)

    def can_pay(self: FFTcgState, costs: tuple[Any, ...], act: Activation) -> bool:
        for step in costs:
            name, params = step.primitive.name, step.params
            if name == "discard":
                if any(len(self.hand[q]) < params.count for q in self.player_ref(act, params.who)):
                    return False
            elif name == "sacrifice":
                if len(self.sacrifice_options(act.player, params.type)) < params.count:
                    return False
            elif name == "remove_skulls" and any(
                    len(self.skulls[q]) < params.count for q in self.player_ref(act, params.who)):
                return False
        return True

    # -- the lists ------------------------------------------------------------------------
    def play_actions(self: FFTcgState, p: int) -> list[Action]:
        out: list[Action] = []
        if not self.played:
            self.add_plays(p, out)
        if self.hidden[p]:
            self.add_turns(p, out)
        self.add_uses(p, "activated", out)
        out.append(END)
        return out

    def window_actions(self: FFTcgState, p: int) -> list[Action]:
        out: list[Action] = []
        if self.hidden[p]:
            self.add_turns(p, out)
        self.add_uses(p, "combat", out)
        out.append(DONE)
        return out

    def add_plays(self: FFTcgState, p: int, out: list[Action]) -> None:
        """Each card of the hand: where it may be played (its Jogar and World requirements,
        room for a character, a free subtype for an item, one villain), then hiding it."""
        g, t = self.game, self.t
        kind, plan = t.kind, g.plan
        hide = len(self.hidden[p]) < g.options.max_hidden
        hides, plays, worlds, attacks = t.hides, t.plays, t.worlds, t.attacks
        keys: Any = None  # the characters' unique keys, or () when there is no room: once per call
        villain = None
        no_cities, fixeds = not self.cities[1 - p], t.fixed
        for c in self.hand[p]:
            fixed = fixeds[c]
            if fixed is None:
                fixed = t.fixed_plays(c)
            if fixed and (no_cities or not fixed[0]):  # the common case: made once per card
                out.extend(fixed[2] if hide else fixed[1])
                continue
            k = kind[c]
            typ, test, world, world_test = plan[k]
            if test is None or test(self, ACTIVATIONS.get(c << 6 | p) or activation(p, c)):
                if typ == "monster":
                    if world and (world_test is None
                                  or world_test(self, ACTIVATIONS.get(c << 6 | p) or activation(p, c))):
                        out.append(worlds[c] or t.world(c))
                    for city in self.cities[1 - p]:
                        out.append(t.placed(c, TO_CITY, city))
                    out.append(attacks[c] or t.attack(c))
                elif typ == "character":
                    if keys is None:
                        chars = self.chars[p]
                        unique = g.unique_key
                        keys = {unique[kind[ch]] for ch in chars} if len(chars) < g.options.max_characters \
                            else ()
                    if keys != () and g.unique_key[k] not in keys:
                        out.append(plays[c] or t.play(c))
                elif typ == "item":
                    subtype, sub = g.subtype[k], g.subtype
                    for ch in self.chars[p]:
                        for item, bearer in self.on.items():
                            if bearer == ch and sub[kind[item]] == subtype:
                                break
                        else:
                            out.append(t.placed(c, TO_CHARACTER, ch))
                elif typ == "villain":
                    if villain is None:
                        villain = self.villain_in_play(p)
                    if not villain:
                        out.append(plays[c] or t.play(c))
                elif typ == "city":
                    out.append(plays[c] or t.play(c))
            if hide:
                out.append(hides[c] or t.hide(c))

    def villain_in_play(self: FFTcgState, p: int) -> bool:
        ctype, kind, size = self.game.ctype, self.t.kind, self.t.size
        return any(ctype[kind[c]] == "villain" for c in self.world[p]) or any(
            c // size == p and ctype[kind[c]] == "villain" for c in self.attackers)

    def add_turns(self: FFTcgState, p: int, out: list[Action]) -> None:
        """The hidden actions that may be turned now, on each of their targets."""
        turn_usage, kind, t, used = self.game.turn_usage, self.t.kind, self.t, self.used
        turners = t.users["turn"][p]
        if turners.isdisjoint(self.hidden[p]):
            return
        for c in self.hidden[p]:
            if c not in turners:
                continue
            usage = turn_usage[kind[c]]
            index, once, test, costs, target = usage  # ``usable``, written out
            if once and c * ABILITY_KEY + index in used:
                continue
            act = ACTIVATIONS.get(c << 6 | (index + 1) << 1 | p) or activation(p, c, index)
            if (test is not None and not test(self, act)) or (costs and not self.can_pay(costs, act)):
                continue
            if target is None:
                out.append(t.turns[c] or t.turn(c))
                continue
            for chosen in target(self, act):
                key = ("t", c, chosen)
                action = t.cache.get(key)
                if action is None:
                    label = t.label
                    action = t.cache[key] = Turn(c, label[c], chosen, label[chosen])
                out.append(action)

    def add_uses(self: FFTcgState, p: int, timing: str, out: list[Action]) -> None:
        """The abilities of ``timing`` of the player's cards in play, on each of their targets."""
        t = self.t
        users = t.users[timing][p]
        if not users:
            return
        in_play = (self.chars[p] + self.items[p] + self.world[p] + self.cities[p] + self.city_mons[1 - p]
                   + self.attackers)  # the rival's attackers are no users: skipped below
        if users.isdisjoint(in_play):  # the common case, checked in C
            return
        table, kind = self.game.by_timing[timing], t.kind
        for c in in_play:
            if c not in users:
                continue
            if self.game.ctype[kind[c]] == "city" and c in self.on.values():  # ``ability_active``
                continue
            for index, once, test, costs, target in table[kind[c]]:  # ``usable``, written out
                if once and c * ABILITY_KEY + index in self.used:
                    continue
                act = ACTIVATIONS.get(c << 6 | (index + 1) << 1 | p) or activation(p, c, index)
                if (test is not None and not test(self, act)) or (costs and not self.can_pay(costs, act)):
                    continue
                if target is None:
                    key = c * ABILITY_KEY + index
                    out.append(t.uses[key] or t.use(c, index))
                    continue
                for chosen in target(self, act):
                    tkey = ("u", c, index, chosen)
                    action = t.cache.get(tkey)
                    if action is None:
                        label = t.label
                        action = t.cache[tkey] = Use(c, label[c], index, chosen, label[chosen])
                    out.append(action)
