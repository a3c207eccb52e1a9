"""The card set: its spread, the vocabulary every card uses (computed from the registry), and the
primitives wired into the engine in real games: conditions, card costs, prevention and
redirection, computed amounts, event triggers (RULES.md, "Cartas" and "Condições")."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tcgkit.games.conflictus import Conflictus, ConflictusState
from tcgkit.games.conflictus.actions import Keep
from tcgkit.games.conflictus.cards import KLASSES, default_cards, load_cards
from tcgkit.games.conflictus.effects import REGISTRY
from tcgkit.kernel.effects import Ability, Condition, EffectStep
from tcgkit.kernel.errors import CardDataError

from .helpers import act, fetch, label, next_rodada, sources, texts, to_phase


# -- the set ----------------------------------------------------------------------------------
def _steps(condition: Condition | None) -> Iterator[EffectStep]:
    if condition is None:
        return
    if condition.check is not None:
        yield condition.check
    for part in condition.parts:
        yield from _steps(part)


def _used(ability: Ability) -> Iterator[tuple[str, str]]:
    """(kind, primitive name) of everything an ability uses, amounts inside parameters included."""
    yield "timing", ability.timing
    steps = [*ability.costs, *ability.effects, *_steps(ability.condition), *_steps(ability.trigger_if)]
    if ability.target is not None:
        steps.append(ability.target)
    for step in steps:
        yield step.primitive.kind, step.primitive.name
        for value in dict(step.params).values():
            inner = getattr(value, "step", None)
            if isinstance(inner, EffectStep):
                yield inner.primitive.kind, inner.primitive.name


def test_every_primitive_check_target_amount_and_timing_is_used_by_some_card():
    used = {pair for card in default_cards().cards for a in card.abilities for pair in _used(a)}
    vocabulary = {*REGISTRY.primitives, *(("timing", t) for t in REGISTRY.timings)}
    assert vocabulary - used == set(), "no card uses these"


def test_the_set_has_eighty_cards_of_three_factions_and_five_classes_and_warriors_at_every_cost():
    cards = [c for c in default_cards().cards if c.klass != "fonte"]
    assert len(cards) >= 80
    assert {c.faction for c in cards} == {"luz", "sombra", "neutra"}
    assert {c.klass for c in default_cards().cards} == set(KLASSES)
    for faction in ("luz", "sombra", "neutra"):
        costs = {c.cost for c in cards if c.klass == "guerreiro" and c.faction == faction}
        assert costs >= {1, 2, 3, 4, 5, 6}, faction
    assert any(c.acumular for c in cards)
    amulets = {s.primitive.name for c in cards if c.klass == "amuleto"
               for a in c.abilities for s in a.effects}
    assert amulets >= {"destroy", "draw", "mill", "modify_stat"}
    relics = {a.timing for c in cards if c.klass == "reliquia" for a in c.abilities}
    assert {"static", "activated"} <= relics
    assert any(c.klass == "equipamento" for c in cards)


def _write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "extra.toml"
    path.write_text(body, encoding="utf-8")
    return path


@pytest.mark.parametrize(("body", "message"), [
    ('klass = "guerreiro"\nattack = 1\ndefense = 1\ntombo = 1\n[[card.abilities]]\ntiming = "activated"\n'
     'effects = [{ do = "draw" }]', "timing 'activated' works on reliquia only, not on a guerreiro"),
    ('klass = "reliquia"\n[[card.abilities]]\ntiming = "activated"\n'
     'cost = [{ do = "discard" }, { do = "pay" }]\neffects = [{ do = "draw" }]', "must be the one last cost"),
    ('klass = "reliquia"\n[[card.abilities]]\ntiming = "static"\neffects = [{ do = "modify_stat", '
     'stat = "attack", amount = { compute = "roll" }, to = "your_warriors" }]', "not 'roll'"),
    ('klass = "reliquia"\n[[card.abilities]]\ntiming = "static"\neffects = [{ do = "draw" }]',
     "only changes stats"),
    ('klass = "amuleto"\n[[card.abilities]]\ntiming = "amulet"\n'
     'effects = [{ do = "prevent", event = "mill", to = "self" }]', "names the players (who)"),
    ('klass = "amuleto"\n[[card.abilities]]\ntiming = "amulet"\n'
     'effects = [{ do = "redirect", event = "mill", to = "self", zone = "hand" }]', "only 'destroy'"),
    ('klass = "guerreiro"\nattack = 1\ndefense = 1\ntombo = 1\n[[card.abilities]]\ntiming = "on_enter"\n'
     'target = { choose = "warrior", side = "opponent" }\neffects = [{ do = "destroy", to = "target" }]',
     "only amulet and activated abilities name a target"),
    # chosen_opponent where the activation names a card, not a player: its id would be read as a seat
    ('klass = "amuleto"\n[[card.abilities]]\ntiming = "amulet"\ntarget = { choose = "warrior" }\n'
     'effects = [{ do = "mill", count = 2, who = "chosen_opponent" }]',
     "this amulet ability names no player"),
    ('klass = "reliquia"\n[[card.abilities]]\ntiming = "warrior_enters"\n'
     'condition = { check = "mons_at_most", who = "chosen_opponent", at_most = 20 }\n'
     'effects = [{ do = "draw" }]', "this warrior_enters ability names no player"),
    ('klass = "guerreiro"\nattack = 1\ndefense = 1\ntombo = 1\n[[card.abilities]]\ntiming = "on_enter"\n'
     'condition = { any = [{ check = "mons_at_most", who = "you", at_most = 9 }, { not = '
     '{ check = "mons_at_most", who = "chosen_opponent", at_most = 9 } }] }\n'
     'effects = [{ do = "draw" }]', "this on_enter ability names no player"),
])
def test_card_text_the_engine_cannot_honour_is_refused_naming_the_card_and_field(tmp_path, body, message):
    path = _write(tmp_path, f'[[card]]\nid = "teste"\nname = "Teste"\nfaction = "luz"\ncost = 1\n{body}\n')
    with pytest.raises(CardDataError) as info:
        load_cards((path,))
    assert message in str(info.value) and "'Teste'" in str(info.value) and "abilities[0]" in str(info.value)


# -- games with chosen mons -------------------------------------------------------------------
FILLERS = ("Mercenário Errante", "Batedor das Dunas", "Golem de Pedra", "Gigante das Colinas",
           "Quimera Ancestral", "Titã Errante", "Andarilho das Areias", "Duelista Veterano")


def _mons(names: tuple[str, ...]) -> list[str]:
    """Four of each named card, Neutral warriors up to 32, then 18 sources of the cards' factions."""
    db = default_cards()
    factions = {db.find(n).faction for n in names} - {"neutra"}  # type: ignore[union-attr]
    cards = [n for n in names for _ in range(4)]
    cards += [n for n in FILLERS if n not in names for _ in range(4)][:32 - len(cards)]
    if factions == {"luz", "sombra"}:
        return cards + ["Fonte de Luz"] * 9 + ["Fonte de Sombra"] * 9
    return cards + ["Fonte de Sombra" if factions == {"sombra"} else "Fonte de Luz"] * 18


def duel(mine: tuple[str, ...], theirs: tuple[str, ...], seed: int = 0) -> ConflictusState:
    """Two players, P0 first, with mons built around the named cards; both keep."""
    state = Conflictus(players=2, first_player=0).new_state(seed, [_mons(mine), _mons(theirs)])
    while state.pending is not None and state.pending.kind == "mulligan":
        state.apply(Keep(), state.to_move)
    return state


def as_holder(state: ConflictusState, player: int) -> None:
    """Hand the open window's priority to ``player`` (a test's stand-in for the others passing)."""
    window = state.res.windows[-1]
    state.res.windows[-1] = type(window)(window.kind, window.order, player, window.passed)
    state.decisions[-1] = type(state.decisions[-1])(player, window.kind, False)
    state.legal = None


def act_as(state: ConflictusState, player: int, text: str) -> None:
    holder = state.pending.player
    as_holder(state, player)
    act(state, text)
    if state.pending.kind == state.res.windows[-1].kind:
        as_holder(state, holder)


def warrior(state: ConflictusState, player: int, name: str) -> int:
    """``player`` plays a warrior into a new set now, paid by fresh sources of their mons."""
    c = fetch(state, player, name)
    card = state.card(c)
    light = card.faction == "luz" or (card.faction == "neutra" and
                                      any(state.card(x).name == "Fonte de Luz" for x in state.mons[player]))
    sources(state, player, **{"luz" if light else "sombra": card.cost})
    act_as(state, player, f"play {label(state, c)} pay {'L' if light else 'S'}{card.cost}")
    return c


def resolve(state: ConflictusState) -> None:
    """Both players pass: the top of the stack resolves."""
    act(state, "pass")
    act(state, "pass")


# -- conditions --------------------------------------------------------------------------------
def test_a_condition_is_checked_when_the_amulet_is_offered():
    state = duel(("Golem de Pedra",), ("Emboscada",))
    golem = warrior(state, 0, "Golem de Pedra")
    ambush = fetch(state, 1, "Emboscada")
    sources(state, 1, luz=3)
    act(state, "pass")
    assert state.pending.player == 1 and f"amulet {label(state, ambush)} at {label(state, golem)} pay L3" \
        in texts(state)  # P0's rodada: not P1's own
    act(state, "pass")
    next_rodada(state)
    assert state.active == 1 and not any(t.startswith(f"amulet {label(state, ambush)}") for t in texts(state))


def test_a_condition_that_no_longer_holds_on_resolution_makes_the_ability_do_nothing():
    state = duel(("Cultista do Véu", "Espelho do Abismo"), ("Raio Purificador", "Golem de Pedra"))
    first = warrior(state, 0, "Cultista do Véu")
    second = warrior(state, 0, "Cultista do Véu")
    mirror = fetch(state, 0, "Espelho do Abismo")
    sources(state, 0, sombra=2)
    act(state, f"play {label(state, mirror)} pay S2")
    golem = warrior(state, 1, "Golem de Pedra")
    sources(state, 0, sombra=1)
    use = f"use 0 {label(state, mirror)} at {label(state, golem)} pay S1"
    assert use in texts(state)  # two sets
    act(state, use)
    act(state, "pass")
    ray = fetch(state, 1, "Raio Purificador")
    sources(state, 1, luz=3)
    act(state, f"amulet {label(state, ray)} at {label(state, second)} pay L3")
    resolve(state)  # the ray: P0 has one set left
    resolve(state)  # the mirror: its condition fails now
    assert state.stat(golem, "defense") == 6 and first in state.sets
    assert any(e.kind == "no_effect" and e.data == {"card": label(state, mirror), "player": 0}
               for e in state.events)
    assert any(e.kind == "mill" and e.data["player"] == 0 for e in state.events)  # the cost stays paid


def test_a_static_ability_with_a_condition_counts_only_while_it_holds():
    state = duel(("Bandeira da Legião", "Golem de Pedra"), ("Golem de Pedra",))
    golems = [warrior(state, 0, "Golem de Pedra") for _ in range(2)]
    flag = fetch(state, 0, "Bandeira da Legião")
    sources(state, 0, luz=2)
    act(state, f"play {label(state, flag)} pay L2")
    assert state.stat(golems[0], "attack") == 2  # two sets
    third = warrior(state, 0, "Golem de Pedra")
    assert [state.stat(g, "attack") for g in [*golems, third]] == [3, 3, 3]


def test_a_trigger_condition_is_checked_when_it_would_trigger():
    state = duel(("Noviça do Templo", "Golem de Pedra"), ("Golem de Pedra",))
    hand = len(state.hand[0])
    warrior(state, 0, "Noviça do Templo")  # one set: no card
    assert len(state.hand[0]) == hand
    warrior(state, 0, "Golem de Pedra")
    warrior(state, 0, "Noviça do Templo")  # three sets: it draws
    assert len(state.hand[0]) == hand + 1


# -- costs paid with cards -------------------------------------------------------------------
def test_pay_cards_is_offered_only_when_it_can_be_paid_and_asks_which_card_when_there_is_a_choice():
    state = duel(("Sacrifício Sombrio", "Cultista do Véu"), ("Golem de Pedra",))
    pact = fetch(state, 0, "Sacrifício Sombrio")
    sources(state, 0, sombra=1)
    assert not any(t.startswith(f"amulet {label(state, pact)}") for t in texts(state))  # no warrior
    a = warrior(state, 0, "Cultista do Véu")
    b = warrior(state, 0, "Cultista do Véu")
    hand = len(state.hand[0])
    act(state, f"amulet {label(state, pact)} pay S1")
    assert state.pending.kind == "pay"
    assert texts(state) == [f"offer {label(state, a)}", f"offer {label(state, b)}"]
    act(state, f"offer {label(state, b)}")
    assert b in state.mortis[0] and a in state.sets  # paid on announcement, before anyone answers
    resolve(state)
    assert len(state.hand[0]) == hand - 1 + 2


def test_a_discard_cost_does_not_count_the_amulet_itself():
    state = duel(("Pacto de Sangue",), ("Golem de Pedra",))
    state.mons[0] += state.hand[0]
    state.hand[0] = []
    pact = fetch(state, 0, "Pacto de Sangue")
    sources(state, 0, sombra=1)
    assert not any(t.startswith(f"amulet {label(state, pact)}") for t in texts(state))
    other = fetch(state, 0, "Mercenário Errante")
    act(state, f"amulet {label(state, pact)} at P1 pay S1")
    assert state.pending.kind == "discard"
    act(state, f"discard {label(state, other)}")
    resolve(state)
    milled = next(e for e in state.events if e.kind == "mill")
    assert other in state.mortis[0] and milled.data["player"] == 1 and len(milled.data["cards"]) == 3


# -- prevention and redirection ----------------------------------------------------------------
def test_prevent_stops_the_next_destroy_once_and_ends_with_the_rodada():
    state = duel(("Oração Protetora", "Golem de Pedra"), ("Raio Purificador",))
    golem = warrior(state, 0, "Golem de Pedra")
    prayer = fetch(state, 0, "Oração Protetora")
    sources(state, 0, luz=1)
    act(state, f"amulet {label(state, prayer)} at {label(state, golem)} pay L1")
    resolve(state)
    act(state, "pass")
    rays = [fetch(state, 1, "Raio Purificador") for _ in range(2)]
    sources(state, 1, luz=6)
    act(state, f"amulet {label(state, rays[0])} at {label(state, golem)} pay L3")
    resolve(state)
    assert golem in state.sets and any(e.kind == "prevented" for e in state.events)
    act(state, "pass")
    act(state, f"amulet {label(state, rays[1])} at {label(state, golem)} pay L3")
    resolve(state)  # the shield was used up
    assert golem in state.mortis[0]


def test_a_shield_lasts_until_the_end_of_the_rodada():
    state = duel(("Oração Protetora", "Golem de Pedra"), ("Golem de Pedra",))
    golem = warrior(state, 0, "Golem de Pedra")
    prayer = fetch(state, 0, "Oração Protetora")
    sources(state, 0, luz=1)
    act(state, f"amulet {label(state, prayer)} at {label(state, golem)} pay L1")
    resolve(state)
    assert state.shields.entries
    clone = state.game.state_from_json(state.to_json())
    assert clone.shields == state.shields  # saved and read back
    next_rodada(state)
    assert not state.shields.entries


def test_redirect_sends_a_destroyed_warrior_to_hand_instead():
    state = duel(("Refúgio Sagrado", "Golem de Pedra"), ("Raio Purificador",))
    golem = warrior(state, 0, "Golem de Pedra")
    refuge = fetch(state, 0, "Refúgio Sagrado")
    sources(state, 0, luz=1)
    act(state, f"amulet {label(state, refuge)} at {label(state, golem)} pay L1")
    resolve(state)
    act(state, "pass")
    ray = fetch(state, 1, "Raio Purificador")
    sources(state, 1, luz=3)
    act(state, f"amulet {label(state, ray)} at {label(state, golem)} pay L3")
    resolve(state)
    assert golem in state.hand[0] and golem not in state.mortis[0]


def test_prevent_reduces_a_mill_but_not_a_mill_paid_as_a_cost():
    state = duel(("Barreira de Luz", "Espelho do Abismo", "Cultista do Véu"), ("Sussurro do Vazio",))
    barrier = fetch(state, 0, "Barreira de Luz")
    sources(state, 0, luz=2)
    act(state, f"amulet {label(state, barrier)} pay L2")
    resolve(state)
    warrior(state, 0, "Cultista do Véu")
    warrior(state, 0, "Cultista do Véu")
    golem = warrior(state, 1, "Golem de Pedra")
    mirror = fetch(state, 0, "Espelho do Abismo")
    sources(state, 0, sombra=3)
    act(state, f"play {label(state, mirror)} pay S2")
    mons = len(state.mons[0])
    act(state, f"use 0 {label(state, mirror)} at {label(state, golem)} pay S1")
    assert len(state.mons[0]) == mons - 1 and state.shields.entries  # a cost: paid in full, shield kept
    resolve(state)
    act(state, "pass")
    whisper = fetch(state, 1, "Sussurro do Vazio")
    sources(state, 1, sombra=2)
    act(state, f"amulet {label(state, whisper)} at P0 pay S2")
    resolve(state)
    assert len(state.mons[0]) == mons - 1  # 3 to tombar, 3 fewer
    assert not state.shields.entries  # used up


def test_combat_damage_is_reduced_for_as_long_as_the_warrior_stays():
    state = duel(("Guardião do Vitral",), ("Senhor do Abismo", "Carrasco Sombrio"))
    keeper = warrior(state, 0, "Guardião do Vitral")
    assert state.shields.entries[0].uses == 0 and state.shields.entries[0].until == "permanent"
    lord = warrior(state, 1, "Senhor do Abismo")
    next_rodada(state)
    assert state.active == 1
    to_phase(state, "attack")
    act(state, f"attack set#{lord} P0")  # its only attacker: the declaration ends by itself
    assert state.pending.kind == "blockers"
    act(state, f"block set#{lord} with set#{keeper}")
    to_phase(state, "sacrifice")
    assert state.stat(keeper, "defense") == 8 - (6 - 2)  # Senhor hits for 6, 2 prevented
    assert state.shields.entries  # it lasts while the warrior is in play
    state.remove(keeper)
    assert not state.shields.entries


# -- amounts worked out on resolution -----------------------------------------------------
def test_amounts_count_stat_and_roll():
    state = duel(("Ímpeto", "Sorte do Apostador", "Golem de Pedra", "Reflexo Sombrio"),
                 ("Gigante das Colinas",))
    golems = [warrior(state, 0, "Golem de Pedra") for _ in range(3)]
    impetus = fetch(state, 0, "Ímpeto")
    sources(state, 0, sombra=1)
    act(state, f"amulet {label(state, impetus)} at {label(state, golems[0])} pay S1")
    resolve(state)
    assert state.stat(golems[0], "attack") == 2 + 3  # three active warriors
    luck = fetch(state, 0, "Sorte do Apostador")
    sources(state, 0, sombra=1)
    act(state, f"amulet {label(state, luck)} at {label(state, golems[1])} pay S1")
    resolve(state)
    roll = next(e for e in reversed(state.events) if e.kind == "roll").data["value"]
    assert 1 <= roll <= 6 and state.stat(golems[1], "attack") == 2 + roll - 2
    giant = warrior(state, 1, "Gigante das Colinas")
    mirror = fetch(state, 0, "Reflexo Sombrio")
    sources(state, 0, sombra=2)
    act(state, f"amulet {label(state, mirror)} at {label(state, giant)} pay S2")
    resolve(state)
    assert giant in state.mortis[1]  # defence 4 - attack 5: it dies


def test_a_roll_is_drawn_by_the_seed_and_replays():
    first = duel(("Sorte do Apostador", "Golem de Pedra"), ("Golem de Pedra",), seed=3)
    second = duel(("Sorte do Apostador", "Golem de Pedra"), ("Golem de Pedra",), seed=3)
    rolls = []
    for state in (first, second):
        golem = warrior(state, 0, "Golem de Pedra")
        luck = fetch(state, 0, "Sorte do Apostador")
        sources(state, 0, luz=1)
        act(state, f"amulet {label(state, luck)} at {label(state, golem)} pay L1")
        resolve(state)
        rolls.append(state.stat(golem, "attack"))
    assert rolls[0] == rolls[1]


# -- event triggers and their filters --------------------------------------------------------
def test_warrior_enters_fires_for_another_own_warrior_only():
    state = duel(("Lanceiro de Vigília", "Golem de Pedra"), ("Golem de Pedra",))
    spear = warrior(state, 0, "Lanceiro de Vigília")
    assert state.stat(spear, "attack") == 2  # itself entering: not another warrior
    warrior(state, 1, "Golem de Pedra")
    assert state.stat(spear, "attack") == 2  # an opponent's warrior
    warrior(state, 0, "Golem de Pedra")
    assert state.stat(spear, "attack") == 3
    warrior(state, 0, "Golem de Pedra")
    assert state.stat(spear, "attack") == 3  # once per rodada


def test_an_opponents_warrior_entering_is_the_relics_target():
    state = duel(("Olho Vigilante",), ("Gigante das Colinas",))
    eye = fetch(state, 0, "Olho Vigilante")
    sources(state, 0, luz=2)
    act(state, f"play {label(state, eye)} pay L2")
    giant = warrior(state, 1, "Gigante das Colinas")
    assert state.stat(giant, "attack") == 5 - 1


def test_on_mill_fires_when_an_opponent_tombas_and_in_combat_is_checked():
    state = duel(("Coveiro Pálido", "Saqueador de Túmulos", "Sussurro do Vazio"), ("Golem de Pedra",))
    digger = warrior(state, 0, "Coveiro Pálido")
    raider = warrior(state, 0, "Saqueador de Túmulos")
    whisper = fetch(state, 0, "Sussurro do Vazio")
    sources(state, 0, sombra=2)
    act(state, f"amulet {label(state, whisper)} at P1 pay S2")
    hand = len(state.hand[0])
    resolve(state)
    assert state.stat(digger, "attack") == 1 + 1
    assert len(state.hand[0]) == hand  # the raider is not in combat: no card
    assert raider in state.sets
