"""Card data: the 110 FFVIII cards, custom card files, and broken files refused clearly."""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest

from tcgkit.games.triple_triad import CardDB, default_cards
from tcgkit.games.triple_triad.cards import ELEMENTS
from tcgkit.kernel import CardDataError

from .helpers import load, play_out

HEADER = "number,name,level,top,right,bottom,left,element\n"
TEN = "".join(
    f"{n},{name},{n},{values},{element}\n"
    for n, name, values, element in [
        (1, "Alpha", "1,2,3,4", ""),
        (2, "Beta", "A,1,1,1", "fire"),
        (3, "Gamma", "5,5,5,5", "Ice"),
        (4, "Delta", "2,2,2,2", ""),
        (5, "Epsilon", "9,a,9,9", "holy"),  # 'a' is A too
        (6, "Zeta", "3,3,3,3", ""),
        (7, "Eta", "4,4,4,4", "water"),
        (8, "Theta", "6,6,6,6", ""),
        (9, "Iota", "7,7,7,7", ""),
        (10, "Take Five", "1,1,1,1", ""),
    ]
)


def write(tmp_path, text, name="cards.csv"):
    """A card file; a ``Path`` option value is read and named by its content hash."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_ffviii_cards_load():
    cards = default_cards()
    assert len(cards) == 110
    assert [c.number for c in cards.cards] == list(range(1, 111))
    assert len({c.name.lower() for c in cards.cards}) == 110
    assert Counter(c.level for c in cards.cards) == {level: 11 for level in range(1, 11)}
    assert all(1 <= v <= 10 for c in cards.cards for v in c.values)
    assert {c.element_name for c in cards.cards} <= {"", *ELEMENTS}
    squall = cards.find("Squall")
    assert (squall.number, squall.level, squall.values, squall.element) == (110, 10, (10, 4, 6, 9), 0)
    assert squall.edge_text() == "A469"
    assert cards.find("#91").name == "Leviathan" and cards.find("#91").element_name == "water"
    assert cards.find("  wedge, BIGGS ").number == 55
    assert cards.find("#0") is None and cards.find("Moogle") is None
    assert len(load().card_data_hash()) == 16


def test_a_custom_card_file_plays(tmp_path):
    path = write(tmp_path, HEADER + TEN, name="my cards.csv")  # a space: positions split on spaces
    game = load(card_file=path)
    assert len(game.cards) == 10
    assert game.cards.find("beta").values == (10, 1, 1, 1)
    assert game.cards.find("Epsilon").values == (9, 10, 9, 9)
    assert game.cards.find("Gamma").element_name == "ice"
    assert game.card_data_hash() != load().card_data_hash()
    names = [c.name for c in game.cards.cards]
    state = game.new_state(3, decks=[names[:5], names[5:]])
    play_out(state, 3)
    assert state.outcome.scores[0] + state.outcome.scores[1] == 10
    # positions name the card file by its content hash in their rules, and read back
    text = state.to_notation()
    assert f"card_file=sha256:{hashlib.sha256(path.read_bytes()).hexdigest()} " in text
    assert str(tmp_path) not in text
    assert game.state_from_notation(text).to_notation() == text


def test_custom_cards_follow_the_rules(tmp_path):
    game = load(card_file=write(tmp_path, HEADER + TEN), first_player=0)
    state = game.new_state(0, decks=[
        ["Beta", "Alpha", "Gamma", "Delta", "Epsilon"],
        ["Zeta", "Eta", "Theta", "Iota", "Take Five"],
    ])
    state.apply(state.parse_action("Alpha@0", state.to_move), state.to_move)
    # a name that starts with "take"
    state.apply(state.parse_action("Take Five@3", state.to_move), state.to_move)
    assert state.board[3] == game.cards.find("Take Five").id
    # Beta's top A beats Take Five's bottom 1
    state.apply(state.parse_action("Beta@6", state.to_move), state.to_move)
    assert state.owner[3] == 0


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the file is empty"),
        ("number,name,level,top,right,bottom,left\n1,A,1,1,1,1,1\n",
         "line 1: the header should be number,name,level,top,right,bottom,left,element, "
         "got another header of 7 fields"),
        (HEADER + "1,Alpha,1,1,2,3\n", "line 2, card 'Alpha': 6 fields, expected 8"),
        (HEADER + "1,,1,1,2,3,4,\n", "line 2: field 'name' is empty"),
        (HEADER + TEN + "11,Mu@2,1,1,1,1,1,\n",
         "line 12, card 'Mu@2': field 'name' may not contain '@' or '/'"),
        (HEADER + "1,Alpha,1,1,2,3,4,\n2,Beta,1,x,1,1,1,\n",
         "line 3, card 'Beta': field 'top' is not a number: 'x'"),
        (HEADER + "1,Alpha,1,1,11,3,4,\n", "line 2, card 'Alpha': field 'right' is 11, not in 1..10"),
        (HEADER + "1,Alpha,1,1,2,0,4,\n", "card 'Alpha': field 'bottom' is 0, not in 1..10"),
        (HEADER + "1,Alpha,A,1,2,3,4,\n", "card 'Alpha': field 'level' is not a number: 'A'"),
        (HEADER + "1,Alpha,11,1,2,3,4,\n", "card 'Alpha': field 'level' is 11, not in 1..10"),
        (HEADER + "x,Alpha,1,1,2,3,4,\n", "card 'Alpha': field 'number' is not a number: 'x'"),
        (HEADER + "1,Alpha,1,1,2,3,4,lava\n",
         "line 2, card 'Alpha': field 'element': unknown element 'lava'"),
        (HEADER + TEN + "11,ALPHA,1,1,1,1,1,\n",
         "line 12, card 'ALPHA': duplicate name \\(first on line 2\\)"),
        (HEADER + TEN + "3,Omega,1,1,1,1,1,\n",
         "line 12, card 'Omega': duplicate number \\(first on line 4\\)"),
        (HEADER + TEN.split("\n", 1)[1], "9 cards; a game needs at least 10"),
    ],
)
def test_broken_card_files_name_the_file_line_card_and_field(tmp_path, text, message):
    path = write(tmp_path, text)
    with pytest.raises(CardDataError, match=message) as error:
        load(card_file=path)
    assert str(error.value).startswith(str(path))


def test_blank_lines_and_spaces_are_tolerated(tmp_path):
    text = " Number , NAME ,level,top,right,bottom,left,element\n\n" + TEN.replace(",", " , ")
    cards = CardDB.load(write(tmp_path, text))
    assert len(cards) == 10 and cards.find("Take Five").number == 10


def test_unreadable_card_files(tmp_path):
    missing = tmp_path / "nope.csv"
    with pytest.raises(CardDataError, match="nope.csv: cannot read the card file"):
        load(card_file=missing)
    path = tmp_path / "latin1.csv"
    path.write_bytes((HEADER + TEN).replace("Alpha", "Alphé").encode("latin-1"))
    with pytest.raises(CardDataError, match="latin1.csv: the card file is not UTF-8 text"):
        load(card_file=path)


def test_a_rewritten_card_file_gives_its_new_cards_and_hash(tmp_path):
    path = write(tmp_path, HEADER + TEN)
    before = load(card_file=path)
    path.write_text(HEADER + TEN.replace("Alpha", "Omega"), encoding="utf-8")
    after = load(card_file=path)
    assert before.cards.find("Alpha") and after.cards.find("Alpha") is None
    assert after.cards.find("Omega") and after.card_data_hash() != before.card_data_hash()
    assert after.options.card_file != before.options.card_file
