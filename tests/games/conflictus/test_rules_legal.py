"""Legal plays and their costs (RULES.md: Fontes, Conjuntos, Equipamentos): which sources pay a
card of each faction, what a set's capacity counts, what equipment may cost, what an empty hand
may still do.

Found by mutation testing (docs/kernel.md).
"""

from __future__ import annotations

from tcgkit.games.conflictus import Conflictus
from tcgkit.games.conflictus.actions import Cast, Keep, Play
from tcgkit.games.conflictus.cards import shipped_files
from tcgkit.games.conflictus.legal import attack_ready, capacity, sacrificable
from tcgkit.games.conflictus.records import CardSet, Drops

from . import test_cards as card_tests
from .helpers import (
    DECKS,
    act,
    duel_with_extra_cards,
    fetch,
    label,
    pass_until,
    sources,
    start,
    texts,
    to_phase,
)


def take(state, player, name):
    """A card called ``name`` out of ``player``'s mons or hand (for a set built by hand)."""
    for zone in (state.mons[player], state.hand[player]):
        for c in reversed(zone):
            if state.card(c).name == name:
                zone.remove(c)
                return c
    raise LookupError(name)


def build(state, player, source_names, warriors, equipment=()):
    """A set of ``player`` from mons cards: warriors as (name, rodada entered), bottom to top."""
    ids = [take(state, player, n) for n, _ in warriors]
    rec = CardSet(player, [take(state, player, n) for n in source_names], ids,
                  [take(state, player, n) for n in equipment], {})
    rec.paid = dict.fromkeys(rec.sources, (ids or rec.equipment)[0])  # the founder's
    for c, (_, entered) in zip(ids, warriors, strict=True):
        state.entered[c] = entered
    sid = ids[0] if ids else rec.equipment[0]
    state.sets[sid] = rec
    state.added[sid] = 0
    state.legal = None
    return sid, rec


def plays(state, c):
    return [t for t in texts(state) if t.startswith(f"play {label(state, c)}")]


def test_a_sets_capacity_counts_sources_and_earlier_warriors_by_faction():
    state = start(decks=("crepusculo", "crepusculo"))
    old = state.round - 1
    sid, rec = build(state, 0, ["Fonte de Luz"] * 2 + ["Fonte de Sombra"] * 2, [
        ("Cultista do Véu", old), ("Duelista Veterano", old), ("Mago Iluminado", old),
        ("Guardiã da Aurora", state.round)])  # the Guardiã came this rodada: it counts for nothing yet
    assert capacity(state, rec, warriors=True) == (2 + 1, 2 + 1, 2)
    assert capacity(state, rec, warriors=False) == (3, 3, 2)


def test_equipment_counts_only_the_warriors_below_the_active_one():
    state = start(decks=("crepusculo", "crepusculo"))
    old = state.round - 1
    sid, rec = build(state, 0, ["Fonte de Luz"], [
        ("Cultista do Véu", old), ("Duelista Veterano", old), ("Mago Iluminado", old)])
    assert capacity(state, rec, warriors=True) == (2, 1, 2)
    assert capacity(state, rec, warriors=False) == (1, 1, 2)


def test_each_faction_pays_with_its_own_sources_and_neutral_with_either():
    state = start(decks=("crepusculo", "crepusculo"))
    guard, carrasco, duelist, skull = (fetch(state, 0, n) for n in (
        "Guardiã da Aurora", "Carrasco Sombrio", "Duelista Veterano", "Crânio Maldito"))
    sources(state, 0, luz=3)
    assert plays(state, guard) == [f"play {label(state, guard)} pay L2"]
    assert plays(state, carrasco) == [] and plays(state, skull) == []
    assert plays(state, duelist) == [f"play {label(state, duelist)} pay L2"]
    sources(state, 0, sombra=2)
    assert plays(state, guard) == [f"play {label(state, guard)} pay L2"]
    assert plays(state, carrasco) == []  # three Shadow sources needed, two there
    assert plays(state, skull) == [f"play {label(state, skull)} pay S2"]
    assert plays(state, duelist) == [f"play {label(state, duelist)} pay {p}" for p in ("S2", "L1+S1", "L2")]


def test_equipment_pays_what_its_faction_and_the_sets_total_lack():
    state = start(decks=("crepusculo", "crepusculo"))
    old = state.round - 1
    theirs, _ = build(state, 1, ["Fonte de Sombra"], [("Cultista do Véu", old)])  # listed first
    sid, rec = build(state, 0, ["Fonte de Luz"], [("Mago Iluminado", old)])
    other, _ = build(state, 0, ["Fonte de Sombra"], [("Necromante Cinzento", old)])
    aegis, spear, cloak = (fetch(state, 0, n) for n in ("Égide Sagrada", "Lança Longa", "Manto das Trevas"))
    sources(state, 0, luz=2, sombra=2)
    assert plays(state, aegis) == [f"play {label(state, aegis)} on set#{sid}",
                                   f"play {label(state, aegis)} on set#{other} pay L1"]
    assert plays(state, cloak) == [f"play {label(state, cloak)} on set#{sid} pay S1",
                                   f"play {label(state, cloak)} on set#{other}"]
    assert plays(state, spear) == [f"play {label(state, spear)} on set#{s} pay {p}"
                                   for s in (sid, other) for p in ("S1", "L1")]
    act(state, f"play {label(state, aegis)} on set#{sid}")
    assert plays(state, spear)[:3] == [f"play {label(state, spear)} on set#{sid} pay {p}"
                                       for p in ("S2", "L1+S1", "L2")]
    assert theirs not in [a.on for a in state.legal_actions() if hasattr(a, "on")]


def test_with_an_empty_hand_relic_abilities_and_sacrifices_are_still_offered():
    state = start(decks=("crepusculo", "crepusculo"))
    mago = fetch(state, 0, "Mago Iluminado")
    sources(state, 0, luz=1)
    act(state, f"play {label(state, mago)} pay L1")
    state.mons[0] += state.hand[0]
    state.hand[0] = []
    skull = fetch(state, 0, "Crânio Maldito", "relics")
    assert texts(state) == ["pass", f"use 0 {label(state, skull)} at P1"]
    state.relics[0].remove(skull)
    state.mons[0].append(skull)
    state.legal = None
    assert texts(state) == ["pass"]
    while state.phase != "sacrifice":
        act(state, "done" if state.pending.kind in ("declare", "blockers") else "pass")
    paid = state.sets[mago].sources
    assert state.pending.player == 0 and texts(state) == [
        "pass", f"sacrifice {label(state, mago)}", *(f"sacrifice {label(state, s)}" for s in paid)]


def test_actions_built_by_a_caller_from_their_fields_are_the_legal_ones():
    state = start(decks=("crepusculo", "crepusculo"))
    sources(state, 0, luz=3, sombra=2)
    names = ("Guardiã da Aurora", "Crânio Maldito", "Visão Clara")
    guard, skull, vision = (fetch(state, 0, n) for n in names)
    legal = state.legal_actions()
    assert Play(guard, -1, 2, 0, label(state, guard)) in legal  # on = -1: a new set
    assert Play(skull, -1, 0, 2, label(state, skull)) in legal
    assert Cast(vision, -1, None, 2, 0, label(state, vision), "") in legal  # an amulet without a target


def test_amulets_pay_with_their_factions_sources():
    state = start(decks=("crepusculo", "abismo"))
    vision, whisper = fetch(state, 0, "Visão Clara"), fetch(state, 0, "Sussurro do Vazio")
    sources(state, 0, sombra=3)
    assert not any(t.startswith(f"amulet {label(state, vision)}") for t in texts(state))
    assert any(t.startswith(f"amulet {label(state, whisper)}") for t in texts(state))


def test_relics_warriors_equipment_and_sources_may_be_sacrificed_and_new_warriors_wait_to_attack():
    state = start(decks=("crepusculo", "crepusculo"))
    old = state.round - 1
    skull = take(state, 0, "Crânio Maldito")
    state.relics[0].append(skull)
    sid, rec = build(state, 0, ["Fonte de Sombra"], [("Cultista do Véu", old), ("Necromante Cinzento", old)],
                     ["Manto das Trevas"])
    new, _ = build(state, 0, ["Fonte de Luz"], [("Mago Iluminado", state.round)])
    new_rec = state.sets[new]
    assert sacrificable(state, 0) == [skull, *rec.warriors[::-1], *rec.equipment, *rec.sources,
                                      new, *new_rec.sources]
    assert attack_ready(state, 0) == [sid]


def test_neutral_warriors_in_a_set_count_for_a_warrior_of_any_faction():
    state = start(decks=("crepusculo", "crepusculo"))
    old = state.round - 1
    sid, rec = build(state, 0, ["Fonte de Sombra"], [("Duelista Veterano", old), ("Duelista Veterano", old)])
    assert capacity(state, rec, warriors=True) == (0, 1, 2 + 2)
    for name in ("Cavaleiro de Prata", "Devorador de Almas", "Gigante das Colinas"):  # L, S, N; cost 4
        c = fetch(state, 0, name)
        assert plays(state, c) == [f"play {label(state, c)} on set#{sid}"], name  # no free source needed


def test_a_warrior_stacked_pays_what_its_factions_capacity_lacks_on_each_of_its_players_older_sets():
    state = start(decks=("crepusculo", "crepusculo"))
    old = state.round - 1
    build(state, 1, ["Fonte de Luz"], [("Mago Iluminado", old)])  # another player's set, listed first
    new, _ = build(state, 0, ["Fonte de Luz"], [("Lanceiro de Vigília", old)])
    state.added[new] = state.round  # a warrior came to it this rodada: no other one may join
    sid, rec = build(state, 0, ["Fonte de Sombra"] * 2, [("Cultista do Véu", old)])  # Shadow capacity 3
    guard = fetch(state, 0, "Guardiã da Aurora")  # Light, cost 2
    sources(state, 0, luz=2, sombra=1)
    assert plays(state, guard) == [f"play {label(state, guard)} pay L2",
                                   f"play {label(state, guard)} on set#{sid} pay L2"]


def test_a_warrior_that_cannot_block_is_not_offered_and_a_stacked_attacker_may_be_blocked():
    state = start(decks=("abismo", "abismo"))
    old = state.round - 1
    attacker, _ = build(state, 0, ["Fonte de Sombra"], [("Cultista do Véu", old), ("Espectro Faminto", old)])
    free, _ = build(state, 1, ["Fonte de Sombra"], [("Cultista do Véu", old)])
    _, rec = build(state, 1, ["Fonte de Sombra"], [("Lâmina Noturna", old)])
    state.mods.add(rec.warriors[-1], "cannot_block", 1, "end_of_round")  # Grilhões
    to_phase(state, "attack")
    act(state, f"attack set#{attacker} P1")
    pass_until(state, "blockers")
    assert state.pending.player == 1
    assert texts(state) == ["done", f"block set#{attacker} with set#{free}"]


def test_a_player_who_may_drop_an_extra_source_drops_one_more_in_an_opponents_rodada():
    state = start(decks=("crepusculo", "crepusculo"))
    act(state, "pass")
    assert state.pending.player == 1 and state.active == 0
    light = fetch(state, 1, "Fonte de Luz")
    state.drops[1] = Drops(0, 1, 0)  # one source dropped in this opponent's rodada already
    state.legal = None
    assert f"source {label(state, light)}" not in texts(state)
    state.drops[1] = Drops(0, 1, 1)  # Renovação: one more before their next rodada
    state.legal = None
    assert f"source {label(state, light)}" in texts(state)


def test_with_no_hand_and_no_relic_warriors_may_still_be_sacrificed():
    state = start(decks=("crepusculo", "crepusculo"))
    old = state.round - 1
    _, rec = build(state, 0, ["Fonte de Luz"], [("Mago Iluminado", old)])
    state.mons[0] += state.hand[0]
    state.hand[0] = []
    rodada = state.round
    to_phase(state, "sacrifice")  # in this rodada, with the hand still empty: player 0 is asked
    assert state.round == rodada and state.hand[0] == [] and state.pending.player == 0
    assert texts(state) == ["pass", *(f"sacrifice {label(state, c)}" for c in rec.warriors + rec.sources)]


def test_a_relic_pays_with_its_factions_sources_and_offers_every_target():
    state = card_tests.duel(("Cálice da Luz", "Dado dos Deuses", "Cultista do Véu", "Mago Iluminado"), ())
    old = state.round - 1
    cult = build(state, 0, [], [("Cultista do Véu", old)])[1].warriors[0]
    mago = build(state, 0, [], [("Mago Iluminado", old)])[1].warriors[0]
    chalice, die = (fetch(state, 0, n, "relics") for n in ("Cálice da Luz", "Dado dos Deuses"))
    sources(state, 0, sombra=1)  # a Shadow source pays the Neutral die, not the Light chalice
    assert [t for t in texts(state) if t.startswith("use")] == [  # the chalice is not among them
        f"use 0 {label(state, die)} at {label(state, w)} pay S1" for w in (cult, mago)]


def test_a_relic_whose_cost_puts_a_warrior_in_the_mortis_is_offered_while_one_is_in_play():
    state = card_tests.duel(("Altar dos Mártires", "Cultista do Véu"), ())
    altar = fetch(state, 0, "Altar dos Mártires", "relics")
    sources(state, 0, sombra=1)
    assert not any(t.startswith("use") for t in texts(state))  # no active warrior to pay with
    build(state, 0, [], [("Cultista do Véu", state.round - 1)])
    assert [t for t in texts(state) if t.startswith("use")] == [f"use 0 {label(state, altar)} at P1 pay S1"]


# -- card text beyond the shipped set ---------------------------------------------------------
EXTRA = """
[[card]]
id = "veredito"
name = "Veredito"
faction = "neutra"
klass = "amuleto"
cost = 1
text = "Só contra um oponente com 20 cartas ou menos no mons: ele tomba 1 carta."
[[card.abilities]]
timing = "amulet"
condition = { check = "mons_at_most", who = "chosen_opponent", at_most = 20 }
target = { choose = "player" }
effects = [{ do = "mill", count = 1, who = "chosen_opponent" }]

[[card]]
id = "idolo-triplo"
name = "Ídolo Triplo"
faction = "neutra"
klass = "reliquia"
cost = 2
text = "+1 de ataque aos seus guerreiros ativos. Ativar, 2 fontes: compre 1. Ativar, 1 fonte: compre 1."
[[card.abilities]]
timing = "static"
effects = [{ do = "modify_stat", stat = "attack", amount = 1, to = "your_warriors" }]
[[card.abilities]]
timing = "activated"
cost = [{ do = "pay", count = 2 }]
effects = [{ do = "draw", count = 1 }]
[[card.abilities]]
timing = "activated"
cost = [{ do = "pay", count = 1 }]
effects = [{ do = "draw", count = 1 }]
"""


def extra_game(tmp_path, players: int):
    """Every player's mons is the frozen crepúsculo one with Veredito and Ídolo Triplo in."""
    path = tmp_path / "extra.toml"
    path.write_text(EXTRA, encoding="utf-8")
    game = Conflictus(players=players, first_player=0, card_files=(shipped_files()[0].ref, path))
    deck = [*DECKS["crepusculo"][:-2], "Veredito", "Ídolo Triplo"]
    state = game.new_state(0, [deck] * players)
    while state.pending is not None and state.pending.kind == "mulligan":
        state.apply(Keep(), state.to_move)
    return state


def mons_left(state, player: int, count: int) -> None:
    while len(state.mons[player]) > count:
        state.mortis[player].append(state.mons[player].pop())


def test_a_condition_on_the_chosen_player_is_checked_for_each_player_offered(tmp_path):
    state = extra_game(tmp_path, 3)
    verdict = fetch(state, 0, "Veredito")
    sources(state, 0, luz=1)
    mons_left(state, 2, 20)
    amulets = [t for t in texts(state) if t.startswith("amulet")]
    assert amulets == [f"amulet {label(state, verdict)} at P2 pay L1"]
    act(state, "pass")
    theirs = fetch(state, 1, "Veredito")
    sources(state, 1, luz=1)
    mons_left(state, 0, 20)  # player 0: the seat 0 target
    assert [t for t in texts(state) if t.startswith("amulet")] == [
        f"amulet {label(state, theirs)} at P{q} pay L1" for q in (2, 0)]  # in turn order from player 1


def test_each_activated_ability_of_a_relic_is_offered_on_its_own(tmp_path):
    state = extra_game(tmp_path, 2)
    idol = fetch(state, 0, "Ídolo Triplo", "relics")
    sources(state, 0, luz=1)  # the first ability costs two: only the second is offered
    assert [t for t in texts(state) if t.startswith("use")] == [f"use 2 {label(state, idol)} pay L1"]
    sources(state, 0, sombra=1)
    name = label(state, idol)
    assert [t for t in texts(state) if t.startswith("use")] == [
        f"use 1 {name} pay L1+S1", f"use 2 {name} pay S1", f"use 2 {name} pay L1"]


SELF_COST = """
[[card]]
id = "altar-vazio"
name = "Altar Vazio"
faction = "neutra"
klass = "reliquia"
cost = 1
text = "Ativar, ponha o guerreiro ativo deste cartão no mortis: compre 1. (Uma relíquia não tem um.)"
[[card.abilities]]
timing = "activated"
cost = [{ do = "pay_cards", of = "self", count = 1, zone = "mortis" }]
effects = [{ do = "draw", count = 1 }]
"""


def test_a_relic_cost_naming_itself_as_a_warrior_is_never_payable_even_beside_card_zero(tmp_path):
    """``self`` names an active warrior only, which a relic never is: its cost checks read the
    relic, not another card (here card 0, an active warrior of the same player)."""
    state = duel_with_extra_cards(tmp_path / "extra.toml", SELF_COST, ("Altar Vazio",))
    warrior = next(c for c in state.mons[0] + state.hand[0] if state.card(c).klass == "guerreiro")
    state.kind = list(state.kind)  # card 0 made a warrior, whatever the deal made it
    state.kind[0], state.kind[warrior] = state.kind[warrior], state.kind[0]
    assert state.card(0).klass == "guerreiro" and (0 in state.mons[0] or 0 in state.hand[0])
    for zone in (state.mons[0], state.hand[0]):
        if 0 in zone:
            zone.remove(0)
    state.sets[0] = CardSet(0, [], [0], [], {})
    state.entered[0] = state.added[0] = state.round - 1
    altar = fetch(state, 0, "Altar Vazio", "relics")
    state.legal = None
    state.check_invariants()
    assert not [t for t in texts(state) if t.startswith(f"use 0 {label(state, altar)}")]
