"""The default deal (``kernel/dealt.py``): numbered copies per player from the decks, checked by
the deck rule, shuffled by the seed, a hand drawn; the card hooks from the pool."""

from __future__ import annotations

import pytest
from tcgkit_brawl import Brawl
from tcgkit_brawl.rules import BrawlState

from tcgkit.kernel import CardDataError, DeckError, OptionsError, Rng, StateSpec, Zone, refs

DECK = ["Spark", "Spark", "Drain", "Drain", "Ward", "Ward", "Counter", "Counter"]


def test_each_player_gets_their_own_deck_numbered_by_the_seed_and_draws_a_hand():
    game = Brawl()
    state = game.new_state(5, [DECK] * 3)
    assert sorted(state.owners) == [0] * 8 + [1] * 8 + [2] * 8
    for p in range(3):
        mine = sorted(state.hands[p] + state.decks[p])
        assert mine == list(state.owned[p]) and all(state.owners[c] == p for c in mine)
        assert sorted(state.cards[c] for c in mine) == sorted(card.lower() for card in DECK)
    assert len(state.hands[1]) == len(state.hands[2]) == game.starting_hand  # player 0 drew for the turn
    assert state.to_json() == game.new_state(5, [DECK] * 3).to_json()
    assert state.cards != game.new_state(6, [DECK] * 3).cards  # the ids are the seed's


def test_decks_drawn_by_the_seed_keep_the_deck_rule():
    game = Brawl(players=4)
    decks = game.sample_decks(Rng(3))
    assert len(decks) == 4 and all(game.validate_deck(deck) == [] for deck in decks)
    assert game.new_state(3).to_json() == game.new_state(3).to_json()
    assert game.card_count() == 32 and game.card_key(7) == 7
    assert game.card_data_hash() == "brawl-" + "-".join(card.id for card in game.pool)


def test_a_wrong_number_of_decks_or_an_illegal_deck_is_refused_naming_it():
    game = Brawl()
    with pytest.raises(DeckError, match=r"brawl: one deck per player \(3\), got 2"):
        game.new_state(0, [DECK, DECK])
    with pytest.raises(DeckError, match="player 2's deck: card 8: no card named 'Dragon'"):
        game.new_state(0, [DECK, DECK, [*DECK[:7], "Dragon"]])
    with pytest.raises(DeckError, match="player 1's deck: .*Spark"):
        game.new_state(0, [DECK, ["Spark"] * 8, DECK])


class Deckless(BrawlState):
    SPEC = StateSpec(zones=(Zone("hand"), Zone("library")))


def test_a_state_without_the_deck_zone_is_refused_when_the_game_is_made():
    deckless = type("Deckless", (Brawl,), {"state_class": Deckless, "scene_module": None})
    with pytest.raises(ValueError, match="brawl: no zone 'deck' per player to deal the decks into .*library"):
        deckless()


# -- cards of text -----------------------------------------------------------------------------
def brawl_with(tmp_path, text: str) -> type[Brawl]:
    path = tmp_path / "cards.toml"
    path.write_text(text)
    return type("Rebrawl", (Brawl,), {"card_file": path})


SPARK = """
[[card]]
id = "spark"
name = "Spark"
  [[card.abilities]]
  timing = "cast"
  speed = "fast"
  effects = [{ do = "damage", who = "each_opponent", amount = 1 }]
"""


def test_the_declared_card_file_is_read_into_records_with_their_steps_and_shown_as_the_card_table():
    game = Brawl()
    assert [card.index for card in game.pool] == list(range(len(game.pool)))
    well = game.by_name["well"]
    assert well.row.permanent and [a.timing for a in well.abilities] == ["cast", "on_damage"]
    assert len(well.steps) == 2 and all(callable(step) for step in well.steps[0])
    table = game.card_table()
    assert table is not None and [c.key for c in table.columns] == ["name", "permanent", "speed", "text"]
    assert table.rows[0] == {"id": "spark", "name": "Spark", "permanent": "", "speed": "fast",
                             "text": "1 damage to an opponent."}


def test_a_bad_row_names_the_file_and_the_card(tmp_path):
    with pytest.raises(CardDataError, match=r"cards.toml, card 'Spark' \(spark\): field abilities\[0\]"):
        brawl_with(tmp_path, SPARK.replace('do = "damage"', 'do = "explode"'))()
    with pytest.raises(CardDataError, match=r"cards.toml, card 'Spark' \(spark\): field colour"):
        brawl_with(tmp_path, SPARK.replace('name = "Spark"', 'name = "Spark"\ncolour = "red"'))()


def test_the_game_s_own_rule_on_a_row_names_the_card(tmp_path):
    assert [card.id for card in brawl_with(tmp_path, SPARK)().pool] == ["spark"]
    with pytest.raises(CardDataError, match=r"card 'Spark' \(spark\): field abilities: a cast ability first"):
        brawl_with(tmp_path, SPARK.replace('timing = "cast"', 'timing = "on_damage"'))()


def test_plays_are_the_targets_of_a_payable_first_ability_judged_without_the_card_in_hand():
    state = Brawl().new_state(0, [DECK] * 3)
    spark, counter, ward = (next(c for c in state.owned[0] if state.cards[c] == name)
                            for name in ("spark", "counter", "ward"))
    state.decks[0] += state.hands[0]
    state.hands[0] = []
    for card in (spark, counter, ward):
        state.decks[0].remove(card)
    state.hands[0] = sorted([spark, ward])
    assert state.plays(0, spark) == [refs.player(1), refs.player(2)] and state.plays(0, ward) == [None]
    state.hands[0] = [counter]  # its cost, a discard, cannot be paid by the card itself
    assert state.plays(0, counter) == [] and state.hands[0] == [counter]
    state.decks[0] += [spark, ward]
    state.check_invariants()


def test_a_game_without_options_of_its_own_refuses_one_naming_it():
    assert Brawl(players=4).options_dump() == {"players": 4}
    with pytest.raises(OptionsError, match="brawl options: colour: Extra inputs are not permitted"):
        Brawl(colour="red")
