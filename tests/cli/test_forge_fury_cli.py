"""Forge & Fury in the terminal: whole games against the AI with moves piped in, hotseat
hand-overs, deck files, --mode, sim with the game's own agents, and replays."""

from __future__ import annotations

import io
import json
import re
from dataclasses import dataclass

from rich.console import Console

import tcgkit
from tcgkit.agents import make_agent
from tcgkit.games.forge_fury.scene import log
from tcgkit.kernel.decks import parse_deck
from tcgkit.kernel.game import Deck
from tcgkit.kernel.replay import verify
from tcgkit.kernel.rng import Rng, derive_seed
from tcgkit.terminal.match import Match
from tcgkit.terminal.play_loop import PlayLoop, agent_choice
from tcgkit.terminal.render import Renderer
from tcgkit.terminal.seats import Seats

from .helpers import saved_record


@dataclass
class Plan:
    moves: list[str]  # what the humans type, in order
    match: Match  # the game played to its end

    def lines(self, *before: str) -> str:
        return "\n".join([*before, *self.moves]) + "\n"

    def label(self, card_id: int) -> str:
        return self.match.game.cards[card_id].label  # type: ignore[attr-defined]


def plan(
    seed: int, *, mode: str = "brasa", vs: str = "greedy", seat: int = 0,
    decks: list[Deck] | None = None, hotseat: bool = False, limit: int | None = None,
) -> Plan:
    """What ``tcgkit play forge-fury --mode MODE --vs VS --seed SEED`` plays when the human
    (both humans with ``hotseat``) always takes the first legal action: to the end, or until
    the human is to move after ``limit`` moves."""
    game = tcgkit.load_game("forge-fury", mode=mode)
    match = Match.new(game, seed, decks)
    ai = make_agent(vs, game)
    moves: list[str] = []
    while not match.state.is_terminal:
        mover = match.state.to_move
        if hotseat or mover == seat:
            if len(moves) == limit:
                break
            action = match.state.legal_actions()[0]
            moves.append(str(action))
        else:
            action = agent_choice(match, mover, ai)
        match.play(action, match.state.to_move)
    return Plan(moves, match)


def play(run, *args: str, input: str = ""):
    return run("play", "forge-fury", "--no-color", *args, input=input)


def test_a_brasa_game_against_the_ai_to_the_end(run, home, tmp_path):
    game_plan = plan(5)
    save = tmp_path / "game.json"
    result = play(run, "--mode", "brasa", "--seed", "5", "--save", str(save),
                  input=game_plan.lines())
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "\x1b[" not in out
    assert out.startswith(
        "Forge & Fury. Mode: brasa (one 50-card deck split, 25 each); "
        "mini-game: rock-paper-scissors\n"
    )
    outcome = game_plan.match.state.outcome
    assert f"{outcome.scores[0]}-{outcome.scores[1]} ({outcome.reason})" in out
    assert "Over after 25 rounds" in out
    assert re.search(r"^You picked .+ #\d{3} in secret$", out, re.M)
    assert "Rival (greedy) picked in secret" in out
    assert re.search(r"^Reveal on (green|red|blue): .+ (\(\d+\) beats|ties) .+", out, re.M)
    assert re.search(r"^(You win|Rival \(greedy\) wins) the round$", out, re.M)
    assert re.search(r"^Rock-paper-scissors: You \w+, Rival \(greedy\) \w+: ", out, re.M)
    assert "The end: " in out
    assert "Rival (greedy)'s hand: 3 cards (hidden)" in out
    assert "rarity" in out and "Your hand" in out
    record = saved_record(save)
    assert record.actions == game_plan.match.actions
    assert record.decks is None  # drawn by the seed
    assert verify(record).outcome == outcome
    # the rival's first pick is nowhere before the reveal that shows it
    first = next(e for e in game_plan.match.state.log if e[0] == "pick" and e[1] == 1)
    label = game_plan.label(first[2])
    reveal = next(line for line in out.splitlines() if line.startswith("Reveal on ") and label in line)
    asked = out.rindex("> ", 0, out.index(reveal))  # the screen after the reveal comes before its line
    assert label not in out[:asked]


def test_the_mixed_ai_answers_piped_moves(run, home, tmp_path):
    game_plan = plan(5, vs="mixed", limit=12)
    save = tmp_path / "game.json"
    result = play(run, "--mode", "brasa", "--vs", "mixed", "--seed", "5", "--save", str(save),
                  input=game_plan.lines())
    assert result.exit_code == 1, result.output  # the piped moves end first: exit 1
    assert "Rival (mixed) picked in secret" in result.stdout
    assert "Input ended. The game is saved in" in result.stdout
    assert saved_record(save).actions == game_plan.match.actions


def test_help_lists_the_moves_and_bad_moves_explain(run, home):
    # as many first moves as it takes to be asked for a colour (how many depends on the deal)
    plans = (plan(5, limit=moves) for moves in range(1, 20))
    game_plan = next(p for p in plans if p.match.state.pending.kind == "colour")
    hand = [game_plan.label(c) for c in game_plan.match.start.hands[0]]
    legal_now = "colour " + " / ".join(str(a).split()[1] for a in game_plan.match.state.legal_actions())
    lines = game_plan.lines("help", "pick zzz", "colour purple") + "help\nquit\n"
    result = play(run, "--mode", "brasa", "--seed", "5", input=lines)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert ("Type a move like rps rock, or one of: help, hint, card NAME, rules, undo, board, log, "
            "autopass, quit.") in out
    assert "Legal moves:\n  rps rock / paper / scissors\n" in out
    assert "no card named 'zzz'" in out
    assert "'colour purple': the colour is one of green, red, blue" in out
    assert f"Legal moves:\n  {legal_now}\n" in out
    for label in hand:
        assert label in out  # your own hand is shown
    assert "You quit." in out


def test_hotseat_hands_over_before_each_secret_turn(run, home):
    game_plan = plan(4, hotseat=True, limit=24)
    result = run("play", "fnf", "--hotseat", "--mode", "brasa", "--seed", "4", "--no-color",
                 input=game_plan.lines())
    assert result.exit_code == 1, result.output  # the piped moves end first: exit 1
    out = result.stdout
    movers = game_plan.match.movers
    changes = sum(a != b for a, b in zip(movers, movers[1:], strict=False))
    assert out.count("Pass to Player ") == changes + 1  # the first turn is handed over too
    assert "Pass to Player 1 (Red), press Enter" in out
    assert "The output is not a terminal, so it cannot be cleared" in out  # said, not pretended
    first_turn = out.split("Pass to Player 1")[0]
    for card in game_plan.match.start.hands[1]:
        assert game_plan.label(card) not in first_turn  # Player 1's hand stays hidden
    assert "Player 1's hand: 3 cards (hidden)" in first_turn
    second_turn = out.split("Pass to Player 1")[1].split("Pass to Player 0")[0]
    assert "Player 0's hand: " in second_turn and "(hidden)" in second_turn
    assert "Player 0 picked in secret" in out or "Player 1 picked in secret" in out
    assert "Input ended." in out
    assert not home.exists()


class Scripted:
    """Stands for a person at the keyboard: Enter at each hand-over, else the next move."""

    interactive = True

    def __init__(self, moves: list[str]) -> None:
        self.moves = list(moves)
        self.prompts: list[str] = []

    def ask(self, prompt: str) -> str | None:
        self.prompts.append(prompt)
        if prompt.startswith("Pass to "):
            return ""
        return self.moves.pop(0) if self.moves else None


def hotseat_loop(game_plan: Plan, console: Console, prompter: Scripted) -> PlayLoop:
    match = Match.new(game_plan.match.game, game_plan.match.seed, None)
    return PlayLoop(match, (0, 1), {}, Seats.numbered(2), console, prompter, hotseat=True,
                    game_name="forge-fury")


def test_hotseat_waits_for_enter_at_a_terminal(home):
    game_plan = plan(4, hotseat=True, limit=24)
    prompter = Scripted(game_plan.moves)
    console = Console(file=io.StringIO(), force_terminal=True, width=120)
    loop = hotseat_loop(game_plan, console, prompter)
    assert loop.run() == "eof"
    passes = [p for p in prompter.prompts if p.startswith("Pass to ")]
    movers = game_plan.match.movers
    assert len(passes) == 1 + sum(a != b for a, b in zip(movers, movers[1:], strict=False))
    assert passes[:2] == ["Pass to Player 0 (Blue), press Enter ", "Pass to Player 1 (Red), press Enter "]
    assert "\x1b[2J\x1b[3J" in console.file.getvalue()  # the screen and the scrollback are cleared
    assert loop.match.actions == game_plan.match.actions


def test_deck_files_for_both_players(run, home, tmp_path):
    mine, theirs = tmp_path / "mine.txt", tmp_path / "theirs.txt"
    run("deck", "build", "fnf", "--seed", "1", "-o", str(mine))
    run("deck", "build", "fnf", "--seed", "2", "-o", str(theirs))
    my_cards = parse_deck(mine.read_text()).cards
    their_cards = parse_deck(theirs.read_text()).cards
    save = tmp_path / "game.json"
    result = play(run, "--deck", str(mine), "--opponent-deck", str(theirs), "--seed", "3",
                  "--save", str(save), input="quit\n")
    assert result.exit_code == 0, result.output
    assert saved_record(save).decks == [my_cards, their_cards]
    second = play(run, "--deck", str(mine), "--opponent-deck", str(theirs), "--seed", "3",
                  "--as", "1", "--save", str(save), "--force", input="quit\n")  # replacing the first
    assert second.exit_code == 0, second.output
    assert saved_record(save).decks == [their_cards, my_cards]


def test_a_missing_deck_is_drawn_by_the_seed(run, home, tmp_path):
    mine = tmp_path / "mine.txt"
    run("deck", "build", "fnf", "--seed", "1", "-o", str(mine))
    save = tmp_path / "game.json"
    result = play(run, "--deck", str(mine), "--seed", "3", "--save", str(save), input="quit\n")
    assert result.exit_code == 0, result.output
    game = tcgkit.load_game("forge-fury")
    drawn = game.sample_decks(Rng(derive_seed(3, 1)))  # what new_state(3, None) draws
    assert saved_record(save).decks == [parse_deck(mine.read_text()).cards, drawn[1]]


def test_brasa_plays_one_deck_file(run, home, tmp_path):
    path = tmp_path / "brasa.txt"
    run("deck", "build", "fnf", "--mode", "brasa", "--seed", "9", "-o", str(path))
    cards = parse_deck(path.read_text()).cards
    game_plan = plan(6, decks=[cards], limit=10)
    save = tmp_path / "game.json"
    result = play(run, "--mode", "brasa", "--deck", str(path), "--seed", "6", "--save", str(save),
                  input=game_plan.lines())
    assert result.exit_code == 1, result.output  # the piped moves end first: exit 1
    record = saved_record(save)
    assert record.decks == [cards]
    assert record.actions == game_plan.match.actions
    assert set(game_plan.match.start.decklists[0] + game_plan.match.start.decklists[1]) == {
        game_plan.match.game.card_id(card) for card in cards
    }
    both = play(run, "--mode", "brasa", "--deck", str(path), "--opponent-deck", str(path))
    assert both.exit_code == 2
    assert "brasa splits one deck between the players" in both.stderr


def test_an_illegal_deck_file_is_refused_with_its_lines(run, home, tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("// header\nGale Witch #001\nGale Witch #001\n")
    result = play(run, "--deck", str(path), "--seed", "1")
    assert result.exit_code == 2
    assert f"{path}: not a legal chama deck: line 3: Gale Witch #001 is already card 1 on line 2" \
        in result.stderr
    assert "(and 1 more; 'tcgkit deck check' lists them)" in result.stderr  # the size: one quote only
    assert len(result.stderr.strip().splitlines()) == 1
    missing = play(run, "--deck", str(tmp_path / "nope.txt"))
    assert missing.exit_code == 1
    assert "cannot read the deck file" in missing.stderr


def test_bad_flags_are_one_line_errors(run, home, tmp_path):
    cases = [
        (["play", "tt", "--mode", "brasa"], "triple-triad has no modes"),
        (["play", "fnf", "--mode", "blitz"], "mode"),
        (["play", "fnf", "--vs", "smart"], "no agent named 'smart' for forge-fury"),
        (["play", "fnf", "--resume", "x.json", "--mode", "brasa"], "--resume carries its own mode"),
        (["play", "tt", "--deck", "x.txt"], "not deck files"),
        (["play", "tt", "--vs", "mixed"], "no agent named 'mixed' for triple-triad"),
        (["sim", "tt", "--mode", "brasa"], "triple-triad has no modes"),
        (["sim", "tt", "--agents", "mixed"], "no agent named 'mixed' for triple-triad"),
    ]
    for args, message in cases:
        result = run(*args, input="")
        assert result.exit_code == 2, (args, result.output)
        assert message in result.stderr, (args, result.stderr)
        assert len(result.stderr.strip().splitlines()) == 1


def test_sim_with_the_games_own_agents(run):
    result = run("sim", "forge-fury", "--mode", "brasa", "--agents", "mixed,greedy", "--games", "1",
                 "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["games"] == 1 and summary["mode"] == "brasa"
    assert [a["agent"] for a in summary["agents"]] == ["mixed", "greedy"]
    chama = run("sim", "fnf", "--mode", "chama", "--agents", "greedy,random", "--games", "2")
    assert chama.exit_code == 0, chama.output
    assert "forge-fury: 2 games, mode chama" in chama.stdout


def test_replay_of_a_forge_fury_record(run, tmp_path):
    game_plan = plan(5)
    path = tmp_path / "game.json"
    game_plan.match.save(path)
    result = run("replay", str(path), "--no-color")
    assert result.exit_code == 0, result.output
    assert "Forge & Fury. Mode: brasa" in result.stdout
    assert "Over after 25 rounds" in result.stdout
    assert "Result:" in result.stdout
    data = json.loads(path.read_text())
    data.update(actions=data["actions"][:20], outcome=None)
    path.write_text(json.dumps(data))
    step = run("replay", str(path), "--step", "--no-color")
    assert step.exit_code == 0, step.output
    lines = step.stdout.splitlines()
    assert any(line.startswith("1. Player 0 threw in secret") for line in lines)
    assert any("Reveal on " in line for line in lines)
    picks = [line for line in lines if re.match(r"(\d+\.| ) +Player \d picked", line)]
    assert picks and all(line.endswith("picked in secret") for line in picks)  # a spectator
    assert "Unfinished after 20 actions" in step.stdout


def test_a_pasted_position_and_the_card_list(run, home):
    game_plan = plan(5)
    start = Match.new(game_plan.match.game, 5, None)
    for action in game_plan.match.actions[:6]:
        start.play(start.state.parse_action(action, start.state.to_move), start.state.to_move)
    position = start.state.to_notation()
    result = play(run, "--position", position, "--as", str(start.state.to_move), input="quit\n")
    assert result.exit_code == 0, result.output
    assert "Mode: brasa" in result.stdout and "Round " in result.stdout
    cards = json.loads(run("cards", "forge-fury", "--json").stdout)
    assert len(cards) == 151
    assert cards[0]["label"] == "Gale Witch #001"
    table = run("cards", "fnf", "--no-color").stdout
    assert "Gale Witch #147" in table and "super rare" in table


def describe_events(game, events, seats):
    """The lines the terminal prints for ``events``: the scene's log, drawn."""
    renderer = Renderer(game, seats)
    renderer.named = True  # Forge & Fury's scenes name the seats, never a colour
    return renderer.lines(log(game, events))


def test_event_sentences_for_the_rarer_moments():
    rps = tcgkit.load_game("forge-fury", minigame_ties=3)
    odd_even = tcgkit.load_game("forge-fury", minigame="odd_even")
    versus, numbered = Seats.versus(0, "mixed"), Seats.numbered(2)
    events = [
        {"kind": "draw", "player": 0, "card": "Gale Witch #001"},
        {"kind": "draw", "player": 1},
        {"kind": "sign", "player": 1},
        {"kind": "minigame", "purpose": "start", "signs": ["rock", "rock"], "winner": None},
        {"kind": "minigame", "purpose": "round", "signs": ["paper", "paper"], "winner": 1},
        {"kind": "reveal", "cards": ["Gale Witch #001", "Tide Lynx #010"], "colour": "red",
         "step": "other colours", "winner": 0},
        {"kind": "sudden_death", "chooser": 1},
        {"kind": "end", "winner": None, "reason": "a draw: every tie-break is equal"},
    ]
    assert describe_events(rps, events, versus) == [
        "You draw Gale Witch #001; Rival (mixed) draws 1 card",
        "Rival (mixed) threw in secret",
        "Rock-paper-scissors: You rock, Rival (mixed) rock: a tie, throw again",
        "Rock-paper-scissors: You paper, Rival (mixed) paper: a tie again; after 3 ties in a row "
        "the seed decides: Rival (mixed) wins the mini-game",
        "Reveal on red: Gale Witch #001 ties Tide Lynx #010 at 2; on the highest other colour "
        "Gale Witch #001 (green 9) beats Tide Lynx #010 (green 8)",
        "Still level after every tie-break: one sudden-death round, each player draws from "
        "their own recovery pile; Rival (mixed) names the colour",
        "The end: a draw (a draw: every tie-break is equal)",
    ]
    odd = [
        {"kind": "call", "player": 0, "odd": True},
        {"kind": "sign", "player": 0, "value": "3"},
        {"kind": "minigame", "purpose": "start", "signs": ["3", "2"], "winner": 0},
        {"kind": "reveal", "cards": ["Gale Witch #001", "Tide Lynx #010"], "colour": "red",
         "step": "tie", "winner": None},
        {"kind": "round", "winner": 0},
        {"kind": "end", "winner": 0, "reason": "all cards are played"},
    ]
    assert describe_events(odd_even, odd, numbered) == [
        "Player 0 calls odd",
        "Player 0 showed 3 fingers in secret",
        "Odd-or-even: Player 0 3, Player 1 2: 5 is odd: Player 0 wins and names the first colour",
        "Reveal on red: Gale Witch #001 ties Tide Lynx #010 at 2: the mini-game decides",
        "Player 0 wins the round",
        "The end: Player 0 wins (all cards are played)",
    ]
