"""Random full Monster Collection games per second (preconstructed decks), beside RLCard's UNO.

    python benchmarks/bench_monster_collection.py [--seconds S] [--repeats R] [--json]
    python benchmarks/bench_monster_collection.py --profile

Measures, interleaved R times, each for about S seconds on one core:

- ``monster collection``: ``g.new_state(seed, decks)`` with two of the three preconstructed decks
  (rotated by the seed), then ``legal_actions()`` + a random choice + ``apply()`` (checked) until
  the game is over: hand adjustments, placements and proxies, marches with every set of
  creatures listed, summons, equipment, battles with their dice;
- ``monster collection unchecked``: the same loop with ``apply_unchecked()``;
- ``rlcard uno (game)``: RLCard's UNO game object, random legal actions through ``step``.

Reports the median games/s and decisions/s, of wall time and of the process's CPU time, and each
loop's decisions per CPU second against UNO's. Goal (issue 23): 100 games per second on one core.
``--profile`` prints where the time of the checked loop goes.
"""

from __future__ import annotations

from harness import Loop, games_beside_uno, random_games
from tcgkit import load_game
from tcgkit.games.monster_collection.game import starter_decks


def mc_loop(checked: bool = True) -> Loop:
    decks = [deck for _, deck in starter_decks()]
    return random_games(load_game("monster-collection"),
                        lambda seed: [decks[seed % len(decks)], decks[(seed + 1) % len(decks)]], checked)


def main() -> None:
    def loops() -> dict[str, Loop]:
        return {"monster collection": mc_loop(), "monster collection unchecked": mc_loop(False)}

    games_beside_uno(__doc__, "Monster Collection, preconstructed decks", loops,
                     profiled=mc_loop, profile_batch=4)


if __name__ == "__main__":
    main()
