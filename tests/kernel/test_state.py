"""kernel.state: a state declared once; clone, JSON, views, dealing and conservation derived.

``Table`` is a small declared state made for these tests: a 2x3 grid whose cells may hold a
card face down (hidden from everyone, its owner too, like Monster Collection's proxy
terrains), a hand per player, a hidden deck per player, a shared discard, a single face-down
pick per player, a sealed number per player, and a log with a secret field.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Collection
from dataclasses import replace
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict

from tcgkit.kernel import refs
from tcgkit.kernel import values as v
from tcgkit.kernel.board import Grid
from tcgkit.kernel.determinize import determinize, redeal_hidden, unseen
from tcgkit.kernel.errors import NotationError
from tcgkit.kernel.game import Game, State
from tcgkit.kernel.replacements import REPLACEMENTS, Replacements, Shield
from tcgkit.kernel.resolution import FRAME, RESOLUTION, Frame, Resolution
from tcgkit.kernel.rng import Rng
from tcgkit.kernel.state import (
    EMPTY,
    FACE_DOWN,
    HIDDEN,
    OWNER,
    PUBLIC,
    Entry,
    Instances,
    StateField,
    StateSpec,
    Zone,
    ZoneLayout,
    decision,
    known_field,
)

GRID = Grid(2, 3)
NAMES = [f"c{i}" for i in range(12)]


def sample_numbers(state: TableState, viewer: int | None, rng: Rng) -> None:
    for p in range(2):
        if p != viewer:
            state.numbers[p] = rng.below(10)


class TableState(State["TableGame"]):
    SPEC = StateSpec(
        zones=(
            Zone("grid", ZoneLayout.GRID, shared=True, grid=GRID,
                 face_down=lambda state, owner, cell: HIDDEN if state.down[cell] else PUBLIC),
            Zone("hand", seen=OWNER, attr="hands"),
            Zone("deck", seen=HIDDEN, attr="decks"),
            Zone("pick", seen=OWNER, single=True, attr="picks"),
            Zone("discard", shared=True),
        ),
        fields=(
            StateField("lists", v.PerPlayer(v.TupleOf(v.Card()))),
            StateField("down", v.ListOf(v.Bool(), GRID.size)),
            StateField("numbers", v.PerPlayer(v.Opt(v.Int(0, 9))), seen=OWNER, sample=sample_numbers),
            StateField("turn", v.Int(0)),
        ),
        log=(Entry("draw", (("player", v.Player()), ("card", v.Card())), secret=("card",)),
             Entry("note", (("text", v.Text()),))),
        decklists="lists",
        table_pool=True,
        caches={"cached": None},
    )
    hands: list[list[int]]
    decks: list[list[int]]
    picks: list[int | None]
    discard: list[int]
    grid: list[int]
    lists: list[tuple[int, ...]]
    down: list[bool]
    numbers: list[int | None]
    turn: int

    def legal_actions(self) -> list[Any]:
        return []

    def apply_unchecked(self, action: Any) -> None:
        self.version += 1

    @property
    def outcome(self) -> None:
        return None

    def default_action(self, decision: Any) -> Any:
        raise NotImplementedError


class TableOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TableGame(Game):
    name = "table"
    title = "Table"
    Options = TableOptions
    state_class = TableState

    def card_count(self) -> int:
        return len(NAMES)

    def card_key(self, card: int) -> str:
        return NAMES[card]

    def fill_hidden(self, pool: int | None, count: int, seen: Collection[int], rng: Rng) -> list[int]:
        return [rng.below(len(NAMES)) for _ in range(count)]

    def rebuild_decklists(self, state: State[Any], unknown: list[int]) -> None:
        assert isinstance(state, TableState)
        everything = Counter(c for _, c in type(state)._derived.placed(state))  # type: ignore[attr-defined]
        for p in unknown:
            state.lists[p] = tuple((everything - Counter(state.lists[1 - p])).elements())

    def new_state(self, seed: int = 0, decks: Any = None) -> TableState:
        state = TableState.__new__(TableState)
        state.game, state.rng, state.version, state.log = self, Rng(seed), 0, [("note", "start")]
        state.decisions = [decision(0, "wait")]
        state.grid = [0, EMPTY, 1, EMPTY, EMPTY, 6]  # cell 2 (card 1) lies face down
        state.down = [False, False, True, False, False, False]
        state.hands, state.decks, state.picks = [[2], [7, 8]], [[3, 4], [9]], [5, None]
        state.discard, state.numbers, state.turn, state.cached = [10], [4, 7], 3, "filled"
        state.lists = [(0, 1, 2, 3, 4, 5), (6, 7, 8, 9, 10)]
        state.log.append(("draw", 1, 8))
        return state

    def validate_deck(self, deck: Any) -> list[str]:
        return []

    def sample_decks(self, rng: Rng) -> list[Any]:
        return []

    def card_data_hash(self) -> str:
        return "table"


@pytest.fixture
def state() -> TableState:
    return TableGame().new_state(1)


def test_slots_come_from_the_declaration_with_the_caches(state):
    assert set(TableState.__slots__) == {"game", "rng", "decisions", "log", "version", "grid", "hands",
                                         "decks",
                                         "picks", "discard", "lists", "down", "numbers", "turn", "cached"}
    with pytest.raises(AttributeError):
        state.undeclared = 1  # type: ignore[attr-defined]


def test_a_clone_copies_every_list_and_shares_what_never_changes(state):
    copy = state.clone()
    assert copy.to_json() == state.to_json() and copy.cached == "filled"
    copy.hands[0].append(11)
    copy.grid[1] = 11
    copy.numbers[0] = 0
    copy.rng.next_u64()
    assert state.hands[0] == [2] and state.grid[1] == EMPTY and state.numbers[0] == 4
    assert copy.lists[0] is state.lists[0]  # a tuple: shared


def test_state_json_is_keyed_and_reads_back(state):
    data = state.to_json()
    assert data["zones"]["grid"] == ["c0", None, "c1", None, None, "c6"]
    assert data["zones"]["pick"] == ["c5", None] and data["zones"]["hand"] == [["c2"], ["c7", "c8"]]
    assert data["log"] == [{"kind": "note", "text": "start"}, {"kind": "draw", "player": 1, "card": "c8"}]
    again = TableGame().state_from_json(json.loads(json.dumps(data)))
    assert again.to_json() == data and again.cached is None  # a cache starts afresh


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(turn=-1), "^state JSON: turn: should be in 0.., not -1$"),
    (lambda d: d.update(down=[True] * 5), r"^state JSON: down: should hold 6 entries, not 5$"),
    (lambda d: d["zones"].update(grid=["c0"] * 5), r"^state JSON: zones.grid: should hold 6 cells, not 5$"),
    (lambda d: d["zones"]["hand"][1].append("zz"), r"^state JSON: zones.hand\[1\]\[2\]: no card 'zz'$"),
    (lambda d: d["zones"]["hand"][1].append("c11"), "^state JSON: cards are lost or duplicated$"),
    (lambda d: d["numbers"].__setitem__(0, "4"), r"^state JSON: numbers\[0\]: should be a whole number"),
    (lambda d: d.update(extra=1), "^state JSON: the state: unknown field 'extra'$"),
    (lambda d: d.pop("turn"), "^state JSON: the state: missing field 'turn'$"),
    (lambda d: d["log"].append({"kind": "draw", "player": 5, "card": "c1"}),
     r"^state JSON: log\[2\].player: should be a player 0..1, not 5$"),
    (lambda d: d.update(decisions=[{"player": 0, "kind": "", "secret": False}]),
     r"^state JSON: decisions\[0\].kind: should not be empty$"),
])
def test_state_json_from_outside_is_checked_naming_the_field(state, change, message):
    data = json.loads(json.dumps(state.to_json()))
    change(data)
    with pytest.raises(NotationError, match=message):
        TableGame().state_from_json(data)


def test_views_redact_zones_slots_and_fields_for_each_viewer(state):
    view = state.view(0)
    zones = view["zones"]
    assert zones["grid"] == {"owner": None, "count": 3, "cards": ["c0", None, FACE_DOWN, None, None, "c6"]}
    assert zones["hand0"] == {"owner": 0, "count": 1, "cards": ["c2"]}
    assert zones["hand1"] == {"owner": 1, "count": 2}
    assert zones["deck0"] == {"owner": 0, "count": 2} and zones["pick0"]["cards"] == ["c5"]
    assert zones["pick1"] == {"owner": 1, "count": 0}
    assert view["numbers"] == [4, None] and view["seen"] == ["numbers"] and view["turn"] == 3
    assert state.view(None)["numbers"] == [None, None]
    assert state.events_since(0, 0)[1] == {"kind": "draw", "player": 1}
    assert state.events_since(0, 1)[1] == {"kind": "draw", "player": 1, "card": "c8"}


def test_a_redeal_keeps_the_view_and_deals_every_hidden_slot_anew(state):
    for viewer in (0, 1, None):
        seen = state.view(viewer), state.events_since(0, viewer)
        changed = set()
        for seed in range(40):
            other = redeal_hidden(state, viewer, Rng(seed))
            other.check_invariants()
            assert (other.view(viewer), other.events_since(0, viewer)) == seen
            assert other.cached is None
            changed |= {name for name in ("grid", "decks", "hands", "numbers")
                        if getattr(other, name) != getattr(state, name)}
        assert "grid" in changed  # the face-down card, hidden from its owner too, is dealt anew
        assert "numbers" in changed


def test_determinize_builds_a_whole_state_with_the_same_view(state):
    for viewer in (0, 1, None):
        view = state.view(viewer)
        for seed in range(10):
            made = determinize(TableGame(), view, Rng(seed))
            made.check_invariants()
            assert made.view(viewer) == view and made.log == []


def test_conservation_names_a_lost_or_doubled_card(state):
    state.discard.append(2)
    with pytest.raises(AssertionError, match="^cards are lost or duplicated$"):
        state.check_invariants()


class Kinds(State["KindsGame"]):
    """Instances: ids 0..3 for player 0, 4..7 for player 1, a kind table naming each."""

    SPEC = StateSpec(zones=(Zone("hand", seen=OWNER, attr="hands"), Zone("play", attr="plays")),
                     fields=(StateField("marked", v.SetOf(v.Id())),), cards=Instances(size=lambda game: 4))
    hands: list[list[int]]
    plays: list[list[int]]
    marked: set[int]
    kind: list[int]

    legal_actions = TableState.legal_actions
    apply_unchecked = TableState.apply_unchecked
    outcome = TableState.outcome
    default_action = TableState.default_action


class KindsGame(TableGame):
    name = "kinds"
    state_class = Kinds  # type: ignore[assignment]

    def card_names(self) -> list[str]:
        return ["bull", "asp", "fire"]

    def new_state(self, seed: int = 0, decks: Any = None) -> Kinds:  # type: ignore[override]
        state = Kinds.__new__(Kinds)
        state.game, state.rng, state.version, state.log, state.decisions = self, Rng(seed), 0, [], []
        state.kind = [0, 0, 1, 2, 1, 1, 2, 0]
        state.hands, state.plays, state.marked = [[0, 1, 3], [4, 5, 7]], [[2], [6]], {2, 7}
        return state


def test_instances_are_keyed_by_name_and_id_and_ids_never_seen_get_names_from_the_list():
    game = KindsGame()
    state = game.new_state()
    data = state.to_json()
    assert data["zones"]["hand"] == [["bull#0", "bull#1", "fire#3"], ["asp#4", "asp#5", "bull#7"]]
    assert data["marked"] == [2, 7]  # a bare id: the mark does not say what the card is
    view = state.view(0)
    assert view["decklists"] == [["asp", "bull", "bull", "fire"], ["asp", "asp", "bull", "fire"]]
    kinds = set()
    for seed in range(30):
        made = determinize(game, view, Rng(seed))
        made.check_invariants()
        assert made.view(0) == view
        assert sorted(made.hands[1]) == [4, 5, 7]  # the ids of player 1 not in play
        kinds.add(tuple(made.kind[4:]))
    assert len(kinds) > 1  # which unseen id is which card is drawn, from player 1's list
    with pytest.raises(NotationError, match=r"card #3 is named both fire and bull"):
        hands = [["bull#0", "bull#1", "fire#3"], ["asp#4", "asp#5", "bull#3"]]
        game.state_from_json({**data, "zones": {"hand": hands, "play": data["zones"]["play"]}})


def test_unseen_is_a_multiset_difference_in_list_order():
    assert unseen(["a", "b", "a", "c"], ["a", "c"]) == ["b", "a"]
    assert unseen(["a", "b"], []) == ["a", "b"]
    assert unseen(None, ["a"]) == []
    assert unseen(["a"], ["x"]) == ["a"]  # a card seen that the list lacks changes nothing


def test_unseen_takes_the_same_cards_on_its_short_and_its_long_path():
    def expected(decklist: list[str], seen: list[str]) -> list[str]:
        left, out = Counter(seen), []
        for card in decklist:
            if left[card]:
                left[card] -= 1
            else:
                out.append(card)
        return out

    rng = Rng(5)
    for size in (3, 8, 40):  # 40 * 40 is past the short path's size
        decklist = [rng.choice("abcd") for _ in range(size)]
        seen = [rng.choice("abcx") for _ in range(size)]
        assert unseen(decklist, seen) == expected(decklist, seen)


# -- value types ---------------------------------------------------------------------------
PLAIN = v.PLAIN


@v.record
class Pile(v.SideRecord):
    FIELDS = {"owner": v.Int(0), "cards": v.ListOf(v.Int(0))}
    owner: int
    cards: list[int]


def test_a_record_copies_its_lists_and_is_written_by_its_field_names():
    pile = Pile(owner=1, cards=[3, 4])
    copy = pile.copy()
    copy.cards.append(5)
    assert pile.cards == [3, 4] and copy == Pile(1, [3, 4, 5])
    assert v.Rec(Pile).dump(pile, PLAIN) == {"owner": 1, "cards": [3, 4]}
    assert v.Rec(Pile).load({"owner": 1, "cards": [3, 4]}, PLAIN, "pile") == pile
    with pytest.raises(NotationError, match=r"pile.cards\[1\]: should be a whole number"):
        v.Rec(Pile).load({"owner": 1, "cards": [3, "4"]}, PLAIN, "pile")
    with pytest.raises(TypeError, match="FIELDS"):
        @v.record
        class Wrong(v.SideRecord):
            FIELDS = {"cards": v.ListOf(v.Int())}
            owner: int


def test_a_map_is_written_sorted_or_in_the_order_its_entries_were_made():
    made = {3: 30, 1: 10, 2: 20}
    keyed, ordered = v.MapOf(v.Int(), v.Int()), v.MapOf(v.Int(), v.Int(), in_order=True)
    assert [e["key"] for e in keyed.dump(made, PLAIN)] == [1, 2, 3]
    written = ordered.dump(made, PLAIN)
    assert [e["key"] for e in written] == [3, 1, 2]
    assert list(ordered.load(written, PLAIN, "m")) == [3, 1, 2]  # read back in the same order
    with pytest.raises(NotationError, match=r"m\[1\]: key 3 is listed twice"):
        ordered.load([written[0], written[0]], PLAIN, "m")


def test_references_frozensets_and_entry_lists():
    ref = v.RefOf()
    assert ref.load(ref.dump(refs.player(2), PLAIN), PLAIN, "t") is refs.player(2)
    with pytest.raises(NotationError, match=r"^state JSON: t.kind: should be one of card, player"):
        ref.load({"kind": "deck", "id": 1}, PLAIN, "t")
    passed = v.FrozenSetOf(v.Int(0))
    assert passed.load([2, 0], PLAIN, "p") == frozenset({0, 2}) and passed.copy_code("x") == "x"
    with pytest.raises(NotationError, match="p: lists an entry twice"):
        passed.load([1, 1], PLAIN, "p")
    shields = Replacements([Shield(4, "damage", refs.card(2), "reduce", 1, until="end_of_turn")])
    written = REPLACEMENTS.dump(shields, PLAIN)
    assert written == [{"source": 4, "kind": "damage", "subject": {"kind": "card", "id": 2}, "mode": "reduce",
                        "amount": 1, "zone": "", "until": "end_of_turn", "uses": 0}]
    assert REPLACEMENTS.load(written, PLAIN, "shields") == shields
    with pytest.raises(NotationError, match=r"shields\[0\].uses: should be in 0.."):
        REPLACEMENTS.load([{**written[0], "uses": -1}], PLAIN, "shields")


def test_a_resolution_may_say_which_cards_lie_on_its_stack():
    res = Resolution(stack=[Frame(0, 7, 0)], frames=[Frame(1, 3, 0)])
    holding = replace(RESOLUTION, held=lambda r: [f.source for f in r.stack])
    assert list(holding.cards(res)) == [7] and list(RESOLUTION.cards(res)) == []
    assert FRAME.shared and RESOLUTION.copy_code("r") == "r.copy()"


def test_knowledge_is_declared_by_instance_games_only():
    """A known card is an id: a catalogue's index names a kind, not the one card seen."""
    with pytest.raises(TypeError, match="only instance games declare it"):
        type("Knowing", (State,), {"SPEC": StateSpec(fields=(known_field(),), knowledge="known")})


def test_down_is_a_list_per_players_face_down_places_instead_of_face_down():
    with pytest.raises(ValueError, match="zone pile: down is for a list per player"):
        Zone("pile", down=lambda state, owner: [], face_down=lambda state, owner, slot: HIDDEN)
    with pytest.raises(ValueError, match="zone table: down is for a list per player"):
        Zone("table", shared=True, down=lambda state, owner: [])
