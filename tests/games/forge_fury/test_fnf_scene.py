"""Forge & Fury's scene as a table draws it: its cards by the ``fnf-card`` template, the
areas' roles, every legal move clickable (a card) or told in words (a colour, a sign), the
changes of a round, and a log in plain words."""

from __future__ import annotations

import re

import pytest
from tests.games.scene_checks import unclickable

import tcgkit
from tcgkit.games.forge_fury.scene import CARD
from tcgkit.kernel.game import State
from tcgkit.kernel.rng import Rng
from tcgkit.terminal.render import Renderer
from tcgkit.terminal.seats import Seats

CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]")


def played(seed: int, moves: int, **options: object) -> State:
    state = tcgkit.load_game("forge-fury", dict(options)).new_state(seed=seed)
    rng = Rng(seed)
    for _ in range(moves):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()), state.to_move)
    return state


@pytest.mark.parametrize("minigame", ["rps", "odd_even"])
@pytest.mark.parametrize("seed", [1, 2])
def test_every_legal_move_is_a_drawn_card_or_a_move_told_in_words(seed, minigame):
    state = played(seed, 0, minigame=minigame)
    kinds = set()
    for _ in range(60):  # every decision of the first rounds: mini-game, colour, picks
        if state.is_terminal:
            break
        mover = state.to_move
        scene = state.scene(mover)
        assert not unclickable(scene)
        if scene.moves[0].note is not None:
            words = Renderer(state.game, Seats.versus(mover, "AI")).say(scene.moves[0].note)
            assert words and "." not in words.split()[0], words  # a sentence, not a message id
        kinds.add(state.decisions[-1].kind)
        state.apply(Rng(seed).choice(state.legal_actions()), mover)
    assert {"colour", "pick"} <= kinds and kinds & {"rps", "show"}


def test_every_card_face_is_drawn_by_the_template_and_every_area_has_a_role():
    state = played(3, 12)
    scene = state.scene(0)
    (template,) = scene.templates
    assert template.kind == CARD
    assert template.places == {"green": "stats", "red": "stats", "blue": "stats", "rarity": "badge"}
    roles = {a.key: a.role for a in scene.areas}
    assert roles == {"deck1": "pile", "pick1": "play", "recovery1": "pile", "conquest1": "pile",
                     "deck0": "pile", "pick0": "play", "recovery0": "pile", "conquest0": "pile",
                     "hand1": "hand", "hand0": "hand"}
    faces = [f for a in scene.areas for f in a.items if f is not None]
    assert scene.area("hand0").items and faces
    for face in faces:
        assert face.kind == CARD
        if face.up:
            fields = [(s.key, s.style[0]) for s in face.fields]
            assert fields == [("green", "colour:green"), ("red", "colour:red"), ("blue", "colour:blue"),
                              ("rarity", f"rarity:{face.fields[3].value}")]


def test_a_round_shows_the_picks_played_revealed_and_won():
    state = played(1, 0)
    while state.decisions[-1].kind != "pick":
        state.apply(Rng(1).choice(state.legal_actions()), state.to_move)
    since = state.event_count()
    while state.decisions and state.decisions[-1].kind == "pick":
        state.apply(state.legal_actions()[0], state.to_move)
    scene = state.scene(0, since)
    kinds = [c.kind for c in scene.changes]
    assert kinds[:4] == ["played", "played", "revealed", "revealed"]
    own = next(c for c in scene.changes if c.kind == "played" and c.player == 0)
    assert own.card is not None and (own.source, own.target) == ("hand0", "pick0")
    revealed = [c.card for c in scene.changes if c.kind == "revealed"]
    assert all(revealed)
    if "moved" in kinds:  # not a tie: the winner takes both picks and two points
        won, lost, points = [c for c in scene.changes if c.kind in ("moved", "counter")]
        w = won.player
        assert (won.card, won.target) == (revealed[w], f"recovery{w}")
        assert (lost.card, lost.target) == (revealed[1 - w], f"conquest{w}")
        assert (points.player, points.amount, points.key) == (w, 2, "score")
    else:
        assert state.decisions[-1].kind in ("rps", "show", "call")


@pytest.mark.parametrize("seed", range(4))
def test_the_english_log_of_a_whole_game_is_plain_words(seed):
    state = played(seed, 2000)
    assert state.is_terminal
    scene = state.scene(0)
    lines = Renderer(state.game, Seats.versus(0, "AI")).lines(scene.log)
    assert any(line.startswith("Reveal on ") for line in lines)
    for line in lines:
        assert not CJK.search(line) and "@" not in line, line
        assert "fnf." not in line and "None" not in line, line
    hidden = {c.card for c in scene.changes if c.player == 1 and c.kind in ("drawn", "played")}
    assert hidden == {None}  # the rival's draws and sealed picks name no card
