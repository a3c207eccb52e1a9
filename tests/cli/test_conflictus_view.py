"""Conflictus Aeternus in the terminal: the board for every viewer (hands only their owner's), an
event sentence for every event, the card table, options and positions."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

import tcgkit
from tcgkit.cli.conflictus_view import card_rows, game_for_position, rules_line
from tcgkit.cli.game_support import describe_events, render_view
from tcgkit.cli.seats import Seats
from tcgkit.kernel.errors import NotationError
from tcgkit.kernel.rng import Rng


def text_of(renderable) -> str:
    out = io.StringIO()
    Console(file=out, width=200, color_system=None).print(renderable)
    return out.getvalue()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_board_shows_each_player_only_their_own_hand_and_every_event_is_a_sentence(players):
    game = tcgkit.load_game("conflictus", players=players)
    state = game.new_state(players)
    rng = Rng(players)
    seats = Seats.numbered(players)
    shown = 0
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()), state.to_move)
        if rng.below(40) == 0:
            for viewer in [*range(players), None]:
                board = " ".join(text_of(render_view(game, state.view(viewer), seats)).split())
                assert f"Rodada {state.round}" in board or state.phase == "mulligan"
                for p in range(players):
                    for c in state.hand[p]:  # a card in a hand is nowhere else on the board
                        shown_here = re.search(re.escape(state.label(c)) + r"(?!\d)", board) is not None
                        assert shown_here == (p == viewer), (viewer, state.label(c))
                shown += 1
    assert shown > 0
    for viewer in [*range(players), None]:
        lines = describe_events(game, state.events_since(0, viewer), seats)
        assert lines and not [line for line in lines if line.startswith("{")]
    assert any("is out of the game" in line for line in describe_events(game, state.events_since(0, None),
                                                                         seats))


def test_cards_rules_line_and_positions():
    game = tcgkit.load_game("conflictus", players=3, mulligan="turn_order")
    rows = card_rows(game)
    assert len(rows) == len(game.cards) and {r["class"] for r in rows} >= {"fonte", "guerreiro", "amuleto"}
    assert rules_line(game).startswith("3 players; mons of 50")
    state = game.new_state(4)
    again = game_for_position(state.to_notation())
    assert again.num_players == 3 and again.options.mulligan == "turn_order"
    assert again.state_from_notation(state.to_notation()).to_json() == state.to_json()
    with pytest.raises(NotationError, match="not JSON"):
        game_for_position("conflictus {")
