"""What a player may do now: the legal actions of each decision, and how a cost can be paid.

A set's capacity (RULES.md, "Conjuntos"): its bound sources and the costs of the warriors that
were in it before this rodada, counted by faction (a Neutral warrior counts for either). A
warrior stacked on a set needs capacity of its faction at least its cost; equipment needs
capacity of its faction at least its cost, and all the set's equipment together at most the
set's sources and inactive warriors. What capacity lacks is made up with free sources of the
field, which join the set. Amulets, relics and activated abilities use free field sources.
"""

from __future__ import annotations

from typing import Any

from ...kernel import refs
from ...kernel.effects import Activation
from .actions import (
    PLAYER,
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
from .host import SETS_EQUIPMENT, SETS_OWNER, SETS_SOURCES, SETS_WARRIORS, Board

WINDOWS = ("main", "attack", "block", "sacrifice")
PASS, DONE = Pass(), Done()  # actions are frozen values: one of each serves every list


def splits(faction: str, cost: int, luz: int, sombra: int) -> list[tuple[int, int]]:
    """Ways to pay ``cost`` from ``luz`` Light and ``sombra`` Shadow free sources."""
    if cost <= 0:
        return [(0, 0)]
    if faction == "luz":
        return [(cost, 0)] if luz >= cost else []
    if faction == "sombra":
        return [(0, cost)] if sombra >= cost else []
    return [(a, cost - a) for a in range(cost + 1) if a <= luz and cost - a <= sombra]


class Legal(Board):
    """Legal actions by decision kind; the state's hot path."""

    def compute_legal(self) -> list[Any]:
        if not self.decisions:
            return []
        decision = self.decisions[-1]
        kind, p = decision.kind, decision.player
        if kind in WINDOWS:
            return self.window_actions(p, kind)
        if kind == "mulligan":
            return [Keep(), Mulligan()]
        if kind == "declare":
            return self.declare_actions(p)
        if kind == "blockers":
            return self.blocker_actions(p)
        if kind == "discard":
            return [Discard(c, self.label(c)) for c in self.hand[p]]
        if kind == "pay":
            return [Offer(c, self.label(c)) for c in self.res.asks[-1].cards
                    if c is not None and self.in_play(int(c))]
        if kind == "search":
            klass = self.res.asks[-1].detail[0]
            names = sorted({self.card(c).name for c in self.mons[p]
                            if self.card(c).klass == klass})
            return [Search(name) for name in names]
        raise RuntimeError(f"no legal actions for a {kind!r} decision")

    # -- windows ----------------------------------------------------------------------------
    def window_actions(self, p: int, kind: str) -> list[Any]:
        """Pass, then (in Main) sources, then warriors, relics and equipment in hand order, then
        amulets in hand order, relic abilities, sacrifices: the order play-outs and replays rely on."""
        out: list[Any] = [PASS]
        hand = self.hand[p]
        relics = self.relics[p]
        if not hand and not relics and kind != "sacrifice":
            return out  # nothing to play and nothing to use: the common case of a window
        luz, sombra = self.free_sources(p)
        cards = self.game.cards
        kind_of = self.kind
        label = self.label
        held = [(c, cards[kind_of[c]]) for c in hand]
        if kind == "main":
            if self.may_drop(p):
                out += [Source(c, label(c)) for c, card in held if card.klass == "fonte"]
            for c, card in held:
                klass = card.klass
                if klass == "guerreiro":
                    out += self.warrior_plays(p, c, card, luz, sombra)
                elif klass == "reliquia":
                    ways = splits(card.faction, card.cost, luz, sombra)
                    out += [Play(c, -1, a, b, label(c)) for a, b in ways]
                elif klass == "equipamento":
                    out += self.equipment_plays(p, c, card, luz, sombra)
        if luz or sombra:  # no free source, no amulet: every amuleto costs at least one (cards.py)
            amulet_ability = self.game.amulet_ability
            for c, card in held:
                if card.klass == "amuleto":
                    ways = splits(card.faction, card.cost, luz, sombra)
                    if ways:
                        ability = card.abilities[amulet_ability[card.index]]
                        for target in self.usable_targets(p, c, ability, from_hand=True):
                            named = self.target_label(target)
                            out += [Cast(c, -1, target, a, b, label(c), named) for a, b in ways]
        for c in relics:
            out += self.activations(p, c, luz, sombra)
        if kind == "sacrifice":
            out += [Sacrifice(c, label(c)) for c in self.sacrificable(p)]
        return out

    def may_drop(self, p: int) -> bool:
        own, foreign, extra = self.drops[p]
        if p == self.active:
            return own == 0 or extra > 0
        return foreign == 0 or extra > 0

    def warrior_plays(self, p: int, c: int, card: Any, luz: int, sombra: int) -> list[Any]:
        label = self.label(c)
        out = [Play(c, -1, a, b, label) for a, b in splits(card.faction, card.cost, luz, sombra)]
        for sid, rec in self.sets.items():
            if rec[SETS_OWNER] != p:
                continue
            if self.added.get(sid) == self.round and not card.acumular:
                continue
            cap = self.capacity(rec, warriors=True)
            need = card.cost - usable(cap, card.faction)
            out += [Play(c, sid, a, b, label) for a, b in splits(card.faction, max(0, need), luz, sombra)]
        return out

    def equipment_plays(self, p: int, c: int, card: Any, luz: int, sombra: int) -> list[Any]:
        label = self.label(c)
        out = []
        for sid, rec in self.sets.items():
            if rec[SETS_OWNER] != p:
                continue
            cap = self.capacity(rec, warriors=False)
            worn = sum(self.card(e).cost for e in rec[SETS_EQUIPMENT])
            need = max(card.cost - usable(cap, card.faction), worn + card.cost - sum(cap), 0)
            out += [Play(c, sid, a, b, label) for a, b in splits(card.faction, need, luz, sombra)]
        return out

    def capacity(self, rec: list[Any], warriors: bool) -> tuple[int, int, int]:
        """(Light, Shadow, Neutral) capacity of a set: its sources and its warriors that were in it
        before this rodada (for a warrior stacked on top, every one of them; for equipment, the
        ones below the active warrior)."""
        luz = sombra = neutra = 0
        for s in rec[SETS_SOURCES]:
            if self.card(s).faction == "luz":
                luz += 1
            else:
                sombra += 1
        members = rec[SETS_WARRIORS] if warriors else rec[SETS_WARRIORS][:-1]
        for w in members:
            if self.entered.get(w, self.round) >= self.round:
                continue
            card = self.card(w)
            if card.faction == "luz":
                luz += card.cost
            elif card.faction == "sombra":
                sombra += card.cost
            else:
                neutra += card.cost
        return luz, sombra, neutra

    def activations(self, p: int, c: int, luz: int, sombra: int) -> list[Any]:
        card = self.card(c)
        out = []
        for ability in card.abilities:
            if ability.timing != "activated" or (ability.once_per_turn and
                                                 c * 8 + ability.index in self.used_abilities):
                continue
            cost = sum(int(getattr(s.params, "count", 0)) for s in ability.costs if s.primitive.name == "pay")
            ways = splits(card.faction, cost, luz, sombra)
            if not ways:
                continue
            for target in self.usable_targets(p, c, ability):
                out += [Cast(c, ability.index, target, a, b, self.label(c),
                             self.target_label(target)) for a, b in ways]
        return out

    def usable_targets(self, p: int, c: int, ability: Any, from_hand: bool = False) -> list[int]:
        """The targets ``ability`` of ``c`` may be used on now: none when its costs cannot be paid
        (an amulet's own card is not in hand to pay them), and only those for which its condition
        holds (RULES.md, "Condições")."""
        kind = self.kind[c]
        payable = self.game.payable[kind][ability.index]
        if payable is not None:
            hand = self.hand[p]
            at = hand.index(c) if from_hand else -1
            if from_hand:
                del hand[at]
            try:
                ok = payable(self, Activation(p, c, ability.index))
            finally:
                if from_hand:
                    hand.insert(at, c)
            if not ok:
                return []
        targets = self.targets_of(p, c, ability)
        holds = self.game.conditions[kind][ability.index]
        if holds is None:
            return targets
        return [t for t in targets if holds(self, Activation(p, c, ability.index, *_target(t)))]

    def targets_of(self, p: int, c: int, ability: Any) -> list[int]:
        if ability.target is None:
            return [-1]
        found = ability.target(self, Activation(p, c, ability.index))
        return [PLAYER + q for q in found] if ability.target_kind == "player" else list(found)

    def target_label(self, target: int) -> str:
        if target < 0:
            return ""
        return f"P{target - PLAYER}" if target >= PLAYER else self.label(target)

    def sacrificable(self, p: int) -> list[int]:
        out = list(self.relics[p])
        for rec in self.sets.values():
            if rec[SETS_OWNER] == p:
                out += rec[SETS_WARRIORS][-1:] + rec[SETS_EQUIPMENT]
        return out

    # -- combat declarations ----------------------------------------------------------------
    def attack_ready(self, p: int) -> list[int]:
        """Sets of ``p`` whose active warrior was in play before this rodada and is not attacking."""
        return [sid for sid, rec in self.sets.items()
                if rec[SETS_OWNER] == p and rec[SETS_WARRIORS] and sid not in self.attackers
                and self.entered.get(rec[SETS_WARRIORS][-1], self.round) < self.round]

    def attack_targets(self, p: int) -> list[int]:
        opponents = self.opponents(p)
        return opponents[:1] if self.game.options.attack == "left" else opponents

    def declare_actions(self, p: int) -> list[Any]:
        targets = self.attack_targets(p)
        return [DONE] + [Attack(sid, q) for sid in self.attack_ready(p) for q in targets]

    def blocker_actions(self, p: int) -> list[Any]:
        busy = {b for b, _ in self.blocks.values()}
        blockers = [sid for sid, rec in self.sets.items()
                    if rec[SETS_OWNER] == p and rec[SETS_WARRIORS] and sid not in busy
                    and not self.has(rec[SETS_WARRIORS][-1], "cannot_block")]
        attackers = [sid for sid, (w, q) in self.attackers.items()
                     if q == p and sid not in self.blocks and sid in self.sets
                     and self.sets[sid][SETS_WARRIORS][-1:] == [w]
                     and not self.has(w, "unblockable")]
        return [DONE] + [Block(b, a) for a in attackers for b in blockers]


def usable(cap: tuple[int, int, int], faction: str) -> int:
    luz, sombra, neutra = cap
    if faction == "luz":
        return luz + neutra
    if faction == "sombra":
        return sombra + neutra
    return luz + sombra + neutra


def _target(t: int) -> tuple[refs.Ref | None, tuple[refs.Ref, ...]]:
    """An action's target as the activation holds it: a typed reference (none: ``None``)."""
    if t < 0:
        return None, ()
    ref = target_ref(t)
    return ref, (ref,)


def target_ref(t: int) -> refs.Ref:
    """An action's target (a card, or ``PLAYER + seat``) as a typed reference."""
    return refs.player(t - PLAYER) if t >= PLAYER else refs.card(t)
