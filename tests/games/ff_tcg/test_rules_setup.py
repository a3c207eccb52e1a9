"""Final Fantasy TCG: decks, the cut, the start of a turn (draw, reconcile), deck-out, turn limit."""

from __future__ import annotations

import pytest

import tcgkit
from tcgkit.games.ff_tcg import FFTcg, starter_decks
from tcgkit.games.ff_tcg.records import ABILITY_KEY
from tcgkit.kernel import DeckError, Rng

from .rules_helpers import deck_for, kinds, label, make_game, names, play, position


@pytest.fixture
def game() -> FFTcg:
    return make_game()


# -- decks ----------------------------------------------------------------------------------
def test_the_game_is_registered_under_its_names():
    for alias in ("ff-tcg", "fftcg", "ff", "ff_tcg", "final-fantasy-tcg"):
        assert tcgkit.find_game(alias).cls is FFTcg
    assert FFTcg.title == "Final Fantasy TCG"


def test_a_deck_holds_60_cards_at_most_4_copies_and_one_of_each_villain(game):
    good = deck_for(game, ["Garland", "Kraken"])
    assert game.validate_deck(good) == []
    too_many = good[:55] + ["Asp"] * 5
    problems = game.validate_deck(too_many)
    assert any(p.startswith("card ") and "Asp too many (at most 4 copies" in p for p in problems)
    two_villains = good[:59] + ["Garland"]
    assert any("card 60: one Garland too many (a villain may appear once; the first is card 1)" in p
               for p in game.validate_deck(two_villains))
    assert game.validate_deck(good[:59]) == ["a deck holds exactly 60 cards; this one has 59"]
    assert game.validate_deck(good[:59] + ["Chocobo"]) == ["card 60: no card named 'Chocobo'"]
    with pytest.raises(DeckError, match="player 1's deck: card 60"):
        game.new_state(0, [good, good[:59] + ["Chocobo"]])
    assert make_game(deck_size=20, max_copies=2).validate_deck(["Asp"] * 3 + ["Bull"] * 17)[0].startswith(
        "card 3: one Asp too many (at most 2 copies")


def test_sampled_decks_are_legal_and_mixed():
    for game in (make_game(), tcgkit.load_game("ff-tcg")):
        for seed in range(3):
            for deck in game.sample_decks(Rng(seed)):
                assert game.validate_deck(deck) == []
                types = [game.db.find(name).type for name in deck]
                assert 8 <= types.count("character") <= 16
                assert types.count("monster") >= 15 and 1 <= types.count("villain") <= 2


def test_a_pool_too_small_for_a_deck_is_a_clear_error(tmp_path):
    cards = tmp_path / "tiny.toml"
    cards.write_text('[[card]]\nid = "asp"\nname = "Asp"\ntype = "monster"\npower = 2\nluck = 1\n')
    game = tcgkit.load_game("ff-tcg", card_files=(cards,))
    with pytest.raises(DeckError, match="cannot fill a legal deck of 60 cards"):
        game.sample_decks(Rng(1))


def test_starter_decks_are_legal_when_present():
    game = tcgkit.load_game("ff-tcg")
    decks = starter_decks()
    assert [name for name, _ in decks] == sorted(name for name, _ in decks)
    for name, deck in decks:
        assert game.validate_deck(deck) == [], name


# -- setup ----------------------------------------------------------------------------------
def test_the_cut_gives_the_start_to_the_higher_luck_then_both_reshuffle(game):
    for seed in range(30):
        state = game.new_state(seed)
        events = state.events_since(0, None)
        cuts = [e for e in events if e["kind"] == "cut"]
        first = next(e for e in events if e["kind"] == "first")["player"]
        luck = [game.db.find(label.rsplit("#", 1)[0]).luck for label in cuts[-1]["shown"]]
        assert luck[first] > luck[1 - first]
        for tie in cuts[:-1]:  # a tie cuts again
            tied = [game.db.find(label.rsplit("#", 1)[0]).luck for label in tie["shown"]]
            assert tied[0] == tied[1]
        assert state.active == state.first == first
    assert any(len([e for e in game.new_state(s).events_since(0, None) if e["kind"] == "cut"]) > 1
               for s in range(30)), "no seed gave a tie at the cut"


def test_a_cut_that_always_ties_is_decided_by_the_seed(tmp_path):
    cards = tmp_path / "flat.toml"
    cards.write_text("".join(
        f'[[card]]\nid = "m{i}"\nname = "M{i}"\ntype = "monster"\npower = 1\nluck = 1\nworld = true\n\n'
        for i in range(15)))
    game = tcgkit.load_game("ff-tcg", card_files=(cards,))
    state = game.new_state(3)
    assert kinds(state).count("cut") == 20 and state.first in (0, 1)


def test_first_player_option_skips_the_cut():
    game = make_game(first_player=1)
    state = game.new_state(0)
    assert "cut" not in kinds(state) and state.first == 1 and state.to_move == 1


def test_five_cards_each_then_the_first_player_draws_on_turn_one_and_reconciles(game):
    state = game.new_state(4)
    p = state.first
    assert state.turn == 1 and len(state.hand[p]) == 6 and len(state.hand[1 - p]) == 5
    assert state.pending.kind == "reconcile" and state.to_move == p
    assert sum(len(d) for d in state.deck) == 120 - 11
    discard = state.legal_actions()[0]
    play(state, str(discard))
    assert len(state.hand[p]) == 5 and state.pending.kind == "play" and state.discard[p] == [discard.card]


def test_reconcile_discards_one_card_at_a_time_chosen_by_the_player(game):
    state = position(game, {"hand": ["Asp", "Asp", "Bull", "Bull", "Goblin", "Goblin"]},
                     {"hand": ["Fighter"] * 4 + ["Red Mage"] * 3}, active=0)
    play(state, "end")  # nothing attacks: the turn ends, player 1 draws to 8 and must discard 3
    assert state.active == 1 and len(state.hand[1]) == 8 and state.pending.kind == "reconcile"
    for _ in range(3):
        assert state.to_move == 1
        play(state, f"discard {label(state, 'Red Mage', 'hand', 1)}")
    assert len(state.hand[1]) == 5 and state.pending.kind == "play"
    assert names(state, "discard", 1) == ["Red Mage"] * 3


def test_a_short_hand_draws_up_to_five(game):
    state = position(game, {}, {"hand": ["Asp"]}, active=0)
    play(state, "end")
    assert state.active == 1 and len(state.hand[1]) == 5 and state.pending.kind == "play"
    assert kinds(state).count("draw") == 4


# -- deck-out (FF4) -------------------------------------------------------------------------
def test_an_empty_deck_reshuffles_the_discard_pile_but_never_the_skulls():
    game = make_game(deck_size=20)
    state = position(game, {}, {"deck": [], "skulls": ["Asp"], "hand": ["Bull"] * 4}, active=0)
    in_discard = len(state.discard[1])
    play(state, "end")
    assert "reshuffle" in kinds(state)
    assert len(state.hand[1]) == 5 and len(state.deck[1]) == in_discard - 1 and not state.discard[1]
    assert names(state, "skulls", 1) == ["Asp"]


def test_a_reshuffle_mid_turn_drops_the_once_per_turn_marks_of_the_cards_shuffled_in():
    """A card whose ability was used this turn, then discarded and shuffled into a new deck, keeps
    no mark: the mark would name a card the deck hides, and a world sampled from a view would
    give that id another card, one without the marked ability."""
    game = make_game(deck_size=20)
    state = position(game, {"deck": []}, {}, active=0)
    used = state.discard[0][0]
    state.used.add(used * ABILITY_KEY)
    state.draw(0, 1)
    assert "reshuffle" in kinds(state) and used in state.deck[0] + state.hand[0]
    assert state.used == set()
    state.check_invariants()
    for viewer in (0, 1):
        game.determinize(state.view(viewer), Rng(viewer)).check_invariants()


def test_deckout_lose_ends_the_game_and_skip_draws_nothing():
    game = make_game(deck_size=20, deckout_policy="lose")
    state = position(game, {}, {"deck": [], "hand": ["Bull"] * 4}, active=0)
    play(state, "end")
    assert state.is_terminal and state.outcome.winner == 0 and state.outcome.reason == "deck out"
    game = make_game(deck_size=20, deckout_policy="skip")
    state = position(game, {}, {"deck": [], "hand": ["Bull"] * 4}, active=0)
    play(state, "end")
    assert not state.is_terminal and len(state.hand[1]) == 4 and state.pending.kind == "play"


def test_both_decks_empty_at_a_luck_reveal_under_lose_is_a_draw():
    game = make_game(deck_size=20, deckout_policy="lose")
    state = position(game, {"hand": ["Asp"], "deck": []}, {"chars": ["Fighter"], "deck": []}, active=0)
    # everything after the play is forced (auto_forced): nothing left to do in the play phase, one
    # attacker, one defender, empty effect windows, then the luck reveal from two empty decks
    play(state, f"play {label(state, 'Asp', 'hand', 0)} attack")
    assert state.is_terminal and state.outcome.winner is None
    assert state.outcome.reason == "both players lost at once"


def test_turn_limit_ends_the_game_as_a_draw():
    game = make_game(turn_limit=4)
    state = game.new_state(1)
    rng = Rng(2)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()), state.to_move)
    assert state.outcome.winner is None and state.outcome.reason == "turn limit"
    assert state.outcome.scores == (0.5, 0.5) and state.turn == 5
