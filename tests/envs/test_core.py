"""The adapter core over every game and player count: the action index is one-to-one on
the legal actions and inside its range, the mask is the legal actions' first tokens, the
observation has its fixed size, and the observation and mask of a player are unchanged when
what that player cannot see is dealt again."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

from games import CONFIGS  # noqa: E402
from tcgkit.envs.core import Table  # noqa: E402
from tcgkit.envs.index import ActionIndex, ActionIndexError  # noqa: E402
from tcgkit.kernel.rng import Rng  # noqa: E402

MAX_STEPS = 3000


def play(table: Table, seed: int, each_step=None) -> int:
    """A random game token by token; ``each_step(table)`` before every token."""
    table.reset(seed)
    rng = Rng(seed + 7)
    steps = 0
    while not table.over and steps < MAX_STEPS:
        if each_step:
            each_step(table)
        steps += 1
        table.step(rng.choice(table.legal_tokens()))
    return steps


@pytest.mark.parametrize(("cls", "options"), CONFIGS)
def test_every_legal_action_has_its_own_tokens_inside_the_index(cls, options):
    game = cls(options)
    table = Table(game)
    n, index = table.n, table.index

    def check(t: Table) -> None:
        if t.prefix:
            return
        made = [(index.tokens(a), a) for a in t.state.legal_actions()]
        tokens = [tok for tok, _ in made]
        assert len(set(tokens)) == len(tokens), "two legal actions share their tokens"
        assert all(0 <= x < n for tok in tokens for x in tok)
        mask = t.mask()
        assert mask.dtype == np.int8 and mask.shape == (n,)
        assert sorted(np.flatnonzero(mask)) == sorted({tok[0] for tok in tokens})

    for seed in range(3):
        play(table, seed, check)


@pytest.mark.parametrize(("cls", "options"), CONFIGS)
def test_observation_and_mask_unchanged_when_hidden_cards_are_dealt_again(cls, options):
    """The re-deal property: each player's observation (and, to move, mask) is the same after
    ``Game.redeal_hidden`` deals anew what that player cannot see."""
    game = cls(options)
    table = Table(game)
    rng = Rng(99)
    changed = 0
    size = table.observation.size

    step = [0]

    def check(t: Table) -> None:
        nonlocal changed
        step[0] += 1
        if step[0] % 3:  # every third step: a redeal per player per step is the slow part
            return
        state = t.state
        for player in range(game.num_players):
            seen = t.observe(player)
            assert seen.dtype == np.float32 and seen.shape == (size,)
            assert np.isfinite(seen).all()
            other = game.redeal_hidden(state, player, rng)
            changed += other.to_notation() != state.to_notation()
            again = Table(game)
            again.state, again.prefix = other, list(t.prefix)
            assert np.array_equal(again.observe(player), seen), f"player {player}'s observation changed"
            if player == state.to_move:
                assert np.array_equal(again.mask(), t.mask())

    for seed in range(2):
        play(table, seed, check)
    assert changed > 0 or not any(z.seen != "public" for z in type(game.new_state(0)).SPEC.zones), \
        "the re-deal never changed anything: the test would prove nothing"


@pytest.mark.parametrize(("cls", "options"), CONFIGS)
def test_observations_tell_positions_apart(cls, options):
    """Not a constant: a player's observation changes as the game goes on."""
    game = cls(options)
    table = Table(game)
    seen = set()
    play(table, 0, lambda t: seen.add(t.observe(t.to_move).tobytes()))
    assert len(seen) > 1


def test_the_index_is_stable_and_documented():
    """The same game and options give the same index; the layout rows cover [0, n)."""
    import tcgkit

    game = tcgkit.load_game("triple-triad")
    first, second = ActionIndex(game), ActionIndex(tcgkit.load_game("triple-triad"))
    rows = list(first.describe())
    assert rows == list(second.describe())
    assert rows[0][:3] == ("Place", 0, 111 * 10)
    assert sum(count for _, _, count, _ in rows) == first.n
    legal = game.new_state(3).legal_actions()
    assert [first.tokens(a) for a in legal] == [second.tokens(a) for a in legal]
    place = legal[0]
    assert first.tokens(place) == ((place.card + 1) * 10 + place.cell + 1,)


def test_a_number_past_its_range_folds_into_it():
    """Conflictus names a set whose founder founded another ``set#10092``: its number is
    folded into the number domain, not refused."""
    import tcgkit
    from tcgkit.games.conflictus.actions import Attack

    index = ActionIndex(tcgkit.load_game("conflictus"))
    size = index.domains["number"].size
    assert index.tokens(Attack(10_092, 1)) == index.tokens(Attack((10_092 + 1) % size - 1, 1))


def test_an_action_outside_its_domain_is_refused_by_name():
    import dataclasses

    import tcgkit

    game = tcgkit.load_game("triple-triad")
    action = game.new_state(3).legal_actions()[0]
    with pytest.raises(ActionIndexError, match=r"Place\.cell = 99 is outside the action index"):
        ActionIndex(game).tokens(dataclasses.replace(action, cell=99))


def test_a_token_that_is_not_legal_is_refused_and_changes_nothing():
    import tcgkit
    from tcgkit.kernel.errors import IllegalAction

    table = Table(tcgkit.load_game("forge-fury", mode="brasa"))
    table.reset(5)
    before = table.state.to_json()
    bad = next(i for i in range(table.n) if table.mask()[i] == 0)
    with pytest.raises(IllegalAction):
        table.step(bad)
    assert table.state.to_json() == before and table.prefix == []


def march_position(table: Table, seed: int, members: int = 2):
    """Random play (never marching) until a march of ``members`` creatures is legal: the legal
    marches then (None if the game ends first)."""
    from tcgkit.games.monster_collection.actions import March

    rng = Rng(seed)
    table.reset(seed)
    while not table.over:
        legal = table.state.legal_actions()
        marches = [a for a in legal if isinstance(a, March)]
        if any(len(a.cards) >= members for a in marches):
            return marches
        table.play(rng.choice([a for a in legal if not isinstance(a, March)] or legal))
    return None


def test_a_list_field_is_entered_member_by_member_then_the_end_token():
    """Monster Collection's march (a set of creatures): the class and cell, each creature, the
    end token; after each token the mask is exactly the tokens that continue a legal march
    (the end only after a whole legal set), and the whole sequence plays that march."""
    import tcgkit

    table = Table(tcgkit.load_game("monster-collection"))
    index = table.index
    marches = next(found for seed in range(40) if (found := march_position(table, seed)))
    march = max(marches, key=lambda a: len(a.cards))
    tokens = index.tokens(march)
    card = index.arg_offsets["card"]
    assert tokens == (index.classes[type(march)].offset + march.cell + 1,
                      *(card + c + 1 for c in march.cards), index.end)
    expected = table.state.clone()
    expected.apply(march, table.to_move)
    sets = [a.cards for a in marches if a.cell == march.cell]
    asked = 0
    table.step(tokens[0])
    while table.prefix:
        chosen = tuple(t - card - 1 for t in table.prefix[1:])
        follow = {index.end if s == chosen else card + s[len(chosen)] + 1
                  for s in sets if s[:len(chosen)] == chosen}
        assert set(np.flatnonzero(table.mask())) == follow
        asked += len(follow) > 1
        table.step(tokens[len(table.prefix)])
    assert asked, "the march was never asked a member: the test proves nothing"
    assert table.state.to_json() == expected.to_json()


@pytest.mark.parametrize(("cls", "options"), CONFIGS)
def test_the_observation_from_the_state_is_the_one_from_the_view(cls, options):
    """``encode_state`` (what the environments use) gives the floats ``encode(view)`` gives,
    for every player, mid-move too."""
    game = cls(options)
    table = Table(game)
    observation = table.observation

    def check(t: Table) -> None:
        for player in range(game.num_players):
            prefix = t.prefix if player == t.to_move else ()
            assert np.array_equal(observation.encode_state(t.state, player, prefix),
                                  observation.encode(t.state.view(player), prefix)), f"player {player}"

    play(table, 1, check)
