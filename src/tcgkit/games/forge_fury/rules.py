"""Forge & Fury: the game and its states.

A round: the chooser names a colour, both players pick a card in secret (sealed
decisions: the rival's view and events show only that a pick was made), reveal, compare.
Hot paths work on card ids and flat lists; views and events are built when asked for.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from ...kernel.actions import Action, Decision
from ...kernel.errors import DeckError, IllegalAction
from ...kernel.events import Event
from ...kernel.game import Deck, Game, Outcome, State
from ...kernel.rng import Rng, derive_seed
from ...kernel.zones import Visibility, Zone
from .actions import CALLS, COLOUR_ACTIONS, SHOWS, THROWS, Call, ChooseColour, Pick, Show, Throw
from .cards import COLOURS, CardDB, load_card_files, load_cards
from .options import BRASA_SOURCE, DECK_SIZES, ForgeFuryOptions

OPENING_HAND = 3
COLOUR = (Decision(0, "colour"), Decision(1, "colour"))
PICK = (Decision(0, "pick", True), Decision(1, "pick", True))
THROW = (Decision(0, "rps", True), Decision(1, "rps", True))
CALL = (Decision(0, "call"), Decision(1, "call"))
SHOW = (Decision(0, "show", True), Decision(1, "show", True))
PROMPTS = {
    "colour": "name the colour of this round (colour green|red|blue)",
    "pick": "pick a card from your hand, face down (pick CARD)",
    "rps": "throw rock, paper or scissors, face down (rps SIGN)",
    "call": "call the sum of the fingers odd or even (call odd|even)",
    "show": "show 0 to 5 fingers, face down (show N)",
}
OTHER_COLOURS = ((1, 2), (0, 2), (0, 1))
FIXED_CHOICES: dict[str, tuple[Action, ...]] = {
    "colour": COLOUR_ACTIONS, "rps": THROWS, "call": CALLS, "show": SHOWS,
}
EXPECTED: dict[str, tuple[type[Action], str]] = {
    "pick": (Pick, "pick a card"), "colour": (ChooseColour, "name a colour"),
    "rps": (Throw, "throw rock, paper or scissors"), "call": (Call, "call odd or even"),
    "show": (Show, "show 0..5 fingers"),
}


class ForgeFury(Game):
    """Forge & Fury: the attribute duel with secret simultaneous picks."""

    name = "forge-fury"
    title = "Forge & Fury"
    Options = ForgeFuryOptions
    options: ForgeFuryOptions
    example_options: ClassVar[list[dict[str, Any]]] = [
        {"mode": "brasa"},
        {"mode": "brasa", "minigame": "odd_even", "private_decklists": True},
        {"mode": "chama", "tie_by_number": True},
    ]

    def __init__(self, options: Any = None, **kwargs: Any) -> None:
        super().__init__(options, **kwargs)
        files = self.options.card_files
        self.cards: CardDB = load_card_files(files) if files else load_cards(self.options.card_file)
        self.values = [c.values for c in self.cards.cards]
        self.rarity = [c.rarity for c in self.cards.cards]
        self.pick_actions = [Pick(c.id, c.label) for c in self.cards.cards]
        self.ids_by_label = {c.label: c.id for c in self.cards.cards}

    def card_id(self, text: str) -> int:
        """A card's id from a deck entry (labels take the fast path); ``LookupError``."""
        card_id = self.ids_by_label.get(text)
        return card_id if card_id is not None else self.cards.find(text).id

    @property
    def deck_size(self) -> int:
        """Cards in a deck brought to the match (Brasa: the one deck that is split)."""
        return BRASA_SOURCE if self.options.mode == "brasa" else DECK_SIZES[self.options.mode]

    # -- decks ----------------------------------------------------------------------------
    def validate_deck(self, deck: Deck) -> list[str]:
        problems = []
        first_seen: dict[int, int] = {}
        for i, text in enumerate(deck, start=1):
            try:
                card_id = self.card_id(text)
            except LookupError as exc:
                problems.append(f"card {i}: {exc}")
                continue
            if card_id in first_seen:
                problems.append(
                    f"card {i}: {self.cards[card_id].label} is already card "
                    f"{first_seen[card_id]} (golden rule: one card per name and number)"
                )
            first_seen.setdefault(card_id, i)
        if len(deck) != self.deck_size:
            mode = self.options.mode
            problems.append(f"{mode} needs a deck of {self.deck_size} cards; this one has {len(deck)}")
        return problems

    def deck_ids(self, deck: Deck, owner: str) -> list[int]:
        ids = [self.ids_by_label.get(text) for text in deck]  # the fast path: exact labels
        if None in ids or len(set(ids)) != len(ids) or len(ids) != self.deck_size:
            problems = self.validate_deck(deck)
            if problems:
                raise DeckError(f"{owner}: " + "; ".join(problems))
            ids = [self.card_id(text) for text in deck]
        return ids  # type: ignore[return-value]

    def sample_decks(self, rng: Rng) -> list[Deck]:
        if self.deck_size > len(self.cards):
            raise DeckError(f"the card pool has {len(self.cards)} cards, a deck needs {self.deck_size}")
        count = 1 if self.options.mode == "brasa" else 2
        return [
            [self.cards[i].label for i in rng.sample(range(len(self.cards)), self.deck_size)]
            for _ in range(count)
        ]

    def card_data_hash(self) -> str:
        return self.cards.hash

    def split_brasa(self, deck: list[int], rng: Rng) -> list[list[int]]:
        """Super rares, rares and normals divided as evenly as possible (seeded).

        Rulebook: "divida igualmente as cartas super raras, raras e normais. Assim a partida
        fica equilibrada." Each rarity is dealt alternately; where a rarity's count is odd,
        the seat that gets its extra card is drawn by the seed (RULES-NOTES), so neither seat
        is favoured. With an even deck the odd rarities come in pairs, and the alternation
        gives the second odd rarity's extra card to the other seat: 25 cards each.
        """
        ordered: list[int] = []
        for rarity in (2, 1, 0):
            group = [c for c in deck if self.rarity[c] == rarity]
            rng.shuffle(group)
            ordered += group
        first = rng.below(2)  # the seat dealt first: it gets the extra super rare, if any
        return [ordered[first::2], ordered[1 - first::2]]

    # -- states ---------------------------------------------------------------------------
    def new_state(self, seed: int = 0, decks: Sequence[Deck] | None = None) -> ForgeFuryState:
        if decks is None:
            decks = self.sample_decks(Rng(derive_seed(seed, 1)))
        brasa = self.options.mode == "brasa"
        if len(decks) != (1 if brasa else 2):
            wanted = "one 50-card deck to split" if brasa else "a deck per player"
            raise DeckError(f"{self.options.mode} needs {wanted}, got {len(decks)} deck(s)")
        rng = Rng(seed)
        if brasa:
            lists = self.split_brasa(self.deck_ids(list(decks[0]), "the Brasa deck"), rng)
        else:
            lists = [self.deck_ids(list(d), f"player {p}'s deck") for p, d in enumerate(decks)]
        state = ForgeFuryState(self, rng, (tuple(lists[0]), tuple(lists[1])))
        for p in (0, 1):
            rng.shuffle(state.decks[p])
            for _ in range(OPENING_HAND):
                state.draw(p, state.decks[p])
        state.start_minigame("start", 0)
        return state

    def state_from_json(self, data: dict[str, Any]) -> ForgeFuryState:
        from .notation import state_from_json

        return state_from_json(self, data)

    def state_from_notation(self, text: str) -> ForgeFuryState:
        from .notation import state_from_notation

        return state_from_notation(self, text)

    def determinize(self, view: dict[str, Any], rng: Rng) -> ForgeFuryState:
        from .hidden import determinize

        return determinize(self, view, rng)

    def redeal_hidden(self, state: State, viewer: int | None, rng: Rng) -> ForgeFuryState:
        from .hidden import redeal_hidden

        assert isinstance(state, ForgeFuryState)
        return redeal_hidden(state, viewer, rng)

    def heuristic(self, state: State, player: int) -> float:
        assert isinstance(state, ForgeFuryState)
        return float(state.score(player) - state.score(1 - player))

    def compare(self, a: int, b: int, colour: int) -> tuple[str, int | None]:
        """The rulebook's round comparison: (deciding step, winner 0 = ``a`` / 1 = ``b``)."""
        va, vb = self.values[a], self.values[b]
        if va[colour] != vb[colour]:
            return "colour", int(vb[colour] > va[colour])
        i, j = OTHER_COLOURS[colour]
        oa, ob = max(va[i], va[j]), max(vb[i], vb[j])
        if oa != ob:
            return "other colours", int(ob > oa)
        if self.rarity[a] != self.rarity[b]:
            return "rarity", int(self.rarity[b] > self.rarity[a])
        return "tie", None


class ForgeFuryState(State["ForgeFury"]):
    __slots__ = (
        "game", "rng", "decklists", "decks", "hands", "picks", "recovery", "conquest",
        "colour", "chooser", "revealed", "signs", "call", "caller", "purpose", "ties",
        "rounds", "sudden", "first", "decisions", "log", "result", "version",
    )

    def __init__(self, game: ForgeFury, rng: Rng, decklists: tuple[tuple[int, ...], ...]) -> None:
        self.game = game
        self.rng = rng
        self.decklists = decklists  # what each player brought (Brasa: after the split)
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
        self.result: tuple[int | None, str] | None = None
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
                    self.log.append(("minigame", self.purpose, a, b, None))
                    self.start_minigame(self.purpose, self.caller)
                    return
                winner = self.rng.below(2)  # project decision: the seed ends a tie streak
            else:
                winner = int((b - a) % 3 == 1)
        else:
            winner = self.caller if ((a + b) % 2 == 1) == self.call else 1 - self.caller
        self.ties = 0
        self.log.append(("minigame", self.purpose, a, b, winner))
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
        self.log.append(("reveal", a, b, self.colour, step, winner))
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
            self.result = (int(scores[1] > scores[0]), reason)
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

    def _break_tie(self) -> tuple[int | None, str] | None:
        """RULES-NOTES FZ10: rare conquests, conquest strength, one sudden-death round, draw."""
        rarity, values = self.game.rarity, self.game.values
        for level, label in ((2, "super-rare"), (1, "rare")):
            counts = [sum(rarity[c] == level for c in self.conquest[p]) for p in (0, 1)]
            if counts[0] != counts[1]:
                return int(counts[1] > counts[0]), f"tie broken by {label} cards conquered"
        strength = [sum(sum(values[c]) for c in self.conquest[p]) for p in (0, 1)]
        if strength[0] != strength[1]:
            return int(strength[1] > strength[0]), "tie broken by the strength of the conquests"
        if not self.sudden and self.recovery[0] and self.recovery[1]:
            return None  # play the sudden-death round
        return None, "a draw: every tie-break is equal"

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
        self.result = (None, reason)

    # -- views --------------------------------------------------------------------------
    def zones(self) -> list[Zone]:
        label = [c.label for c in self.game.cards.cards]
        pick_visibility = Visibility.PUBLIC if self.revealed else Visibility.OWNER
        zones = []
        for p in (0, 1):
            pick = self.picks[p]
            zones += [
                Zone(f"deck{p}", p, Visibility.HIDDEN, [label[c] for c in self.decks[p]]),
                Zone(f"hand{p}", p, Visibility.OWNER, [label[c] for c in self.hands[p]]),
                Zone(f"pick{p}", p, pick_visibility, [] if pick is None else [label[pick]]),
                Zone(f"recovery{p}", p, Visibility.PUBLIC, [label[c] for c in self.recovery[p]]),
                Zone(f"conquest{p}", p, Visibility.PUBLIC, [label[c] for c in self.conquest[p]]),
            ]
        return zones

    def info(self, viewer: int | None) -> dict[str, Any]:
        label = [c.label for c in self.game.cards.cards]
        private = self.game.options.private_decklists
        minigame = None
        if self.decisions and self.decisions[-1].kind in ("rps", "call", "show"):
            minigame = {
                "kind": self.game.options.minigame, "purpose": self.purpose,
                "caller": self.caller, "call": self.call, "ties": self.ties,
                "committed": [s is not None for s in self.signs],
                "own_sign": None if viewer is None else self.signs[viewer],
            }
        return {
            "colour": None if self.colour is None else COLOURS[self.colour],
            "chooser": self.chooser,
            "rounds": self.rounds,
            "first": self.first,
            "sudden_death": self.sudden,
            "scores": [self.score(0), self.score(1)],
            "minigame": minigame,
            "decklists": [
                None if private and viewer != p else sorted(label[c] for c in self.decklists[p])
                for p in (0, 1)
            ],
        }

    @property
    def events(self) -> list[Event]:  # type: ignore[override]
        from .notation import events_of

        return events_of(self)

    # -- text ---------------------------------------------------------------------------
    def parse_action(self, text: str, player: int) -> Action:
        from .notation import parse_action

        return parse_action(self, text, player)

    def decision_prompt(self, decision: Decision) -> str:
        return PROMPTS[decision.kind]

    def default_action(self, decision: Decision) -> Action:
        """The first card in hand for a pick (the decider's own order), else a fixed
        choice: green, rock, even, 0 fingers."""
        return self.legal_actions()[0]

    def to_json(self) -> dict[str, Any]:
        from .notation import state_to_json

        return state_to_json(self)

    def to_notation(self) -> str:
        from .notation import state_to_notation

        return state_to_notation(self)

    def clone(self) -> ForgeFuryState:
        new = object.__new__(ForgeFuryState)
        new.game, new.decklists = self.game, self.decklists
        new.rng = Rng(self.rng.state)
        new.decks = [self.decks[0][:], self.decks[1][:]]
        new.hands = [self.hands[0][:], self.hands[1][:]]
        new.picks = self.picks[:]
        new.recovery = [self.recovery[0][:], self.recovery[1][:]]
        new.conquest = [self.conquest[0][:], self.conquest[1][:]]
        new.signs = self.signs[:]
        new.decisions = self.decisions[:]
        new.log = self.log[:]
        for name in ("colour", "chooser", "revealed", "call", "caller", "purpose", "ties",
                     "rounds", "sudden", "first", "result", "version"):
            setattr(new, name, getattr(self, name))
        return new

    def check_invariants(self) -> None:
        for owner in (0, 1):
            pick = self.picks[owner]
            held = (self.decks[owner] + self.hands[owner] + ([] if pick is None else [pick])
                    + self.recovery[owner] + self.conquest[1 - owner])
            # Sorted card ids, not Counters: Counter's == loops in Python, and the fuzzer checks
            # every action. Not assert: ``python -O`` would drop it.
            if sorted(held) != sorted(self.decklists[owner]):
                raise AssertionError(f"player {owner}'s cards lost or duplicated")
        colour = bool(self.decisions) and self.decisions[-1].kind == "colour"
        if colour and not len(self.hands[0]) == len(self.hands[1]) > 0:
            raise AssertionError("hands differ at a round's start")


APPLY = {
    Pick: ForgeFuryState._pick,
    ChooseColour: ForgeFuryState._choose_colour,
    Throw: ForgeFuryState._sign,
    Show: ForgeFuryState._sign,
    Call: ForgeFuryState._call,
}
