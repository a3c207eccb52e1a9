"""Triple Triad text forms: action notation and the one-line position notation.

Position notation (the full state, hidden cards included, as a bug report needs)::

    triple-triad rules=same,plus elements=F...I.... board=12:0/-/-/-/-/-/-/-/- \
        hands=1,2,3,4/6,7,8,9,10 decks=1,2,3,4,12/6,7,8,9,10 turn=1 game=1 taken=- rng=7

Cards are card numbers. ``board`` lists cells 0..8 (row by row from the top left) as
``-`` or ``NUMBER:OWNER``. ``turn`` is the player to place (0 or 1), ``take0`` / ``take1``
for a winner choosing trade cards, or ``end``. Only ``board`` and ``hands`` are required:
``rules`` defaults to the game's options, ``decks`` to each player's hand plus the board
cards they own, ``turn`` to the player whose hand is fuller (0 on a tie; on a full board
``end``, or the winner's ``take`` while trade picks are owed), ``game`` to 1,
``taken`` to none, ``rng`` to 0 and ``elements`` to none (or the fixed option).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ...kernel.actions import Action
from ...kernel.errors import NotationError
from ...kernel.rng import Rng
from ...kernel.state import EMPTY
from .cards import ELEMENT_LETTERS, HAND_SIZE, Card
from .options import format_rules
from .rules import CELLS, PLACE, TAKE, TripleTriadState

if TYPE_CHECKING:
    from .game import TripleTriad

FIELDS = ("rules", "elements", "board", "hands", "decks", "turn", "game", "taken", "rng")
ACTION_HELP = "expected CARD@CELL (e.g. Geezard@4, cells 0..8) or 'take CARD'"


# -- actions ------------------------------------------------------------------------------
def parse_action(state: TripleTriadState, text: str, player: int) -> Action:
    """``text`` as ``player`` wrote it: a name prefix resolves against their own hand."""
    game = state.game
    text = text.strip()
    # Names never hold '@', so text with one is a placement (a card may be named "Take Five").
    if "@" not in text and (text.lower().startswith("take ") or text.lower() == "take"):
        name = text[4:].strip()
        if not name:
            raise NotationError(f"{text!r}: name the card to take, e.g. 'take Geezard'")
        nearby = state.takeable() if state.trade_winner is not None else []
        return game.take_actions[_find_card(game, name, nearby, text).id]
    if "@" not in text:
        raise NotationError(f"{text!r}: {ACTION_HELP}" if text else f"empty action; {ACTION_HELP}")
    name, _, cell_text = text.rpartition("@")
    cell_text = cell_text.strip()
    if not (cell_text.isdecimal() and 0 <= int(cell_text) < CELLS):
        raise NotationError(f"{text!r}: the cell after '@' must be 0..8, got {cell_text!r}")
    nearby = state.hands[player] if player in (0, 1) else []
    card = _find_card(game, name.strip(), nearby, text)
    return game.place_actions[card.id][int(cell_text)]


def _find_card(game: TripleTriad, name: str, nearby: list[int], text: str) -> Card:
    """A card by exact name, ``#number``, or an unambiguous prefix (the hand first)."""
    if not name:
        raise NotationError(f"{text!r}: no card named before '@'; {ACTION_HELP}")
    card = game.cards.find(name)
    if card is not None:
        return card
    prefix = name.lower()
    for pool in ([game.cards[c] for c in dict.fromkeys(nearby)], game.cards.cards):
        hits = [c for c in pool if c.name.lower().startswith(prefix)]
        if len(hits) == 1:
            return hits[0]
        if len(hits) > 1:
            names = ", ".join(c.name for c in hits[:6])
            raise NotationError(f"{text!r}: {name!r} could be {names}; type more of the name")
    raise NotationError(f"{text!r}: no card named {name!r}")


# -- position notation ----------------------------------------------------------------------
def _cards(ids: list[int] | tuple[int, ...], game: TripleTriad) -> str:
    return ",".join(str(game.cards[c].number) for c in ids) or "-"


def format_position(state: TripleTriadState) -> str:
    game = state.game
    board = "/".join(
        "-" if state.board[c] < 0 else f"{game.cards[state.board[c]].number}:{state.owner[c]}"
        for c in range(CELLS)
    )
    elements = "".join(ELEMENT_LETTERS[e - 1] if e else "." for e in state.elements)
    if not state.decisions:
        turn = "end"
    else:
        decision = state.decisions[-1]
        turn = f"take{decision.player}" if decision.kind == "take" else str(decision.player)
    return " ".join([
        game.name,
        f"rules={format_rules(game.options)}",
        f"elements={elements}",
        f"board={board}",
        f"hands={_cards(state.hands[0], game)}/{_cards(state.hands[1], game)}",
        f"decks={_cards(state.brought[0], game)}/{_cards(state.brought[1], game)}",
        f"turn={turn}",
        f"game={state.games}",
        f"taken={_cards(state.taken, game)}",
        f"rng={state.rng.state}",
    ])


def split_position(text: str) -> tuple[str, dict[str, str]]:
    tokens = text.split()
    if not tokens:
        raise NotationError("empty position")
    fields: dict[str, str] = {}
    for token in tokens[1:]:
        key, eq, value = token.partition("=")
        if not eq or key not in FIELDS:
            raise NotationError(f"position: unknown field {token!r}; fields are {', '.join(FIELDS)}")
        if key in fields:
            raise NotationError(f"position: field {key!r} given twice")
        fields[key] = value
    return tokens[0], fields


def parse_position(text: str, game: TripleTriad) -> TripleTriadState:
    name, fields = split_position(text)
    if name != game.name:
        raise NotationError(f"position: starts with {name!r}, expected {game.name!r}")
    if "rules" in fields and type(game).game_for_position(text).options != game.options:
        raise NotationError(
            f"position: its rules {fields['rules']!r} differ from this game's "
            f"{format_rules(game.options)!r}"
        )
    for required in ("board", "hands"):
        if required not in fields:
            raise NotationError(f"position: missing field {required!r}")

    def card_list(field: str, value: str) -> list[int]:
        if value == "-":
            return []
        ids = []
        for token in value.split(","):
            card = game.cards.find(f"#{token}") if token.isdecimal() else None
            if card is None:
                raise NotationError(f"position, field {field!r}: no card number {token!r}")
            ids.append(card.id)
        return ids

    def pair(field: str) -> list[list[int]]:
        parts = fields[field].split("/")
        if len(parts) != 2:
            raise NotationError(f"position, field {field!r}: two lists separated by '/'")
        return [card_list(field, part) for part in parts]

    cells = fields["board"].split("/")
    if len(cells) != CELLS:
        raise NotationError(f"position, field 'board': 9 cells separated by '/', got {len(cells)}")
    board, owner = [EMPTY] * CELLS, [EMPTY] * CELLS
    for c, cell in enumerate(cells):
        if cell == "-":
            continue
        number, colon, who = cell.partition(":")
        if not colon or who not in ("0", "1"):
            raise NotationError(f"position, field 'board', cell {c}: expected NUMBER:OWNER or '-'")
        board[c] = card_list("board", number)[0]
        owner[c] = int(who)
    hands = pair("hands")
    if "decks" in fields:
        decks = pair("decks")
    else:
        decks = [[board[c] for c in range(CELLS) if owner[c] == p] + hands[p] for p in (0, 1)]
    for p in (0, 1):
        if len(decks[p]) != HAND_SIZE:
            raise NotationError(f"position: player {p} brought {len(decks[p])} cards, not 5")
    if Counter([c for c in board if c >= 0] + hands[0] + hands[1]) != Counter(decks[0] + decks[1]):
        raise NotationError("position: the cards on the board and in hand are not the decks' cards")

    placed = sum(c >= 0 for c in board)
    turn = fields.get("turn", "0" if len(hands[0]) >= len(hands[1]) else "1")
    if "turn" not in fields and placed == CELLS:
        turn = "end"  # or the winner's take, settled below once the scores are known
    if turn not in ("0", "1", "take0", "take1", "end"):
        raise NotationError(f"position, field 'turn': 0, 1, take0, take1 or end, got {turn!r}")
    if (placed == CELLS) == (turn in ("0", "1")):
        raise NotationError(f"position: turn={turn} does not fit a board with {placed} cards")
    if turn in ("0", "1"):
        mover = int(turn)
        first = (mover - placed) % 2
        expected = (HAND_SIZE - placed // 2, HAND_SIZE - (placed + 1) // 2)
        if (len(hands[mover]), len(hands[1 - mover])) != expected:
            raise NotationError(
                f"position: with {placed} cards placed and player {mover} to move, the hands "
                f"should hold {expected[0]} and {expected[1]} cards"
            )
    else:
        if sorted(map(len, hands)) != [0, 1]:
            raise NotationError("position: a finished board leaves 0 and 1 cards in hand")
        first = 0 if not hands[0] else 1

    state = TripleTriadState(game, Rng(_integer(fields, "rng", 0)), (tuple(decks[0]), tuple(decks[1])), first)
    state.board, state.owner, state.hands = board, owner, hands
    state.games = _integer(fields, "game", 1)
    opts = game.options
    last_game = opts.sudden_death_limit + 1 if opts.sudden_death else 1
    if not 1 <= state.games <= last_game:
        raise NotationError(
            f"position, field 'game': 1..{last_game} under these rules, got {state.games}"
        )
    state.elements = _elements(fields, game)
    state.taken = card_list("taken", fields.get("taken", "-"))
    if turn in ("0", "1"):
        state.decisions = [PLACE[int(turn)]]
        if state.taken:
            raise NotationError("position: cards are taken only after the game")
    else:
        scores = (state.score(0), state.score(1))
        state.trade_winner = None if scores[0] == scores[1] else int(scores[1] > scores[0])
        if "turn" not in fields and state.trade_winner is not None and state.picks_owed() > 0:
            turn = f"take{state.trade_winner}"
        if turn.startswith("take"):
            if state.trade_winner != int(turn[-1]):
                raise NotationError(f"position: turn={turn} but the scores are {scores}")
            state.decisions = [TAKE[state.trade_winner]]
        if state.trade_winner is None and state.games < last_game:
            raise NotationError(f"position: a draw in game {state.games} restarts (Sudden Death)")
        if state.taken and (state.trade_winner is None or opts.trade not in ("one", "difference")):
            raise NotationError("position: only a winner under trade one/difference takes cards")
        if not Counter(state.taken) <= Counter(decks[1 - (state.trade_winner or 0)]):
            raise NotationError("position: taken cards are not among the loser's cards")
        owed = state.picks_owed() if state.trade_winner is not None else 0
        if (owed > 0) != turn.startswith("take") or owed < 0:
            raise NotationError(f"position: turn={turn} does not fit the trade rule and taken cards")
    try:
        state.check_invariants()
    except AssertionError as exc:
        raise NotationError(f"position: {exc}") from None
    return state


def _integer(fields: dict[str, str], key: str, default: int) -> int:
    value = fields.get(key)
    if value is None:
        return default
    if not value.isdecimal():
        raise NotationError(f"position, field {key!r}: a whole number, got {value!r}")
    return int(value)


def _elements(fields: dict[str, str], game: TripleTriad) -> list[int]:
    value = fields.get("elements", game.options.elements or "." * CELLS).upper()
    if len(value) != CELLS or any(ch not in ELEMENT_LETTERS + "." for ch in value):
        raise NotationError(f"position, field 'elements': 9 of {ELEMENT_LETTERS} or '.', got {value!r}")
    return [ELEMENT_LETTERS.index(ch) + 1 if ch != "." else 0 for ch in value]
