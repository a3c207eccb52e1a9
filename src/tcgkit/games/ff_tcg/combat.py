"""Combat: the declaration, the assignment, fights one by one, luck and results.

The *monster side* (``mside``) attacks with monsters; the *character side* (``cside``)
defends with characters. In a normal attack they are the active player and the opponent; in
a fight to clear a city they are the other way round. The character side assigns the
monsters and chooses the order of the fights; in each fight it has the first effect window.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...kernel.actions import Action
from .actions import DONE, Assign, Pick
from .host import ACTIVATIONS, NO_FIGHT, POST_REVEAL, VILLAIN_FIGHT, WINDOWS, activation

if TYPE_CHECKING:
    from .rules import FFTcgState


class CombatMixin:
    __slots__ = ()

    # -- declaration ------------------------------------------------------------------------
    def declare_actions(self: FFTcgState, p: int) -> list[Action]:
        out: list[Action] = []
        tests, kind, attacks = self.game.attack_test, self.t.kind, self.t.picks["attack"]
        for zone in (self.world[p], self.city_mons[1 - p]):
            for c in zone:
                test = tests[kind[c]]
                if test is None or test(self, ACTIVATIONS.get(c << 6 | p) or activation(p, c)):
                    out.append(attacks[c] or self.t.pick("attack", c))
        if not self.attackers and self.chars[p] and self.cities[p] and self.on:
            under = self.on.values()
            for city in self.cities[p]:
                if city in under:
                    out.append(self.pick("clear", city))
        out.append(DONE)
        return out

    def pick_attack(self: FFTcgState, card: int) -> None:
        p = self.active
        zone = self.world[p] if card in self.world[p] else self.city_mons[1 - p]
        zone.remove(card)  # it stays in play: its modifiers go along
        self.on.pop(card, None)
        self.attackers.append(card)
        self.log.append(("attack", p, card))
        self.fire("on_attack", [card])
        if self.ctype(card) == "villain":  # the villain fights alone: the declaration is over
            self.decisions.pop()
            self.step = "villain"

    def pick_clear(self: FFTcgState, city: int) -> None:
        p = self.active
        self.decisions.pop()
        self.mside, self.cside, self.clear_city = 1 - p, p, city
        for m in [m for m in self.city_mons[p] if self.on.get(m) == city]:
            self.city_mons[p].remove(m)
            del self.on[m]
            self.attackers.append(m)
        self.log.append(("clear", p, city))
        self.decide(p, "assign")

    def declare_done(self: FFTcgState) -> None:
        self.decisions.pop()
        if not self.attackers:
            self.step = "end_turn"
        elif not self.chars[self.cside]:  # nobody defends: every attacker wins
            winners = self.attackers[:]
            for m in winners:
                self.to_skulls(m)
            self.log.append(("unopposed", self.mside, tuple(winners)))
            self.fire("on_win", winners)
            self.step = "combat_end"
        else:
            self.decide(self.cside, "assign")

    def step_villain(self: FFTcgState) -> None:
        villains = [a for a in self.attackers if self.ctype(a) == "villain"]
        for other in [a for a in self.attackers if a not in villains]:
            self.to_discard(other)
        if not villains:  # sacrificed by its own text: nothing attacks
            self.step = "combat_end"
            return
        villain = villains[0]
        if not self.chars[self.cside]:  # wins with no effect and returns to the World
            self.attackers.remove(villain)
            self.world[self.mside].append(villain)
            self.log.append(("unopposed", self.mside, (villain,)))
            self.step = "combat_end"
            return
        self.fight_char, self.fight_mons, self.extra = VILLAIN_FIGHT, [villain], [0, 0]
        self.log.append(("fight", self.cside, VILLAIN_FIGHT, (villain,)))
        self.decide(self.cside, "window")

    # -- assignment and order ---------------------------------------------------------------
    def assign_actions(self: FFTcgState) -> list[Action]:
        monster = next(m for m in self.attackers if m not in self.assigned)
        cache, label = self.t.cache, self.t.label
        out: list[Action] = []
        for ch in self.chars[self.cside]:
            action = cache.get(("a", monster, ch))
            if action is None:
                action = cache[("a", monster, ch)] = Assign(monster, label[monster], ch, label[ch])
            out.append(action)
        return out

    def do_assign(self: FFTcgState, action: Assign) -> None:
        self.assigned[action.monster] = action.character
        self.log.append(("assign", action.monster, action.character))
        if len(self.assigned) == len(self.attackers):
            self.decisions.pop()
            self.decide(self.cside, "fight")

    def pending_fights(self: FFTcgState) -> list[int]:
        assigned, out = self.assigned, []
        for m in self.attackers:
            character = assigned.get(m)
            if character is not None and character not in out:
                out.append(character)
        return out

    def pick_fight(self: FFTcgState, character: int) -> None:
        self.decisions.pop()
        self.fight_char, self.extra = character, [0, 0]
        self.fight_mons = [m for m in self.attackers if self.assigned.get(m) == character]
        self.log.append(("fight", self.cside, character, tuple(self.fight_mons)))
        self.decide(self.cside, "window")

    def step_order(self: FFTcgState) -> None:
        if self.pending_fights():
            self.decide(self.cside, "fight")
        else:
            self.step = "combat_end"

    # -- a fight -------------------------------------------------------------------------------
    def window_done(self: FFTcgState) -> None:
        decision = self.decisions.pop()
        if decision.player == self.cside:  # the monster side's window of the same kind follows
            self.decide(self.mside, decision.kind)
        elif decision.kind == "window":
            self.resolve_fight()
        else:
            self.resolve_after_reveal()

    def resolve_fight(self: FFTcgState) -> None:
        """Both windows are closed: the luck reveal, then the result, or first one more window
        per side when ``post_reveal_window`` is on."""
        characters, monsters = self.fighters(self.cside), self.fight_mons[:]
        if self.fight_is_over(characters, monsters):
            return
        c_total, m_total = self.fight_totals(characters, monsters)
        c_total += self.reveal(self.cside, 1 + self.extra[self.cside])
        m_total += self.reveal(self.mside, (len(monsters) == 1) + self.extra[self.mside])
        if self.result is not None:  # a deck ran out under deckout_policy=lose
            return
        if self.game.options.post_reveal_window:
            self.extra = [0, 0]  # what the late windows grant is revealed at the result
            self.decide(self.cside, POST_REVEAL)
            return
        self.fight_result(monsters, c_total, m_total)

    def resolve_after_reveal(self: FFTcgState) -> None:
        """The post-reveal windows are closed: the luck they granted is revealed, then both
        totals are measured anew (the luck cards already shown count for their owners)."""
        characters, monsters = self.fighters(self.cside), self.fight_mons[:]
        if self.fight_is_over(characters, monsters):
            return
        for side in (self.cside, self.mside):
            if self.extra[side]:
                self.reveal(side, self.extra[side])
        if self.result is not None:
            return
        c_total, m_total = self.fight_totals(characters, monsters)
        cards, kind, size = self.game.cards, self.t.kind, self.t.size
        for card in self.luck:
            if card // size == self.cside:
                c_total += cards[kind[card]].luck
            else:
                m_total += cards[kind[card]].luck
        self.fight_result(monsters, c_total, m_total)

    def fight_is_over(self: FFTcgState, characters: list[int], monsters: list[int]) -> bool:
        """A fight that lost a side ends here: no monster left, nothing; no character left, the
        monster side wins (without a reveal when it had not happened)."""
        if not monsters:  # every monster left the fight
            self.step = "after_fight"
            return True
        if not characters:  # nobody left to fight: the monster side wins
            self.log.append(("fight_result", None, None, "monsters"))
            if self.fight_char == VILLAIN_FIGHT:
                self.villain_back(monsters[0])
                self.step = "after_fight"
            else:
                self.monsters_win(monsters, None)
            return True
        return False

    def fight_result(self: FFTcgState, monsters: list[int], c_total: int, m_total: int) -> None:
        villain = self.fight_char == VILLAIN_FIGHT
        monsters_win = m_total >= c_total  # ties go to the monsters
        self.log.append(("fight_result", c_total, m_total, "monsters" if monsters_win else "characters"))
        if monsters_win:
            if villain:
                self.villain_back(monsters[0])
                self.fire("on_win", monsters)
                self.step = "villain_wound"
            else:
                self.monsters_win(monsters, self.fight_char)
            return
        for m in monsters:
            self.to_discard(m)
        if villain:
            self.defeated[self.mside] += 1
            self.log.append(("villain_defeated", self.mside, monsters[0]))
            if self.check_end():
                return
        self.step = "after_fight"

    def fight_totals(self: FFTcgState, characters: list[int], monsters: list[int]) -> list[int]:
        """Power + defense of each side before luck (Poder, Defesa, modifiers, static texts)."""
        bonuses = self.all_static_bonuses()
        power, defense = bonuses["power"], bonuses["defense"]
        cards, kind, mods = self.game.cards, self.t.kind, self.mods
        totals = []
        for side in (characters, monsters):
            total = 0
            for c in side:
                total += cards[kind[c]].power + power.get(c, 0) + defense.get(c, 0)
                if mods.entries:
                    total += mods.total(c, "power") + mods.total(c, "defense")
            totals.append(total)
        return totals

    def reveal(self: FFTcgState, player: int, count: int) -> int:
        """Sorte: the top cards of a deck, face up in the combat area until the fight ends."""
        total = 0
        for _ in range(count):
            card = self.pop_deck(player)
            if card is None:
                break
            self.luck.append(card)
            total += self.game.cards[self.t.kind[card]].luck
            self.log.append(("luck", player, card))
        return total

    def villain_back(self: FFTcgState, villain: int) -> None:
        self.attackers.remove(villain)
        self.assigned.pop(villain, None)
        self.world[villain // self.t.size].append(villain)

    def monsters_win(self: FFTcgState, monsters: list[int], character: int | None) -> None:
        if character is not None:
            self.wound(character)
        if len(monsters) == 1:
            self.to_skulls(monsters[0])
            self.fire("on_win", monsters)
            self.step = "after_fight"
        else:
            self.decide(self.mside, "skull")

    def to_skulls(self: FFTcgState, monster: int) -> None:
        self.take(monster)
        self.skulls[monster // self.t.size].append(monster)
        self.log.append(("skull", monster))

    def pick_skull(self: FFTcgState, chosen: int) -> None:
        self.decisions.pop()
        winners = self.fight_mons[:]
        for m in winners:
            if m == chosen:
                self.to_skulls(m)
            else:
                self.to_discard(m)
        self.fire("on_win", winners)
        self.step = "after_fight"

    def step_villain_wound(self: FFTcgState) -> None:
        if self.chars[self.cside]:
            self.decide(self.mside, "wound")
        else:
            self.step = "after_fight"

    def pick_wound(self: FFTcgState, character: int) -> None:
        self.decisions.pop()
        self.wound(character)
        self.step = "after_fight"

    def cancel_now(self: FFTcgState) -> None:
        if self.fight_char == NO_FIGHT or not self.decisions or self.decisions[-1].kind not in WINDOWS:
            return
        self.decisions.pop()
        for m in self.fight_mons[:]:
            self.to_discard(m)
        self.log.append(("cancelled",))
        self.step = "after_fight"

    def step_after_fight(self: FFTcgState) -> None:
        to_bottom = self.game.options.luck_card_to == "deck_bottom"
        for card in self.luck:
            p = card // self.t.size
            if to_bottom:
                self.deck[p].insert(0, card)
            else:
                self.discard[p].append(card)
        self.luck.clear()
        self.mods.expire("end_of_combat")
        self.fight_char, self.fight_mons, self.extra = NO_FIGHT, [], [0, 0]
        if not self.check_end():
            self.step = "order"

    def step_combat_end(self: FFTcgState) -> None:
        if self.check_end():
            return
        for leftover in self.attackers[:]:  # cannot happen by the rules; kept so no card is stranded
            self.to_discard(leftover)
        self.assigned.clear()
        self.clear_city = -1
        self.step = "end_turn"

    # -- the end -----------------------------------------------------------------------------
    def check_end(self: FFTcgState) -> bool:
        """FF22/FF24: skulls after each fight, a villain's defeat at once; both at once: a draw."""
        opts = self.game.options
        losers = [p for p in (0, 1) if len(self.skulls[1 - p]) >= opts.skulls_to_lose
                  or self.defeated[p] >= opts.villains_to_defeat]
        if not losers:
            return False
        if len(losers) == 2:
            self.finish(None, "both players lost at once")
        else:
            loser = losers[0]
            reason = "villain defeated" if self.defeated[loser] >= opts.villains_to_defeat else \
                f"{opts.skulls_to_lose} skulls"
            self.finish(1 - loser, reason)
        return True

    def finish(self: FFTcgState, winner: int | None, reason: str) -> None:
        """The game is over: nothing pending is left behind (choices, effects half run,
        triggers, the turn's next step), whatever ended it, even in the middle of an effect."""
        if self.result is None:
            self.result = (winner, reason)
            self.log.append(("end", winner, reason))
        self.decisions.clear()
        self.frames.clear()
        self.asks.clear()
        self.triggers.clear()
        self.step, self.cancelled, self.legal = "", False, None

    def lose(self: FFTcgState, player: int, reason: str) -> None:
        if self.result is not None and self.result[0] == player:  # the other lost too
            self.result = (None, "both players lost at once")
            self.log.append(("end", None, self.result[1]))
            return
        self.finish(1 - player, reason)

    def pick(self: FFTcgState, verb: str, card: int) -> Pick:
        return self.t.picks[verb][card] or self.t.pick(verb, card)
