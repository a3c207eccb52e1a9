"""What ``FFTcg`` compiles from card text at load time, pinned through play.

An attack requirement made of ``attacking_with`` checks is decided once for the play phase
(``before_combat``); texts that read the hand or the face-down cards keep a forced choice
asked (``private_reads``); a card has at most ``ABILITY_KEY - 1`` abilities. Found by
mutation testing (docs/kernel.md).
"""

from __future__ import annotations

import pytest

import tcgkit
from tcgkit.kernel import DeckError

from .rules_helpers import CARDS, label, play, position, texts

EXTRA = """
[[card]]
id = "loner"
name = "Loner"
type = "monster"
power = 1
luck = 1
attack = { not = { check = "attacking_with", name = "Asp" } }

[[card]]
id = "either"
name = "Either"
type = "monster"
power = 1
luck = 1
attack = { any = [{ check = "attacking_with", name = "Asp" },
                  { not = { check = "attacking_with", name = "Wolf" } }] }

[[card]]
id = "both"
name = "Both"
type = "monster"
power = 1
luck = 1
attack = { all = [{ not = { check = "attacking_with", name = "Asp" } },
                  { check = "attacking_with", name = "Wolf" }] }

[[card]]
id = "lurker"
name = "Lurker"
type = "monster"
power = 2
luck = 1
world = true
text = "Combate: com uma carta sua escondida, Poder +1."

  [[card.abilities]]
  timing = "combat"
  condition = { check = "count", side = "you", place = "hidden", at_least = 1 }
  effects = [{ do = "modify_stat", stat = "power", amount = 1, to = "self" }]
  duration = "end_of_combat"

[[card]]
id = "thief"
name = "Thief"
type = "monster"
power = 2
luck = 1
world = true
text = "Combate: descarte uma carta da sua mão: Poder +1."

  [[card.abilities]]
  timing = "combat"
  target = { choose = "card", side = "you", place = "hand" }
  effects = [{ do = "modify_stat", stat = "power", amount = 1, to = "self" }]
  duration = "end_of_combat"

[[card]]
id = "shy"
name = "Shy"
type = "monster"
power = 2
luck = 1
world = true
play = { check = "count", side = "you", place = "hand", type = "monster", at_least = 1 }
"""

ZERO = ["Broadsword", "Shrine", "Fire", "Summon"]  # luck 0 on top of a deck


@pytest.fixture(scope="module")
def extra(tmp_path_factory):
    path = tmp_path_factory.mktemp("cards") / "extra.toml"
    path.write_text(EXTRA)
    return path


@pytest.mark.parametrize("monster, attacks", [("Loner", True), ("Either", True), ("Both", False)])
def test_an_attack_requirement_on_attackers_is_judged_with_nobody_attacking_yet(extra, monster, attacks):
    game = tcgkit.load_game("ff-tcg", card_files=(CARDS, extra), auto_forced=False)
    state = position(game, {"hand": [monster]}, {"chars": ["Fighter"]})
    card = label(state, monster, "hand", 0)
    assert (f"play {card} attack" in texts(state)) is attacks


@pytest.mark.parametrize("monster, hand", [
    ("Lurker", []),  # reads the face-down cards: none now, and yet the window is asked
    ("Thief", []),  # chooses from the hand: empty now
])
def test_a_window_whose_texts_read_private_cards_is_asked_even_when_forced(extra, monster, hand):
    game = tcgkit.load_game("ff-tcg", card_files=(CARDS, extra), world_attacks_alone=True)
    state = position(game, {"world": [monster], "hand": hand, "top": ZERO},
                     {"chars": ["Fighter"], "top": ZERO})
    play(state, "end", f"attack {label(state, monster, 'world', 0)}")
    assert state.to_move == 0 and state.pending.kind == "window" and texts(state) == ["done"]


def test_a_declaration_whose_joiners_read_the_hand_is_asked_even_when_forced(extra):
    game = tcgkit.load_game("ff-tcg", card_files=(CARDS, extra), world_attacks_alone=True)
    state = position(game, {"world": ["Shy"], "hand": ["Fighter"]}, {"chars": ["Fighter"]})
    play(state, "end")  # Shy may not join (no monster in hand): 'done' alone, still asked
    assert state.to_move == 0 and state.pending.kind == "declare" and texts(state) == ["done"]


@pytest.mark.parametrize("count, loads", [(15, True), (16, False)])
def test_a_card_has_at_most_fifteen_abilities(tmp_path, count, loads):
    ability = ('\n  [[card.abilities]]\n  timing = "end_of_turn"\n'
               '  effects = [{ do = "heal", to = "my_characters" }]\n')
    path = tmp_path / "busy.toml"
    path.write_text('[[card]]\nid = "busy"\nname = "Busy"\ntype = "city"\nluck = 0\n' + ability * count)
    if loads:
        assert len(tcgkit.load_game("ff-tcg", card_files=(CARDS, path)).db.find("Busy").abilities) == 15
    else:
        with pytest.raises(DeckError, match=r"^a card may have at most 15 abilities$"):
            tcgkit.load_game("ff-tcg", card_files=(CARDS, path))
