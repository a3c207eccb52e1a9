"""Going out (RULES.md: Vencer): what leaves with a player, whose rodada ends, how the game ends.

Found by mutation testing (docs/kernel.md): each test pins what the other players see when
someone cannot draw or tombar.
"""

from __future__ import annotations

from tcgkit.games.conflictus import Conflictus, ConflictusState
from tcgkit.games.conflictus.actions import Keep
from tcgkit.games.conflictus.cards import shipped_files
from tcgkit.kernel import refs
from tcgkit.kernel.replacements import Shield
from tcgkit.kernel.resolution import Frame, Trigger

from . import test_rules_combat as combat_tests
from .helpers import DECKS, act, fetch, label, next_rodada, pass_until, sources, start, to_phase


def test_a_player_going_out_takes_their_stack_triggers_and_frames_along():
    state = start(players=3)
    mine, theirs = state.hand[0][0], state.hand[2][0]
    state.res.stack += [Frame(0, mine, 0, ()), Frame(2, theirs, 0, ())]
    state.res.triggers += [Trigger(2, theirs, 0), Trigger(0, mine, 0)]
    state.res.frames += [Frame(2, theirs, 0, ()), Frame(0, mine, 0, ())]
    field = [fetch(state, 2, "Fonte de Luz", "field")]
    state.lose(2, "test")
    assert state.flush_out()
    assert state.field[2] == [] and state.exterminatus[2] == field  # cards in play leave the game
    assert [f.player for f in state.res.stack] == [0]
    assert [t.player for t in state.res.triggers] == [0]
    assert [f.player for f in state.res.frames] == [0]
    assert any(e.kind == "out" and e.data == {"player": 2} for e in state.events)


def test_the_last_player_standing_wins_and_players_out_together_draw():
    state = start(players=2)
    state.lose(1, "test")
    state.advance()
    assert state.outcome.winner == 0 and state.outcome.reason == "last player standing"
    assert state.events[-1].kind == "game_over" and state.events[-1].data["winner"] == 0
    assert state.pending is None
    both = start(players=2)
    both.lose(0, "test")
    both.lose(1, "test")
    both.advance()
    assert both.outcome.winner is None and both.outcome.reason == "the last players went out together"


def test_an_attack_on_a_player_who_went_out_is_dropped_and_the_others_stand():
    state = start(players=3, decks=("abismo",) * 3)
    first = combat_tests.ready(state, 0, "Cultista do Véu", sombra=1, pay=" pay S1")
    second = combat_tests.ready(state, 0, "Cultista do Véu", sombra=1, pay=" pay S1")
    combat_tests.ready(state, 0, "Cultista do Véu", sombra=1, pay=" pay S1")  # a third: still declaring
    for _ in range(3):
        next_rodada(state)
    to_phase(state, "attack")
    act(state, f"attack set#{first} P1")
    act(state, f"attack set#{second} P2")
    assert state.pending.kind == "declare"
    state.lose(2, "test")
    state.flush_out()
    assert list(state.attackers) == [first] and state.attackers[first][1] == 1


def test_the_rodada_of_a_player_who_goes_out_ends_with_its_changes_and_its_stack():
    state = start(players=3, decks=("abismo",) * 3)
    warrior = combat_tests.ready(state, 0, "Cultista do Véu", sombra=1, pay=" pay S1")
    next_rodada(state)
    assert state.active == 1
    attack = state.stat(warrior, "attack")
    state.mods.add(warrior, "attack", 2, "end_of_round")
    state.mods.add(warrior, "defense", 1, "permanent")
    defense = state.stat(warrior, "defense")
    state.damage[warrior] = 1
    state.add_shield(Shield(warrior, "destroy", refs.card(warrior), "prevent", until="end_of_round"))
    before = list(state.mortis[0]) + [state.mons[0].pop()]
    state.mortis[0] = before[:]
    on_stack = state.mons[0].pop()
    state.stack[0].append(on_stack)
    state.lose(1, "test")
    state.advance()
    assert 1 in state.out and state.active == 2 and state.phase == "main" and state.round == 3
    assert state.stat(warrior, "attack") == attack and state.stat(warrior, "defense") == defense
    assert state.stack[0] == [] and state.mortis[0] == before + [on_stack]
    assert state.attackers == {} and state.pending.player == 2 and not state.shields.entries


def test_a_trigger_is_logged_and_saved_as_a_trigger_while_it_waits():
    state = start(decks=("crepusculo", "crepusculo"))
    herald = combat_tests.ready(state, 0, "Arauto da Ruína", sombra=3, pay=" pay S3")
    assert any(e.kind == "trigger" and e.data == {"card": label(state, herald), "player": 0}
               for e in state.events)
    assert state.pending.kind == "discard" and state.pending.player == 1
    assert state.to_json()["res"]["frames"][0]["tag"] == "trigger"
    first = state.hand[1][0]
    assert state.default_action(state.pending) == state.legal_actions()[0]
    assert str(state.legal_actions()[0]) == f"discard {label(state, first)}"



def test_a_player_out_is_skipped_in_every_window():
    state = start(players=3)
    state.lose(1, "test")
    state.flush_out()
    holders = []
    for _ in range(2):
        holders.append(state.pending.player)
        act(state, "pass")
    assert holders == [0, 2]


def test_a_player_who_goes_out_while_holding_priority_passes_it_on():
    state = start(players=3)
    act(state, "pass")
    assert state.pending.player == 1 and state.pending.kind == "main"
    state.lose(1, "test")
    state.advance()
    assert state.pending.player == 2 and state.pending.kind == "main" and state.decisions[-1].player == 2



# -- going out while asked --------------------------------------------------------------------
# Card text that makes a player go out and then asks them (or another player) for a choice in the
# same resolution: "a game that ends leaves no pending choice behind, whatever ended it".
RUIN = """
[[card]]
id = "ruina-total"
name = "Ruína Total"
faction = "neutra"
klass = "amuleto"
cost = 1
text = "Cada oponente tomba 3 cartas, depois descarta 1 carta."
[[card.abilities]]
timing = "amulet"
effects = [
    { do = "mill", count = 3, who = "each_opponent" },
    { do = "discard", count = 1, who = "each_opponent" },
]
"""


def _ruin_game(tmp_path, players: int) -> tuple[ConflictusState, int]:
    """Player 0 first, holding Ruína Total and a free Shadow source, in their Main phase."""
    path = tmp_path / "ruina.toml"
    path.write_text(RUIN, encoding="utf-8")
    game = Conflictus(players=players, first_player=0, card_files=(shipped_files()[0].ref, path))
    deck = [*DECKS["crepusculo"][:-1], "Ruína Total"]
    state = game.new_state(0, [deck] * players)
    while state.pending is not None and state.pending.kind == "mulligan":
        state.apply(Keep(), state.to_move)
    ruin = fetch(state, 0, "Ruína Total")
    sources(state, 0, sombra=1)
    return state, ruin


def _mons_left(state, player: int, count: int) -> None:
    while len(state.mons[player]) > count:
        state.mortis[player].append(state.mons[player].pop())


def test_two_players_end_at_once_when_one_goes_out_and_is_then_asked(tmp_path):
    state, ruin = _ruin_game(tmp_path, 2)
    _mons_left(state, 1, 2)
    act(state, f"amulet {label(state, ruin)} pay S1")
    act(state, "pass")
    act(state, "pass")  # Ruína Total resolves: player 1 cannot tombar 3, then would discard
    assert state.outcome is not None and state.outcome.winner == 0
    assert state.pending is None and state.decisions == [] and state.res.asks == []
    state.check_invariants()


def test_a_player_who_goes_out_is_not_asked_and_the_others_answer_on(tmp_path):
    state, ruin = _ruin_game(tmp_path, 3)
    _mons_left(state, 1, 2)
    act(state, f"amulet {label(state, ruin)} pay S1")
    for _ in range(3):
        act(state, "pass")
    assert state.out == {1} and state.outcome is None
    assert [(d.player, d.kind) for d in state.decisions] == [(0, "main"), (2, "discard")]
    assert [a.player for a in state.res.asks] == [2]
    state.check_invariants()
    act(state, f"discard {label(state, state.hand[2][0])}")
    assert (state.pending.player, state.pending.kind) == (0, "main")
    assert state.res.asks == [] and ruin in state.amulets[0]


def test_the_top_ask_of_a_player_who_goes_out_lapses_and_the_one_below_is_asked(tmp_path):
    state, ruin = _ruin_game(tmp_path, 3)
    _mons_left(state, 2, 2)
    act(state, f"amulet {label(state, ruin)} pay S1")
    for _ in range(3):
        act(state, "pass")
    assert state.out == {2} and state.outcome is None
    assert [(d.player, d.kind) for d in state.decisions] == [(0, "main"), (1, "discard")]
    state.check_invariants()


def _blockers_of_both(state: ConflictusState) -> None:
    """Player 0 attacks players 1 and 2; the Block phase asks both (player 1 first)."""
    first = combat_tests.ready(state, 0, "Cultista do Véu", sombra=1, pay=" pay S1")
    second = combat_tests.ready(state, 0, "Cultista do Véu", sombra=1, pay=" pay S1")
    for p in (1, 2):
        act(state, "pass")
        combat_tests.ready(state, p, "Cultista do Véu", sombra=1, pay=" pay S1")
    for _ in range(3):
        next_rodada(state)
    to_phase(state, "attack")
    act(state, f"attack set#{first} P1")
    act(state, f"attack set#{second} P2")
    pass_until(state, "blockers")
    assert [(d.player, d.kind) for d in state.decisions] == [(2, "blockers"), (1, "blockers")]


def test_a_player_who_goes_out_while_declaring_blockers_declares_nothing():
    state = start(players=3, decks=("abismo",) * 3)
    _blockers_of_both(state)
    state.lose(1, "test")
    state.advance()
    assert [(d.player, d.kind) for d in state.decisions] == [(2, "blockers")]
    mons = len(state.mons[2])
    act(state, "done")  # the Block window (no one can play in it), then Damage: player 2 tombas
    assert (state.pending.player, state.pending.kind) == (0, "sacrifice") and len(state.mons[2]) == mons - 1


def test_the_block_window_opens_when_the_last_player_declaring_blockers_goes_out():
    state = start(players=3, decks=("abismo",) * 3)
    _blockers_of_both(state)
    mons = len(state.mons[1])
    act(state, "done")
    state.lose(2, "test")
    state.advance()
    assert state.out == {2} and (state.pending.player, state.pending.kind) == (0, "sacrifice")
    assert len(state.mons[1]) == mons - 1
