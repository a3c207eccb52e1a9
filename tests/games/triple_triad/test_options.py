"""Options, presets and the rules text form; every rule subset composes (property tests)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tcgkit.games.triple_triad import (
    PRESETS,
    Place,
    TripleTriadOptions,
    format_rules,
    parse_rules,
)
from tcgkit.kernel import OptionsError

from .helpers import flips, load, reference_flips, settle


def test_the_defaults():
    options = load().options
    assert options == TripleTriadOptions()
    assert not any(
        getattr(options, name)
        for name in ("same", "plus", "combo", "same_wall", "elemental", "open", "random",
                     "sudden_death", "clamp")
    )
    assert options.trade == "one"
    assert options.sudden_death_limit == 5
    assert options.own_cards_match and options.combo_from_basic
    assert options.first_player is None and options.elements is None and options.card_file is None
    assert format_rules(options) == "-"


def test_presets():
    assert parse_rules("ffviii") == PRESETS["ffviii"]
    ffviii = load("ffviii").options
    assert (ffviii.same, ffviii.plus, ffviii.combo, ffviii.own_cards_match,
            ffviii.combo_from_basic, ffviii.clamp) == (True, True, True, True, True, False)
    ffxiv = load("ffxiv").options
    assert (ffxiv.same, ffxiv.plus, ffxiv.combo, ffxiv.combo_from_basic, ffxiv.clamp) == (
        True, True, True, False, True,
    )
    assert load("literal").options.own_cards_match is False
    every = load("all").options
    assert every.same and every.plus and every.combo and every.same_wall and every.elemental


def test_later_tokens_override_earlier_ones():
    assert load("ffxiv,clamp=false").options.clamp is False
    assert load("clamp=false,ffxiv").options.clamp is True
    assert load("trade=all,trade=none").options.trade == "none"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", {}),
        ("-", {}),
        (" same , PLUS ", {"same": True, "plus": True}),
        ("wall,sd", {"same_wall": True, "sudden_death": True}),
        ("sudden-death,same-wall", {"sudden_death": True, "same_wall": True}),
        ("open=yes,random=on,clamp=1,combo=true", {"open": True, "random": True, "clamp": True,
                                                   "combo": True}),
        ("own_cards_match=no,combo_from_basic=off,same=0,plus=false",
         {"own_cards_match": False, "combo_from_basic": False, "same": False, "plus": False}),
        ("trade=difference,sudden_death_limit=3", {"trade": "difference", "sudden_death_limit": 3}),
        ("first_player=1,elements=F........", {"first_player": 1, "elements": "F........"}),
        ("first_player=none,elements=null", {"first_player": None, "elements": None}),
    ],
)
def test_rules_text(text, expected):
    assert parse_rules(text) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("sam", "unknown rule 'sam' in 'sam'; known: same, plus"),
        ("same=maybe", "rule 'same' takes true or false, got 'maybe'"),
        ("sudden_death_limit=many", "rule 'sudden_death_limit' takes a number, got 'many'"),
        ("first_player=x", "rule 'first_player' takes a number"),
    ],
)
def test_bad_rules_text(text, message):
    with pytest.raises(OptionsError, match=message):
        parse_rules(text)


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"trade": "half"}, "trade"),
        ({"sudden_death_limit": -1}, "sudden_death_limit"),
        ({"sudden_death_limit": 101}, "sudden_death_limit"),
        ({"first_player": 2}, "first_player"),
        ({"elements": "FFF"}, "elements"),
        ({"elements": "XXXXXXXXX"}, "elements"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_bad_options_are_options_errors(options, field):
    with pytest.raises(OptionsError, match=f"triple-triad options: {field}"):
        load(**options)


def test_options_are_frozen_and_elements_upper_case():
    game = load(elements="f...a...h")
    assert game.options.elements == "F...A...H"
    with pytest.raises(Exception, match="frozen"):
        game.options.same = True  # type: ignore[misc]


@pytest.mark.parametrize(
    "text",
    ["-", "ffviii", "ffxiv,trade=all", "literal,same,elemental,elements=F.I.T.E.P",
     "all,open,random,sudden_death,sudden_death_limit=0,first_player=0,trade=direct",
     "same,own_cards_match=false,combo_from_basic=false,first_player=1,trade=none"],
)
def test_format_rules_round_trips(text):
    options = load(text).options
    assert load(format_rules(options)).options == options


# -- every subset of rules composes: random games checked move by move ---------------------------
RULES = st.fixed_dictionaries({}, optional={
    "same": st.booleans(),
    "plus": st.booleans(),
    "combo": st.booleans(),
    "same_wall": st.booleans(),
    "elemental": st.booleans(),
    "open": st.booleans(),
    "random": st.booleans(),
    "sudden_death": st.booleans(),
    "sudden_death_limit": st.integers(0, 3),
    "trade": st.sampled_from(["none", "one", "difference", "direct", "all"]),
    "own_cards_match": st.booleans(),
    "combo_from_basic": st.booleans(),
    "clamp": st.booleans(),
    "first_player": st.sampled_from([None, 0, 1]),
    "elements": st.none() | st.text(alphabet="FITEPWAH.", min_size=9, max_size=9),
})


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=RULES, seed=st.integers(0, 2**32), data=st.data())
def test_random_games_under_random_rules_keep_every_invariant(options, seed, data):
    game = load(**options)
    opts = game.options
    state = game.new_state(seed)
    state.check_invariants()
    while not state.is_terminal:
        legal = state.legal_actions()
        assert legal
        action = data.draw(st.sampled_from(legal))
        assert state.illegal_reason(action, state.to_move) is None
        mover, games = state.to_move, state.games
        before = list(state.owner)
        if isinstance(action, Place):
            expected = reference_flips(state, action.card, action.cell)
        state.apply(action, state.to_move)
        state.check_invariants()
        assert state.score(0) + state.score(1) == 10
        if isinstance(action, Place):
            flipped = [cell for cell, _ in flips(state)]
            assert len(flipped) == len(set(flipped)), "a card flipped twice in one move"
            assert set(flipped) == expected, (state.to_notation(), action)
            if state.games == games:  # (a Sudden Death restart clears the board)
                assert state.owner[action.cell] == mover
                for cell in range(9):
                    if cell in flipped:
                        assert before[cell] == 1 - mover and state.owner[cell] == mover
                    elif cell != action.cell:
                        assert state.owner[cell] == before[cell]
            if not opts.combo:
                near = {n for n in (action.cell - 3, action.cell + 3) if 0 <= n < 9}
                near |= {action.cell + d for d in (-1, 1) if (action.cell + d) // 3 == action.cell // 3}
                assert set(flipped) <= near
    outcome = state.outcome
    assert outcome is not None
    assert sum(outcome.scores) == 10
    assert outcome.details["games"] <= (opts.sudden_death_limit + 1 if opts.sudden_death else 1)
    if outcome.winner is None and opts.trade != "direct":
        assert outcome.details["trade"] == []
    brought = Counter(game.cards[c].name for p in (0, 1) for c in state.brought[p])
    collections = settle(state)
    assert collections[0] + collections[1] == brought
    assert game.state_from_notation(state.to_notation()).to_notation() == state.to_notation()
