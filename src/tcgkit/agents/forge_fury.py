"""Forge & Fury agents: greedy, and ``mixed``, which randomises its secret pick from an
equilibrium of the round's matrix game so that no fixed strategy exploits it."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from ..games.forge_fury import ForgeFury
from ..games.forge_fury.actions import ChooseColour, Pick
from ..games.forge_fury.cards import COLOURS
from ..games.forge_fury.rules import OTHER_COLOURS
from ..kernel.actions import Action
from ..kernel.game import Game, State
from ..kernel.rng import Rng
from .base import register_agent
from .mcts import Playout, register_playout

GAME = "forge-fury"


def _ids(game: ForgeFury, labels: list[str]) -> list[int]:
    return [game.ids_by_label[label] for label in labels]


class GreedyForgeFury:
    """The chooser names the colour of its strongest card; each plays its highest card in
    the named colour. Ties are broken by the agent's generator; mini-games are random."""

    name = "greedy"

    def __init__(self, game: Game) -> None:
        assert isinstance(game, ForgeFury)
        self.game = game

    def act(self, view: dict[str, Any], legal_actions: list[Action], rng: Rng) -> Action:
        values = self.game.values
        if isinstance(legal_actions[0], ChooseColour):
            hand = _ids(self.game, view["zones"][f"hand{view['to_move']}"]["cards"])
            best = max(max(values[c]) for c in hand)
            colours = sorted({i for c in hand for i in range(3) if values[c][i] == best})
            return legal_actions[rng.choice(colours)]
        if isinstance(legal_actions[0], Pick):
            colour = COLOURS.index(view["colour"])
            top = max(values[a.card][colour] for a in legal_actions)  # type: ignore[attr-defined]
            return rng.choice([a for a in legal_actions if values[a.card][colour] == top])  # type: ignore[attr-defined]
        return rng.choice(legal_actions)


class MixedForgeFury:
    """Game-theoretic secret picks.

    The round is a Bayesian game: the rival's hand is unknown, drawn from the cards not
    yet seen (their deck list minus their cards in the piles). It is solved in a normal
    form whose rival strategies do not depend on the hand they hold: "play your k-th
    strongest card in the named colour". Entry (my card, k) averages, over sampled rival
    hands, ``(1 + chooser_bonus) * result - keep_weight * (worth(mine) - worth(theirs))``,
    where ``result`` is +1 / -1 / 0 (a tie goes to the mini-game) and ``worth`` is a card's
    chance to win a round against a random card of the collection in a random colour (what
    keeping it is worth, since every card is played sooner or later). Regret matching
    (RM+) finds an equilibrium; the pick is drawn from it, so no fixed strategy exploits a
    pattern in it. As chooser it names the colour whose game is worth most to it.
    """

    name = "mixed"
    samples = 24
    iterations = 100
    chooser_bonus = 0.3
    keep_weight = 1.0

    def __init__(self, game: Game) -> None:
        assert isinstance(game, ForgeFury)
        self.game = game
        self.worth = game.card_worth()

    def act(self, view: dict[str, Any], legal_actions: list[Action], rng: Rng) -> Action:
        first = legal_actions[0]
        if not isinstance(first, ChooseColour | Pick):
            return rng.choice(legal_actions)  # the mini-games' equilibrium is uniform
        me = view["to_move"]
        hand = _ids(self.game, view["zones"][f"hand{me}"]["cards"])
        rivals = self._rival_hands(view, me, rng)
        if isinstance(first, ChooseColour):
            worth = [_regret_matching(self._payoff(hand, rivals, c), self.iterations)[1] for c in range(3)]
            best = max(worth)
            return legal_actions[rng.choice([c for c in range(3) if worth[c] == best])]
        colour = COLOURS.index(view["colour"])
        strategy, _ = _regret_matching(self._payoff(hand, rivals, colour), self.iterations)
        choice = hand[_draw(strategy, rng)]
        return next(a for a in legal_actions if a.card == choice)  # type: ignore[attr-defined]

    def _rival_hands(self, view: dict[str, Any], me: int, rng: Rng) -> list[list[int]]:
        game, zones, rival = self.game, view["zones"], 1 - me
        seen = Counter(
            _ids(game, zones[f"recovery{rival}"]["cards"] + zones[f"conquest{me}"]["cards"])
        )
        decklist = view["decklists"][rival]
        if decklist is None:  # private lists: anything not seen may be there
            pool = [c for c in range(len(game.cards)) if c not in seen]
        else:
            pool = list((Counter(_ids(game, decklist)) - seen).elements())
        size = min(zones[f"hand{rival}"]["count"] + zones[f"pick{rival}"]["count"], len(pool))
        return [rng.sample(pool, size) for _ in range(self.samples)] if size else []

    def _payoff(self, mine: list[int], rivals: list[list[int]], colour: int) -> list[list[float]]:
        """Rows: my cards; columns: the rival's k-th strongest card in ``colour``."""
        if not rivals:
            return [[0.0] for _ in mine]
        game, worth, stake = self.game, self.worth, 1.0 + self.chooser_bonus
        i, j = OTHER_COLOURS[colour]
        values, rarity = game.values, game.rarity

        def strength(card: int) -> tuple[int, int, int]:  # the order compare() uses
            v = values[card]
            return v[colour], max(v[i], v[j]), rarity[card]

        ranked = [sorted(hand, key=strength, reverse=True) for hand in rivals]
        payoff = []
        for a in mine:
            row = []
            for k in range(len(ranked[0])):
                total = 0.0
                for hand in ranked:
                    b = hand[k]
                    winner = game.compare(a, b, colour)[1]
                    result = 0.0 if winner is None else (stake if winner == 0 else -stake)
                    total += result - self.keep_weight * (worth[a] - worth[b])
                row.append(total / len(ranked))
            payoff.append(row)
        return payoff


class ForgeFuryPlayout(Playout):
    """IS-MCTS play-outs: greedy moves for both players, cut after ``plies`` actions and
    scored by the rounds won plus what the cards still to be played are worth.

    Every card is played sooner or later, so the cards left are the rest of the game: a
    player's expected rounds from them are about the sum of their ``card_worth`` (the game's:
    the chance to beat a random card), and a position is worth ``margin`` = (rounds won - rounds lost)
    + ``keep_weight`` * (worth left - the rival's worth left). The return is the chance to
    win if the remaining rounds add noise of spread ``spread`` * sqrt(rounds left)
    (``2 p - 1`` of a normal law). Uniform play-outs to the end are far noisier: fifty
    rounds of random picks swamp the few rounds a decision changes.
    """

    uniform = False
    plies: int | None = 3  # the round after the tree: a colour and two picks
    keep_weight = 1.0
    spread = 0.7
    greedy = 0.8  # otherwise a random legal move

    def __init__(self, game: Game) -> None:
        assert isinstance(game, ForgeFury)
        super().__init__(game)
        self.values = game.values
        self.worth = game.card_worth()

    def act(self, state: State[Any], legal: list[Action], rng: Rng) -> Action:
        kind = state.decisions[-1].kind
        if (kind != "pick" and kind != "colour") or rng.random() >= self.greedy:
            return legal[rng.below(len(legal))] if len(legal) > 1 else legal[0]
        values = self.values
        if kind == "colour":  # the colour of the strongest card in hand
            hand = state.hands[state.decisions[-1].player]  # type: ignore[attr-defined]
            strongest = max(hand, key=lambda c: max(values[c]))
            colour_of: int = values[strongest].index(max(values[strongest]))
            return legal[colour_of]
        colour = state.colour  # type: ignore[attr-defined]
        best: Action = max(legal, key=lambda a: values[a.card][colour])  # type: ignore[attr-defined]
        return best

    def evaluate(self, state: State[Any]) -> tuple[float, ...]:
        worth = self.worth
        left = []
        for p in (0, 1):
            pick = state.picks[p]  # type: ignore[attr-defined]
            cards = state.decks[p] + state.hands[p]  # type: ignore[attr-defined]
            left.append(sum(worth[c] for c in cards) + (0.0 if pick is None else worth[pick]))
        margin = (state.score(0) - state.score(1)) / 2  # type: ignore[attr-defined]
        margin += self.keep_weight * (left[0] - left[1])
        rounds = len(state.decks[0]) + len(state.hands[0])  # type: ignore[attr-defined]
        value = math.erf(margin / (self.spread * math.sqrt(rounds + 1) * math.sqrt(2)))
        return value, -value


def _regret_matching(payoff: list[list[float]], iterations: int) -> tuple[list[float], float]:
    """RM+ self-play on a zero-sum matrix game: (row player's average strategy, value)."""
    rows, cols = len(payoff), len(payoff[0])
    columns = [[payoff[i][j] for i in range(rows)] for j in range(cols)]
    regret_row, regret_col = [0.0] * rows, [0.0] * cols
    total_row, total_col = [0.0] * rows, [0.0] * cols
    for _ in range(iterations):
        x, y = _normalise(regret_row), _normalise(regret_col)
        row_values = [sum(p * q for p, q in zip(line, y, strict=True)) for line in payoff]
        col_values = [sum(p * q for p, q in zip(line, x, strict=True)) for line in columns]
        value = sum(p * v for p, v in zip(x, row_values, strict=True))
        regret_row = [max(0.0, r + v - value) for r, v in zip(regret_row, row_values, strict=True)]
        regret_col = [max(0.0, r + value - v) for r, v in zip(regret_col, col_values, strict=True)]
        total_row = [t + p for t, p in zip(total_row, x, strict=True)]
        total_col = [t + q for t, q in zip(total_col, y, strict=True)]
    x, y = _normalise(total_row), _normalise(total_col)
    value = sum(x[i] * sum(payoff[i][j] * y[j] for j in range(cols)) for i in range(rows))
    return x, value


def _normalise(weights: list[float]) -> list[float]:
    total = sum(weights)
    if total <= 0:
        return [1.0 / len(weights)] * len(weights)
    return [w / total for w in weights]


def _draw(weights: list[float], rng: Rng) -> int:
    point = rng.random() * sum(weights)
    for i, w in enumerate(weights):
        point -= w
        if point < 0:
            return i
    return len(weights) - 1


register_agent("greedy", "names its strongest colour, plays its highest card in it", GAME)(
    GreedyForgeFury
)
register_playout(GAME)(ForgeFuryPlayout)
register_agent("mixed", "secret picks drawn from an equilibrium of the round's matrix game", GAME)(
    MixedForgeFury
)
