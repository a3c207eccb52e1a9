"""Information-set Monte Carlo tree search for every game, through the kernel API only.

The agent is single-observer IS-MCTS (SO-ISMCTS; Cowling, Powley and Whitehouse, 2012):

- Each iteration draws a *determinization*: ``game.determinize(view, rng)`` builds a full
  state consistent with the searching player's view (hidden cards resampled, the state's
  generator re-seeded so the search never sees the real future draws). The agent is only
  ever given ``view(player)`` and the legal actions, so it cannot peek. To save time only
  every ``REDETERMINIZE``-th iteration calls ``determinize``; the others take the last
  determinization with everything the searcher cannot see drawn anew
  (``game.redeal_hidden(state, me, rng)``, which by its contract keeps the searcher's view).
- One tree is shared by all determinizations. Its nodes are information sets *of the
  searching player*, reached by sequences of actions keyed by their text notation
  (``str(action)``); the opponents' moves are tree edges like the searcher's own.
- Selection is UCB1 with *availability counts*: an edge's exploration term uses how often
  the action was legal when its node was visited, not the node's visits, since an action
  (a card in the rival's sampled hand) may be legal in only some determinizations.
  Among the actions legal in the current determinization, one never tried is expanded
  first (picked at random); otherwise the best UCB1 edge is followed.
- After expansion a play-out of uniformly random legal moves runs to the end (capped at
  ``MAX_PLIES`` actions; a capped play-out scores by the game's heuristic), and
  ``outcome.returns()`` is backed up: each edge is credited with the return of the player
  who took that action.
- The move played is the root edge visited most (mean return breaks ties).

When determinization changes nothing (Triple Triad with Open, Forge & Fury's public
parts) this is plain UCT. Results are a function of the view, the legal actions and the
agent's generator: deterministic for a fixed seed and an iteration budget (a time budget,
``seconds``, is not).

Known weakness, by choice: single-observer search suffers *strategy fusion* (a
determinization lets the tree act as if it knew hidden cards below the root; its
opponents' in-tree moves are chosen as if they saw the searcher's cards) and
*non-locality*. The cheap, explicit mitigation kept here concerns sealed simultaneous
choices (``Decision.secret``: Forge & Fury's picks, rock-paper-scissors signs, shown
fingers): when a sealed choice is followed by another player's sealed choice, that second
player cannot know the first one, so its selection statistics are shared by all the first
player's alternatives (one table per parent node) instead of being kept per alternative;
the continuation below is still per pair of choices. When the searcher itself picks
second, the rival's sealed pick is hidden in its view, so the determinization samples it:
the agent treats it as unknown. Multi-observer search, which models each player's
information sets, would fix fusion properly at several times the cost.

Play-outs are uniformly random in every game; no per-game policy clearly beat them:

- Triple Triad, one-ply greedy play-outs on ``Game.heuristic`` (80% greedy) cost a clone
  and apply per legal action per ply; at an equal 0.05 s a move they scored 19 wins, 30
  draws, 31 losses in 80 games against random play-outs;
- Forge & Fury (Brasa), play-outs that name the strongest colour and pick the highest
  card in it (20% random): at 400 iterations against the greedy agent they won 12 of 20
  games to end, 19 of 30 cut after 8 actions (the heuristic's leader winning), beside 11
  of 20 and 15 of 30 for random play-outs: no clear gain at these sizes.

``rollout_plies`` cuts play-outs short for experiments; the levels play them to the end.

Difficulty levels, registered for every game: ``easy`` (50 iterations), ``normal``
(400; also ``ismcts``), ``hard`` (2000).
"""

from __future__ import annotations

import math
import time
from math import log, sqrt
from typing import Any

from ..kernel.actions import Action
from ..kernel.game import Game, State
from ..kernel.rng import Rng
from .base import register_agent

MAX_PLIES = 1000
"""Actions an iteration may take below the root (tree plus play-out) before it stops."""
EXPLORATION = 1.0
"""UCB1's constant: returns are in [-1, 1]."""
TIME_CHECK = 8
"""With a time budget, the clock is read every this many iterations."""
REDETERMINIZE = 16
"""A fresh ``determinize(view)`` every this many iterations; in between, ``redeal_hidden``
of the last one (everything the searcher cannot see drawn anew)."""
"""With a time budget, the clock is read every this many iterations."""

LEVELS = {"easy": 50, "normal": 400, "hard": 2000}


class _Edge:
    """Statistics of one action at one node: visits, total return, availability."""

    __slots__ = ("avail", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.avail = 0


class _Node:
    """An information set of the searching player: edge statistics and children.

    ``edges`` may be shared between siblings (a sealed reply: see the module docstring);
    ``children`` never is. ``sealed`` is the table this node's children share when their
    mover cannot see the sealed choice taken here.
    """

    __slots__ = ("children", "edges", "sealed")

    def __init__(self, edges: dict[str, _Edge] | None = None) -> None:
        self.edges: dict[str, _Edge] = {} if edges is None else edges
        self.children: dict[str, _Node] = {}
        self.sealed: dict[str, _Edge] | None = None


class ISMCTSAgent:
    """Single-observer information-set MCTS (see the module docstring)."""

    share_sealed = True  # a sealed reply's statistics shared across the sealed choices

    def __init__(
        self,
        game: Game,
        iterations: int = LEVELS["normal"],
        seconds: float | None = None,
        exploration: float = EXPLORATION,
        name: str = "ismcts",
        rollout_plies: int | None = None,
    ) -> None:
        if iterations < 1:
            raise ValueError(f"iterations must be at least 1, got {iterations}")
        self.game = game
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.name = name
        # Play-out length before the heuristic's leader is taken as the winner; None (the
        # default, and what the levels use) plays to the end.
        self.rollout_plies = rollout_plies
        self.last_iterations = 0  # how many the last act() ran (for benchmarks)
        self._notation: dict[int, tuple[Action, str]] = {}  # id(action) -> (action, notation)

    def act(self, view: dict[str, Any], legal_actions: list[Action], rng: Rng) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        root = self.search(view, rng)
        by_key = {str(a): a for a in legal_actions}
        best_key, best = None, (-1, -math.inf)
        for key in by_key:  # legal order: ties go to the first
            edge = root.edges.get(key)
            if edge is None:
                continue
            score = (edge.visits, edge.total / edge.visits if edge.visits else 0.0)
            if score > best:
                best_key, best = key, score
        if best_key is None:  # not one iteration reached a legal action (cannot happen)
            return rng.choice(legal_actions)
        return by_key[best_key]

    def search(self, view: dict[str, Any], rng: Rng) -> _Node:
        """Run the budget from ``view``; the root's edges hold the statistics."""
        game = self.game
        search_rng = Rng(rng.next_u64())
        root = _Node()
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        me = view["viewer"]
        base: State | None = None
        done = 0
        while done < self.iterations or deadline is not None:
            if (
                deadline is not None and done and done % TIME_CHECK == 0
                and time.perf_counter() >= deadline
            ):
                break
            if done % REDETERMINIZE == 0 or base is None:
                base = game.determinize(view, search_rng)
                state = base.clone()  # the play-out must not change base
            else:  # the same distribution, for a fraction of the price
                state = game.redeal_hidden(base, me, search_rng)
            self._iterate(root, state, search_rng)
            done += 1
        self.last_iterations = done
        return root

    def _iterate(self, root: _Node, state: State, rng: Rng) -> None:
        # Games hand out the same action objects again and again: their notation is
        # computed once (the entry keeps the object alive, so its id is never reused).
        notation = self._notation
        path: list[tuple[_Edge, int]] = []
        node = root
        plies = 0
        c = self.exploration
        # Selection and expansion.
        while not state.is_terminal and plies < MAX_PLIES:
            decision = state.pending
            assert decision is not None
            player = decision.player
            legal = state.legal_actions()
            edges = node.edges
            untried: list[tuple[str, Action]] = []
            best_value = -math.inf
            best: tuple[_Edge, str, Action] | None = None
            for action in legal:
                known = notation.get(id(action))
                if known is None or known[0] is not action:
                    known = notation[id(action)] = (action, str(action))
                key = known[1]
                edge = edges.get(key)
                if edge is None:
                    untried.append((key, action))
                    continue
                avail = edge.avail = edge.avail + 1
                if not untried:  # UCB1 matters only while every action so far was tried
                    visits = edge.visits
                    value = edge.total / visits + c * sqrt(log(avail) / visits)
                    if value > best_value:
                        best_value, best = value, (edge, key, action)
            if untried:
                key, action = untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
                edge = edges[key] = _Edge()
                edge.avail = 1
                expanded = True
            else:
                assert best is not None
                edge, key, action = best
                expanded = False
            state.apply_unchecked(action)
            plies += 1
            path.append((edge, player))
            child = node.children.get(key)
            if child is None:
                shared = None
                following = state.pending
                if self.share_sealed and decision.secret and following is not None and following.secret and (
                    following.player != player
                ):
                    if node.sealed is None:
                        node.sealed = {}
                    shared = node.sealed
                child = node.children[key] = _Node(shared)
            node = child
            if expanded:
                break
        # Play-out.
        stop = MAX_PLIES if self.rollout_plies is None else min(MAX_PLIES, plies + self.rollout_plies)
        while not state.is_terminal and plies < stop:
            legal = state.legal_actions()
            state.apply_unchecked(legal[rng.below(len(legal))] if len(legal) > 1 else legal[0])
            plies += 1
        returns = self._returns(state)
        for edge, player in path:
            edge.visits += 1
            edge.total += returns[player]

    def _returns(self, state: State) -> tuple[float, ...]:
        outcome = state.outcome
        if outcome is not None:
            return outcome.returns()
        # A play-out cut at MAX_PLIES: the heuristic's leader wins.
        players = self.game.num_players
        values = [self.game.heuristic(state, p) for p in range(players)]
        top = max(values)
        leaders = [p for p in range(players) if values[p] == top]
        if len(leaders) > 1:
            return tuple(0.0 for _ in range(players))
        return tuple(1.0 if p == leaders[0] else -1.0 for p in range(players))


def _level(name: str, iterations: int) -> Any:
    def factory(game: Game) -> ISMCTSAgent:
        return ISMCTSAgent(game, iterations=iterations, name=name)

    return factory


for _name, _iterations in LEVELS.items():
    register_agent(_name, f"IS-MCTS, {_iterations} iterations a move")(_level(_name, _iterations))
register_agent("ismcts", f"IS-MCTS, {LEVELS['normal']} iterations a move (= normal)")(
    _level("ismcts", LEVELS["normal"])
)
