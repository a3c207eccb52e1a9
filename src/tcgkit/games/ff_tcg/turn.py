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
from ...kernel.effects import PAUSE
from .actions import TO_ATTACK, TO_CITY, Hide, Pick, Play, Turn, Use
from .host import POST_REVEAL, activation, shuffle, targeted
from .legal import ABILITY_KEY

if TYPE_CHECKING:
    from .rules import FFTcgState

HANDLERS: dict[type[Action], Any] = {}  # filled by rules.py: action type -> state method

ASK_KINDS = frozenset({"discard", "sacrifice", "search", "target"})
# Decisions whose answers only public facts decide (play and window: unless cards are face down).
FORCEABLE = frozenset({"play", "declare", "window", POST_REVEAL, "fight", "assign", "skull", "wound"})
PRIVATE_TIMING = {"play": "activated", "window": "combat", POST_REVEAL: "combat", "declare": "attack"}


class TurnMixin:
    __slots__ = ()

    # -- the machine --------------------------------------------------------------------------
    def advance(self: FFTcgState) -> None:
        """Run what happens by itself (frames, triggers, steps) until a player must decide."""
        decisions, frames, triggers = self.decisions, self.frames, self.triggers
        auto = self.game.auto_forced
        while self.result is None:
            if frames or triggers or self.cancelled or self.step:
                if decisions and decisions[-1].kind in ASK_KINDS:
                    return  # an effect waits for its answer
                if frames:
                    self.resume_frame()
                elif triggers:
                    self.start_trigger()
                elif self.cancelled:
                    self.cancelled = False
                    self.cancel_now()
                else:
                    step = self.step
                    self.step = ""
                    STEP_RUN[step](self)
                continue
            decision = decisions[-1]
            if not auto or decision.kind not in FORCEABLE:  # asks are never forceable
                return
            legal = self.compute_legal()
            if len(legal) > 1 or self.private_choice(decision):
                self.legal = legal
                return
            HANDLERS[type(legal[0])](self, legal[0])
        decisions.clear()

    def private_choice(self: FFTcgState, decision: Decision) -> bool:
        """Whether what the player could do now depends on cards only they see (face-down
        cards, texts that read their hand): then even a single choice is asked."""
        p, kind = decision.player, decision.kind
        if kind not in PRIVATE_TIMING:
            return False
        if kind != "declare" and self.hidden[p]:
            return True
        what = PRIVATE_TIMING[kind]
        if what not in self.game.any_private:  # no loaded card reads private cards then
            return False
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
        self.decide(p, "play")
        if len(self.hand[p]) > size:
            self.decide(p, "reconcile")

    def step_end_turn(self: FFTcgState) -> None:
        p = self.active
        users = self.t.fired["end_of_turn"]
        if users:
            zones = (self.chars[p], self.items[p], self.world[p], self.cities[p], self.city_mons[1 - p])
            self.fire("end_of_turn", [c for zone in zones for c in zone if c in users])
        self.step = "next_turn"

    def step_next_turn(self: FFTcgState) -> None:
        if self.mods.entries:
            self.mods.expire("end_of_combat")
            self.mods.expire("end_of_turn")
        self.used.clear()
        self.left_on.clear()
        self.played = False
        self.active = 1 - self.active
        self.start_turn()

    # -- abilities ------------------------------------------------------------------------
    def start_ability(self: FFTcgState, p: int, source: int, index: int, target: int, tag: str) -> None:
        self.used.add(source * ABILITY_KEY + index)
        self.frames.append((p, source, index, target, 0, tag))

    def resume_frame(self: FFTcgState) -> None:
        p, source, index, target, at, tag = self.frames[-1]
        steps = self.game.step_fns[self.t.kind[source]][index]
        act = targeted(p, source, index, target)
        for i in range(at, len(steps)):  # ``kernel.effects.resolve`` on the compiled steps
            if steps[i](self, act) == PAUSE:
                if self.result is None:
                    self.frames[-1] = (p, source, index, target, i + 1, tag)
                return
            if self.result is not None:  # the step ended the game (a deck ran out): stop here
                return
        self.frames.pop()
        if tag == "turned" and source in self.resolving[p]:
            self.resolving[p].remove(source)
            self.discard[p].append(source)

    def fire(self: FFTcgState, timing: str, cards: list[int]) -> None:
        """Queue the ``timing`` abilities of ``cards`` (each for its owner)."""
        users = self.t.fired[timing]
        if not users or users.isdisjoint(cards):
            return
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
        self.start_ability(p, c, self.game.turn_usage[self.t.kind[c]][0], action.target, "turned")

    def do_use(self: FFTcgState, action: Use) -> None:
        p = action.card // self.t.size
        self.log.append(("use", p, action.card, action.ability, action.target))
        self.start_ability(p, action.card, action.ability, action.target, "")

    def do_end(self: FFTcgState) -> None:
        self.decisions.pop()
        self.mside, self.cside = self.active, 1 - self.active
        self.log.append(("combat", self.active))
        self.decide(self.active, "declare")

    def do_pick(self: FFTcgState, action: Pick) -> None:
        verb = action.verb
        if verb == "discard" and self.decisions[-1].kind == "reconcile":
            verb = "reconcile"
        PICK_RUN[verb](self, action.card)

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


STEPS = {"end_turn": "step_end_turn", "next_turn": "step_next_turn", "villain": "step_villain",
         "after_fight": "step_after_fight", "order": "step_order", "combat_end": "step_combat_end",
         "villain_wound": "step_villain_wound"}
STEP_RUN: dict[str, Any] = {}  # filled by rules.py: step -> state method
PICK_RUN: dict[str, Any] = {}  # and verb -> state method
PICKS = {"reconcile": "pick_reconcile", "discard": "pick_discard", "sacrifice": "pick_sacrifice",
         "search": "pick_search", "target": "pick_target", "attack": "pick_attack", "clear": "pick_clear",
         "fight": "pick_fight", "skull": "pick_skull", "wound": "pick_wound"}
