"""The rodada: start, Draw, Main, Attack, Block, Damage, Sacrifice; mulligans; what each action does.

The phase machine is the kernel's (``kernel/resolution.py``): named steps run by the driver,
priority windows for Main, Attack, Block and Sacrifice (the active player first, then the
others in turn order; any action but passing restarts the round of passes; amulets and
activated abilities go on the stack and resolve last in, first out when everyone passes).
Every step and handler is a function of the state (``rules.py`` names them to the machine).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...kernel import refs
from ...kernel.effects import Activation
from ...kernel.resolution import Frame, PriorityWindow, turn_order
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
from .host import (
    ask_discard,
    ask_pay,
    card,
    combat_damage,
    deaths,
    decide,
    draw,
    finish,
    fire,
    mill,
    move_card,
    sacrifice,
    shuffle_mons,
    stat,
    tops,
    trigger,
)
from .legal import attack_ready, attack_targets
from .records import NO_DROPS, AbilityKey, Attacking, Blocking, CardSet

if TYPE_CHECKING:
    from .rules import ConflictusState

SET_AGAIN = 10_000  # added to a set's id when its founder founds another while the first lives on

ORDERS: dict[tuple[int, int], tuple[int, ...]] = {}
"""Turn orders by (active player, players): each window opens with one."""
CLOSES = {"main": "declare", "attack": "blockers", "block": "damage", "sacrifice": "end"}
"""The step that follows each window once everyone has passed with an empty stack."""


# -- setup and mulligans ----------------------------------------------------------------------
def setup(state: ConflictusState) -> None:
    opts = state.game.options
    for p in range(state.n):
        state.rng.shuffle(state.mons[p])  # shuffled, then cut by an opponent: the seed decides
    first = opts.first_player if opts.first_player is not None and opts.first_player < state.n \
        else state.rng.below(state.n)
    state.first = state.active = first
    state.log.append(("first", first))
    for p in range(state.n):
        draw(state, p, opts.opening_hand)
    state.mulled = [0] * state.n
    state.res.step = "mulligan_round"


def mulligan_order(state: ConflictusState) -> list[int]:
    """The players still deciding on their hand, in turn order from the first player."""
    # The game's count, not ``state.n``: a determinized state samples the sealed answers with
    # this before its derived attributes are made.
    return [p for p in turn_order(state.first, state.game.num_players)
            if p not in state.kept and state.mulled[p] < state.game.options.max_mulligans]


def step_mulligan_round(state: ConflictusState) -> None:
    """Ask every player still deciding, in turn order (sealed: the choices show together)."""
    order = mulligan_order(state)
    if not order:
        state.res.step = "rodada"
        state.round = 0
        return
    state.choices = {}
    if state.game.options.mulligan != "sealed":  # in turn order: each player until they keep
        decide(state, order[0], "mulligan")
        return
    for i in reversed(range(len(order))):  # the first in turn order answers first (top of the stack)
        # Sealed: hidden until all of the round have answered; the last one's answer shows at once.
        decide(state, order[i], "mulligan", secret=i < len(order) - 1)


def do_keep(state: ConflictusState, action: Keep) -> None:
    answer_mulligan(state, False)


def do_mulligan(state: ConflictusState, action: Mulligan) -> None:
    answer_mulligan(state, True)


def answer_mulligan(state: ConflictusState, again: bool) -> None:
    p = state.decisions.pop().player
    state.choices[p] = again
    if state.game.options.mulligan != "sealed":
        reveal_mulligans(state)
    elif not any(d.kind == "mulligan" for d in state.decisions):
        reveal_mulligans(state)
        state.res.step = "mulligan_round"


def reveal_mulligans(state: ConflictusState) -> None:
    seats = turn_order(state.first, state.n)
    opening = state.game.options.opening_hand
    for p, again in sorted(state.choices.items(), key=lambda pc: seats.index(pc[0])):
        state.log.append(("mulligan" if again else "keep", p))
        if not again:
            state.kept.add(p)
            continue
        state.mulled[p] += 1
        k = state.mulled[p]
        state.mons[p] += state.hand[p]
        state.hand[p] = []
        state.rng.shuffle(state.mons[p])
        draw(state, p, opening + k)
        lost = state.rng.sample(state.hand[p], min(k, len(state.hand[p])))
        for c in lost:  # an opponent discards k at random: the seed draws them
            state.hand[p].remove(c)
            state.mortis[p].append(c)
        state.record("mulligan_discard", player=p, cards=lost)
    state.choices = {}
    if state.game.options.mulligan != "sealed":
        state.res.step = "mulligan_round"


# -- the rodada -------------------------------------------------------------------------------
def step_rodada(state: ConflictusState) -> None:
    """Start of a rodada: the next player still in is active; used sources become free (CA3);
    the active player's source drops count anew (CA2); then the Draw phase."""
    if state.round > 0:
        state.active = next_player(state, state.active)
    state.round += 1
    if state.round > state.game.options.round_limit:
        finish(state, None, "round limit")
        return
    p = state.active
    state.used.clear()
    state.used_abilities.clear()
    state.drops[p] = NO_DROPS
    state.attackers, state.blocks = {}, {}
    state.phase = "draw"
    state.log.append(("rodada", p, state.round))
    if not (p == state.first and state.round == 1):
        draw(state, p, 1)  # the first player skips their first Draw phase
    state.res.step = "main"


def next_player(state: ConflictusState, p: int) -> int:
    for i in range(1, state.n + 1):
        q = (p + i) % state.n
        if q not in state.out:
            return q
    return p


def order(state: ConflictusState) -> tuple[int, ...]:
    key = (state.active, state.n)
    made = ORDERS.get(key)
    if made is None:
        made = ORDERS[key] = turn_order(state.active, state.n)
    return made


def step_main(state: ConflictusState) -> None:
    state.phase = "main"
    state.game.machine.open_window(state, "main", order(state))


def step_declare(state: ConflictusState) -> None:
    state.phase = "attack"
    if attack_ready(state, state.active) and attack_targets(state, state.active):
        decide(state, state.active, "declare")
    else:
        state.res.step = "sacrifice"


def after_declare(state: ConflictusState) -> None:
    if not state.attackers:
        state.res.step = "sacrifice"
        return
    for w, target in state.attackers.values():
        trigger(state, state.active, w, "on_attack", (refs.player(target),), "attack")
    state.res.step = "attack_window"


def step_attack_window(state: ConflictusState) -> None:
    state.game.machine.open_window(state, "attack", order(state))


def step_blockers(state: ConflictusState) -> None:
    """The Block phase: each attacked player, in turn order, declares blockers."""
    state.phase = "block"
    attacked = {q for _, q in state.attackers.values()}
    for p in reversed(order(state)):
        if p in attacked and p not in state.out:
            decide(state, p, "blockers")
    if not state.decisions or state.decisions[-1].kind != "blockers":
        state.res.step = "block_window"


def step_block_window(state: ConflictusState) -> None:
    state.game.machine.open_window(state, "block", order(state))


def step_damage(state: ConflictusState) -> None:
    """Análise de dano: attack against defence both ways; each attacked player mills the tombo of
    the attackers that were not declared blocked and are still in combat."""
    state.phase = "damage"
    mills = [0] * state.n
    hits: list[tuple[int, int]] = []
    for sid, (w, target) in state.attackers.items():
        if not still(state, sid, w) or target in state.out:
            continue
        if sid in state.blocks:
            bsid, b = state.blocks[sid]
            if still(state, bsid, b):
                hits += [(b, stat(state, w, "attack")), (w, stat(state, b, "attack"))]
        else:
            mills[target] += max(0, stat(state, w, "tombo"))
    for c, amount in hits:
        state.damage[c] = state.damage.get(c, 0) + combat_damage(state, c, max(0, amount))
    if hits:
        state.record("combat_damage", hits=hits)
    for p in order(state):
        if mills[p]:
            mill(state, p, mills[p])
    deaths(state)
    state.res.step = "sacrifice"


def still(state: ConflictusState, sid: int, w: int) -> bool:
    """Whether set ``sid`` still exists with ``w`` as its active warrior."""
    rec = state.sets.get(sid)
    return rec is not None and rec.warriors[-1:] == [w]


def step_sacrifice(state: ConflictusState) -> None:
    """Sacrifice: "at the end of your rodada" abilities of the active player trigger, then the
    window in which each player may sacrifice cards in play (and play amulets)."""
    state.phase = "sacrifice"
    state.attackers, state.blocks = {}, {}
    p = state.active
    for c in [*tops(state, p), *state.relics[p]]:
        trigger(state, p, c, "end_of_round")
    state.res.step = "sacrifice_window"


def step_sacrifice_window(state: ConflictusState) -> None:
    state.game.machine.open_window(state, "sacrifice", order(state))


def step_end(state: ConflictusState) -> None:
    """End of the rodada: the amulets played in it go to their Mortis; "until the end of the
    rodada" changes and combat damage wear off."""
    for p in range(state.n):
        amulets = state.amulets[p]
        state.mortis[p] += amulets
        if amulets:
            state.record("amulets_to_mortis", player=p, cards=amulets[:])
        state.amulets[p] = []
    state.mods.expire("end_of_round")
    state.shields.expire("end_of_round")
    state.damage.clear()
    state.res.step = "rodada"


STEPS = {
    "mulligan_round": step_mulligan_round, "rodada": step_rodada, "main": step_main, "declare": step_declare,
    "attack_window": step_attack_window, "blockers": step_blockers, "block_window": step_block_window,
    "damage": step_damage, "sacrifice": step_sacrifice, "sacrifice_window": step_sacrifice_window,
    "end": step_end,
}


def window_closed(state: ConflictusState, window: PriorityWindow) -> None:
    state.res.step = CLOSES[window.kind]


# -- actions ----------------------------------------------------------------------------------
def do_pass(state: ConflictusState, action: Pass) -> None:
    state.game.machine.pass_priority(state)


def do_done(state: ConflictusState, action: Done) -> None:
    kind = state.decisions.pop().kind
    if kind == "declare":
        after_declare(state)
    elif not any(d.kind == "blockers" for d in state.decisions):
        state.res.step = "block_window"


def do_attack(state: ConflictusState, action: Attack) -> None:
    w = state.sets[action.on].warriors[-1]
    state.attackers[action.on] = Attacking(w, action.player)
    state.record("attacks", card=w, player=state.active, target=action.player)


def do_block(state: ConflictusState, action: Block) -> None:
    b = state.sets[action.on].warriors[-1]
    state.blocks[action.attacker] = Blocking(action.on, b)
    state.record("blocks", card=b, attacker=state.attackers[action.attacker].warrior)


def do_source(state: ConflictusState, action: Source) -> None:
    p = state.decisions[-1].player
    state.game.machine.acted(state)
    drops = state.drops[p]
    if p == state.active:
        drops = drops._replace(own=1) if drops.own == 0 else drops._replace(extra=drops.extra - 1)
    else:
        drops = drops._replace(foreign=1) if drops.foreign == 0 else drops._replace(extra=drops.extra - 1)
    state.drops[p] = drops
    state.hand[p].remove(action.card)
    state.field[p].append(action.card)
    state.log.append(("source", p, action.card))


def pay(state: ConflictusState, p: int, luz: int, sombra: int, into: CardSet | None = None,
        paid_for: int = -1) -> None:
    """Use ``luz`` Light and ``sombra`` Shadow free sources of the field (Light and Shadow
    sources are interchangeable among themselves); ``into``: they join that set instead, bound
    to the card ``paid_for`` (they leave the set with it: ``host.remove``)."""
    want = {"luz": luz, "sombra": sombra}
    field, used = state.field[p], state.used
    for c in list(field):
        faction = card(state, c).faction
        if c not in used and want[faction] > 0:
            want[faction] -= 1
            if into is None:
                used.add(c)
            else:
                field.remove(c)
                into.sources.append(c)
                into.paid[c] = paid_for


def do_play(state: ConflictusState, action: Play) -> None:
    p = state.decisions[-1].player
    state.game.machine.acted(state)
    c = action.card
    played = card(state, c)
    state.hand[p].remove(c)
    if played.klass == "reliquia":
        pay(state, p, action.luz, action.sombra)
        state.relics[p].append(c)
        state.log.append(("relic", p, c))
    elif action.on < 0:  # a warrior founding a new set: its sources are bound to it
        rec = CardSet(p, [], [c], [], {})
        pay(state, p, action.luz, action.sombra, into=rec, paid_for=c)
        sid = c
        while sid in state.sets:  # the card founded a set before that outlived it (its equipment)
            sid += SET_AGAIN
        state.sets[sid] = rec
        state.entered[c] = state.round
        state.added[sid] = state.round
        state.log.append(("warrior", p, c, sid))
    else:
        rec = state.sets[action.on]
        pay(state, p, action.luz, action.sombra, into=rec, paid_for=c)
        if played.klass == "guerreiro":
            rec.warriors.append(c)
            state.entered[c] = state.round
            state.added[action.on] = state.round
            state.log.append(("warrior", p, c, action.on))
        else:
            rec.equipment.append(c)
            state.log.append(("equipment", p, c, action.on))
    if played.klass == "guerreiro":
        trigger(state, p, c, "on_enter", (), "enter")
        if state.game.watchers["warrior_enters"]:
            fire(state, "warrior_enters", refs.card(c))
    deaths(state)


def do_cast(state: ConflictusState, action: Cast) -> None:
    """An amulet (from hand) or an activated ability: costs paid now, then onto the stack."""
    p = state.decisions[-1].player
    state.game.machine.acted(state)
    c = action.card
    pay(state, p, action.luz, action.sombra)
    target = action.target
    targets = () if target is None else (target,)
    if action.ability < 0:
        state.hand[p].remove(c)
        state.stack[p].append(c)
        index = state.game.amulet_ability[state.kind[c]]
        state.log.append(("amulet", p, c, target))
    else:
        index = action.ability
        state.used_abilities.add(AbilityKey(c, index))
        state.log.append(("activates", p, c, target))
    state.res.stack.append(Frame(p, c, index, targets))
    costs = card(state, c).abilities[index].costs
    if costs:  # paid now; a cost that asks (discard, pay_cards) is the last one (cards.py)
        act = Activation(p, c, index, target, targets)
        for step in costs:
            step(state, act)


def do_sacrifice(state: ConflictusState, action: Sacrifice) -> None:
    state.game.machine.acted(state)
    sacrifice(state, action.card)


def do_discard(state: ConflictusState, action: Discard) -> None:
    ask = state.game.machine.answered(state)
    p = ask.player
    state.hand[p].remove(action.card)
    state.mortis[p].append(action.card)
    state.log.append(("discard", p, action.card))
    if ask.count > 1 and state.hand[p]:
        ask_discard(state, p, ask.count - 1)


def do_offer(state: ConflictusState, action: Offer) -> None:
    """Answer a card cost (``pay_cards``): this card goes to the cost's zone."""
    ask = state.game.machine.answered(state)
    (zone,) = ask.detail
    move_card(state, action.card, str(zone))
    left = [c for c in ask.cards if c != action.card]
    if ask.count > 1:
        ask_pay(state, ask.player, left, ask.count - 1, str(zone))


def do_search(state: ConflictusState, action: Search) -> None:
    ask = state.game.machine.answered(state)
    p = ask.player
    for c in reversed(state.mons[p]):
        if card(state, c).name == action.name:
            state.mons[p].remove(c)
            state.hand[p].append(c)
            state.log.append(("search", p, c))
            break
    shuffle_mons(state, p)


# -- frames -----------------------------------------------------------------------------------
def frame_done(state: ConflictusState, frame: Frame) -> None:
    p = frame.player
    amulet = state.game.amulet_ability[state.kind[frame.source]]
    if frame.source in state.stack[p] and frame.ability == amulet:
        state.stack[p].remove(frame.source)
        state.amulets[p].append(frame.source)  # unstable: in play until the end of the rodada
    deaths(state)
