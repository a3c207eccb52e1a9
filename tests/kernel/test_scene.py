"""Scenes: typed, JSON both ways, described by the exported schema; the kernel's plain scene."""

import json
from pathlib import Path

import jsonschema
import pytest
from pydantic import ValidationError

from nplayer.highcard import HighCard
from tcgkit.games.triple_triad import TripleTriad
from tcgkit.kernel import Rng, refs
from tcgkit.kernel.scene import Face, Scene, Sentence, messages, say, scene_schema

SCHEMA = Path(__file__).resolve().parents[2] / "docs" / "scene.schema.json"


def played(game, seed: int, steps: int):
    state, rng = game.new_state(seed=seed), Rng(seed)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()), state.to_move)
    return state


def test_the_checked_in_schema_is_the_one_the_kernel_exports():
    # regenerate with: tcgkit scene --schema > docs/scene.schema.json
    assert json.loads(SCHEMA.read_text()) == scene_schema()


@pytest.mark.parametrize("game", [TripleTriad(same=True, plus=True), HighCard(players=3)],
                         ids=["triple-triad", "high-card"])
def test_a_scene_is_json_the_schema_accepts_and_reads_back_the_same(game):
    state = played(game, 3, 4)
    for viewer in (None, *range(game.num_players)):
        data = state.scene(viewer).to_json()
        jsonschema.validate(data, scene_schema())
        assert json.loads(json.dumps(data)) == data
        assert Scene.model_validate(data) == state.scene(viewer)


def test_a_scene_with_a_field_it_does_not_know_is_refused():
    data = played(TripleTriad(), 1, 1).scene(0).to_json()
    data["areas"][0]["colour"] = "red"
    with pytest.raises(ValidationError, match="colour"):
        Scene.model_validate(data)


def test_moves_name_what_they_point_at_and_only_the_decider_sees_the_default():
    state = played(TripleTriad(), 2, 0)
    mover = state.to_move
    scene = state.scene(mover)
    assert scene.moves and all(m.refs[0].kind is refs.Kind.CARD and m.refs[-1].kind is refs.Kind.CELL
                               for m in scene.moves)
    assert scene.pending is not None and scene.pending.player == mover
    assert scene.pending.default in {m.notation for m in scene.moves}
    other = state.scene(1 - mover)
    assert other.moves == [] and other.pending is not None and other.pending.default is None


def test_a_sentence_keeps_references_and_lists_for_the_front_end_to_name():
    sentence = say("tt.place", player=refs.player(1), card="Geezard", cell=4, flipped=(refs.cell(1), 2))
    assert sentence.args["player"] == refs.player(1) and sentence.args["flipped"] == [refs.cell(1), 2]
    assert sentence.model_dump(mode="json")["args"]["player"] == {"kind": "player", "id": 1}
    assert Sentence.model_validate(sentence.model_dump(mode="json")) == sentence


def test_a_catalogue_reads_plain_text_or_a_text_and_its_you_form():
    catalogue = messages({"a": "{player} plays", "b": ("{player} draws", "You draw")})
    assert catalogue["a"].text == "{player} plays" and catalogue["a"].you == ""
    assert catalogue["b"].you == "You draw" and catalogue["b"].subject == "player"


def test_the_plain_scene_shows_a_zone_its_viewer_cannot_see_as_a_count():
    game = HighCard(players=2)
    state = played(game, 5, 0)
    scene = state.scene(0)
    own, other = scene.area("hand0"), scene.area("hand1")
    assert not own.hidden and len(own.items) == own.count > 0
    assert all(isinstance(face, Face) and face.up for face in own.items)
    assert other.hidden and other.items == [] and other.count == own.count
    assert scene.area("stock").hidden and scene.area("stock").count == 20
    with pytest.raises(KeyError, match="no area 'nowhere'; the scene has"):
        scene.area("nowhere")
