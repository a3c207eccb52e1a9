"""The scene as a table draws it: every legal move points at things the table draws (card faces,
what stands on a cell, the cells, players) in the order a player clicks them, or says what it
does in a note; the parties stand on their terrain with their owners; a march and a battle
come as changes (the cells moved between, the dice with their faces, the damage); the English
log speaks English only and the Chinese has no katakana."""

from __future__ import annotations

import re
from collections import defaultdict
from itertools import chain

from tcgkit.games.monster_collection.cards import KINDS
from tcgkit.games.monster_collection.scene import MESSAGES, extra_zh
from tcgkit.kernel import refs
from tcgkit.kernel.rng import Rng
from tcgkit.kernel.words import Words, folder_of
from tcgkit.terminal.render import Renderer
from tcgkit.terminal.seats import Seats

from .helpers import act, cell, dice, find, ground, moves, put, start, take, to_hand, to_main

CJK = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")
KATAKANA = re.compile(r"[\u30a0-\u30ff]|対")  # 対: the Japanese form of 對


def drawn(scene) -> set:
    """Every ref the table draws: faces in areas, faces standing on cells, cells, the stack, seats."""
    out = {refs.player(s.player) for s in scene.seats}
    for area in scene.areas:
        out.update(area.refs)
        out.update(f.ref for f in area.items if f is not None and f.ref is not None)
        out.update(f.ref for faces in area.standing for f in faces if f.ref is not None)
    out.update(item.face.ref for item in scene.stack if item.face.ref is not None)
    return out


def mid_game_scenes(seed: int, count: int):
    """The scenes of the player to move in the first ``count`` steps of a random game of ``seed``."""
    state = start(seed=seed)
    rng = Rng(seed)
    taken = 0
    while not state.is_terminal and taken < count:
        player = state.to_move
        actions = state.legal_actions()
        taken += 1
        yield state, state.scene(player)
        state.apply(rng.choice(actions), player)


def a_spell_to_cast():
    """Player 1's Acolyte marches on player 0's River Crab with Sunburst in hand: cast or attack."""
    state = start(decks=("tide_wings", "dawn_and_dusk"))
    to_main(state)
    ground(state, 1, "2")
    ground(state, 0, "E2", who=1)
    crab = put(state, 0, "River Crab", "E2", who=1)
    acolyte = put(state, 1, "Acolyte", "2")
    sunburst = to_hand(state, 1, "Sunburst")
    dice(state, 6, 1)  # player 1 wins the initiative
    act(state, f"march to E2: {state.name(acolyte)}")
    while state.decisions[-1].kind in ("instant", "formation"):
        act(state, "pass" if state.decisions[-1].kind == "instant" else moves(state)[0])
    assert f"cast {state.name(sunburst)} at {state.name(crab)}" in moves(state)
    return state


def test_every_legal_move_points_at_what_the_table_draws_or_says_what_it_does():
    kinds: set[str] = set()
    spell = a_spell_to_cast()  # random games seldom cast one
    games = (mid_game_scenes(seed, 300) for seed in (2, 5, 9))
    positions = chain([(spell, spell.scene(spell.to_move))], *games)
    for state, scene in positions:  # each game's state moves on as its scenes are read
        shown = drawn(scene)
        board = scene.area("board")
        by_refs = defaultdict(list)
        for move, action in zip(scene.moves, state.legal_actions(), strict=True):
            kinds.add(type(action).__name__)
            assert set(move.refs) <= shown, (move.notation, move.refs)
            assert move.refs or move.note is not None, move.notation
            by_refs[frozenset(move.refs)].append(move)
            if type(action).__name__ == "March":  # creatures, then the terrain they march to
                *creatures, target = move.refs
                assert target.kind is refs.Kind.CELL and board.items[target.id] is not None
                standing = {f.ref for faces in board.standing for f in faces}
                assert creatures and set(creatures) <= standing
        for moves_here in by_refs.values():  # a click sequence leaving several: a menu of notes
            if len(moves_here) > 1:
                assert all(m.note is not None for m in moves_here), [m.notation for m in moves_here]
    assert {"March", "Summon", "Place", "Proxy", "Cast", "Equip", "End", "Discard", "Refill"} <= kinds, kinds


def test_a_march_menu_names_the_creatures_that_go():
    state = start(decks=("dawn_and_dusk", "flame_legion"))
    to_main(state)
    assert state.to_move == 1
    ground(state, 1, "2")
    imp = put(state, 1, "Ember Imp", "5")
    hound = put(state, 1, "Cinder Hound", "5")
    scene = state.scene(1)
    english = Renderer(state.game, Seats.numbered(2))
    clicked = {refs.card(imp), refs.cell(cell(1, "2"))}
    menu = sorted(english.text(m.note) for m in scene.moves if clicked <= set(m.refs))
    both = ", ".join(sorted((state.name(imp), state.name(hound)), key=lambda name: name.split("#")[1]))
    assert menu == sorted([f"march {state.name(imp)} to 2", f"march {both} to 2"])


def test_parties_stand_on_their_cells_with_their_owners_and_the_grid_shows_every_placer():
    for state, scene in mid_game_scenes(5, 12):
        board = scene.area("board")
        assert board.role == "board" and len(board.standing) == len(board.items)
        for at, faces in enumerate(board.standing):
            want = [(p, state.name(c)) for p in (0, 1) for c in state.parties[at][p]]
            assert [(f.owner, f.name) for f in faces] == want
            face = board.items[at]
            if face is not None:  # face up or down, the placer's colour
                assert face.owner == state.placer[at] and face.kind == "terrain"
        assert {a.role for a in scene.areas} <= {"board", "hand", "play", "pile"}
        assert all(f.kind in KINDS for a in scene.areas for f in a.items if f is not None and f.up)


def battle(state):
    """A Paladin marching on an Earth Wyrm (the dice 6 and 1): the march fails."""
    to_main(state)
    ground(state, 1, "2")
    ground(state, 0, "E2", who=1)
    wyrm = put(state, 0, "Earth Wyrm", "E2", who=1)
    paladin = put(state, 1, "Paladin", "2")
    shield = find(state, 1, "Tower Shield")
    take(state, shield)
    state.gear[paladin] = [shield]
    state.hand[0], state.deck[0] = [], state.hand[0] + state.deck[0]
    state.hand[1], state.deck[1] = [], state.hand[1] + state.deck[1]
    state.legal = None
    dice(state, 6, 1)
    return wyrm, paladin


def test_a_march_and_a_battle_come_as_changes_with_the_cells_and_the_dice():
    state = start(decks=("flame_legion", "dawn_and_dusk"))
    wyrm, paladin = battle(state)
    origin, target = cell(1, "2"), cell(1, "E2")
    since = state.event_count()
    state.apply(state.parse_action(f"march to E2: {state.name(paladin)}", 1), 1)
    marched = state.scene(0, since).changes
    assert [(c.kind, c.card, c.source, c.target) for c in marched if c.kind == "moved"][:1] == [
        ("moved", refs.card(paladin), refs.cell(origin), refs.cell(target))]
    assert ("attacked", 1, refs.cell(target)) in [(c.kind, c.player, c.target) for c in marched]
    for text, player in (("pass", 1), ("attack", 1), ("attack", 0)):
        if text == "pass" and "pass" not in map(str, state.legal_actions()):
            continue  # no instant summon to offer: the timing is not asked (U20), the dice come at once
        state.apply(state.parse_action(text, player), player)
    changes = [c for c in state.scene(0, since).changes
               if not (c.kind == "moved" and c.target == refs.cell(target))]  # the march itself
    assert [(c.player, c.values, c.amount) for c in changes if c.kind == "dice"] == [(1, [6], 5), (0, [1], 0)]
    assert [(c.card, c.amount, c.values) for c in changes if c.kind == "damaged"] == [
        (refs.card(wyrm), 7, [8]), (refs.card(paladin), 7, [11])]
    assert [(c.card, c.source, c.target) for c in changes if c.kind == "moved"] == [
        (refs.card(paladin), refs.cell(target), refs.cell(origin))]


def test_a_rivals_draw_is_a_change_without_the_card():
    state = start(seed=4)
    scene = state.scene(0)
    draws = [c for c in scene.changes if c.kind == "drawn"]
    assert {c.player for c in draws} == {0, 1}
    assert all((c.card is None) == (c.player == 1) for c in draws)
    assert {c.card.id for c in draws if c.card is not None} <= set(state.hand[0]) | set(state.deck[0])


def test_the_english_log_of_a_whole_game_has_no_chinese_and_the_chinese_no_katakana():
    state = start(seed=6)
    rng = Rng(6)
    notes = []
    while not state.is_terminal:
        player = state.to_move
        notes += [m.note for m in state.scene(player).moves if m.note is not None]
        state.apply(rng.choice(state.legal_actions()), player)
    english = Renderer(state.game, Seats.numbered(2))
    lines = english.news(state.scene(None, 0)) + [english.text(n) for n in notes]
    assert len(lines) > 50 and not [line for line in lines if CJK.search(line)]
    assert not [m.text for m in MESSAGES.values() if CJK.search(m.text) or CJK.search(m.you)]
    chinese = Words(MESSAGES, "zh", (folder_of(state.game),))
    assert len(chinese.translated) == len(MESSAGES)
    assert not [k for k, m in chinese.catalogue.items() if KATAKANA.search(m.text + m.you)]
    assert not [c.name for c in state.game.cards if KATAKANA.search(extra_zh(c).replace(c.text_zh or "", ""))]
