"""Conflictus Aeternus zones, stats, and what card text may ask of them (the effect host).

Functions of the state: ``ConflictusState`` (``rules.py``) takes them as its methods, and the
kernel's primitives and this game's (``effects.py``) call them so on the state they are given
(``host.draw(player, 1)``); the rules' own modules call the functions.

Instance ids: player ``p`` owns ids ``p * size .. p * size + size - 1``; which card each id is
(``kind``) is a seeded permutation of the mons list, so an id tells nothing about mons order.
A set (``records.CardSet``) is keyed by the id of the warrior (or equipment) that founded it;
its warriors run bottom to top, the top one is the active warrior.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...kernel import refs
from ...kernel.effects import Activation, who_players
from ...kernel.replacements import Happening, Shield
from ...kernel.resolution import Ask, Trigger
from ...kernel.state import decision
from .effects import EVENT_TIMINGS
from .records import AbilityKey, Result

if TYPE_CHECKING:
    from .cards import Card
    from .game import Conflictus
    from .rules import ConflictusState


# -- looking up -------------------------------------------------------------------------------
def decide(state: ConflictusState, player: int, kind: str, secret: bool = False) -> None:
    state.decisions.append(decision(player, kind, secret))


def finish(state: ConflictusState, winner: int | None, reason: str) -> None:
    if state.result is None:
        state.result = Result(winner, reason)
        state.log.append(("game_over", winner, reason))


def card(state: ConflictusState, c: int) -> Card:
    return state.game.cards[state.kind[c]]


def label(state: ConflictusState, c: int) -> str:
    return state.labels[c]


def card_labels(game: Conflictus, kinds: Sequence[int]) -> tuple[str, ...]:
    """Each card's name in the notation (``Name#id``), made once per deal: the legal actions
    name every card they offer (about a twentieth of a random game's time when formatted each time)."""
    cards = game.cards
    return tuple(f"{cards[k].name}#{c}" for c, k in enumerate(kinds))


def owner(state: ConflictusState, c: int) -> int:
    return c // state.game.options.deck_size


def set_of(state: ConflictusState, c: int) -> int | None:
    for sid, rec in state.sets.items():
        if c in rec.warriors or c in rec.equipment or c in rec.sources:
            return sid
    return None


def tops(state: ConflictusState, player: int) -> list[int]:
    return [rec.warriors[-1] for rec in state.sets.values() if rec.owner == player and rec.warriors]


def is_top(state: ConflictusState, c: int) -> bool:
    return any(rec.warriors and rec.warriors[-1] == c for rec in state.sets.values())


def living(state: ConflictusState) -> list[int]:
    return [p for p in range(state.n) if p not in state.out]


def opponents(state: ConflictusState, player: int) -> list[int]:
    n = state.n
    return [(player + i) % n for i in range(1, n) if (player + i) % n not in state.out]


def free_sources(state: ConflictusState, player: int) -> tuple[int, int]:
    """Free (unused) Light and Shadow sources of ``player``'s field."""
    used, cards, kind = state.used, state.game.cards, state.kind
    luz = sombra = 0
    for c in state.field[player]:
        if c not in used:
            if cards[kind[c]].faction == "luz":
                luz += 1
            else:
                sombra += 1
    return luz, sombra


# -- stats ----------------------------------------------------------------------------------
def stat(state: ConflictusState, c: int, name: str) -> int:
    base_card = card(state, c)
    base = base_card.attack if name == "attack" else base_card.defense if name == "defense" \
        else base_card.tombo
    value = base + state.mods.total(c, name) + static_bonus(state, c, name)
    if name == "defense":
        value -= state.damage.get(c, 0)
    return value


def has(state: ConflictusState, c: int, keyword: str) -> bool:
    return state.mods.total(c, keyword) > 0


def static_bonus(state: ConflictusState, c: int, name: str) -> int:
    """What relics and the set's equipment add to active warrior ``c``."""
    statics = state.game.statics
    total = 0
    me = owner(state, c)
    for p in range(state.n):
        for r in state.relics[p]:
            for stat_name, ref, amount, holds in statics[state.kind[r]]:
                if stat_name == name and ((ref == "your_warriors" and p == me) or
                                          (ref == "opponents_warriors" and p != me)):
                    act = Activation(p, r)
                    if holds is None or holds(state, act):
                        total += amount(state, act)
    sid = set_of(state, c)
    if sid is not None:
        rec = state.sets[sid]
        if rec.warriors and rec.warriors[-1] == c:
            for e in rec.equipment:
                for stat_name, ref, amount, holds in statics[state.kind[e]]:
                    if stat_name == name and ref == "bearer":
                        act = Activation(me, e)
                        if holds is None or holds(state, act):
                            total += amount(state, act)
    return total


# -- moving cards -----------------------------------------------------------------------------
def draw(state: ConflictusState, player: int, count: int) -> None:
    for _ in range(count):
        if player in state.out or player in state.dying:
            return
        if not state.mons[player]:
            lose(state, player, "drew from an empty mons")
            return
        c = state.mons[player].pop()
        state.hand[player].append(c)
        state.log.append(("draw", player, c))


def mill(state: ConflictusState, player: int, count: int, cost: bool = False) -> None:
    """Tombar: the top ``count`` cards of the mons go to the Mortis; a player who cannot is out.
    Prevention applies (``mill`` shields), except to a mill paid as a cost."""
    if player in state.out or player in state.dying or count <= 0:
        return
    if state.shields.entries and not cost:
        happening = state.shields.apply(Happening("mill", refs.player(player), count))
        if happening is None or happening.amount < count:
            prevented = count - (happening.amount if happening else 0)
            state.record("prevented_mill", player=player, event="mill", amount=prevented)
        if happening is None:
            return
        count = happening.amount
    milled = []
    mons, mortis = state.mons[player], state.mortis[player]
    for _ in range(min(count, len(mons))):
        c = mons.pop()
        mortis.append(c)
        milled.append(c)
    state.log.append(("mill", player, milled))
    if len(milled) < count:
        lose(state, player, f"had to tombar {count} with {len(milled)} in the mons")
    elif state.game.watchers["on_mill"]:
        fire(state, "on_mill", refs.player(player))


def lose(state: ConflictusState, player: int, why: str) -> None:
    if player not in state.dying and player not in state.out:
        state.dying.append(player)
        state.record("loses", player=player, reason=why)


def remove(state: ConflictusState, c: int) -> None:
    """Take ``c`` out of whatever zone of play holds it. The sources that paid for a warrior or
    equipment leaving its set go back to the field used, free at the start of the next rodada
    ("as fontes vinculadas a este guerreiro somente serão liberadas no início da próxima
    rodada"); but the last warrior of a set with equipment leaves its sources in the set, which
    goes on as sources and equipment (RULES.md); a set left with neither is gone."""
    p = owner(state, c)
    for zone in (state.field[p], state.relics[p], state.amulets[p], state.stack[p]):
        if c in zone:
            zone.remove(c)
            state.used.discard(c)
            return
    sid = set_of(state, c)
    if sid is None:
        return
    rec = state.sets[sid]
    was_warrior = c in rec.warriors
    for part in (rec.warriors, rec.equipment, rec.sources):
        if c in part:
            part.remove(c)
    rec.paid.pop(c, None)
    freed = [s for s, paid_for in rec.paid.items() if paid_for == c]
    if was_warrior and not rec.warriors and rec.equipment:
        # the last warrior gone, the set is kept as its sources and active equipment ("você pode
        # manter o conjunto composto de fontes e equipamentos ativos"): the equipment shares them
        for s in freed:
            rec.paid[s] = rec.equipment[0]
        freed = []
    for s in freed:
        del rec.paid[s]
        rec.sources.remove(s)
        state.field[rec.owner].append(s)
        state.used.add(s)
    if freed:
        state.record("unbound", card=c, player=rec.owner, sources=freed)
    state.entered.pop(c, None)
    state.damage.pop(c, None)
    state.mods.forget(c)
    if state.shields.entries:
        state.shields.forget(c)
    if not rec.warriors and not rec.equipment:  # every source left with the card it paid for
        del state.sets[sid]


def in_play(state: ConflictusState, c: int) -> bool:
    p = owner(state, c)
    return c in state.field[p] or c in state.relics[p] or set_of(state, c) is not None


def to_mortis(state: ConflictusState, c: int, why: str) -> None:
    """``c`` to its owner's Mortis; ``why`` is the event told (died, destroyed, sacrificed),
    before the sources it frees (``remove``)."""
    p = owner(state, c)
    state.log.append((why, c, p))
    remove(state, c)
    state.mortis[p].append(c)


def destroy(state: ConflictusState, c: int) -> None:
    """Destroyed by an effect: to the Mortis, unless a shield prevents it or sends it elsewhere."""
    if not in_play(state, c):
        return
    if state.shields.entries:
        happening = state.shields.apply(Happening("destroy", refs.card(c), zone="mortis"))
        if happening is None:
            state.record("prevented_destroy", card=c, event="destroy")
            return
        if happening.zone != "mortis":
            move_card(state, c, happening.zone)
            return
    to_mortis(state, c, "destroyed")


def sacrifice(state: ConflictusState, c: int) -> None:
    """``c`` to the Mortis: a card in play, or an amulet resolved this rodada (still on the table)."""
    if in_play(state, c) or c in state.amulets[owner(state, c)]:
        to_mortis(state, c, "sacrificed")


def exterminate(state: ConflictusState, c: int) -> None:
    if in_play(state, c):
        p = owner(state, c)
        state.record("exterminated", card=c, player=p)
        remove(state, c)
        state.exterminatus[p].append(c)


def move_card(state: ConflictusState, c: int, zone: str) -> None:
    if not in_play(state, c):
        return
    if zone == "exterminatus":
        exterminate(state, c)
    elif zone == "mortis":
        to_mortis(state, c, "sacrificed")  # put there (a cost, a move): not destroyed, no shield
    else:
        p = owner(state, c)
        state.record("returned", card=c, player=p, zone=zone)
        remove(state, c)
        (state.hand[p].append(c) if zone == "hand" else state.mons[p].insert(0, c))


def deaths(state: ConflictusState) -> None:
    """Active warriors with defence 0 or less go to the Mortis (the one below takes over)."""
    changed = True
    while changed:
        changed = False
        for rec in list(state.sets.values()):
            warriors = rec.warriors
            if warriors and stat(state, warriors[-1], "defense") <= 0:
                to_mortis(state, warriors[-1], "died")
                changed = True


# -- the effect host ------------------------------------------------------------------------
def player_ref(state: ConflictusState, act: Activation, who: str) -> list[int]:
    return [] if act.player in state.out and who == "you" else who_players(who, act, state.n, state.out)


def card_refs(state: ConflictusState, act: Activation, ref: str) -> list[int]:
    if ref == "self":
        return [act.source] if is_top(state, act.source) else []
    if ref == "target":
        return [t for t in act.cards() if is_top(state, t)]
    if ref == "bearer":
        sid = set_of(state, act.source)
        warriors = state.sets[sid].warriors if sid is not None else []
        return warriors[-1:]
    if ref == "your_warriors":
        return tops(state, act.player)
    return [c for p in opponents(state, act.player) for c in tops(state, p)]


def add_modifier(state: ConflictusState, c: int, stat_name: str, amount: int, until: str) -> None:
    state.mods.add(c, stat_name, amount, until)
    state.record("modified", card=c, stat=stat_name, amount=amount)
    deaths(state)


def ask_discard(state: ConflictusState, player: int, count: int) -> Any:
    count = min(count, len(state.hand[player]))
    if count <= 0 or player in state.out:
        return None
    return state.game.machine.ask(state, Ask(player, "discard", count))


def ask_pay(state: ConflictusState, player: int, cards: list[int], count: int, zone: str) -> Any:
    """A cost paid with cards in play: the player picks ``count`` of ``cards`` (Offer actions)."""
    return state.game.machine.ask(state, Ask(player, "pay", count, (zone,), tuple(cards)))


def stat_of(state: ConflictusState, c: int, stat_name: str) -> int:
    return stat(state, c, stat_name)


def roll(state: ConflictusState, sides: int) -> int:
    value = state.rng.below(sides) + 1
    state.record("roll", sides=sides, value=value)
    return value


def hand_size(state: ConflictusState, player: int) -> int:
    return len(state.hand[player])


def add_shield(state: ConflictusState, shield: Shield) -> None:
    state.shields.add(shield)
    state.record("shield", card=shield.source, event=shield.kind, mode=shield.mode, subject=shield.subject)


def combat_damage(state: ConflictusState, c: int, amount: int) -> int:
    """Combat damage to ``c`` after its shields (prevented: 0)."""
    if not state.shields.entries or amount <= 0:
        return amount
    happening = state.shields.apply(Happening("combat_damage", refs.card(c), amount))
    left = 0 if happening is None else happening.amount
    if left < amount:
        state.record("prevented_damage", card=c, event="combat_damage", amount=amount - left)
    return left


def fire(state: ConflictusState, timing: str, subject: refs.Ref) -> None:
    """An event for the ``warrior_enters`` / ``on_mill`` cards in play of every player: each
    whose ``trigger_if`` and condition hold triggers (once per rodada per card)."""
    watchers = state.game.watchers[timing]
    for p in living(state):
        for c in [*state.relics[p], *(x for rec in state.sets.values() if rec.owner == p
                                       for x in rec.warriors[-1:] + rec.equipment)]:
            if state.kind[c] in watchers:
                trigger(state, p, c, timing, (subject,))


def trigger(state: ConflictusState, p: int, c: int, timing: str, subjects: tuple[refs.Ref, ...] = (),
            event: str = "") -> None:
    """Queue ``c``'s abilities of ``timing`` whose filter and condition hold now (the condition
    is checked again when the trigger resolves)."""
    for ability in card(state, c).abilities:
        if ability.timing != timing:
            continue
        key = AbilityKey(c, ability.index)
        once = timing in EVENT_TIMINGS and ability.once_per_turn
        if once and key in state.used_abilities:
            continue
        act = Activation(p, c, ability.index, subjects[0] if subjects else None, subjects[:1], subjects)
        if not ability.triggers_on(state, act) or \
                (ability.condition is not None and not ability.condition.holds(state, act)):
            continue
        if once:
            state.used_abilities.add(key)
        state.game.machine.queue(state, Trigger(p, c, ability.index, event or timing, subjects))


def ask_search(state: ConflictusState, player: int, klass: str) -> Any:
    found = any(card(state, c).klass == klass for c in state.mons[player])
    if not found:
        shuffle_mons(state, player)
        return None
    return state.game.machine.ask(state, Ask(player, "search", 1, (klass,)))


def shuffle_mons(state: ConflictusState, player: int) -> None:
    state.rng.shuffle(state.mons[player])
    state.record("shuffled", player=player)


def return_from_mortis(state: ConflictusState, player: int, klass: str) -> None:
    for c in reversed(state.mortis[player]):
        if card(state, c).klass == klass:
            state.mortis[player].remove(c)
            state.hand[player].append(c)
            state.record("returned", card=c, player=player, zone="hand")
            return


def set_sources(state: ConflictusState, player: int, count: int, used: bool) -> None:
    order = sorted(state.field[player], key=lambda c: (card(state, c).faction != "luz", c))
    changed = 0
    for c in order:
        if changed == count:
            break
        if (c in state.used) != used:
            (state.used.add if used else state.used.discard)(c)
            changed += 1
    state.record("sources_used" if used else "sources_freed", player=player, count=changed)


def extra_drop(state: ConflictusState, player: int) -> None:
    state.drops[player] = state.drops[player]._replace(extra=state.drops[player].extra + 1)


def counter(state: ConflictusState, target: int) -> None:
    for i, frame in enumerate(state.res.stack):
        if frame.source == target and frame.ability == state.game.amulet_ability[state.kind[target]]:
            del state.res.stack[i]
            p = owner(state, target)
            state.stack[p].remove(target)
            state.mortis[p].append(target)
            state.record("countered", card=target, player=p)
            return


def zone_count(state: ConflictusState, player: int, zone: str) -> int:
    if zone == "sets":
        return sum(1 for rec in state.sets.values() if rec.owner == player)
    if zone == "sources":
        return len(state.field[player])
    zones: list[list[int]] = getattr(state, zone)
    return len(zones[player])


def in_combat(state: ConflictusState, c: int) -> bool:
    return any(w == c for w, _ in state.attackers.values()) or any(w == c for _, w in state.blocks.values())


# -- targets ----------------------------------------------------------------------------------
def active_warriors(state: ConflictusState, player: int, side: str) -> list[int]:
    if side == "own":
        return tops(state, player)
    if side == "opponent":
        return [c for p in opponents(state, player) for c in tops(state, p)]
    return [c for p in living(state) for c in tops(state, p)]


def amulets_on_stack(state: ConflictusState, player: int) -> list[int]:
    amulet = state.game.amulet_ability
    return [f.source for f in state.res.stack
            if f.player != player and f.ability == amulet[state.kind[f.source]]
            and f.source in state.stack[f.player]]
