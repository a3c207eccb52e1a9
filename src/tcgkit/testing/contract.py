"""The checks of what every game does: games end with an outcome, actions apply and refuse,
notation and JSON round-trip, replays verify, decisions are served, versions and event cursors
count. (What a player may not see: ``secrets.py``.)"""

from __future__ import annotations

import contextlib
import json
from typing import Any

from ..kernel.actions import Action
from ..kernel.errors import IllegalAction, TcgkitError
from ..kernel.game import Game, State
from ..kernel.replay import MatchRecord, replay, verify
from ..kernel.rng import Rng
from .play import Failure, expect, play_random, players, positions

GAMES = 6
"""Random games per option set where a check plays several."""


def games_terminate_with_an_outcome(game: Game) -> None:
    """Random games end, with scores, ranks and returns that add up."""
    for seed in range(GAMES):
        state, _ = play_random(game, seed)
        outcome = state.outcome
        expect(outcome is not None and outcome.reason, f"seed {seed}: a finished game has no outcome")
        assert outcome is not None
        n = game.num_players
        expect(len(outcome.scores) == len(outcome.ranks) == n, f"seed {seed}: not one score a player")
        expect(sorted(outcome.ranks)[0] == 0 and all(0 <= r < n for r in outcome.ranks),
               f"seed {seed}: ranks {outcome.ranks} do not start at 0")
        expect(outcome.winner is None or outcome.ranks.count(0) == 1 == 1 - outcome.ranks[outcome.winner],
               f"seed {seed}: winner {outcome.winner} is not alone first in {outcome.ranks}")
        expect(len(set(outcome.eliminated)) == len(outcome.eliminated), f"seed {seed}: eliminated twice")
        expect(all(outcome.ranks[p] > outcome.ranks[q]
                   for p, q in zip(outcome.eliminated, outcome.eliminated[1:], strict=False)),
               f"seed {seed}: the first player out is not placed worst")
        returns = outcome.returns()
        expect(abs(sum(returns)) < 1e-9 and all(-1 <= r <= 1 for r in returns),
               f"seed {seed}: returns {returns} do not sum to 0 within [-1, 1]")
        json.dumps(outcome.to_json())


def legal_actions_apply_and_round_trip_their_notation(game: Game) -> None:
    """Each legal action reads back from its notation and applies, keeping the invariants."""
    def check(state: State[Any]) -> None:
        for action in state.legal_actions():
            mover = state.to_move
            assert mover is not None
            expect(state.parse_action(str(action), mover) == action, f"{action} does not read back as itself")
            after = state.clone()
            after.apply(action, mover)
            after.check_invariants()

    for seed in range(2):
        play_random(game, seed, each_step=check)


def refused(state: State[Any], action: Action, player: int) -> str:
    """The message ``apply`` refuses ``action`` with; a ``Failure`` when it does not."""
    try:
        state.apply(action, player)
    except IllegalAction as error:
        expect(str(error), f"{action} was refused without a message")
        return str(error)
    raise Failure(f"{action} by player {player} was applied, but it is not legal")


def refuse_each(state: State[Any], actions: list[Action]) -> None:
    """Every action in ``actions`` (none legal in ``state``) raises ``IllegalAction`` with a
    message and leaves ``state`` as it was. The state is compared once after all of them (once
    per refusal made the run quadratic); on a difference each is tried again on a copy, to
    name the one that changed it."""
    before = json.dumps(state.to_json(), sort_keys=True)
    pristine = state.clone()
    mover = state.to_move
    assert mover is not None
    for action in actions:
        refused(state, action, mover)
    if json.dumps(state.to_json(), sort_keys=True) == before:
        return
    for action in actions:
        probe = pristine.clone()
        refused(probe, action, mover)
        expect(json.dumps(probe.to_json(), sort_keys=True) == before, f"refusing {action} changed the state")
    raise Failure("the refusals together changed the state")


def illegal_actions_raise_and_change_nothing(game: Game) -> None:
    """Actions legal elsewhere in a game are refused where they are not, and change nothing."""
    seen: list[Action] = []
    play_random(game, 99, each_step=lambda s: seen.extend(s.legal_actions()))
    rejected = 0

    def check(state: State[Any]) -> None:
        nonlocal rejected
        legal = set(state.legal_actions())
        illegal = [action for action in seen[::7] if action not in legal]
        refuse_each(state, illegal)
        rejected += len(illegal)

    end, _ = play_random(game, 3, each_step=check)
    expect(end.to_move is None, "a finished game has a player to move")
    for action in seen[:5]:
        for player in range(game.num_players):  # the game is over: nobody may act
            refused(end, action, player)
    expect(rejected > 0, "no action was ever illegal: the check proved nothing")


def only_the_player_to_move_may_act(game: Game) -> None:
    """Another player's action is refused naming that player, and changes nothing."""
    for state in positions(game, 2, every=5):
        before = json.dumps(state.to_json(), sort_keys=True)
        for player in range(game.num_players):
            if player == state.to_move:
                continue
            for action in state.legal_actions()[:3]:
                reason = state.illegal_reason(action, player)
                expect(reason and f"player {player}" in reason,
                       f"{action} by player {player} out of turn: refused with {reason!r}, not naming them")
                expect("not player" in refused(state, action, player), f"{action}: unclear refusal")
        expect(json.dumps(state.to_json(), sort_keys=True) == before, "an action out of turn changed it")


def same_seed_and_actions_give_the_same_game(game: Game) -> None:
    """A game replays exactly from its seed and actions, events included."""
    first, record = play_random(game, 5)
    again = replay(record)
    expect(again.to_json() == first.to_json(), "replaying a record gives another state")
    expect(again.events_since(0, None) == first.events_since(0, None), "a replay gives other events")
    other_game = type(game)(game.options_dump())
    expect(other_game.new_state(5).to_json() == game.new_state(5).to_json(),
           "two games of the same options deal seed 5 differently")


def notation_and_json_round_trip(game: Game) -> None:
    """Each position reads back from its notation (one line) and from its JSON."""
    def check(state: State[Any]) -> None:
        text = state.to_notation()
        expect("\n" not in text, "a position's notation has more than one line")
        expect(game.state_from_notation(text).to_notation() == text, f"a position does not read back: {text}")
        data = json.loads(json.dumps(state.to_json()))
        back = game.state_from_json(data)
        expect(back.to_json() == state.to_json(), "a position does not read back from its JSON")
        expect(back.legal_actions() == state.legal_actions(), "read from JSON: other actions")

    end, _ = play_random(game, 7, each_step=check)
    check(end)


def replay_records_round_trip_and_verify(game: Game) -> None:
    """A record saves, loads and verifies; an unfinished one resumes."""
    import tempfile
    from pathlib import Path

    state, record = play_random(game, 11)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        record.save(path)
        loaded = MatchRecord.load(path)
    expect(loaded == record, "a record reads back different")
    expect(verify(loaded).to_json() == state.to_json(), "a verified record gives another state")
    unfinished = MatchRecord(**{**record.to_json(), "actions": record.actions[:3], "outcome": None})
    resumed = replay(unfinished)
    expect(not resumed.is_terminal or len(record.actions) <= 3, "three actions of a longer game ended it")


def decisions_have_a_prompt_and_a_legal_default(game: Game) -> None:
    """Every decision has a prompt (the scene's) and a legal default, both the same after a
    re-deal of what the asked viewer cannot see; every viewer is asked the same prompt, and
    only the decider is told the default."""
    rng = Rng(3)
    for state in positions(game, 1):
        if state.is_terminal:
            expect(all(state.decision_for(v) is None for v in players(game)), "a finished game asks")
            continue
        pending, mover = state.pending, state.to_move
        assert pending is not None and mover is not None
        asked = state.decision_for(mover)
        assert asked is not None
        expect((asked.player, asked.kind, asked.secret) == (pending.player, pending.kind, pending.secret),
               f"decision_for({mover}) is not the pending {pending.kind}")
        expect(asked.default in state.legal_actions(), f"{pending.kind}: illegal default {asked.default}")
        # Scenes without their log (events since now): a prompt needs none, and the whole log
        # at every step of a long game costs the square of its length.
        now = state.event_count()
        prompt = state.scene(mover, now).pending
        expect(prompt is not None and prompt.prompt.id, f"{pending.kind}: the scene asks nothing")
        assert prompt is not None
        for viewer in players(game):
            if viewer != mover:
                told = state.decision_for(viewer)
                seen = state.scene(viewer, now).pending
                expect(told is not None and told.default is None and seen is not None
                       and seen.prompt == prompt.prompt,
                       f"player {viewer} is told the {pending.kind} decision otherwise (or its default)")
            other = game.redeal_hidden(state, viewer, rng)
            expect(other.decision_for(viewer) == state.decision_for(viewer),
                   f"the {pending.kind} decision told to {viewer} changes with what they cannot see")


def every_action_adds_one_to_the_version(game: Game) -> None:
    """The version counts actions, in search copies, clones and JSON alike."""
    state = game.new_state(4)
    rng = Rng(4)
    expect(state.version == 0, "a new game's version is not 0")
    count = 0
    while not state.is_terminal:
        action = rng.choice(state.legal_actions())
        search = state.clone()
        search.apply_unchecked(action)
        mover = state.to_move
        assert mover is not None
        state.apply(action, mover)
        count += 1
        expect(state.version == search.version == count, f"{count} actions, version {state.version}")
        expect(state.clone().version == count, "a clone loses the version")
        expect(game.state_from_json(json.loads(json.dumps(state.to_json()))).version == count,
               "the JSON loses the version")
        following = state.to_move
        if count % 7 == 0 and following is not None:
            with contextlib.suppress(IllegalAction):
                state.apply(state.legal_actions()[0], (following + 1) % game.num_players)
            expect(state.version == count, "a refused action changed the version")


def events_from_a_cursor_add_up_to_the_whole_log(game: Game) -> None:
    """A client reading events from its cursor gets every event once."""
    viewers = players(game)
    cursors: dict[int | None, int] = {v: 0 for v in viewers}
    read: dict[int | None, list[Any]] = {v: [] for v in viewers}
    state = None
    for state in positions(game, 6):
        for viewer in viewers:
            read[viewer] += state.events_since(cursors[viewer], viewer)
            cursors[viewer] = state.event_count()
    assert state is not None
    for viewer in viewers:
        expect(read[viewer] == state.events_since(0, viewer), f"events read by cursor differ for {viewer}")
    expect(state.events_since(state.event_count(), None) == [], "events past the end")
    try:
        state.events_since(-1, None)
    except ValueError as error:
        expect("negative" in str(error), f"a negative cursor is refused unclearly: {error}")
    else:
        raise Failure("a negative event cursor was accepted")


def bad_options_are_clear_errors(game: Game) -> None:
    """An unknown option is refused naming it."""
    try:
        type(game)(no_such_rule=True)
    except TcgkitError as error:
        expect("no_such_rule" in str(error), f"an unknown option is refused without its name: {error}")
    else:
        raise Failure("an unknown option 'no_such_rule' was accepted")
