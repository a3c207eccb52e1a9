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
- After expansion a *play-out* runs, by the game's registered ``Playout`` policy
  (``register_playout``) or, for a game without one, uniformly random legal moves to the
  end (capped at ``MAX_PLIES`` actions, a capped play-out scored by ``Playout.evaluate``:
  the players ranked by the game's heuristic). The game's returns (``outcome.returns()``,
  one value per player by place, or ``evaluate`` for a play-out the policy cuts after
  ``plies`` actions) are backed up: each edge is credited with the return of the player
  who took that action.
- Any number of players (max^n style): every player in the tree maximises its own return.
  The statistics are per player in the only form selection reads them: an edge is an
  action of one player, the one to move at its node, so it keeps that player's return;
  the other players' components of the return vector would be stored on every backup and
  never read. Where who moves next depends on hidden cards (in one determinization a
  player answers, in another it has no answer and the next player is asked), each mover
  gets its own node at that point of the tree (``_Node.for_mover``), so two players'
  returns never mix in one edge. Two players is the same zero-sum search as before (the
  loser's -1 is the winner's +1): the same trees and choices, seed for seed.
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

Play-out policies. The search itself knows no game; a policy only plays moves on the
determinized state and scores where it stops. Triple Triad has none (uniform play-outs are
9 moves at most, and one-ply greedy play-outs on ``Game.heuristic`` lost to them at an
equal time budget). Forge & Fury registers one (``agents/forge_fury.py``): fifty rounds of
random picks drown the one or two rounds a decision changes (``normal`` lost to the greedy
agent with them), so its play-outs play the round after the tree greedily and score rounds
won plus the worth of the cards left to play, which took ``normal`` past greedy.
``rollout_plies`` overrides a policy's length, for experiments.

Speed: nodes cache the last legal list they saw with each action's notation and edge (a
list compares in C, and a node mostly sees the same list again), UCB1 reads a table of
logarithms and a mean kept by the backup, and expansion counts availability in one pass;
the same trees, seed for seed, as the straightforward loop.

Difficulty levels, registered for every game unless it registers its own: ``easy`` (50
iterations), ``normal`` (400; also ``ismcts``), ``hard`` (2000). A game may register its
own (``register_levels`` with a ``Level`` each), as Conflictus, Monster Collection and Final
Fantasy TCG do for their budgets and Triple Triad for its ``easy`` (75 iterations: its two
lower steps even, ``agents/triple_triad.py``; Forge & Fury's read the round instead:
``agents/forge_fury.py``). A ``Level`` may also name a play-out of its own (Conflictus's
``hard``: a fitted leaf) and a share of careless moves (``agents/base.py``,
``CarelessAgent``): a level below ``normal`` then slips in that share of its decisions, for
where budgets alone do not set the levels apart (docs/sim.md, "Measured ladders", says where
it was tried and what a slip costs in each game).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from math import log, sqrt
from typing import Any, cast

from ..kernel.actions import Action, Decision
from ..kernel.game import Game, State, rank_returns
from ..kernel.rng import Rng
from .base import Agent, CarelessSearch, register_agent
from .explain import TOP, Explanation, Option

MAX_PLIES = 1000
"""Actions an iteration may take below the root (tree plus play-out) before it stops."""
EXPLORATION = 1.0
"""UCB1's constant: returns are in [-1, 1]."""
TIME_CHECK = 8
"""With a time budget, the clock is read every this many iterations."""
REDETERMINIZE = 16
"""A fresh ``determinize(view)`` every this many iterations; in between, ``redeal_hidden``
of the last one (everything the searcher cannot see drawn anew)."""

NOTATION_CACHE = 100_000
"""Action objects whose notation an agent remembers; beyond that it starts afresh."""

LEVELS = {"easy": 50, "normal": 400, "hard": 2000}


class Playout:
    """How an iteration goes on below the tree, and what a play-out cut short is worth.

    This base plays uniformly random moves to the end, in any game. A game may register a
    subclass (``register_playout``) with a better move rule (``act``), a length (``plies``)
    after which ``evaluate`` scores the position instead of playing on, or both.
    """

    plies: int | None = None
    """Play-out actions before ``evaluate`` scores the state; ``None`` plays to the end."""
    uniform = True
    """``act`` is uniformly random: the search then runs its own, inlined loop."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def act(self, state: State[Any], legal: list[Action], rng: Rng) -> Action:
        return legal[rng.below(len(legal))] if len(legal) > 1 else legal[0]

    def evaluate(self, state: State[Any]) -> tuple[float, ...]:
        """Every player's return in [-1, 1] for an unfinished state, one per player: the
        players ranked by the game's heuristic and valued by place as a finished game is
        (``rank_returns``; two players: the leader +1, the other -1, 0 each on a tie)."""
        game = self.game
        values = [game.heuristic(state, p) for p in range(game.num_players)]
        return rank_returns(tuple(sum(v > mine for v in values) for mine in values))


PLAYOUTS: dict[str, Callable[[Game], Playout]] = {}
"""Play-out policies by game name; a game without one gets the uniform ``Playout``."""


def register_playout(game_name: str) -> Callable[[Callable[[Game], Playout]], Callable[[Game], Playout]]:
    def add(factory: Callable[[Game], Playout]) -> Callable[[Game], Playout]:
        PLAYOUTS[game_name] = factory
        return factory

    return add


def playout_for(game: Game) -> Playout:
    """The play-out policy registered for ``game``, or uniform random play."""
    return PLAYOUTS.get(game.name, Playout)(game)


class _Edge:
    """Statistics of one action at one node: visits, total and mean return, availability."""

    __slots__ = ("avail", "mean", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.mean = 0.0  # total / visits, kept by the backup: selection reads it every visit
        self.avail = 0


class _Node:
    """An information set of the searching player: edge statistics and children.

    ``edges`` may be shared between siblings (a sealed reply: see the module docstring);
    ``children`` never is. ``sealed`` is the table this node's children share when their
    mover cannot see the sealed choice taken here. ``legal``, ``keys`` and ``slots`` cache
    the last legal list seen here with each action's notation and edge (``None`` until it
    has one): a node usually sees the same list again, and a list compares in C.

    ``mover`` is the player whose statistics the edges hold (-1 until the first visit).
    Who moves after a sequence of actions may depend on hidden cards (a player with no
    possible response passes without being asked), so a visit with another player to move
    goes to that player's own node, ``others[player]``, never mixing two players' returns.
    """

    __slots__ = ("children", "edges", "keys", "legal", "mover", "others", "sealed", "slots")

    def __init__(self, edges: dict[str, _Edge] | None = None, mover: int = -1) -> None:
        self.edges: dict[str, _Edge] = {} if edges is None else edges
        self.children: dict[str, _Node] = {}
        self.sealed: dict[str, _Edge] | None = None
        self.legal: list[Action] = []
        self.keys: list[str] = []
        self.slots: list[_Edge | None] = []
        self.mover = mover
        self.others: dict[int, _Node] | None = None

    def for_mover(self, player: int) -> _Node:
        """The node holding ``player``'s statistics at this information set."""
        if self.mover < 0:
            self.mover = player
            return self
        if self.others is None:
            self.others = {}
        node = self.others.get(player)
        if node is None:
            node = self.others[player] = _Node(mover=player)
        return node


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
        playout: Playout | None = None,
    ) -> None:
        if iterations < 1:
            raise ValueError(f"iterations must be at least 1, got {iterations}")
        self.game = game
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.name = name
        self.playout = playout_for(game) if playout is None else playout
        # Play-out length before ``evaluate`` scores the state; None takes the policy's.
        self.rollout_plies = self.playout.plies if rollout_plies is None else rollout_plies
        self.last_iterations = 0  # how many the last act() ran (for benchmarks)
        self._key_of: dict[int, str] = {}  # id(action) -> notation, for the actions in _seen
        self._seen: list[Action] = []
        self._logs: list[float] = [0.0]  # log(n) by n, for UCB1 (a lookup beats a call)
        self._extend_logs(iterations + 2)

    def act(self, view: dict[str, Any], legal_actions: list[Action], rng: Rng) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        root = self.search(view, rng)
        ranked = self._ranked(root, legal_actions)
        if not ranked:  # not one iteration reached a legal action (cannot happen)
            return rng.choice(legal_actions)
        return ranked[0][0]

    def explain(self, view: dict[str, Any], legal_actions: list[Action], rng: Rng,
                search_alone: bool = False) -> tuple[Action, Explanation]:
        """``act``'s choice with the same ``rng``, and why (``agents/explain.py``): the same
        search, read once more. ``search_alone`` searches a lone legal move too (``act``
        does not), for its chance to win."""
        if len(legal_actions) == 1 and not search_alone:
            return legal_actions[0], Explanation(self.name, (Option(str(legal_actions[0]), 0, 0.0),), None, 0)
        root = self.search(view, rng)
        ranked = self._ranked(root, legal_actions)
        if not ranked:
            choice = rng.choice(legal_actions)
            return choice, Explanation(self.name, (Option(str(choice), 0, 0.0),), None, 0)
        options = tuple(Option(str(action), edge.visits, edge.mean) for action, edge in ranked[:TOP])
        visits = sum(edge.visits for edge in root.edges.values())
        total = sum(edge.total for edge in root.edges.values())
        return ranked[0][0], Explanation(self.name, options, total / visits if visits else None,
                                         self.last_iterations)

    @staticmethod
    def _ranked(root: _Node, legal_actions: list[Action]) -> list[tuple[Action, _Edge]]:
        """The root's legal moves the search tried, best first: most visits, then the higher
        mean return; ties keep the legal order (the first legal one is played)."""
        by_key = {str(a): a for a in legal_actions}
        tried = [(by_key[key], root.edges[key]) for key in by_key if key in root.edges]
        return sorted(tried, key=lambda pair: (-pair[1].visits, -(pair[1].total / pair[1].visits
                                                                   if pair[1].visits else 0.0)))

    def search(self, view: dict[str, Any], rng: Rng) -> _Node:
        """Run the budget from ``view``; the root's edges hold the statistics."""
        game = self.game
        search_rng = Rng(rng.next_u64())
        root = _Node()
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        me = view["viewer"]
        if len(self._seen) > NOTATION_CACHE:  # a game that makes new action objects each time
            self._key_of, self._seen = {}, []
        base: State[Any] | None = None
        done = 0
        while done < self.iterations or deadline is not None:
            if (
                deadline is not None and done and done % TIME_CHECK == 0
                and time.perf_counter() >= deadline
            ):
                break
            if len(self._logs) < done + 2:  # an edge's availability is at most done + 1
                self._extend_logs(done + 2)
            if done % REDETERMINIZE == 0 or base is None:
                base = game.determinize(view, search_rng)
                state = base.clone()  # the play-out must not change base
            else:  # the same distribution, for a fraction of the price
                state = game.redeal_hidden(base, me, search_rng)
            self._iterate(root, state, search_rng)
            done += 1
        self.last_iterations = done
        return root

    def _iterate(self, root: _Node, state: State[Any], rng: Rng) -> None:
        logs = self._logs
        path: list[tuple[_Edge, int]] = []
        node = root
        plies = 0
        c = self.exploration
        # Selection and expansion.
        while state.decisions and plies < MAX_PLIES:
            decision = state.decisions[-1]
            if decision.player != node.mover:
                node = node.for_mover(decision.player)
            legal = state.legal_actions()
            edges = node.edges
            keys: list[str]
            slots: list[_Edge | None]
            if legal != node.legal:  # equal actions have equal notation
                known = list(map(self._key_of.get, map(id, legal)))
                keys = self._keys(legal) if None in known else cast(list[str], known)
                node.legal, node.keys = legal, keys
                node.slots = slots = list(map(edges.get, keys))
            else:
                keys, slots = node.keys, node.slots
                if None in slots:  # an edge may have been made since, here or by a sibling
                    node.slots = slots = list(map(edges.get, keys))
            edge: _Edge
            if None in slots:  # expand an untried action; the others were available
                for tried in filter(None, slots):
                    tried.avail += 1
                untried = [i for i, slot in enumerate(slots) if slot is None]
                i = untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
                edge = slots[i] = edges[keys[i]] = _Edge()
                edge.avail = 1
                expanded = True
            else:  # UCB1
                best_value = -math.inf
                full = cast(list[_Edge], slots)
                for j, edge in enumerate(full):
                    avail = edge.avail = edge.avail + 1
                    value = edge.mean + c * sqrt(logs[avail] / edge.visits)
                    if value > best_value:
                        best_value, i = value, j
                edge = full[i]
                expanded = False
            state.apply_unchecked(legal[i])
            plies += 1
            path.append((edge, decision.player))
            key = keys[i]
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = self._child(node, decision, state)
            node = child
            if expanded:
                break
        # Play-out.
        stop = MAX_PLIES if self.rollout_plies is None else min(MAX_PLIES, plies + self.rollout_plies)
        playout = self.playout
        if playout.uniform:
            below = rng.below
            while state.decisions and plies < stop:
                legal = state.legal_actions()
                state.apply_unchecked(legal[below(len(legal))] if len(legal) > 1 else legal[0])
                plies += 1
        else:
            while state.decisions and plies < stop:
                state.apply_unchecked(playout.act(state, state.legal_actions(), rng))
                plies += 1
        outcome = state.outcome
        returns = outcome.returns() if outcome is not None else playout.evaluate(state)
        for edge, player in path:
            visits = edge.visits = edge.visits + 1
            total = edge.total = edge.total + returns[player]
            edge.mean = total / visits

    def _keys(self, legal: list[Action]) -> list[str]:
        """Each action's notation, computed once per action object: games hand out the same
        objects again and again. ``_seen`` keeps them alive, so their ids are not reused."""
        key_of = self._key_of
        for action in legal:
            if id(action) not in key_of:
                key_of[id(action)] = str(action)
                self._seen.append(action)
        return [key_of[id(action)] for action in legal]

    def _extend_logs(self, size: int) -> None:
        logs = self._logs
        logs += [log(n) for n in range(len(logs), max(size, 2 * len(logs)))]

    def _child(self, node: _Node, decision: Decision, state: State[Any]) -> _Node:
        following = state.pending
        if (
            self.share_sealed and decision.secret and following is not None and following.secret
            and following.player != decision.player
        ):
            if node.sealed is None:
                node.sealed = {}
            return _Node(node.sealed, following.player)
        return _Node(mover=-1 if following is None else following.player)


@dataclass(frozen=True)
class Level:
    """A search level of one game: its budget, its share of careless moves and, where it has
    one of its own, how its leaves are scored.

    ``careless`` is the share of decisions (with a choice) in which the level plays a random
    legal move instead of searching (``CarelessAgent``): where a game's skill range is too
    narrow for budgets alone to set every level clearly above the one below, a lower level
    searches as a stronger one does and slips in a stated share of its moves.

    ``playout`` builds the level's own play-out for a game (Conflictus's ``hard`` scores its
    leaves by a fitted model); without it the level plays the game's registered one.
    ``scored`` then says how those leaves are scored, for the summary, in place of what
    ``register_levels`` says of the game's."""

    iterations: int
    careless: float = 0.0
    playout: Callable[[Game], Playout] | None = None
    scored: str | None = None

    def describe(self, scored: str = "") -> str:
        """The level's one-line summary, as ``tcgkit sim --list-agents`` shows it."""
        scored = scored if self.scored is None else self.scored
        slips = f", a random move in {self.careless * 100:g} percent of its decisions"
        return f"IS-MCTS, {self.iterations} iterations a move{scored}{slips if self.careless else ''}"


def level_agent(game: Game, name: str, level: Level) -> Agent:
    """``level``'s agent for ``game``: the search (on the level's own play-out, if it has one),
    slipping if the level is careless."""
    playout = None if level.playout is None else level.playout(game)
    search = ISMCTSAgent(game, iterations=level.iterations, name=name, playout=playout)
    return CarelessSearch(search, level.careless, name) if level.careless else search


def register_levels(levels: dict[str, Level], game: str | None = None, scored: str = "") -> None:
    """Register ``levels`` by name (``game``'s own, or for every game) and ``ismcts`` as
    ``normal``; ``scored`` says how the game's leaves are scored, for the summaries.
    ``normal`` and the levels above it never slip: ``normal`` gives the hints
    (``agents/assist.py``), whose move must be the search's own."""
    if levels["normal"].careless or levels.get("hard", levels["normal"]).careless:
        raise ValueError("normal and hard search every move: only the levels below them may be careless")

    def factory(name: str, level: Level) -> Callable[[Game], Agent]:
        return lambda game_: level_agent(game_, name, level)

    for name, level in levels.items():
        register_agent(name, level.describe(scored), game)(factory(name, level))
    normal = levels["normal"]
    register_agent("ismcts", f"IS-MCTS, {normal.iterations} iterations a move (= normal)", game)(
        factory("ismcts", normal))


register_levels({name: Level(iterations) for name, iterations in LEVELS.items()})
