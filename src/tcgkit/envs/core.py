"""The adapter core every environment shares: a game, a state, the action index and the
observation layout, and the move being entered token by token.

A decision is asked at least once: the first token of a legal action (the mask holds the
first token of each). A class entered in steps asks for its next token only while the
legal actions that begin with the tokens chosen so far still differ there; a token every
remaining action shares is taken at once, and the action is played when one remains.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..kernel.actions import Action
from ..kernel.errors import IllegalAction
from ..kernel.game import Game, State
from ..kernel.limits import Tally, play
from ..kernel.registry import load_game
from .index import ActionIndex
from .observe import Observation

_LAYOUTS: dict[tuple[str, str], tuple[ActionIndex, Observation]] = {}


def layouts(game: Game) -> tuple[ActionIndex, Observation]:
    """The action index and observation layout of a game and its options (made once)."""
    key = (game.name, repr(sorted(game.options_json().items())))
    made = _LAYOUTS.get(key)
    if made is None:
        index = ActionIndex(game)
        made = _LAYOUTS[key] = (index, Observation(game, index.n, index.stepped))
    return made


class Table:
    """One game in play for an environment."""

    def __init__(self, game: Game, state: State[Any] | None = None) -> None:
        self.game = game
        self.index, self.observation = layouts(game)
        self.n = self.index.n
        self.state: State[Any] = game.new_state(0) if state is None else state
        self.prefix: list[int] = []
        self.tally = Tally()
        self.collisions = 0
        self._candidates: list[tuple[tuple[int, ...], Action]] | None = None
        self._mask_key: tuple[Any, ...] | None = None
        self._mask = np.zeros(self.n, np.int8)

    # -- play -------------------------------------------------------------------------------
    def reset(self, seed: int) -> None:
        self.state = self.game.new_state(seed)
        self.prefix, self._candidates, self.tally, self._mask_key = [], None, Tally(), None

    @property
    def to_move(self) -> int | None:
        return self.state.to_move

    @property
    def over(self) -> bool:
        return self.state.is_terminal

    def candidates(self) -> list[tuple[tuple[int, ...], Action]]:
        """The legal actions that begin with the tokens chosen so far, with their tokens."""
        if self._candidates is None:
            tokens = self.index.tokens
            made = [(tokens(a), a) for a in self.state.legal_actions()]
            if len({t for t, _ in made}) != len(made):  # folded numbers met: the first action keeps them
                self.collisions += 1
                kept: dict[tuple[int, ...], Action] = {}
                for t, a in made:
                    kept.setdefault(t, a)
                made = list(kept.items())
            at = len(self.prefix)
            self._candidates = [c for c in made if list(c[0][:at]) == self.prefix] if at else made
        return self._candidates

    def next_tokens(self) -> list[int]:
        at = len(self.prefix)
        return sorted({t[at] for t, _ in self.candidates()})

    def mask(self) -> np.ndarray:
        """The legal tokens now, as ``int8`` (made once per position: a copy each call)."""
        key = (id(self.state), self.state.version, len(self.prefix))
        if self._mask_key != key:
            mask = np.zeros(self.n, np.int8)
            if not self.over:
                mask[self.next_tokens()] = 1
            self._mask, self._mask_key = mask, key
        return self._mask.copy()

    def legal_tokens(self) -> list[int]:
        return [] if self.over else self.next_tokens()

    def step(self, token: int) -> Action | None:
        """Take one token; returns the action when it completes one (it is then played)."""
        if self.over:
            raise IllegalAction("the game is over")
        at = len(self.prefix)
        left = [(t, a) for t, a in self.candidates() if t[at] == token]
        if not left:
            raise IllegalAction(f"token {token} is not legal now (legal: {self.next_tokens()[:20]})")
        self.prefix.append(int(token))
        while True:
            at = len(self.prefix)
            if len(left) == 1 and len(left[0][0]) == at:
                return self._play(left[0][1])
            shared = {t[at] for t, _ in left}
            if len(shared) != 1:
                self._candidates = left
                return None
            self.prefix.append(shared.pop())

    def __getstate__(self) -> dict[str, Any]:
        """Pickled as the game's name and options and the state's JSON (which is exact)."""
        game = self.game
        return {"game": game.name, "options": game.options_json(), "state": self.state.to_json(),
                "prefix": self.prefix, "tally": (self.tally.decided, self.tally.player, self.tally.streak)}

    def __setstate__(self, data: dict[str, Any]) -> None:
        game = load_game(data["game"], **data["options"])
        self.__init__(game)  # type: ignore[misc]
        self.state = game.state_from_json(data["state"])
        self.prefix, self.tally = list(data["prefix"]), Tally(*data["tally"])

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return self.clone()

    def clone(self) -> Table:
        """A copy to search from: the state cloned, the move being entered and the tally kept."""
        new = object.__new__(Table)
        new.game, new.index, new.observation, new.n = self.game, self.index, self.observation, self.n
        new.state, new.prefix = self.state.clone(), list(self.prefix)
        new.tally = Tally(self.tally.decided, self.tally.player, self.tally.streak)
        new.collisions = self.collisions
        new._candidates = self._candidates
        new._mask_key, new._mask = None, self._mask
        return new

    def play(self, action: Action) -> None:
        """Play a whole action (an opponent's, a searcher's), whatever was being entered."""
        self._play(action)

    def _play(self, action: Action) -> Action:
        player = self.state.to_move
        assert player is not None
        play(self.state, action, player, self.tally)  # past the game's decision limits: a draw
        self.prefix, self._candidates = [], None
        return action

    # -- what a player sees ------------------------------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        return self.state.view(player)

    def observe(self, player: int) -> np.ndarray:
        prefix = self.prefix if player == self.state.to_move else ()
        return self.observation.encode_state(self.state, player, prefix)

    def returns(self) -> tuple[float, ...]:
        outcome = self.state.outcome
        return outcome.returns() if outcome is not None else (0.0,) * self.game.num_players
