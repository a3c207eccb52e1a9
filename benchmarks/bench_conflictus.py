"""Random full Conflictus Aeternus games per second (2 and 4 players, preconstructed mons), beside
RLCard's UNO.

    python benchmarks/bench_conflictus.py [--seconds S] [--repeats R] [--json]
    python benchmarks/bench_conflictus.py --profile

Measures, interleaved R times, each for about S seconds on one core:

- ``conflictus 2p`` / ``conflictus 4p``: ``g.new_state(seed, mons)`` with the four preconstructed
  mons (rotated by the seed), then ``legal_actions()`` + a random choice + ``apply()`` (checked)
  until the game is over: mulligans, every priority window, attacks, blocks, amulets;
- ``conflictus 2p unchecked``: the same two-player loop with ``apply_unchecked()``;
- ``rlcard uno (game)``: RLCard's UNO game object, random legal actions through ``step``.

Reports the median games/s and decisions/s, of wall time and of the process's CPU time (on a
machine shared with other work the wall clock runs on while the core serves others), and each
loop's decisions per CPU second against UNO's. Goal (issue 12): 150 two-player and 50
four-player games per second on one core. ``--profile`` prints where the time of the two-player loop goes.
"""

from __future__ import annotations

from harness import Loop, games_beside_uno, random_games
from tcgkit import load_game
from tcgkit.games.conflictus import starter_decks


def conflictus_loop(players: int, checked: bool = True) -> Loop:
    """The four preconstructed mons, rotated by the seed."""
    mons = [deck for _, deck in starter_decks()]
    return random_games(load_game("conflictus", players=players),
                        lambda seed: [mons[(seed + p) % len(mons)] for p in range(players)], checked)


def main() -> None:
    def loops() -> dict[str, Loop]:
        return {
            "conflictus 2p": conflictus_loop(2),
            "conflictus 2p unchecked": conflictus_loop(2, checked=False),
            "conflictus 4p": conflictus_loop(4),
        }

    games_beside_uno(__doc__, "Conflictus Aeternus, preconstructed mons", loops,
                     profiled=lambda: conflictus_loop(2), profile_batch=2)


if __name__ == "__main__":
    main()
