"""What the table draws of a Conflictus scene (issue 36): card templates by class, every area's
role, moves a player can make by clicking, the changes of a step, a log in plain English."""

from __future__ import annotations

import pytest
from tests.games.scene_checks import CJK, GLOSS, english_log, play_through, unclickable, undrawn_kinds

from tcgkit.games.conflictus import Conflictus
from tcgkit.games.conflictus.scene import TEMPLATES
from tcgkit.kernel import refs

from .helpers import act, fetch, label, sources, start


@pytest.mark.parametrize("players", [2, 4])
def test_every_move_of_a_whole_game_clicks_drawn_things_or_says_what_it_does(players):
    game = Conflictus(players=players)
    seen: dict[str, int] = {"moves": 0, "clicked": 0, "faces": 0}

    def check(state, scene):
        assert unclickable(scene) == [], scene.moves
        assert undrawn_kinds(scene) == set()
        assert all(area.role for area in scene.areas)
        seen["moves"] += len(scene.moves)
        seen["clicked"] += sum(bool(m.refs) for m in scene.moves)
        seen["faces"] += sum(f is not None for a in scene.areas for f in a.items)

    end = play_through(game, 11, check)
    assert end.outcome is not None and seen["clicked"] > 100 and seen["faces"] > 1000
    lines = english_log(game, end)
    assert not [line for line in lines if GLOSS.search(line) or CJK.search(line)]


def test_templates_place_a_warriors_cost_stats_type_text_and_faction():
    state = start(decks=("abismo", "crepusculo"))
    spectre = fetch(state, 0, "Espectro Faminto")
    hand = state.scene(0).area("hand0").items
    face = next(f for f in hand if f is not None and f.ref == refs.card(spectre))
    card = state.card(spectre)
    warrior = next(t for t in TEMPLATES if t.kind == "warrior")
    assert face.kind == "warrior" and warrior.art == "faction"
    values = {f.key: f.value for f in face.fields}
    printed = {"text": card.text} if card.text else {}
    assert values == {"cost": card.cost, "attack": card.attack, "defense": card.defense, "tombo": card.tombo,
                      "type": "warrior", **printed, "faction": "Shadow"}
    assert {warrior.places[k] for k in ("attack", "defense", "tombo")} == {"stats"}
    placed = (warrior.places["cost"], warrior.places["text"], warrior.places["faction"])
    assert placed == ("cost", "text", "badge")
    roles = {a.key: a.role for a in state.scene(0).areas}
    assert roles["hand0"] == "hand" and roles["field0"] == "play"


def test_changes_of_a_play_and_of_a_death():
    state = start(decks=("abismo", "crepusculo"))
    spectre = fetch(state, 0, "Espectro Faminto")
    sources(state, 0, sombra=2)
    since = state.event_count()
    act(state, f"play {label(state, spectre)} pay S{state.card(spectre).cost}")
    played = [c for c in state.scene(1, since).changes if c.kind == "played"]
    assert [(c.card, c.player, c.source, c.target) for c in played] == [
        (refs.card(spectre), 0, "hand0", f"set{spectre}")]
    events = [{"kind": "died", "card": label(state, spectre), "player": 0},
              {"kind": "mill", "player": 1, "cards": [label(state, c) for c in state.mons[1][-2:]]}]
    changes = state.game.scene(state.view(0), [], events, None).changes
    assert [(c.kind, c.card, c.target) for c in changes[:1]] == [("died", refs.card(spectre), "mortis0")]
    assert [(c.kind, c.key, c.amount) for c in changes if c.kind == "counter"] == [("counter", "mons", -2)]
