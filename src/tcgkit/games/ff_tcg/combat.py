"""Combat: the declaration, the assignment, fights one by one, luck and results.

The *monster side* (``mside``) attacks with monsters; the *character side* (``cside``)
defends with characters. In a normal attack they are the active player and the opponent; in
a fight to clear a city they are the other way round. The character side assigns the
monsters and chooses the order of the fights; in each fight it has the first effect window.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...kernel.state import learn
from .actions import Assign
from .host import NO_FIGHT, POST_REVEAL, VILLAIN_FIGHT, WINDOWS
from .legal import pending_fights
from .turn import fire

if TYPE_CHECKING:
    from .rules import FFTcgState


# -- declaration ------------------------------------------------------------------------


def pick_attack(s: FFTcgState, card: int) -> None:
    p = s.active
    zone = s.world[p] if card in s.world[p] else s.city_mons[1 - p]
    zone.remove(card)  # it stays in play: its modifiers go along
    s.on.pop(card, None)
    s.attackers.append(card)
    s.log.append(("attack", p, card))
    fire(s, "on_attack", [card])
    if s.ctype(card) == "villain":  # the villain fights alone: the declaration is over
        s.decisions.pop()
        s.res.step = "villain"


def pick_clear(s: FFTcgState, city: int) -> None:
    p = s.active
    s.decisions.pop()
    s.mside, s.cside, s.clear_city = 1 - p, p, city
    for m in [m for m in s.city_mons[p] if s.on.get(m) == city]:
        s.city_mons[p].remove(m)
        del s.on[m]
        s.attackers.append(m)
    s.log.append(("clear", p, city))
    s.decide(p, "assign")


def declare_done(s: FFTcgState) -> None:
    s.decisions.pop()
    if not s.attackers:
        s.res.step = "end_turn"
    elif not s.chars[s.cside]:  # nobody defends: every attacker wins
        winners = s.attackers[:]
        for m in winners:
            to_skulls(s, m)
        s.log.append(("unopposed", s.mside, tuple(winners)))
        fire(s, "on_win", winners)
        s.res.step = "combat_end"
    else:
        s.decide(s.cside, "assign")


def step_villain(s: FFTcgState) -> None:
    villains = [a for a in s.attackers if s.ctype(a) == "villain"]
    for other in [a for a in s.attackers if a not in villains]:
        s.to_discard(other)
    if not villains:  # sacrificed by its own text: nothing attacks
        s.res.step = "combat_end"
        return
    villain = villains[0]
    if not s.chars[s.cside]:  # wins, returns to the World, "ainda faz sua recompensa"
        s.attackers.remove(villain)
        s.world[s.mside].append(villain)
        s.log.append(("unopposed", s.mside, (villain,)))
        fire(s, "on_win", [villain])
        s.res.step = "combat_end"
        return
    s.fight_char, s.fight_mons, s.extra = VILLAIN_FIGHT, [villain], [0, 0]
    s.log.append(("fight", s.cside, VILLAIN_FIGHT, (villain,)))
    open_window(s, "window")


# -- assignment and order ---------------------------------------------------------------


def do_assign(s: FFTcgState, action: Assign) -> None:
    s.assigned[action.monster] = action.character
    s.log.append(("assign", action.monster, action.character))
    if len(s.assigned) == len(s.attackers):
        s.decisions.pop()
        s.decide(s.cside, "fight")


def pick_fight(s: FFTcgState, character: int) -> None:
    s.decisions.pop()
    s.fight_char, s.extra = character, [0, 0]
    s.fight_mons = [m for m in s.attackers if s.assigned.get(m) == character]
    s.log.append(("fight", s.cside, character, tuple(s.fight_mons)))
    open_window(s, "window")


def step_order(s: FFTcgState) -> None:
    if pending_fights(s):
        s.decide(s.cside, "fight")
    else:
        s.res.step = "combat_end"


# -- a fight -------------------------------------------------------------------------------


def open_window(s: FFTcgState, kind: str) -> None:
    """A fight's effect window of ``kind`` ("window", or POST_REVEAL after the luck reveal):
    the character side first, then the monster side; each passes once (``done``)."""
    s.game.machine.open_window(s, kind, (s.cside, s.mside))


def resolve_fight(s: FFTcgState) -> None:
    """Both windows are closed: the luck reveal, then the result, or first one more window
    per side when ``post_reveal_window`` is on."""
    characters, monsters = s.fighters(s.cside), s.fight_mons[:]
    if fight_is_over(s, characters, monsters):
        return
    c_total, m_total = fight_totals(s, characters, monsters)
    c_total += reveal(s, s.cside, 1 + s.extra[s.cside])
    m_total += reveal(s, s.mside, (len(monsters) == 1) + s.extra[s.mside])
    if s.result is not None:  # a deck ran out under deckout_policy=lose
        return
    if s.game.options.post_reveal_window:
        s.extra = [0, 0]  # what the late windows grant is revealed at the result
        open_window(s, POST_REVEAL)
        return
    fight_result(s, monsters, c_total, m_total)


def resolve_after_reveal(s: FFTcgState) -> None:
    """The post-reveal windows are closed: the luck they granted is revealed, then both
    totals are measured anew (the luck cards already shown count for their owners)."""
    characters, monsters = s.fighters(s.cside), s.fight_mons[:]
    if fight_is_over(s, characters, monsters):
        return
    for side in (s.cside, s.mside):
        if s.extra[side]:
            reveal(s, side, s.extra[side])
    if s.result is not None:
        return
    c_total, m_total = fight_totals(s, characters, monsters)
    cards, kind, size = s.game.cards, s.t.kind, s.t.size
    for card in s.luck:
        if card // size == s.cside:
            c_total += cards[kind[card]].luck
        else:
            m_total += cards[kind[card]].luck
    fight_result(s, monsters, c_total, m_total)


def fight_is_over(s: FFTcgState, characters: list[int], monsters: list[int]) -> bool:
    """A fight that lost a side ends here: no monster left, nothing; no character left, the
    monster side wins (without a reveal when it had not happened)."""
    if not monsters:  # every monster left the fight
        s.res.step = "after_fight"
        return True
    if not characters:  # nobody left to fight: the monster side wins
        s.log.append(("fight_result", None, None, "monsters"))
        if s.fight_char == VILLAIN_FIGHT:
            villain_back(s, monsters[0])
            s.res.step = "after_fight"
        else:
            monsters_win(s, monsters, None)
        return True
    return False


def fight_result(s: FFTcgState, monsters: list[int], c_total: int, m_total: int) -> None:
    villain = s.fight_char == VILLAIN_FIGHT
    monsters_won = m_total >= c_total  # ties go to the monsters
    s.log.append(("fight_result", c_total, m_total, "monsters" if monsters_won else "characters"))
    if monsters_won:
        if villain:
            villain_back(s, monsters[0])
            fire(s, "on_win", monsters)
            s.res.step = "villain_wound"
        else:
            monsters_win(s, monsters, s.fight_char)
        return
    for m in monsters:
        s.to_discard(m)
    if villain:
        s.defeated[s.mside] += 1
        s.log.append(("villain_defeated", s.mside, monsters[0]))
        if check_end(s):
            return
    s.res.step = "after_fight"


def fight_totals(s: FFTcgState, characters: list[int], monsters: list[int]) -> list[int]:
    """Power + defense of each side before luck (Poder, Defesa, modifiers, static texts)."""
    bonuses = s.all_static_bonuses()
    power, defense = bonuses["power"], bonuses["defense"]
    cards, kind, mods = s.game.cards, s.t.kind, s.mods
    totals = []
    for side in (characters, monsters):
        total = 0
        for c in side:
            total += cards[kind[c]].power + power.get(c, 0) + defense.get(c, 0)
            if mods.entries:
                total += mods.total(c, "power") + mods.total(c, "defense")
        totals.append(total)
    return totals


def reveal(s: FFTcgState, player: int, count: int) -> int:
    """Sorte: the top cards of a deck, face up in the combat area until the fight ends."""
    total = 0
    for _ in range(count):
        card = s.pop_deck(player)
        if card is None:
            break
        s.luck.append(card)
        total += s.game.cards[s.t.kind[card]].luck
        s.log.append(("luck", player, card))
    return total


def villain_back(s: FFTcgState, villain: int) -> None:
    s.attackers.remove(villain)
    s.assigned.pop(villain, None)
    s.world[villain // s.t.size].append(villain)


def monsters_win(s: FFTcgState, monsters: list[int], character: int | None) -> None:
    if character is not None:
        s.wound(character)
    if len(monsters) == 1:
        to_skulls(s, monsters[0])
        fire(s, "on_win", monsters)
        s.res.step = "after_fight"
    else:
        s.decide(s.mside, "skull")


def to_skulls(s: FFTcgState, monster: int) -> None:
    s.take(monster)
    s.skulls[monster // s.t.size].append(monster)
    s.log.append(("skull", monster))


def pick_skull(s: FFTcgState, chosen: int) -> None:
    s.decisions.pop()
    winners = s.fight_mons[:]
    for m in winners:
        if m == chosen:
            to_skulls(s, m)
        else:
            s.to_discard(m)
    fire(s, "on_win", winners)
    s.res.step = "after_fight"


def step_villain_wound(s: FFTcgState) -> None:
    """The winning villain "tem direito a ferir um (1) personagem": a right its owner uses
    (``wound CARD``) or declines (``done``)."""
    if s.chars[s.cside]:
        s.decide(s.mside, "wound")
    else:
        s.res.step = "after_fight"


def pick_wound(s: FFTcgState, character: int) -> None:
    s.decisions.pop()
    s.wound(character)
    s.res.step = "after_fight"


def decline_wound(s: FFTcgState) -> None:
    s.decisions.pop()
    s.res.step = "after_fight"


def cancel_now(s: FFTcgState) -> None:
    if s.fight_char == NO_FIGHT or not s.decisions or s.decisions[-1].kind not in WINDOWS:
        return
    s.game.machine.close_window(s)
    for m in s.fight_mons[:]:
        s.to_discard(m)
    s.log.append(("cancelled",))
    s.res.step = "after_fight"


def step_after_fight(s: FFTcgState) -> None:
    to_bottom = s.game.options.luck_card_to == "deck_bottom"
    for card in s.luck:
        p = card // s.t.size
        if to_bottom:
            s.deck[p].insert(0, card)
        else:
            s.discard[p].append(card)
    if to_bottom:  # shown to both: both know where they lie
        learn(s, s.luck, range(2))
    s.luck.clear()
    s.mods.expire("end_of_combat")
    s.fight_char, s.fight_mons, s.extra = NO_FIGHT, [], [0, 0]
    if not check_end(s):
        s.res.step = "order"


def step_combat_end(s: FFTcgState) -> None:
    if check_end(s):
        return
    for leftover in s.attackers[:]:  # cannot happen by the rules; kept so no card is stranded
        s.to_discard(leftover)
    s.assigned.clear()
    s.clear_city = -1
    s.res.step = "end_turn"


# -- the end -----------------------------------------------------------------------------


def check_end(s: FFTcgState) -> bool:
    """FF22/FF24: skulls after each fight, a villain's defeat at once; both at once: a draw."""
    opts = s.game.options
    losers = []
    for p in (0, 1):
        if len(s.skulls[1 - p]) >= opts.skulls_to_lose or s.defeated[p] >= opts.villains_to_defeat:
            losers.append(p)
    if not losers:
        return False
    if len(losers) == 2:
        s.finish(None, "both players lost at once")
    else:
        loser = losers[0]
        reason = "villain defeated" if s.defeated[loser] >= opts.villains_to_defeat else \
            f"{opts.skulls_to_lose} skulls"
        s.finish(1 - loser, reason)
    return True
