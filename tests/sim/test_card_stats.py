"""Per-card statistics by AI level (``sim.card_stats``): counts from replayed games, intervals and
the minimum-sample warning from synthetic ones, and the report's table and files."""

from __future__ import annotations

import csv
import importlib.util
import json

import pytest
from typer.testing import CliRunner

from tcgkit import load_game
from tcgkit.agents import make_agent
from tcgkit.cli.app import app
from tcgkit.kernel.rng import Rng, derive_seed
from tcgkit.sim.card_stats import ALL_LEVELS, CardTable
from tcgkit.sim.cards import card_name
from tcgkit.sim.results import replay_row, result_row
from tcgkit.sim.runner import play_game
from tcgkit.sim.stats import Rate, difference_ci, wilson

AGENTS = ["greedy", "random"]


def lines_of(table):
    return {(line.card, line.level, line.deck): line for line in table.lines()}


def test_newcombe_interval_matches_his_worked_example():
    # Newcombe (1998), method 10, example (a): 56/70 against 48/80: 0.2000, (0.0524, 0.3339).
    low, high = difference_ci(Rate(56, 70), Rate(48, 80))
    assert (round(low, 4), round(high, 4)) == (0.0524, 0.3339)
    assert difference_ci(Rate(3, 5), Rate(0, 0)) is None


def test_improvement_when_drawn_compares_drawn_with_not_drawn_in_one_level():
    table = CardTable(AGENTS, min_games=50)
    # greedy (slot 0) as player 0: Ace drawn in 120 games, won 90; in the deck and not drawn in
    # 80, won 40. random (slot 1) as player 1 never has Ace.
    for i in range(200):
        drawn = i < 120
        won = i < 90 or 120 <= i < 160
        table.add((0, 1), 0 if won else 1, [["Ace", "Pawn"], ["Grunt"]],
                  [["Ace", "Pawn"] if drawn else ["Pawn"], ["Grunt"]], [["Ace"] if i < 60 else [], []])
    lines = lines_of(table)
    ace = lines["Ace", "greedy", None]
    assert (ace.counts.deck, ace.counts.drawn, ace.counts.played) == (200, 120, 60)
    assert ace.win_when_drawn.value == 0.75 and ace.win_when_drawn.ci == wilson(90, 120)
    assert ace.win_when_not_drawn.value == 0.5
    assert ace.improvement == pytest.approx(0.25)
    assert ace.improvement_ci == difference_ci(Rate(90, 120), Rate(40, 80))
    assert ace.improvement_ci[0] > 0  # clear of zero at these counts
    assert ace.play_rate.value == 0.5 and ace.play_rate.ci == wilson(60, 120)
    assert ace.warning is None
    # several levels: every level together too; random's card is its own
    assert lines["Ace", ALL_LEVELS, None].counts == ace.counts
    assert ("Grunt", "random", None) in lines and ("Grunt", "greedy", None) not in lines
    assert lines["Pawn", "greedy", None].warning == "always drawn: no games without it to compare"
    assert lines["Pawn", "greedy", None].improvement is None


def test_a_line_with_few_games_on_a_side_is_warned_and_its_interval_is_wide():
    table = CardTable(["greedy", "greedy"], min_games=100)
    for i in range(130):  # drawn 110 times, not drawn 20
        table.add((0, 1), i % 2, [["Rare"], []], [["Rare"] if i < 110 else [], []], [[], []])
    line = lines_of(table)["Rare", "greedy", None]
    assert line.warning == "few games: 110 drawn, 20 not drawn (fewer than 100 on a side)"
    low, high = line.improvement_ci
    assert high - low > 0.4  # twenty games on one side: the difference is barely known
    assert ("Rare", ALL_LEVELS, None) not in lines_of(table)  # one level: no "all" line
    with pytest.raises(ValueError, match="at least 1"):
        CardTable(AGENTS, min_games=0)


def test_fixed_decks_split_the_lines_by_deck():
    table = CardTable(AGENTS, ["red", "blue"])
    table.add((1, 0), 1, [["Blue card", "Both"], ["Red card", "Both"]], [["Both"], ["Both"]], [[], []])
    lines = lines_of(table)
    assert set(lines) >= {("Red card", "greedy", "red"), ("Blue card", "random", "blue"),
                          ("Both", "greedy", "red"), ("Both", "random", "blue"), ("Both", ALL_LEVELS, "red")}
    assert lines["Red card", "greedy", "red"].counts.deck_wins == 1


@pytest.mark.parametrize("name", ["monster-collection", "forge-fury"])
def test_the_counts_are_those_of_the_replayed_games(name):
    """Every game's row replays to the same facts, and the table counts each player-game once
    per card of its deck: drawn when the card was ever in the player's own hand."""
    game = load_game(name)
    meta = {"game": name, "options": {}, "agents": AGENTS, "seed": 5, "decks": None, "facts": True}
    table = CardTable(AGENTS)
    expected: dict[tuple[str, str], list[int]] = {}
    for index in range(4):
        row = result_row(play_game(game, AGENTS, 5, index, facts=True))
        again = replay_row(row, meta)
        assert result_row(again) == row
        table.add_row(row)
        state = game.new_state(again.seed)
        seen = [set() for _ in range(2)]
        agents = [make_agent(a, game) for a in again.seats]
        rngs = [Rng(derive_seed(5, index, p + 1)) for p in range(2)]
        while True:
            for p in range(2):
                for card in state.to_json()["zones"]["hand"][p]:
                    if card_name(card):
                        seen[p].add(card_name(card))
            if state.is_terminal:
                break
            p = state.to_move
            state.apply(agents[p].act(state.view(p), state.legal_actions(), rngs[p]), p)
        for p in range(2):
            assert seen[p] <= set(row["drawn"][p]), f"game {index}: a card in hand was not counted drawn"
            for card in row["deck"][p]:
                got = expected.setdefault((card, AGENTS[row["lineup"][p]]), [0, 0, 0, 0])
                got[0] += 1
                got[1] += card in row["drawn"][p]
                got[2] += card in row["played"][p]
                got[3] += (card in row["drawn"][p]) and row["winner"] == p
    lines = lines_of(table)
    for (card, level), (deck, drawn, played, drawn_wins) in expected.items():
        c = lines[card, level, None].counts
        assert (c.deck, c.drawn, c.played, c.drawn_wins) == (deck, drawn, played, drawn_wins)


report_extra = pytest.mark.skipif(
    importlib.util.find_spec("matplotlib") is None or importlib.util.find_spec("pyarrow") is None,
    reason="the report extra is not installed (CI installs it)")


@report_extra
def test_the_report_shows_and_writes_the_lines_by_level(tmp_path):
    out = tmp_path / "run.jsonl"
    result = CliRunner().invoke(app, ["sim", "mc", "-n", "6", "--agents", "greedy,random", "-w", "1",
                                      "--out", str(out)])
    assert result.exit_code == 0, result.output
    html, table = tmp_path / "r.html", tmp_path / "cards.csv"
    result = CliRunner().invoke(app, ["report", str(out), "-o", str(html), "--cards", str(table),
                                      "--table", "--min-games", "3"])
    assert result.exit_code == 0, result.output
    assert "cards by AI level" in result.output and "improvement" in result.output
    text = html.read_text(encoding="utf-8")
    assert "Cards by AI level" in text and "win rate when drawn" in text
    rows = list(csv.DictReader(table.open(encoding="utf-8")))
    assert {r["level"] for r in rows} == {"greedy", "random", "all"}
    assert all(int(r["drawn"]) <= int(r["in_deck"]) for r in rows)
    for suffix in (".json", ".parquet"):
        path = tmp_path / f"cards{suffix}"
        result = CliRunner().invoke(app, ["report", str(out), "-o", str(html), "--force",
                                          "--cards", str(path)])
        assert result.exit_code == 0, result.output
    data = json.loads((tmp_path / "cards.json").read_text())
    assert {"win_when_drawn", "improvement_ci95", "play_rate", "warning"} <= set(data[0])
    import pyarrow.parquet as pq

    assert pq.read_table(tmp_path / "cards.parquet").num_rows == len(rows)
    result = CliRunner().invoke(app, ["sim", "mc", "-n", "2", "--agents", "greedy,random", "-w", "1",
                                      "--out", str(tmp_path / "two.jsonl"), "--json"])
    assert result.exit_code == 0, result.output
    cards = json.loads(result.stdout)["cards"]  # sim --out --json: the lines by level too
    assert {c["level"] for c in cards} == {"greedy", "random", "all"} and "improvement_ci95" in cards[0]
    bad = CliRunner().invoke(app, ["report", str(out), "-o", str(tmp_path / "x.html"), "--cards",
                                   str(tmp_path / "cards.txt")])
    assert bad.exit_code == 2 and "--cards" in bad.output
    bad = CliRunner().invoke(app, ["report", str(out), "-o", str(tmp_path / "x.html"), "--min-games", "0"])
    assert bad.exit_code == 2 and "--min-games" in bad.output
