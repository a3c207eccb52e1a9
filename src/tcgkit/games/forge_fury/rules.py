"""Forge & Fury: a position, declared once (``SPEC``), and the rules that change it.

A round: the chooser names a colour, both players pick a card in secret (sealed
decisions: the rival's view and events show only that a pick was made), reveal, compare.
Hot paths work on card ids and flat lists; the kernel derives clone, JSON, views, events and
the hidden-card dealing from ``SPEC``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from ...kernel import values as v
from ...kernel.actions import Action, Decision
from ...kernel.errors import IllegalAction
from ...kernel.game import Outcome, State
from ...kernel.rng import Rng
from ...kernel.state import HIDDEN, OWNER, PUBLIC, Entry, StateField, StateSpec, Visibility, Zone, ZoneLayout
from .actions import CALLS, COLOUR_ACTIONS, SHOWS, SIGNS, THROWS, Call, ChooseColour, Pick, Show, Throw
from .cards import COLOURS

if TYPE_CHECKING:
    from .game import ForgeFury

OPENING_HAND = 3
COLOUR = (Decision(0, "colour"), Decision(1, "colour"))
PICK = (Decision(0, "pick", True), Decision(1, "pick", True))
THROW = (Decision(0, "rps", True), Decision(1, "rps", True))
CALL = (Decision(0, "call"), Decision(1, "call"))
SHOW = (Decision(0, "show", True), Decision(1, "show", True))
SECRET = {"colour": False, "pick": True, "rps": True, "call": False, "show": True}
OTHER_COLOURS = ((1, 2), (0, 2), (0, 1))
FIXED_CHOICES: dict[str, tuple[Action, ...]] = {
    "colour": COLOUR_ACTIONS, "rps": THROWS, "call": CALLS, "show": SHOWS,
}
EXPECTED: dict[str, tuple[type[Action], str]] = {
    "pick": (Pick, "pick a card"), "colour": (ChooseColour, "name a colour"),
    "rps": (Throw, "throw rock, paper or scissors"), "call": (Call, "call odd or even"),
    "show": (Show, "show 0..5 fingers"),
}
MINIGAME_KINDS = {"rps": ("rps",), "odd_even": ("show", "call")}


class Result(NamedTuple):
    winner: int | None  # None: a draw
    reason: str


class Sign(v.Value):
    """A sealed sign: rock, paper or scissors, or 0..5 fingers, by the match's mini-game."""

    def dump(self, value: Any, ctx: v.Ctx) -> Any:
        return SIGNS[value] if ctx.game.options.minigame == "rps" else str(value)

    def load(self, data: Any, ctx: v.Ctx, where: str) -> int:
        words = SIGNS if ctx.game.options.minigame == "rps" else tuple(map(str, range(6)))
        if data not in words:
            raise v.bad(where, f"should be one of {', '.join(words)}, not {v.excerpt(data)}")
        return words.index(data)


def picks_seen(state: ForgeFuryState) -> Visibility:
    return PUBLIC if state.revealed else OWNER


def decklists_seen(state: ForgeFuryState) -> Visibility:
    return OWNER if state.game.options.private_decklists else PUBLIC


def signs_seen(state: ForgeFuryState) -> Visibility:
    """A sign stays sealed while its mini-game is being played."""
    return OWNER if state.decisions and state.decisions[-1].kind in ("rps", "show", "call") else PUBLIC


def sample_signs(state: ForgeFuryState, viewer: int | None, rng: Rng) -> None:
    """The sealed signs of the others: whoever is not asked to throw any more has thrown."""
    top = 3 if state.game.options.minigame == "rps" else 6
    asked = {d.player for d in state.decisions if d.kind in ("rps", "show")}
    for p in (0, 1):
        if p != viewer and p not in asked:
            state.signs[p] = rng.below(top)


PLAYER, CARD, SIGN = v.Player(), v.Card(), Sign()


class ForgeFuryState(State["ForgeFury"]):
    """One position. ``decks[p]``' top is its end; ``picks[p]`` is the card picked face down."""

    SPEC = StateSpec(
        zones=(
            Zone("deck", ZoneLayout.PILE, seen=HIDDEN, attr="decks"),
            Zone("hand", ZoneLayout.ROW, seen=OWNER, attr="hands"),
            Zone("pick", ZoneLayout.ROW, seen=picks_seen, attr="picks", single=True),
            Zone("recovery", ZoneLayout.PILE),  # pilha de recuperação: own cards won back
            Zone("conquest", ZoneLayout.PILE, pool=lambda owner: 1 - (owner or 0)),  # the rival's cards won
        ),
        fields=(
            StateField("decklists", v.PerPlayer(v.TupleOf(CARD)), seen=decklists_seen),
            StateField("colour", v.Opt(v.Named(COLOURS))),
            StateField("chooser", PLAYER),
            StateField("revealed", v.Bool()),
            StateField("signs", v.PerPlayer(v.Opt(SIGN)), seen=signs_seen, sample=sample_signs),
            StateField("call", v.Opt(v.Bool())),
            StateField("caller", PLAYER),
            StateField("purpose", v.Text(("start", "round"))),
            StateField("ties", v.Int(0)),
            StateField("rounds", v.Int(0)),
            StateField("sudden", v.Bool()),
            StateField("first", v.Opt(PLAYER)),
            StateField("result", v.Opt(v.Rec(Result, {"winner": v.Opt(PLAYER), "reason": v.Text()}))),
        ),
        log=(
            Entry("draw", (("player", PLAYER), ("card", CARD)), secret=("card",)),
            Entry("pick", (("player", PLAYER), ("value", CARD)), secret=("value",)),
            Entry("sign", (("player", PLAYER), ("value", SIGN)), secret=("value",)),
            Entry("call", (("player", PLAYER), ("odd", v.Bool()))),
            Entry("colour", (("player", PLAYER), ("colour", v.Named(COLOURS)))),
            Entry("minigame", (("purpose", v.Text(("start", "round"))), ("signs", v.ListOf(SIGN, 2)),
                               ("winner", v.Opt(PLAYER)))),
            Entry("reveal", (("cards", v.ListOf(CARD, 2)), ("colour", v.Named(COLOURS)), ("step", v.Text()),
                             ("winner", v.Opt(PLAYER)))),
            Entry("round", (("winner", PLAYER),)),
            Entry("sudden", (("chooser", PLAYER),), event="sudden_death"),
            Entry("end", (("winner", v.Opt(PLAYER)), ("reason", v.Text()))),
        ),
        decklists="decklists",
    )
    game: "ForgeFury"  # noqa: UP037 - quoted: the compiled build reads it at run time
    decklists: list[tuple[int, ...]]
    decks: list[list[int]]
    hands: list[list[int]]
    picks: list[int | None]
    recovery: list[list[int]]
    conquest: list[list[int]]
    colour: int | None
    signs: list[int | None]
    result: Result | None

    def __init__(self, game: ForgeFury, rng: Rng, decklists: tuple[tuple[int, ...], ...]) -> None:
        self.game = game
        self.rng = rng
        self.decklists = list(decklists)  # what each player brought (Brasa: after the split)
        self.decks: list[list[int]] = [list(decklists[0]), list(decklists[1])]  # top = end
        self.hands: list[list[int]] = [[], []]
        self.picks: list[int | None] = [None, None]
        self.recovery: list[list[int]] = [[], []]  # pilha de recuperação: own cards won back
        self.conquest: list[list[int]] = [[], []]  # pilha de conquista: the rival's cards won
        self.colour: int | None = None
        self.chooser = 0  # who names the colour of the current (or next) round
        self.revealed = False
        self.signs: list[int | None] = [None, None]
        self.call: bool | None = None
        self.caller = 0
        self.purpose = "start"
        self.ties = 0
        self.rounds = 0
        self.sudden = False
        self.first: int | None = None  # who won the opening mini-game
        self.decisions: list[Decision] = []
        self.log: list[tuple[Any, ...]] = []
        self.result = None
        self.version = 0

    def draw(self, player: int, pile: list[int]) -> None:
        card = pile.pop()
        self.hands[player].append(card)
        self.log.append(("draw", player, card))

    # -- the mini-game ------------------------------------------------------------------
    def start_minigame(self, purpose: str, caller: int) -> None:
        self.purpose, self.caller = purpose, caller
        self.signs = [None, None]
        self.call = None
        if self.game.options.minigame == "rps":
            self.decisions = [THROW[1 - caller], THROW[caller]]
        else:
            self.decisions = [SHOW[1 - caller], SHOW[caller], CALL[caller]]

    def _resolve_minigame(self) -> None:
        a, b = self.signs
        assert a is not None and b is not None
        if self.game.options.minigame == "rps":
            if a == b:
                self.ties += 1
                if self.ties < self.game.options.minigame_ties:
                    self.log.append(("minigame", self.purpose, (a, b), None))
                    self.start_minigame(self.purpose, self.caller)
                    return
                winner = self.rng.below(2)  # project decision: the seed ends a tie streak
            else:
                winner = int((b - a) % 3 == 1)
        else:
            winner = self.caller if ((a + b) % 2 == 1) == self.call else 1 - self.caller
        self.ties = 0
        self.log.append(("minigame", self.purpose, (a, b), winner))
        if self.purpose == "start":
            self.first = self.chooser = winner
            self.decisions = [COLOUR[winner]]
        else:
            self._finish_round(winner)

    # -- moves --------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if not self.decisions:
            return []
        decision = self.decisions[-1]
        kind = decision.kind
        if kind == "pick":
            table = self.game.pick_actions
            return [table[c] for c in self.hands[decision.player]]
        return list(FIXED_CHOICES[kind])

    def illegal_reason(self, action: Action, player: int) -> str | None:
        refused = self.refusal(player)
        if refused is not None:
            return refused
        decision = self.decisions[-1]
        kind, what = EXPECTED[decision.kind]
        if type(action) is not kind:
            return f"player {player} must {what}, not {action}"
        if kind is Pick:
            if action.card not in self.hands[player]:  # type: ignore[attr-defined]
                return f"{action.label} is not in your hand"  # type: ignore[attr-defined]
            return None
        if action not in FIXED_CHOICES[decision.kind]:  # colours, signs, calls, fingers
            return f"{action} does not exist"
        return None

    def apply(self, action: Action, player: int) -> None:
        """Check, then play ``action``; the common legal case skips building a reason."""
        decisions = self.decisions
        if decisions and decisions[-1].player == player:
            kind = decisions[-1].kind
            if type(action) is Pick:
                if kind == "pick" and action.card in self.hands[player]:
                    self.version += 1
                    self._pick(action)
                    return
            elif action in FIXED_CHOICES.get(kind, ()):
                self.version += 1
                APPLY[type(action)](self, action)
                return
        reason = self.illegal_reason(action, player)
        raise IllegalAction(reason or f"{action} is not legal now")

    def apply_unchecked(self, action: Action) -> None:
        self.version += 1
        APPLY[type(action)](self, action)

    def _pick(self, action: Pick) -> None:
        player = self.decisions.pop().player
        self.hands[player].remove(action.card)
        self.picks[player] = action.card
        self.log.append(("pick", player, action.card))
        if not self.decisions:
            self._reveal()

    def _choose_colour(self, action: ChooseColour) -> None:
        player = self.decisions[-1].player
        self.colour = action.colour
        self.chooser = player
        self.log.append(("colour", player, action.colour))
        self.decisions = [PICK[1 - player], PICK[player]]

    def _sign(self, action: Throw | Show) -> None:
        player = self.decisions.pop().player
        sign = action.sign if type(action) is Throw else action.fingers  # type: ignore[union-attr]
        self.signs[player] = sign
        self.log.append(("sign", player, sign))
        if not self.decisions:
            self._resolve_minigame()

    def _call(self, action: Call) -> None:
        player = self.decisions.pop().player
        self.call = action.odd
        self.log.append(("call", player, action.odd))

    def _reveal(self) -> None:
        a, b = self.picks
        assert a is not None and b is not None and self.colour is not None
        self.revealed = True
        step, winner = self.game.compare(a, b, self.colour)
        number_a, number_b = self.game.cards[a].number, self.game.cards[b].number
        if winner is None and self.game.options.tie_by_number and number_a != number_b:
            # two collections may print one number under two names: that tie goes on
            step, winner = "number", int(number_b > number_a)
        self.log.append(("reveal", (a, b), self.colour, step, winner))
        if winner is None:
            self.start_minigame("round", self.chooser)
        else:
            self._finish_round(winner)

    def _finish_round(self, winner: int) -> None:
        won, lost = self.picks[winner], self.picks[1 - winner]
        assert won is not None and lost is not None
        self.recovery[winner].append(won)
        self.conquest[winner].append(lost)
        self.picks = [None, None]
        self.revealed = False
        self.colour = None
        self.rounds += 1
        self.log.append(("round", winner))
        if not self.sudden:
            for p, deck in enumerate(self.decks):
                if deck:
                    card = deck.pop()
                    self.hands[p].append(card)
                    self.log.append(("draw", p, card))
        if self.hands[0] and self.hands[1] and not self.sudden:
            self.chooser = winner
            self.decisions = [COLOUR[winner]]
        else:
            self._end()

    def _end(self) -> None:
        scores = (self.score(0), self.score(1))
        self.decisions = []
        if scores[0] != scores[1]:
            reason = "won the sudden-death round" if self.sudden else "all cards are played"
            self.result = Result(int(scores[1] > scores[0]), reason)
        else:
            self.result = self._break_tie()
        if self.result is None:  # one sudden-death round from the recovery piles (FZ10)
            self.sudden = True
            for p in (0, 1):
                self.rng.shuffle(self.recovery[p])
                self.draw(p, self.recovery[p])
            self.log.append(("sudden", self.chooser))
            self.decisions = [COLOUR[self.chooser]]
            return
        self.log.append(("end", *self.result))

    def _break_tie(self) -> Result | None:
        """RULES-NOTES FZ10: rare conquests, conquest strength, one sudden-death round, draw."""
        rarity, values = self.game.rarity, self.game.values
        for level, label in ((2, "super-rare"), (1, "rare")):
            counts = [sum(rarity[c] == level for c in self.conquest[p]) for p in (0, 1)]
            if counts[0] != counts[1]:
                return Result(int(counts[1] > counts[0]), f"tie broken by {label} cards conquered")
        strength = [sum(sum(values[c]) for c in self.conquest[p]) for p in (0, 1)]
        if strength[0] != strength[1]:
            return Result(int(strength[1] > strength[0]), "tie broken by the strength of the conquests")
        if not self.sudden and self.recovery[0] and self.recovery[1]:
            return None  # play the sudden-death round
        return Result(None, "a draw: every tie-break is equal")

    # -- results ------------------------------------------------------------------------
    def score(self, player: int) -> int:
        """Cards in both piles."""
        return len(self.recovery[player]) + len(self.conquest[player])

    @property
    def outcome(self) -> Outcome | None:
        if self.decisions or self.result is None:
            return None
        winner, reason = self.result
        ranks = (0, 0) if winner is None else ((0, 1) if winner == 0 else (1, 0))
        return Outcome(
            winner, (self.score(0), self.score(1)), reason, ranks,
            {"rounds": self.rounds, "first": self.first},
        )

    def end_as_draw(self, reason: str) -> None:
        """The kernel's decision limits: a draw."""
        self.decisions.clear()
        self.result = Result(None, reason)

    # -- text ---------------------------------------------------------------------------
    def default_action(self, decision: Decision) -> Action:
        """The first card in hand for a pick (the decider's own order), else a fixed
        choice: green, rock, even, 0 fingers."""
        return self.legal_actions()[0]

    def problems(self) -> list[str]:
        out = []
        minigame = MINIGAME_KINDS[self.game.options.minigame]
        for d in self.decisions:
            if d.kind not in ("colour", "pick") and d.kind not in minigame:
                minigame_name = self.game.options.minigame
                out.append(f"no {d.kind!r} decision in this game (its mini-game is {minigame_name})")
            elif d.secret is not SECRET[d.kind]:
                out.append(f"a {d.kind} decision is {'' if SECRET[d.kind] else 'not '}secret")
        colour = bool(self.decisions) and self.decisions[-1].kind == "colour"
        if colour and not len(self.hands[0]) == len(self.hands[1]) > 0:
            out.append("hands differ at a round's start")
        return out


APPLY: dict[type[Action], Callable[[ForgeFuryState, Any], None]] = {
    Pick: ForgeFuryState._pick,
    ChooseColour: ForgeFuryState._choose_colour,
    Throw: ForgeFuryState._sign,
    Show: ForgeFuryState._sign,
    Call: ForgeFuryState._call,
}
