"""Glicko-2, as Glickman's paper "Example of the Glicko-2 system" (2013) gives it: one rating
period's update of a player from the games of that period, and the growth of an idle player's
deviation. Pure arithmetic, no database (``ratings.py`` keeps the server's ratings).

Written from the paper rather than taken from a package: the one on PyPI fixes the system
constant for the whole process and, in the version read, computes the volatility's function
with the rating where the paper has the deviation.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 400 / math.log(10)  # 173.7178: the Glicko scale's points per Glicko-2 unit
START_RATING, START_RD, START_SIGMA = 1500.0, 350.0, 0.06  # a new player's, as the paper's
TAU = 0.5
"""The system constant: how much the volatility may change in a period. The paper advises 0.3
to 1.2; 0.5 is its example's and lichess's choice."""
EPSILON = 0.000001  # the volatility's convergence tolerance, the paper's


@dataclass(frozen=True)
class Glicko:
    """A player's rating on the Glicko scale: ``rating`` (1500 a newcomer's), its deviation
    ``rd`` and the volatility ``sigma``."""

    rating: float = START_RATING
    rd: float = START_RD
    sigma: float = START_SIGMA

    @property
    def mu(self) -> float:
        return (self.rating - START_RATING) / SCALE

    @property
    def phi(self) -> float:
        return self.rd / SCALE


def g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-g(phi_j) * (mu - mu_j)))


def idle(player: Glicko, periods: float) -> Glicko:
    """``player`` after ``periods`` rating periods without a game (a fraction counts pro rata):
    the paper's step 6 for a player who did not compete, phi* = sqrt(phi^2 + periods sigma^2),
    never above a newcomer's deviation."""
    phi = math.sqrt(player.phi ** 2 + max(0.0, periods) * player.sigma ** 2)
    return Glicko(player.rating, min(phi * SCALE, START_RD), player.sigma)


def rate(player: Glicko, games: Sequence[tuple[Glicko, float]], tau: float = TAU) -> Glicko:
    """``player`` after one rating period of ``games``: each an opponent (as rated before the
    period) and the score against them (1 a win, 0.5 a draw, 0 a loss). Without games the
    deviation grows by one period (``idle``)."""
    if not games:
        return idle(player, 1)
    mu, phi, sigma = player.mu, player.phi, player.sigma
    terms = [(g(o.phi), expected(mu, o.mu, o.phi), score) for o, score in games]
    v = 1 / sum(gj * gj * e * (1 - e) for gj, e, _ in terms)  # step 3
    pull = sum(gj * (score - e) for gj, e, score in terms)
    delta = v * pull  # step 4
    sigma_new = volatility(phi, sigma, v, delta, tau)  # step 5
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)  # step 6
    phi_new = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)  # step 7
    mu_new = mu + phi_new * phi_new * pull
    return Glicko(mu_new * SCALE + START_RATING, phi_new * SCALE, sigma_new)


def volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the new volatility, the root of the paper's f by its Illinois iteration."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2)
                - (x - a) / (tau * tau))

    low = a
    if delta * delta > phi * phi + v:
        high = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        high = a - k * tau
    f_low, f_high = f(low), f(high)
    while abs(high - low) > EPSILON:
        c = low + (low - high) * f_low / (f_high - f_low)
        f_c = f(c)
        if f_c * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2
        high, f_high = c, f_c
    return math.exp(low / 2)
