"""Triple Triad: the game and its states.

Hot paths (``legal_actions``, ``apply``, ``clone``) work on card ids and flat lists;
views, events and notation are built only when asked for.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from operator import itemgetter
from typing import Any, ClassVar

from ...kernel.actions import Action, Decision
from ...kernel.errors import DeckError, IllegalAction
from ...kernel.events import Event
from ...kernel.game import Deck, Game, Outcome, State
from ...kernel.rng import Rng, derive_seed
from ...kernel.zones import Visibility, Zone
from .actions import Place, Take
from .cards import ELEMENT_LETTERS, ELEMENTS, HAND_SIZE, CardDB, load_cards
from .options import TripleTriadOptions

CELLS = 9
EMPTY = -1
WALL = -1


def _neighbours(cell: int) -> tuple[tuple[int, int], ...]:
    """(side, neighbouring cell or WALL) for sides top, right, bottom, left."""
    row, col = divmod(cell, 3)
    return (
        (0, cell - 3 if row > 0 else WALL),
        (1, cell + 1 if col < 2 else WALL),
        (2, cell + 3 if row < 2 else WALL),
        (3, cell - 1 if col > 0 else WALL),
    )


NEIGHBOURS = tuple(_neighbours(c) for c in range(CELLS))
# Hot-path tables. ADJACENT: (side, neighbouring cell, the neighbour's touching side),
# walls left out; WALL_SIDES: the sides of a cell that face the board's edge.
ADJACENT = tuple(
    tuple((side, n, side ^ 2) for side, n in NEIGHBOURS[c] if n >= 0) for c in range(CELLS)
)
WALL_SIDES = tuple(tuple(side for side, n in NEIGHBOURS[c] if n < 0) for c in range(CELLS))


def _empty_cells() -> dict[tuple[bool, ...], tuple[tuple[int, ...], Any]]:
    """(is each cell empty) -> (the empty cells, an itemgetter of them when 2 or more)."""
    table = {}
    for mask in range(1 << CELLS):
        empty = tuple(c for c in range(CELLS) if mask >> c & 1)
        key = tuple(bool(mask >> c & 1) for c in range(CELLS))
        table[key] = (empty, itemgetter(*empty) if len(empty) > 1 else None)
    return table


EMPTY_CELLS = _empty_cells()
CELL_OUTCOMES = 3 * len(ELEMENTS)  # a cell's draw: one of 8 elements with probability 1/3
PLACE = (Decision(0, "place"), Decision(1, "place"))
TAKE = (Decision(0, "take"), Decision(1, "take"))


class TripleTriad(Game):
    """Triple Triad (FFVIII) with every rule of the rulebook as an option."""

    name = "triple-triad"
    title = "Triple Triad"
    Options = TripleTriadOptions
    options: TripleTriadOptions
    example_options: ClassVar[list[dict[str, Any]]] = [
        {},
        {"same": True, "plus": True, "combo": True, "same_wall": True, "elemental": True,
         "trade": "difference"},
        {"open": True, "same": True, "sudden_death": True, "sudden_death_limit": 2},
        {"random": True, "plus": True, "combo": True, "combo_from_basic": False,
         "trade": "direct"},
        {"own_cards_match": False, "same": True, "plus": True, "elemental": True, "clamp": True,
         "trade": "all", "sudden_death": True},
    ]

    def __init__(self, options: Any = None, **kwargs: Any) -> None:
        super().__init__(options, **kwargs)
        self.cards: CardDB = load_cards(self.options.card_file)
        self.values = [c.values for c in self.cards.cards]
        self.card_elements = [c.element for c in self.cards.cards]
        self.place_actions = [
            tuple(Place(c.id, cell, c.name) for cell in range(CELLS)) for c in self.cards.cards
        ]
        self.take_actions = [Take(c.id, c.name) for c in self.cards.cards]
        # Card name as spelled in the data -> the id ``cards.find`` gives it: decks that spell
        # every name so (the usual case) skip validation, which could find nothing wrong.
        self._exact_ids = {
            c.name: found.id for c in self.cards.cards if (found := self.cards.find(c.name))
        }

    # -- decks ----------------------------------------------------------------------------
    def validate_deck(self, deck: Deck) -> list[str]:
        problems = [
            f"card {i + 1}: no card named {name!r}"
            for i, name in enumerate(deck)
            if self.cards.find(name) is None
        ]
        if self.options.random:
            if len(deck) < HAND_SIZE:
                problems.append(f"Random deals 5 cards from a collection; this one has {len(deck)}")
        elif len(deck) != HAND_SIZE:
            problems.append(f"a hand is exactly 5 cards; this one has {len(deck)}")
        return problems

    def deck_ids(self, deck: Deck, player: int) -> list[int]:
        exact = self._exact_ids
        if all(name in exact for name in deck) and (
            len(deck) >= HAND_SIZE if self.options.random else len(deck) == HAND_SIZE
        ):
            return [exact[name] for name in deck]  # what validate + find would give
        problems = self.validate_deck(deck)
        if problems:
            raise DeckError(f"player {player}'s deck: " + "; ".join(problems))
        return [self.cards.find(name).id for name in deck]  # type: ignore[union-attr]

    def sample_decks(self, rng: Rng) -> list[Deck]:
        size = 2 * HAND_SIZE if self.options.random else HAND_SIZE
        return [
            [self.cards[i].name for i in rng.sample(range(len(self.cards)), size)] for _ in range(2)
        ]

    def card_data_hash(self) -> str:
        return self.cards.hash

    # -- states ---------------------------------------------------------------------------
    def new_state(self, seed: int = 0, decks: Sequence[Deck] | None = None) -> TripleTriadState:
        if decks is None:
            decks = self.sample_decks(Rng(derive_seed(seed, 1)))
        if len(decks) != 2:
            raise DeckError(f"Triple Triad needs 2 decks, got {len(decks)}")
        ids = [self.deck_ids(list(deck), p) for p, deck in enumerate(decks)]
        rng = Rng(seed)
        if self.options.random:
            ids = [rng.sample(cards, HAND_SIZE) for cards in ids]
        first = self.options.first_player
        if first is None:
            first = rng.below(2)
        state = TripleTriadState(self, rng, (tuple(ids[0]), tuple(ids[1])), first)
        state.start_game(first)
        return state

    def draw_elements(self, rng: Rng) -> list[int]:
        fixed = self.options.elements
        if fixed is not None:
            return [ELEMENT_LETTERS.index(ch) + 1 if ch != "." else 0 for ch in fixed]
        if not self.options.elemental:
            return [0] * CELLS
        # Each cell: an element with probability 1/3, uniform over the 8 elements, i.e. a
        # uniform digit 0..23 (0..7: that element, 8..23: none). One draw gives all nine.
        draw = rng.below(CELL_OUTCOMES**CELLS)
        cells = []
        for _ in range(CELLS):
            draw, digit = divmod(draw, CELL_OUTCOMES)
            cells.append(digit + 1 if digit < len(ELEMENTS) else 0)
        return cells

    def state_from_json(self, data: dict[str, Any]) -> TripleTriadState:
        from .notation import state_from_json

        return state_from_json(self, data)

    def state_from_notation(self, text: str) -> TripleTriadState:
        from .notation import parse_position

        return parse_position(text, self)

    def determinize(self, view: dict[str, Any], rng: Rng) -> TripleTriadState:
        from .notation import determinize

        return determinize(self, view, rng)

    def redeal_hidden(self, state: State, viewer: int | None, rng: Rng) -> TripleTriadState:
        from .hidden import redeal_hidden

        assert isinstance(state, TripleTriadState)
        return redeal_hidden(state, viewer, rng)

    def heuristic(self, state: State, player: int) -> float:
        """Cards owned, plus a little for the strength of cards taken in a trade."""
        assert isinstance(state, TripleTriadState)
        taken = sum(self.cards[c].level for c in state.taken) / 100
        return state.score(player) + (taken if state.trade_winner == player else -taken)


class TripleTriadState(State["TripleTriad"]):
    __slots__ = (
        "game", "rng", "brought", "board", "owner", "hands", "elements", "first",
        "games", "decisions", "taken", "trade_winner", "log", "_outcome", "version",
    )

    def __init__(
        self, game: TripleTriad, rng: Rng, brought: tuple[tuple[int, ...], tuple[int, ...]],
        first: int,
    ) -> None:
        self.game = game
        self.rng = rng
        self.brought = brought  # the five cards each player brought: what trades take from
        self.hands: list[list[int]] = [list(brought[0]), list(brought[1])]
        self.board = [EMPTY] * CELLS
        self.owner = [EMPTY] * CELLS
        self.elements = [0] * CELLS
        self.first = first
        self.games = 1
        self.decisions: list[Decision] = []
        self.taken: list[int] = []
        self.trade_winner: int | None = None
        # Compact event log: tuples, turned into Events only when asked for.
        self.log: list[tuple[Any, ...]] = []
        self._outcome: Outcome | None = None
        self.version = 0

    def start_game(self, first: int) -> None:
        self.first = first
        self.board = [EMPTY] * CELLS
        self.owner = [EMPTY] * CELLS
        self.elements = self.game.draw_elements(self.rng)
        self.decisions = [PLACE[first]]
        self.log.append(("start", self.games, first, tuple(self.elements)))

    # -- moves --------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if not self.decisions:
            return []
        decision = self.decisions[-1]
        if decision.kind == "take":
            table = self.game.take_actions
            return [table[c] for c in dict.fromkeys(self.takeable())]
        b = self.board
        empty, pick = EMPTY_CELLS[
            b[0] < 0, b[1] < 0, b[2] < 0, b[3] < 0, b[4] < 0, b[5] < 0, b[6] < 0, b[7] < 0,
            b[8] < 0,
        ]
        table = self.game.place_actions
        hand = self.hands[decision.player]
        if pick is None:  # one empty cell (or none)
            return [table[c][cell] for c in dict.fromkeys(hand) for cell in empty]
        out: list[Action] = []
        for c in dict.fromkeys(hand):
            out += pick(table[c])
        return out

    def apply(self, action: Action, player: int) -> None:
        """Check, then play ``action`` (a legal Place takes the short way)."""
        decisions = self.decisions
        if decisions and type(action) is Place:
            decision = decisions[-1]
            cell = action.cell
            if (
                decision.kind == "place" and decision.player == player and 0 <= cell < CELLS
                and self.board[cell] < 0 and action.card in self.hands[player]
                and 0 <= action.card < len(self.game.values)
            ):
                self.version += 1
                self._place(action.card, cell)
                return
        reason = self.illegal_reason(action, player)
        if reason is not None:
            raise IllegalAction(reason)
        self.apply_unchecked(action)

    def illegal_reason(self, action: Action, player: int) -> str | None:
        refused = self.refusal(player)
        if refused is not None:
            return refused
        decision = self.decisions[-1]
        cards = self.game.cards
        if decision.kind == "take":
            if not isinstance(action, Take):
                return f"player {player} must take a card from the loser (trade {self.game.options.trade})"
            if action.card not in self.takeable():
                return f"{action.name} is not among player {1 - player}'s cards left to take"
            return None
        if not isinstance(action, Place):
            return f"player {player} must place a card, not {action}"
        if not 0 <= action.cell < CELLS:
            return f"cell {action.cell} does not exist (cells are 0..8)"
        if not 0 <= action.card < len(cards):
            return f"card id {action.card} does not exist"
        if self.board[action.cell] >= 0:
            return f"cell {action.cell} is taken by {cards[self.board[action.cell]].name}"
        if action.card not in self.hands[player]:
            return f"{cards[action.card].name} is not in your hand"  # said to its player
        return None

    def apply_unchecked(self, action: Action) -> None:
        self.version += 1
        if isinstance(action, Place):
            self._place(action.card, action.cell)
        else:
            assert isinstance(action, Take)
            self._take(action.card)

    def _place(self, card: int, cell: int) -> None:
        decisions = self.decisions
        mover = decisions[-1].player
        board = self.board
        self.hands[mover].remove(card)
        board[cell] = card
        owner = self.owner
        owner[cell] = mover
        game = self.game
        values = game.values
        # (side, cell, card there, its value on the touching side) for occupied neighbours
        touching = [
            (side, n, other, values[other][opposite])
            for side, n, opposite in ADJACENT[cell]
            if (other := board[n]) >= 0
        ]
        if touching:
            opts = game.options
            placed = values[card]
            flips: list[tuple[int, str]] = []
            special: list[int] = []
            if opts.same or opts.plus:
                special = self._same_plus(placed, cell, mover, touching)
                for n in special:
                    owner[n] = mover
                    flips.append((n, "same/plus"))
            basic = []
            elements = self.elements
            for side, n, other, defend in touching:
                if owner[n] == mover:
                    continue
                attack = placed[side]
                if elements[cell] or elements[n]:
                    attack = self._elemental(attack, card, cell)
                    defend = self._elemental(defend, other, n)
                if attack > defend:
                    owner[n] = mover
                    basic.append(n)
                    flips.append((n, "basic"))
            if special and opts.combo:
                chain = special + basic if opts.combo_from_basic else special
                flips.extend((n, "combo") for n in self._combo(chain, mover))
            self.log.append(("place", mover, card, cell, tuple(flips)))
        else:
            self.log.append(("place", mover, card, cell, ()))
        if EMPTY in board:
            decisions[-1] = PLACE[1 - mover]
        else:
            self._end_game()

    def _same_plus(
        self, placed: tuple[int, ...], cell: int, mover: int,
        touching: list[tuple[int, int, int, int]],
    ) -> list[int]:
        """Cells flipped by Same / Same Wall / Plus, by printed values (side order)."""
        opts = self.game.options
        owner = self.owner
        if opts.own_cards_match:
            for _, n, _, _ in touching:
                if owner[n] != mover:
                    break
            else:
                return []  # own matched cards never flip: no rival card, nothing happens
        else:
            touching = [t for t in touching if owner[t[1]] != mover]
            if not touching:
                return []
        same_ok = False
        if opts.same:
            hits = 0
            for side, _, _, value in touching:
                if placed[side] == value:
                    hits += 1
            if hits == 1 and opts.same_wall:
                hits += sum(placed[side] == 10 for side in WALL_SIDES[cell])
            same_ok = hits >= 2
        if opts.plus and len(touching) >= 2:
            sums = [placed[side] + value for side, _, _, value in touching]
            return [
                n for i, (side, n, _, value) in enumerate(touching)
                if owner[n] != mover
                and ((same_ok and placed[side] == value) or sums.count(sums[i]) >= 2)
            ]
        if not same_ok:
            return []
        return [
            n for side, n, _, value in touching if owner[n] != mover and placed[side] == value
        ]

    def _combo(self, chain: list[int], mover: int) -> list[int]:
        """Breadth-first: each flipped card flips its rival neighbours by the basic rule."""
        board, owner = self.board, self.owner
        flipped = []
        queue = list(chain)
        for cell in queue:
            for side, n in NEIGHBOURS[cell]:
                if n >= 0 and board[n] >= 0 and owner[n] != mover and self._beats(
                    board[cell], cell, side, n
                ):
                    owner[n] = mover
                    flipped.append(n)
                    queue.append(n)
        return flipped

    def _beats(self, card: int, cell: int, side: int, other_cell: int) -> bool:
        """Does ``card`` on ``cell`` beat the card on ``other_cell`` across ``side``?"""
        game = self.game
        other = self.board[other_cell]
        attack = game.values[card][side]
        defend = game.values[other][side ^ 2]
        elements = self.elements
        if elements[cell] or elements[other_cell]:
            attack = self._elemental(attack, card, cell)
            defend = self._elemental(defend, other, other_cell)
        return attack > defend

    def _elemental(self, value: int, card: int, cell: int) -> int:
        cell_element = self.elements[cell]
        if cell_element:
            value += 1 if self.game.card_elements[card] == cell_element else -1
            if self.game.options.clamp:
                value = min(10, max(1, value))
        return value

    def _end_game(self) -> None:
        scores = (self.score(0), self.score(1))
        opts = self.game.options
        self.log.append(("end", self.games, scores))
        if scores[0] == scores[1] and opts.sudden_death and self.games <= opts.sudden_death_limit:
            # Hasta la muerte: each player's new hand is the cards of their colour.
            for p in (0, 1):
                self.hands[p] = [self.board[c] for c in range(CELLS) if self.owner[c] == p] + (
                    self.hands[p]
                )
            self.games += 1
            self.start_game(1 - self.first)
            return
        winner = None if scores[0] == scores[1] else int(scores[1] > scores[0])
        self.trade_winner = winner
        if winner is not None and self.picks_owed() > 0:
            self.decisions[-1] = TAKE[winner]
        else:
            self.decisions.clear()

    def picks_owed(self) -> int:
        """Cards the winner still has to choose under One / Difference."""
        if self.trade_winner is None:
            return 0
        trade = self.game.options.trade
        if trade == "one":
            owed = 1
        elif trade == "difference":
            w = self.trade_winner
            owed = min(HAND_SIZE, self.score(w) - self.score(1 - w))
        else:
            return 0
        return owed - len(self.taken)

    def takeable(self) -> list[int]:
        """The loser's brought cards not yet taken."""
        assert self.trade_winner is not None
        left = Counter(self.brought[1 - self.trade_winner]) - Counter(self.taken)
        return list(left.elements())

    def _take(self, card: int) -> None:
        self.taken.append(card)
        self.log.append(("take", self.trade_winner, card))
        if self.picks_owed() == 0:
            self.decisions.clear()

    # -- results ------------------------------------------------------------------------
    def score(self, player: int) -> int:
        """Own cards on the board plus cards still in hand."""
        return self.owner.count(player) + len(self.hands[player])

    def transfers(self) -> list[tuple[int, int, int]]:
        """(card id, from, to) for every card the trade rule moves; only once the game is over."""
        trade = self.game.options.trade
        w = self.trade_winner
        if trade == "direct":
            moves = []
            for p in (0, 1):
                final = Counter([self.board[c] for c in range(CELLS) if self.owner[c] == p])
                final.update(self.hands[p])
                gained = final - Counter(self.brought[p])
                moves += [(card, 1 - p, p) for card in sorted(gained.elements())]
            return moves
        if w is None or trade == "none":
            return []
        if trade == "all":
            return [(card, 1 - w, w) for card in self.brought[1 - w]]
        return [(card, 1 - w, w) for card in self.taken]

    @property
    def outcome(self) -> Outcome | None:
        if self.decisions:
            return None
        if self._outcome is None:
            opts = self.game.options
            scores = (self.score(0), self.score(1))
            reason = "the board is full"
            if scores[0] == scores[1] and opts.sudden_death:
                reason = f"still a draw after {self.games - 1} Sudden Death restart(s), the limit"
            names = self.game.cards
            self._outcome = Outcome.from_scores(
                scores, reason,
                trade=[[names[c].name, a, b] for c, a, b in self.transfers()],
                games=self.games,
                first=self.first,
            )
        return self._outcome

    def end_as_draw(self, reason: str) -> None:
        """The kernel's decision limits: a draw, nothing traded."""
        self.decisions.clear()
        scores = (self.score(0), self.score(1))
        self._outcome = Outcome(None, scores, reason, (0, 0), {"trade": [], "games": self.games,
                                                               "first": self.first})

    # -- views --------------------------------------------------------------------------
    def hands_public(self) -> bool:
        return self.game.options.open or not self.decisions or self.decisions[-1].kind == "take"

    def zones(self) -> list[Zone]:
        names = self.game.cards
        hand_visibility = Visibility.PUBLIC if self.hands_public() else Visibility.OWNER
        board = [
            None if self.board[c] < 0 else {"card": names[self.board[c]].name, "owner": self.owner[c]}
            for c in range(CELLS)
        ]
        return [
            Zone("board", None, Visibility.PUBLIC, board),
            *(
                Zone(f"hand{p}", p, hand_visibility, [names[c].name for c in self.hands[p]])
                for p in (0, 1)
            ),
        ]

    def info(self, viewer: int | None) -> dict[str, Any]:
        names = self.game.cards
        public = self.hands_public()
        return {
            "elements": [ELEMENTS[e - 1] if e else None for e in self.elements],
            "scores": [self.score(0), self.score(1)],
            "game_number": self.games,
            "first": self.first,
            "decks": [
                [names[c].name for c in self.brought[p]] if public or viewer == p else None
                for p in (0, 1)
            ],
            "taken": [names[c].name for c in self.taken],
            "trade_winner": self.trade_winner,
        }

    @property
    def events(self) -> list[Event]:  # type: ignore[override]
        names = self.game.cards
        out = []
        for entry in self.log:
            kind = entry[0]
            if kind == "start":
                _, number, first, elements = entry
                out.append(Event("start", {
                    "game": number, "first": first,
                    "elements": [ELEMENTS[e - 1] if e else None for e in elements],
                }))
            elif kind == "place":
                _, player, card, cell, flips = entry
                out.append(Event("place", {"player": player, "card": names[card].name, "cell": cell}))
                out += [
                    Event("flip", {"cell": c, "to": player, "cause": cause}) for c, cause in flips
                ]
            elif kind == "end":
                out.append(Event("end", {"game": entry[1], "scores": list(entry[2])}))
            elif kind == "take":
                out.append(Event("take", {"player": entry[1], "card": names[entry[2]].name}))
        return out

    # -- notation -----------------------------------------------------------------------
    def parse_action(self, text: str, player: int) -> Action:
        from .notation import parse_action

        return parse_action(self, text, player)

    def decision_prompt(self, decision: Decision) -> str:
        if decision.kind == "take":
            return f"take one of player {1 - decision.player}'s cards, as the trade rule allows"
        return "place a card from your hand on an empty cell"

    def default_action(self, decision: Decision) -> Action:
        """The first legal action: the first card in hand on the first empty cell, or the
        first card left to take (both lists follow what the decider sees)."""
        return self.legal_actions()[0]

    def to_notation(self) -> str:
        from .notation import format_position

        return format_position(self)

    def to_json(self) -> dict[str, Any]:
        from .notation import state_to_json

        return state_to_json(self)

    def clone(self) -> TripleTriadState:
        new = object.__new__(TripleTriadState)
        new.game = self.game
        new.rng = Rng(self.rng.state)
        new.brought = self.brought
        new.board = self.board[:]
        new.owner = self.owner[:]
        new.hands = [self.hands[0][:], self.hands[1][:]]
        new.elements = self.elements[:]
        new.first = self.first
        new.games = self.games
        new.decisions = self.decisions[:]
        new.taken = self.taken[:]
        new.trade_winner = self.trade_winner
        new.log = self.log[:]
        new._outcome = self._outcome
        new.version = self.version
        return new

    def check_invariants(self) -> None:
        """Raises ``AssertionError`` (explicitly: positions are read through it, and
        ``python -O`` drops ``assert`` statements)."""
        on_board = [c for c in self.board if c >= 0]
        held = Counter(on_board + self.hands[0] + self.hands[1])
        problems = []
        if held != Counter(self.brought[0] + self.brought[1]):
            problems.append("cards lost or duplicated")
        problems += [f"cell {cell} owner mismatch" for cell in range(CELLS)
                     if (self.board[cell] < 0) != (self.owner[cell] < 0)]
        if sum(map(len, self.hands)) + len(on_board) != 2 * HAND_SIZE:
            problems.append(f"{2 * HAND_SIZE} cards should be in the hands and on the board")
        if self.decisions and self.decisions[-1].kind == "place":
            mover = self.decisions[-1].player
            # Players alternate from ``first``, so the mover has placed len(on_board) // 2.
            if mover != (self.first + len(on_board)) % 2:
                problems.append("wrong player to move")
            if len(self.hands[mover]) != HAND_SIZE - len(on_board) // 2:
                problems.append("wrong hand size")
        if problems:
            raise AssertionError("; ".join(problems))

