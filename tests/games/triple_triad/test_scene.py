"""Triple Triad's scene as a table draws it: every card by the ``tt-card`` template, the
areas' roles, every legal move pointing at what is drawn, the changes a move made (its flips
with their rule) and a log in plain words."""

from __future__ import annotations

import re

import pytest
from tests.games.scene_checks import unclickable

import tcgkit
from tcgkit.games.triple_triad import TripleTriadState
from tcgkit.games.triple_triad.scene import CARD, CELL_NAMES
from tcgkit.kernel import refs
from tcgkit.kernel.rng import Rng
from tcgkit.kernel.scene import Scene
from tcgkit.terminal.render import Renderer
from tcgkit.terminal.seats import Seats

from .helpers import after, position

RULES = {"same": True, "plus": True, "combo": True, "elemental": True, "sudden_death": True, "trade": "one"}
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]")


def played(seed: int, moves: int, **options: object) -> TripleTriadState:
    """A seeded game after ``moves`` random legal moves (fewer if it ends first)."""
    state = tcgkit.load_game("triple-triad", {**RULES, **options}).new_state(seed=seed)
    assert isinstance(state, TripleTriadState)
    rng = Rng(seed)
    for _ in range(moves):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()), state.to_move)
    return state


def assert_moves_drawn(scene: Scene) -> None:
    assert scene.moves
    assert not unclickable(scene)


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("moves", [0, 3, 6])
def test_every_legal_move_points_at_cards_and_cells_the_table_draws(seed, moves):
    state = played(seed, moves)
    scene = state.scene(state.to_move)
    assert_moves_drawn(scene)
    for move in scene.moves:  # the card, then the cell: the order a player clicks
        assert [r.kind for r in move.refs] == [refs.Kind.CARD, refs.Kind.CELL]


@pytest.mark.parametrize("seed", [1, 4, 7])
def test_the_winner_takes_a_card_by_clicking_one_of_the_losers_faces(seed):
    state = played(seed, 40, trade="difference", sudden_death=False)
    for _ in range(5):  # every pick the trade owes
        if state.is_terminal:
            break
        assert state.decisions[-1].kind == "take"
        scene = state.scene(state.to_move)
        assert_moves_drawn(scene)
        state.apply(state.legal_actions()[0], state.to_move)


def test_every_face_on_the_board_and_in_both_hands_is_a_tt_card():
    state = played(2, 4, open=True)
    scene = state.scene(0)
    (template,) = scene.templates
    assert template.kind == CARD and template.art == "element"
    assert template.places == {"top": "top", "right": "right", "bottom": "bottom", "left": "left",
                               "element": "badge", "level": "corner"}  # the number: only in the zoom
    roles = [(a.key, a.role) for a in scene.areas]
    assert roles == [("board", "board"), ("hand1", "hand"), ("hand0", "hand")]
    faces = [f for a in scene.areas for f in a.items if f is not None]
    assert len(faces) == 10
    for face in faces:
        assert face.kind == CARD and face.owner in (0, 1)
        card = state.game.cards.find(face.name)
        fields = {shown.key: shown.value for shown in face.fields}
        edges = ["A" if v == 10 else str(v) for v in card.values]
        assert [fields[k] for k in ("top", "right", "bottom", "left")] == edges
        assert (fields["level"], fields["number"]) == (card.level, card.number)
        assert fields["element"] == (card.element_name or None)


def changes_and_log(state: TripleTriadState, since: int) -> tuple[list[tuple], list[str]]:
    scene = state.scene(0, since)
    changes = [(c.kind, c.card and state.game.cards[c.card.id].name, c.target, c.player, c.key)
               for c in scene.changes]
    return changes, Renderer(state.game, Seats.versus(0, "AI")).lines(scene.log)


SAME = ("triple-triad rules={rules} board=-/9:1/-/7:1/-/21:1/-/-/12:0 hands=45,10,14/13,15,16 "
        "decks=45,10,14,12,9/7,21,13,15,16 turn=0")


def test_a_placement_flipping_by_same_and_plus_lists_each_flipped_card_with_its_rule():
    # Iron Giant (6/5/6/5) at 4: Blood Soul above (6 = 6) and Gesper left (5 = 5) match: Same;
    # Jelleye right sums 5 + 7 = 12 as Blood Soul does 6 + 6: Plus
    since = position(SAME.format(rules="same,plus")).event_count()
    state = after(SAME.format(rules="same,plus"), "Iron Giant@4")
    changes, log = changes_and_log(state, since)
    assert changes == [("placed", "Iron Giant", refs.cell(4), 0, ""),
                       ("flipped", "Blood Soul", refs.cell(1), 0, "same"),
                       ("flipped", "Jelleye", refs.cell(5), 0, "plus"),
                       ("flipped", "Gesper", refs.cell(3), 0, "same")]
    assert log == ["You (Blue) play Iron Giant at centre; flips Blood Soul, Gesper (Same); "
                   "flips Jelleye (Plus)"]
    since = position(SAME.format(rules="same")).event_count()
    changes, log = changes_and_log(after(SAME.format(rules="same"), "Iron Giant@4"), since)
    assert [c[1] for c in changes if c[0] == "flipped"] == ["Blood Soul", "Gesper"]
    assert log == ["You (Blue) play Iron Giant at centre; flips Blood Soul, Gesper (Same)"]


PLUS = ("triple-triad rules={} board=-/81:1/-/25:1/-/21:1/-/-/12:0 hands=1,10,14/13,15,16 "
        "decks=1,10,14,12,81/25,21,13,15,16 turn=0")


def test_one_equal_side_alone_is_plus_not_same():
    # Geezard at 4: MiniMog above sums 10, Tri-Face left sums 10 with equal sides (5 = 5),
    # but one match is not Same: both flip by Plus
    since = position(PLUS.format("same,plus")).event_count()
    state = after(PLUS.format("same,plus"), "Geezard@4")
    changes, log = changes_and_log(state, since)
    assert [c for c in changes if c[0] == "flipped"] == [("flipped", "MiniMog", refs.cell(1), 0, "plus"),
                                                        ("flipped", "Tri-Face", refs.cell(3), 0, "plus")]
    assert log == ["You (Blue) play Geezard at centre; flips MiniMog, Tri-Face (Plus)"]


def test_basic_flips_name_no_rule_and_a_move_without_flips_says_none():
    state = position(PLUS.format("-"))
    since = state.event_count()
    state = after(PLUS.format("-"), "Geezard@2")  # top right: touches MiniMog and Jelleye
    changes, log = changes_and_log(state, since)
    assert changes[0] == ("placed", "Geezard", refs.cell(2), 0, "")
    assert all(c[4] == "" for c in changes)
    assert log[0].startswith("You (Blue) play Geezard at top right")
    assert "basic" not in log[0] and "flips 0" not in log[0]


@pytest.mark.parametrize("seed", range(6))
def test_the_english_log_of_a_whole_game_is_plain_words(seed):
    state = played(seed, 60)
    assert state.is_terminal
    scene = state.scene(0)
    lines = Renderer(state.game, Seats.versus(0, "AI")).lines(scene.log)
    assert any(" at " in line for line in lines)
    for line in lines:
        assert not CJK.search(line) and "@" not in line, line
        assert "basic" not in line and "same/plus" not in line and "flips 0" not in line, line
    names = tuple(card.name for card in state.game.cards.cards)
    for flip in [line for line in lines if "flips " in line]:  # a flip names the card, not a cell
        for listed in re.findall(r"flips ([^;(]+)", flip):
            assert listed.startswith(names), flip
    assert all(c.card is not None for c in scene.changes if c.kind == "flipped")
    placed = sum(c.kind == "placed" for c in scene.changes)
    assert placed == sum(e["kind"] == "place" for e in state.events_since(0, 0))


def test_a_flip_before_a_sudden_death_restart_names_its_cell():
    """The last step of a drawn game restarts it: the board it flipped on is no longer shown,
    so its flips say the cell (and the rule), never a wrong card."""
    for seed in range(200):
        state = played(seed, 8, same=False, plus=False, combo=False, elemental=False)
        if state.is_terminal:
            continue
        since = state.event_count()
        state.apply(Rng(seed).choice(state.legal_actions()), state.to_move)
        events = state.events_since(since, 0)
        if any(e["kind"] == "start" for e in events) and any(e["kind"] == "flip" for e in events):
            break
    else:
        pytest.skip("no seed restarts after a flip")
    changes, log = changes_and_log(state, since)
    flips = [c for c in changes if c[0] == "flipped"]
    assert flips and all(c[1] is None for c in flips)
    cells = {CELL_NAMES[c[2].id] for c in flips}
    assert any(cell in log[0] for cell in cells), log
