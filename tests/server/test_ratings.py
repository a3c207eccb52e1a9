"""Glicko-2 (``server/glicko2.py``) against Glickman's published example, and the rules the
server rates by (``server/ratings.py``): pairings by place, idle growth, the provisional mark,
the AI levels on the same scale."""

from __future__ import annotations

import math

import pytest

import tcgkit
from tcgkit.server.db import RatingRow
from tcgkit.server.glicko2 import SCALE, Glicko, expected, g, idle, rate, volatility
from tcgkit.server.levels import measured
from tcgkit.server.ratings import PERIOD_SECONDS, Z95, ai_levels, now_of, pairings, shown

PLAYER = Glicko(1500, 200, 0.06)
OPPONENTS = [(Glicko(1400, 30), 1.0), (Glicko(1550, 100), 0.0), (Glicko(1700, 300), 0.0)]


def test_the_papers_example() -> None:
    """"Example of the Glicko-2 system": 1500/200/0.06 beats 1400/30 and loses to 1550/100 and
    1700/300, tau 0.5. The paper rounds each step to four places (its mu' -0.2069 gives
    1464.06; unrounded it is 1464.0507), so each number is checked to the paper's last place
    (its intermediate v and Delta, made of rounded terms, to the third)."""
    after = rate(PLAYER, OPPONENTS, tau=0.5)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.005)
    assert after.sigma == pytest.approx(0.05999, abs=0.00001)  # 0.059996: the paper cuts, not rounds
    # the paper's intermediate quantities
    mu, phi = PLAYER.mu, PLAYER.phi
    assert [round(g(o.phi), 4) for o, _ in OPPONENTS] == [0.9955, 0.9531, 0.7242]
    assert [round(expected(mu, o.mu, o.phi), 3) for o, _ in OPPONENTS] == [0.639, 0.432, 0.303]
    e = [expected(mu, o.mu, o.phi) for o, _ in OPPONENTS]
    v = 1 / sum(g(o.phi) ** 2 * ej * (1 - ej) for (o, _), ej in zip(OPPONENTS, e, strict=True))
    delta = v * sum(g(o.phi) * (s - ej) for (o, s), ej in zip(OPPONENTS, e, strict=True))
    assert v == pytest.approx(1.7785, abs=0.001) and delta == pytest.approx(-0.4834, abs=0.001)
    assert volatility(phi, 0.06, v, delta, 0.5) == pytest.approx(after.sigma)
    assert after.mu == pytest.approx(-0.2069, abs=0.0001) and after.phi == pytest.approx(0.8722, abs=0.0001)


def test_a_win_raises_a_loss_lowers_and_the_deviation_shrinks() -> None:
    a, b = Glicko(), Glicko()
    won, lost = rate(a, [(b, 1.0)]), rate(b, [(a, 0.0)])
    assert won.rating > 1500 > lost.rating and won.rating - 1500 == pytest.approx(1500 - lost.rating)
    assert won.rd < 350 and lost.rd < 350
    drawn = rate(a, [(b, 0.5)])
    assert drawn.rating == pytest.approx(1500)


def test_an_idle_deviation_grows_a_period_a_day_up_to_a_newcomers() -> None:
    settled = Glicko(1700, 50, 0.06)
    assert idle(settled, 0).rd == pytest.approx(50)
    day = idle(settled, 1).rd
    assert day == pytest.approx(SCALE * math.sqrt((50 / SCALE) ** 2 + 0.06 ** 2))
    assert idle(settled, 10_000).rd == 350 and idle(settled, 10_000).rating == 1700
    # about three months idle turn an established rating provisional again
    assert idle(settled, 80).rd < 110 < idle(settled, 95).rd
    row = RatingRow(rating=1700, rd=50, sigma=0.06, updated=0.0)
    assert now_of(row, 95 * PERIOD_SECONDS).rd == pytest.approx(idle(settled, 95).rd)
    assert now_of(None, 0).rd == 350


def test_places_make_the_pairings() -> None:
    assert pairings([0, 1]) == [[(1, 1.0)], [(0, 0.0)]]
    assert pairings([0, 0]) == [[(1, 0.5)], [(0, 0.5)]]
    # four players: the winner beat three; the two eliminated together drew each other
    assert pairings([0, 1, 2, 2]) == [[(1, 1.0), (2, 1.0), (3, 1.0)], [(0, 0.0), (2, 1.0), (3, 1.0)],
                                      [(0, 0.0), (1, 0.0), (3, 0.5)], [(0, 0.0), (1, 0.0), (2, 0.5)]]


def test_provisional_is_shown_with_a_question_mark() -> None:
    assert shown(1523.4, 110.1) == "1523?"
    assert shown(1523.6, 110.0) == "1524"


def test_the_ai_levels_keep_the_ladders_numbers_with_random_as_the_anchor() -> None:
    game = tcgkit.load_game("triple-triad")
    levels = ai_levels(game, 2)
    ladder = measured("triple-triad")
    assert {entry["level"] for entry in levels} == set(ladder)
    ratings = [entry["rating"] for entry in levels]
    assert ratings == sorted(ratings, reverse=True)
    anchor = next(entry for entry in levels if entry["level"] == "random")
    assert anchor["rating"] == 1000 and anchor["rd"] == 0 and anchor["anchor"]
    hard = next(entry for entry in levels if entry["level"] == "hard")
    assert hard["rd"] == pytest.approx((hard["high"] - hard["low"]) / 2 / Z95, abs=0.1)
    assert ai_levels(tcgkit.load_game("conflictus", players=3), 3) == []  # measured with two only
