"""The kernel's deck rule (``kernel/deck_rule.py``): a game that declares one gets
``validate_deck`` from it; the edge cases of its words, and a game playing with it."""

from __future__ import annotations

import pytest
from tcgkit_brawl import Brawl

from tcgkit.kernel import DeckCard, DeckError, DeckRule, Game, Rng
from tcgkit.kernel.deck_rule import NO_LIMIT
from tcgkit.kernel.decks import parse_deck

CARDS = {"bolt": DeckCard("Bolt"), "well": DeckCard("Well", NO_LIMIT),
         "king": DeckCard("King", 1, "a king may appear once")}
RULE = DeckRule(6, lambda text: CARDS.get(text.strip().lower()), copies=2)


def test_a_legal_deck_has_no_problems():
    assert RULE.problems(["Bolt", "bolt", "Well", "Well", "Well", "King"]) == []


def test_every_copy_over_the_limit_is_counted_once_at_the_first_over_it():
    assert RULE.problems(["Bolt", "King", "Bolt", "Bolt", "Bolt", "King"]) == [
        "card 4: 2 copies of Bolt too many (at most 2 copies; the first is card 1)",
        "card 6: one King too many (a king may appear once; the first is card 2)",
    ]


def test_unknown_cards_and_the_size_are_named_and_a_card_without_limit_is_not():
    assert RULE.problems(["Well"] * 6 + ["Nope"]) == [
        "card 7: no card named 'Nope'", "a deck holds exactly 6 cards; this one has 7"]
    mons = DeckRule(2, CARDS.get, copies=None, deck="mons")
    assert mons.problems(["bolt"] * 3) == ["a mons holds exactly 2 cards; this one has 3"]
    assert DeckRule(1, CARDS.get, copies=1).problems(["bolt", "bolt"])[0].endswith(
        "(at most 1 copy; the first is card 1)")


def test_a_deck_file_names_the_lines():
    deck = parse_deck("// mine\nBolt\nBolt\n\nBolt\nWell\nWell\nKing\n")
    assert deck.locate(RULE.problems(deck.cards)) == [
        "line 5: one Bolt too many (at most 2 copies; the first is card 1 on line 2)"]


def test_a_game_declaring_a_rule_validates_decks_by_it_and_refuses_a_bad_one():
    game = Brawl()
    deck = game.sample_decks(Rng(7))[0]
    assert game.validate_deck(deck) == []
    assert game.validate_deck(["spark"] * 8) == [
        "card 3: 6 copies of Spark too many (at most 2 copies; the first is card 1)"]
    with pytest.raises(DeckError, match=r"player 1's deck: card 8: no card named 'Nope'"):
        game.new_state(1, [deck, deck[:7] + ["Nope"], deck])
    game.new_state(1, [deck, deck, deck]).check_invariants()


def test_a_game_without_a_rule_says_it_checks_no_deck():
    class Bare(Brawl):
        def deck_rule(self) -> None:
            return None

    assert Game.deck_rule(Bare()) is None
    with pytest.raises(NotImplementedError, match="brawl declares no deck rule"):
        Bare().validate_deck([])
