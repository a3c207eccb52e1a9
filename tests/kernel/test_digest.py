"""A record's digest (``kernel/digest.py``): computed here independently from its definition
(SHA-256 of each field's canonical JSON, then of those hashes), kept through a save and a
load, and every digested field's change refused by name; a record without one still reads."""

import hashlib
import json

import pytest
from tests.kernel.test_replay import played_record

import tcgkit
from tcgkit.kernel.digest import DIGESTED
from tcgkit.kernel.errors import ReplayError
from tcgkit.kernel.replay import MatchRecord, verify


def by_hand(data: dict) -> str:
    """The digest's sha256 as the docs define it, written out without the module."""
    def sha(value: object) -> str:
        text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    absent = {"made_by": {}}
    return sha({name: sha(data.get(name, absent.get(name))) for name in DIGESTED})


@pytest.fixture
def record() -> MatchRecord:
    game = tcgkit.load_game("triple-triad", same=True, plus=True, trade="one")
    made = played_record(game, seed=2**61 + 7)  # a seed past a double's exact integers
    made.made_by = {"2": "clock"}
    return made.with_digest()


def test_the_digest_is_the_documented_sha256_and_survives_a_save(record, tmp_path):
    data = record.to_json()
    assert record.digest is not None and data["digest"]["sha256"] == by_hand(data)
    path = tmp_path / "record.json"
    record.save(path)
    again = MatchRecord.load(path)
    assert again.digest == record.digest and verify(again).is_terminal
    assert "digest" not in MatchRecord.from_json({k: v for k, v in data.items() if k != "digest"}).to_json()


@pytest.mark.parametrize("name", [n for n in DIGESTED if n != "format"])  # another format is refused first
def test_a_change_to_any_digested_field_is_refused_naming_it(record, name):
    data = record.to_json()
    changed = {"game": "forge-fury", "options": {"same": False}, "seed": data["seed"] + 1,
               "decks": None, "position": "x", "engine": "0.0.0", "cards": "sha256:0",
               "actions": data["actions"][:-1], "made_by": {}, "outcome": None}[name]
    with pytest.raises(ReplayError, match=f"digest mismatch: {name} changed"):
        MatchRecord.from_json({**data, name: changed})


def test_notes_beside_the_game_are_not_digested(record):
    data = record.to_json()
    noted = MatchRecord.from_json({**data, "explanations": {"1": {"agent": "greedy"}}})
    assert noted.digest == record.digest


def test_a_digest_of_the_wrong_shape_is_refused(record):
    data = record.to_json()
    for digest, message in ((
            {"sha256": "nope"}, "digest: not"),
            ({"sha256": "0" * 64, "fields": {"seed": "0" * 64}}, "digest.fields: the fields"),
            ({"sha256": "0" * 64}, "does not hash to its digest.sha256")):
        with pytest.raises(ReplayError, match=message):
            MatchRecord.from_json({**data, "digest": digest})
