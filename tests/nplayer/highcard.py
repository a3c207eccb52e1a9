"""High Card, a 2-4 player fixture game for the N-player machinery (sim, IS-MCTS, replays,
the conformance suite); not a registered game of the engine.

Cards 1..30, shuffled by the seed; each player is dealt 5 (a hand only its owner sees),
the rest stay in a hidden stock. Each round the leader calls it high or low (a public
choice); then every player still in, from the leader on in seat order, plays a card face
down (a sealed decision). The cards are turned over: in a high round the highest card
scores a point and the lowest costs a life, in a low round the other way round; a player
with no lives left is out, and the lead passes to the next player in. The game ends when
one player is left (``last one standing``) or the hands are played out; the players still
in rank by points, those out by when they went out.
The position notation is the state's JSON on one line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict

from tcgkit.kernel import (
    HIDDEN,
    OWNER,
    Action,
    Decision,
    Entry,
    Field,
    Game,
    NotationError,
    Outcome,
    Rng,
    State,
    StateSpec,
    Zone,
)
from tcgkit.kernel import values as v

POOL = tuple(range(1, 31))
HAND = 5
LIVES = 2


class HighCardOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


@dataclass(frozen=True, slots=True)
class Play(Action):
    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Call(Action):
    high: bool

    def __str__(self) -> str:
        return "call high" if self.high else "call low"


CALLS: list[Action] = [Call(True), Call(False)]


class HighCardState(State):
    SPEC = StateSpec(
        zones=(Zone("hand", seen=OWNER, attr="hands"), Zone("table", seen=OWNER, single=True),
               Zone("stock", seen=HIDDEN, shared=True), Zone("discard", shared=True)),
        fields=(Field("deck", v.TupleOf(v.Card())), Field("lives", v.PerPlayer(v.Int(0))),
                Field("points", v.PerPlayer(v.Int(0))), Field("out", v.ListOf(v.Player())),
                Field("leader", v.Player()), Field("call", v.Opt(v.Bool())), Field("drawn", v.Opt(v.Text()))),
        log=(Entry("call", (("player", v.Player()), ("high", v.Bool()))),
             Entry("played", (("player", v.Player()),)),
             Entry("reveal", (("cards", v.PerPlayer(v.Opt(v.Card()))), ("high", v.Player()),
                              ("low", v.Player()))),
             Entry("out", (("player", v.Player()),))),
        decklists="deck",
        table_pool=True,
    )

    def __init__(self, game: HighCard, rng: Rng) -> None:
        n = game.num_players
        self.game, self.rng = game, rng
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.table: list[int | None] = [None] * n
        self.stock: list[int] = []
        self.discard: list[int] = []
        self.lives, self.points = [LIVES] * n, [0] * n
        self.out: list[int] = []  # players out, first out first
        self.leader = 0
        self.call: bool | None = None  # this round's call once made: high (True) or low
        self.drawn: str | None = None  # why the game ended as a draw (the decision limits)
        self.deck = POOL
        self.decisions: list[Decision] = []
        self.log: list[tuple[Any, ...]] = []
        self.version = 0

    def alive(self) -> list[int]:
        return [p for p in range(self.game.num_players) if p not in self.out]

    def legal_actions(self) -> list[Action]:
        if not self.decisions:
            return []
        if self.call is None:
            return CALLS
        return [Play(card) for card in sorted(self.hands[self.decisions[-1].player])]

    def apply_unchecked(self, action: Action) -> None:
        self.version += 1
        player = self.decisions.pop().player
        if isinstance(action, Call):
            self.call = action.high
            self.log.append(("call", player, action.high))
            self._next()
            return
        assert isinstance(action, Play)
        self.hands[player].remove(action.card)
        self.table[player] = action.card
        self.log.append(("played", player))
        self._next()

    def _next(self) -> None:
        """Ask the next player in, from the leader on, or turn the cards over."""
        n = self.game.num_players
        for step in range(n):
            p = (self.leader + step) % n
            if p not in self.out and self.table[p] is None:
                self.decisions.append(Decision(p, "play", secret=True))
                return
        shown = {p: c for p, c in enumerate(self.table) if c is not None}
        high, low = max(shown, key=shown.__getitem__), min(shown, key=shown.__getitem__)
        if not self.call:
            high, low = low, high
        self.points[high] += 1
        self.lives[low] -= 1
        self.log.append(("reveal", tuple(self.table), high, low))
        if self.lives[low] == 0:
            self.out.append(low)
            self.log.append(("out", low))
        self.discard += shown.values()
        self.table, self.call = [None] * n, None
        alive = self.alive()
        if len(alive) > 1 and self.hands[alive[0]]:
            self.leader = next(p for p in alive if p > self.leader) if self.leader < alive[-1] else alive[0]
            self.decisions.append(Decision(self.leader, "call"))

    def end_as_draw(self, reason: str) -> None:
        self.decisions.clear()
        self.drawn = reason

    def default_action(self, decision: Decision) -> Action:
        return self.legal_actions()[0]  # call high, or the lowest card of one's own hand

    @property
    def outcome(self) -> Outcome | None:
        if self.decisions:
            return None
        if self.drawn is not None:  # the players still in share first place
            return Outcome.from_elimination(self.game.num_players, self.out, self.drawn)
        alive = self.alive()
        reason = "last one standing" if len(alive) == 1 else "the hands are played out"
        return Outcome.from_elimination(self.game.num_players, self.out, reason, self.points)

    def problems(self) -> list[str]:
        n = self.game.num_players
        if any(d.kind not in ("call", "play") for d in self.decisions):
            return ["a decision of a kind High Card does not have"]
        if self.decisions and (self.decisions[-1].kind == "call") != (self.call is None):
            return ["a call is asked when made, or a card before the call"]
        if self.drawn is not None and self.decisions:
            return ["drawn: the reason of a game ended as a draw, with no one to move"]
        return [] if len(self.decisions) <= 1 and self.leader < n else ["one decision at a time"]


class HighCard(Game):
    name = "highcard"
    title = "High Card"
    summary = "2-4 player fixture: high card scores, low card costs a life"
    Options = HighCardOptions
    state_class = HighCardState
    min_players = 2
    max_players = 4
    example_options = [{}, {"players": 3}, {"players": 4}]

    def new_state(self, seed: int = 0, decks: Any = None) -> HighCardState:
        if decks is not None and [sorted(map(int, d)) for d in decks] != [list(POOL)]:
            raise NotationError("highcard: decks must be one deck, the cards 1..30")
        state = HighCardState(self, Rng(seed))
        pool = list(POOL)
        state.rng.shuffle(pool)
        for p in range(self.num_players):
            state.hands[p] = pool[p * HAND:(p + 1) * HAND]
        state.stock = pool[self.num_players * HAND:]
        state.decisions.append(Decision(0, "call"))
        return state

    def validate_deck(self, deck: list[str]) -> list[str]:
        return [] if sorted(deck, key=int) == [str(c) for c in POOL] else ["a deck is the cards 1..30"]

    def sample_decks(self, rng: Rng) -> list[list[str]]:
        return [[str(c) for c in POOL]]

    def card_data_hash(self) -> str:
        return "highcard-1-30"

    def card_count(self) -> int:
        return POOL[-1] + 1  # a card's id is its number (no card 0)

    def card_key(self, card: int) -> int:
        return card

    def parse_action(self, state: Any, text: str, player: int) -> Action:
        word, _, rest = text.strip().partition(" ")
        rest = rest.strip()
        if word == "call" and rest in ("high", "low"):
            return Call(rest == "high")
        if word != "play" or not rest.isdigit():
            raise NotationError(f"{text!r}: an action is 'call high', 'call low' or 'play N' (a card)")
        return Play(int(rest))

    def heuristic(self, state: State, player: int) -> float:
        assert isinstance(state, HighCardState)
        return 3.0 * state.lives[player] + state.points[player] + 0.05 * sum(state.hands[player])
