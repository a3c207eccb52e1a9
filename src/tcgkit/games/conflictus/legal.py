"""What a player may do now: the legal actions of each decision, how a cost can be paid, and why
an action is not legal.

A set's capacity (RULES.md, "Conjuntos"): its bound sources and the costs of the warriors that
were in it before this rodada, counted by faction (a Neutral warrior counts for either). A
warrior stacked on a set needs capacity of its faction at least its cost; equipment needs
capacity of its faction at least its cost, and all the set's equipment together at most the
set's sources and inactive warriors. What capacity lacks is made up with free sources of the
field, which join the set. Amulets, relics and activated abilities use free field sources.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...kernel import refs
from ...kernel.actions import Action
from ...kernel.effects import Activation
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
    pay_text,
)
from .host import card, free_sources, has, in_play, label, opponents
from .records import AbilityKey, CardSet

if TYPE_CHECKING:
    from .cards import Card
    from .rules import ConflictusState

WINDOWS = ("main", "attack", "block", "sacrifice")
PASS, DONE, KEEP, MULLIGAN = Pass(), Done(), Keep(), Mulligan()  # frozen values: one of each serves


def splits(faction: str, cost: int, luz: int, sombra: int) -> list[tuple[int, int]]:
    """Ways to pay ``cost`` from ``luz`` Light and ``sombra`` Shadow free sources."""
    if cost <= 0:
        return [(0, 0)]
    if faction == "luz":
        return [(cost, 0)] if luz >= cost else []
    if faction == "sombra":
        return [(0, cost)] if sombra >= cost else []
    return [(a, cost - a) for a in range(cost + 1) if a <= luz and cost - a <= sombra]


def compute_legal(state: ConflictusState) -> list[Action]:
    """Legal actions by decision kind; the state's hot path (``legal_actions`` keeps them)."""
    if not state.decisions:
        return []
    decision = state.decisions[-1]
    kind, p = decision.kind, decision.player
    if kind in WINDOWS:
        return window_actions(state, p, kind)
    if kind == "mulligan":
        return [KEEP, MULLIGAN]
    if kind == "declare":
        return declare_actions(state, p)
    if kind == "blockers":
        return blocker_actions(state, p)
    if kind == "discard":
        return [Discard(c, label(state, c)) for c in state.hand[p]]
    if kind == "pay":
        return [Offer(c, label(state, c)) for c in state.res.asks[-1].cards if in_play(state, c)]
    if kind == "search":
        klass = state.res.asks[-1].detail[0]
        names = sorted({card(state, c).name for c in state.mons[p] if card(state, c).klass == klass})
        return [Search(name) for name in names]
    raise RuntimeError(f"no legal actions for a {kind!r} decision")


# -- windows ------------------------------------------------------------------------------------
def window_actions(state: ConflictusState, p: int, kind: str) -> list[Action]:
    """Pass, then (in Main) sources, then warriors, relics and equipment in hand order, then
    amulets in hand order, relic abilities, sacrifices: the order play-outs and replays rely on."""
    out: list[Action] = [PASS]
    hand = state.hand[p]
    relics = state.relics[p]
    if not hand and not relics and kind != "sacrifice":
        return out  # nothing to play and nothing to use: the common case of a window
    luz, sombra = free_sources(state, p)
    cards = state.game.cards
    kind_of = state.kind
    held = [(c, cards[kind_of[c]]) for c in hand]
    if kind == "main":
        if may_drop(state, p):
            out += [Source(c, label(state, c)) for c, held_card in held if held_card.klass == "fonte"]
        for c, held_card in held:
            klass = held_card.klass
            if klass == "guerreiro":
                out += warrior_plays(state, p, c, held_card, luz, sombra)
            elif klass == "reliquia":
                ways = splits(held_card.faction, held_card.cost, luz, sombra)
                out += [Play(c, -1, a, b, label(state, c)) for a, b in ways]
            elif klass == "equipamento":
                out += equipment_plays(state, p, c, held_card, luz, sombra)
    if luz or sombra:  # no free source, no amulet: every amuleto costs at least one (cards.py)
        amulet_ability = state.game.amulet_ability
        for c, held_card in held:
            if held_card.klass == "amuleto":
                ways = splits(held_card.faction, held_card.cost, luz, sombra)
                if ways:
                    ability = held_card.abilities[amulet_ability[held_card.index]]
                    for target in usable_targets(state, p, c, ability, from_hand=True):
                        named = target_label(state, target)
                        out += [Cast(c, -1, target, a, b, label(state, c), named) for a, b in ways]
    for c in relics:
        out += activations(state, p, c, luz, sombra)
    if kind == "sacrifice":
        out += [Sacrifice(c, label(state, c)) for c in sacrificable(state, p)]
    return out


def may_drop(state: ConflictusState, p: int) -> bool:
    own, foreign, extra = state.drops[p]
    if p == state.active:
        return own == 0 or extra > 0
    return foreign == 0 or extra > 0


def warrior_plays(state: ConflictusState, p: int, c: int, warrior: Card, luz: int,
                  sombra: int) -> list[Action]:
    named = label(state, c)
    out: list[Action] = [Play(c, -1, a, b, named) for a, b in splits(warrior.faction, warrior.cost, luz,
                                                                       sombra)]
    for sid, rec in state.sets.items():
        if rec.owner != p:
            continue
        if state.added.get(sid) == state.round and not warrior.acumular:
            continue
        cap = capacity(state, rec, warriors=True)
        need = warrior.cost - usable(cap, warrior.faction)
        out += [Play(c, sid, a, b, named) for a, b in splits(warrior.faction, max(0, need), luz, sombra)]
    return out


def equipment_plays(state: ConflictusState, p: int, c: int, equipment: Card, luz: int,
                    sombra: int) -> list[Action]:
    named = label(state, c)
    out: list[Action] = []
    for sid, rec in state.sets.items():
        if rec.owner != p:
            continue
        cap = capacity(state, rec, warriors=False)
        worn = sum(card(state, e).cost for e in rec.equipment)
        need = max(equipment.cost - usable(cap, equipment.faction), worn + equipment.cost - sum(cap), 0)
        out += [Play(c, sid, a, b, named) for a, b in splits(equipment.faction, need, luz, sombra)]
    return out


def capacity(state: ConflictusState, rec: CardSet, warriors: bool) -> tuple[int, int, int]:
    """(Light, Shadow, Neutral) capacity of a set: its sources and its warriors that were in it
    before this rodada (for a warrior stacked on top, every one of them; for equipment, the
    ones below the active warrior)."""
    luz = sombra = neutra = 0
    for s in rec.sources:
        if card(state, s).faction == "luz":
            luz += 1
        else:
            sombra += 1
    members = rec.warriors if warriors else rec.warriors[:-1]
    for w in members:
        if state.entered.get(w, state.round) >= state.round:
            continue
        member = card(state, w)
        if member.faction == "luz":
            luz += member.cost
        elif member.faction == "sombra":
            sombra += member.cost
        else:
            neutra += member.cost
    return luz, sombra, neutra


def activations(state: ConflictusState, p: int, c: int, luz: int, sombra: int) -> list[Action]:
    relic = card(state, c)
    out: list[Action] = []
    for ability in relic.abilities:
        if ability.timing != "activated" or (ability.once_per_turn and
                                             AbilityKey(c, ability.index) in state.used_abilities):
            continue
        cost = sum(int(getattr(s.params, "count", 0)) for s in ability.costs if s.primitive.name == "pay")
        ways = splits(relic.faction, cost, luz, sombra)
        if not ways:
            continue
        for target in usable_targets(state, p, c, ability):
            out += [Cast(c, ability.index, target, a, b, label(state, c),
                         target_label(state, target)) for a, b in ways]
    return out


def usable_targets(state: ConflictusState, p: int, c: int, ability: Any,
                   from_hand: bool = False) -> list[refs.Ref | None]:
    """The targets ``ability`` of ``c`` may be used on now (``None``: it takes none): none when its
    costs cannot be paid (an amulet's own card is not in hand to pay them), and only those for
    which its condition holds (RULES.md, "Condições")."""
    kind = state.kind[c]
    payable = state.game.payable[kind][ability.index]
    if payable is not None:
        hand = state.hand[p]
        at = hand.index(c) if from_hand else -1
        if from_hand:
            del hand[at]
        try:
            ok = payable(state, Activation(p, c, ability.index))
        finally:
            if from_hand:
                hand.insert(at, c)
        if not ok:
            return []
    targets = targets_of(state, p, c, ability)
    holds = state.game.conditions[kind][ability.index]
    if holds is None:
        return targets
    return [t for t in targets if holds(state, Activation(p, c, ability.index, t, () if t is None else (t,)))]


def targets_of(state: ConflictusState, p: int, c: int, ability: Any) -> list[refs.Ref | None]:
    if ability.target is None:
        return [None]
    found = ability.target(state, Activation(p, c, ability.index))
    if ability.target_kind == "player":
        return [refs.player(q) for q in found]
    return [refs.card(t) for t in found]


def target_label(state: ConflictusState, target: refs.Ref | None) -> str:
    """A target as the notation writes it: ``P1`` for a player, ``Name#id`` for a card."""
    if target is None:
        return ""
    return f"P{target.id}" if target.kind is refs.Kind.PLAYER else label(state, target.id)


def sacrificable(state: ConflictusState, p: int) -> list[int]:
    """Every card of ``p``'s on the table ("cada jogador pode sacrificar quaisquer das suas cartas
    que estão na mesa"): relics, each set's warriors (active or not, top first), equipment and
    bound sources, the field's sources, the amulets resolved this rodada. An amulet still on the
    stack is not yet on the table."""
    out = list(state.relics[p])
    for rec in state.sets.values():
        if rec.owner == p:
            out += rec.warriors[::-1] + rec.equipment + rec.sources
    return out + state.field[p] + state.amulets[p]


# -- combat declarations --------------------------------------------------------------------
def attack_ready(state: ConflictusState, p: int) -> list[int]:
    """Sets of ``p`` whose active warrior was in play before this rodada and is not attacking."""
    return [sid for sid, rec in state.sets.items()
            if rec.owner == p and rec.warriors and sid not in state.attackers
            and state.entered.get(rec.warriors[-1], state.round) < state.round]


def attack_targets(state: ConflictusState, p: int) -> list[int]:
    others = opponents(state, p)
    return others[:1] if state.game.options.attack == "left" else others


def declare_actions(state: ConflictusState, p: int) -> list[Action]:
    targets = attack_targets(state, p)
    return [DONE, *(Attack(sid, q) for sid in attack_ready(state, p) for q in targets)]


def blocker_actions(state: ConflictusState, p: int) -> list[Action]:
    busy = {b for b, _ in state.blocks.values()}
    blockers = [sid for sid, rec in state.sets.items()
                if rec.owner == p and rec.warriors and sid not in busy
                and not has(state, rec.warriors[-1], "cannot_block")]
    attackers = [sid for sid, (w, q) in state.attackers.items()
                 if q == p and sid not in state.blocks and sid in state.sets
                 and state.sets[sid].warriors[-1:] == [w]
                 and not has(state, w, "unblockable")]
    return [DONE, *(Block(b, a) for a in attackers for b in blockers)]


def usable(cap: tuple[int, int, int], faction: str) -> int:
    luz, sombra, neutra = cap
    if faction == "luz":
        return luz + neutra
    if faction == "sombra":
        return sombra + neutra
    return luz + sombra + neutra


# -- what each decision asks, and refusals ---------------------------------------------------
PROMPTS = {
    "mulligan": "keep this hand or take a mulligan", "declare": "declare attacks (attack ...) or done",
    "blockers": "declare blocks (block ...) or done", "discard": "discard a card of your hand",
    "search": "search your mons for a card (search <card name>)",
    "pay": "pay a cost with one of your cards in play (offer <card>)",
    "main": "play a source, a warrior, relic, equipment, an amulet, an ability, or pass",
    "attack": "play an amulet or an ability, or pass", "block": "play an amulet or an ability, or pass",
    "sacrifice": "sacrifice a card, play an amulet or an ability, or pass",
}
EXPECTED = {"mulligan": "keep or mulligan", "declare": "attack ... or done", "blockers": "block ... or done",
            "discard": "discard a card of your hand", "search": "search <card name>",
            "pay": "offer <one of the cards the cost names>"}
VERBS = {"main": "a source, a warrior, relic, equipment, an amulet, an ability or pass",
         "attack": "an amulet, an ability or pass", "block": "an amulet, an ability or pass",
         "sacrifice": "sacrifice a card, an amulet, an ability or pass"}


def illegal_reason(state: ConflictusState, action: Action) -> str:
    """Why ``action`` is not legal, in words that only use what its player may see, said to
    that player: the kernel refuses anyone but the player to move before asking this."""
    kind = state.decisions[-1].kind
    if kind in EXPECTED:
        return f"you must answer the {kind} decision now: {EXPECTED[kind]}"
    cost = cost_problem(state, action, kind)
    if cost is not None:
        return cost
    return f"'{action}' is not possible now; you hold priority in the {kind} phase: " \
        f"{VERBS.get(kind, kind)}"


FACTION_WORDS = {"luz": "Light (Luz)", "sombra": "Shadow (Sombra)", "neutra": "Light or Shadow"}


def cost_problem(state: ConflictusState, action: Action, kind: str) -> str | None:
    """What is wrong with a card played from hand as a new set, a relic or an amulet: the
    phase it needs, or its cost against the free sources (what the player can see)."""
    if not isinstance(action, Play | Cast) or (isinstance(action, Play) and action.on >= 0):
        return None
    p = state.decisions[-1].player
    if action.card not in state.hand[p] or (isinstance(action, Cast) and action.ability >= 0):
        return None
    held = card(state, action.card)
    named = label(state, action.card)
    if isinstance(action, Play) and kind != "main":
        return f"{named} is a {held.klass}: it is put down in your Main phase (Principal), not in {kind}"
    luz, sombra = free_sources(state, p)
    ways = splits(held.faction, held.cost, luz, sombra)
    if not ways:
        return (f"{named} costs {held.cost} {FACTION_WORDS.get(held.faction, held.faction)} "
                f"source{'s' * (held.cost != 1)}; you have {luz} free Light and {sombra} free Shadow")
    if (action.luz, action.sombra) not in ways:
        paid = " or ".join(pay_text(a, b).strip() or "nothing" for a, b in ways)
        return f"{named} costs {held.cost}: {paid} (L is a free Light source, S a free Shadow one)"
    return None
