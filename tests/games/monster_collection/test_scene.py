"""What a seat sees: the board turned and numbered for the viewer, terrains face down for both,
the parties with their numbers, hands only to their owner, a sentence for every event, and
the terminal table drawn by the one renderer."""

from __future__ import annotations

import io
import re

from rich.console import Console

from tcgkit.games.monster_collection.board import HQ
from tcgkit.kernel.rng import Rng
from tcgkit.terminal.render import Renderer
from tcgkit.terminal.seats import Seats

from .helpers import cell, dice, find, ground, put, start, take, to_main


def text_of(renderable) -> str:
    out = io.StringIO()
    Console(file=out, width=200, color_system=None).print(renderable)
    return out.getvalue()


def test_the_board_is_numbered_from_the_viewers_seat_and_the_hqs_are_face_down():
    state = start()
    english = Renderer(state.game, Seats.numbered(2))
    for viewer, mine, theirs in ((0, 10, 1), (1, 1, 10)):
        board = state.scene(viewer).area("board")
        marks = [english.text(mark) if mark else None for mark in board.cell_marks]
        assert board.turns == {0: 0, 1: 2}
        assert marks[mine] == "5 HQ ≤10" and marks[theirs] == "E5 HQ ≤10"
        assert marks[7 if viewer == 0 else 4] == "2 empty"  # empty ground (空地)
        assert board.items[HQ[0]].up is False and board.items[HQ[0]].name is None


def standing_on(scene, state, player: int, name: str):
    """The faces standing on the cell ``player`` calls ``name``."""
    return scene.area("board").standing[cell(player, name)]


def test_the_cells_parties_and_counters_read_in_the_terminals_language():
    """Every part of the table built from a cell's name and numbers is a sentence, every
    value a word of the game's: ``--lang`` shows them translated, the rulebook's 本陣 kept."""
    state = start(decks=("flame_legion", "dawn_and_dusk"))
    to_main(state)
    ground(state, 1, "2")
    put(state, 1, "Paladin", "2")
    scene = state.scene(0)
    for lang, hq, empty, unacted, creature in (
            ("zh", "5 本陣 ≤10", "E1 空地", "未行動", "生物，步行"),
            ("pt", "5 QG ≤10", "E1 vazia", "não agiu", "criatura, a pé")):
        renderer = Renderer(state.game, Seats.numbered(2), lang)
        board = scene.area("board")
        marks = [renderer.text(mark) if mark else None for mark in board.cell_marks]
        assert hq in marks and empty in marks
        paladin = standing_on(scene, state, 0, "E2")[0]
        assert renderer.text(scene.seats[0].counters[-1].value) == unacted
        assert renderer.field_text(next(f for f in paladin.fields if f.key == "type")).plain == creature
        table = text_of(renderer.table(scene))
        assert not re.search(r"\b(empty|unacted|placed by|party at|walk)\b", table), table


def test_a_party_stands_on_its_terrain_with_level_attack_defence_march_acted_equipment_and_slots():
    state = start(decks=("flame_legion", "dawn_and_dusk"))
    to_main(state)
    ground(state, 1, "2")
    paladin = put(state, 1, "Paladin", "2")
    shield = find(state, 1, "Tower Shield")  # defence +4
    take(state, shield)
    state.gear[paladin] = [shield]
    state.acted.add(paladin)
    scene = state.scene(0)
    english = Renderer(state.game, Seats.numbered(2))
    (face,) = standing_on(scene, state, 0, "E2")
    assert (face.owner, face.kind, face.name, face.marks) == (1, "creature", state.name(paladin), ["acted"])
    fields = {f.key: english.text(f.value) for f in face.fields}
    keys = ("level", "attack", "defence", "type", "element", "acted", "equipment", "free")
    assert {k: fields[k] for k in keys} == {
        "level": "6", "attack": "6", "defence": "11", "type": "creature, walk", "element": "holy",
        "acted": "acted", "equipment": state.name(shield), "free": "0"}
    assert not [a for a in scene.areas if a.key.startswith("party")]  # no boxes below the grid
    gear = scene.area("equipment1")
    assert [f.name for f in gear.items] == [state.name(shield)] and gear.role == "play"
    terrain = scene.area("board").items[cell(1, "2")]
    assert terrain.kind == "terrain" and terrain.owner == 1
    shown = {f.key: f.at for f in terrain.fields}
    assert shown["limit"] == "corner" and shown["control"] is None and shown["placer"] is None
    assert {t.kind for t in scene.templates} == {"creature", "terrain", "equipment", "item", "spell",
                                                 "ritual"}


def test_hands_only_to_their_owner_and_every_event_has_its_sentence():
    state = start(seed=3)
    rng = Rng(3)
    renderer = Renderer(state.game, Seats.numbered(2))
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()), state.to_move)
        if rng.below(30) == 0:
            for viewer in (0, 1, None):
                table = " ".join(text_of(renderer.table(state.scene(viewer, state.event_count()))).split())
                for p in (0, 1):
                    for c in state.hand[p]:
                        shown = re.search(re.escape(state.name(c)) + r"(?!\d)", table) is not None
                        on_board = any(c in party for cell in state.parties for party in cell)
                        assert shown == (p == viewer) or on_board
    for viewer in (0, 1, None):
        lines = renderer.news(state.scene(viewer, 0))
        assert lines and not [line for line in lines if line.startswith("mc.")]


def test_the_end_says_you_win_to_the_winner_and_names_the_winner_to_the_loser():
    state = start(seed=3)
    rng = Rng(3)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()), state.to_move)
    winner = state.result.winner
    assert winner is not None  # this seed's game has a winner
    loser = 1 - winner
    said = {viewer: Renderer(state.game, Seats.versus(viewer, "greedy")).news(state.scene(viewer, 0))[-1]
            for viewer in (winner, loser)}
    colour = Seats.versus(0, "greedy").colour(winner)
    assert said[winner].startswith(f"Game over: You ({colour}) win (")
    assert said[loser].startswith(f"Game over: greedy ({colour}) wins (")


def test_a_battle_is_told_step_by_step():
    state = start(decks=("flame_legion", "dawn_and_dusk"))
    to_main(state)
    ground(state, 1, "2")
    ground(state, 0, "E2", who=1)
    wyrm = put(state, 0, "Earth Wyrm", "E2", who=1)  # 6 / 8, Defender 1, initiative -1
    paladin = put(state, 1, "Paladin", "2")  # 6 / 7, Charge 1
    shield = find(state, 1, "Tower Shield")  # defence +4, initiative -1
    take(state, shield)
    state.gear[paladin] = [shield]
    state.hand[0], state.deck[0] = [], state.hand[0] + state.deck[0]
    state.hand[1], state.deck[1] = [], state.hand[1] + state.deck[1]
    state.legal = None
    dice(state, 6, 1)
    since = state.event_count()
    state.apply(state.parse_action(f"march to E2: {state.name(paladin)}", 1), 1)
    state.apply(state.parse_action("attack", 1), 1)  # no spell: the normal attack
    state.apply(state.parse_action("attack", 0), 0)
    lines = Renderer(state.game, Seats.numbered(2)).news(state.scene(0, since))
    assert lines == [
        f"Player 1 (Red) marches {state.name(paladin)} to 2",
        "Battle at 2: Player 1 (Red) attacks Player 0 (Blue) | instant timing: Player 1 (Red)"
        " | instant timing: Player 0 (Blue) | formation timing: Player 1 (Red)",
        f"Player 1 (Red)'s formation, front to back: {state.name(paladin)}"
        " | formation timing: Player 0 (Blue)",
        f"Player 0 (Blue)'s formation, front to back: {state.name(wyrm)}",
        "initiative Player 1 (Red): die 6 + -1 = 5",
        "initiative Player 0 (Blue): die 1 + -1 = 0",
        "Player 1 (Red) strikes first",
        f"Player 1 (Red)'s first attack: 6 + bonus 1 = 7: {state.name(wyrm)} (defence 8) holds against 7",
        f"Player 0 (Blue)'s second attack: 6 + bonus 1 = 7: {state.name(paladin)}"
        " (defence 11) holds against 7",
        f"Player 1 (Red)'s march into 2 fails; {state.name(paladin)} goes back to E2",
    ]


def card_listing(width: int, lang: str | None = None) -> list[str]:
    """``tcgkit cards mc`` as a terminal ``width`` columns wide (a console of fixed width, as
    the command prints it: soft wrap on)."""
    game = start().game
    out = io.StringIO()
    renderer = Renderer(game, Seats.numbered(2), lang)
    console = Console(file=out, width=width, color_system=None, soft_wrap=True)
    console.print(renderer.card_table(game.card_table()))
    return out.getvalue().splitlines()


def test_the_card_list_reads_whole_at_80_columns_in_english_and_chinese():
    """Nine columns and a card's text do not fit 80 columns: each card takes its fields on one
    line, no word cut, and its text under them across the width."""
    from rich.cells import cell_len

    game = start().game
    for lang, keys in ((None, ("name", "march", "extra")), ("zh", ("zh", "march_zh", "extra_zh"))):
        lines = card_listing(80, lang)
        assert all(cell_len(line) <= 80 for line in lines) and not any("…" in line for line in lines)
        assert lines[1].split() == ["card", "kind", "element", "lv", "atk", "def", "march", "limit"]
        name, march, text = keys
        rows = {row[name]: row for row in game.card_table().rows}
        starts = [i for i, line in enumerate(lines) if re.split(r"\s{2,}", line.strip())[0] in rows]
        assert len(starts) == len(game.cards)  # each card's name whole, at the start of its line
        for at, end in zip(starts, [*starts[1:], len(lines)], strict=True):
            fields = re.split(r"\s{2,}", lines[at].strip())
            row = rows[fields[0]]
            shown = [row[k] for k in (name, "kind", "element", "level", "attack", "defence", march, "limit")]
            assert fields == [str(value) for value in shown if value is not None]
            under = [line for line in lines[at + 1:end] if line.strip()]
            assert all(line.startswith("    ") for line in under)
            glue = "" if lang else " "  # Chinese breaks between any two characters, English at a space
            assert glue.join("".join(under).split()) == glue.join((row[text] or "").split()), row["name"]
        ignis = next(i for i in starts if lines[i].startswith("太陽王伊格尼斯" if lang else "Ignis the Sun"))
        assert ("先制 +2" if lang else "initiative +2") in lines[ignis + 1]


def test_a_terminal_wide_enough_gets_one_column_per_field():
    lines = card_listing(200)
    assert lines[2].split() == ["card", "kind", "element", "lv", "atk", "def", "march", "limit", "abilities"]
    ignis = next(line for line in lines if "Ignis the Sun King" in line)
    assert "initiative +2, Charge +1, items 2, hero 2, spell slots 1" in ignis
