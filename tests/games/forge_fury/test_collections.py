"""Forge & Fury with several collections at once (rulebook: "Todos os modos aceitam utilizar
cartas apenas de uma coleção, ou misturar diversas coleções")."""

from __future__ import annotations

import json

import pytest
import typer
from typer.testing import CliRunner

import tcgkit
from tcgkit.cli.sim_command import sim
from tcgkit.kernel import Rng
from tcgkit.kernel.errors import CardDataError, DeckError, NotationError, OptionsError

HEADER = "number,name,green,red,blue,rarity\n"
# A second collection: numbers 1..60 again, under names the bundled collection does not use.
SECOND = [(n, f"Echo {n}", 1 + n % 9, 1 + n % 7, 1 + n % 5, ("normal", "rare", "super_rare")[n % 3])
          for n in range(1, 61)]


@pytest.fixture(scope="module")
def second(tmp_path_factory):
    path = tmp_path_factory.mktemp("second") / "echo.csv"
    path.write_text(HEADER + "\n".join(",".join(map(str, row)) for row in SECOND) + "\n")
    return path  # a Path option value: read, and named by its content hash


def mixed_deck(game, size):
    """Half bundled cards, half the second collection's, numbers shared between them."""
    bundled = [c.label for c in game.cards.cards if not c.name.startswith("Echo")]
    echo = [c.label for c in game.cards.cards if c.name.startswith("Echo")]
    return bundled[: size // 2] + echo[: size - size // 2]


def test_two_collections_share_numbers_and_a_deck_mixes_them(second):
    game = tcgkit.load_game("forge-fury", mode="chama", card_files=("bundled", second))
    assert len(game.cards) == 151 + 60
    # One number, two cards: the name tells them apart, the bare number is refused.
    assert game.cards.find("Echo 1 #001").name == "Echo 1"
    assert game.cards.find(f"{game.cards.cards[0].name} #001").id == 0
    with pytest.raises(LookupError, match="add the name"):
        game.cards.find("#001")
    deck = mixed_deck(game, 50)
    assert game.validate_deck(deck) == []
    state = game.new_state(3, [deck, deck[::-1]])
    rng = Rng(5)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()), state.to_move)
        state.check_invariants()
    # The state as JSON names the cards (numbers repeat), and reads back exactly.
    data = state.to_json()
    assert "Echo 1 #001" in data["decklists"][0]
    assert game.state_from_json(json.loads(json.dumps(data))).to_json() == data


def test_state_json_writes_cards_by_label():
    game = tcgkit.load_game("forge-fury", mode="chama")
    labels = {c.label for c in game.cards.cards}
    assert all(key in labels for key in game.new_state(1).to_json()["decklists"][0])


def test_brasa_splits_a_mixed_deck(second):
    game = tcgkit.load_game("forge-fury", mode="brasa", card_files=("bundled", second))
    deck = mixed_deck(game, 50)
    state = game.new_state(8, [deck])
    assert sorted(state.decklists[0] + state.decklists[1]) == sorted(game.card_id(c) for c in deck)


def test_a_card_in_two_files_is_refused_naming_file_line_card_and_field(tmp_path, second):
    again = tmp_path / "again.csv"
    again.write_text(HEADER + "7,Echo 9,1,1,1,normal\n9,Echo 9,2,2,2,normal\n")
    with pytest.raises(CardDataError) as error:
        tcgkit.load_game("forge-fury", card_files=(second, again))
    message = str(error.value)
    assert f"{again}, line 3, card 'Echo 9': field 'number'" in message
    assert f"is already {second}, line 10" in message


def test_bad_rows_in_the_second_file_name_it(tmp_path, second):
    bad = tmp_path / "bad.csv"
    bad.write_text(HEADER + "3,Rust Imp,4,11,2,normal\n")
    with pytest.raises(CardDataError, match=r"bad.csv, line 2, card 'Rust Imp': field 'red'"):
        tcgkit.load_game("forge-fury", card_files=(second, bad))
    with pytest.raises(CardDataError, match="no-such.csv: cannot read"):
        tcgkit.load_game("forge-fury", card_files=("bundled", tmp_path / "no-such.csv"))


def test_card_file_and_card_files_are_not_both_given(second):
    with pytest.raises(OptionsError, match="card_file or card_files"):
        tcgkit.load_game("forge-fury", card_file=second, card_files=(second,))


def test_a_json_card_key_that_names_no_single_card_is_refused(second):
    game = tcgkit.load_game("forge-fury", mode="chama", card_files=("bundled", second))
    data = game.new_state(2, [mixed_deck(game, 50)] * 2).to_json()
    data["zones"]["hand"][0][0] = 1  # number 1 is two cards here: a card is its label
    with pytest.raises(NotationError, match="no card 1"):
        game.state_from_json(data)


def test_tie_by_number_with_one_number_under_two_names_goes_to_the_mini_game(tmp_path):
    a, b = tmp_path / "a.csv", tmp_path / "b.csv"
    a.write_text(HEADER + "5,Twin A,4,4,4,normal\n")
    b.write_text(HEADER + "5,Twin B,4,4,4,normal\n")
    game = tcgkit.load_game("forge-fury", card_files=(a, b), tie_by_number=True)
    assert game.cards.json_key(0) == "Twin A #005"
    first, second = game.cards.cards
    assert game.compare(first.id, second.id, 0)[1] is None  # equal in every way


def run_sim(*args):
    app = typer.Typer()
    app.command()(sim)
    return CliRunner().invoke(app, list(args))


def test_sim_plays_brasa_from_one_custom_deck(tmp_path, second):
    game = tcgkit.load_game("forge-fury", mode="brasa", card_files=("bundled", second))
    deck = tmp_path / "brasa.txt"
    deck.write_text("\n".join(mixed_deck(game, 50)) + "\n")
    rules = f"card_files=bundled;{second}"
    result = run_sim("fnf", "--mode", "brasa", "--rules", rules, "-n", "4", "--agents", "greedy,random",
                     "--deck", str(deck), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["decks"] == [deck.name]  # a base name: results carry no path
    both = run_sim("fnf", "--mode", "brasa", "--rules", rules, "--deck", str(deck),
                   "--opponent-deck", str(deck))
    assert both.exit_code == 2 and "give only --deck" in both.output
    deck.write_text("\n".join(mixed_deck(game, 49)) + "\n")
    short = run_sim("fnf", "--mode", "brasa", "--rules", rules, "--deck", str(deck))
    assert short.exit_code == 2 and "brasa needs a deck of 50 cards" in short.output


def test_a_mixed_deck_breaking_the_golden_rule_is_refused(second):
    game = tcgkit.load_game("forge-fury", mode="chama", card_files=("bundled", second))
    deck = mixed_deck(game, 49) + ["Echo 1 #001"]
    with pytest.raises(DeckError, match="golden rule"):
        game.new_state(0, [deck, deck])


def test_a_rewritten_collection_gives_its_new_cards_and_hash(tmp_path):
    path = tmp_path / "mine.csv"
    path.write_text(HEADER + "\n".join(",".join(map(str, row)) for row in SECOND) + "\n")
    before = tcgkit.load_game("forge-fury", card_files=("bundled", path))
    path.write_text(path.read_text().replace("Echo 1,", "Rewritten 1,"))
    after = tcgkit.load_game("forge-fury", card_files=("bundled", path))
    assert after.cards.find("Rewritten 1").number == 1
    with pytest.raises(LookupError):
        after.cards.find("Echo 1")
    assert after.card_data_hash() != before.card_data_hash()
    assert after.options.card_files[0] == "bundled" and after.options.card_files[1].startswith("sha256:")
    # a state's JSON names the file by its hash, never its path
    assert str(tmp_path) not in after.new_state(1, [mixed_deck(after, 50)] * 2).to_notation()
