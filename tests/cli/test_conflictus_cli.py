"""Conflictus Aeternus in the terminal, drawn by the one renderer from the game's scenes: every
viewer's table (hands only their owner's), a sentence for every event, a position drawn line by
line, the card table, the rules line and positions."""

from __future__ import annotations

import io
import json
import re

import pytest
from rich.console import Console

import tcgkit
from tcgkit.games.conflictus.actions import Sacrifice
from tcgkit.kernel.errors import NotationError
from tcgkit.kernel.rng import Rng
from tcgkit.terminal.game_support import rules_line
from tcgkit.terminal.render import Renderer
from tcgkit.terminal.seats import Seats


def text_of(renderable) -> str:
    out = io.StringIO()
    Console(file=out, width=200, color_system=None).print(renderable)
    return out.getvalue()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_table_shows_each_player_only_their_own_hand_and_every_event_is_a_sentence(players):
    game = tcgkit.load_game("conflictus", players=players)
    state = game.new_state(players)
    rng = Rng(players)
    renderer = Renderer(game, Seats.numbered(players))
    shown = 0
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()), state.to_move)
        if rng.below(40) == 0:
            for viewer in [*range(players), None]:
                table = " ".join(text_of(renderer.table(state.scene(viewer, state.event_count()))).split())
                assert f"Rodada {state.round}" in table or state.phase == "mulligan"
                for p in range(players):
                    for c in state.hand[p]:  # a card in a hand is nowhere else on the table
                        shown_here = re.search(re.escape(state.label(c)) + r"(?!\d)", table) is not None
                        assert shown_here == (p == viewer), (viewer, state.label(c))
                shown += 1
    assert shown > 0
    for viewer in [*range(players), None]:
        lines = renderer.news(state.scene(viewer, 0))
        assert lines and not [line for line in lines if line.startswith("ca.")]
    assert any("is out of the game" in line for line in renderer.news(state.scene(None, 0)))


def test_a_position_is_drawn_side_by_side_with_the_rodada_the_attack_and_the_stack():
    game = tcgkit.load_game("conflictus", players=2, first_player=0)
    state = game.new_state(9)
    rng = Rng(9)
    while not (state.blocks and state.res.stack) and not state.is_terminal:
        legal = state.legal_actions()  # at random, but keeping the board: no sacrifice
        state.apply(rng.choice([a for a in legal if not isinstance(a, Sacrifice)] or legal), state.to_move)
    assert state.blocks and state.res.stack
    renderer = Renderer(game, Seats.versus(1, "greedy"))
    table = renderer.table(state.scene(1, state.event_count()))
    lines = [line.rstrip() for line in text_of(table).splitlines()]
    everything = " ".join(" ".join(lines).split())
    (attacker, (warrior, target)), = state.attackers.items()
    blocker, blocking = state.blocks[attacker]
    counts = ", ".join(f"{zone} {len(getattr(state, zone.lower())[0])}" for zone in
                       ("mons", "hand", "Mortis", "Exterminatus"))
    assert lines[0].startswith(f"greedy (Blue): {counts} | You (Red): mons ")
    assert lines[1].startswith(f"Rodada {state.round}: ")
    assert f"set#{attacker} ({state.label(warrior)}) attacks {'You (Red)' if target else 'greedy (Blue)'}, " \
           f"blocked by set#{blocker} ({state.label(blocking)})" in lines
    assert lines.index("greedy (Blue)") < lines.index("You (Red)")  # the viewer's side last
    assert sum(line.strip().startswith("Sources") for line in lines) == 2
    assert all(f"{state.label(c)} ({'used' if c in state.used else 'free'})" in everything
               for c in state.field[0] + state.field[1])
    rec = state.sets[attacker]
    stats = " ".join(f"{short} {state.stat(warrior, name)}" for name, short in
                     (("attack", "atk"), ("defense", "def"), ("tombo", "tombo")))
    at = next(i for i, line in enumerate(lines) if line.startswith(f"  set#{attacker} "))  # a row of its side
    row = lines[at]
    for line in lines[at + 1:]:  # a long row goes on in lines whose first column is empty
        if line[:3].strip():
            break
        row += " " + line.strip()
    assert f"{state.label(warrior)} {stats}" in row and f"sources {len(rec.sources)}" in row
    assert sum(line.strip().startswith("Hand") for line in lines) == 1  # the viewer's own only
    assert all(state.label(c) in everything for c in state.hand[1])
    waiting = ", ".join(state.label(f.source) for f in state.res.stack)
    assert lines[-1] == f"On the stack (top last): {waiting}"


def test_cards_rules_line_and_positions():
    game = tcgkit.load_game("conflictus", players=3, mulligan="turn_order")
    table = game.card_table()
    assert len(table.rows) == len(game.cards) and {r["class"] for r in table.rows} >= {"fonte", "guerreiro"}
    assert {c.label for c in table.columns} == {"card", "faction", "class", "cost", "atk/def/tombo", "text"}
    golem = next(r for r in table.rows if r["name"] == "Golem de Pedra")
    assert golem["stats"] == f"{golem['attack']}/{golem['defense']}/{golem['tombo']}"
    assert rules_line(game) == ("3 players; mons of 50; at most 4 copies; Light and Shadow may mix; "
                                "turn order mulligans; attack any opponent")
    assert rules_line(tcgkit.load_game("conflictus", opening_hand=7, round_limit=90)).endswith(
        "attack any opponent; opening hand 7; a draw after 90 rodadas")
    state = game.new_state(4)
    again = type(game).game_for_position(state.to_notation())
    assert again.num_players == 3 and again.options.mulligan == "turn_order"
    assert again.state_from_notation(state.to_notation()).to_json() == state.to_json()
    with pytest.raises(NotationError, match="not JSON"):
        type(game).game_for_position("conflictus {")


def test_cards_are_listed_with_their_stats_and_as_json(run):
    shown = run("cards", "conflictus", "--no-color")
    assert shown.exit_code == 0, shown.output
    assert "Conflictus Aeternus cards (" in shown.stdout and "atk/def/tombo" in shown.stdout
    rows = json.loads(run("cards", "ca", "--json").stdout)
    assert {"id", "name", "faction", "class", "cost", "attack", "defense", "tombo", "acumular",
            "text"} <= set(rows[0])


def test_help_tells_what_each_move_does(run, home):
    """A Main phase with a Mago Iluminado and a Fhaonna in hand and two free Light sources: help
    tells each warrior's cost and stats (and text), from the scene."""
    game = tcgkit.load_game("conflictus", first_player=0)
    aurora = tcgkit.load_game("conflictus").named_decks()["aurora"]
    state = game.new_state(3, [aurora, aurora])
    while state.pending.kind == "mulligan":
        state.apply(state.legal_actions()[0], state.to_move)  # keep

    def take(name, zone):
        c = next(c for c in state.mons[0] if state.card(c).name == name)
        state.mons[0].remove(c)
        getattr(state, zone)[0].append(c)
        return state.label(c)

    mago, fhaonna = take("Mago Iluminado", "hand"), take("Fhaonna", "hand")
    take("Fonte de Luz", "field")
    take("Fonte de Luz", "field")
    state.legal = None
    result = run("play", "conflictus", "--position", state.to_notation(), "--as", "0", "--vs", "random",
                 "--no-color", input="help\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Commands: help, hint, card NAME, rules, undo, board, log, autopass, quit" in out
    flat = " ".join(out.split())  # help wraps its lines at the terminal's width, between words
    assert f" play {mago} pay L1: {mago}: warrior, cost 1 Light, attack 1, defence 2, tombo 1 " in flat
    assert f" play {fhaonna} pay L2: {fhaonna}: warrior, cost 2 Light, attack 2, defence 3, tombo 1: " \
           "On entering: draw 1 card. " in flat
    assert all(len(line) <= 80 for line in out.splitlines() if line.startswith("  "))
