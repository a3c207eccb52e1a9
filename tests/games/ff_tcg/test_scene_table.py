"""What the table draws of a Final Fantasy TCG scene (issue 36): card templates by type with
their text, every area's role, moves a player can make by clicking, the changes of a step, a
log in plain English."""

from __future__ import annotations

from tests.games.scene_checks import (
    CJK,
    GLOSS,
    english_log,
    play_through,
    unclickable,
    undrawn_kinds,
)

from tcgkit.games.ff_tcg.game import FFTcg
from tcgkit.games.ff_tcg.scene import TEMPLATES
from tcgkit.kernel import refs


def test_every_move_of_a_whole_game_clicks_drawn_things_or_says_what_it_does():
    game = FFTcg()
    seen = {"clicked": 0, "texts": 0}

    def check(state, scene):
        assert unclickable(scene) == [], scene.moves
        assert undrawn_kinds(scene) == set()
        assert all(area.role for area in scene.areas)
        seen["clicked"] += sum(bool(m.refs) for m in scene.moves)
        seen["texts"] += sum(any(f.key == "text" for f in face.fields) for a in scene.areas
                             if a.role == "play" for face in a.items if face is not None)

    end = play_through(game, 5, check)
    assert end.outcome is not None and seen["clicked"] > 50 and seen["texts"] > 50  # cards in play: text
    lines = english_log(game, end)
    assert not [line for line in lines if GLOSS.search(line) or CJK.search(line)]
    assert not [line for line in lines if line.startswith("You's")]


def test_a_fighter_shows_its_power_in_the_corner_and_its_text_in_both_languages():
    monster = next(t for t in TEMPLATES if t.kind == "monster")
    assert (monster.places["power"], monster.places["text"], monster.places["type"], monster.art) == (
        "corner", "text", "type", "type")
    assert "power" not in next(t for t in TEMPLATES if t.kind == "city").places


def test_changes_of_a_play_a_draw_and_a_death():
    game = FFTcg()
    state = game.new_state(3)
    view = state.view(0)
    hand = view["zones"]["hand0"]["cards"]
    events = [{"kind": "play", "player": 0, "card": hand[0], "mode": "attack", "on": None},
              {"kind": "draw", "player": 0, "card": hand[1]}, {"kind": "draw", "player": 1},
              {"kind": "die", "card": hand[0]}, {"kind": "skull", "card": hand[0]}]
    changes = game.scene(view, [], events, None).changes
    first = refs.card(int(hand[0].rpartition("#")[2]))
    assert [(c.kind, c.card, c.target) for c in changes] == [
        ("played", first, "combat"), ("drawn", refs.card(int(hand[1].rpartition("#")[2])), "hand0"),
        ("drawn", None, "hand1"), ("died", first, None), ("moved", first, "skulls0"), ("counter", None, None)]
    assert (changes[-1].key, changes[-1].amount, changes[-1].player) == ("skulls", 1, 0)
