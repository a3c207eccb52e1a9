"""Random full Forge & Fury games per second through tcgkit's public API, beside OpenSpiel.

    python benchmarks/bench_forge_fury.py [--mode chama] [--seconds S] [--repeats R] [--json]

Measures, interleaved R times, each for about S seconds on one core:

- ``tcgkit checked``: a game of the mode from dealt decks (drawn before the clock starts):
  ``g.new_state(seed, decks)``, then ``legal_actions()`` + a random choice + ``apply()``
  (checked) until the game is over: the mini-game, every colour, every secret pick;
- ``tcgkit unchecked``: the same loop with ``apply_unchecked()``;
- ``tcgkit checked, new_state(seed)``: the checked loop with the decks dealt on the clock,
  ``g.new_state(seed)``, which is what a simulation pays for each game;
- ``openspiel goofspiel`` (C++): the closest game OpenSpiel has (secret simultaneous bids
  from a hand of cards), turn-based, 13 cards, through its Python API;
- ``openspiel leduc_poker`` (C++): a small card game, for decisions per second.

Reports the median games/s and decisions/s, and the ratios. Goal (the issue): at least
1,500 Chama games and about 225,000 decisions per second on one core.
"""

from __future__ import annotations

import argparse
import json

from harness import Loop, interleaved, medians, random_games
from tcgkit import load_game
from tcgkit.kernel.rng import Rng, derive_seed

DECK_POOL = 200


def tcgkit_loop(mode: str, checked: bool, dealt: bool = False) -> Loop:
    """``dealt``: ``new_state(seed)`` deals the decks on the clock (else from a pool dealt before)."""
    game = load_game("forge-fury", mode=mode)
    pool = [None if dealt else game.sample_decks(Rng(derive_seed(7, i))) for i in range(DECK_POOL)]
    return random_games(game, lambda i: pool[i % DECK_POOL], checked)


def openspiel_loop(name: str) -> Loop | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game_as_turn_based(name) if name.startswith("goofspiel") else (
        pyspiel.load_game(name)
    )
    rng = Rng(5)

    def play(n: int) -> int:
        decisions = 0
        below = rng.below
        for _ in range(n):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[below(len(outcomes))][0])
                    continue
                actions = state.legal_actions()
                state.apply_action(actions[below(len(actions))])
                decisions += 1
        return decisions

    return play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", default="chama", choices=["brasa", "chama", "forja", "colecao"])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    loops: dict[str, Loop] = {
        "tcgkit checked": tcgkit_loop(args.mode, True),
        "tcgkit unchecked": tcgkit_loop(args.mode, False),
        "tcgkit checked, new_state(seed)": tcgkit_loop(args.mode, True, dealt=True),
    }
    for name in ("goofspiel(num_cards=13)", "leduc_poker"):
        peer = openspiel_loop(name)
        if peer is not None:
            loops[f"openspiel {name}"] = peer
    median = medians(interleaved(loops, args.seconds, args.repeats, max_batch=64))
    if args.json:
        print(json.dumps({"mode": args.mode, "repeats": args.repeats, "medians": {
            name: m._asdict() for name, m in median.items()}}, indent=1))
        return
    base = median["tcgkit checked"].decisions_per_s
    print(f"Forge & Fury {args.mode}, median of {args.repeats} runs of {args.seconds:g} s")
    print(f"{'loop':34} {'games/s':>10} {'decisions/s':>12} {'checked/this':>13}")
    for name, m in median.items():
        print(f"{name:34} {m.games_per_s:10,.0f} {m.decisions_per_s:12,.0f} {base / m.decisions_per_s:13.2f}")
    if not any(name.startswith("openspiel") for name in loops):
        print("(open-spiel is not installed: pip install -e '.[bench]' to compare)")


if __name__ == "__main__":
    main()
