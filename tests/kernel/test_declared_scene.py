"""The declared scene (``kernel/declared_scene.py``): a scene module holding ``SCENE`` gets its
sides, counters, stack, window, status, prompt and log from the kernel; a declaration naming
what the state lacks is refused when the game is made."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from tcgkit_brawl import Brawl, scene
from tcgkit_brawl.rules import PASS, Cast

from tcgkit.kernel import SceneSpec, refs


def test_each_side_shows_the_declared_zones_and_life_hiding_the_others_hands():
    state = Brawl().new_state(0)
    seen = state.scene(0)
    assert [a.key for a in seen.areas[:4]] == ["hand0", "board0", "deck0", "discard0"]
    assert [a.layout for a in seen.areas[:4]] == ["row", "row", "pile", "pile"]
    mine, theirs = seen.area("hand0"), seen.area("hand1")
    assert not mine.hidden and [f.name for f in mine.items] == [scene.label(state.game, state.view(0), c)
                                                                for c in state.hands[0]]
    assert theirs.hidden and theirs.items == [] and theirs.count == len(state.hands[1])
    assert [c.value for seat in seen.seats for c in seat.counters] == [5, 5, 5]
    assert seen.status[0].id == "brawl.doing.main" and seen.pending is not None
    assert seen.pending.prompt.id == "brawl.prompt.main" and seen.pending.default == "end"


def test_a_face_up_card_shows_its_text_and_a_scene_without_fields_its_label_alone():
    state = Brawl().new_state(0)
    seen = state.scene(0)
    card = state.hands[0][0]
    face = seen.area("hand0").items[0]
    text = " ".join(a.text for a in state.card(card).abilities if a.text)
    assert face.kind == "card" and [(f.key, f.value) for f in face.fields] == [("text", text)] and text
    assert [(t.kind, t.places) for t in seen.templates] == [("card", {"text": "text"})]
    bare = declaring(sides={"hand": "row"})().new_state(0).scene(0)
    assert bare.area("hand0").items[0].fields == [] and bare.templates == []


def test_a_spell_on_the_stack_and_the_priority_window_are_shown_to_everyone():
    state = Brawl().new_state(0)
    cast = next(a for a in state.legal_actions() if isinstance(a, Cast))
    state.apply(cast, 0)
    for viewer in (None, 1):
        seen = state.scene(viewer)
        assert [item.face.ref for item in seen.stack] == [refs.card(cast.card)]
        assert seen.window is not None and seen.window.holder == 0 and seen.window.label is not None
    state.apply(PASS, 0)
    assert state.scene(1).window is not None and state.scene(1).window.holder == 1


def test_a_draw_names_its_card_to_its_player_only_and_the_cast_at_a_player_names_them():
    state = Brawl().new_state(0)
    draws = [s for s in state.scene(0, 0).log if s.args.get("player") == refs.player(1)]
    assert {s.id for s in draws} == {"brawl.draw.hidden"} and all("card" not in s.args for s in draws)
    own = [s for s in state.scene(1, 0).log if s.args.get("player") == refs.player(1)]
    assert {s.id for s in own} == {"brawl.draw"} and all("#" in s.args["card"] for s in own)
    state = Brawl().new_state(1)  # player 0 holds a Spark, cast at a player
    at = next(a for a in state.legal_actions() if isinstance(a, Cast) and a.target is not None)
    assert at.target.kind is refs.Kind.PLAYER
    cursor = state.event_count()
    state.apply(at, 0)
    said = state.scene(2, cursor).log[0]
    assert said.id == "brawl.cast_at" and said.args["target"] == at.target


def test_every_sentence_of_the_declared_scene_has_its_english():
    state, game = Brawl().new_state(3), Brawl()
    while not state.is_terminal:
        state.apply(state.legal_actions()[-1], state.to_move)
    for viewer in (None, 0, 1, 2):
        seen = state.scene(viewer)
        assert {s.id for s in seen.log + seen.status} <= set(game.messages())


def declaring(**declared: object) -> type[Brawl]:
    module = SimpleNamespace(MESSAGES=scene.MESSAGES, SCENE=SceneSpec(**declared))  # type: ignore[arg-type]
    return type("Misdeclared", (Brawl,), {"scene_module": module})


def test_a_declared_zone_the_state_lacks_is_refused_when_the_game_is_made():
    with pytest.raises(ValueError, match="scene: no zone 'graveyard' per player in the state .*hand"):
        declaring(sides={"hand": "row", "graveyard": "pile"})()


def test_a_declared_counter_the_state_lacks_is_refused_when_the_game_is_made():
    with pytest.raises(ValueError, match="scene: no field 'mana' in the state .*life"):
        declaring(sides={"hand": "row"}, counters=("mana",))()
