"""Final Fantasy TCG: seeded random games must play out exactly as recorded.

A guard for optimisations: each game's legal lists, chosen actions, final position and
outcome are hashed; any change of rules behaviour (or of the order of legal actions, which
steers the random choices) changes the digest. Recompute ``EXPECTED`` only for a deliberate
rules change, and say so in the commit.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import tcgkit
from tcgkit.games.ff_tcg import FFTcg
from tcgkit.kernel import Rng
from tcgkit.kernel.decks import read_deck

# The card set and starter decks as they were when the digest was recorded (the shipped ones
# may change): the digest follows the engine only.
FOLDER = Path(__file__).with_name("golden")
CARDS = str(FOLDER / "ff1.toml")
DECKS = sorted(FOLDER.glob("*.txt"))

# recorded before the optimisations
EXPECTED = "7f4f43b60cc9c3a4f2e4338d1efeeeb3be6ad1a9dc4468adcd261fa9692b7d7a"


def game_digest(game: FFTcg, seed: int, decks: list[list[str]] | None) -> str:
    """The hash of one random game: every legal list, every choice, the end."""
    state = game.new_state(seed, decks)
    rng = Rng(seed * 7919 + 3)
    h = hashlib.sha256()
    while state.decisions:
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        h.update(" | ".join(map(str, legal)).encode())
        h.update(f"\n{state.to_move}: {action}\n".encode())
        state.apply(action)
    outcome = state.outcome
    assert outcome is not None
    h.update(json.dumps(outcome.to_json(), sort_keys=True).encode())
    end = state.to_json()
    del end["options"]  # the card file's path: not the same on every machine
    h.update(json.dumps(end, sort_keys=True).encode())
    return h.hexdigest()


def golden_digest(games: int, options: dict[str, object] | None = None) -> str:
    """Games ``0..games-1`` twice: with the recorded starter decks (sides swapped on odd
    seeds) and with decks sampled from the seed."""
    game = tcgkit.load_game("ff-tcg", card_files=(CARDS,), **(options or {}))
    assert isinstance(game, FFTcg)
    decks = [read_deck(path).cards for path in DECKS]
    h = hashlib.sha256()
    for seed in range(games):
        h.update(game_digest(game, seed, decks if seed % 2 else decks[::-1]).encode())
        h.update(game_digest(game, seed, None).encode())
    return h.hexdigest()


def test_random_games_play_out_as_recorded() -> None:
    assert golden_digest(10) == EXPECTED
