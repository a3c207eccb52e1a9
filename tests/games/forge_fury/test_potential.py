"""Forge & Fury's shaping potential: the score difference plus what the cards to come are
worth. It must read only what the player may know, be zero-sum, end as the score
difference, and price a round given away with a weak card above one lost with a strong."""

from __future__ import annotations

import tcgkit
from tcgkit.agents import make_agent
from tcgkit.games.forge_fury.actions import Pick
from tcgkit.kernel.rng import Rng


def game_and_positions(seed: int = 3, plies: int = 400):
    game = tcgkit.load_game("forge-fury", mode="chama")
    state = game.new_state(seed)
    agent, rng, positions = make_agent("random", game), Rng(seed), []
    while not state.is_terminal and len(positions) < plies:
        positions.append(state.clone())
        mover = state.to_move
        state.apply(agent.act(state.view(mover), state.legal_actions(), rng), mover)
    return game, state, positions


def test_the_potential_is_zero_sum_and_ends_as_the_score_difference():
    game, end, positions = game_and_positions(plies=10**6)
    assert end.is_terminal
    for state in positions[::7] + [end]:
        assert abs(game.potential(state, 0) + game.potential(state, 1)) < 1e-9
    assert game.potential(end, 0) == game.heuristic(end, 0)
    assert game.potential(positions[0], 0) != game.heuristic(positions[0], 0)


def test_the_potential_is_the_same_when_what_the_player_cannot_see_is_dealt_again():
    game, _, positions = game_and_positions()
    rng = Rng(11)
    for state in positions[::5]:
        for player in (0, 1):
            again = game.redeal_hidden(state, player, rng)
            assert abs(game.potential(again, player) - game.potential(state, player)) < 1e-9


def test_a_round_lost_with_the_weakest_card_costs_less_than_one_lost_with_the_strongest():
    game, _, positions = game_and_positions()
    worth = game.card_worth()
    compared = 0
    for state in positions:
        legal = state.legal_actions()
        if not legal or not isinstance(legal[0], Pick) or state.picks[1 - state.to_move] is None:
            continue
        me, theirs = state.to_move, state.picks[1 - state.to_move]
        losing = [a for a in legal if game.compare(a.card, theirs, state.colour)[1] == 1]
        if len(losing) < 2:
            continue
        weak, strong = min(losing, key=lambda a: worth[a.card]), max(losing, key=lambda a: worth[a.card])
        if worth[weak.card] == worth[strong.card]:
            continue
        after = []
        for pick in (weak, strong):
            trial = state.clone()
            trial.apply(pick, me)
            after.append(game.potential(trial, me))
        assert after[0] > after[1]
        compared += 1
    assert compared >= 3


def test_with_private_deck_lists_the_potential_reads_nothing_of_the_rivals_cards():
    game = tcgkit.load_game("forge-fury", mode="chama", private_decklists=True)
    state, rng, agent = game.new_state(5), Rng(5), make_agent("random", game)
    checked = 0
    while not state.is_terminal:
        for player in (0, 1):
            again = game.redeal_hidden(state, player, rng)
            assert abs(game.potential(again, player) - game.potential(state, player)) < 1e-9
            checked += 1
        mover = state.to_move
        state.apply(agent.act(state.view(mover), state.legal_actions(), rng), mover)
    assert checked > 20
