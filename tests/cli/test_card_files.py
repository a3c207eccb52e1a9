"""Card files in the CLI: read when the user names them, named by content hash everywhere else
(records, saves, positions), never opened because a record or position names a path."""

from __future__ import annotations

import hashlib
import json

import pytest

from tcgkit.games.triple_triad import TripleTriad
from tcgkit.kernel import card_files
from tcgkit.kernel.replay import MatchRecord
from tcgkit.terminal.profile import load_profile
from tcgkit.terminal.saves import read_save

from .test_untrusted_files import one_line_error

TT_HEADER = "number,name,level,top,right,bottom,left,element\n"
FNF_HEADER = "number,name,green,red,blue,rarity\n"


def tt_cards(prefix: str) -> str:
    return TT_HEADER + "".join(f"{n},{prefix} {n},1,{n},{n},{n},{n},\n" for n in range(1, 11))


def fnf_cards(prefix: str) -> str:
    return FNF_HEADER + "".join(f"{n},{prefix} {n},1,2,3,normal\n" for n in range(1, 61))


def ff_cards(prefix: str) -> str:
    return "".join(f'[[card]]\nid = "m{i}"\nname = "{prefix} {i}"\ntype = "monster"\npower = 1\n'
                   f"luck = 1\nworld = true\n\n" for i in range(15))


def ca_cards(prefix: str) -> str:
    return "".join(f'[[card]]\nid = "w{i}"\nname = "{prefix} {i}"\nfaction = "luz"\nklass = "guerreiro"\n'
                   f"cost = 1\nattack = 1\ndefense = 1\ntombo = 1\n\n" for i in range(6))


@pytest.fixture(autouse=True)
def fresh_card_files():
    """Each test starts as a new process would: no card file given yet."""
    card_files.forget()
    yield
    card_files.forget()


def ref_of(path) -> str:
    return "sha256:" + hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize(("game", "option", "suffix", "make"), [
    ("tt", "card_file", "csv", tt_cards),
    ("fnf", "card_file", "csv", fnf_cards),
    ("fnf", "card_files", "csv", fnf_cards),
    ("ff-tcg", "card_files", "toml", ff_cards),
    ("conflictus", "card_files", "toml", ca_cards),
])
def test_a_rewritten_card_file_is_read_again(run, tmp_path, game, option, suffix, make):
    path = tmp_path / f"my cards.{suffix}"  # a space in the path
    path.write_text(make("Old"))
    first = run("cards", game, "--json", "--rules", f"{option}={path}")
    assert first.exit_code == 0, first.output
    assert "Old 1" in first.stdout and "New 1" not in first.stdout
    path.write_text(make("New"))
    second = run("cards", game, "--json", "--rules", f"{option}={path}")
    assert second.exit_code == 0, second.output
    assert "New 1" in second.stdout and "Old 1" not in second.stdout


def save_hotseat_game(run, tmp_path, cards):
    """A Triple Triad hotseat game on ``cards``, one move played, saved as a plain record."""
    save = tmp_path / "game.json"
    result = run("play", "tt", "--hotseat", "--seed", "4", "--rules", f"card_file={cards}",
                 "--save", str(save), input="Card 1@0\n")
    assert result.exit_code == 1, result.output  # the piped moves end first: exit 1
    return save


def test_a_save_names_its_card_file_by_hash_and_never_by_path(run, tmp_path):
    cards = tmp_path / "secret folder" / "my cards.csv"
    cards.parent.mkdir()
    cards.write_text(tt_cards("Card"))
    save = save_hotseat_game(run, tmp_path, cards)
    record = read_save(save, load_profile().key()).record  # unsealed, as resume reads it
    text = json.dumps(record.to_json())
    assert "secret folder" not in text and str(tmp_path) not in text
    assert record.options["card_file"] == ref_of(cards)
    card_files.forget()
    resumed = run("play", "tt", "--resume", str(save), input="")
    assert resumed.exit_code == 1, resumed.output  # the kept copy resolves the hash; no moves: exit 1
    assert "Input ended." in resumed.stdout


def test_a_record_resolves_its_hash_only_among_files_given(run, tmp_path, home, monkeypatch):
    cards = tmp_path / "mine.csv"
    cards.write_text(tt_cards("Card"))
    record = tmp_path / "record.json"
    MatchRecord.start(TripleTriad(card_file=cards), 2, None).save(record)
    assert json.loads(record.read_text())["options"]["card_file"] == ref_of(cards)
    card_files.forget()  # another machine: the file was never named there
    line = one_line_error(run("replay", str(record)))
    assert ref_of(cards) in line and "--card-file" in line
    other = tmp_path / "other.csv"
    other.write_text(tt_cards("Other"))
    line = one_line_error(run("replay", str(record), "--card-file", str(other)))
    assert ref_of(cards) in line  # a file with another hash does not stand in for it
    result = run("replay", str(record), "--card-file", str(cards), "--no-color")
    assert result.exit_code == 0, result.output
    card_files.forget()  # and the kept copy now resolves it without --card-file
    assert run("replay", str(record), "--no-color").exit_code == 0


def test_an_edited_kept_copy_is_not_used(run, tmp_path, home):
    cards = tmp_path / "mine.csv"
    cards.write_text(tt_cards("Card"))
    save = save_hotseat_game(run, tmp_path, cards)
    copy = home / "cards" / ref_of(cards).removeprefix("sha256:")
    assert copy.read_bytes() == cards.read_bytes()
    copy.write_text(tt_cards("Forged"))
    card_files.forget()
    line = one_line_error(run("play", "tt", "--resume", str(save), input=""))
    assert ref_of(cards) in line


@pytest.mark.parametrize("target", ["secret", "/dev/zero"])
def test_a_record_naming_a_path_is_refused_without_reading_it(run, tmp_path, target):
    secret = tmp_path / "secret.txt"
    secret.write_text("root:hunter2:0:0\n")
    path = str(secret) if target == "secret" else target
    record = tmp_path / "record.json"
    data = json.loads(record_json())
    data["options"]["card_file"] = path
    record.write_text(json.dumps(data))
    line = one_line_error(run("replay", str(record)))
    assert "hunter2" not in line and "content hash" in line


def record_json() -> str:
    return json.dumps(MatchRecord.start(TripleTriad(), 1, None).to_json())


def test_a_position_naming_a_path_is_refused_without_reading_it(run, tmp_path):
    secret = tmp_path / "secret.csv"
    secret.write_text(tt_cards("Hunter"))
    position = TripleTriad(card_file=secret).new_state(1).to_notation()
    card_files.forget()
    by_path = position.replace(ref_of(secret), str(secret))
    line = one_line_error(run("play", "tt", "--hotseat", "--position", by_path, input=""))
    assert "Hunter" not in line and "content hash" in line
    line = one_line_error(run("play", "tt", "--hotseat", "--position", position, input=""))
    assert ref_of(secret) in line and "--card-file" in line
    result = run("play", "tt", "--hotseat", "--position", position, "--card-file", str(secret), input="")
    assert result.exit_code == 1, result.output  # the piped moves end first: exit 1


def test_a_json_position_naming_a_path_is_refused(run, tmp_path):
    from tcgkit import load_game

    position = json.loads(load_game("ff-tcg").new_state(1).to_notation())
    position["options"]["card_files"] = ["/etc/passwd"]
    line = one_line_error(run("play", "ff-tcg", "--hotseat", "--position", json.dumps(position), input=""))
    assert "root:" not in line and "content hash" in line
