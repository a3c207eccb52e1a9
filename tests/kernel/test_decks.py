"""Deck files: reading (comments, blanks, line numbers, bad files), atomic writing, and a
game's "card N" problems turned into line numbers."""

from __future__ import annotations

import os
import stat

import pytest

import tcgkit
from tcgkit.kernel.decks import DeckFile, format_deck, parse_deck, read_deck, write_deck
from tcgkit.kernel.errors import DeckError

TEXT = """// my deck
Mist Wyrm #012

   Tide Lynx #010
// a comment
  //  an indented comment
#3
"""


def test_cards_and_their_lines():
    deck = parse_deck(TEXT)
    assert deck.cards == ["Mist Wyrm #012", "Tide Lynx #010", "#3"]
    assert deck.lines == [2, 4, 7]
    assert deck.line_of(1) == 2 and deck.line_of(3) == 7
    assert deck.line_of(0) is None and deck.line_of(4) is None


def test_read_deck_handles_crlf_and_a_byte_order_mark(tmp_path):
    path = tmp_path / "deck.txt"
    path.write_bytes(b"\xef\xbb\xbfGeezard\r\n\r\n// x\r\nFunguar\r\n")
    deck = read_deck(path)
    assert deck.cards == ["Geezard", "Funguar"]
    assert deck.lines == [1, 4]
    assert deck.path == str(path)


def test_an_empty_file_is_an_empty_deck(tmp_path):
    path = tmp_path / "empty.txt"
    path.write_text("")
    assert read_deck(path) == DeckFile([], [], str(path))


def test_unreadable_files_name_the_file(tmp_path):
    missing = tmp_path / "missing.txt"
    with pytest.raises(DeckError, match=rf"^{missing}: cannot read the deck file: "):
        read_deck(missing)
    with pytest.raises(DeckError, match="cannot read the deck file"):
        read_deck(tmp_path)  # a directory
    latin = tmp_path / "latin1.txt"
    latin.write_bytes("Geezard\nColeção\n".encode("latin-1"))
    with pytest.raises(DeckError, match=rf"^{latin}: not a UTF-8 text file \(byte 13, line 2\)"):
        read_deck(latin)


def test_write_then_read_round_trips(tmp_path):
    path = tmp_path / "deck.txt"
    cards = ["Mist Wyrm #012", "Tide Lynx #010"]
    write_deck(path, cards, "Forge & Fury deck\n// already a comment")
    text = path.read_text()
    assert text == "// Forge & Fury deck\n// already a comment\nMist Wyrm #012\nTide Lynx #010\n"
    assert read_deck(path).cards == cards
    assert [p.name for p in tmp_path.iterdir()] == ["deck.txt"]  # no temporary file left


def test_write_replaces_a_file_and_keeps_its_permissions(tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text("old\n")
    os.chmod(path, 0o640)
    write_deck(path, ["new"])
    assert path.read_text() == "new\n"
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_write_refuses_cards_that_would_not_read_back(tmp_path):
    for bad in (" padded", "", "two\nlines", "// comment"):
        with pytest.raises(DeckError, match="card 2: "):
            format_deck(["fine", bad])
    path = tmp_path / "deck.txt"
    with pytest.raises(DeckError):
        write_deck(path, ["fine", "// x"])
    assert not path.exists() and list(tmp_path.iterdir()) == []


def test_write_into_a_missing_folder_names_the_file(tmp_path):
    path = tmp_path / "no" / "deck.txt"
    with pytest.raises(DeckError, match=rf"^{path}: cannot write the deck file"):
        write_deck(path, ["x"])


def test_problems_name_lines_instead_of_card_numbers():
    deck = parse_deck("// header\nA\n\nB\nC\n")  # cards 1, 2, 3 on lines 2, 4, 5
    problems = [
        "card 3: C is already card 1 (one per name)",
        "card 2: no card named 'card 2'",
        "chama needs a deck of 50 cards; this one has 3",
        "card 9: beyond the deck, left alone",
    ]
    assert deck.locate(problems) == [
        "line 5: C is already card 1 on line 2 (one per name)",
        "line 4: no card named 'card 2'",
        "chama needs a deck of 50 cards; this one has 3",
        "card 9: beyond the deck, left alone",
    ]


def test_a_games_problems_with_a_deck_file():
    game = tcgkit.load_game("forge-fury", mode="chama")
    deck = parse_deck("// two problems\nMist Wyrm #012\n\nNo Such Card\nMist Wyrm #012\n")
    problems = deck.locate(game.validate_deck(deck.cards))
    assert problems[0].startswith("line 4: ") and "no card named 'No Such Card'" in problems[0]
    assert problems[1].startswith("line 5: Mist Wyrm #012 is already card 1 on line 2")
    assert problems[2] == "chama needs a deck of 50 cards; this one has 3"
