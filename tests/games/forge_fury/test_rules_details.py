"""Forge & Fury details that mutation testing (mutmut, docs/kernel.md) found unpinned: the
mini-games' tables, the names of the deciding steps and end reasons, the events, who sees a
pick when, and the answers to actions that are not legal."""

from __future__ import annotations

import pytest
from test_rules import last_round_played, opened

from conftest import arrange, decks_with, play
from tcgkit.games.forge_fury.actions import ChooseColour
from tcgkit.kernel.errors import IllegalAction
from tcgkit.kernel.rng import Rng


@pytest.fixture
def game(make_game):
    return make_game(mode="chama")


def fresh(game, seed=1):
    return game.new_state(seed, decks_with(game, ["Mirror #005"], ["Twin Normal #004"]))


@pytest.mark.parametrize(("first", "second", "winner"), [
    ("rock", "scissors", 0), ("scissors", "paper", 0), ("paper", "rock", 0),
    ("scissors", "rock", 1), ("paper", "scissors", 1), ("rock", "paper", 1),
])
def test_rock_paper_scissors_table(game, first, second, winner):
    state = play(fresh(game), f"rps {first}", f"rps {second}")
    assert state.first == winner and state.to_move == winner and state.pending.kind == "colour"


def test_a_tie_streak_the_seed_ends_goes_to_one_of_the_two_players(make_game):
    game = make_game(mode="chama", minigame_ties=1)
    winners = set()
    for seed in range(24):
        state = play(fresh(game, seed), "rps rock", "rps rock")
        assert state.first in (0, 1) and state.to_move == state.first and state.pending.kind == "colour"
        winners.add(state.first)
    assert winners == {0, 1}


def test_the_tie_count_starts_again_after_each_mini_game(make_game):
    game = make_game(mode="chama", minigame_ties=2)
    state = play(fresh(game), "rps rock", "rps rock")
    assert state.to_json()["ties"] == 1 and state.pending.kind == "rps"
    play(state, "rps rock", "rps paper")
    assert state.to_json()["ties"] == 0 and state.first == 1


def test_odd_or_even_called_by_player_one_in_a_round_tie(make_game):
    game = make_game(mode="chama", minigame="odd_even")
    state = fresh(game)
    assert state.view(None)["call"] is None  # nothing called yet
    play(state, "call even", "show 2", "show 4")  # 6 is even: the caller, player 0, wins
    assert state.first == 0
    state = arrange(fresh(game), [[5, 101, 102], [4, 103, 104]])
    play(state, "call odd", "show 2", "show 4")  # even: player 1 starts
    assert state.first == 1
    play(state, "colour green", "pick Twin Normal", "pick Mirror")  # the chooser picks first; all equal
    assert state.pending.kind == "call" and state.to_move == 1  # the chooser calls
    assert state.view(0)["caller"] == 1 and state.view(0)["call"] is None
    play(state, "call even", "show 1", "show 2")  # 3 is odd: the caller loses
    assert state.view(None)["seen"] == []  # no mini-game is being played
    assert state.recovery[0] == [state.game.cards.find("#5").id]
    assert state.conquest[0] == [state.game.cards.find("#4").id]
    kinds = [e["kind"] for e in state.events_since(0, None)]
    assert kinds.count("call") == 2 and kinds.count("sign") == 4
    call = [e for e in state.events_since(0, None) if e["kind"] == "call"][-1]
    assert call["player"] == 1 and call["odd"] is False


def test_the_deciding_steps_are_named(make_game, game):
    cards = game.cards
    strong, weak, mirror, twin = (cards.find(f"#{n}").id for n in (6, 7, 5, 4))
    assert game.compare(strong, weak, 0) == ("colour", 0)
    assert game.compare(weak, strong, 2) == ("colour", 1)
    assert game.compare(mirror, twin, 1) == ("tie", None)
    by_number = make_game(mode="chama", tie_by_number=True)
    state = opened(by_number, [[5, 101, 102], [4, 103, 104]])
    play(state, "colour red", "pick Mirror", "pick Twin Normal")
    reveal = [e for e in state.events_since(0, None) if e["kind"] == "reveal"][-1]
    assert (reveal["step"], reveal["winner"]) == ("number", 0)


def test_the_events_of_a_round_in_order(game):
    state = opened(game, [[6, 101, 102], [7, 103, 104]])
    play(state, "colour blue", "pick Strong", "pick Weak")
    kinds = [e["kind"] for e in state.events_since(0, None)]
    assert kinds == ["draw"] * 6 + ["sign", "sign", "minigame", "colour", "pick", "pick", "reveal", "round",
                                    "draw", "draw"]
    colour = next(e for e in state.events_since(0, None) if e["kind"] == "colour")
    assert colour["player"] == 0 and colour["colour"] == "blue"


def test_picks_show_during_a_round_tie_and_hide_again_next_round(game):
    state = opened(game, [[5, 4, 6], [4, 5, 7]])
    play(state, "colour green", "pick Mirror", "pick Twin Normal")  # a full tie: the mini-game
    assert state.pending.kind == "rps"
    assert state.view(1)["zones"]["pick0"]["cards"] == ["Mirror #005"]  # on the table, face up
    play(state, "rps rock", "rps scissors")  # player 0 (the chooser) wins the round
    assert state.view(None)["chooser"] == 0
    play(state, "colour red", "pick Strong")  # player 0 picks first, face down again
    assert state.to_move == 1 and state.pending.kind == "pick"
    hidden = state.view(1)["zones"]["pick0"]
    assert "cards" not in hidden and hidden["count"] == 1
    assert state.view(0)["zones"]["pick0"]["cards"] == ["Strong #006"]


def test_the_round_winner_chooses_next(game):
    state = opened(game, [[7, 101, 102], [6, 103, 104]])  # player 0 chooses, player 1 wins
    play(state, "colour blue", "pick Weak", "pick Strong")
    assert state.view(None)["chooser"] == 1 and state.to_move == 1 and state.pending.kind == "colour"


@pytest.mark.parametrize(("conquered", "kept", "reason"), [
    (([6], [3]), ([111], [112]), "tie broken by super-rare cards conquered"),
    (([4], [3]), ([111], [112]), "tie broken by rare cards conquered"),
    (([1], [7]), ([111], [112]), "tie broken by the strength of the conquests"),
    (([5], [5]), ([], []), "a draw: every tie-break is equal"),
])
def test_the_end_reasons_word_for_word(game, conquered, kept, reason):
    state = last_round_played(game, conquered, kept)
    state._end()
    assert state.outcome.reason == reason
    end = state.events_since(0, None)[-1]
    assert end == {"kind": "end", "winner": state.outcome.winner, "reason": reason}


def test_a_tie_where_one_player_recovered_nothing_is_a_draw_not_a_sudden_death(game):
    # Player 0 conquered Weak twice (3 + 3), player 1 a filler of 6 and kept one card: 2 cards
    # each, no rare conquests, equal strength; player 0 has nothing to play a sudden death with.
    state = last_round_played(game, ([7, 7], [104]), ([], [4]))
    state._end()
    assert not state.sudden and state.is_terminal
    assert state.outcome.winner is None and state.outcome.reason == "a draw: every tie-break is equal"


def test_a_won_game_says_all_cards_are_played(make_game):
    game = make_game(mode="brasa")
    state, rng = game.new_state(2), Rng(3)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()), state.to_move)
    assert state.outcome.winner is not None and not state.sudden
    assert state.outcome.reason == "all cards are played"


def test_the_sudden_death_winner_reason(game):
    state = last_round_played(game, ([5], [5]), ([4], [4]))
    state._end()
    play(state, "colour green", "pick Twin Normal", "pick Twin Normal", "rps rock", "rps scissors")
    assert state.outcome.reason == "won the sudden-death round"
    assert any(e["kind"] == "sudden_death" for e in state.events_since(0, None))


def test_refusals_name_the_reason_and_legal_actions_have_none(game):
    state = opened(game, [[6, 101, 102], [7, 103, 104]])
    play(state, "colour blue")
    with pytest.raises(IllegalAction, match="must pick"):
        state.apply(ChooseColour(0), state.to_move or 0)  # a colour while a pick is asked
    rng = Rng(5)
    while not state.is_terminal:
        legal = state.legal_actions()
        assert all(state.illegal_reason(a, state.to_move) is None for a in legal)
        state.apply(rng.choice(legal), state.to_move)
    assert state.illegal_reason(ChooseColour(0), 0) == "the game is over"
    with pytest.raises(IllegalAction, match="^the game is over$"):
        state.apply(ChooseColour(0), state.to_move or 0)


def test_each_player_is_dealt_from_their_own_deck(game):
    labels = [c.label for c in game.cards.cards]
    decks = [labels[:50], labels[-50:]]  # overlapping, but different cards
    state = game.new_state(3, decks)
    for p in (0, 1):
        dealt = sorted(game.cards.cards[c].label for c in state.decks[p] + state.hands[p])
        assert dealt == sorted(decks[p])


@pytest.mark.parametrize("leader", [0, 1])
def test_more_cards_win_whichever_player_has_them(game, leader):
    piles = ([5, 4], [6]) if leader == 0 else ([6], [5, 4])
    state = last_round_played(game, piles, ([], []))
    state._end()
    assert state.outcome.winner == leader and state.outcome.reason == "all cards are played"
    assert state.outcome.scores[leader] == 2 and state.outcome.scores[1 - leader] == 1
