"""Final Fantasy TCG in the terminal: a whole game against the AI with moves piped in, the
zones each player may see, starter decks by name, hotseat hand-overs, cards, decks, sim and
replays."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

import tcgkit
from tcgkit.agents import make_agent
from tcgkit.games.ff_tcg import starter_decks
from tcgkit.kernel.replay import verify
from tcgkit.terminal.match import Match
from tcgkit.terminal.play_loop import agent_choice

from .helpers import saved_record

DECKS = dict(starter_decks())


@dataclass
class Plan:
    moves: list[str]
    match: Match

    def lines(self, *before: str) -> str:
        return "\n".join([*before, *self.moves]) + "\n"


def plan(seed: int, *, vs: str = "random", hotseat: bool = False, limit: int | None = None,
         rules: dict | None = None) -> Plan:
    """What ``tcgkit play ff-tcg --deck warriors --opponent-deck black_magic`` plays when the
    human (both with ``hotseat``) always takes the first legal action."""
    game = tcgkit.load_game("ff-tcg", **(rules or {}))
    match = Match.new(game, seed, [DECKS["warriors"], DECKS["black_magic"]])
    ai = make_agent(vs, game)
    moves: list[str] = []
    while not match.state.is_terminal:
        mover = match.state.to_move
        if hotseat or mover == 0:
            if len(moves) == limit:
                break
            action = match.state.legal_actions()[0]
            moves.append(str(action))
        else:
            action = agent_choice(match, mover, ai)
        match.play(action, match.state.to_move)
    return Plan(moves, match)


def play(run, *args: str, input: str = ""):
    return run("play", "ff-tcg", "--no-color", "--deck", "warriors", "--opponent-deck", "black_magic",
               *args, input=input)


def test_a_whole_game_against_the_ai_is_saved_and_replays(run, home, tmp_path):
    game_plan = plan(3, rules={"turn_limit": 16})
    save = tmp_path / "game.json"
    result = play(run, "--vs", "random", "--seed", "3", "--rules", "turn_limit=16", "--save", str(save),
                  input=game_plan.lines("board"))  # the full table: every zone, the empty ones too
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("Final Fantasy TCG. Decks of 60; 7 skulls lose")
    assert "The cut: bottom cards " in out
    for zone in ("Characters", "Items", "Cities", "World",
                 "Skull pile", "Discard pile", "Deck", "Your hand",
                 "Your face-down cards", "Rival (random)'s hand: "):
        assert zone in out
    assert re.search(r"^You: skulls \d of 7 to win \| Rival \(random\): skulls "
                     r"\d of 7 to win$", out, re.M)
    assert re.search(r"^Turn \d+: (your turn \| You|Rival \(random\)'s turn \| \S+) to ", out, re.M)
    outcome = game_plan.match.state.outcome
    assert outcome is not None and "Result: " in out
    record = saved_record(save)
    assert record.actions == game_plan.match.actions
    assert verify(record).outcome == outcome


def test_the_rivals_hand_and_face_down_cards_are_only_counted(run, home):
    game_plan = plan(5, limit=20)
    result = play(run, "--vs", "random", "--seed", "5", input=game_plan.lines("board"))
    assert result.exit_code == 1, result.output  # the piped moves end first: exit 1
    state = game_plan.match.state
    mine = {label for label in state.view(0)["zones"]["hand0"]["cards"]}
    assert any(label in result.stdout for label in mine)
    secret = state.view(1)["zones"]["hand1"]["cards"] + state.view(1)["zones"]["hidden1"]["cards"]
    shown = result.stdout
    rival_seen = set(state.view(0)["zones"]["discard1"].get("cards", []))  # public on the table
    rival_seen |= {card for e in state.events_since(0, 0) if e["kind"] == "cut" for card in e["shown"]}
    for label in secret:
        if label not in rival_seen:
            assert label not in shown
    # Every board shows the rival's hand and face-down cards as counts, and yours with the
    # cards' text; the first (the board asked for before any move) the counts of that moment.
    boards = re.findall(r"^Rival \(random\)\s*$.*?^Your hand", shown, re.M | re.S)
    assert boards
    for board in boards:
        assert re.search(r"^Rival \(random\)'s hand: \d+ cards? \(hidden\)", board, re.M), board
        assert re.search(r"Rival \(random\)'s face-down cards: \d+ cards? \(hidden\)", board), board
        assert re.search(r"Deck\s+\d+\s+cards?", board), board  # the cell may wrap before "cards"
    start = plan(5, limit=0).match.state.view(0)["zones"]
    first = boards[0]
    count, hidden = start["hand1"]["count"], start["hidden1"]["count"]
    assert f"Rival (random)'s hand: {count} card{'s' * (count != 1)} (hidden)" in first, first
    assert f"Rival (random)'s face-down cards: {hidden} card{'s' * (hidden != 1)}" in first


def test_help_lists_the_moves_and_a_bad_move_explains(run, home):
    result = play(run, "--seed", "2", input="help\nplay Nobody#999\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Legal moves:\n  " in result.stdout
    assert "Not a move: 'play Nobody#999': there is no card #999 in this game." in result.stdout
    assert "You quit." in result.stdout


def test_hotseat_hands_over_to_the_defender(run, home):
    game_plan = plan(4, hotseat=True, limit=40)
    result = run("play", "ff-tcg", "--hotseat", "--no-color", "--deck", "warriors", "--opponent-deck",
                 "black_magic", "--seed", "4", input=game_plan.lines())
    assert result.exit_code == 1, result.output  # the piped moves end first: exit 1
    state = game_plan.match.state
    movers = game_plan.match.movers + ([] if state.is_terminal else [state.to_move])  # and who is asked next
    changes = sum(a != b for a, b in zip(movers, movers[1:], strict=False))
    assert result.stdout.count("Pass to Player ") == changes + 1  # and before the first turn


def test_cards_deck_check_and_build(run, home, tmp_path):
    cards = run("cards", "ff-tcg", "--json")
    assert cards.exit_code == 0, cards.output
    rows = json.loads(cards.stdout)
    assert {"Hydra", "Garland", "Hammer"} <= {row["name"] for row in rows}
    assert {row["type"] for row in rows} == {"monster", "character", "action", "item", "city", "villain"}
    table = run("cards", "ff-tcg", "--no-color")
    header = next(line for line in table.stdout.splitlines() if "card" in line and "Sorte" in line)
    assert header.split() == ["card", "type", "power", "Sorte", "class", "/", "kind", "text"]
    hydra = next(line for line in table.stdout.splitlines() if line.strip().startswith("Hydra "))
    assert hydra.split()[1] == "monster"
    path = tmp_path / "deck.txt"
    built = run("deck", "build", "ff-tcg", "--seed", "3", "-o", str(path))
    assert built.exit_code == 0, built.output
    assert run("deck", "check", "ff-tcg", str(path)).exit_code == 0
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:-1] + ["Nobody"]) + "\n")
    bad = run("deck", "check", "ff-tcg", str(path))
    assert bad.exit_code == 1 and "Nobody" in bad.output and "line" in bad.output


def test_sim_between_the_heuristic_agent_and_random(run, home):
    result = run("sim", "ff-tcg", "--games", "4", "--agents", "greedy,random", "--seed", "2", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert sum(report["agents"][0][k] for k in ("wins", "draws", "losses")) == 4


def test_sim_plays_the_starter_decks_by_name(run, home):
    result = run("sim", "ff-tcg", "--games", "2", "--agents", "greedy,random", "--deck", "warriors",
                 "--opponent-deck", "black_magic", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["decks"] == ["warriors", "black_magic"]
    half = run("sim", "ff-tcg", "--games", "2", "--deck", "warriors")
    assert half.exit_code == 2 and "give both --deck and --opponent-deck" in half.output


def test_cards_in_english_by_default_and_as_printed_with_lang_pt(run):
    for lang in ((), ("--lang", "en"), ("--lang", "zh")):
        rows = json.loads(run("cards", "ff-tcg", "--json", *lang).stdout)
        assert {row["name"]: row["text"] for row in rows}["Red Mage"].startswith("Effect: you draw one card")
    rows = json.loads(run("cards", "ff-tcg", "--json", "--lang", "pt").stdout)
    assert {row["name"]: row["text"] for row in rows}["Red Mage"].startswith("Efeito")
    assert run("cards", "ff-tcg", "--lang", "fr").exit_code == 2
