"""The contract every registered game keeps, played over each game's example options.

A new game gets these tests by registering itself; nothing here names a game.
"""

from __future__ import annotations

import json

import jsonschema
import pytest

import tcgkit
from nplayer import HighCard, registered
from tcgkit.cli.render import Renderer
from tcgkit.cli.seats import Seats
from tcgkit.kernel.errors import IllegalAction, TcgkitError
from tcgkit.kernel.game import Game, State
from tcgkit.kernel.replay import Record, replay, verify
from tcgkit.kernel.rng import Rng
from tcgkit.kernel.scene import scene_schema

MAX_ACTIONS = 20_000
GAMES_PER_CONFIG = 6
WHOLE_LOG_EVERY = 4  # steps between comparisons of a re-dealt state's whole event log

FIXTURE_GAMES = [HighCard]
"""Fixture games registered by hand, played beside the games found by entry point (tcgkit's
own, and Brawl: tests/plugins holds it as a game package of its own)."""

CONFIGS = [
    pytest.param(cls, options, id=f"{cls.name}-{i}")
    for cls in [*(entry.cls for entry in tcgkit.list_games()), *FIXTURE_GAMES]
    for i, options in enumerate(cls.example_options)
]

SCENE_SCHEMA = scene_schema()


@pytest.fixture(autouse=True)
def _fixture_games_registered():
    """Replays find games by name: the fixture games are registered during each test."""
    with registered():
        yield


def play_random(game: Game, seed: int, *, each_step=None) -> tuple[State, Record]:
    """A random game from ``seed``; ``each_step(state)`` runs before every action."""
    state = game.new_state(seed)
    record = Record.start(game, seed, None)
    rng = Rng(seed + 1000)
    for _ in range(MAX_ACTIONS):
        if state.is_terminal:
            break
        if each_step:
            each_step(state)
        legal = state.legal_actions()
        assert legal, "no legal action in a state that is not terminal"
        action = rng.choice(legal)
        record.actions.append(str(action))
        state.apply(action, state.to_move)
        state.check_invariants()
    assert state.is_terminal, f"a random game ran past {MAX_ACTIONS} actions"
    assert state.legal_actions() == []
    record.finish(state)
    return state, record


def players(game: Game) -> list[int | None]:
    return [*range(game.num_players), None]


@pytest.mark.parametrize(("cls", "options"), CONFIGS)
def test_random_games_terminate_with_an_outcome(cls, options):
    game = cls(options)
    for seed in range(GAMES_PER_CONFIG):
        state, _ = play_random(game, seed)
        outcome = state.outcome
        assert outcome is not None and outcome.reason
        assert len(outcome.scores) == len(outcome.ranks) == game.num_players
        assert sorted(outcome.ranks)[0] == 0 and all(0 <= r < game.num_players for r in outcome.ranks)
        assert outcome.winner is None or outcome.ranks.count(0) == 1 == 1 - outcome.ranks[outcome.winner]
        assert len(set(outcome.eliminated)) == len(outcome.eliminated)
        assert all(outcome.ranks[p] > outcome.ranks[q] for p, q in zip(
            outcome.eliminated, outcome.eliminated[1:], strict=False))  # first out, worst placed
        returns = outcome.returns()
        assert abs(sum(returns)) < 1e-9 and all(-1 <= r <= 1 for r in returns)
        json.dumps(outcome.to_json())


@pytest.mark.parametrize(("cls", "options"), CONFIGS)
def test_every_legal_action_applies_and_round_trips_its_notation(cls, options):
    game = cls(options)

    def check(state: State) -> None:
        for action in state.legal_actions():
            assert state.parse_action(str(action), state.to_move) == action, str(action)
            after = state.clone()
            after.apply(action, after.to_move)
            after.check_invariants()

    for seed in range(2):
        play_random(game, seed, each_step=check)


def refuse_each(state: State, actions: list) -> None:
    """Every action in ``actions`` (none legal in ``state``) raises ``IllegalAction`` with a
    message and leaves ``state`` as it was. The state is compared once after all of them (once
    per refusal made the conformance run quadratic); on a difference each is tried again on
    a copy, to name the one that changed it."""
    before = json.dumps(state.to_json(), sort_keys=True)
    pristine = state.clone()
    for action in actions:
        with pytest.raises(IllegalAction) as error:
            state.apply(action, state.to_move)
        assert str(error.value)
    if json.dumps(state.to_json(), sort_keys=True) == before:
        return
    for action in actions:
        probe = pristine.clone()
        with pytest.raises(IllegalAction):
            probe.apply(action, probe.to_move)
        assert json.dumps(probe.to_json(), sort_keys=True) == before, f"refusing {action} changed the state"
    pytest.fail("the refusals together changed the state")


@pytest.mark.parametrize(("cls", "options"), CONFIGS)
def test_illegal_actions_raise_and_change_nothing(cls, options):
    game = cls(options)
    seen: list = []
    play_random(game, 99, each_step=lambda s: seen.extend(s.legal_actions()))
    rejected = 0

    def check(state: State) -> None:
        nonlocal rejected
        legal = set(state.legal_actions())
        illegal = [action for action in seen[::7] if action not in legal]
        refuse_each(state, illegal)
        rejected += len(illegal)

    end, _ = play_random(game, 3, each_step=check)
    assert end.to_move is None
    for action in seen[:5]:
        for player in range(game.num_players):  # the game is over: nobody may act
            with pytest.raises(IllegalAction):
                end.apply(action, player)
    assert rejected > 0


def test_the_refusal_check_names_a_refusal_that_changes_the_state(monkeypatch):
    """``refuse_each`` compares once for many refusals: it must still catch, and name, one
    refusal that leaves a trace."""
    from nplayer.highcard import HighCardState, Play

    state = HighCard({"players": 3}).new_state(0)  # the leader calls first: no card may be played
    plays = [Play(card) for card in state.hands[1][:3]]
    refuse_each(state, plays)
    real = HighCardState.illegal_reason

    def careless(self, action, player):
        if action == plays[1]:
            self.points[0] += 1
        return real(self, action, player)

    monkeypatch.setattr(HighCardState, "illegal_reason", careless)
    with pytest.raises(AssertionError, match=f"refusing {plays[1]} changed the state"):
        refuse_each(state, plays)


@pytest.mark.parametrize(("cls", "options"), CONFIGS)
def test_same_seed_and_actions_give_the_same_game(cls, options):
    game = cls(options)
    first, record = play_random(game, 5)
    again = replay(record)
    assert again.to_json() == first.to_json()
    assert again.events_since(0, None) == first.events_since(0, None)
    other_game = cls(options)
    assert other_game.new_state(5).to_json() == game.new_state(5).to_json()


@pytest.mark.parametrize(("cls", "options"), CONFIGS)
def test_notation_and_json_round_trip(cls, options):
    game = cls(options)

    def check(state: State) -> None:
        text = state.to_notation()
        assert "\n" not in text
        assert game.state_from_notation(text).to_notation() == text
        data = json.loads(json.dumps(state.to_json()))
        back = game.state_from_json(data)
        assert back.to_json() == state.to_json()
        assert back.legal_actions() == state.legal_actions()

    end, _ = play_random(game, 7, each_step=check)
    check(end)


@pytest.mark.parametrize(("cls", "options"), CONFIGS)
def test_replay_records_round_trip_and_verify(cls, options, tmp_path):
    game = cls(options)
    state, record = play_random(game, 11)
    path = tmp_path / "game.json"
    record.save(path)
    loaded = Record.load(path)
    assert loaded == record
    assert verify(loaded).to_json() == state.to_json()
    unfinished = Record(**{**record.to_json(), "actions": record.actions[:3], "outcome": None})
    resumed = replay(unfinished)
    assert not resumed.is_terminal or len(record.actions) <= 3


@pytest.mark.parametrize(("cls", "options"), CONFIGS)
def test_views_hide_what_a_player_cannot_see(cls, options):
    """Re-deal everything a viewer cannot see: their view and events stay the same. The
    events since the step before are compared at every step; the whole log (an old event may
    name a card whose identity a later re-deal changes) every ``WHOLE_LOG_EVERY`` steps and at
    the end, since comparing it at every step costs the square of the game's length."""
    game = cls(options)
    rng = Rng(42)
    changed = 0
    step = since = 0

    def check(state: State, whole: bool = False) -> None:
        nonlocal changed, step, since
        whole = whole or step % WHOLE_LOG_EVERY == 0
        start = 0 if whole else since
        for viewer in players(game):
            view = state.view(viewer)
            json.dumps(view)
            other = game.redeal_hidden(state, viewer, rng)
            other.check_invariants()
            assert other.view(viewer) == view
            assert other.events_since(start, viewer) == state.events_since(start, viewer)
            changed += other.to_notation() != state.to_notation()
        step, since = step + 1, state.event_count()

    for seed in range(3):
        step = since = 0
        end, _ = play_random(game, seed, each_step=check)
        check(end, whole=True)
    assert changed > 0, "the re-deal never changed anything: the test would prove nothing"


@pytest.mark.parametrize(("cls", "options"), CONFIGS)
def test_scenes_show_nothing_a_viewer_cannot_see_and_every_sentence_reads(cls, options):
    """A scene is made from a view, the viewer's legal actions and the events it may see:
    re-dealing what the viewer cannot see changes nothing in it (each step's scene, with the
    events since the step before, so every event is told once). The scene is JSON the
    exported schema accepts. A game with a scene.py has an English template for every
    sentence (the log, the status, what is asked, each move's note), which its arguments
    fill (a game without one gets the kernel's plain scene)."""
    game = cls(options)
    renderer = Renderer(game, Seats.numbered(game.num_players))
    worded = type(game).scene is not Game.scene
    rng = Rng(43)
    told: set[str] = set()
    since = [0]

    def check(state: State) -> None:
        for viewer in players(game):
            scene = state.scene(viewer, since[0])
            shown = scene.to_json()
            other = game.redeal_hidden(state, viewer, rng)
            assert other.scene(viewer, since[0]).to_json() == shown
            asked = [scene.pending.prompt] if scene.pending is not None else []
            for sentence in [*scene.log, *scene.status, *asked, *(m.note for m in scene.moves if m.note)]:
                told.add(sentence.id)
                if worded:
                    unread = renderer.say(sentence).startswith(f"{sentence.id}:")
                    assert not unread, f"no English for {sentence.id} {sentence.args}"
        since[0] = state.event_count()

    end, _ = play_random(game, 0, each_step=check)  # one game: a scene per viewer per step is slow
    check(end)
    for viewer in players(game):
        jsonschema.validate(end.scene(viewer).to_json(), SCENE_SCHEMA)
    assert told, "no scene said anything: the test would prove nothing"


@pytest.mark.parametrize(("cls", "options"), CONFIGS)
def test_determinized_states_give_the_same_view(cls, options):
    game = cls(options)
    rng = Rng(7)

    def check(state: State) -> None:
        for viewer in range(game.num_players):
            view = state.view(viewer)
            sampled = game.determinize(view, rng)
            sampled.check_invariants()
            assert sampled.view(viewer) == view
            assert sampled.legal_actions() == state.legal_actions() or state.to_move != viewer

    play_random(game, 13, each_step=check)


def test_unknown_game_and_bad_options_are_clear_errors():
    with pytest.raises(TcgkitError, match="no game named 'chess'"):
        tcgkit.load_game("chess")
    entry = tcgkit.list_games()[0]
    with pytest.raises(TcgkitError, match="no_such_rule"):
        tcgkit.load_game(entry.name, no_such_rule=True)


@pytest.mark.parametrize(("cls", "options"), CONFIGS)
def test_a_sealed_choice_looks_the_same_whatever_was_chosen(cls, options):
    """After a secret decision, every other player's view and events are identical for
    every legal choice, until the rules reveal it."""
    game = cls(options)
    secret_kinds: list[bool] = []
    play_random(game, 0, each_step=lambda s: secret_kinds.append(s.pending.secret))
    if not any(secret_kinds):
        pytest.skip(f"{cls.name} {options}: no secret decision in a random game, nothing is sealed")
    compared = 0

    def check(state: State) -> None:
        nonlocal compared
        decision = state.pending
        if decision is None or not decision.secret:
            return
        outcomes = []
        for action in state.legal_actions():
            after = state.clone()
            after.apply(action, after.to_move)
            if after.pending is not None and after.pending.secret:
                others = [v for v in players(game) if v != decision.player]
                outcomes.append(
                    json.dumps([(after.view(v), after.events_since(0, v)) for v in others])
                )
        assert len(set(outcomes)) <= 1, f"a sealed {decision.kind} shows through"
        compared += len(outcomes) > 1

    for seed in range(2):
        play_random(game, seed, each_step=check)
    if not compared:  # the test takes a following secret decision as "still sealed"
        pytest.skip(f"{cls.name} {options}: each secret decision is followed by an open one, so no two "
                    "choices were compared while sealed")
