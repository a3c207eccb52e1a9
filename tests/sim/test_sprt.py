"""The change gate: the GSPRT's likelihood ratio, its error rates on simulated pairs with known
rates, and the paired play of a real head-to-head (same deal, seats swapped, reproducible)."""

from __future__ import annotations

import math
import random

import pytest
import typer
from typer.testing import CliRunner

from tcgkit.cli.sim_command import sim
from tcgkit.sim import SimError
from tcgkit.sim.backends import make_backend
from tcgkit.sim.sprt import (
    PAIR_SCORES,
    Bounds,
    Sprt,
    closest,
    elo_of,
    expected_score,
    llr,
    prepare_pairs,
    run_sprt,
    simulate,
)
from tcgkit.sim.stats import wilson

app = typer.Typer()
app.command()(sim)


def coin_pairs(elo: float) -> list[float]:
    """The pentanomial of two independent games without draws, each won with the expected
    score of ``elo``: coin flips."""
    p = expected_score(elo)
    q = 1 - p
    return [q * q, 0.0, 2 * p * q, 0.0, p * p]


def correlated_pairs(elo: float) -> list[float]:
    """A pentanomial with draws whose mean is the expected score of ``elo`` and whose games
    are alike within a pair (as on one deal): most pairs split the points evenly."""
    s = expected_score(elo)
    base = [0.05, 0.1, 0.7, 0.1, 0.05]  # mean 1/2
    tilt = (s - 0.5) / 0.5  # move mass toward the winning end, keeping the shape
    probs = [b * (1 + tilt * (a - 0.5) * 4) for b, a in zip(base, PAIR_SCORES, strict=True)]
    total = sum(probs)
    probs = [p / total for p in probs]
    # Fix the mean exactly by mixing with the two ends.
    mean = sum(p * a for p, a in zip(probs, PAIR_SCORES, strict=True))
    w = (s - mean) / ((1.0 if s > mean else 0.0) - mean) if s != mean else 0.0
    end = [0, 0, 0, 0, 1.0] if s > mean else [1.0, 0, 0, 0, 0]
    return [(1 - w) * p + w * e for p, e in zip(probs, end, strict=True)]


def test_elo_and_score_are_inverse() -> None:
    for elo in (-300, -20, 0, 35, 400):
        assert elo_of(expected_score(elo)) == pytest.approx(elo)
    assert expected_score(0) == 0.5
    assert expected_score(400) == pytest.approx(10 / 11)


def test_closest_distribution_has_the_mean_and_is_the_frequencies_at_their_own_mean() -> None:
    freqs = [0.1, 0.2, 0.3, 0.25, 0.15]
    own = sum(f * a for f, a in zip(freqs, PAIR_SCORES, strict=True))
    assert closest(freqs, own) == pytest.approx(freqs)
    for mean in (0.2, 0.5, 0.64, 0.93):
        p = closest(freqs, mean)
        assert sum(p) == pytest.approx(1)
        assert sum(x * a for x, a in zip(p, PAIR_SCORES, strict=True)) == pytest.approx(mean)
        assert min(p) > 0


def test_llr_sign_follows_the_evidence() -> None:
    assert llr([0, 0, 0, 0, 0], 0, 50) == 0
    assert llr([1, 2, 10, 8, 6], 0, 50) > 0  # A scores well: H1
    assert llr([6, 8, 10, 2, 1], 0, 50) < 0
    # The LLR grows with the number of pairs at the same frequencies.
    assert llr([2, 4, 20, 16, 12], 0, 50) == pytest.approx(2 * llr([1, 2, 10, 8, 6], 0, 50), rel=0.02)


def test_bounds_are_walds() -> None:
    b = Bounds(0, 10, 0.05, 0.1)
    assert b.lower == pytest.approx(math.log(0.1 / 0.95))
    assert b.upper == pytest.approx(math.log(0.9 / 0.05))
    with pytest.raises(SimError, match="elo0 < elo1"):
        Bounds(10, 10)
    with pytest.raises(SimError, match="alpha"):
        Bounds(0, 10, alpha=0)


TRIALS = 400


@pytest.mark.parametrize("pairs", [coin_pairs, correlated_pairs], ids=["coin flips", "correlated pairs"])
def test_error_rates_stay_within_their_bounds(pairs) -> None:
    """At elo0 the test accepts H1 in about alpha of runs, at elo1 H0 in about beta: the
    observed rates' 95% intervals reach no higher than a little above the bounds, and a
    truth far from both is decided the right way almost always."""
    bounds = Bounds(0, 100, alpha=0.05, beta=0.1)
    rng = random.Random(42)
    at_h0 = [simulate(pairs(0), bounds, rng) for _ in range(TRIALS)]
    at_h1 = [simulate(pairs(100), bounds, rng) for _ in range(TRIALS)]
    false_h1 = sum(t.decision == "H1" for t in at_h0)
    false_h0 = sum(t.decision == "H0" for t in at_h1)
    assert all(t.decision is not None for t in at_h0 + at_h1)
    assert wilson(false_h1, TRIALS)[0] <= bounds.alpha <= wilson(false_h1, TRIALS)[1] + 0.03
    assert wilson(false_h0, TRIALS)[0] <= bounds.beta <= wilson(false_h0, TRIALS)[1] + 0.03
    far = [simulate(pairs(250), bounds, rng) for _ in range(100)]
    assert sum(t.decision == "H1" for t in far) >= 99


def test_correlated_pairs_decide_in_fewer_games_than_coin_flips() -> None:
    """The point of pairing: pairs that split evenly vary less, so the test needs fewer."""
    bounds = Bounds(0, 100)
    rng = random.Random(3)
    coins = sum(simulate(coin_pairs(100), bounds, rng).pairs for _ in range(200))
    paired = sum(simulate(correlated_pairs(100), bounds, rng).pairs for _ in range(200))
    assert paired < 0.8 * coins


def test_elo_estimate_covers_the_truth() -> None:
    rng = random.Random(7)
    test = Sprt(Bounds(-1000, 1000, 1e-9, 1e-9))  # never decides: only the estimate
    probs = coin_pairs(120)
    for _ in range(3000):
        test.add(rng.choices(range(5), probs)[0])
    elo, low, high = test.elo()
    assert low < 120 < high
    assert high - low < 60


def test_a_real_head_to_head_is_paired_and_reproducible() -> None:
    job = prepare_pairs("triple-triad", {}, ["greedy", "random"], 5)
    games = job.play([0, 1, 2, 3])
    for first, second in (games[0:2], games[2:4]):
        assert first.seed == second.seed  # one deal
        assert first.lineup == (0, 1) and second.lineup == (1, 0)  # seats swapped
        assert first.seats == ("greedy", "random") and second.seats == ("random", "greedy")
    assert games[0].seed != games[2].seed
    bounds = Bounds(0, 50)
    here = run_sprt(job, bounds, 2000)
    pool = run_sprt(job, bounds, 2000, make_backend("local", 2))
    assert here.decision == "H1"  # greedy is far stronger than random
    assert (here.decision, here.counts, here.llr) == (pool.decision, pool.counts, pool.llr)
    assert here.llr >= bounds.upper and here.games == 2 * sum(here.counts)


def test_running_out_of_games_is_no_decision() -> None:
    job = prepare_pairs("triple-triad", {}, ["random", "random"], 0)
    result = run_sprt(job, Bounds(-5, 5), 6)
    assert result.decision is None and result.pairs == 3


def test_bad_input() -> None:
    with pytest.raises(SimError, match="two agents"):
        prepare_pairs("triple-triad", {}, ["greedy"], 0)
    with pytest.raises(SimError, match="two-player"):
        prepare_pairs("conflictus", {"players": 3}, ["greedy", "random"], 0)


def test_the_command_prints_the_decision_and_refuses_bad_bounds() -> None:
    runner = CliRunner()
    ok = runner.invoke(app, ["tt", "--agents", "greedy,random", "--sprt", "0,50", "--workers", "1"])
    assert ok.exit_code == 0, ok.output
    assert "H1 accepted: greedy is 50 rather than 0 Elo stronger than random" in ok.output
    assert "LLR +" in ok.output and "bounds [-2.94, +2.94]" in ok.output
    for bad, said in ((["--sprt", "20,0"], "elo0 < elo1"), (["--sprt", "x"], "ELO0,ELO1"),
                      (["--sprt", "0,5", "--beta", "0.6"], "beta"),
                      (["--sprt", "0,5", "--csv", "x.csv"], "no --out or --csv")):
        res = runner.invoke(app, ["tt", "--agents", "greedy,random", *bad])
        assert res.exit_code == 2 and said in res.output, res.output
    alone = runner.invoke(app, ["tt", "--alpha", "0.01"])
    assert alone.exit_code == 2 and "give --sprt" in alone.output
    three = runner.invoke(app, ["tt", "--agents", "greedy,random,easy", "--sprt", "0,5"])
    assert three.exit_code == 2 and "two agents" in three.output


def test_a_fixed_deck_goes_with_its_agent_from_seat_to_seat() -> None:
    from dataclasses import replace
    from pathlib import Path

    from tcgkit.games import load_game
    from tcgkit.terminal.deck_files import legal_deck

    game = load_game("monster-collection", {})
    decks = [legal_deck(game, Path("flame_legion")), legal_deck(game, Path("tide_wings"))]
    job = replace(prepare_pairs("monster-collection", {}, ["greedy", "random"], 2, decks), facts=True)
    first, second = job.play([0, 1])
    assert first.seed == second.seed and second.lineup == (1, 0)
    # Each player's deck (as card names) is the one of the agent in that seat: its cards come from
    # that agent's list and not the other's. (Compared as subsets: a card that starts on the shared
    # board, Monster Collection's face-down HQ, lies in no zone of its owner and the facts miss it.)
    flame, tide = set(decks[0]), set(decks[1])
    for cards, mine, theirs in ((first.cards[0][0], flame, tide), (second.cards[1][0], flame, tide),
                                (first.cards[1][0], tide, flame), (second.cards[0][0], tide, flame)):
        assert set(cards) <= mine and not set(cards) <= theirs
