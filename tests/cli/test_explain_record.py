"""``tcgkit play --explain``: the saved record keeps why the AI chose each of its moves, the game
is the one the AI plays without it, ``replay --step`` tells the reasons once the game is over,
and records without them still read."""

from __future__ import annotations

import json

import pytest

from tcgkit.agents import make_agent
from tcgkit.agents.explain import Explanation
from tcgkit.games.triple_triad import TripleTriad
from tcgkit.games.triple_triad.collection import Collection, matching_hand
from tcgkit.games.triple_triad.options import parse_rules
from tcgkit.kernel.errors import ReplayError
from tcgkit.kernel.replay import MatchRecord
from tcgkit.terminal.match import Match
from tcgkit.terminal.play_loop import agent_choice

from .helpers import saved_record


def planned(seed: int, level: str) -> tuple[list[str], Match]:
    """What ``play triple-triad --hand auto --trade none --vs LEVEL --seed SEED`` plays when the
    person types each turn's first legal move: the AI without ``--explain``."""
    game = TripleTriad(parse_rules("trade=none"))
    mine = Collection.starter(game.cards).strongest(5)
    decks = [[c.name for c in mine], [c.name for c in matching_hand(game.cards, mine, seed)]]
    match, ai, typed = Match.new(game, seed, decks), make_agent(level, game), []
    while not match.state.is_terminal:
        mover = match.state.to_move
        assert mover is not None
        action = match.state.legal_actions()[0] if mover == 0 else agent_choice(match, mover, ai)
        if mover == 0:
            typed.append(str(action))
        match.play(action, mover)
    return typed, match


def test_the_record_keeps_the_ai_s_reasons_and_the_game_is_unchanged(run, home, tmp_path):
    typed, expected = planned(5, "easy")
    save = tmp_path / "explained.json"
    result = run("play", "triple-triad", "--no-color", "--seed", "5", "--hand", "auto", "--trade", "none",
                 "--vs", "easy", "--explain", "--save", str(save), input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output
    record = saved_record(save)
    assert record.actions == expected.actions  # explaining changed no move
    ai_moves = [n for n, mover in enumerate(expected.movers, start=1) if mover == 1]
    assert sorted(map(int, record.explanations)) == ai_moves
    searched = 0
    for number, kept in record.explanations.items():
        why = Explanation.from_json(kept)
        assert why.choice == record.actions[int(number) - 1]
        if why.iterations:
            searched += 1
            assert why.before is not None and why.after is not None
            assert 0 <= why.before <= 100 and 0 <= why.after <= 100
    assert searched >= 3
    shown = run("replay", str(save), "--step", "--no-color")
    assert shown.exit_code == 0, shown.output
    assert shown.stdout.count("Why easy chose it: its chance to win ") == searched


def test_without_the_flag_nothing_is_kept_and_old_records_still_read(run, home, tmp_path):
    typed, expected = planned(5, "easy")
    save = tmp_path / "plain.json"
    result = run("play", "triple-triad", "--no-color", "--seed", "5", "--hand", "auto", "--trade", "none",
                 "--vs", "easy", "--save", str(save), input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output
    record = saved_record(save)
    assert record.explanations == {} and "explanations" not in record.to_json()
    old = record.to_json()
    assert MatchRecord.from_json(json.loads(json.dumps(old))).actions == expected.actions
    with pytest.raises(ReplayError, match="record.explanations: should map action numbers"):
        MatchRecord.from_json({**old, "explanations": {"first": {}}})


def test_explain_asks_for_a_save_and_an_ai_that_explains(run, home, tmp_path):
    alone = run("play", "triple-triad", "--no-color", "--vs", "easy", "--explain", input="quit\n")
    assert alone.exit_code != 0 and "--explain keeps the AI's reasons in the saved record" in alone.output
    greedy = run("play", "triple-triad", "--no-color", "--hand", "auto", "--trade", "none", "--vs", "greedy",
                 "--explain", "--save", str(tmp_path / "g.json"), input="quit\n")
    assert greedy.exit_code != 0 and "the AI greedy does not explain its moves" in greedy.output
    # Monster Collection's easy is a search with slips: it explains its moves, so it is taken.
    careless = run("play", "monster-collection", "--no-color", "--vs", "easy", "--explain",
                   "--save", str(tmp_path / "mc.json"), input="quit\n")
    assert careless.exit_code == 0 and "does not explain" not in careless.output, careless.output
