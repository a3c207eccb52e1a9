"""tcgkit deck build / check: round trips, problems by line, wrong sizes, bad files, modes."""

from __future__ import annotations

import tcgkit
from tcgkit.kernel.decks import parse_deck
from tcgkit.kernel.rng import Rng


def test_build_then_check_round_trips(run, tmp_path):
    path = tmp_path / "deck.txt"
    built = run("deck", "build", "forge-fury", "--mode", "chama", "--seed", "7", "-o", str(path))
    assert built.exit_code == 0, built.output
    assert f"Wrote {path}: 50 cards, chama, seed 7." in built.stdout
    text = path.read_text()
    assert text.startswith("// Forge & Fury deck (forge-fury), mode chama, seed 7\n")
    game = tcgkit.load_game("forge-fury", mode="chama")
    assert parse_deck(text).cards == game.sample_decks(Rng(7))[0]
    checked = run("deck", "check", "forge-fury", str(path), "--mode", "chama")
    assert checked.exit_code == 0, checked.output
    assert checked.stdout == f"{path}: OK (50 cards, chama)\n"


def test_build_prints_the_deck_and_the_seed_decides(run):
    first = run("deck", "build", "fnf", "--seed", "3")
    again = run("deck", "build", "fnf", "--seed", "3")
    other = run("deck", "build", "fnf", "--seed", "4")
    assert first.exit_code == 0, first.output
    assert first.stdout == again.stdout != other.stdout
    lines = first.stdout.splitlines()
    assert lines[0] == "// Forge & Fury deck (forge-fury), mode chama, seed 3"
    assert lines[1] == "// made by: tcgkit deck build forge-fury --mode chama --seed 3"
    assert len(parse_deck(first.stdout).cards) == 50


def test_brasa_is_the_one_deck_the_game_splits(run, tmp_path):
    path = tmp_path / "brasa.txt"
    assert run("deck", "build", "fnf", "--mode", "brasa", "--seed", "1", "-o", str(path)).exit_code == 0
    assert "both players share" in path.read_text()
    assert len(parse_deck(path.read_text()).cards) == 50
    assert run("deck", "check", "fnf", str(path), "--mode", "brasa").stdout.endswith(
        "OK (50 cards, brasa)\n"
    )
    forja = run("deck", "check", "fnf", str(path), "--mode", "forja")
    assert forja.exit_code == 1
    assert f"{path}: forja needs a deck of 100 cards; this one has 50" in forja.stdout


def test_a_random_seed_is_written_in_the_header(run):
    result = run("deck", "build", "fnf", "--mode", "forja")
    assert result.exit_code == 0
    assert ", seed " in result.stdout.splitlines()[0]
    assert len(parse_deck(result.stdout).cards) == 100


def test_duplicate_and_unknown_cards_are_reported_by_line(run, tmp_path):
    built = run("deck", "build", "fnf", "--seed", "2").stdout
    deck = parse_deck(built)
    cards = deck.cards
    lines = ["// my edit", *cards[:9], "", cards[3], "Nobody #999", *cards[10:49]]
    path = tmp_path / "mine.txt"
    path.write_text("\n".join(lines) + "\n")
    result = run("deck", "check", "forge-fury", str(path))
    assert result.exit_code == 1
    out = result.stdout.splitlines()
    assert out == [
        f"{path}: line 12: {cards[3]} is already card 4 on line 5 "
        "(golden rule: one card per name and number)",
        f"{path}: line 13: 'Nobody #999': no card number 999",
        f"{path}: not a legal chama deck (2 problems)",
    ]


def test_a_wrong_size_is_one_problem(run, tmp_path):
    cards = parse_deck(run("deck", "build", "fnf", "--seed", "2").stdout).cards
    path = tmp_path / "short.txt"
    path.write_text("\n".join(cards[:49]) + "\n")
    result = run("deck", "check", "fnf", str(path))
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"{path}: chama needs a deck of 50 cards; this one has 49",
        f"{path}: not a legal chama deck (1 problem)",
    ]


def test_unreadable_files_are_one_line_errors(run, tmp_path):
    missing = run("deck", "check", "fnf", str(tmp_path / "missing.txt"))
    assert missing.exit_code == 1
    assert missing.stderr.startswith(f"tcgkit: error: {tmp_path / 'missing.txt'}: cannot read")
    binary = tmp_path / "deck.bin"
    binary.write_bytes(b"\xff\xfe\x00\x01")
    not_text = run("deck", "check", "fnf", str(binary))
    assert not_text.exit_code == 1
    assert f"{binary}: not a UTF-8 text file" in not_text.stderr
    for result in (missing, not_text):
        assert len(result.stderr.strip().splitlines()) == 1
        assert "Traceback" not in result.output
    nowhere = run("deck", "build", "fnf", "-o", str(tmp_path / "no" / "deck.txt"))
    assert nowhere.exit_code == 1
    assert "cannot write the deck file" in nowhere.stderr


def test_triple_triad_hands_check_too(run, tmp_path):
    built = run("deck", "build", "tt", "--seed", "5")
    assert built.exit_code == 0, built.output
    assert built.stdout.startswith("// Triple Triad deck (triple-triad), rules: defaults, seed 5")
    path = tmp_path / "hand.txt"
    path.write_text(built.stdout)
    assert run("deck", "check", "tt", str(path)).stdout == f"{path}: OK (5 cards, triple-triad)\n"
    path.write_text("Geezard\n// x\nNot A Card\nFunguar\n")
    bad = run("deck", "check", "tt", str(path))
    assert bad.exit_code == 1
    assert f"{path}: line 3: no card named 'Not A Card'" in bad.stdout
    assert f"{path}: a hand is exactly 5 cards; this one has 3" in bad.stdout


def test_mode_and_rules_errors(run, tmp_path):
    cases = [
        (["deck", "build", "tt", "--mode", "brasa"], "triple-triad has no modes"),
        (["deck", "build", "fnf", "--mode", "blitz"], "mode"),
        (["deck", "build", "fnf", "--mode", "brasa", "--rules", "mode=chama"], "disagree"),
        (["deck", "build", "fnf", "--rules", "speed"], "unknown rule 'speed'"),
        (["deck", "check", "chess", "x.txt"], "no game named 'chess'"),
    ]
    for args, message in cases:
        result = run(*args)
        assert result.exit_code == 2, (args, result.output)
        assert message in result.stderr, (args, result.stderr)
        assert len(result.stderr.strip().splitlines()) == 1
    same = run("deck", "build", "fnf", "--mode", "brasa", "--rules", "mode=brasa,minigame=odd_even",
               "--seed", "1")
    assert same.exit_code == 0
    assert "--rules mode=brasa,minigame=odd_even --seed 1" in same.stdout
