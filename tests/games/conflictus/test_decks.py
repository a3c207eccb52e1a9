"""The shipped preconstructed mons (``data/decks``): legal, and together covering what issue 12
asks of them. Their balance (greedy against greedy) is measured by ``tcgkit sim``, not here: a
measurement of hundreds of games does not fit the suite (RULES.md, "Preconstructed mons")."""

from __future__ import annotations

import pytest

from tcgkit.games.conflictus import Conflictus, starter_decks

SHIPPED = dict(starter_decks())


def factions(deck: list[str]) -> set[str]:
    game = Conflictus(players=2)
    return {game.db.find(text).faction for text in deck}


def test_the_four_mons_are_shipped():
    assert sorted(SHIPPED) == ["abismo", "aurora", "crepusculo", "mercenarios"]


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_each_shipped_mons_is_legal_under_the_default_options(name):
    assert len(SHIPPED[name]) == 50
    assert Conflictus(players=2).validate_deck(SHIPPED[name]) == []


def test_one_mons_per_faction_and_one_mixing_neutral():
    kinds = {name: factions(deck) for name, deck in SHIPPED.items()}
    assert kinds["aurora"] <= {"luz", "neutra"} and "luz" in kinds["aurora"]
    assert kinds["abismo"] <= {"sombra", "neutra"} and "sombra" in kinds["abismo"]
    assert {"luz", "sombra", "neutra"} <= kinds["crepusculo"]
    assert "neutra" in kinds["mercenarios"]
    strict = Conflictus(players=2, allow_dual_faction=False)
    assert strict.validate_deck(SHIPPED["aurora"]) == strict.validate_deck(SHIPPED["abismo"]) == []
