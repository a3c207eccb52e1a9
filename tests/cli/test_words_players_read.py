"""Words a player reads (issue 28, the last section): each test failed before its fix."""

from __future__ import annotations

import re

import pytest

from tcgkit.games.conflictus import Conflictus
from tcgkit.games.conflictus.scene import log
from tcgkit.terminal.render import Renderer
from tcgkit.terminal.seats import Seats

from .helpers import plan_vs_ai


def read(*events: dict) -> list[str]:
    return Renderer(Conflictus(), Seats.versus(0, "greedy")).lines(log(events))


def test_the_opening_hands_are_one_line_a_player_not_one_a_card():
    mine = [{"kind": "draw", "player": 0, "card": f"Golem de Pedra#{i}"} for i in range(6)]
    theirs = [{"kind": "draw", "player": 1} for _ in range(6)]
    assert read(*mine, *theirs, {"kind": "draw", "player": 1}, {"kind": "keep", "player": 0},
                {"kind": "draw", "player": 0, "card": "Fhaonna#9"}) == [
        "You (Blue) draw 6 cards: " + ", ".join(f"Golem de Pedra#{i}" for i in range(6)) + ".",
        "greedy (Red) draws 7 cards.", "You (Blue) keep your hand.", "You (Blue) draw Fhaonna#9."]


def test_a_modifier_is_said_in_words_not_by_its_identifier():
    lines = read({"kind": "modified", "card": "Fhaonna#9", "stat": "cannot_block", "amount": 1},
                 {"kind": "modified", "card": "Fhaonna#9", "stat": "cannot_block", "amount": -1},
                 {"kind": "modified", "card": "Fhaonna#9", "stat": "defense", "amount": 2},
                 {"kind": "modified", "card": "Fhaonna#9", "stat": "unblockable", "amount": 1})
    assert lines == ["Fhaonna#9: cannot block.", 'Fhaonna#9: the "cannot block" effect ends.',
                     "Fhaonna#9: +2 defence.", "Fhaonna#9: cannot be blocked."]
    assert not [line for line in lines if "_" in line]


def test_hint_says_the_chance_to_win_and_why_and_no_hidden_card(run, home):
    plan = plan_vs_ai(5)
    first, rest = plan.lines().split("\n", 1)
    result = run("play", "triple-triad", "--no-color", "--seed", "5", "--hand", "auto",
                 input=f"hint\n{first}\nhint\n{rest}")
    assert result.exit_code == 0, result.output
    hints = [part.split("\nYou (Blue) > ")[0] for part in result.stdout.split("Hint (normal): ")[1:3]]
    assert len(hints) == 2
    for hint in hints:
        move, chance, why, others, does = hint.splitlines()
        now, after = map(int, re.fullmatch(r"  Your chance to win: (\d+)% now, (\d+)% after this move\.",
                                           chance).groups())
        assert 0 <= now <= 100 and 0 <= after <= 100
        assert why.startswith("  Why: of 400 games the search played out from what you see, it tried "
                              "this move most")
        listed = re.findall(r"\((\d+)%, tried (\d+) times?\)", others)
        assert others.startswith("  Next best: ") and len(listed) == 3
        visits = [int(v) for _, v in listed]
        assert visits == sorted(visits, reverse=True)
        assert does.startswith("  It does: You (Blue) play " + move.split("@")[0])
    mine, theirs = plan.match.record.decks or [[], []]
    unseen = set(theirs) - set(mine)  # the AI's hand is face down (no Open) until played
    assert unseen and not [name for name in unseen if name in hints[0]]
    conflictus = run("play", "conflictus", "--no-color", "--seed", "1", input="hint\nquit\n")
    assert re.search(r"Your chance to win: \d+% now, \d+% after this move\.", conflictus.stdout)


def test_one_agent_in_both_seats_explains_why_it_has_twice_the_results(run):
    result = run("sim", "tt", "--games", "4", "--agents", "random", "--seed", "1")
    assert result.exit_code == 0, result.output
    assert "4 games" in result.stdout
    assert "random sat in more than one seat: 8 results from 4 games" in " ".join(result.stdout.split())
    two = run("sim", "tt", "--games", "4", "--agents", "random,greedy", "--seed", "1")
    assert "more than one seat" not in two.stdout


def test_ctrl_c_in_sim_says_how_to_keep_and_continue_a_run(run, monkeypatch):
    import tcgkit.cli.sim_command as command

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(command, "run_games", interrupted)
    result = run("sim", "tt", "--games", "4", "--agents", "random,greedy")
    assert result.exit_code == 130
    said = " ".join(result.output.split())
    assert "interrupted: without --out no game is kept" in said
    assert "with --resume plays only the rest" in said


def test_every_option_options_lists_is_one_rules_takes():
    """``options tt`` lists players and the decision limits: ``--rules`` takes them, and an
    unknown rule's "known:" list names them."""
    from tcgkit.games.triple_triad import TripleTriad
    from tcgkit.kernel.errors import OptionsError

    assert TripleTriad.parse_rules("players=2,max_decisions=500") == {"players": 2, "max_decisions": "500"}
    assert TripleTriad(TripleTriad.parse_rules("same,players=2")).num_players == 2
    with pytest.raises(OptionsError, match="exactly 2 players, got 3"):
        TripleTriad(TripleTriad.parse_rules("players=3"))
    with pytest.raises(OptionsError, match="known: .*, players, max_decisions, max_turn_decisions"):
        TripleTriad.parse_rules("nope")


def test_options_and_rules_agree_on_the_command_line(run, home):
    listed = run("options", "tt", "--no-color").stdout
    assert "players" in listed and "max_decisions" in listed
    played = run("play", "tt", "--rules", "players=2", "--hand", "auto", "--seed", "5", "--no-color",
                 input=plan_vs_ai(5).lines())
    assert played.exit_code == 0, played.output


@pytest.mark.parametrize(("game", "card", "limit"), [("ff-tcg", "Fighter", 4), ("conflictus", "Fhaonna", 4),
                                                     ("monster-collection", "Acolyte", 3)])
def test_deck_check_counts_every_copy_over_the_limit(run, tmp_path, game, card, limit):
    deck = tmp_path / "deck.txt"
    deck.write_text(f"{card}\n" * 10)
    said = run("deck", "check", game, str(deck)).output
    assert f"line {limit + 1}: {10 - limit} copies of {card} too many" in said, said
    deck.write_text(f"{card}\n" * (limit + 1))
    assert f"line {limit + 1}: one {card} too many" in run("deck", "check", game, str(deck)).output


def test_a_result_of_more_than_two_players_says_whose_score_is_whose():
    from tcgkit.kernel.game import Outcome

    outcome = Outcome.from_elimination(4, [3, 1], "last player standing").to_json()
    renderer = Renderer(Conflictus({"players": 4}), Seats.numbered(4))
    lines = renderer.outcome(outcome)
    scores = "-".join(f"{s:g}" for s in outcome["scores"])
    said = [line for line in lines if line.startswith(f"The scores {scores} are seat by seat: ")]
    assert said == [f"The scores {scores} are seat by seat: Player 0 (Blue) {outcome['scores'][0]:g}, "
                    f"Player 1 (Red) {outcome['scores'][1]:g}, Player 2 (Green) {outcome['scores'][2]:g}, "
                    f"Player 3 (Yellow) {outcome['scores'][3]:g}."]
    two = Renderer(Conflictus(), Seats.numbered(2)).outcome(Outcome.from_elimination(2, [1], "x").to_json())
    assert not [line for line in two if "seat by seat" in line]


def test_final_fantasy_help_says_what_world_and_attack_mean():
    import random

    from tcgkit.games.ff_tcg import FFTcg

    game = FFTcg()
    state, rng = game.new_state(4), random.Random(4)
    renderer = Renderer(game, Seats.numbered(2))
    said: dict[str, str] = {}
    for _ in range(2000):
        if state.is_terminal or {"world", "attack"} <= {k.rsplit(" ", 1)[-1] for k in said}:
            break
        mover = state.to_move
        for move in state.scene(mover).moves:
            if move.note is not None and move.notation.endswith((" world", " attack")):
                said[move.notation] = renderer.say(move.note)
        state.apply(rng.choice(state.legal_actions()), mover)
    world = next(text for notation, text in said.items() if notation.endswith(" world"))
    attack = next(text for notation, text in said.items() if notation.endswith(" attack"))
    assert "goes into your World: from there it may join an attack" in world
    assert "attacks now: it starts this turn's combat" in attack


def test_a_sweep_error_names_the_card_and_field_not_a_temporary_path(run):
    result = run("sweep", "tt", "--card", "Geezard", "--field", "top", "--values", "1,99", "--games", "2")
    assert result.exit_code != 0
    said = " ".join(result.output.split())
    assert "top=99 for Geezard: line 2, card 'Geezard': field 'top' is 99, not in 1..10" in said, said
    assert "tcgkit-sweep-" not in said and "/tmp" not in said and ".csv" not in said


def test_a_conflictus_refusal_names_the_cost_problem():
    from tests.games.conflictus.helpers import fetch, sources, start

    from tcgkit.games.conflictus.host import label
    from tcgkit.kernel.errors import TcgkitError

    state = start(decks=("abismo", "abismo"))  # player 0's main phase, no source in play
    cultist = fetch(state, 0, "Cultista do Véu")  # a warrior that costs 1 Shadow source
    said: list[str] = []
    for _ in range(2):
        try:
            state.clone().apply(state.parse_action(f"play {label(state, cultist)}", 0), 0)
        except TcgkitError as exc:
            said.append(str(exc))
        sources(state, 0, sombra=1)  # then a free Shadow source, and the play does not say how to pay
    assert "costs 1 Shadow (Sombra) source; you have 0 free Light and 0 free Shadow" in said[0]
    assert "costs 1: pay S1 (L is a free Light source, S a free Shadow one)" in said[1]
    assert not [s for s in said if "is not possible now" in s]


def test_the_table_says_who_p1_is_when_a_move_names_a_player():
    import random

    state, rng = Conflictus().new_state(3), random.Random(2)
    renderer = Renderer(Conflictus(), Seats.versus(0, "greedy"))
    for _ in range(400):
        scene = state.scene(state.to_move, state.event_count())
        if any(" P0" in move.notation or " P1" in move.notation for move in scene.moves):
            break
        assert "In moves, P0 is" not in " ".join(renderer.status(scene))  # only when a move names one
        state.apply(rng.choice(state.legal_actions()), state.to_move)
    assert renderer.status(scene)[-1] == "In moves, P0 is You (Blue), P1 is greedy (Red)"
