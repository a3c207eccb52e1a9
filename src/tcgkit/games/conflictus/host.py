"""Conflictus Aeternus zones and what card text may ask of them (the effect host).

Instance ids: player ``p`` owns ids ``p * size .. p * size + size - 1``; which card each id is
(``kind``) is a seeded permutation of the mons list, so an id tells nothing about mons order.
A set is ``[owner, sources, warriors, equipment]`` keyed by the id of the warrior (or
equipment) that founded it; its warriors run bottom to top, the top one is the active warrior.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...kernel import refs
from ...kernel.actions import Action, Decision
from ...kernel.effects import Activation, Modifiers, who_players
from ...kernel.events import Event
from ...kernel.replacements import Happening, Replacements, Shield
from ...kernel.resolution import Ask, Resolution, Trigger
from ...kernel.rng import Rng
from .effects import EVENT_TIMINGS

if TYPE_CHECKING:
    from .cards import Card
    from .rules import Conflictus

SetRec = list[Any]  # [owner, sources, warriors, equipment]
SETS_OWNER, SETS_SOURCES, SETS_WARRIORS, SETS_EQUIPMENT = 0, 1, 2, 3
DECISIONS: dict[tuple[int, str, bool], Decision] = {}
"""Decisions are frozen values and few (seat, kind, secret): each is made once and shared."""


class Board:
    """Zones, stats and the primitives' host methods (``effects.py``). The state's attributes are
    declared here and listed in ``ConflictusState.__slots__`` (the kernel's ``State`` has slots of
    its own, so these classes declare none)."""

    ZONES = ("mons", "hand", "mortis", "exterminatus", "field", "relics", "amulets", "stack")

    game: Conflictus
    rng: Rng
    n: int
    kind: list[int]
    mons: list[list[int]]
    first: int
    phase: str
    added: dict[int, int]
    used_abilities: set[int]
    mulled: list[int]
    kept: set[int]
    choices: dict[int, bool]
    eliminated: list[list[int]]
    result: tuple[int | None, str] | None
    decisions: list[Decision]
    legal: list[Action] | None
    hand: list[list[int]]
    mortis: list[list[int]]
    exterminatus: list[list[int]]
    field: list[list[int]]
    relics: list[list[int]]
    amulets: list[list[int]]
    stack: list[list[int]]
    used: set[int]
    sets: dict[int, SetRec]
    entered: dict[int, int]
    damage: dict[int, int]
    mods: Modifiers
    shields: Replacements
    drops: list[list[int]]
    out: set[int]
    dying: list[int]
    active: int
    round: int
    res: Resolution
    events: list[Event]
    attackers: dict[int, tuple[int, int]]
    blocks: dict[int, tuple[int, int]]

    # -- looking up -------------------------------------------------------------------------
    def decide(self, player: int, kind: str, secret: bool = False) -> None:
        key = (player, kind, secret)
        decision = DECISIONS.get(key)
        if decision is None:
            decision = DECISIONS[key] = Decision(player, kind, secret)
        self.decisions.append(decision)

    def finish(self, winner: int | None, reason: str) -> None:
        if self.result is None:
            self.result = (winner, reason)
            self.log("game_over", winner=winner, reason=reason)

    def card(self, c: int) -> Card:
        return self.game.cards[self.kind[c]]

    def label(self, c: int) -> str:
        return f"{self.game.cards[self.kind[c]].name}#{c}"

    def owner(self, c: int) -> int:
        return c // self.game.options.deck_size

    def set_of(self, c: int) -> int | None:
        for sid, rec in self.sets.items():
            if c in rec[SETS_WARRIORS] or c in rec[SETS_EQUIPMENT] or c in rec[SETS_SOURCES]:
                return sid
        return None

    def tops(self, player: int) -> list[int]:
        return [rec[SETS_WARRIORS][-1] for rec in self.sets.values()
                if rec[SETS_OWNER] == player and rec[SETS_WARRIORS]]

    def is_top(self, c: int) -> bool:
        return any(rec[SETS_WARRIORS] and rec[SETS_WARRIORS][-1] == c for rec in self.sets.values())

    def living(self) -> list[int]:
        return [p for p in range(self.n) if p not in self.out]

    def opponents(self, player: int) -> list[int]:
        return [(player + i) % self.n for i in range(1, self.n) if (player + i) % self.n not in self.out]

    def free_sources(self, player: int) -> tuple[int, int]:
        """Free (unused) Light and Shadow sources of ``player``'s field."""
        used, cards, kind = self.used, self.game.cards, self.kind
        luz = sombra = 0
        for c in self.field[player]:
            if c not in used:
                if cards[kind[c]].faction == "luz":
                    luz += 1
                else:
                    sombra += 1
        return luz, sombra

    # -- stats ------------------------------------------------------------------------------
    def stat(self, c: int, name: str) -> int:
        card = self.card(c)
        base = card.attack if name == "attack" else card.defense if name == "defense" else card.tombo
        value = base + self.mods.total(c, name) + self.static_bonus(c, name)
        if name == "defense":
            value -= self.damage.get(c, 0)
        return value

    def has(self, c: int, keyword: str) -> bool:
        return self.mods.total(c, keyword) > 0

    def static_bonus(self, c: int, name: str) -> int:
        """What relics and the set's equipment add to active warrior ``c``."""
        statics = self.game.statics
        total = 0
        me = self.owner(c)
        for p in range(self.n):
            for r in self.relics[p]:
                for stat, ref, amount, holds in statics[self.kind[r]]:
                    if stat == name and ((ref == "your_warriors" and p == me) or
                                         (ref == "opponents_warriors" and p != me)):
                        act = Activation(p, r)
                        if holds is None or holds(self, act):
                            total += amount(self, act)
        sid = self.set_of(c)
        if sid is not None:
            rec = self.sets[sid]
            if rec[SETS_WARRIORS] and rec[SETS_WARRIORS][-1] == c:
                for e in rec[SETS_EQUIPMENT]:
                    for stat, ref, amount, holds in statics[self.kind[e]]:
                        if stat == name and ref == "bearer":
                            act = Activation(me, e)
                            if holds is None or holds(self, act):
                                total += amount(self, act)
        return total

    # -- moving cards -------------------------------------------------------------------------
    def log(self, kind: str, visible_to: frozenset[int] | None = None,
            redacted: dict[str, Any] | None = None, **data: Any) -> None:
        self.events.append(Event(kind, data, visible_to, redacted))

    def draw(self, player: int, count: int) -> None:
        for _ in range(count):
            if player in self.out or player in self.dying:
                return
            if not self.mons[player]:
                self.lose(player, "drew from an empty mons")
                return
            c = self.mons[player].pop()
            self.hand[player].append(c)
            self.log("draw", frozenset({player}), {"player": player}, player=player, card=self.label(c))

    def mill(self, player: int, count: int, cost: bool = False) -> None:
        """Tombar: the top ``count`` cards of the mons go to the Mortis; a player who cannot is out.
        Prevention applies (``mill`` shields), except to a mill paid as a cost."""
        if player in self.out or player in self.dying or count <= 0:
            return
        if self.shields.entries and not cost:
            happening = self.shields.apply(Happening("mill", refs.player(player), count))
            if happening is None or happening.amount < count:
                self.log("prevented", player=player, event="mill",
                         amount=count - (happening.amount if happening else 0))
            if happening is None:
                return
            count = happening.amount
        milled = []
        for _ in range(min(count, len(self.mons[player]))):
            c = self.mons[player].pop()
            self.mortis[player].append(c)
            milled.append(self.label(c))
        self.log("mill", player=player, cards=milled)
        if len(milled) < count:
            self.lose(player, f"had to tombar {count} with {len(milled)} in the mons")
        elif self.game.watchers["on_mill"]:
            self.fire("on_mill", refs.player(player))

    def lose(self, player: int, why: str) -> None:
        if player not in self.dying and player not in self.out:
            self.dying.append(player)
            self.log("loses", player=player, reason=why)

    def remove(self, c: int) -> None:
        """Take ``c`` out of whatever zone of play holds it; a set left without warriors keeps going
        with its equipment, or dissolves (its sources come back used: free next rodada)."""
        p = self.owner(c)
        for zone in (self.field[p], self.relics[p], self.amulets[p], self.stack[p]):
            if c in zone:
                zone.remove(c)
                self.used.discard(c)
                return
        sid = self.set_of(c)
        if sid is None:
            return
        rec = self.sets[sid]
        for part in (rec[SETS_WARRIORS], rec[SETS_EQUIPMENT], rec[SETS_SOURCES]):
            if c in part:
                part.remove(c)
        self.entered.pop(c, None)
        self.damage.pop(c, None)
        self.mods.forget(c)
        if self.shields.entries:
            self.shields.forget(c)
        if not rec[SETS_WARRIORS] and not rec[SETS_EQUIPMENT]:
            del self.sets[sid]
            for s in rec[SETS_SOURCES]:
                self.field[rec[SETS_OWNER]].append(s)
                self.used.add(s)

    def in_play(self, c: int) -> bool:
        p = self.owner(c)
        return c in self.field[p] or c in self.relics[p] or self.set_of(c) is not None

    def to_mortis(self, c: int, why: str) -> None:
        self.remove(c)
        self.mortis[self.owner(c)].append(c)
        self.log(why, card=self.label(c), player=self.owner(c))

    def destroy(self, c: int) -> None:
        """Destroyed by an effect: to the Mortis, unless a shield prevents it or sends it elsewhere."""
        if not self.in_play(c):
            return
        if self.shields.entries:
            happening = self.shields.apply(Happening("destroy", refs.card(c), zone="mortis"))
            if happening is None:
                self.log("prevented", card=self.label(c), event="destroy")
                return
            if happening.zone != "mortis":
                self.move_card(c, happening.zone)
                return
        self.to_mortis(c, "destroyed")

    def sacrifice(self, c: int) -> None:
        if self.in_play(c):
            self.to_mortis(c, "sacrificed")

    def exterminate(self, c: int) -> None:
        if self.in_play(c):
            self.remove(c)
            self.exterminatus[self.owner(c)].append(c)
            self.log("exterminated", card=self.label(c), player=self.owner(c))

    def move_card(self, c: int, zone: str) -> None:
        if not self.in_play(c):
            return
        if zone == "exterminatus":
            self.exterminate(c)
        elif zone == "mortis":
            self.to_mortis(c, "sacrificed")  # put there (a cost, a move): not destroyed, no shield
        else:
            p = self.owner(c)
            self.remove(c)
            (self.hand[p].append(c) if zone == "hand" else self.mons[p].insert(0, c))
            self.log("returned", card=self.label(c), player=p, zone=zone)

    def deaths(self) -> None:
        """Active warriors with defence 0 or less go to the Mortis (the one below takes over)."""
        changed = True
        while changed:
            changed = False
            for rec in list(self.sets.values()):
                warriors = rec[SETS_WARRIORS]
                if warriors and self.stat(warriors[-1], "defense") <= 0:
                    self.to_mortis(warriors[-1], "died")
                    changed = True

    # -- the effect host ------------------------------------------------------------------------
    def player_ref(self, act: Activation, who: str) -> list[int]:
        return [] if act.player in self.out and who == "you" else who_players(who, act, self.n, self.out)

    def card_refs(self, act: Activation, ref: str) -> list[int]:
        if ref == "self":
            return [act.source] if self.is_top(act.source) else []
        if ref == "target":
            return [t for t in act.cards() if self.is_top(t)]
        if ref == "bearer":
            sid = self.set_of(act.source)
            warriors = self.sets[sid][SETS_WARRIORS] if sid is not None else []
            return warriors[-1:]
        if ref == "your_warriors":
            return self.tops(act.player)
        return [c for p in self.opponents(act.player) for c in self.tops(p)]

    def add_modifier(self, c: int, stat: str, amount: int, until: str) -> None:
        self.mods.add(c, stat, amount, until)
        self.log("modified", card=self.label(c), stat=stat, amount=amount)
        self.deaths()

    def ask_discard(self, player: int, count: int) -> Any:
        count = min(count, len(self.hand[player]))
        if count <= 0 or player in self.out:
            return None
        return self.game.machine.ask(self, Ask(player, "discard", count))

    def ask_pay(self, player: int, cards: list[int], count: int, zone: str) -> Any:
        """A cost paid with cards in play: the player picks ``count`` of ``cards`` (Offer actions)."""
        return self.game.machine.ask(self, Ask(player, "pay", count, (zone,), tuple(cards)))

    def stat_of(self, c: int, stat: str) -> int:
        return self.stat(c, stat)

    def roll(self, sides: int) -> int:
        value = self.rng.below(sides) + 1
        self.log("roll", sides=sides, value=value)
        return value

    def hand_size(self, player: int) -> int:
        return len(self.hand[player])

    def add_shield(self, shield: Shield) -> None:
        self.shields.add(shield)
        subject = shield.subject
        shown = "any" if subject is None else f"P{subject.id}" if subject.kind is refs.Kind.PLAYER \
            else self.label(subject.id)
        self.log("shield", card=self.label(shield.source), event=shield.kind, mode=shield.mode, subject=shown)

    def combat_damage(self, c: int, amount: int) -> int:
        """Combat damage to ``c`` after its shields (prevented: 0)."""
        if not self.shields.entries or amount <= 0:
            return amount
        happening = self.shields.apply(Happening("combat_damage", refs.card(c), amount))
        left = 0 if happening is None else happening.amount
        if left < amount:
            self.log("prevented", card=self.label(c), event="combat_damage", amount=amount - left)
        return left

    def fire(self, timing: str, subject: refs.Ref) -> None:
        """An event for the ``warrior_enters`` / ``on_mill`` cards in play of every player: each
        whose ``trigger_if`` and condition hold triggers (once per rodada per card)."""
        watchers = self.game.watchers[timing]
        for p in self.living():
            for c in [*self.relics[p], *(x for rec in self.sets.values() if rec[SETS_OWNER] == p
                                          for x in rec[SETS_WARRIORS][-1:] + rec[SETS_EQUIPMENT])]:
                if self.kind[c] in watchers:
                    self.trigger(p, c, timing, (subject,))

    def trigger(self, p: int, c: int, timing: str, subjects: tuple[refs.Ref, ...] = (),
                event: str = "") -> None:
        """Queue ``c``'s abilities of ``timing`` whose filter and condition hold now (the condition
        is checked again when the trigger resolves)."""
        for ability in self.card(c).abilities:
            if ability.timing != timing:
                continue
            key = c * 8 + ability.index
            once = timing in EVENT_TIMINGS and ability.once_per_turn
            if once and key in self.used_abilities:
                continue
            act = Activation(p, c, ability.index, subjects[0] if subjects else None, subjects[:1], subjects)
            if not ability.triggers_on(self, act) or \
                    (ability.condition is not None and not ability.condition.holds(self, act)):
                continue
            if once:
                self.used_abilities.add(key)
            self.game.machine.queue(self, Trigger(p, c, ability.index, event or timing, subjects))

    def ask_search(self, player: int, klass: str) -> Any:
        found = any(self.card(c).klass == klass for c in self.mons[player])
        if not found:
            self.shuffle_mons(player)
            return None
        return self.game.machine.ask(self, Ask(player, "search", 1, (klass,)))

    def shuffle_mons(self, player: int) -> None:
        self.rng.shuffle(self.mons[player])
        self.log("shuffled", player=player)

    def return_from_mortis(self, player: int, klass: str) -> None:
        for c in reversed(self.mortis[player]):
            if self.card(c).klass == klass:
                self.mortis[player].remove(c)
                self.hand[player].append(c)
                self.log("returned", card=self.label(c), player=player, zone="hand")
                return

    def set_sources(self, player: int, count: int, used: bool) -> None:
        order = sorted(self.field[player], key=lambda c: (self.card(c).faction != "luz", c))
        changed = 0
        for c in order:
            if changed == count:
                break
            if (c in self.used) != used:
                (self.used.add if used else self.used.discard)(c)
                changed += 1
        self.log("sources_used" if used else "sources_freed", player=player, count=changed)

    def extra_drop(self, player: int) -> None:
        self.drops[player][2] += 1

    def counter(self, target: int | None) -> None:
        for i, frame in enumerate(self.res.stack):
            if frame.source == target and frame.ability == self.game.amulet_ability[self.kind[target]]:
                del self.res.stack[i]
                p = self.owner(target)
                self.stack[p].remove(target)
                self.mortis[p].append(target)
                self.log("countered", card=self.label(target), player=p)
                return

    def zone_count(self, player: int, zone: str) -> int:
        if zone == "sets":
            return sum(1 for rec in self.sets.values() if rec[SETS_OWNER] == player)
        if zone == "sources":
            return len(self.field[player])
        return len(getattr(self, zone)[player])

    def in_combat(self, c: int) -> bool:
        return any(w == c for w, _ in self.attackers.values()) or any(w == c for _, w in self.blocks.values())

    # -- targets ----------------------------------------------------------------------------
    def active_warriors(self, player: int, side: str) -> list[int]:
        if side == "own":
            return self.tops(player)
        if side == "opponent":
            return [c for p in self.opponents(player) for c in self.tops(p)]
        return [c for p in self.living() for c in self.tops(p)]

    def amulets_on_stack(self, player: int) -> list[int]:
        amulet = self.game.amulet_ability
        return [f.source for f in self.res.stack
                if f.player != player and f.ability == amulet[self.kind[f.source]]
                and f.source in self.stack[f.player]]
