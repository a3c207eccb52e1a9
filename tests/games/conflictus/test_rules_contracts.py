"""Conflictus Aeternus's contracts with its callers: mons in, seeds, views, versions, clones.

Each test pins something a player, a replay or a searcher relies on (found by mutation
testing, docs/kernel.md): mons errors that name every problem and where, the mons a seed
deals, what each zone shows, the action counter, copies that play on alone, the invariant
check, the outcome and the heuristic.
"""

from __future__ import annotations

from collections import Counter

import pytest

from tcgkit.games.conflictus import Conflictus
from tcgkit.games.conflictus.actions import Attack, Done, Keep, Pass
from tcgkit.games.conflictus.rules import ZONES
from tcgkit.kernel.actions import Decision
from tcgkit.kernel.errors import DeckError
from tcgkit.kernel.rng import Rng, derive_seed

from . import test_rules_combat as combat_tests
from .helpers import DECKS, act, fetch, first_problem, label, next_rodada, sources, start, texts, to_phase


def test_a_mons_error_names_every_problem_with_its_place():
    game = Conflictus(players=2)
    deck = list(DECKS["aurora"])
    warrior = next(t for t in deck if game.db.find(t).klass == "guerreiro")
    deck[1] = "No Such Card"
    deck[2:7] = [warrior] * 5  # copies 5 and 6 of one name (max 4): named once, at the fifth
    problems = game.validate_deck(deck)
    copies = [i + 1 for i, t in enumerate(deck) if t == warrior]
    fifth = copies[4]
    over = deck.count(warrior) - 4  # named once, at the fifth, with every copy over counted
    assert problems == ["card 2: no card named 'No Such Card'",
                        f"card {fifth}: {over} copies of {warrior} too many (at most 4 copies; "
                        f"the first is card {copies[0]})"]
    with pytest.raises(DeckError) as err:
        game.new_state(1, [DECKS["aurora"], deck])
    assert str(err.value) == "player 1's mons: " + "; ".join(problems)


def test_sources_are_not_limited_and_the_size_is_checked_alone():
    game = Conflictus(players=2)
    light = ["Fonte de Luz"] * 50
    assert game.validate_deck(light) == []
    assert game.validate_deck(light[:51] + ["Fonte de Luz"]) == [
        "a mons holds exactly 50 cards; this one has 51"]


def test_the_wrong_number_of_mons_is_named_with_the_players():
    game = Conflictus(players=3)
    with pytest.raises(DeckError, match=r"^Conflictus Aeternus with 3 players needs 3 mons, got 2$"):
        game.new_state(0, [DECKS["aurora"]] * 2)


def test_a_seed_deals_the_mons_of_its_deck_stream():
    game = Conflictus(players=3)
    decks = game.sample_decks(Rng(derive_seed(7, 1)))
    assert game.new_state(7).to_json() == game.new_state(7, decks).to_json()
    assert len(decks) == 3 and all(game.validate_deck(d) == [] for d in decks)


@pytest.mark.parametrize("seed", [0, 5])
def test_a_random_mons_is_one_faction_with_neutral_cards_in_the_rulebook_mix(seed):
    game = Conflictus(players=2)
    deck = game.sample_deck(Rng(seed))
    cards = [game.db.find(t) for t in deck]
    assert game.validate_deck(deck) == [] and len(deck) == 50
    assert Counter(c.klass for c in cards) == {"guerreiro": 18, "fonte": 18, "amuleto": 7,
                                               "equipamento": 4, "reliquia": 3}
    factions = {c.faction for c in cards if c.faction != "neutra"}
    assert len(factions) == 1
    assert {c.faction for c in cards if c.klass == "fonte"} == factions
    assert all(n <= 4 for name, n in Counter(deck).items() if game.db.find(name).klass != "fonte")
    sources = [game.db.find(t).klass == "fonte" for t in deck]
    assert sources == sorted(sources)  # the picks first, then the sources that fill the mons


def test_a_small_mons_keeps_the_mix_and_fills_up_with_sources():
    game = Conflictus(players=2, deck_size=25)
    deck = game.sample_deck(Rng(3))
    klasses = Counter(game.db.find(t).klass for t in deck)
    assert len(deck) == 25 and klasses == {"guerreiro": 9, "amuleto": 3, "equipamento": 2,
                                           "reliquia": 1, "fonte": 10}


def test_each_players_ids_are_their_own_cards_in_a_seeded_order():
    game = Conflictus(players=2)
    names = ("aurora", "abismo")
    state = game.new_state(4, [DECKS[n] for n in names])
    for p, name in enumerate(names):
        mine = [state.card(c).name for c in range(p * 50, p * 50 + 50)]
        assert Counter(mine) == Counter(DECKS[name])
    other = game.new_state(5, [DECKS[n] for n in names])
    assert state.kind != other.kind  # which id is which card is drawn
    assert state.kind[:50] != [game.db.find(t).index for t in DECKS["aurora"]]


def test_version_counts_every_applied_action_and_legal_actions_are_a_copy():
    state = start(keep=False)
    assert state.version == 0
    act(state, "keep")
    act(state, "keep")
    assert state.version == 2
    legal = state.legal_actions()
    legal.clear()
    assert state.legal_actions()[0] == Pass()
    act(state, "pass")
    assert state.version == 3
    state.apply_unchecked(Done() if state.pending.kind == "declare" else Pass())
    assert state.version == 4


def test_an_action_out_of_turn_or_impossible_is_refused_with_the_reason():
    state = start()
    assert state.illegal_reason(Pass(), 1) == "it is player 0's decision (main), not player 1's"
    assert state.illegal_reason(Pass(), 0) is None
    reason = state.illegal_reason(Attack(3, 1), 0)
    assert reason.startswith("'attack set#3 P1' is not possible now; you hold priority in the main phase")


def test_default_actions_keep_declare_nothing_pass_or_take_the_first_choice():
    state = start(keep=False)
    assert state.default_action(state.pending) == Keep()
    for kind in ("declare", "blockers"):
        assert state.default_action(Decision(0, kind)) == Done()
    state = start()
    assert state.default_action(state.pending) == Pass()
    prompt = state.scene(0).pending.prompt
    assert state.game.messages()[prompt.id].text.startswith("play a source, a warrior")


def test_the_zones_are_each_players_eight_with_their_visibility():
    state = start(players=2)
    zones = state.view(0)["zones"]
    assert list(zones) == [f"{n}{p}" for n in ("mons", "hand", "mortis", "exterminatus", "field", "relics",
                                                "amulets", "stack") for p in (0, 1)]
    shown = {name for name, zone in zones.items() if "cards" in zone}
    assert {"mons0", "mons1", "hand1"}.isdisjoint(shown) and {"hand0", "mortis1", "stack0"} <= shown
    assert all(zone["owner"] == int(name[-1]) for name, zone in zones.items())
    assert zones["hand0"]["cards"] == [label(state, c) for c in state.hand[0]]
    assert zones["hand1"]["count"] == len(state.hand[1]) and zones["mons0"]["count"] == len(state.mons[0])
    assert "cards" in state.view(1)["zones"]["hand1"] and "cards" not in state.view(None)["zones"]["hand0"]


def test_end_as_draw_ends_the_game_with_the_reason_for_the_players_still_in():
    state = start(players=2)
    state.end_as_draw("decision limit")
    assert state.legal_actions() == [] and state.pending is None
    outcome = state.outcome
    assert outcome.is_draw and outcome.reason == "decision limit"
    assert outcome.details["mons"] == [len(m) for m in state.mons] and outcome.details["rodadas"] == 1


def test_the_heuristic_is_the_own_worth_less_the_best_opponents():
    state = start(players=3, decks=("abismo",) * 3)
    assert state.worth(0) == pytest.approx(44 + 0.4 * 6)
    spectre = combat_tests.ready(state, 0, "Espectro Faminto", sombra=3, pay=" pay S2")
    rec = state.sets[spectre]
    rec.warriors[:0] = [state.mons[0].pop(), state.mons[0].pop()]  # two warriors below the active one
    rec.equipment += [state.mons[0].pop(), state.mons[0].pop()]  # and two equipment
    state.relics[0].append(state.mons[0].pop())
    state.add_modifier(spectre, "tombo", 1, "end_of_round")
    stat = state.stat
    assert stat(spectre, "tombo") != 1 and stat(spectre, "attack") not in (1, stat(spectre, "tombo"))
    worth = len(state.mons[0]) + 0.4 * len(state.hand[0]) + 0.6 * 1 + 0.5 * 2 + 0.3 * 2 + 1.0 \
        + 0.5 * stat(spectre, "attack") + 0.3 * stat(spectre, "defense") + 1.0 * stat(spectre, "tombo") \
        + 0.3 * 2 + 0.8 * 1
    assert state.worth(0) == pytest.approx(worth)
    state.mortis[1].append(state.mons[1].pop())  # P2 is now the best opponent
    assert state.worth(2) > state.worth(1)
    assert state.game.heuristic(state, 0) == pytest.approx(worth - state.worth(2))
    assert state.game.heuristic(state, 2) == pytest.approx(state.worth(2) - worth)
    state.lose(1, "test")
    state.lose(2, "test")
    state.advance()
    assert state.game.heuristic(state, 0) == 1000.0 and state.game.heuristic(state, 1) < 0


def test_a_clone_is_equal_and_plays_on_without_touching_the_original():
    state, spectre, guard, mago = combat_tests.combat(decks=("abismo", "crepusculo"))
    combat_tests.declare(state, f"attack set#{spectre} P1")
    sources(state, 0, sombra=3)
    fetch(state, 0, "Toque da Morte")  # P0 may answer in the Block window
    to_phase(state, "block")
    act(state, f"block set#{spectre} with set#{mago}")
    assert state.blocks and state.pending.kind == "block"
    copy = state.clone()
    before = state.to_json()
    assert copy.to_json() == before
    for name in type(state).__slots__:
        mine, theirs = getattr(state, name), getattr(copy, name)
        if isinstance(mine, (list, dict, set)) and name not in ("kind", "legal"):  # never changed: shared
            assert mine == theirs and (not mine or mine is not theirs), name
    parts = ("sources", "warriors", "equipment")
    assert all(copy.sets[s] is not state.sets[s] for s in state.sets)
    assert all(getattr(copy.sets[s], part) is not getattr(state.sets[s], part)
               for s in state.sets for part in parts)
    while not copy.is_terminal and copy.round < 6:
        copy.apply(copy.legal_actions()[-1], copy.to_move)
    assert state.to_json() == before and copy.to_json() != before


def test_a_clone_keeps_every_counter_of_the_rodada():
    state = start(players=3)
    a = fetch(state, 0, "Fonte de Luz")
    act(state, f"source {label(state, a)}")
    state.mulled, state.kept, state.choices = [1, 0, 2], {0, 2}, {1: True}
    state.lose(2, "test")
    state.flush_out()
    copy = state.clone()
    for name in ("drops", "mulled", "kept", "choices", "out", "eliminated", "used", "version", "first",
                 "round", "active", "phase", "result", "n", "kind"):
        assert getattr(copy, name) == getattr(state, name), name
    assert copy.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("change, problem", [
    (lambda s: s.hand[1].append(s.mons[0].pop()), "a card of another player in hand1"),
    (lambda s: s.hand[0].append(s.mons[0][0]), "card #{first} is in two places"),
    (lambda s: s.mons[1].pop(), "card #{last} is in no place"),
    (lambda s: s.mons[0].__setitem__(0, s.mons[0][1]), "card #{second} is in two places"),
    (lambda s: s.used.add(s.hand[0][0]), "a used source is not on a field"),
    (lambda s: s.decisions.append(Decision(0, "discard")), "asks and decisions out of step"),
])
def test_the_invariant_check_names_what_is_wrong(change, problem):
    state = start()
    assert first_problem(state) is None
    state.check_invariants()
    problem = problem.format(first=state.mons[0][0], second=state.mons[0][1], last=state.mons[1][-1])
    change(state)
    assert first_problem(state) == problem
    with pytest.raises(AssertionError, match=problem):
        state.check_invariants()


def test_the_invariant_check_looks_into_sets():
    state = start()
    sources(state, 0, luz=2)
    guard = combat_tests.ready(state, 0, "Guardiã da Aurora", pay=" pay L2")
    assert first_problem(state) is None
    rec = state.sets[guard]
    rec.sources.append(state.mons[1].pop())
    assert first_problem(state) == f"set#{guard} holds another player's card"
    state.mons[1].append(rec.sources.pop())
    rec.sources.append(state.mons[0].pop())  # a card of its own, bound to no card of the set
    assert first_problem(state) == f"set#{guard} has a source bound to no card of the set"
    rec.paid[rec.sources[-1]] = rec.warriors[0]  # bound to its warrior: fine
    assert first_problem(state) is None
    rec.warriors.clear()
    state.mons[0].append(guard)
    assert first_problem(state) == f"set#{guard} has neither warriors nor equipment"


def take(state, c):
    for name in ZONES:
        for zone in getattr(state, name):
            if c in zone:
                zone.remove(c)
                return
    raise LookupError(c)


@pytest.mark.parametrize("c, player, problem", [
    (50, 0, "a card of another player in hand0"), (49, 1, "a card of another player in hand1"),
    (0, 1, "a card of another player in hand1"), (99, 0, "a card of another player in hand0"),
])
def test_the_first_and_last_ids_of_a_player_are_their_own(c, player, problem):
    state = start(players=2)
    take(state, c)
    state.hand[player].append(c)
    assert first_problem(state) == problem


def test_a_player_out_in_an_opponents_rodada_loses_their_cards_in_play_and_their_attackers():
    state = start(players=3, decks=("abismo",) * 3)
    cult = combat_tests.ready(state, 0, "Cultista do Véu", sombra=1, pay=" pay S1")
    act(state, "pass")
    act(state, "pass")
    theirs = combat_tests.ready(state, 2, "Cultista do Véu", sombra=1, pay=" pay S1")
    for _ in range(3):
        next_rodada(state)
    to_phase(state, "attack")
    act(state, f"attack set#{cult} P2")
    assert state.attackers and state.pending.kind == "blockers"
    state.lose(2, "test")
    assert state.flush_out() and 2 in state.out and state.eliminated == [[2]]
    assert theirs in state.exterminatus[2] and theirs not in state.sets
    assert all(target != 2 for _, target in state.attackers.values())
    assert not state.flush_out()  # nobody else is going out
    assert state.outcome is None and state.active == 0


def test_the_rodada_of_a_player_who_goes_out_ends_at_once():
    state = start(players=3, decks=("abismo",) * 3)
    next_rodada(state)
    assert state.active == 1
    sources(state, 1, sombra=1)
    amulet = fetch(state, 1, "Cultista do Véu")
    act(state, f"play {label(state, amulet)} pay S1")
    state.stack[0].append(state.mons[0].pop())
    state.lose(1, "test")
    state.advance()
    assert 1 in state.out and state.active == 2 and state.phase == "main"
    assert state.stack[0] == [] and len(state.mortis[0]) == 1  # the stack is emptied to the Mortis
    assert state.round == 3


def test_a_lone_pass_in_main_is_asked_of_a_holder_with_cards_in_hand():
    state = start(players=2)
    state.mons[0][:0] = state.hand[0]  # the opening hand to the bottom of the mons
    state.hand[0] = []
    state.hand[0].append(fetch(state, 0, "Titã Errante"))
    state.mons[0].append(fetch(state, 0, "Gigante das Colinas"))  # P0's next draw: no source either
    state.hand[0].remove(state.mons[0][-1])
    next_rodada(state)
    next_rodada(state)
    assert state.active == 0 and state.pending.player == 0 and state.pending.kind == "main"
    assert texts(state) == ["pass"]  # asked all the same: a lone pass may hide what the hand holds


def test_starter_mons_are_read_sorted_by_name():
    from tcgkit.games.conflictus.game import starter_deck_paths, starter_decks

    paths = starter_deck_paths()
    assert paths == sorted(paths) and len(paths) >= 2
    decks = starter_decks()
    assert [name for name, _ in decks] == [p.stem for p in paths]
    assert all(len(cards) == 50 for _, cards in decks)


def test_a_block_answer_of_a_player_who_went_out_lapses():
    state, spectre, guard, mago = combat_tests.combat(players=3, decks=("abismo", "aurora", "aurora"))
    combat_tests.declare(state, f"attack set#{spectre} P1")
    to_phase(state, "block")
    assert state.pending.kind == "blockers" and state.pending.player == 1
    mons = len(state.mons[1])
    state.lose(1, "test")
    state.advance()
    assert 1 in state.out and state.attackers == {} and state.outcome is None
    assert state.phase == "sacrifice" and state.pending.player == 0 and len(state.mons[1]) == mons


def test_a_view_names_the_cards_its_viewer_may_see_and_a_spectator_none():
    state = start(players=2, keep=False)

    def named(view):
        return [key for zone in view["zones"].values() for key in zone.get("cards", [])]

    assert named(state.view(0)) == [label(state, c) for c in state.hand[0]]  # Name#id: the kind shows
    assert named(state.view(None)) == []
    assert state.view(None)["decklists"][1] == sorted(state.card(c).name for c in range(50, 100))


def test_determinize_and_redeal_keep_what_the_viewer_sees_and_deal_the_rest_anew():
    state = start()
    view = state.view(0)
    dealt = state.game.determinize(view, Rng(1))
    assert dealt.view(0) == view and dealt.view(1) != state.view(1)
    redealt = state.game.redeal_hidden(state, 0, Rng(1))
    assert redealt.view(0) == view and redealt.view(1) != state.view(1)
    assert state.view(0) == view  # the original is untouched


def test_a_position_notation_reads_back_as_the_same_state():
    state, spectre, guard, mago = combat_tests.combat()
    back = state.game.state_from_notation(state.to_notation())
    assert back.to_json() == state.to_json() and back.legal_actions() == state.legal_actions()


def test_an_action_is_read_whatever_its_case_as_the_legal_one():
    state = start()
    source = state.legal_actions()[1]
    assert state.parse_action(str(source).lower(), 0) == source
    assert state.parse_action(str(source).upper(), 0) == source


def test_a_new_game_shows_the_mulligans_with_nothing_counted_yet():
    state = start(keep=False)
    view = state.view(0)
    assert (view["round"], view["phase"], view["active"]) == (0, "mulligan", 0)
    assert view["drops"] == [{"own": 0, "foreign": 0, "extra": 0}] * 2 and view["mulled"] == [0, 0]
    assert state.version == 0


def test_the_seed_also_draws_which_id_is_which_card():
    game = Conflictus(players=2)
    decks = [DECKS["aurora"], DECKS["abismo"]]
    ids = Rng(derive_seed(3, 2))
    kinds: list[int] = []
    for deck in decks:
        mine = [game.db.find(t).index for t in deck]
        ids.shuffle(mine)
        kinds += mine
    assert game.new_state(3, decks).kind == kinds
    assert game.new_state().to_json() == game.new_state(0).to_json()


def test_options_may_be_given_as_one_mapping():
    game = Conflictus({"players": 3, "deck_size": 40})
    assert game.num_players == 3 and game.options.deck_size == 40


def test_one_faction_only_still_allows_neutral_cards():
    strict = Conflictus(players=2, allow_dual_faction=False)
    neutral = [c.name for c in strict.cards if c.faction == "neutra" and c.klass == "guerreiro"][:8]
    deck = [n for n in neutral for _ in range(4)][:32] + ["Fonte de Luz"] * 18
    assert strict.validate_deck(deck) == []
    deck[-1] = "Fonte de Sombra"
    assert strict.validate_deck(deck) == ["the mons mixes Light and Shadow cards (allow_dual_faction is off)"]


def test_a_random_mons_takes_every_card_up_to_the_copy_limit_before_it_runs_out():
    one = Conflictus(players=2, deck_size=100, max_copies=1)
    deck = one.sample_deck(Rng(1))
    faction = one.db.find(deck[-1]).faction  # the sources come last
    pool = Counter(c.klass for c in one.cards if c.faction in (faction, "neutra") and c.klass != "fonte")
    klasses = Counter(one.db.find(t).klass for t in deck)
    assert klasses["guerreiro"] == min(36, pool["guerreiro"])
    assert klasses["equipamento"] == min(8, pool["equipamento"])
    assert all(n == 1 for name, n in Counter(deck).items() if one.db.find(name).klass != "fonte")
    assert len(deck) == 100 and klasses["fonte"] == 100 - sum(n for k, n in klasses.items() if k != "fonte")
    assert {c.name for c in one.cards if c.faction == "neutra" and c.klass == "guerreiro"} <= set(deck)
    two = Conflictus(players=2, deck_size=100, max_copies=2)
    deck = two.sample_deck(Rng(1))
    klasses = Counter(two.db.find(t).klass for t in deck)
    assert klasses["guerreiro"] == 36 and max(Counter(deck).values()) >= 2
    assert all(n <= 2 for name, n in Counter(deck).items() if two.db.find(name).klass != "fonte")


def test_after_a_pass_taken_for_a_player_the_next_choice_lists_its_actions():
    state = start(decks=("mercenarios", "mercenarios"))
    state.mons[1][:0] = state.hand[1]  # P1 holds nothing: their pass is taken for them
    state.hand[1] = []
    sources(state, 0, luz=2)
    search = fetch(state, 0, "Busca Arcana")
    act(state, f"amulet {label(state, search)} pay L2")
    act(state, "pass")
    assert state.pending.kind == "search" and state.pending.player == 0
    assert texts(state) and all(t.startswith("search ") for t in texts(state))


def test_a_drawn_game_is_worth_nothing_to_each_player():
    state = start(players=2)
    state.end_as_draw("test")
    assert [state.game.heuristic(state, p) for p in (0, 1)] == [0.0, 0.0]
