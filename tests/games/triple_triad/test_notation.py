"""Action notation (CARD@CELL, take CARD), the position notation and JSON."""

from __future__ import annotations

import json

import pytest

from tcgkit.games.triple_triad import Place, Take
from tcgkit.kernel import IllegalAction, NotationError

from .helpers import after, load, play_out, position

# Player 0 holds Tonberry #32, Tonberry King #54, Gesper #7, Red Bat #4, Wedge, Biggs #55.
HAND = "triple-triad board=-/-/-/-/-/-/-/-/- hands=32,54,7,4,55/1,2,3,5,6"


def place(state, name, cell):
    return Place(state.game.cards.find(name).id, cell, name)


@pytest.mark.parametrize(
    ("text", "card", "cell"),
    [
        ("Gesper@4", "Gesper", 4),
        ("  gesper @ 4 ", "Gesper", 4),  # any case, spaces around
        ("GESPER@0", "Gesper", 0),
        ("#7@8", "Gesper", 8),  # by card number
        ("Tonberry@3", "Tonberry", 3),  # an exact name wins over a longer one
        ("tonberry k@3", "Tonberry King", 3),  # a prefix
        ("ge@2", "Gesper", 2),  # unique in the hand, though Geezard and Gerogero exist
        ("Wedge, Biggs@1", "Wedge, Biggs", 1),  # a name with a comma and a space
        ("wedge@1", "Wedge, Biggs", 1),
        ("gee@5", "Geezard", 5),  # not in the hand: the whole card list (apply refuses it)
    ],
)
def test_place_notation(text, card, cell):
    state = position(HAND)
    action = state.parse_action(text, state.to_move)
    assert action == place(state, card, cell)
    assert str(action) == f"{card}@{cell}"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty action; expected CARD@CELL"),
        ("   ", "empty action"),
        ("Gesper", "'Gesper': expected CARD@CELL"),
        ("Gesper 4", "expected CARD@CELL"),
        ("Gesper@9", "the cell after '@' must be 0..8, got '9'"),
        ("Gesper@-1", "must be 0..8, got '-1'"),
        ("Gesper@x", "must be 0..8, got 'x'"),
        ("Gesper@", "must be 0..8, got ''"),
        ("@4", "no card named before '@'"),
        ("Moogle@4", "no card named 'Moogle'"),
        ("#999@4", "no card named '#999'"),
        ("ton@4", "'ton' could be Tonberry, Tonberry King; type more of the name"),
        ("gr@4", "'gr' could be Grat, Grendel, Grand Mantis, Granaldo"),
        ("take", "name the card to take"),
        ("take Moogle", "no card named 'Moogle'"),
    ],
)
def test_bad_action_text_is_a_notation_error(text, message):
    state = position(HAND)
    before = state.to_notation()
    with pytest.raises(NotationError, match=message.replace("(", r"\(")):
        state.parse_action(text, state.to_move)
    assert state.to_notation() == before


def test_a_card_not_in_hand_parses_but_does_not_apply():
    state = position(HAND)
    with pytest.raises(IllegalAction, match="Geezard is not in your hand"):
        state.apply(state.parse_action("gee@5", state.to_move), state.to_move)


def test_take_notation_prefers_the_cards_left_to_take():
    # Player 0 won 7-3; player 1 brought Bite Bug, Blobra, Grat, Gesper, Mesmerize.
    text = (
        "triple-triad rules=trade=difference board=2:0/3:1/4:0/5:1/10:0/12:0/13:0/7:0/39:0 "
        "hands=-/14 decks=2,4,10,13,39/3,5,12,7,14 turn=take0"
    )
    state = position(text)
    grat = state.game.cards.find("Grat")
    assert state.parse_action("take gr", state.to_move) == Take(grat.id, "Grat")  # Grendel etc. not takeable
    assert state.parse_action("TAKE #7", state.to_move) == Take(state.game.cards.find("Gesper").id, "Gesper")
    assert str(state.parse_action("take bl", state.to_move)) == "take Blobra"  # not Blood Soul, Blitz...
    with pytest.raises(NotationError, match="'b' could be Bite Bug, Blobra"):
        state.parse_action("take b", state.to_move)
    state.apply(state.parse_action("take Grat", state.to_move), state.to_move)
    # Grat is no longer takeable: the prefix now searches the whole card list
    with pytest.raises(NotationError, match="'gr' could be Grat, Grendel"):
        state.parse_action("take gr", state.to_move)


def test_every_action_round_trips_through_its_text():
    game = load("ffviii,trade=difference")
    for seed in range(5):
        state = game.new_state(seed)
        while not state.is_terminal:
            for action in state.legal_actions():
                assert state.parse_action(str(action), state.to_move) == action
            state.apply(state.legal_actions()[seed % len(state.legal_actions())], state.to_move)


# -- position notation -------------------------------------------------------------------------
def test_a_minimal_position_fills_in_the_defaults():
    state = position("triple-triad board=12:0/-/-/-/-/-/-/-/- hands=1,2,3,4/6,7,8,9,10")
    assert state.to_notation() == (
        "triple-triad rules=- elements=......... board=12:0/-/-/-/-/-/-/-/- "
        "hands=1,2,3,4/6,7,8,9,10 decks=12,1,2,3,4/6,7,8,9,10 turn=1 game=1 taken=- rng=0"
    )
    assert state.to_move == 1 and state.first == 0


def test_the_docstring_example_reads():
    text = (
        "triple-triad rules=same,plus elements=F...I.... board=12:0/-/-/-/-/-/-/-/- "
        "hands=1,2,3,4/6,7,8,9,10 decks=1,2,3,4,12/6,7,8,9,10 turn=1 game=1 taken=- rng=7"
    )
    state = position(text)
    assert state.to_notation() == text
    assert state.view(None)["elements"][0] == "fire" and state.view(None)["elements"][4] == "ice"


def test_repr_is_a_pasteable_position():
    state = position(HAND)
    assert repr(state) == f"TripleTriad.state_from_notation({state.to_notation()!r})"


@pytest.mark.parametrize(
    "rules",
    ["-", "ffviii,trade=difference", "all,clamp,trade=direct", "same,sudden_death,trade=all",
     "plus,same_wall,open,random,trade=none", "literal,same,plus,sudden_death,trade=one"],
)
def test_positions_and_json_round_trip_through_whole_games(rules):
    game = load(rules)
    for seed in range(4):
        state = game.new_state(seed)
        while True:
            text = state.to_notation()
            back = game.state_from_notation(text)
            assert back.to_notation() == text
            assert back.legal_actions() == state.legal_actions()
            assert back.to_move == state.to_move and back.is_terminal == state.is_terminal
            data = json.loads(json.dumps(state.to_json()))
            again = game.state_from_json(data)
            assert again.to_json() == state.to_json()
            assert again.events_since(0, None) == state.events_since(0, None)
            if state.is_terminal:
                assert back.outcome == state.outcome
                break
            state.apply(state.legal_actions()[-1 if seed % 2 else 0], state.to_move)


def test_a_position_plays_on_like_the_game_it_came_from():
    game = load("ffviii,elemental,sudden_death,trade=one")
    for seed in range(6):
        state = game.new_state(seed)
        for _ in range(4):
            state.apply(state.legal_actions()[0], state.to_move)
        copy = game.state_from_notation(state.to_notation())
        play_out(state, seed)
        play_out(copy, seed)
        assert copy.to_notation() == state.to_notation()
        assert copy.outcome == state.outcome


BOARD8 = "2:0/3:1/4:0/5:1/10:0/12:1/13:0/7:1/-"
DRAWN = "2:0/3:1/4:0/5:1/10:0/12:1/13:0/7:1/1:0 hands=-/14 turn=end"  # 5-5
# player 0 ahead 6-4 (the decks field is needed: player 0 owns six cards)
FULL = "2:0/3:1/4:0/5:1/10:0/12:1/13:0/7:0/21:0 decks=2,4,10,13,21/3,5,12,7,14"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty position"),
        ("chess board=-/-/-/-/-/-/-/-/- hands=1/2", "starts with 'chess', expected 'triple-triad'"),
        (f"{HAND} colour=red", "unknown field 'colour=red'; fields are rules, elements, board"),
        (f"{HAND} turn", "unknown field 'turn'"),
        (f"{HAND} board=-/-/-/-/-/-/-/-/-", "field 'board' given twice"),
        ("triple-triad board=-/-/-/-/-/-/-/-/-", "missing field 'hands'"),
        ("triple-triad hands=1,2,3,4,5/6,7,8,9,10", "missing field 'board'"),
        ("triple-triad board=-/-/- hands=1,2,3,4,5/6,7,8,9,10", "9 cells separated by '/', got 3"),
        ("triple-triad board=1:2/-/-/-/-/-/-/-/- hands=2,3,4,5/6,7,8,9,10",
         "cell 0: expected NUMBER:OWNER or '-'"),
        ("triple-triad board=1/-/-/-/-/-/-/-/- hands=2,3,4,5/6,7,8,9,10", "cell 0: expected"),
        ("triple-triad board=999:0/-/-/-/-/-/-/-/- hands=2,3,4,5/6,7,8,9,10",
         "field 'board': no card number '999'"),
        ("triple-triad board=-/-/-/-/-/-/-/-/- hands=1,2,3,4,5", "'hands': two lists separated"),
        ("triple-triad board=-/-/-/-/-/-/-/-/- hands=1,2,x,4,5/6,7,8,9,10",
         "field 'hands': no card number 'x'"),
        ("triple-triad board=-/-/-/-/-/-/-/-/- hands=1,2,3,4/6,7,8,9,10",
         "player 0 brought 4 cards, not 5"),
        ("triple-triad board=-/-/-/-/-/-/-/-/- hands=1,2,3,4,5/6,7,8,9,10 "
         "decks=1,2,3,4,5/6,7,8,9,11", "the cards on the board and in hand are not the decks'"),
        (f"{HAND} turn=2", "field 'turn': 0, 1, take0, take1 or end, got '2'"),
        (f"{HAND} turn=end", "turn=end does not fit a board with 0 cards"),
        (f"triple-triad board={FULL} hands=-/14 turn=0", "turn=0 does not fit a board with 9"),
        ("triple-triad board=12:0/-/-/-/-/-/-/-/- hands=1,2,3,4/6,7,8,9,10 turn=0",
         "with 1 cards placed and player 0 to move, the hands should hold 5 and 4 cards"),
        (f"{HAND} rules=same", "its rules 'same' differ from this game's '-'"),
        (f"{HAND} elements=XYZ", "field 'elements': 9 of FITEPWAH or '.', got 'XYZ'"),
        (f"{HAND} elements=F........F", "field 'elements'"),
        (f"{HAND} rng=abc", "field 'rng': a whole number, got 'abc'"),
        (f"{HAND} game=two", "field 'game': a whole number"),
        (f"{HAND} taken=1", "cards are taken only after the game"),
        (f"triple-triad board={FULL} hands=-/14 turn=take1", r"turn=take1 but the scores are \(6, 4\)"),
        (f"triple-triad board={FULL} hands=-/14 turn=end", "does not fit the trade rule"),
        (f"triple-triad board={FULL} hands=-/14 turn=take0 taken=2",
         "taken cards are not among the loser's cards"),
        (f"triple-triad board={FULL} hands=-/14 turn=end taken=3,5", "does not fit the trade rule"),
    ],
)
def test_bad_positions_are_notation_errors(text, message):
    with pytest.raises(NotationError, match=message):
        load().state_from_notation(text)


@pytest.mark.parametrize(
    ("rules", "text", "message"),
    [
        ("trade=one", f"triple-triad rules=trade=one board={FULL} hands=-/14 turn=end taken=3",
         None),
        # taken cards on a draw, or under a trade without picks, cannot happen
        ("-", f"triple-triad board={BOARD8.replace('-', '1:0')} hands=-/14 "
              "decks=2,4,10,13,1/3,5,12,7,14 turn=end taken=3", "only a winner under trade one/"),
        ("trade=all", f"triple-triad rules=trade=all board={FULL} hands=-/14 turn=end taken=3",
         "only a winner under trade one/difference takes cards"),
        # game numbers: 1 without Sudden Death; 1..limit+1 with it
        ("sudden_death", f"triple-triad rules=sudden_death board={BOARD8} hands=1/14 game=6",
         None),
        ("sudden_death", f"triple-triad rules=sudden_death board={BOARD8} hands=1/14 game=0",
         "field 'game'"),
        ("sudden_death", f"triple-triad rules=sudden_death board={BOARD8} hands=1/14 game=7",
         "field 'game'"),
        ("-", f"triple-triad board={BOARD8} hands=1/14 game=2", "field 'game'"),
        # a finished draw under Sudden Death is only possible in the last game allowed
        ("sudden_death", f"triple-triad rules=sudden_death board={DRAWN} game=6", None),
        ("sudden_death", f"triple-triad rules=sudden_death board={DRAWN} game=5",
         "a draw in game 5 restarts"),
    ],
)
def test_impossible_trades_and_game_numbers_are_refused(rules, text, message):
    if message is None:
        load(rules).state_from_notation(text)
    else:
        with pytest.raises(NotationError, match=message):
            load(rules).state_from_notation(text)


def test_a_bad_rules_field_names_the_field():
    with pytest.raises(NotationError, match="position, field 'rules': unknown rule 'sam'"):
        load().state_from_notation(f"{HAND} rules=sam")
    with pytest.raises(NotationError, match="position, field 'rules'"):
        load().state_from_notation(f"{HAND} rules=trade=half")


def test_json_errors():
    game = load()
    data = position(HAND).to_json()
    with pytest.raises(NotationError, match="not a triple-triad state"):
        game.state_from_json({**data, "game": "chess"})
    with pytest.raises(NotationError, match="not a triple-triad state"):
        game.state_from_json([])
    with pytest.raises(NotationError, match="its options differ"):
        load("same").state_from_json(data)
    with pytest.raises(NotationError, match="^state JSON: log: should be a list of entries$"):
        game.state_from_json({**data, "log": "nothing"})
    with pytest.raises(NotationError, match="^state JSON: zones: missing field 'board'$"):
        game.state_from_json({**data, "zones": {"hand": data["zones"]["hand"]}})
    with pytest.raises(NotationError, match=r"^state JSON: owner\[3\]: should be in -1..1, not 7$"):
        game.state_from_json({**data, "owner": [*data["owner"][:3], 7, *data["owner"][4:]]})
    with pytest.raises(NotationError, match=r"^state JSON: zones.hand\[0\]\[1\]: no card 'Moogle'$"):
        game.state_from_json({**data, "zones": {**data["zones"], "hand": [["Geezard", "Moogle"], []]}})
    with pytest.raises(NotationError, match="^state JSON: cards are lost or duplicated"):
        game.state_from_json({**data, "taken": [], "brought": [data["brought"][1], data["brought"][1]]})
    assert game.state_from_json(json.loads(json.dumps(data))).to_json() == data


def test_a_position_after_a_move_records_what_happened():
    state = after(HAND, "Gesper@4")
    assert state.to_notation().split()[3:6] == [
        "board=-/-/-/-/7:0/-/-/-/-", "hands=32,54,4,55/1,2,3,5,6", "decks=32,54,7,4,55/1,2,3,5,6",
    ]


@pytest.mark.parametrize("bad", ["board=²30:0/-/-/-/-/-/-/-/-", "hands=1,2,3,4,5/6,7,8,9,¹0"])
def test_a_digit_python_cannot_read_as_a_number_is_a_notation_error(bad):
    # '²'.isdigit() is True but int('²') raises: numbers are read only from decimal digits.
    text = "triple-triad board=-/-/-/-/-/-/-/-/- hands=1,2,3,4,5/6,7,8,9,10"
    key = bad.split("=")[0]
    text = " ".join(bad if part.startswith(key + "=") else part for part in text.split())
    with pytest.raises(NotationError):
        load().state_from_notation(text)
