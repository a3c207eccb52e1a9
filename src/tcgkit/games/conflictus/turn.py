"""The rodada: start, Draw, Main, Attack, Block, Damage, Sacrifice; mulligans; what each action does.

The phase machine is the kernel's (``kernel/resolution.py``): named steps run by the driver,
priority windows for Main, Attack, Block and Sacrifice (the active player first, then the
others in turn order; any action but passing restarts the round of passes; amulets and
activated abilities go on the stack and resolve last in, first out when everyone passes).
"""

from __future__ import annotations

from typing import Any

from ...kernel import refs
from ...kernel.effects import Activation
from ...kernel.resolution import Frame, Window, turn_order
from .actions import (
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
from .host import SETS_EQUIPMENT, SETS_SOURCES, SETS_WARRIORS
from .legal import Legal, target_ref

SET_AGAIN = 10_000  # added to a set's id when its founder founds another while the first lives on

ORDERS: dict[tuple[int, int], tuple[int, ...]] = {}
"""Turn orders by (active player, players): each window opens with one."""


class Turn(Legal):
    """The phase machine's steps and the action handlers."""

    # -- setup and mulligans --------------------------------------------------------------
    def setup(self) -> None:
        opts = self.game.options
        for p in range(self.n):
            self.rng.shuffle(self.mons[p])  # shuffled, then cut by an opponent: the seed decides
        first = opts.first_player if opts.first_player is not None and opts.first_player < self.n \
            else self.rng.below(self.n)
        self.first = self.active = first
        self.log("first", player=first)
        for p in range(self.n):
            self.draw(p, opts.opening_hand)
        self.mulled = [0] * self.n
        self.res.step = "mulligan_round"

    def mulligan_order(self) -> list[int]:
        return [p for p in turn_order(self.first, self.n)
                if p not in self.kept and self.mulled[p] < self.game.options.max_mulligans]

    def step_mulligan_round(self) -> None:
        """Ask every player still deciding, in turn order (sealed: the choices show together)."""
        order = self.mulligan_order()
        if not order:
            self.res.step = "rodada"
            self.round = 0
            return
        self.choices = {}
        if self.game.options.mulligan != "sealed":  # in turn order: each player until they keep
            self.decide(order[0], "mulligan")
            return
        for i in reversed(range(len(order))):  # the first in turn order answers first (top of the stack)
            # Sealed: hidden until all of the round have answered; the last one's answer shows at once.
            self.decide(order[i], "mulligan", secret=i < len(order) - 1)

    def do_keep(self, action: Keep) -> None:
        self.answer_mulligan(False)

    def do_mulligan(self, action: Mulligan) -> None:
        self.answer_mulligan(True)

    def answer_mulligan(self, again: bool) -> None:
        p = self.decisions.pop().player
        self.choices[p] = again
        if self.game.options.mulligan != "sealed":
            self.reveal_mulligans()
        elif not any(d.kind == "mulligan" for d in self.decisions):
            self.reveal_mulligans()
            self.res.step = "mulligan_round"

    def reveal_mulligans(self) -> None:
        seats = turn_order(self.first, self.n)
        for p, again in sorted(self.choices.items(), key=lambda pc: seats.index(pc[0])):
            self.log("mulligan" if again else "keep", player=p)
            if not again:
                self.kept.add(p)
                continue
            self.mulled[p] += 1
            k = self.mulled[p]
            self.mons[p] += self.hand[p]
            self.hand[p] = []
            self.rng.shuffle(self.mons[p])
            self.draw(p, self.game.options.opening_hand + k)
            lost = self.rng.sample(self.hand[p], min(k, len(self.hand[p])))
            for c in lost:  # an opponent discards k at random: the seed draws them
                self.hand[p].remove(c)
                self.mortis[p].append(c)
            self.log("mulligan_discard", player=p, cards=[self.label(c) for c in lost])
        self.choices = {}
        if self.game.options.mulligan != "sealed":
            self.res.step = "mulligan_round"

    # -- the rodada ---------------------------------------------------------------------------
    def step_rodada(self) -> None:
        """Start of a rodada: the next player still in is active; used sources become free (CA3);
        the active player's source drops count anew (CA2); then the Draw phase."""
        if self.round > 0:
            self.active = self.next_player(self.active)
        self.round += 1
        if self.round > self.game.options.round_limit:
            self.finish(None, "round limit")
            return
        p = self.active
        self.used.clear()
        self.used_abilities.clear()
        self.drops[p] = [0, 0, 0]
        self.attackers, self.blocks = {}, {}
        self.phase = "draw"
        self.log("rodada", player=p, round=self.round)
        if not (p == self.first and self.round == 1):
            self.draw(p, 1)  # the first player skips their first Draw phase
        self.res.step = "main"

    def next_player(self, p: int) -> int:
        for i in range(1, self.n + 1):
            q = (p + i) % self.n
            if q not in self.out:
                return q
        return p

    def order(self) -> tuple[int, ...]:
        key = (self.active, self.n)
        order = ORDERS.get(key)
        if order is None:
            order = ORDERS[key] = turn_order(self.active, self.n)
        return order

    def step_main(self) -> None:
        self.phase = "main"
        self.game.machine.open_window(self, "main", self.order())

    def step_declare(self) -> None:
        self.phase = "attack"
        if self.attack_ready(self.active) and self.attack_targets(self.active):
            self.decide(self.active, "declare")
        else:
            self.res.step = "sacrifice"

    def after_declare(self) -> None:
        if not self.attackers:
            self.res.step = "sacrifice"
            return
        for w, target in self.attackers.values():
            self.trigger(self.active, w, "on_attack", (refs.player(target),), "attack")
        self.res.step = "attack_window"

    def step_attack_window(self) -> None:
        self.game.machine.open_window(self, "attack", self.order())

    def step_blockers(self) -> None:
        """The Block phase: each attacked player, in turn order, declares blockers."""
        self.phase = "block"
        attacked = {q for _, q in self.attackers.values()}
        for p in reversed(self.order()):
            if p in attacked and p not in self.out:
                self.decide(p, "blockers")
        if not self.decisions or self.decisions[-1].kind != "blockers":
            self.res.step = "block_window"

    def step_block_window(self) -> None:
        self.game.machine.open_window(self, "block", self.order())

    def step_damage(self) -> None:
        """Análise de dano: attack against defence both ways; each attacked player mills the tombo of
        the attackers that were not declared blocked and are still in combat."""
        self.phase = "damage"
        mills = [0] * self.n
        hits: list[tuple[int, int]] = []
        for sid, (w, target) in self.attackers.items():
            if not self.still(sid, w) or target in self.out:
                continue
            if sid in self.blocks:
                bsid, b = self.blocks[sid]
                if self.still(bsid, b):
                    hits += [(b, self.stat(w, "attack")), (w, self.stat(b, "attack"))]
            else:
                mills[target] += max(0, self.stat(w, "tombo"))
        for c, amount in hits:
            self.damage[c] = self.damage.get(c, 0) + self.combat_damage(c, max(0, amount))
        if hits:
            self.log("combat_damage", hits=[[self.label(c), a] for c, a in hits])
        for p in self.order():
            if mills[p]:
                self.mill(p, mills[p])
        self.deaths()
        self.res.step = "sacrifice"

    def still(self, sid: int, w: int) -> bool:
        rec = self.sets.get(sid)
        return rec is not None and rec[SETS_WARRIORS][-1:] == [w]

    def step_sacrifice(self) -> None:
        """Sacrifice: "at the end of your rodada" abilities of the active player trigger, then the
        window in which each player may sacrifice cards in play (and play amulets)."""
        self.phase = "sacrifice"
        self.attackers, self.blocks = {}, {}
        p = self.active
        for c in [*self.tops(p), *self.relics[p]]:
            self.trigger(p, c, "end_of_round")
        self.res.step = "sacrifice_window"

    def step_sacrifice_window(self) -> None:
        self.game.machine.open_window(self, "sacrifice", self.order())

    def step_end(self) -> None:
        """End of the rodada: the amulets played in it go to their Mortis; "until the end of the
        rodada" changes and combat damage wear off."""
        for p in range(self.n):
            for c in self.amulets[p]:
                self.mortis[p].append(c)
            if self.amulets[p]:
                self.log("amulets_to_mortis", player=p, cards=[self.label(c) for c in self.amulets[p]])
            self.amulets[p] = []
        self.mods.expire("end_of_round")
        self.shields.expire("end_of_round")
        self.damage.clear()
        self.res.step = "rodada"

    # -- windows close -------------------------------------------------------------------------
    def window_closed(self, window: Window) -> None:
        self.res.step = {"main": "declare", "attack": "blockers", "block": "damage",
                         "sacrifice": "end"}[window.kind]

    # -- actions ----------------------------------------------------------------------------
    def do_pass(self, action: Pass) -> None:
        self.game.machine.pass_priority(self)

    def do_done(self, action: Done) -> None:
        kind = self.decisions.pop().kind
        if kind == "declare":
            self.after_declare()
        elif not any(d.kind == "blockers" for d in self.decisions):
            self.res.step = "block_window"

    def do_attack(self, action: Attack) -> None:
        w = self.sets[action.on][SETS_WARRIORS][-1]
        self.attackers[action.on] = (w, action.player)
        self.log("attacks", card=self.label(w), player=self.active, target=action.player)

    def do_block(self, action: Block) -> None:
        b = self.sets[action.on][SETS_WARRIORS][-1]
        self.blocks[action.attacker] = (action.on, b)
        self.log("blocks", card=self.label(b), attacker=self.label(self.attackers[action.attacker][0]))

    def do_source(self, action: Source) -> None:
        p = self.decisions[-1].player
        self.game.machine.acted(self)
        own, foreign, extra = self.drops[p]
        slot = 0 if p == self.active else 1
        if self.drops[p][slot] == 0:
            self.drops[p][slot] = 1
        else:
            self.drops[p][2] = extra - 1
        self.hand[p].remove(action.card)
        self.field[p].append(action.card)
        self.log("source", player=p, card=self.label(action.card))

    def pay(self, p: int, luz: int, sombra: int, into: list[int] | None = None) -> None:
        """Use ``luz`` Light and ``sombra`` Shadow free sources of the field (Light and Shadow
        sources are interchangeable among themselves); ``into``: they join a set instead."""
        want = {"luz": luz, "sombra": sombra}
        for c in list(self.field[p]):
            faction = self.card(c).faction
            if c not in self.used and want[faction] > 0:
                want[faction] -= 1
                if into is None:
                    self.used.add(c)
                else:
                    self.field[p].remove(c)
                    into.append(c)

    def do_play(self, action: Play) -> None:
        p = self.decisions[-1].player
        self.game.machine.acted(self)
        c = action.card
        card = self.card(c)
        self.hand[p].remove(c)
        if card.klass == "reliquia":
            self.pay(p, action.luz, action.sombra)
            self.relics[p].append(c)
            self.log("relic", player=p, card=self.label(c))
        elif action.on < 0:  # a warrior founding a new set: its sources are bound to the set
            rec: list[Any] = [p, [], [c], []]
            self.pay(p, action.luz, action.sombra, into=rec[SETS_SOURCES])
            sid = c
            while sid in self.sets:  # the card founded a set before that outlived it (its equipment)
                sid += SET_AGAIN
            self.sets[sid] = rec
            self.entered[c] = self.round
            self.added[sid] = self.round
            self.log("warrior", player=p, card=self.label(c), set=sid)
        else:
            rec = self.sets[action.on]
            self.pay(p, action.luz, action.sombra, into=rec[SETS_SOURCES])
            if card.klass == "guerreiro":
                rec[SETS_WARRIORS].append(c)
                self.entered[c] = self.round
                self.added[action.on] = self.round
                self.log("warrior", player=p, card=self.label(c), set=action.on)
            else:
                rec[SETS_EQUIPMENT].append(c)
                self.log("equipment", player=p, card=self.label(c), set=action.on)
        if card.klass == "guerreiro":
            self.trigger(p, c, "on_enter", (), "enter")
            if self.game.watchers["warrior_enters"]:
                self.fire("warrior_enters", refs.card(c))
        self.deaths()

    def do_cast(self, action: Cast) -> None:
        """An amulet (from hand) or an activated ability: costs paid now, then onto the stack."""
        p = self.decisions[-1].player
        self.game.machine.acted(self)
        c = action.card
        self.pay(p, action.luz, action.sombra)
        targets = (target_ref(action.target),) if action.target >= 0 else ()
        if action.ability < 0:
            self.hand[p].remove(c)
            self.stack[p].append(c)
            index = self.game.amulet_ability[self.kind[c]]
            self.log("amulet", player=p, card=self.label(c), target=self.target_label(action.target))
        else:
            index = action.ability
            self.used_abilities.add(c * 8 + index)
            self.log("activates", player=p, card=self.label(c), target=self.target_label(action.target))
        self.res.stack.append(Frame(p, c, index, targets))
        costs = self.card(c).abilities[index].costs
        if costs:  # paid now; a cost that asks (discard, pay_cards) is the last one (cards.py)
            act = Activation(p, c, index, targets[0] if targets else None, targets)
            for step in costs:
                step(self, act)

    def do_sacrifice(self, action: Sacrifice) -> None:
        self.game.machine.acted(self)
        self.sacrifice(action.card)

    def do_discard(self, action: Discard) -> None:
        ask = self.game.machine.answered(self)
        p = ask.player
        self.hand[p].remove(action.card)
        self.mortis[p].append(action.card)
        self.log("discard", player=p, card=self.label(action.card))
        if ask.count > 1 and self.hand[p]:
            self.ask_discard(p, ask.count - 1)

    def do_offer(self, action: Offer) -> None:
        """Answer a card cost (``pay_cards``): this card goes to the cost's zone."""
        ask = self.game.machine.answered(self)
        (zone,) = ask.detail
        self.move_card(action.card, str(zone))
        left = [c for c in ask.cards if c != action.card]
        if ask.count > 1:
            self.ask_pay(ask.player, left, ask.count - 1, str(zone))

    def do_search(self, action: Search) -> None:
        ask = self.game.machine.answered(self)
        p = ask.player
        for c in reversed(self.mons[p]):
            if self.card(c).name == action.name:
                self.mons[p].remove(c)
                self.hand[p].append(c)
                self.log("search", frozenset({p}), {"player": p}, player=p, card=self.label(c))
                break
        self.shuffle_mons(p)

    # -- frames ----------------------------------------------------------------------------
    def frame_done(self, frame: Frame) -> None:
        p = frame.player
        amulet = self.game.amulet_ability[self.kind[frame.source]]
        if frame.source in self.stack[p] and frame.ability == amulet:
            self.stack[p].remove(frame.source)
            self.amulets[p].append(frame.source)  # unstable: in play until the end of the rodada
        self.deaths()
