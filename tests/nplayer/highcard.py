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

import json
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict

from tcgkit.kernel import Action, Decision, Event, Game, NotationError, Outcome, Rng, State
from tcgkit.kernel.determinize import deal_hidden, shuffle
from tcgkit.kernel.zones import Visibility, Zone

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
    __slots__ = ("call", "decisions", "discard", "drawn", "events", "game", "hands", "leader", "lives", "out",
                 "points", "rng", "stock", "table", "version")

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
        self.decisions: list[Decision] = []
        self.events: list[Event] = []
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
            self.events.append(Event("call", {"player": player, "high": action.high}))
            self._next()
            return
        assert isinstance(action, Play)
        self.hands[player].remove(action.card)
        self.table[player] = action.card
        self.events.append(Event("played", {"player": player}))
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
        self.events.append(Event("reveal", {"cards": {str(p): c for p, c in shown.items()},
                                            "high": high, "low": low}))
        if self.lives[low] == 0:
            self.out.append(low)
            self.events.append(Event("out", {"player": low}))
        self.discard += shown.values()
        self.table, self.call = [None] * n, None
        alive = self.alive()
        if len(alive) > 1 and self.hands[alive[0]]:
            self.leader = next(p for p in alive if p > self.leader) if self.leader < alive[-1] else alive[0]
            self.decisions.append(Decision(self.leader, "call"))

    def end_as_draw(self, reason: str) -> None:
        self.decisions.clear()
        self.drawn = reason

    def decision_prompt(self, decision: Decision) -> str:
        return "call this round high or low" if decision.kind == "call" else "play a card face down"

    def default_action(self, decision: Decision) -> Action:
        return self.legal_actions()[0]  # call high, or the lowest card of one's own hand

    def parse_action(self, text: str, player: int) -> Action:
        word, _, rest = text.strip().partition(" ")
        rest = rest.strip()
        if word == "call" and rest in ("high", "low"):
            return Call(rest == "high")
        if word != "play" or not rest.isdigit():
            raise NotationError(f"{text!r}: an action is 'call high', 'call low' or 'play N' (a card)")
        return Play(int(rest))

    def clone(self) -> HighCardState:
        new = HighCardState.__new__(HighCardState)
        new.game, new.rng = self.game, self.rng.clone()
        new.hands = [h[:] for h in self.hands]
        new.table, new.stock, new.discard = self.table[:], self.stock[:], self.discard[:]
        new.lives, new.points, new.out, new.leader = self.lives[:], self.points[:], self.out[:], self.leader
        new.decisions, new.events, new.call = self.decisions[:], self.events[:], self.call
        new.drawn = self.drawn
        new.version = self.version
        return new

    @property
    def outcome(self) -> Outcome | None:
        if self.decisions:
            return None
        if self.drawn is not None:  # the players still in share first place
            return Outcome.from_elimination(self.game.num_players, self.out, self.drawn)
        alive = self.alive()
        reason = "last one standing" if len(alive) == 1 else "the hands are played out"
        return Outcome.from_elimination(self.game.num_players, self.out, reason, self.points)

    def zones(self) -> list[Zone]:
        n = self.game.num_players
        zones = [Zone(f"hand{p}", p, Visibility.OWNER, sorted(self.hands[p])) for p in range(n)]
        zones += [Zone(f"table{p}", p, Visibility.OWNER, [c for c in [self.table[p]] if c is not None])
                  for p in range(n)]
        return zones + [Zone("stock", None, Visibility.HIDDEN, self.stock[:]),
                        Zone("discard", None, Visibility.PUBLIC, self.discard[:])]

    def info(self, viewer: int | None) -> dict[str, Any]:
        return {"lives": self.lives[:], "points": self.points[:], "out": self.out[:], "leader": self.leader,
                "call": self.call}

    def to_json(self) -> dict[str, Any]:
        return {"players": self.game.num_players, "rng": self.rng.state, "hands": self.hands,
                "table": self.table, "stock": self.stock, "discard": self.discard, "lives": self.lives,
                "points": self.points, "out": self.out, "leader": self.leader, "call": self.call,
                "to_move": self.to_move, "version": self.version,
                **({} if self.drawn is None else {"drawn": self.drawn})}

    def to_notation(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))

    def check_invariants(self) -> None:
        cards = [c for h in self.hands for c in h] + [c for c in self.table if c is not None]
        if sorted(cards + self.stock + self.discard) != list(POOL):
            raise AssertionError("a card is lost or doubled")


class HighCard(Game):
    name = "highcard"
    title = "High Card"
    Options = HighCardOptions
    min_players = 2
    max_players = 4
    example_options = [{}, {"players": 3}, {"players": 4}]

    def new_state(self, seed: int = 0, decks: Any = None) -> HighCardState:
        if decks is not None and [sorted(map(int, d)) for d in decks] != [list(POOL)]:
            raise NotationError("highcard: decks must be one deck, the cards 1..30")
        state = HighCardState(self, Rng(seed))
        pool = list(POOL)
        shuffle(pool, state.rng)
        for p in range(self.num_players):
            state.hands[p] = pool[p * HAND:(p + 1) * HAND]
        state.stock = pool[self.num_players * HAND:]
        state.decisions.append(Decision(0, "call"))
        return state

    def validate_deck(self, deck: list[str]) -> list[str]:
        return [] if sorted(deck, key=int) == [str(c) for c in POOL] else ["a deck is the cards 1..30"]

    def sample_decks(self, rng: Rng) -> list[list[str]]:
        return [[str(c) for c in POOL]]

    def state_from_json(self, data: dict[str, Any]) -> HighCardState:
        n = self.num_players
        try:
            state = HighCardState(self, Rng(int(data["rng"])))
            if data["players"] != n:
                raise ValueError(f"{data['players']} players, this game has {n}")
            state.hands = [[int(c) for c in h] for h in data["hands"]]
            state.table = [None if c is None else int(c) for c in data["table"]]
            state.stock, state.discard = [int(c) for c in data["stock"]], [int(c) for c in data["discard"]]
            state.lives, state.points = [int(x) for x in data["lives"]], [int(x) for x in data["points"]]
            state.out, state.leader = [int(p) for p in data["out"]], int(data["leader"])
            state.version = int(data.get("version", 0))
            drawn = state.drawn = data.get("drawn")
            if drawn is not None and (not isinstance(drawn, str) or data["to_move"] is not None):
                raise ValueError("drawn: the reason of a game ended as a draw, with no one to move")
            call = state.call = data["call"]
            if call not in (None, True, False):
                raise ValueError(f"call {call!r} is not true, false or null")
            if data["to_move"] is not None:
                kind = "call" if call is None else "play"
                state.decisions.append(Decision(int(data["to_move"]), kind, secret=kind == "play"))
            if not len(state.hands) == len(state.table) == len(state.lives) == len(state.points) == n:
                raise ValueError(f"every per-player list needs {n} entries")
            state.check_invariants()
        except (KeyError, TypeError, ValueError, AssertionError) as exc:
            raise NotationError(f"highcard state: {exc}") from None
        return state

    def state_from_notation(self, text: str) -> HighCardState:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise NotationError(f"highcard position: not JSON ({exc.msg})") from None
        return self.state_from_json(data)

    def card_data_hash(self) -> str:
        return "highcard-1-30"

    def determinize(self, view: dict[str, Any], rng: Rng) -> HighCardState:
        zones = deal_hidden(view["zones"], {0: POOL}, rng, deck_of=lambda name, zone: 0)
        n = self.num_players
        return self.state_from_json({
            "players": n, "rng": rng.next_u64(), "hands": [zones[f"hand{p}"] for p in range(n)],
            "table": [(zones[f"table{p}"] or [None])[0] for p in range(n)], "stock": zones["stock"],
            "discard": zones["discard"], "lives": view["lives"], "points": view["points"],
            "out": view["out"], "leader": view["leader"], "call": view["call"], "to_move": view["to_move"],
        })

    def redeal_hidden(self, state: State, viewer: int | None, rng: Rng) -> HighCardState:
        assert isinstance(state, HighCardState)
        new = self.determinize(state.view(viewer), rng)
        new.events = state.events[:]  # no event shows a card before it is turned over
        new.version = state.version
        return new

    def heuristic(self, state: State, player: int) -> float:
        assert isinstance(state, HighCardState)
        return 3.0 * state.lives[player] + state.points[player] + 0.05 * sum(state.hands[player])
