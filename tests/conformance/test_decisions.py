"""What a game server needs from every registered game: decisions it can serve (prompt,
default action, JSON), actions taken by a named player, a version counter, an event cursor,
and messages that tell a player nothing they may not see.

A new game gets these tests by registering itself; nothing here names a game (the N-player
fixture games are played beside the real ones).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tcgkit
from nplayer import HighCard
from tcgkit.kernel.actions import Decision
from tcgkit.kernel.errors import IllegalAction, NotationError
from tcgkit.kernel.game import Game, State
from tcgkit.kernel.rng import Rng

CONFIGS = [
    pytest.param(cls, options, id=f"{cls.name}-{i}")
    for cls in [*(entry.cls for entry in tcgkit.list_games()), HighCard]
    for i, options in enumerate(cls.example_options)
]
MAX_ACTIONS = 20_000
POSITIONS = 150  # positions of one game the leak test asks every input at, at most


def positions(game: Game, seed: int, every: int = 1) -> Iterator[State]:
    """Every ``every``-th position of a random game from ``seed``, the end included."""
    state = game.new_state(seed)
    rng = Rng(seed + 500)
    for step in range(MAX_ACTIONS):
        if step % every == 0 or state.is_terminal:
            yield state
        if state.is_terminal:
            return
        state.apply(rng.choice(state.legal_actions()), state.to_move)
    raise AssertionError("a random game did not end")


def answer(state: State, text: str, player: int) -> str:
    """What ``player`` is told on typing ``text``: the notation error, the refusal, or
    that the action is legal."""
    try:
        action = state.parse_action(text, player)
    except NotationError as exc:
        return f"notation: {exc}"
    reason = state.illegal_reason(action, player)
    return "legal" if reason is None else f"illegal: {reason}"


CARD_NAME = re.compile(r"[^#>]+?(?=#\d)")


def mutations(text: str) -> list[str]:
    """Near misses of a notation: another name on the same id, other numbers, cut short."""
    verb, _, rest = text.partition(" ")
    renamed = f"{verb} {CARD_NAME.sub(' Nothing', rest)}"
    out = [renamed, text.upper(), text[: len(text) // 2], text + " extra"]
    out.append(re.sub(r"\d+", lambda m: str(int(m.group()) + 1), text))
    out.append(re.sub(r"\d+", lambda m: str(int(m.group()) * 3 + 7), text))
    words = text.split()
    if len(words) > 1:
        out.append(" ".join(words[1:]))
        out.append(f"{words[0]} {words[-1]}")
    return out


def inputs_for(game: Game, seed: int) -> list[str]:
    """Every notation any player could type in a random game (so hidden cards' ids and names
    come up), their mutations, and garbage."""
    seen: dict[str, None] = {}
    for state in positions(game, seed):
        for action in state.legal_actions():
            seen[str(action)] = None
    texts = list(seen)
    rng = Rng(seed)
    texts = [texts[rng.below(len(texts))] for _ in range(min(len(texts), 120))]
    mutated = [m for text in texts[:40] for m in mutations(text)]
    ids = [f"{verb} Nothing#{n}" for verb in ("play", "pick", "take", "hide") for n in range(0, 260, 3)]
    garbage = ["", " ", "#", "@", "@@4", "take", "pick", "play #", "\x00", "é#1", "9" * 40]
    return list(dict.fromkeys(texts + mutated + ids + garbage))


def leaks(game: Game, seed: int, every: int, inputs: list[str]) -> list[str]:
    """Inputs whose answer to some player changes when what that player cannot see is
    re-dealt: each such answer tells the player something hidden."""
    rng = Rng(seed * 31 + 1)
    found = []
    for state in positions(game, seed, every):
        for player in range(game.num_players):
            other = game.redeal_hidden(state, player, rng)
            for text in inputs:
                mine, theirs = answer(state, text, player), answer(other, text, player)
                if mine != theirs:
                    found.append(f"{text!r} to player {player}: {mine!r} / {theirs!r}")
    return found


@pytest.mark.parametrize(("cls", "options"), CONFIGS)
def test_what_a_player_is_told_does_not_depend_on_what_they_cannot_see(cls, options):
    game = cls(options)
    for seed in range(2):
        # every 3rd position, and at most POSITIONS of a long game, spread over all of it
        # (the cost is positions x players x inputs: 4-player Conflictus has 900 steps)
        steps = sum(1 for _ in positions(game, seed))
        found = leaks(game, seed, max(3, -(-steps // POSITIONS)), inputs_for(game, seed))
        assert not found, f"{len(found)} answers show hidden cards, e.g. {found[:3]}"


@pytest.mark.parametrize(("cls", "options"), CONFIGS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.text(max_size=40), seed=st.integers(0, 50), steps=st.integers(0, 60))
def test_any_text_gets_the_same_answer_after_a_redeal(cls, options, text, seed, steps):
    game = cls(options)
    state = next(s for i, s in enumerate(positions(game, seed)) if i == steps or s.is_terminal)
    for player in range(game.num_players):
        other = game.redeal_hidden(state, player, Rng(seed))
        assert answer(state, text, player) == answer(other, text, player)


def test_the_leak_test_catches_a_parser_that_checks_names_for_the_wrong_player(monkeypatch):
    """The Final Fantasy TCG leak this test was written for: a card's name was checked
    against its id as the player to move sees it, whoever typed it (``play Nothing#6`` told
    the other player "card #6 is Bull#6"). Put it back and the test must fail."""
    from tcgkit.games.ff_tcg import notation

    game = tcgkit.load_game("ff-tcg")
    inputs = inputs_for(game, 0)
    assert not leaks(game, 0, 9, inputs)
    real = notation.visible
    monkeypatch.setattr(notation, "visible", lambda state, card, viewer: real(state, card, state.to_move))
    found = leaks(game, 0, 9, inputs)
    assert any(re.search(r"card #\d+ is .*, not Nothing", leak) for leak in found), found[:3]


@pytest.mark.parametrize(("cls", "options"), CONFIGS)
def test_decisions_have_a_prompt_and_a_legal_default_that_reveals_nothing(cls, options):
    game = cls(options)
    rng = Rng(3)
    for state in positions(game, 1):
        if state.is_terminal:
            assert all(state.decision_for(v) is None for v in [*range(game.num_players), None])
            continue
        pending = state.pending
        mover = state.to_move
        asked = state.decision_for(mover)
        assert (asked.player, asked.kind, asked.secret) == (pending.player, pending.kind, pending.secret)
        assert asked.prompt and "\n" not in asked.prompt
        assert asked.default in state.legal_actions(), f"default {asked.default} of {pending.kind}"
        data = json.loads(json.dumps(asked.to_json()))
        assert Decision.from_json(data, lambda text, s=state, p=mover: s.parse_action(text, p)) == asked
        for viewer in [*range(game.num_players), None]:
            if viewer != mover:
                told = state.decision_for(viewer)
                assert told.default is None and told.prompt == asked.prompt
            other = game.redeal_hidden(state, viewer, rng)
            assert other.decision_for(viewer) == state.decision_for(viewer)


def test_decision_json_refuses_malformed_data():
    good = {"player": 0, "kind": "play", "secret": False, "prompt": "go", "default": None}
    assert Decision.from_json(good) == Decision(0, "play", False, "go")
    for bad, where in [
        ([], "expected an object"), ({**good, "player": -1}, "'player'"),
        ({**good, "player": True}, "'player'"), ({**good, "kind": ""}, "'kind'"),
        ({**good, "secret": 1}, "'secret'"), ({**good, "prompt": 3}, "'prompt'"),
        ({**good, "default": 5}, "'default'"), ({**good, "default": "end"}, "no action reader"),
        ({**good, "colour": "red"}, "unknown field"),
    ]:
        with pytest.raises(NotationError, match=where):
            Decision.from_json(bad)


@pytest.mark.parametrize(("cls", "options"), CONFIGS)
def test_only_the_player_to_move_may_act(cls, options):
    game = cls(options)
    for state in positions(game, 2, every=5):
        legal = state.legal_actions()
        before = json.dumps(state.to_json(), sort_keys=True)
        for player in range(game.num_players):
            if player == state.to_move:
                continue
            for action in legal[:3] or [None]:
                if action is None:
                    break
                reason = state.illegal_reason(action, player)
                assert reason and f"player {player}" in reason
                with pytest.raises(IllegalAction, match="not player"):
                    state.apply(action, player)
        assert json.dumps(state.to_json(), sort_keys=True) == before


@pytest.mark.parametrize(("cls", "options"), CONFIGS)
def test_every_action_adds_one_to_the_version_and_copies_keep_it(cls, options):
    game = cls(options)
    state = game.new_state(4)
    rng = Rng(4)
    assert state.version == 0
    count = 0
    while not state.is_terminal:
        action = rng.choice(state.legal_actions())
        search = state.clone()
        search.apply_unchecked(action)
        state.apply(action, state.to_move)
        count += 1
        assert state.version == search.version == count
        assert state.clone().version == count
        assert game.state_from_json(json.loads(json.dumps(state.to_json()))).version == count
        if count % 7 == 0 and state.legal_actions():
            with pytest.raises(IllegalAction):
                state.apply(state.legal_actions()[0], (state.to_move + 1) % game.num_players)
            assert state.version == count


@pytest.mark.parametrize(("cls", "options"), CONFIGS)
def test_events_read_from_a_cursor_add_up_to_the_whole_log(cls, options):
    game = cls(options)
    viewers = [*range(game.num_players), None]
    cursors = {v: 0 for v in viewers}
    read: dict[int | None, list] = {v: [] for v in viewers}
    for state in positions(game, 6):
        for viewer in viewers:
            read[viewer] += state.events_since(cursors[viewer], viewer)
            cursors[viewer] = state.event_count()
    for viewer in viewers:
        assert read[viewer] == state.events_since(0, viewer)
    assert state.events_since(state.event_count(), None) == []
    with pytest.raises(ValueError, match="negative"):
        state.events_since(-1, None)
