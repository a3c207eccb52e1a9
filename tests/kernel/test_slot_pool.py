"""A shared grid holding both players' cards face down (Monster Collection's HQs and proxies):
``Zone.slot_pool`` says whose card lies in each cell, so a re-deal and a state made from a view
deal each face-down cell from its owner's unseen cards, and an ``OWNER`` face-down cell is
shown to that owner only."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from tcgkit.kernel import values as v
from tcgkit.kernel.board import Grid
from tcgkit.kernel.determinize import determinize, redeal_hidden
from tcgkit.kernel.game import Game, State
from tcgkit.kernel.rng import Rng
from tcgkit.kernel.state import (
    EMPTY,
    FACE_DOWN,
    HIDDEN,
    OWNER,
    PUBLIC,
    Field,
    Instances,
    Layout,
    StateSpec,
    Zone,
)

GRID = Grid(2, 3)
SIZE = 6  # ids 0..5 are player 0's, 6..11 player 1's


def seen_cell(state: LandState, owner: int | None, cell: int) -> Any:
    return {0: PUBLIC, 1: HIDDEN, 2: OWNER}[state.down[cell]]


class LandState(State["LandGame"]):
    SPEC = StateSpec(
        zones=(
            Zone(
                "land",
                Layout.GRID,
                shared=True,
                grid=GRID,
                face_down=seen_cell,
                slot_pool=lambda state, cell: state.placer[cell],
            ),
            Zone("deck", seen=HIDDEN, attr="decks"),
        ),
        fields=(
            Field("placer", v.ListOf(v.Opt(v.Player()), GRID.size)),
            Field("down", v.ListOf(v.Int(0, 2), GRID.size)),
        ),
        cards=Instances(size=lambda game: SIZE),
    )
    land: list[int]
    decks: list[list[int]]
    placer: list[int | None]
    down: list[int]

    def legal_actions(self) -> list[Any]:
        return []

    def apply_unchecked(self, action: Any) -> None:
        self.version += 1

    @property
    def outcome(self) -> None:
        return None

    def default_action(self, decision: Any) -> Any:
        raise NotImplementedError


class LandOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class LandGame(Game):
    name = "land"
    title = "Land"
    Options = LandOptions
    state_class = LandState

    def card_names(self) -> list[str]:
        return [f"k{i}" for i in range(SIZE)]

    def new_state(self, seed: int = 0, decks: Any = None) -> LandState:
        state: LandState = object.__new__(LandState)
        state.game, state.rng, state.decisions, state.log, state.version = self, Rng(seed), [], [], 0
        state.kind = [i % SIZE for i in range(2 * SIZE)]
        # player 0's cards 0 (face up), 1 (hidden from both) and 2 (shown to its owner) on the
        # board; player 1's card 6 hidden from both; the rest in the decks
        state.land = [0, 1, 2, 6, EMPTY, EMPTY]
        state.placer = [0, 0, 0, 1, None, None]
        state.down = [0, 1, 2, 1, 0, 0]
        state.decks = [[3, 4, 5], [7, 8, 9, 10, 11]]
        return state

    def validate_deck(self, deck: Any) -> list[str]:
        return []

    def sample_decks(self, rng: Rng) -> list[Any]:
        return []

    def card_data_hash(self) -> str:
        return "land"


def owners(state: LandState) -> list[int | None]:
    return [None if c == EMPTY else c // SIZE for c in state.land]


def test_a_face_down_cell_is_redealt_from_its_owners_cards_only():
    game = LandGame()
    state = game.new_state()
    rng = Rng(3)
    dealt = set()
    for viewer in (0, 1, None):
        for _ in range(40):
            other = redeal_hidden(state, viewer, rng)
            other.check_invariants()
            assert owners(other) == owners(state)
            assert other.land[0] == 0  # face up
            assert other.view(viewer) == state.view(viewer)
            dealt.add(other.land[3])
    assert dealt == {6, 7, 8, 9, 10, 11}  # player 1's face-down card is any of their unseen ones


def test_an_owner_face_down_cell_is_shown_to_its_owner_only():
    state = LandGame().new_state()
    cells = {p: state.view(p)["zones"]["land"]["cards"] for p in (0, 1, None)}
    assert cells[0][:4] == ["k0#0", FACE_DOWN, "k2#2", FACE_DOWN]
    assert cells[1][:4] == ["k0#0", FACE_DOWN, FACE_DOWN, FACE_DOWN]
    assert cells[None][2] is FACE_DOWN
    for _ in range(20):
        other = redeal_hidden(state, 0, Rng(_))
        assert other.land[2] == 2  # its owner sees it: never dealt again for them


def test_a_state_made_from_a_view_deals_each_cell_from_its_placer():
    game = LandGame()
    state = game.new_state()
    for viewer in (0, 1):
        for seed in range(20):
            made = determinize(game, state.view(viewer), Rng(seed))
            made.check_invariants()
            assert owners(made) == owners(state)
            assert made.view(viewer) == state.view(viewer)
