"""Planned games for the CLI tests.

A planned game reproduces what ``tcgkit play`` will do for a seed (the same hands, the
same seeded AI replies), so a test can pipe in exactly the moves a game needs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tcgkit.agents import make_agent
from tcgkit.games.triple_triad import TripleTriad
from tcgkit.games.triple_triad.collection import Collection, hotseat_decks, matching_hand
from tcgkit.games.triple_triad.options import parse_rules
from tcgkit.kernel.actions import Action
from tcgkit.kernel.game import State
from tcgkit.kernel.replay import MatchRecord
from tcgkit.terminal.match import Match
from tcgkit.terminal.play_loop import agent_choice
from tcgkit.terminal.profile import load_profile
from tcgkit.terminal.saves import read_save

Strategy = Callable[[Match, int], Action]


def first_legal(match: Match, player: int) -> Action:
    return match.state.legal_actions()[0]


def greedy(match: Match, player: int) -> Action:
    return agent_choice(match, player, make_agent("greedy", match.game))


@dataclass
class Planned:
    moves: list[str]  # what the human types, in order
    match: Match  # the game played to its end

    @property
    def state(self) -> State:
        return self.match.state

    def lines(self, *before: str) -> str:
        return "\n".join([*before, *self.moves]) + "\n"


def plan_vs_ai(
    seed: int, rules: str = "-", seat: int = 0, human: Strategy = first_legal
) -> Planned:
    """The game ``tcgkit play triple-triad --hand auto --seed SEED --as SEAT`` will play."""
    game = TripleTriad(parse_rules(rules))
    mine = Collection.starter(game.cards).strongest(5)
    decks = [[c.name for c in mine], [c.name for c in matching_hand(game.cards, mine, seed)]]
    if seat == 1:
        decks.reverse()
    match = Match.new(game, seed, decks)
    ai = make_agent("greedy", game)
    moves = []
    while not match.state.is_terminal:
        mover = match.state.to_move
        if mover == seat:
            action = human(match, seat)
            moves.append(str(action))
        else:
            action = agent_choice(match, mover, ai)
        match.play(action, match.state.to_move)
    return Planned(moves, match)


def plan_hotseat(seed: int, rules: str = "-") -> Planned:
    game = TripleTriad(parse_rules(rules))
    match = Match.new(game, seed, hotseat_decks(game.cards, seed))
    moves = []
    while not match.state.is_terminal:
        action = first_legal(match, match.state.to_move)
        moves.append(str(action))
        match.play(action, match.state.to_move)
    return Planned(moves, match)


def find_plan(want: Callable[[Planned], bool], **kwargs) -> tuple[int, Planned]:
    for seed in range(60):
        plan = plan_vs_ai(seed, **kwargs)
        if want(plan):
            return seed, plan
    raise AssertionError("no seed under 60 gives the wanted game")


def saved_record(path) -> MatchRecord:
    """The record inside a save ``tcgkit play --save`` wrote (sealed or not), opened with
    the test's profile (TCGKIT_HOME)."""
    secret = load_profile().secret
    return read_save(path, bytes.fromhex(secret) if secret else None).record
