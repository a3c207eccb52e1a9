"""The kernel's default notation (``kernel/notation.py``): a game without a notation module
reads a typed move by matching its legal actions' notation, case and spacing aside, and
refuses anything else in words that show nothing hidden from the typist."""

from __future__ import annotations

import pytest
from tcgkit_brawl import Brawl
from tcgkit_brawl.rules import END

from tcgkit.kernel import NotationError
from tcgkit.kernel.notation import SHOWN, match_legal, normal, parse_legal


def test_every_legal_action_reads_back_as_itself_in_any_case_and_spacing():
    state = Brawl().new_state(3)
    mover = state.to_move
    for action in state.legal_actions():
        text = str(action)
        assert state.parse_action(text, mover) == action
        assert state.parse_action(f" {text.upper().replace(' ', '   ')}\t", mover) == action
    assert normal("  Cast 3\t AT  1 ") == "cast 3 at 1"


def test_a_game_played_by_its_typed_moves():
    state = Brawl().new_state(5)
    while not state.is_terminal:
        mover = state.to_move
        action = state.legal_actions()[state.version % len(state.legal_actions())]
        state.apply(state.parse_action(str(action), mover), mover)
    assert state.outcome is not None


def test_text_that_is_no_legal_move_is_refused_with_the_movers_moves_only():
    state = Brawl().new_state(3)
    mover = state.to_move
    moves = [str(a) for a in state.legal_actions()]
    with pytest.raises(NotationError) as refused:
        state.parse_action("discard 99", mover)
    shown = ", ".join(repr(m) for m in moves[:SHOWN])
    assert str(refused.value).startswith(f"'discard 99' is not a move you can make now; your moves: {shown}")
    assert match_legal(state, "discard 99") is None


def test_a_player_not_to_move_is_told_whose_decision_it_is_whatever_they_type():
    state = Brawl().new_state(3)
    other = (state.to_move + 1) % 3
    mover_move = str(state.legal_actions()[0])  # a move of the mover's: not compared for others
    for text in (mover_move, "end", "nonsense"):
        with pytest.raises(NotationError, match=rf"it is player {state.to_move}'s decision"):
            state.parse_action(text, other)


def test_a_finished_game_reads_no_move():
    state = Brawl().new_state(5)
    state.end_as_draw("a test")
    with pytest.raises(NotationError, match="^'end': the game is over$"):
        parse_legal(state, str(END), 0)
