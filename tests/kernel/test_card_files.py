"""kernel/card_files.py: card files read once and size-limited, named by content hash, parsed
once per content, resolved only among the files given, the shipped ones and kept copies."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tcgkit.kernel import card_files
from tcgkit.kernel.card_files import (
    CardFile,
    UnknownCardFile,
    add_card_file,
    is_ref,
    keep_copies_in,
    keep_copy,
    parsed,
    read_card_file,
    read_paths,
    ref_option,
    resolve_card_file,
)
from tcgkit.kernel.errors import CardDataError, OptionsError
from tcgkit.kernel.files import MAX_FILE_BYTES


@pytest.fixture(autouse=True)
def fresh():
    card_files.forget()
    yield
    card_files.forget()


def test_a_file_is_named_by_the_sha256_of_its_bytes(tmp_path):
    path = tmp_path / "a b.csv"
    path.write_bytes(b"\xef\xbb\xbfnumber,name\n")
    ref = add_card_file(path)
    assert ref == "sha256:" + hashlib.sha256(path.read_bytes()).hexdigest() and is_ref(ref)
    assert resolve_card_file(ref).text() == "number,name\n"  # the byte-order mark dropped
    path.write_bytes(b"number,name,level\n")  # rewritten: a new file, a new hash
    assert add_card_file(path) != ref
    assert resolve_card_file(ref).data == b"\xef\xbb\xbfnumber,name\n"  # the old content stays its own


def test_parsed_sets_are_cached_by_content_not_by_name(tmp_path):
    calls = []

    def parse(files: tuple[CardFile, ...]) -> str:
        calls.append(files)
        return "+".join(f.text() for f in files)

    a = CardFile.of("a.csv", b"one")
    same = CardFile.of("elsewhere/b.csv", b"one")
    assert parsed("test", (a,), parse) == "one"
    assert parsed("test", (same,), parse) == "one" and len(calls) == 1
    assert parsed("test", (CardFile.of("a.csv", b"two"),), parse) == "two" and len(calls) == 2
    assert parsed("other loader", (a,), parse) == "one" and len(calls) == 3


def test_reading_is_limited_to_regular_files_of_16_mb(tmp_path):
    with pytest.raises(CardDataError, match="not a regular file"):
        read_card_file("/dev/zero")
    big = tmp_path / "big.csv"
    big.write_bytes(b"x" * (MAX_FILE_BYTES + 1))
    with pytest.raises(CardDataError, match="larger than 16 MB"):
        read_card_file(big)
    with pytest.raises(CardDataError, match="not UTF-8"):
        CardFile.of("latin.csv", "é".encode("latin-1")).text()


def test_an_unknown_hash_is_one_line_that_names_it_and_says_how_to_give_the_file(tmp_path):
    given = tmp_path / "given.csv"
    given.write_text("x")
    add_card_file(given)
    ref = "sha256:" + "ab" * 32
    with pytest.raises(UnknownCardFile) as error:
        resolve_card_file(ref)
    message = str(error.value)
    assert ref in message and "--card-file PATH" in message and "given.csv" in message
    assert "\n" not in message
    with pytest.raises(CardDataError, match="not a card file reference"):
        resolve_card_file("/etc/passwd")


def test_text_is_never_a_path_and_a_path_object_is_read():
    with pytest.raises(ValueError, match="content hash") as error:
        ref_option("/etc/passwd")
    assert "never by a path" in str(error.value)
    assert ref_option("bundled", ("bundled",)) == "bundled"
    with pytest.raises(ValueError, match="or 'bundled'"):
        ref_option("bundled.csv", ("bundled",))
    shipped = Path(__file__).parent / "data" / "looper.toml"
    assert read_paths((shipped, "sha256:" + "0" * 64)) == (add_card_file(shipped), "sha256:" + "0" * 64)
    assert read_paths("/etc/passwd") == "/etc/passwd"  # left for the option's check to refuse


def test_a_game_given_a_path_as_text_never_opens_it(monkeypatch):
    from tcgkit.kernel import files
    from tcgkit.kernel.registry import load_game

    opened = []
    monkeypatch.setattr(files, "read_bytes_limited", lambda *a: opened.append(a) or b"")
    monkeypatch.setattr(card_files, "read_bytes_limited", lambda *a: opened.append(a) or b"")
    for game, options in [("triple-triad", {"card_file": "/etc/passwd"}),
                          ("forge-fury", {"card_files": ["bundled", "/etc/passwd"]}),
                          ("ff-tcg", {"card_files": ["/etc/passwd"]}),
                          ("conflictus", {"card_files": ["/dev/zero"]})]:
        with pytest.raises(OptionsError, match="content hash"):
            load_game(game, options)
    assert opened == []


def test_kept_copies_resolve_and_an_edited_copy_is_refused(tmp_path):
    keep_copies_in(tmp_path / "store")
    card_file = CardFile.of("mine.csv", b"cards")
    keep_copy(card_file)
    stored = tmp_path / "store" / card_file.digest
    assert stored.read_bytes() == b"cards"
    assert resolve_card_file(card_file.ref).data == b"cards"
    stored.write_bytes(b"forged")
    with pytest.raises(UnknownCardFile):
        resolve_card_file(card_file.ref)
    keep_copy(card_file)  # naming the file again mends the copy
    assert stored.read_bytes() == b"cards"
    stored.write_bytes(b"forged")
    keep_copies_in(None)
    stored.write_bytes(b"cards")
    with pytest.raises(UnknownCardFile):
        resolve_card_file(card_file.ref)


def test_shipped_files_resolve_by_their_hash():
    from tcgkit import load_game
    from tcgkit.games.triple_triad.cards import shipped_file

    ref = shipped_file().ref
    game = load_game("triple-triad", card_file=ref)
    assert game.card_data_hash() == load_game("triple-triad").card_data_hash()


@given(st.text(max_size=80))
def test_any_text_is_a_reference_or_refused_in_one_short_line(text):
    try:
        assert ref_option(text) == text and is_ref(text)
    except ValueError as error:
        message = str(error)
        assert "content hash" in message and "\n" not in message and len(message) < 400


def test_a_control_character_in_card_data_is_refused_naming_the_file_card_and_field(tmp_path):
    """ESC sequences (clear the screen, set the title), a right-to-left override, NUL: refused
    at load, the file, card and field named, the character quoted as a code point."""
    import pytest as _pytest

    from tcgkit import load_game
    from tcgkit.kernel.errors import CardDataError as _CardDataError

    tt = tmp_path / "tt.csv"
    header = "number,name,level,top,right,bottom,left,element\n"
    for bad, code in (("\x1b[2J", "U+001B"), ("\u202eevil", "U+202E"), ("a\x00b", "U+0000")):
        tt.write_text(header + "".join(f"{n},Card {n},1,1,1,1,1,\n" for n in range(1, 10))
                      + f"10,Card{bad},1,1,1,1,1,\n", encoding="utf-8")
        with _pytest.raises(_CardDataError) as caught:
            load_game("tt", {"card_file": tt})
        message = str(caught.value)
        assert f"{tt}, line 11" in message and "field 'name'" in message and code in message
        assert bad not in message  # quoted escaped, never printed raw
    ca = tmp_path / "ca.toml"
    ca.write_text('[[card]]\nid = "w"\nname = "Warrior"\nfaction = "luz"\nklass = "guerreiro"\n'
                  'cost = 1\nattack = 1\ndefense = 1\ntombo = 1\ntext = "\\u001b]0;owned\\u0007"\n',
                  encoding="utf-8")
    with _pytest.raises(_CardDataError) as caught:
        load_game("conflictus", {"card_files": [ca]})
    assert "card 'Warrior'" in str(caught.value) and "field 'text'" in str(caught.value)
    assert "U+001B" in str(caught.value) and "\x1b" not in str(caught.value)
