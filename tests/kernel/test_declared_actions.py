"""Declared actions (``Action.notation``): the notation written from its pieces, a piece left out
when a field it names is ``None``; the refs from the ``card`` field and the ``Ref`` fields."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from tcgkit_brawl import Brawl
from tcgkit_brawl.rules import END, Cast, First

from tcgkit.kernel import Action, refs


def test_a_declared_notation_leaves_out_the_pieces_whose_fields_are_none():
    assert str(Cast(3)) == "cast 3" and str(Cast(3, refs.player(1))) == "cast 3 at 1"
    assert str(Cast(3, refs.card(12))) == "cast 3 at 12" and str(END) == "end"
    assert Cast(3, refs.player(1)).refs() == (refs.card(3), refs.player(1))
    assert First(4).refs() == (refs.card(4),) and END.refs() == ()


def test_every_legal_action_of_a_game_reads_back_from_its_declared_notation():
    state = Brawl().new_state(1)
    for action in state.legal_actions():
        assert state.parse_action(f"  {str(action).upper()} ", state.to_move) == action


@dataclass(frozen=True, slots=True)
class Written(Action):
    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Undeclared(Action):
    card: int


def test_a_written_action_keeps_its_own_refs_and_one_without_notation_says_so():
    assert str(Written(2)) == "play 2" and Written(2).refs() == ()
    with pytest.raises(NotImplementedError, match="Undeclared declares no notation and writes no __str__"):
        str(Undeclared(2))
