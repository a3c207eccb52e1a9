"""Forge & Fury agents: greedy; the levels ``easy``, ``normal`` and ``hard``, which read the
round instead of searching; and ``mixed``, which randomises its secret pick from an
equilibrium of the round's matrix game so that no fixed strategy exploits it.

Why no search for the levels: a game is fifty rounds of three-card hands, most of it the luck
of the deal, and IS-MCTS budgets barely told levels apart here (50, 400 and 2,000 iterations a
move: easy 55% against greedy, normal 60% against easy, hard 45% against normal in the ladder
of docs/sim.md before these levels). Reading the round, the best reply to a rival who plays
its strongest card in the named colour, priced by what keeping a card is worth, beat greedy
in 65% of paired games at a fiftieth of the search's time a move; and how a card's worth is
priced, and whether the rival's choice of colour is read, separate the levels above it
(docs/sim.md, "Forge & Fury"). ``ismcts`` stays the generic search, with this play-out.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..games.forge_fury import ForgeFury
from ..games.forge_fury.actions import ChooseColour, Pick
from ..games.forge_fury.cards import COLOURS
from ..games.forge_fury.rules import OTHER_COLOURS
from ..kernel.actions import Action
from ..kernel.game import Game, State
from ..kernel.rng import Rng
from .base import register_agent
from .explain import Explanation, Option
from .mcts import Playout, register_playout

GAME = "forge-fury"
PLAYOUT_SPREAD = 0.7
"""The spread of a round's noise in the play-out's normal law (``ForgeFuryPlayout.spread``),
read by the levels that read the round too. A module constant: the compiled build cannot read
a class's attribute through the class."""


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


def priced_worth(game: ForgeFury, named: float) -> list[float]:
    """What keeping each card is worth: ``named`` of its chance in its best colour plus the
    rest of its mean chance over the colours. Every card is played sooner or later, and a
    round's winner names the next colour, so a card strong in one colour is often played in
    it: ``named`` 0 prices every colour alike (``card_worth``), 1 as if always named."""
    return [named * max(w) + (1.0 - named) * sum(w) / 3 for w in game.colour_worth()]


class _RoundReader:
    """What the round-reading agents share: the rival's hands sampled from what is left of
    their deck list, and the round's payoff of each of my cards against each of theirs."""

    samples = 24
    chooser_bonus = 0.3  # winning a round also names the next colour
    keep_weight = 1.0
    named = 0.0  # ``priced_worth``'s share of a card's best colour
    read_colour = False  # sample the rival's hands as their choice of colour suggests

    def __init__(self, game: Game) -> None:
        assert isinstance(game, ForgeFury)
        self.game = game
        self.worth = priced_worth(game, self.named)

    def _rival_pool(self, view: dict[str, Any], me: int) -> list[int]:
        """The rival's cards not yet seen: their deck list less their cards in the piles."""
        game, zones, rival = self.game, view["zones"], 1 - me
        seen = Counter(
            _ids(game, zones[f"recovery{rival}"]["cards"] + zones[f"conquest{me}"]["cards"])
        )
        decklist = view["decklists"][rival]
        if decklist is None:  # private lists: anything not seen may be there
            return [c for c in range(len(game.cards)) if c not in seen]
        return list((Counter(_ids(game, decklist)) - seen).elements())

    def _rival_hands(self, view: dict[str, Any], me: int, rng: Rng,
                     likely: Callable[[list[int]], bool] | None = None) -> list[list[int]]:
        """``samples`` hands the rival may hold (their pick included); with ``likely``, drawn
        among the hands it accepts, for up to ``READ_TRIES`` draws a sample (then any)."""
        zones, pool = view["zones"], self._rival_pool(view, me)
        rival = 1 - me
        size = min(zones[f"hand{rival}"]["count"] + zones[f"pick{rival}"]["count"], len(pool))
        if not size:
            return []
        if likely is not None:
            hands: list[list[int]] = []
            for _ in range(self.samples * READ_TRIES):
                hand = rng.sample(pool, size)
                if likely(hand):
                    hands.append(hand)
                    if len(hands) == self.samples:
                        return hands
        return [rng.sample(pool, size) for _ in range(self.samples)]

    def _named_by(self, view: dict[str, Any], me: int, colour: int) -> Callable[[list[int]], bool] | None:
        """When the rival named ``colour`` and the agent reads it (``read_colour``): hands
        whose highest value is in ``colour`` (greedy's reason to name it), else ``None``."""
        if not self.read_colour or view["chooser"] == me:
            return None
        values = self.game.values
        return lambda hand: max(values[b][colour] for b in hand) == max(max(values[b]) for b in hand)

    def _payoff(self, mine: list[int], rivals: list[list[int]], colour: int) -> list[list[float]]:
        """Rows: my cards; columns: the rival's k-th strongest card in ``colour``. Entry (my
        card, k) averages over the sampled hands ``(1 + chooser_bonus) * result -
        keep_weight * (worth(mine) - worth(theirs))``, ``result`` +1 / -1 / 0 (a tie goes to
        the mini-game)."""
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


READ_TRIES = 20
"""Draws a wanted sample may take when a level reads the rival's colour (see ``Reading``)."""


class MixedForgeFury(_RoundReader):
    """Game-theoretic secret picks.

    The round is a Bayesian game: the rival's hand is unknown, drawn from the cards not
    yet seen (their deck list minus their cards in the piles). It is solved in a normal
    form whose rival strategies do not depend on the hand they hold: "play your k-th
    strongest card in the named colour" (``_payoff``, a card's worth counting half its best
    colour, ``named``; when the rival named the colour, their sampled hands hold its highest
    value, ``read_colour``, as ``hard``'s do: so it scores 55% against ``normal`` in paired
    deals, where pricing every colour alike and reading nothing scored 48%). Regret matching
    (RM+) finds an equilibrium; the pick is drawn from it, so no fixed strategy exploits a
    pattern in it. As chooser it names the colour whose game is worth most to it.
    """

    name = "mixed"
    iterations = 100
    named = 0.5
    read_colour = True

    def act(self, view: dict[str, Any], legal_actions: list[Action], rng: Rng) -> Action:
        first = legal_actions[0]
        if not isinstance(first, ChooseColour | Pick):
            return rng.choice(legal_actions)  # the mini-games' equilibrium is uniform
        me = view["to_move"]
        hand = _ids(self.game, view["zones"][f"hand{me}"]["cards"])
        if isinstance(first, ChooseColour):
            rivals = self._rival_hands(view, me, rng)
            worth = [_regret_matching(self._payoff(hand, rivals, c), self.iterations)[1] for c in range(3)]
            best = max(worth)
            return legal_actions[rng.choice([c for c in range(3) if worth[c] == best])]
        colour = COLOURS.index(view["colour"])
        rivals = self._rival_hands(view, me, rng, self._named_by(view, me, colour))
        strategy, _ = _regret_matching(self._payoff(hand, rivals, colour), self.iterations)
        choice = hand[_draw(strategy, rng)]
        return next(a for a in legal_actions if a.card == choice)  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Reading:
    """A reading level's parameters (``ReadingForgeFury``)."""

    careless: float
    """The share of its decisions (colours and picks) it plays as ``greedy`` does."""
    keep_weight: float
    """What keeping a card is worth against winning the round (``_RoundReader._payoff``)."""
    named: float
    """The share of a card's worth that is its best colour's (``priced_worth``)."""
    read_colour: bool
    """Read the rival's colour: when they named it, their sampled hands hold its highest value."""


LEVELS = {
    "easy": Reading(careless=0.5, keep_weight=1.0, named=0.0, read_colour=False),
    "normal": Reading(careless=0.0, keep_weight=1.0, named=0.0, read_colour=False),
    "hard": Reading(careless=0.0, keep_weight=1.5, named=0.5, read_colour=True),
}
"""Forge & Fury's levels, chosen by paired games (docs/sim.md, "Forge & Fury"): ``normal`` is
the plain reply; ``easy`` plays half its decisions as ``greedy`` (a level between greedy and
normal: nothing but carelessness separated levels below normal); ``hard`` prices a card's
best colour, keeps cards more, and reads the rival's colour."""


class ReadingForgeFury(_RoundReader):
    """Reads the round: the best reply to a rival who plays the strongest card in the named
    colour of the hand they may hold (column 0 of ``_payoff``), so it wins a round with the
    weakest card likely to win it and gives away a round it is likely to lose with the card
    worth least; as chooser, it names the colour whose best reply is worth most. Ties are
    broken by its generator.

    Its explanation (``explain``) prices each option on the play-out's scale
    (``ForgeFuryPlayout.evaluate``): the chance to win if the rounds after this one add
    noise, from the rounds won so far, the option's payoff and the worth of the cards left.
    """

    def __init__(self, game: Game, name: str, level: Reading) -> None:
        self.name, self.level = name, level
        self.keep_weight, self.named, self.read_colour = level.keep_weight, level.named, level.read_colour
        super().__init__(game)
        self.greedy = GreedyForgeFury(game)

    @property
    def iterations(self) -> int:
        """The size of a decision's reading (an explanation's ``iterations``): the rival's
        hands it samples."""
        return self.samples

    def act(self, view: dict[str, Any], legal_actions: list[Action], rng: Rng) -> Action:
        return self.explain(view, legal_actions, rng)[0]

    def explain(self, view: dict[str, Any], legal_actions: list[Action], rng: Rng,
                search_alone: bool = False) -> tuple[Action, Explanation]:
        """``act``'s choice with the same ``rng``, and its options best first; a careless
        move is its explanation's only option, as greedy weighs no other. The value before
        the move is the mean of the options weighed."""
        first = legal_actions[0]
        if not isinstance(first, ChooseColour | Pick) or (len(legal_actions) == 1 and not search_alone):
            action = legal_actions[0] if len(legal_actions) == 1 else rng.choice(legal_actions)
            return action, Explanation(self.name, (Option(str(action), 0, 0.0),), None, 0)
        careless = self.level.careless > 0 and rng.random() < self.level.careless
        if careless:
            chosen = self.greedy.act(view, legal_actions, rng)
        me = view["to_move"]
        hand = _ids(self.game, view["zones"][f"hand{me}"]["cards"])
        if isinstance(first, ChooseColour):
            rivals = self._rival_hands(view, me, rng)
            values = [max(self._reply(hand, rivals, c)) for c in range(3)]
            options = legal_actions
        else:
            colour = COLOURS.index(view["colour"])
            rivals = self._rival_hands(view, me, rng, self._named_by(view, me, colour))
            by_card = self._reply(hand, rivals, colour)
            options = [next(a for a in legal_actions if a.card == c) for c in hand]  # type: ignore[attr-defined]
            values = by_card
        if not careless:
            best = max(values)
            chosen = options[rng.choice([i for i, v in enumerate(values) if v == best])]
        order = sorted(range(len(options)), key=lambda i: (options[i] is not chosen, -values[i]))
        if careless:  # played without weighing the others
            order = order[:1]
        chances = [self._value(view, me, values[i]) for i in order]
        ranked = tuple(Option(str(options[i]), len(rivals), v) for i, v in zip(order, chances, strict=True))
        before = sum(chances) / len(chances)
        return chosen, Explanation(self.name, ranked, before, len(rivals))

    def _reply(self, mine: list[int], rivals: list[list[int]], colour: int) -> list[float]:
        """Each of my cards' payoff against the rival's strongest card in ``colour``."""
        return [row[0] for row in self._payoff(mine, rivals, colour)]

    def _value(self, view: dict[str, Any], me: int, payoff: float) -> float:
        """A mean return in [-1, 1]: the lead in rounds won, plus this round's ``payoff`` (in
        rounds: the result, the colour named next, the worth of the two cards played), plus
        the worth of the cards left, under the play-out's normal law of the rounds to play."""
        zones, worth = view["zones"], self.worth
        rival = 1 - me
        score = [zones[f"recovery{p}"]["count"] + zones[f"conquest{p}"]["count"] for p in (0, 1)]
        mine = _ids(self.game, view["decklists"][me]) if view["decklists"][me] is not None else []
        mine_left = (Counter(mine) - Counter(_ids(
            self.game, zones[f"recovery{me}"]["cards"] + zones[f"conquest{rival}"]["cards"])))
        theirs_left = self._rival_pool(view, me)
        kept = 0.0  # summed in a float: the compiled build reads sum() of floats as an int
        for card, copies in mine_left.items():
            kept += worth[card] * copies
        for card in theirs_left:
            kept -= worth[card]
        margin = (score[me] - score[rival]) / 2 + payoff + self.keep_weight * kept
        rounds = max(1, zones[f"deck{me}"]["count"] + zones[f"hand{me}"]["count"])
        return math.erf(margin / (PLAYOUT_SPREAD * math.sqrt(rounds) * math.sqrt(2)))


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
    spread = PLAYOUT_SPREAD
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


def _level(name: str, level: Reading) -> Callable[[Game], ReadingForgeFury]:
    def factory(game: Game) -> ReadingForgeFury:
        return ReadingForgeFury(game, name, level)

    return factory


SUMMARIES = {
    "easy": "reads the round, but plays half its moves as greedy does",
    "normal": "reads the round: the best reply to the rival's strongest card",
    "hard": "reads the round and the rival's colour, and keeps its strong cards",
}
"""Each level's line (``tcgkit agents``, the lobby's "Advanced")."""

for _name, _reading in LEVELS.items():
    register_agent(_name, SUMMARIES[_name], GAME)(_level(_name, _reading))
