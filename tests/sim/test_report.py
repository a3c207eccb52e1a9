"""``tcgkit report``: counts from rows, dominated cards, one self-contained HTML file."""

from __future__ import annotations

import importlib.util
import json
import re

import pytest
from typer.testing import CliRunner

from tcgkit import load_game
from tcgkit.cli.app import app
from tcgkit.sim.dominance import StatCard, dominated_cards, stat_cards
from tcgkit.sim.report import build_report

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("matplotlib") is None or importlib.util.find_spec("pyarrow") is None,
    reason="the report extra is not installed (CI installs it)",
)
META = {"game": "triple-triad", "agents": ["greedy", "random"], "seed": 0, "options": {}}


def row(index, winner, lineup=(0, 1), actions=9, deck=(("A", "B"), ("C",)), played=(("A",), ("C",))):
    ranks = [0, 0] if winner is None else [0 if p == winner else 1 for p in range(2)]
    return {"index": index, "lineup": list(lineup), "winner": winner, "ranks": ranks,
            "actions": actions, "reason": "full", "measures": json.dumps({"rounds": 2}),
            "deck": [list(d) for d in deck], "drawn": [list(d) for d in deck],
            "played": [list(p) for p in played]}


def whole(row):
    """``row`` with the columns the report does not read, as a results file holds them."""
    return {"seed": 7, "seats": ["greedy", "random"], "winner_agent": None, "scores": [1.0, 0.0],
            "first": 0, "eliminated": [], **row}


def test_the_report_counts_pairs_seats_lengths_and_cards():
    rows = [row(0, 0), row(1, 0, lineup=(1, 0), actions=10), row(2, None), row(3, 1)]
    report = build_report(rows, META)
    assert report.games == 4 and report.entrants == ["greedy", "random"]
    greedy = report.pair(0, 1)
    assert (greedy.games, greedy.wins, greedy.draws) == (4, 1, 1)  # won game 0, drew 2, lost 1 and 3
    assert report.pair(1, 0).wins == 2
    assert [s.wins for s in report.seats] == [2, 1]
    assert report.lengths == {9: 3, 10: 1} and report.measures == {"rounds": 2.0}
    cards = {c.name: c for c in report.cards}
    assert (cards["A"].tallies["deck"].games, cards["A"].tallies["deck"].wins) == (4, 2)
    assert (cards["C"].tallies["played"].games, cards["C"].tallies["played"].wins) == (4, 1)
    assert report.totals.games == 8 and report.totals.wins == 3


def test_a_card_is_flagged_when_its_interval_is_clear_of_its_peers():
    rows = [row(i, 0, deck=(("Strong", "X"), ("Y",)), played=(("Strong",), ("Y",))) for i in range(60)]
    rows += [row(60 + i, None, deck=(("X",), ("Y",)), played=(("X",), ("Y",))) for i in range(60)]
    cards = {c.name: c for c in build_report(rows, META).cards}
    # drawn and played whenever in the deck: no player could have had it otherwise, no comparison
    assert cards["Strong"].flags == {"deck": "above"} and set(cards["Strong"].peers) == {"deck"}
    assert cards["Y"].flags["deck"] == "below"  # the second player's card: never won outright
    # in the deck in all 120 games of player 0, played in the 60 drawn ones: against the 60 won
    assert cards["X"].flags == {"deck": "above", "played": "below"} and cards["X"].peers["played"].games == 60


def test_with_fixed_decks_a_card_is_flagged_only_against_its_decks_games_without_it():
    meta = {**META, "deck_files": ["red", "blue"]}
    rows = []  # the red deck wins 3 in 4; Ace (red) played in half its games, wins them all
    for i in range(160):
        ace = i % 2 == 0
        winner = 0 if ace or i % 4 == 1 else 1
        rows.append(row(i, winner, deck=(("Ace", "Pawn"), ("Grunt",)),
                        played=(("Ace", "Pawn") if ace else ("Pawn",), ("Grunt",))))
    report = build_report(rows, meta)
    cards = {c.name: c for c in report.cards}
    assert report.fixed_decks and all("deck" not in c.flags and "deck" not in c.peers for c in cards.values())
    assert cards["Ace"].flags == {"played": "above"}  # 100% against the red deck's 50% without it
    assert cards["Pawn"].flags == {} and cards["Grunt"].flags == {}  # in every game of their deck


def test_dominated_cards_by_group():
    a, b, c, d = (StatCard("a", "1", (5, 5)), StatCard("b", "1", (5, 6)), StatCard("c", "2", (9, 9)),
                  StatCard("d", "1", (5, 5)))
    found = {x.card.label: x for x in dominated_cards([a, b, c, d])}
    assert set(found) == {"a", "d"}  # c is higher but of another group; b is not below anyone
    assert [x.label for x in found["a"].by] == ["b"] and [x.label for x in found["a"].twins] == ["d"]
    triple_triad = {x.card.label: x for x in dominated_cards(stat_cards(load_game("tt", {})))}
    assert [x.label for x in triple_triad["Creeps"].by] == ["Grand Mantis"]  # 5 2 5 2 < 5 5 5 3
    assert stat_cards(load_game("ff-tcg", {})) is None


@pytest.mark.parametrize("game, suffix", [("tt", ".parquet"), ("forge-fury", ".jsonl")])
def test_sim_then_report_gives_one_self_contained_html_file(tmp_path, game, suffix):
    runner = CliRunner()
    results = tmp_path / f"r{suffix}"
    sim = runner.invoke(app, ["sim", game, "-n", "40", "-w", "1", "--out", str(results)])
    assert sim.exit_code == 0, sim.output
    page = tmp_path / "report.html"
    done = runner.invoke(app, ["report", str(results), "-o", str(page)])
    assert done.exit_code == 0, done.output
    html = page.read_text(encoding="utf-8")
    for section in ("Win rates of agents and decks", "Seat advantage", "Game length", "Ratings",
                    "Cards", "Dominated cards"):
        assert f"<h2>{section}</h2>" in html
    assert html.count("<svg") >= 4
    links = re.findall(r'(?:src|href)="([^"]*)"', html)
    assert all(link.startswith(("data:", "#")) for link in links)  # nothing to fetch: one file
    assert "40 games of 2 players" in html and "no card is dominated" not in html


def test_report_errors_are_one_line(tmp_path):
    runner = CliRunner()
    missing = runner.invoke(app, ["report", str(tmp_path / "none.parquet")])
    assert missing.exit_code == 2 and "no results file" in missing.output
    bad = tmp_path / "r.csv"
    bad.write_text("x")
    assert "ends in .parquet or .jsonl" in runner.invoke(app, ["report", str(bad)]).output
    junk = tmp_path / "r.jsonl"
    junk.write_text('{"meta": {"game": "tt"}}\n{"index": 0}\n')
    out = runner.invoke(app, ["report", str(junk), "-o", str(tmp_path / "x.html")])
    assert out.exit_code == 2 and "not a tcgkit results file" in out.output


def test_a_crafted_results_file_puts_no_markup_in_the_report(tmp_path):
    """The meta and rows are text: an agent, rules or card name holding markup is escaped (a
    seed that is not a number is refused with the file's line)."""
    script = "<script>alert(1)</script>"
    results = tmp_path / "crafted.jsonl"
    meta = {**META, "agents": [script, "random"], "rules": f"open{script}"}
    crafted = row(0, 0, deck=((script, "B"), ("C",)), played=((script,), ("C",)))
    lines = ({"meta": meta}, whole(crafted), whole(row(1, 1)))
    results.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    page = tmp_path / "report.html"
    done = CliRunner().invoke(app, ["report", str(results), "-o", str(page)])
    assert done.exit_code == 0, done.output
    html = page.read_text(encoding="utf-8")
    assert "<script" not in html.lower()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    lines = ({"meta": {**meta, "seed": script}}, whole(crafted))
    results.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    refused = CliRunner().invoke(app, ["report", str(results), "-o", str(page), "--force"])
    assert refused.exit_code == 2 and "line 1: not a tcgkit results file: meta: seed" in refused.output
