"""The legal actions of each decision (RULES.md names the rule of each)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...kernel import refs
from ...kernel.actions import Action
from ...kernel.effects import Activation
from ...kernel.state import EMPTY
from .actions import (
    END_MAIN,
    END_SUMMON,
    PASS,
    REFILL,
    STRIKE,
    Cast,
    Discard,
    Equip,
    Exchange,
    Lose,
    March,
    Next,
    Place,
    Proxy,
    Summon,
    Unequip,
)
from .board import CELLS, GRID, HQ, label, reach

if TYPE_CHECKING:
    from .rules import MonsterCollectionState


def arrangement(state: MonsterCollectionState, cell: int, p: int, gear: dict[int, list[int]]) -> str:
    """The repetition rule's record: how equipment hangs on ``p``'s creatures on ``cell`` (as
    ``gear`` has it) in this phase (the main phase, the normal summon phase, or the marching
    side's formation timing in a battle)."""
    timing = "formation" if state.battle is not None else state.phase
    held = ";".join(
        f"{c}={'.'.join(map(str, sorted(gear[c])))}" for c in sorted(state.parties[cell][p]) if gear.get(c)
    )
    return f"{timing}:{cell}:{held}"


def exchanged(state: MonsterCollectionState, action: Exchange) -> dict[int, list[int]]:
    """The equipment of the two creatures of ``action`` once it is made."""
    source = [e for e in state.gear.get(action.source, ()) if e != action.equipment]
    target = [e for e in state.gear.get(action.target, ()) if e != action.back]
    if action.back >= 0:
        source.append(action.back)
    target.append(action.equipment)
    return {action.source: source, action.target: target}


def compute(state: MonsterCollectionState) -> list[Action]:
    if not state.decisions:
        return []
    top = state.decisions[-1]
    return KINDS[top.kind](state, top.player)


def adjust(state: MonsterCollectionState, p: int) -> list[Action]:
    """R26-R28: over the limit, discards only; then discards or the refill."""
    hand = state.hand[p]
    out: list[Action] = [Discard(c, state.name(c)) for c in hand]
    if len(hand) <= state.game.options.hand_limit:
        out.append(REFILL)
    return out


def placement_cells(state: MonsterCollectionState, p: int) -> list[int]:
    """R48, R49: the cells of terrains ``p`` placed or controls, and every cell orthogonally
    next to one (empty ground or terrain); never an HQ (R38)."""
    sources = [
        c
        for c in range(CELLS)
        if state.terrain[c] != EMPTY
        and (state.placer[c] == p or (state.parties[c][p] and not state.parties[c][1 - p]))
    ]
    cells = set(sources)
    for c in sources:
        cells.update(GRID.orthogonal[c])
    cells.difference_update(HQ)
    if not state.game.options.place_on_enemy_controlled:
        cells = {c for c in cells if not state.parties[c][1 - p]}
    return sorted(cells)


def main(state: MonsterCollectionState, p: int) -> list[Action]:
    out: list[Action] = []
    cells = placement_cells(state, p)
    if not state.proxy_used:  # R62: no hand terrain in a turn with a proxy
        for c in state.hand[p]:
            card = state.card(c)
            if card.kind == "terrain":
                out += [Place(c, cell, state.name(c), label(p, cell)) for cell in cells]
                # R52: a hand-type ability is declared with the reveal, when its cost can be paid
                if card.timing == "place" and usable(state, p, c):
                    out += [Place(c, cell, state.name(c), label(p, cell), True) for cell in cells]
    if not state.proxy_used and not state.hand_terrain and state.deck[p]:  # R59-R63
        out += [Proxy(cell, label(p, cell)) for cell in cells]
    out += marches(state, p)
    out += exchanges(state, p, range(CELLS))
    out += rituals(state, p)
    out.append(END_MAIN)
    return out


def usable(state: MonsterCollectionState, p: int, c: int, target: int = -1) -> bool:
    """Whether card ``c``'s ability may be declared now: its condition holds and its costs can
    be paid (legality at declaration, U20)."""
    ability = state.card(c).ability
    act = Activation(p, c, 0, None if target < 0 else refs.card(target))
    if ability.condition is not None and not ability.condition.holds(state, act):
        return False
    return bool(ability.can_pay(state, act))


def targeted(state: MonsterCollectionState, p: int, c: int, verb: str) -> list[Action]:
    """``c``'s ability at each target it allows (or at none), where it may be declared."""
    ability = state.card(c).ability
    name = state.name(c)
    if ability.target is None:
        return [Cast(c, -1, (name, ""), verb)] if usable(state, p, c) else []
    return [
        Cast(c, t, (name, state.name(t)), verb)
        for t in ability.target(state, Activation(p, c, 0))
        if usable(state, p, c, t)
    ]


def rituals(state: MonsterCollectionState, p: int) -> list[Action]:
    """R85, U19: rituals (儀式) from hand, any number in your main phase."""
    out: list[Action] = []
    for c in state.hand[p]:
        if state.card(c).kind == "ritual":
            out += targeted(state, p, c, "perform")
    return out


def marches(state: MonsterCollectionState, p: int) -> list[Action]:
    """U10: any set of unacted creatures, from any terrains, to one terrain in each one's range,
    the level total there within its limit; into enemy creatures once a turn (R79)."""
    opts = state.game.options
    has_terrain = [t != EMPTY for t in state.terrain] if opts.long_fly_requires_middle_terrain else None
    by_cell: dict[int, list[int]] = {}
    for cell, c in state.creatures(p):
        if c in state.acted:
            continue
        for dest in reach(cell, state.card(c).march, has_terrain):
            by_cell.setdefault(dest, []).append(c)
    out: list[Action] = []
    for dest in sorted(by_cell):
        if state.terrain[dest] == EMPTY or dest in state.hq_closed:  # R69, R82
            continue
        if state.parties[dest][1 - p] and state.battle_marched:
            continue
        room = state.limit(dest) - state.level_total(dest, p)
        eligible = sorted(
            c for c in by_cell[dest] if state.card(c).level <= room and obeys(state, p, c, dest)
        )
        where = label(p, dest)
        for group in _groups(state, eligible, room):
            out.append(March(dest, group, where, tuple(state.name(c) for c in group)))
    return out


def obeys(state: MonsterCollectionState, p: int, c: int, dest: int) -> bool:
    """R77: a terrain's march rule (its ``march`` ability's condition), met by each marcher; a
    face-down terrain has no effect."""
    if state.down[dest]:
        return True
    ability = state.card(state.terrain[dest]).ability
    if ability is None or ability.timing != "march" or ability.condition is None:
        return True
    return ability.condition.holds(state, Activation(p, state.terrain[dest], 0, refs.card(c)))


def _groups(state: MonsterCollectionState, cards: list[int], room: int) -> list[tuple[int, ...]]:
    """Every non-empty set of ``cards`` whose levels fit in ``room``, in a fixed order."""
    out: list[tuple[int, ...]] = []
    levels = [state.card(c).level for c in cards]

    def grow(start: int, chosen: tuple[int, ...], left: int) -> None:
        for i in range(start, len(cards)):
            if levels[i] <= left:
                made = (*chosen, cards[i])
                out.append(made)
                grow(i + 1, made, left - levels[i])

    grow(0, (), room)
    return out


def exchanges(state: MonsterCollectionState, p: int, cells: range | tuple[int, ...]) -> list[Action]:
    """R83, R84: equipment exchanged between two creatures of one player on one terrain: a
    swap, each taking the other's card into its slots, or one way into free slots; as often as
    the player likes, except into an arrangement of the equipment already had in this phase
    (the repetition rule, RULES.md)."""
    out: list[Action] = []
    for cell in cells:
        party = state.parties[cell][p]
        if len(party) < 2:
            continue
        for action in _exchanges(state, party):
            after = {**state.gear, **exchanged(state, action)}
            if arrangement(state, cell, p, after) not in state.handed:
                out.append(action)
    return out


def _exchanges(state: MonsterCollectionState, party: list[int]) -> list[Exchange]:
    out: list[Exchange] = []
    for source in party:
        for e in state.gear.get(source, ()):
            cost = state.card(e).slots
            for target in party:
                if target == source:
                    continue
                names = (state.name(e), state.name(source), state.name(target))
                if state.free_slots(target) >= cost:
                    out.append(Exchange(e, source, target, names))
                if source > target:  # a swap is offered once, from the lower id
                    continue
                for back in state.gear.get(target, ()):
                    given = state.card(back).slots
                    if state.free_slots(target) + given >= cost and state.free_slots(source) + cost >= given:
                        out.append(Exchange(e, source, target, (*names, state.name(back)), back))
    return out


def equips(state: MonsterCollectionState, p: int, creatures: list[int]) -> list[Action]:
    """R88, R90: equipment from hand into free slots; equipment discarded."""
    out: list[Action] = []
    for e in state.hand[p]:
        card = state.card(e)
        if card.kind == "equipment":
            out += [
                Equip(e, c, (state.name(e), state.name(c)))
                for c in creatures
                if state.free_slots(c) >= card.slots
            ]
    for c in creatures:
        out += [Unequip(e, state.name(e)) for e in state.gear.get(c, ())]
    return out


def summon(state: MonsterCollectionState, p: int) -> list[Action]:
    """R86-R92: summon to your HQ within its limit, equip, unequip, exchange, in any order."""
    hq = HQ[p]
    room = state.limit(hq) - state.level_total(hq, p)
    out: list[Action] = [
        Summon(c, state.name(c))
        for c in state.hand[p]
        if state.card(c).creature and state.card(c).level <= room and not state.hero_blocked(p, c)
    ]
    out += equips(state, p, [c for _, c in state.creatures(p)])
    out += exchanges(state, p, range(CELLS))
    out.append(END_SUMMON)
    return out


def instant(state: MonsterCollectionState, p: int) -> list[Action]:
    """3.2 step 1: instant summons onto the battle's terrain within the side's limit. Equipping
    and unequipping are steps <2> and <3> of the turn player's normal summon phase (R88, R90), not
    a battle's."""
    fight = state.battle
    assert fight is not None
    cell = fight.cell
    room = state.limit(cell) - state.level_total(cell, p)
    out: list[Action] = [
        Summon(c, state.name(c), True)
        for c in state.hand[p]
        if state.card(c).instant and state.card(c).level <= room and not state.hero_blocked(p, c)
    ]
    out.append(PASS)
    return out


def formation(state: MonsterCollectionState, p: int) -> list[Action]:
    fight = state.battle
    assert fight is not None
    party = state.parties[fight.cell][p]
    out: list[Action] = [Next(c, state.name(c)) for c in party[fight.placed :]]
    if p == fight.attacker:  # R83: exchange is the marching side's (進軍側)
        out += exchanges(state, p, (fight.cell,))
    return out


def overflow(state: MonsterCollectionState, p: int) -> list[Action]:
    cell = state.overflow
    assert cell is not None
    return [Lose(c, state.name(c)) for c in state.parties[cell][p]]


def casts(state: MonsterCollectionState, p: int, timing: str, answers: str = "any") -> list[Action]:
    """The spells and items of ``timing`` in ``p``'s hand with free slots (spell slots of the
    spell's element, item slots) among ``p``'s creatures in the battle, at each target their
    text allows (MC14, MC16, U18); a counter only where it answers what was declared."""
    out: list[Action] = []
    for c in state.hand[p]:
        card = state.card(c)
        if card.timing != timing or card.kind not in ("spell", "item"):
            continue
        if timing == "counter" and card.answers != answers:
            continue
        free = state.free_spell_slots(p, card.element) if card.spell else state.free_item_slots(p)
        if free >= card.slots:
            out += targeted(state, p, c, "cast" if card.spell else "use")
    return out


def abilities(state: MonsterCollectionState, p: int) -> list[Action]:
    """3.2 step 4: each creature's special ability (特殊能力), once a battle; an action-completing
    one (行動完了型) stands for its attack."""
    fight = state.battle
    assert fight is not None
    out: list[Action] = []
    for c in state.parties[fight.cell][p]:
        if state.card(c).timing == "battle" and c not in fight.used:
            out += targeted(state, p, c, "use")
    return out


def normal(state: MonsterCollectionState, p: int) -> list[Action]:
    """3.2 steps 4, 5: battle spells, consumable items and abilities, then the attack."""
    return [*casts(state, p, "battle"), *abilities(state, p), STRIKE]


def respond(state: MonsterCollectionState, p: int) -> list[Action]:
    """A counter (対抗) to a spell, item or ability on the stack, or pass."""
    return [*casts(state, p, "counter"), PASS]


def answer(state: MonsterCollectionState, p: int) -> list[Action]:
    """After an attack: a counter that answers attacks (対抗:攻撃限定) while the attack is the
    latest declaration; once a counter is on the stack, the counters that answer it."""
    if state.res.stack:
        return [*casts(state, p, "counter"), PASS]
    return [*casts(state, p, "counter", "attack"), PASS]


KINDS = {
    "normal": normal,
    "respond": respond,
    "answer": answer,
    "adjust": adjust,
    "main": main,
    "summon": summon,
    "instant": instant,
    "formation": formation,
    "overflow": overflow,
}
