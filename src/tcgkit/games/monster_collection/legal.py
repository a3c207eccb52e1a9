"""The legal actions of each decision (RULES.md names the rule of each)."""

from __future__ import annotations

from typing import TYPE_CHECKING

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
            if state.card(c).kind == "terrain":
                out += [Place(c, cell, state.name(c), label(p, cell)) for cell in cells]
    if not state.proxy_used and not state.hand_terrain and state.deck[p]:  # R59-R63
        out += [Proxy(cell, label(p, cell)) for cell in cells]
    out += marches(state, p)
    out += exchanges(state, p, range(CELLS))
    out.append(END_MAIN)
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
        eligible = sorted(c for c in by_cell[dest] if state.card(c).level <= room)
        where = label(p, dest)
        for group in _groups(state, eligible, room):
            out.append(March(dest, group, where, tuple(state.name(c) for c in group)))
    return out


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
    """R83, R84: equipment from one creature to another of the same player on one terrain,
    one way allowed, into free slots."""
    out: list[Action] = []
    for cell in cells:
        party = state.parties[cell][p]
        if len(party) < 2:
            continue
        for source in party:
            for e in state.gear.get(source, ()):
                cost = state.card(e).slots
                for target in party:
                    if target != source and state.free_slots(target) >= cost:
                        out.append(
                            Exchange(
                                e, source, target, (state.name(e), state.name(source), state.name(target))
                            )
                        )
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
    """3.2 step 1: instant summons onto the battle's terrain within the side's limit; equip and
    unequip the creatures in the battle."""
    fight = state.battle
    assert fight is not None
    cell = fight.cell
    room = state.limit(cell) - state.level_total(cell, p)
    out: list[Action] = [
        Summon(c, state.name(c), True)
        for c in state.hand[p]
        if state.card(c).instant and state.card(c).level <= room and not state.hero_blocked(p, c)
    ]
    out += equips(state, p, list(state.parties[cell][p]))
    out.append(PASS)
    return out


def formation(state: MonsterCollectionState, p: int) -> list[Action]:
    fight = state.battle
    assert fight is not None
    party = state.parties[fight.cell][p]
    out: list[Action] = [Next(c, state.name(c)) for c in party[fight.placed :]]
    return out + exchanges(state, p, (fight.cell,))


def overflow(state: MonsterCollectionState, p: int) -> list[Action]:
    cell = state.overflow
    assert cell is not None
    return [Lose(c, state.name(c)) for c in state.parties[cell][p]]


def casts(state: MonsterCollectionState, p: int, timing: str) -> list[Action]:
    """The spells of ``timing`` in ``p``'s hand with free spell slots of their element among
    ``p``'s creatures in the battle, at each target their text allows (MC14, MC16)."""
    out: list[Action] = []
    for c in state.hand[p]:
        card = state.card(c)
        ability = card.ability
        if ability is None or ability.timing != timing or ability.target is None:
            continue
        if state.free_spell_slots(p, card.element) < card.slots:
            continue
        for t in ability.target(state, Activation(p, c, 0)):
            out.append(Cast(c, t, (state.name(c), state.name(t))))
    return out


def normal(state: MonsterCollectionState, p: int) -> list[Action]:
    """3.2 steps 4, 5: battle spells, then the attack."""
    return [*casts(state, p, "battle"), STRIKE]


def respond(state: MonsterCollectionState, p: int) -> list[Action]:
    """A counter (対抗) to a spell on the stack, or pass."""
    return [*casts(state, p, "counter"), PASS]


KINDS = {
    "normal": normal,
    "respond": respond,
    "adjust": adjust,
    "main": main,
    "summon": summon,
    "instant": instant,
    "formation": formation,
    "overflow": overflow,
}
