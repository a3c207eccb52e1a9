"""Conflictus card files: named by content hash in options, states and records; a rewritten file
is read again."""

from __future__ import annotations

import json

import pytest

from tcgkit.games.conflictus import Conflictus
from tcgkit.games.conflictus.cards import shipped_files
from tcgkit.kernel.errors import OptionsError

WARRIORS = "".join(
    f'[[card]]\nid = "w{i}"\nname = "Warrior {i}"\nfaction = "luz"\nklass = "guerreiro"\n'
    f"cost = 1\nattack = 1\ndefense = 1\ntombo = 1\n\n" for i in range(6))


def test_a_rewritten_card_file_gives_its_new_cards_and_hash(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(WARRIORS)
    before = Conflictus(card_files=(path,))
    path.write_text(WARRIORS.replace("Warrior 0", "Knight 0"))
    after = Conflictus(card_files=(path,))
    assert before.db.find("Warrior 0") and after.db.find("Warrior 0") is None
    assert after.db.find("Knight 0")
    assert after.card_data_hash() != before.card_data_hash()


def test_positions_name_card_files_by_hash_and_refuse_paths(tmp_path):
    game = Conflictus(card_files=(shipped_files()[0].ref,))
    assert game.card_data_hash() == Conflictus().card_data_hash()
    text = game.new_state(1).to_notation()
    assert shipped_files()[0].ref in text and "/" not in json.dumps(game.options_json())
    with pytest.raises(OptionsError, match="content hash"):
        Conflictus(card_files=(str(tmp_path / "mine.toml"),))


def test_a_number_written_as_true_is_refused(tmp_path):
    import pytest

    from tcgkit.games.conflictus import Conflictus
    from tcgkit.kernel.errors import CardDataError

    path = tmp_path / "ca.toml"
    path.write_text('[[card]]\nid = "w"\nname = "Warrior"\nfaction = "luz"\nklass = "guerreiro"\n'
                    "cost = 1\nattack = true\ndefense = 1\ntombo = 1\n", encoding="utf-8")
    with pytest.raises(CardDataError, match="card 'Warrior' \\(w\\): field attack"):
        Conflictus(card_files=(path,))
