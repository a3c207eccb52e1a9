"""The turn outside combat: draw and reconcile, the play phase, abilities, the end of the turn.

Abilities resolve through *frames* ``(player, source, ability, target, next step, tag)``: the
steps (costs, then effects) run in order; a step that needs a choice pushes an *ask* (a
decision of kind discard / sacrifice / search / target) and the frame resumes once it is
answered. Triggered abilities wait in ``triggers`` and start one at a time. ``step`` names
the automatic continuation of the turn once frames and triggers are done.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...kernel.actions import Action, Decision
from ...kernel.effects import Activation, resolve
from .actions import DONE, END, TO_ATTACK, TO_CHARACTER, TO_CITY, TO_WORLD, Hide, Pick, Play, Turn, Use
from .host import activation, shuffle

if TYPE_CHECKING:
    from .rules import FFTcgState

HANDLERS: dict[type[Action], Any] = {}  # filled by rules.py: action type -> state method

ASK_KINDS = frozenset({"discard", "sacrifice", "search", "target"})
# Decisions whose answers only public facts decide (play and window: unless cards are face down).
FORCEABLE = frozenset({"play", "declare", "window", "fight", "assign", "skull", "wound"})
ABILITY_KEY = 16  # (card, ability) -> card * 16 + ability: the once-per-turn marks


class TurnMixin:
    __slots__ = ()

    # -- the machine --------------------------------------------------------------------------
    def advance(self: FFTcgState) -> None:
        """Run what happens by itself (frames, triggers, steps) until a player must decide."""
        while self.result is None:
            if self.decisions and self.decisions[-1].kind in ASK_KINDS:
                return
            if self.frames:
                self.resume_frame()
                continue
            if self.triggers:
                self.start_trigger()
                continue
            if self.cancelled:
                self.cancelled = False
                self.cancel_now()
                continue
            step = self.step
            if step:
                self.step = ""
                getattr(self, STEPS[step])()
                continue
            decision = self.decisions[-1]
            if decision.kind not in FORCEABLE or not self.game.auto_forced:
                return
            legal = self.compute_legal()
            if len(legal) > 1 or self.private_choice(decision):
                self.legal = legal
                return
            HANDLERS[type(legal[0])](self, legal[0])
        self.decisions.clear()

    def private_choice(self: FFTcgState, decision: Decision) -> bool:
        """Whether what the player could do now depends on cards only they see (face-down
        cards, texts that read their hand): then even a single choice is asked."""
        p, kind = decision.player, decision.kind
        if kind not in ("play", "window", "declare"):
            return False
        if kind != "declare" and self.hidden[p]:
            return True
        what = {"play": "activated", "window": "combat", "declare": "attack"}[kind]
        private, kinds = self.game.private, self.t.kind
        return any(what in private[kinds[c]] for c in self.sacrifice_options(p, None))

    def start_turn(self: FFTcgState) -> None:
        self.turn += 1
        if self.turn > self.game.options.turn_limit:
            self.finish(None, "turn limit")
            return
        p = self.active
        self.log.append(("turn", self.turn, p))
        self.draw(p, 1)  # FF3: also on the first turn
        size = self.game.options.hand_size
        if len(self.hand[p]) < size:
            self.draw(p, size - len(self.hand[p]))
        self.decisions.append(Decision(p, "play"))
        if len(self.hand[p]) > size:
            self.decisions.append(Decision(p, "reconcile"))

    def step_end_turn(self: FFTcgState) -> None:
        p = self.active
        self.fire("end_of_turn", [c for zone in (self.chars[p], self.items[p], self.world[p], self.cities[p],
                                               self.city_mons[1 - p]) for c in zone])
        self.step = "next_turn"

    def step_next_turn(self: FFTcgState) -> None:
        self.mods.expire("end_of_combat")
        self.mods.expire("end_of_turn")
        self.used.clear()
        self.left_on.clear()
        self.played = False
        self.active = 1 - self.active
        self.start_turn()

    # -- abilities ------------------------------------------------------------------------
    def ability_targets(self: FFTcgState, p: int, source: int, ability: Any) -> list[int]:
        """The targets ``ability`` may be used on now ([-1] when it takes none); empty: unusable."""
        if ability.once_per_turn and source * ABILITY_KEY + ability.index in self.used:
            return []
        act = activation(p, source, ability.index)
        if ability.condition is not None and not ability.condition.holds(self, act):
            return []
        if ability.costs and not self.can_pay(ability.costs, act):
            return []
        if ability.target is None:
            return [-1]
        return ability.target(self, act)

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

    def start_ability(self: FFTcgState, p: int, source: int, index: int, target: int, tag: str) -> None:
        self.used.add(source * ABILITY_KEY + index)
        self.frames.append((p, source, index, target, 0, tag))

    def resume_frame(self: FFTcgState) -> None:
        p, source, index, target, at, tag = self.frames[-1]
        steps = self.game.steps[self.t.kind[source]][index]
        paused = resolve(self, Activation(p, source, index, target), steps, at)
        if paused is not None:
            self.frames[-1] = (p, source, index, target, paused, tag)
            return
        self.frames.pop()
        if tag == "turned" and source in self.resolving[p]:
            self.resolving[p].remove(source)
            self.discard[p].append(source)

    def fire(self: FFTcgState, timing: str, cards: list[int]) -> None:
        """Queue the ``timing`` abilities of ``cards`` (each for its owner)."""
        timed, kind, size = self.game.timed, self.t.kind, self.t.size
        for card in cards:
            for index in timed[kind[card]].get(timing, ()):
                self.triggers.append((card // size, card, index))

    def start_trigger(self: FFTcgState) -> None:
        p, source, index = self.triggers.pop(0)
        ability = self.game.cards[self.t.kind[source]].abilities[index]
        if not self.ability_active(source):
            return
        targets = self.ability_targets(p, source, ability)
        if not targets:
            return
        self.start_ability(p, source, index, -1, "")
        if targets != [-1]:
            self.ask(p, "target", 1)
        self.log.append(("trigger", p, source, index))

    def target_options(self: FFTcgState) -> list[int]:
        p, source, index, *_ = self.frames[-1]
        ability = self.game.cards[self.t.kind[source]].abilities[index]
        return ability.target(self, activation(p, source, index))

    # -- legal actions ----------------------------------------------------------------------
    def play_actions(self: FFTcgState, p: int) -> list[Action]:
        out: list[Action] = []
        if not self.played:
            self.add_plays(p, out)
        self.add_turns(p, out)
        self.add_uses(p, "activated", out)
        out.append(END)
        return out

    def window_actions(self: FFTcgState, p: int) -> list[Action]:
        out: list[Action] = []
        self.add_turns(p, out)
        self.add_uses(p, "combat", out)
        out.append(DONE)
        return out

    def add_plays(self: FFTcgState, p: int, out: list[Action]) -> None:
        g, t = self.game, self.t
        kind, label, cache = t.kind, t.label, t.cache
        hide = len(self.hidden[p]) < g.options.max_hidden
        for c in self.hand[p]:
            k = kind[c]
            info = g.cards[k]
            if info.play is None or info.play.holds(self, activation(p, c)):
                typ = info.type
                if typ == "monster":
                    if info.world and (info.world_requirement is None
                                       or info.world_requirement.holds(self, activation(p, c))):
                        out.append(cache_play(cache, c, label, TO_WORLD))
                    for city in self.cities[1 - p]:
                        out.append(cache_play(cache, c, label, TO_CITY, city))
                    out.append(cache_play(cache, c, label, TO_ATTACK))
                elif typ == "character":
                    if self.character_fits(p, k):
                        out.append(cache_play(cache, c, label))
                elif typ == "item":
                    for ch in self.chars[p]:
                        if self.item_fits(ch, info.subtype):
                            out.append(cache_play(cache, c, label, TO_CHARACTER, ch))
                elif typ == "villain":
                    if not self.villain_in_play(p):
                        out.append(cache_play(cache, c, label))
                elif typ == "city":
                    out.append(cache_play(cache, c, label))
            if hide:
                action = cache.get(("h", c))
                if action is None:
                    action = cache[("h", c)] = Hide(c, label[c])
                out.append(action)

    def character_fits(self: FFTcgState, p: int, k: int) -> bool:
        g = self.game
        chars = self.chars[p]
        if len(chars) >= g.options.max_characters:
            return False
        key = g.unique_key[k]
        kind = self.t.kind
        return all(g.unique_key[kind[c]] != key for c in chars)

    def item_fits(self: FFTcgState, character: int, subtype: str | None) -> bool:
        sub, kind = self.game.subtype, self.t.kind
        return not any(c == character and sub[kind[i]] == subtype for i, c in self.on.items())

    def villain_in_play(self: FFTcgState, p: int) -> bool:
        ctype, kind, size = self.game.ctype, self.t.kind, self.t.size
        return any(ctype[kind[c]] == "villain" for c in self.world[p]) or any(
            c // size == p and ctype[kind[c]] == "villain" for c in self.attackers)

    def add_turns(self: FFTcgState, p: int, out: list[Action]) -> None:
        turn_ability, kind, label = self.game.turn_ability, self.t.kind, self.t.label
        for c in self.hidden[p]:
            ability = turn_ability[kind[c]]
            if ability is None:
                continue
            for target in self.ability_targets(p, c, ability):
                out.append(Turn(c, label[c], target, label[target] if target >= 0 else ""))

    def add_uses(self: FFTcgState, p: int, timing: str, out: list[Action]) -> None:
        table, kind, label, cards = self.game.by_timing[timing], self.t.kind, self.t.label, self.game.cards
        size = self.t.size
        for zone in (self.chars[p], self.items[p], self.world[p], self.cities[p], self.city_mons[1 - p],
                     self.attackers):
            for c in zone:
                indices = table[kind[c]]
                if not indices or c // size != p or not self.ability_active(c):
                    continue
                abilities = cards[kind[c]].abilities
                for i in indices:
                    for target in self.ability_targets(p, c, abilities[i]):
                        out.append(Use(c, label[c], i, target, label[target] if target >= 0 else ""))

    # -- moves ------------------------------------------------------------------------------
    def do_play(self: FFTcgState, action: Play) -> None:
        p, c = self.active, action.card
        self.hand[p].remove(c)
        self.played = True
        mode, where = action.mode, action.where
        typ = self.ctype(c)
        if typ == "character":
            self.chars[p].append(c)
        elif typ == "item":
            self.items[p].append(c)
            self.on[c] = where
        elif typ == "city":
            self.cities[p].append(c)
        elif mode == TO_CITY:
            self.city_mons[1 - p].append(c)
            self.on[c] = where
        elif mode == TO_ATTACK:
            self.attackers.append(c)
        else:  # a monster to the World, or a villain
            self.world[p].append(c)
        self.log.append(("play", p, c, mode, where))
        self.fire("on_play", [c])
        if mode == TO_ATTACK:
            self.fire("on_attack", [c])

    def do_hide(self: FFTcgState, action: Hide) -> None:
        p = self.active
        self.hand[p].remove(action.card)
        self.hidden[p].append(action.card)
        self.played = True
        self.log.append(("hide", p, action.card))

    def do_turn(self: FFTcgState, action: Turn) -> None:
        c = action.card
        p = c // self.t.size
        self.hidden[p].remove(c)
        self.resolving[p].append(c)  # face up while it resolves
        self.log.append(("turn_up", p, c, action.target))
        self.start_ability(p, c, self.game.turn_ability[self.t.kind[c]].index, action.target, "turned")

    def do_use(self: FFTcgState, action: Use) -> None:
        p = action.card // self.t.size
        self.log.append(("use", p, action.card, action.ability, action.target))
        self.start_ability(p, action.card, action.ability, action.target, "")

    def do_end(self: FFTcgState) -> None:
        self.decisions.pop()
        self.mside, self.cside = self.active, 1 - self.active
        self.log.append(("combat", self.active))
        self.decisions.append(Decision(self.active, "declare"))

    def do_pick(self: FFTcgState, action: Pick) -> None:
        verb = action.verb
        if verb == "discard" and self.decisions[-1].kind == "reconcile":
            verb = "reconcile"
        getattr(self, PICKS[verb])(action.card)

    def pick_reconcile(self: FFTcgState, card: int) -> None:
        p = self.decisions[-1].player
        self.move_from_hand(card, "discard")
        if len(self.hand[p]) <= self.game.options.hand_size:
            self.decisions.pop()

    def answer(self: FFTcgState) -> None:
        """One card of the top ask is given: the ask closes when all are, or when what is
        left to give is no longer a choice (as many cards left as are owed)."""
        p, kind, count, type, name = self.asks[-1]
        if count > 1:
            self.asks[-1] = (p, kind, count - 1, type, name)
            options = self.ask_options()
            if len(options) > count - 1:
                return
            for card in options[:]:
                self.sacrifice(card) if kind == "sacrifice" else self.move_from_hand(card, "discard")
        self.asks.pop()
        self.decisions.pop()

    def pick_discard(self: FFTcgState, card: int) -> None:
        self.move_from_hand(card, "discard")
        self.answer()

    def pick_sacrifice(self: FFTcgState, card: int) -> None:
        self.sacrifice(card)
        self.answer()

    def pick_search(self: FFTcgState, card: int) -> None:
        p = self.asks[-1][0]
        self.deck[p].remove(card)
        self.hand[p].append(card)
        shuffle(self.rng, self.deck[p])
        self.log.append(("search", p, card))
        self.answer()

    def pick_target(self: FFTcgState, card: int) -> None:
        p, source, index, _, at, tag = self.frames[-1]
        self.frames[-1] = (p, source, index, card, at, tag)
        self.log.append(("target", p, source, card))
        self.answer()

    def ask_options(self: FFTcgState) -> list[int]:
        p, kind, _, type, name = self.asks[-1]
        if kind == "discard":
            return self.hand[p]
        if kind == "sacrifice":
            return self.sacrifice_options(p, type)
        if kind == "search":
            return self.search_options(p, name, type)
        return self.target_options()


def cache_play(cache: dict[Any, Any], card: int, label: tuple[str, ...], mode: str = "",
               where: int = -1) -> Play:
    """Actions are values: each play is built once per deck lists (frozen dataclasses are slow to make)."""
    key = (card, mode, where)
    action = cache.get(key)
    if action is None:
        action = cache[key] = Play(card, label[card], mode, where, label[where] if where >= 0 else "")
    return action


STEPS = {"end_turn": "step_end_turn", "next_turn": "step_next_turn", "villain": "step_villain",
         "after_fight": "step_after_fight", "order": "step_order", "combat_end": "step_combat_end",
         "villain_wound": "step_villain_wound"}
PICKS = {"reconcile": "pick_reconcile", "discard": "pick_discard", "sacrifice": "pick_sacrifice",
         "search": "pick_search", "target": "pick_target", "attack": "pick_attack", "clear": "pick_clear",
         "fight": "pick_fight", "skull": "pick_skull", "wound": "pick_wound"}
