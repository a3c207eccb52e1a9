"""Files from outside (records, card files, decks) are read with limits and reported in
one line that never echoes their contents or more than a short excerpt of any input."""

from __future__ import annotations

import json

from tcgkit.games.triple_triad import TripleTriad
from tcgkit.kernel.replay import MatchRecord
from tcgkit.terminal.match import Match


def one_line_error(result) -> str:
    assert result.exit_code in (1, 2), result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("tcgkit: error: "), result.stderr
    assert "Traceback" not in result.output
    return lines[0]


def test_a_card_file_error_does_not_echo_the_file(run, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("root:hunter2:0:0\n")
    line = one_line_error(run("play", "tt", "--hotseat", "--rules", f"card_file={secret}", input=""))
    assert "hunter2" not in line and "header" in line


def test_a_card_file_that_never_ends_is_refused(run, tmp_path):
    line = one_line_error(run("play", "tt", "--hotseat", "--rules", "card_file=/dev/zero", input=""))
    assert "not a regular file" in line
    big = tmp_path / "big.csv"
    big.write_bytes(b"x" * (17 * 1024 * 1024))
    line = one_line_error(run("play", "tt", "--hotseat", "--rules", f"card_file={big}", input=""))
    assert "larger than" in line


def test_a_huge_deck_line_is_echoed_as_a_short_excerpt(run, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("x" * 200_000 + "\n")
    result = run("deck", "check", "tt", str(deck))
    assert "x" * 100 not in result.output and "200000 characters" in result.output


def test_a_huge_move_is_echoed_as_a_short_excerpt(run):
    result = run("play", "tt", "--hotseat", "--seed", "1", input="y" * 100_000 + "\n")
    (line,) = [line for line in result.output.splitlines() if line.startswith("Not a move")]
    assert "y" * 100 not in line and "100000 characters" in line


def record_text(tmp_path) -> str:
    match = Match.new(TripleTriad(), 3, None)
    path = tmp_path / "r.json"
    match.record.save(path)
    return path.read_text()


def test_records_that_are_not_utf8_or_nested_deep_are_one_line_errors(run, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe{")
    assert "not UTF-8" in one_line_error(run("replay", str(bad)))
    bad.write_text("[" * 200_000 + "]" * 200_000)
    assert "nested too deeply" in one_line_error(run("replay", str(bad)))
    bad.write_text('{"seed": ' + "9" * 5000 + "}")
    assert "number too long" in one_line_error(run("replay", str(bad)))


def test_a_record_with_a_byte_order_mark_reads_like_one_without(run, tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes("\ufeff".encode() + record_text(tmp_path).encode())
    assert MatchRecord.load(path).seed == 3
    assert run("replay", str(path), "--no-color").exit_code == 0


def test_toml_nested_deep_is_a_card_data_error(run, tmp_path):
    deep = tmp_path / "cards.toml"
    deep.write_text("x = " + "[" * 5000 + "]" * 5000 + "\n")
    line = one_line_error(run("play", "ff-tcg", "--hotseat", "--rules", f"card_files={deep}", input=""))
    assert "nested too deeply" in line
    json.dumps(line)
