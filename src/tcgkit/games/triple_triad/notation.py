"""Triple Triad text forms: action notation, the one-line position notation, JSON.

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
from typing import TYPE_CHECKING, Any

from ...kernel.determinize import deal_hidden, unseen
from ...kernel.errors import NotationError, OptionsError
from ...kernel.rng import Rng
from .cards import ELEMENT_LETTERS, ELEMENTS, HAND_SIZE, Card
from .options import format_rules, parse_rules
from .rules import CELLS, EMPTY, PLACE, TAKE, TripleTriad, TripleTriadState

if TYPE_CHECKING:
    from ...kernel.actions import Action

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


def game_for_position(text: str) -> TripleTriad:
    """The game a position's ``rules`` field describes (defaults when it has none)."""
    _, fields = split_position(text)
    try:
        return TripleTriad(parse_rules(fields.get("rules", "-")))
    except OptionsError as exc:
        raise NotationError(f"position, field 'rules': {exc}") from None


def parse_position(text: str, game: TripleTriad) -> TripleTriadState:
    name, fields = split_position(text)
    if name != game.name:
        raise NotationError(f"position: starts with {name!r}, expected {game.name!r}")
    if "rules" in fields and game_for_position(text).options != game.options:
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


# -- JSON -------------------------------------------------------------------------------------
def state_to_json(state: TripleTriadState) -> dict[str, Any]:
    """The full state: the position plus the event log."""
    return {
        "game": state.game.name,
        "options": state.game.options_json(),
        "position": format_position(state),
        "log": [_jsonable(entry) for entry in state.log],
        "version": state.version,
    }


def _jsonable(value: Any) -> Any:
    return [_jsonable(v) for v in value] if isinstance(value, tuple | list) else value


def _tupled(value: Any) -> Any:
    return tuple(_tupled(v) for v in value) if isinstance(value, list) else value


def state_from_json(game: TripleTriad, data: dict[str, Any]) -> TripleTriadState:
    if not isinstance(data, dict) or data.get("game") != game.name:
        raise NotationError(f"state JSON: not a {game.name} state")
    if data.get("options") != game.options_json():
        raise NotationError("state JSON: its options differ from this game's")
    known = ("game", "options", "position", "log", "version")
    unknown = sorted(str(key)[:40] for key in data if key not in known)
    if unknown:
        raise NotationError(f"state JSON: unknown field(s) {', '.join(unknown)}")
    position = data.get("position")
    if not isinstance(position, str):
        raise NotationError("state JSON, field 'position': the position notation, as text")
    state = parse_position(position, game)
    log = data.get("log", [])
    check_log(log, len(game.cards.cards))
    version = data.get("version", 0)
    if type(version) is not int or version < 0:
        raise NotationError(f"state JSON, field 'version': a whole number, got {str(version)[:40]!r}")
    state.log = [_tupled(entry) for entry in log]
    state.version = version
    return state


FLIP_CAUSES = ("basic", "same/plus", "combo")


def check_log(log: object, cards: int) -> None:
    """Each entry as the rules write it (``rules.py``): real checks naming the entry, so
    the events can always be built from an accepted log."""
    if not isinstance(log, list):
        raise NotationError("state JSON, field 'log': a list of entries")

    def number(value: object, high: int) -> bool:
        return type(value) is int and 0 <= value <= high

    for i, entry in enumerate(log):
        kind = entry[0] if isinstance(entry, list) and entry else None
        ok = False
        if kind == "start" and len(entry) == 4:
            _, game_number, first, elements = entry
            ok = (number(game_number, 10**6) and number(first, 1) and isinstance(elements, list)
                  and len(elements) == CELLS and all(number(e, len(ELEMENTS)) for e in elements))
        elif kind == "place" and len(entry) == 5:
            _, player, card, cell, flips = entry
            ok = (number(player, 1) and number(card, cards - 1) and number(cell, CELLS - 1)
                  and isinstance(flips, list) and all(
                      isinstance(f, list) and len(f) == 2 and number(f[0], CELLS - 1) and f[1] in FLIP_CAUSES
                      for f in flips))
        elif kind == "end" and len(entry) == 3:
            ok = (number(entry[1], 10**6) and isinstance(entry[2], list) and len(entry[2]) == 2
                  and all(number(score, 2 * HAND_SIZE) for score in entry[2]))
        elif kind == "take" and len(entry) == 3:
            ok = number(entry[1], 1) and number(entry[2], cards - 1)
        if not ok:
            raise NotationError(f"state JSON, field 'log', entry {i}: not a start, place, end or take "
                                "entry as the rules write it")


# -- determinization -----------------------------------------------------------------------------
def determinize(game: TripleTriad, view: dict[str, Any], rng: Rng) -> TripleTriadState:
    """A full state that ``view`` could come from: hidden hands sampled, the rng re-seeded."""
    ids = {c.name: c.id for c in game.cards.cards}
    zones = view["zones"]
    board, owner = [EMPTY] * CELLS, [EMPTY] * CELLS
    for c, cell in enumerate(zones["board"]["cards"]):
        if cell is not None:
            board[c], owner[c] = ids[cell["card"]], cell["owner"]
    decks: list[list[int] | None] = [
        None if d is None else [ids[n] for n in d] for d in view["decks"]
    ]
    # Every card in view counts against the viewer's own list: its cards seen nowhere must
    # be in the rival's hidden hand (after Sudden Death a hand may hold the rival's cards);
    # the rest of a hidden hand is any card of the pool.
    me = view["viewer"]
    mine = None if me is None else view["decks"][me]
    on_board = [cell["card"] for cell in zones["board"]["cards"] if cell is not None]
    pool = -1 if me is None else me  # the one deck list every hand is accounted against
    names = [c.name for c in game.cards.cards]
    dealt = deal_hidden(
        {f"hand{p}": zones[f"hand{p}"] for p in (0, 1)},
        {pool: unseen(mine, on_board)},
        rng,
        lambda name, zone: pool,
        lambda player, n, seen, rng: [names[rng.below(len(names))] for _ in range(n)],
    )
    hands = [[ids[n] for n in dealt[f"hand{p}"]] for p in (0, 1)]
    everything = Counter([c for c in board if c >= 0] + hands[0] + hands[1])
    for p in (0, 1):
        if decks[p] is None:
            known = decks[1 - p]
            decks[p] = (
                list((everything - Counter(known)).elements()) if known is not None
                else [board[c] for c in range(CELLS) if owner[c] == p] + hands[p]
            )
    state = TripleTriadState(game, Rng(rng.next_u64()), (tuple(decks[0]), tuple(decks[1])), view["first"])
    state.board, state.owner, state.hands = board, owner, hands
    state.elements = [ELEMENTS.index(e) + 1 if e else 0 for e in view["elements"]]
    state.games = view["game_number"]
    state.taken = [ids[n] for n in view["taken"]]
    state.trade_winner = view["trade_winner"]
    if view["to_move"] is not None:
        table = TAKE if view["decision"] == "take" else PLACE
        state.decisions = [table[view["to_move"]]]
    return state
