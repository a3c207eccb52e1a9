"""Final Fantasy TCG as its rulebook (seeds/000) says who attacks, who joins, what a winning
villain gets, what a fight's windows take and what Avistar sees (issue 10, items 1-6).

Each test plays a real game (``position``: a started game with the cards placed) under the
sentence it quotes; the bundled card set (``ff1``) where its cards show the rule, the test set
where it has none that does. The sentences are mapped to the code in ``ff_tcg/RULES.md``.
"""

from __future__ import annotations

import pytest

import tcgkit
from tcgkit.games.ff_tcg import FFTcg, FFTcgState
from tcgkit.kernel import IllegalAction

from .rules_helpers import ident, label, make_game, names, play, position

ZERO = ["Broadsword", "Shrine", "Fire", "Summon"]  # test cards of luck 0: fights decided by power


def ff1(**options: object) -> FFTcg:
    """The bundled card set (Wolf, Madpony, Hydra, Zombie, Ghoul as printed)."""
    game = tcgkit.load_game("ff-tcg", **{"auto_forced": False, **options})
    assert isinstance(game, FFTcg)
    return game


def texts(state: FFTcgState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def refused(state: FFTcgState, text: str, reason: str) -> None:
    with pytest.raises(IllegalAction, match=reason):
        state.apply(state.parse_action(text, state.to_move), state.to_move)


def hand(state: FFTcgState, name: str) -> str:
    return label(state, name, "hand", state.active)


def world(state: FFTcgState, name: str, nth: int = 0) -> str:
    return label(state, name, "world", state.active, nth)


# -- 1. an attack needs a monster played this turn to attack ------------------------------------
# "Uma vez que você coloque um monstro, é o momento para o combate. Entretanto, se você não colocou
# nenhum monstro para atacar, pode escolher combater os monstros que estejam em sua cidade"
def test_world_monsters_attack_only_with_a_monster_played_this_turn_to_attack():
    game = ff1()
    board = ({"hand": ["Fighter", "Asp"], "world": ["Asp", "Imp"]}, {"chars": ["Fighter"]})
    state = position(game, *board)
    play(state, f"play {hand(state, 'Fighter')}", "end")  # this turn's play is a character
    assert state.pending.kind == "declare" and texts(state) == ["done"]
    refused(state, f"attack {world(state, 'Imp')}", "no monster was played to attack this turn")
    state = position(game, *board)
    play(state, "end")  # no play at all
    assert texts(state) == ["done"]
    state = position(game, *board)
    play(state, f"play {hand(state, 'Asp')} attack", "end")  # a monster played to attack leads
    assert texts(state) == [f"attack {world(state, 'Asp')}", f"attack {world(state, 'Imp')}", "done"]


def test_without_a_monster_played_to_attack_the_player_may_still_clear_a_city():
    board = ({"chars": ["Fighter"], "cities": ["Cornelia"], "world": ["Imp"]},
             {"chars": ["Fighter"], "city_mons": [("Asp", "Cornelia")]})
    state = position(ff1(), *board)
    play(state, "end")
    cornelia = label(state, "Cornelia", "cities", 0)
    assert texts(state) == [f"clear {cornelia}", "done"]
    # the old reading stays as an option: World monsters attack on their own
    state = position(ff1(world_attacks_alone=True), *board)
    play(state, "end")
    assert texts(state) == [f"attack {world(state, 'Imp')}", f"clear {cornelia}", "done"]


# -- 2. the monster played to attack meets its own attack requirement ---------------------------
# "Se o monstro for colocado para atacar diretamente, veja se ele cumpri os pré-requisitos para
# entrar em combate."
def test_a_monster_played_to_attack_meets_its_attack_requirement():
    game = ff1()
    state = position(game, {"hand": ["Wolf"]}, {"chars": ["Fighter"]})
    wolf = hand(state, "Wolf")
    assert f"play {wolf} world" in texts(state) and f"play {wolf} attack" not in texts(state)
    refused(state, f"play {wolf} attack", r"attack requirement \(Avistar\) does not hold")
    # Zombie, "Avistar: nenhum White Mage em jogo": a White Mage in play keeps it from attacking
    state = position(game, {"hand": ["Zombie"]}, {"chars": ["Fighter"]})
    assert f"play {hand(state, 'Zombie')} attack" in texts(state)
    state = position(game, {"hand": ["Zombie"]}, {"chars": ["White Mage"]})
    assert f"play {hand(state, 'Zombie')} attack" not in texts(state)


def test_an_asp_in_the_world_does_not_let_a_wolf_lead_but_the_wolf_joins_an_attacking_asp():
    state = position(ff1(), {"hand": ["Wolf", "Asp"], "world": ["Asp", "Wolf"]}, {"chars": ["Fighter"]})
    assert f"play {hand(state, 'Wolf')} attack" not in texts(state)  # "Avistar: Asp atacando": none yet
    play(state, f"play {hand(state, 'Asp')} attack", "end")
    assert texts(state) == [f"attack {world(state, 'Asp')}", f"attack {world(state, 'Wolf')}", "done"]


# -- 3. joining monsters meet their Mundo, Jogar and Avistar requirements as they join ----------
# "pode juntar a este monstro outros que estejam no Mundo ou em Cidades, estes monstros podem atacar
# junto se cumprirem os requerimentos do Mundo e Jogar descritos na própria carta"
def test_a_joining_monster_meets_its_jogar_requirement_as_it_joins():
    game = ff1()
    state = position(game, {"hand": ["Asp"], "world": ["Hydra"]}, {"chars": ["Fighter"]})
    play(state, f"play {hand(state, 'Asp')} attack", "end")
    # Hydra sights the attacking Asp, but "Jogar: dois monstros seus no Mundo" does not hold
    assert texts(state) == ["done"]
    refused(state, f"attack {world(state, 'Hydra')}", r"play requirement \(Jogar\) does not hold now")
    state = position(game, {"hand": ["Asp"], "world": ["Hydra", "Imp"]}, {"chars": ["Fighter"]})
    play(state, f"play {hand(state, 'Asp')} attack", "end")
    assert texts(state) == [f"attack {world(state, 'Hydra')}", f"attack {world(state, 'Imp')}", "done"]
    play(state, f"attack {world(state, 'Imp')}")  # now Hydra is alone in the World: no longer
    assert texts(state) == ["done"]


def test_a_joining_monster_meets_its_mundo_requirement_as_it_joins():
    game = ff1()
    state = position(game, {"hand": ["Imp"], "world": ["Asp", "Madpony"]}, {"chars": ["Fighter"]})
    play(state, f"play {hand(state, 'Imp')} attack", "end")
    madpony = world(state, "Madpony")
    assert texts(state) == [f"attack {world(state, 'Asp')}", "done"]  # "Avistar: Asp atacando": not yet
    play(state, f"attack {world(state, 'Asp')}")
    # Madpony now sights the attacking Asp, but "Mundo: um Asp seu no Mundo": the only one left
    assert texts(state) == ["done"]
    refused(state, f"attack {madpony}", r"World requirement \(Mundo\) does not hold now")
    state = position(game, {"hand": ["Imp"], "world": ["Asp", "Asp", "Madpony"]}, {"chars": ["Fighter"]})
    play(state, f"play {hand(state, 'Imp')} attack", "end", f"attack {world(state, 'Asp')}")
    play(state, f"attack {world(state, 'Madpony')}", "done")  # a second Asp stayed in the World
    assert [state.t.label[c].split("#")[0] for c in state.attackers] == ["Imp", "Asp", "Madpony"]


# -- 4. a winning villain gets its reward; its wound is a right ---------------------------------
# "Se o vilão vencer, ele não vai para a Área de Caveiras, ele retorna ao Mundo, mas ainda faz sua
# recompensa e também tem direito a ferir um (1) personagem."
def test_an_unopposed_villain_still_gets_its_reward():
    game = make_game(auto_forced=False)
    state = position(game, {"world": ["Warmech"]}, {})
    before = len(state.hand[0])
    play(state, "end", f"attack {world(state, 'Warmech')}")  # a villain is put to attack by itself
    assert names(state, "world", 0) == ["Warmech"] and not state.skulls[0]
    assert len(state.hand[0]) == before + 2  # "Recompensa: compre 2 cartas"
    assert state.active == 1 and state.pending.kind == "play"


def test_the_villains_wound_is_a_right_its_owner_may_decline():
    game = make_game()  # auto_forced: one character to wound is still a choice, never taken for them
    board = ({"world": ["Warmech"], "top": ZERO}, {"chars": ["Red Mage"], "top": ZERO})
    state = position(game, *board)
    play(state, "end", f"attack {world(state, 'Warmech')}")  # 7 against 2: the villain wins
    mage = label(state, "Red Mage", "chars", 1)
    assert state.pending.kind == "wound" and state.to_move == 0
    assert texts(state) == [f"wound {mage}", "done"]
    assert str(state.default_action(state.pending)) == "done"  # a turn timer passes
    play(state, "done")
    assert not state.wounded and names(state, "chars", 1) == ["Red Mage"] and state.active == 1
    state = position(game, *board)
    play(state, "end", f"attack {world(state, 'Warmech')}", f"wound {mage}")
    assert state.wounded == {ident(mage)}


# -- 5. a fight's windows take every effect -----------------------------------------------------
# "Seu oponente escolhe qual personagem irá lutar primeiro. Nesse momento ele pode usar quaisquer
# Efeitos." / "é a sua vez de melhorar seus Monstros usando efeitos de suas cartas ou ações."
def test_a_fight_window_takes_efeito_abilities_each_once_per_turn():
    game = make_game(auto_forced=False)
    state = position(game, {"hand": ["Goblin"], "world": ["Asp"], "cities": ["Midgar"], "top": ZERO},
                     {"chars": ["White Mage", "Fighter"], "wounded": ["Fighter"], "top": ZERO})
    white_mage, fighter = label(state, "White Mage", "chars", 1), label(state, "Fighter", "chars", 1)
    goblin, asp, midgar = hand(state, "Goblin"), world(state, "Asp"), label(state, "Midgar", "cities", 0)
    play(state, f"play {goblin} attack", "end", f"attack {asp}", "done",
         f"assign {goblin} -> {white_mage}", f"assign {asp} -> {fighter}", f"fight {white_mage}")
    heal = f"use {white_mage} 0 -> {fighter}"  # White Mage's Efeito: heal a wounded character of yours
    assert state.pending.kind == "window" and texts(state) == [heal, "done"]
    play(state, heal)
    assert not state.wounded and texts(state) == ["done"]
    play(state, "done")
    assert texts(state) == [f"use {midgar} 0", "done"]  # the monster side's window: Midgar's Efeito
    play(state, "done")  # 1 + 0 against 1 + 0: a tie goes to the monsters, White Mage is wounded
    assert state.wounded == {ident(white_mage)}
    play(state, f"fight {fighter}")
    assert texts(state) == ["done"]  # White Mage has a wounded target again, but used its text this turn


def test_a_fight_window_offers_an_efeito_only_under_its_own_terms():
    game = make_game(auto_forced=False)
    state = position(game, {"hand": ["Goblin"], "cities": ["Midgar"]}, {"chars": ["White Mage"]})
    midgar, goblin = label(state, "Midgar", "cities", 0), hand(state, "Goblin")
    play(state, f"use {midgar} 0", f"play {goblin} attack", "end", "done")  # Midgar drew in the play phase
    white_mage = label(state, "White Mage", "chars", 1)
    play(state, f"assign {goblin} -> {white_mage}", f"fight {white_mage}")
    assert texts(state) == ["done"]  # nobody wounded: nothing to heal
    play(state, "done")
    assert texts(state) == ["done"]  # Midgar's text was used this turn already


# -- 6. Avistar sees every card but decks and discard piles, never the rival's hidden ones ------
# "Uma carta pode avistar qualquer carta em jogo, assim como qualquer aspecto em jogo, com a exceção
# de cartas no Baralho (Deck) e no Descarte, todas as outras cartas podem ser avistadas."
@pytest.mark.parametrize(("mine", "rivals", "sighted"), [
    ({"hand": ["Zombie"]}, {}, True),  # the sighting player's own hand
    ({"hidden": ["Zombie"]}, {}, True),  # their own face-down cards
    ({}, {"world": ["Zombie"]}, True),  # the table
    ({}, {"skulls": ["Zombie"]}, True),
    ({"discard": ["Zombie"]}, {}, False),  # discard piles are not sighted
    ({"top": ["Zombie"]}, {}, False),  # nor decks
    ({}, {"hand": ["Zombie"]}, False),  # nor what the player cannot see: the rival's hand
    ({}, {"hidden": ["Zombie"]}, False),  # and face-down cards
])
def test_avistar_sees_every_card_but_decks_discard_piles_and_the_rivals_hidden_cards(mine, rivals, sighted):
    state = position(ff1(), {**mine, "hand": ["Ghoul", *mine.get("hand", [])]}, rivals)
    ghoul = hand(state, "Ghoul")  # "Mundo: avistar um Zombie"
    assert (f"play {ghoul} world" in texts(state)) is sighted


def test_a_choice_that_avistar_makes_from_the_hand_is_asked_even_when_forced():
    game = ff1(auto_forced=True)
    state = position(game, {"hand": ["Asp", "White Mage"], "world": ["Zombie"]}, {"chars": ["Fighter"]})
    play(state, f"play {hand(state, 'Asp')} attack")
    # Zombie, "Avistar: nenhum White Mage em jogo", sights the White Mage in its owner's hand and
    # may not join: 'done' is the only choice, but skipping it would tell the rival about the hand
    assert state.pending.kind == "declare" and texts(state) == ["done"]
