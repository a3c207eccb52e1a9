"""Triple Triad: a position, declared once (``SPEC``), and the rules that change it.

Hot paths (``legal_actions``, ``apply``, ``clone``) work on card ids and flat lists; the
kernel derives clone, JSON, views, events and the hidden-card dealing from ``SPEC``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from ...kernel import values as v
from ...kernel.actions import Action, Decision
from ...kernel.board import Grid
from ...kernel.errors import IllegalAction
from ...kernel.game import Outcome, State
from ...kernel.rng import Rng
from ...kernel.state import EMPTY, OWNER, PUBLIC, Entry, StateField, StateSpec, Visibility, Zone, ZoneLayout
from .actions import Place, Take
from .cards import ELEMENTS, HAND_SIZE

if TYPE_CHECKING:
    from .game import TripleTriad

BOARD = Grid(3, 3)
CELLS = BOARD.size
ELEMENT_NAMES = (None, *ELEMENTS)  # element ids: 0 none, 1..8 ELEMENTS
FLIP_CAUSES = ("basic", "same/plus", "combo")


def _empty_cells() -> dict[tuple[bool, ...], tuple[tuple[int, ...], Any]]:
    """(is each cell empty) -> (the empty cells, an itemgetter of them when 2 or more)."""
    table = {}
    for mask in range(1 << CELLS):
        empty = tuple(c for c in range(CELLS) if mask >> c & 1)
        key = tuple(bool(mask >> c & 1) for c in range(CELLS))
        table[key] = (empty, itemgetter(*empty) if len(empty) > 1 else None)
    return table


EMPTY_CELLS = _empty_cells()  # legal_actions' table: the empty cells of each board, made once
PLACE = (Decision(0, "place"), Decision(1, "place"))
TAKE = (Decision(0, "take"), Decision(1, "take"))


def hands_seen(state: TripleTriadState) -> Visibility:
    """Hands (and what each player brought) are public under Open and once the game is over."""
    return PUBLIC if state.hands_public() else OWNER


class TripleTriadState(State["TripleTriad"]):
    """One position. ``board[c]`` is the card on cell c (``EMPTY``: none), ``owner[c]`` its
    colour; ``brought`` the five cards each player brought, what trades take from."""

    SPEC = StateSpec(
        zones=(
            Zone("board", ZoneLayout.GRID, shared=True, grid=BOARD),
            Zone("hand", ZoneLayout.ROW, seen=hands_seen, attr="hands"),
        ),
        fields=(
            StateField("owner", v.ListOf(v.Int(-1, 1), CELLS)),
            StateField("elements", v.ListOf(v.Named(ELEMENT_NAMES), CELLS)),
            StateField("brought", v.PerPlayer(v.TupleOf(v.Card(), HAND_SIZE)), seen=hands_seen),
            StateField("first", v.Player()),
            StateField("games", v.Int(1, 10**6)),
            StateField("taken", v.ListOf(v.Card())),
            StateField("trade_winner", v.Opt(v.Player())),
        ),
        log=(
            Entry("start", (("game", v.Int(1)), ("first", v.Player()),
                            ("elements", v.ListOf(v.Named(ELEMENT_NAMES), CELLS)))),
            Entry("place", (("player", v.Player()), ("card", v.Card()), ("cell", v.Int(0, CELLS - 1)))),
            Entry("flip", (("cell", v.Int(0, CELLS - 1)), ("to", v.Player()),
                           ("cause", v.Text(FLIP_CAUSES)))),
            Entry("end", (("game", v.Int(1)), ("scores", v.ListOf(v.Int(0, 2 * HAND_SIZE), 2)))),
            Entry("take", (("player", v.Player()), ("card", v.Card()))),
        ),
        decklists="brought",
        table_pool=True,  # after Sudden Death a hand holds cards of both players
        caches={"_outcome": None},
    )
    game: "TripleTriad"  # noqa: UP037 - quoted: the compiled build reads it at run time
    board: list[int]
    hands: list[list[int]]
    owner: list[int]
    elements: list[int]
    brought: list[tuple[int, ...]]
    first: int
    games: int
    taken: list[int]
    trade_winner: int | None
    _outcome: Outcome | None

    def __init__(self, game: TripleTriad, rng: Rng, brought: tuple[tuple[int, ...], tuple[int, ...]],
                 first: int) -> None:
        self.game = game
        self.rng = rng
        self.brought = list(brought)
        self.hands = [list(brought[0]), list(brought[1])]
        self.board = [EMPTY] * CELLS
        self.owner = [EMPTY] * CELLS
        self.elements = [0] * CELLS
        self.first = first
        self.games = 1
        self.decisions = []
        self.taken = []
        self.trade_winner = None
        self.log = []
        self._outcome = None
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
            takes = self.game.take_actions
            return [takes[c] for c in dict.fromkeys(self.takeable())]
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
                # said to the player to move, as every reason here
                return f"you must take a card from the loser (trade {self.game.options.trade})"
            if action.card not in self.takeable():
                return f"{action.name} is not among the loser's cards left to take"
            return None
        if not isinstance(action, Place):
            return f"you must place a card, not {action}"
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
        log = self.log
        log.append(("place", mover, card, cell))
        # (side, cell, card there, its value on the touching side) for occupied neighbours
        touching = [
            (side, n, other, values[other][opposite])
            for side, n, opposite in BOARD.touching[cell]
            if (other := board[n]) >= 0
        ]
        if touching:
            opts = game.options
            placed = values[card]
            special: list[int] = []
            if opts.same or opts.plus:
                special = self._same_plus(placed, cell, mover, touching)
                for n in special:
                    owner[n] = mover
                    log.append(("flip", n, mover, "same/plus"))
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
                    log.append(("flip", n, mover, "basic"))
            if special and opts.combo:
                chain_start = special + basic if opts.combo_from_basic else special
                log.extend(("flip", n, mover, "combo") for n in self._combo(chain_start, mover))
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
                hits += sum(placed[side] == 10 for side in BOARD.walls[cell])
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

    def _combo(self, chain_start: list[int], mover: int) -> list[int]:
        """Breadth-first: each flipped card flips its rival neighbours by the basic rule."""
        board, owner = self.board, self.owner
        flipped = []
        queue = list(chain_start)
        for cell in queue:
            for side, n in enumerate(BOARD.sides[cell]):
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

    def forfeit_transfers(
        self, quitter: int, choose: Callable[[TripleTriadState], Action]
    ) -> list[tuple[int, int, int]]:
        """(card id, from, to) that ``quitter`` pays for walking away from the match before
        its end (RULES.md, "Walking away"): the match is lost by the widest margin. One: the
        winner's choice of the quitter's five, which ``choose`` makes on a copy of this
        position at the winner's pick; Difference, All and Direct: all five. The position
        itself is left as it is."""
        trade, winner = self.game.options.trade, 1 - quitter
        if trade == "none":
            return []
        if trade != "one":
            return [(card, quitter, winner) for card in self.brought[quitter]]
        at_pick = self.clone()
        assert isinstance(at_pick, TripleTriadState)
        at_pick.trade_winner, at_pick.taken, at_pick.decisions = winner, [], [TAKE[winner]]
        at_pick.apply(choose(at_pick), winner)
        return [(card, quitter, winner) for card in at_pick.taken]

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

    def hands_public(self) -> bool:
        return self.game.options.open or not self.decisions or self.decisions[-1].kind == "take"

    # -- decisions ------------------------------------------------------------------------
    def default_action(self, decision: Decision) -> Action:
        """The first legal action: the first card in hand on the first empty cell, or the
        first card left to take (both lists follow what the decider sees)."""
        return self.legal_actions()[0]

    def problems(self) -> list[str]:
        on_board = [c for c in self.board if c >= 0]
        out = [f"cell {cell} owner mismatch" for cell in range(CELLS)
               if (self.board[cell] < 0) != (self.owner[cell] < 0)]
        if sum(map(len, self.hands)) + len(on_board) != 2 * HAND_SIZE:
            out.append(f"{2 * HAND_SIZE} cards should be in the hands and on the board")
        if self.decisions and self.decisions[-1].kind == "place":
            mover = self.decisions[-1].player
            # Players alternate from ``first``, so the mover has placed len(on_board) // 2.
            if mover != (self.first + len(on_board)) % 2:
                out.append("wrong player to move")
            if len(self.hands[mover]) != HAND_SIZE - len(on_board) // 2:
                out.append("wrong hand size")
        return out


def rebuild_brought(state: TripleTriadState, unknown: list[int]) -> None:
    """What the players the viewer does not know brought, after a deal: everything on the
    table but the other list when it is known, else the cards of their colour and hand."""
    for p in unknown:
        other = 1 - p
        if other in unknown:
            owned = [state.board[c] for c in range(CELLS) if state.owner[c] == p]
            state.brought[p] = tuple(owned + state.hands[p])
            continue
        # everything on the table less the other list (list.remove: a search does this often)
        left = [c for c in state.board if c >= 0]
        for hand in state.hands:
            left += hand
        for c in state.brought[other]:
            left.remove(c)
        state.brought[p] = tuple(left)
