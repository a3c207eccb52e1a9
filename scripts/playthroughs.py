"""Playthrough files: seeded random games of every game, one line per step, as test data.

Each file in ``tests/playthroughs/`` is one game under one option set: a header (game,
options, decks, seeds), then several games played by a seeded random agent choosing among
``legal_actions()``. A step line reads

    12 p1 play Bull#6 | 14 | 1a2b3c4d 5e6f7a8b 9c0d1e2f

(step, acting player, the action's notation, how many actions were legal, and a short
digest of each player's view then the spectator's). A game ends with its outcome and a
digest of the event log as each viewer reads it. Any change of play shows as a diff at
the first step it touches.

    python scripts/playthroughs.py                    # regenerate every file
    python scripts/playthroughs.py --check            # compare without writing; exit 1 on a difference
    python scripts/playthroughs.py --check --play     # compare the play only: every action, legal-action
                                                      # count and outcome (not the view and event digests)
    python scripts/playthroughs.py --only ff_tcg      # only the files whose name starts so

Regenerate only for a deliberate rules change, in a commit of its own that says why; a change
of the views' form (``--check --play`` passes, ``--check`` does not) regenerates the digests
in a commit of its own that says what changed.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tcgkit
from tcgkit.kernel import Rng
from tcgkit.kernel.decks import read_deck
from tcgkit.kernel.rng import derive_seed

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "tests" / "playthroughs"
DATA = FOLDER / "data"
TESTS = ROOT / "tests"
AGENT_STREAM = 0x9A7E  # the random agent's stream of a game's seed, apart from the game's own


@dataclass(frozen=True)
class Playthrough:
    """One file: a game, an option set, the seeds played and (optionally) fixed decks."""

    name: str
    game: str
    options: dict[str, Any] = field(default_factory=dict)
    seeds: range = range(6)
    decks: tuple[str, ...] = ()  # deck files under data/; empty: decks dealt by the seed
    fixture: str = ""  # "module:Class" of a test fixture game under tests/ (never registered)

    @property
    def path(self) -> Path:
        return FOLDER / f"{self.name}.txt"


# Final Fantasy TCG plays a frozen copy of its first card set, so that a change to the
# shipped cards does not show up as a change of the engine.
FF_CARDS = {"card_files": ("ff1.toml",)}
CA_CARDS = {"card_files": ("conflictus_ca1.toml",)}
MC_CARDS = {"card_files": ("monster_collection_mc1.toml",)}

PLAYTHROUGHS: list[Playthrough] = [
    # Triple Triad: each example option set, then the rules one at a time.
    Playthrough("triple_triad-default", "triple-triad", seeds=range(8)),
    Playthrough("triple_triad-all_rules_difference", "triple-triad",
                {"same": True, "plus": True, "combo": True, "same_wall": True, "elemental": True,
                 "trade": "difference"}, seeds=range(8)),
    Playthrough("triple_triad-open_same_sudden_death", "triple-triad",
                {"open": True, "same": True, "sudden_death": True, "sudden_death_limit": 2},
                seeds=range(8)),
    Playthrough("triple_triad-random_plus_combo_direct", "triple-triad",
                {"random": True, "plus": True, "combo": True, "combo_from_basic": False,
                 "trade": "direct"}, seeds=range(8)),
    Playthrough("triple_triad-literal_elemental_clamp_all", "triple-triad",
                {"own_cards_match": False, "same": True, "plus": True, "elemental": True,
                 "clamp": True, "trade": "all", "sudden_death": True}, seeds=range(8)),
    Playthrough("triple_triad-same_combo", "triple-triad", {"same": True, "combo": True},
                seeds=range(8)),
    Playthrough("triple_triad-plus_same_wall", "triple-triad",
                {"plus": True, "same": True, "same_wall": True}, seeds=range(8)),
    Playthrough("triple_triad-elemental", "triple-triad", {"elemental": True}, seeds=range(8)),
    Playthrough("triple_triad-sudden_death", "triple-triad", {"sudden_death": True, "trade": "none"},
                seeds=range(8)),
    # Forge & Fury: each example option set, then every mode.
    Playthrough("forge_fury-brasa", "forge-fury", {"mode": "brasa"}, seeds=range(3)),
    Playthrough("forge_fury-brasa_odd_even_private", "forge-fury",
                {"mode": "brasa", "minigame": "odd_even", "private_decklists": True}, seeds=range(2)),
    Playthrough("forge_fury-chama_tie_by_number", "forge-fury", {"mode": "chama", "tie_by_number": True},
                seeds=range(1)),
    Playthrough("forge_fury-chama", "forge-fury", {"mode": "chama"}, seeds=range(1)),
    Playthrough("forge_fury-forja", "forge-fury", {"mode": "forja"}, seeds=range(1)),
    Playthrough("forge_fury-colecao", "forge-fury", {"mode": "colecao"}, seeds=range(1)),
    # Final Fantasy TCG: each example option set, and the recorded starter decks.
    Playthrough("ff_tcg-default", "ff-tcg", dict(FF_CARDS), seeds=range(2)),
    Playthrough("ff_tcg-lose_deck_bottom_name_4_skulls", "ff-tcg",
                {**FF_CARDS, "deckout_policy": "lose", "luck_card_to": "deck_bottom",
                 "character_unique_key": "name", "skulls_to_lose": 4, "deck_size": 40}, seeds=range(3)),
    Playthrough("ff_tcg-private_skip_2_villains_turn_limit", "ff-tcg",
                {**FF_CARDS, "private_decklists": True, "deckout_policy": "skip", "villains_to_defeat": 2,
                 "first_player": 1, "turn_limit": 30}, seeds=range(3)),
    Playthrough("ff_tcg-post_reveal_window", "ff-tcg", {**FF_CARDS, "post_reveal_window": True},
                seeds=range(1)),
    Playthrough("ff_tcg-world_attacks_alone", "ff-tcg", {**FF_CARDS, "world_attacks_alone": True},
                seeds=range(1)),
    Playthrough("ff_tcg-starter_decks", "ff-tcg", dict(FF_CARDS), seeds=range(2),
                decks=("black_magic.txt", "warriors.txt")),
    # Brawl, the kernel's test game, a game package of its own (tests/plugins): 3 and 4 players.
    Playthrough("brawl-3_players", "brawl", seeds=range(3), fixture="tcgkit_brawl:Brawl"),
    Playthrough("brawl-4_players", "brawl", {"players": 4}, seeds=range(2), fixture="tcgkit_brawl:Brawl"),
    # Conflictus Aeternus: two and four players with the preconstructed mons, on a frozen card set.
    Playthrough("conflictus-2p", "conflictus", {**CA_CARDS, "players": 2}, seeds=range(2),
                decks=("conflictus_aurora.txt", "conflictus_abismo.txt")),
    Playthrough("conflictus-4p_sealed_left", "conflictus", {**CA_CARDS, "players": 4, "attack": "left"},
                seeds=range(1), decks=("conflictus_aurora.txt", "conflictus_abismo.txt",
                                       "conflictus_mercenarios.txt", "conflictus_crepusculo.txt")),
    Playthrough("conflictus-3p_turn_order", "conflictus",
                {**CA_CARDS, "players": 3, "mulligan": "turn_order"}, seeds=range(1)),
    # Monster Collection: the preconstructed decks on a frozen card set, then the example option sets.
    Playthrough("monster_collection-default", "monster-collection", dict(MC_CARDS), seeds=range(5),
                decks=("monster_collection_flame_legion.txt", "monster_collection_tide_wings.txt")),
    Playthrough("monster_collection-once_side_hq", "monster-collection",
                {**MC_CARDS, "mulligan": "once", "hero_unique": "side",
                 "failed_instant_summons": "hq"},
                seeds=range(2), decks=("monster_collection_dawn_and_dusk.txt",
                                       "monster_collection_dawn_and_dusk.txt")),
    Playthrough("monster_collection-accumulate_strict_hq_seen", "monster-collection",
                {**MC_CARDS, "damage_accumulates": True, "long_fly_requires_middle_terrain": True,
                 "place_on_enemy_controlled": False, "hq_visible_to_owner": True},
                seeds=range(2)),
]


def digest(data: Any) -> str:
    """8 hex digits of the canonical JSON of ``data``."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:8]


def view_digest(state: Any, viewer: int | None) -> str:
    # The options are in the header; in the view they hold card files' content hashes.
    view = state.view(viewer)
    view.pop("options", None)
    return digest(view)


def load(spec: Playthrough) -> Any:
    """The game, with the option values that name data files resolved under ``data/``."""
    options = dict(spec.options)
    if "card_files" in options:  # named by content, like every card file an option names
        options["card_files"] = tuple(DATA / name for name in options["card_files"])
    if spec.fixture:
        for folder in (TESTS, TESTS / "plugins"):
            if str(folder) not in sys.path:
                sys.path.insert(0, str(folder))
        module, _, name = spec.fixture.partition(":")
        return getattr(importlib.import_module(module), name)(**options)
    return tcgkit.load_game(spec.game, **options)


def play(game: Any, seed: int, decks: list[list[str]] | None) -> Iterator[str]:
    """The lines of one seeded random game."""
    if decks is not None and seed % 2:
        decks = decks[::-1]  # odd seeds swap the fixed decks' seats
    state = game.new_state(seed, decks)
    agent = Rng(derive_seed(seed, AGENT_STREAM))
    viewers: list[int | None] = [*range(game.num_players), None]
    yield f"game seed={seed}"
    step = 0
    while not state.is_terminal:
        player = state.to_move
        legal = state.legal_actions()
        action = legal[agent.below(len(legal))]
        state.apply(action, player)
        views = " ".join(view_digest(state, v) for v in viewers)
        yield f"{step} p{player} {action} | {len(legal)} | {views}"
        step += 1
    outcome = state.outcome
    yield f"outcome {json.dumps(outcome.to_json(), sort_keys=True)}"
    events = " ".join(digest(state.events_since(0, v)) for v in viewers)
    yield f"events {events}"


def generate(spec: Playthrough) -> list[str]:
    """Every line of ``spec``'s file (without line ends)."""
    game = load(spec)
    decks = [read_deck(DATA / name).cards for name in spec.decks] if spec.decks else None
    lines = [
        f"# playthroughs: {spec.game}, regenerate with `python scripts/playthroughs.py`",
        f"game {spec.game}",
        f"options {json.dumps(spec.options, sort_keys=True)}",
        f"decks {' vs '.join(spec.decks) if spec.decks else 'dealt by the seed'}",
        f"seeds {spec.seeds.start}..{spec.seeds.stop - 1}",
        "step player action | legal actions | view digests of " + " ".join(
            [*(f"p{p}" for p in range(game.num_players)), "spectator"]),
    ]
    for seed in spec.seeds:
        lines.extend(play(game, seed, decks))
    return lines


def first_difference(expected: list[str], actual: list[str]) -> tuple[int, str, str] | None:
    """(1-based line, recorded line, regenerated line) of the first difference, or ``None``."""
    for number, (old, new) in enumerate(zip(expected, actual, strict=False), 1):
        if old != new:
            return number, old, new
    if len(expected) != len(actual):
        number = min(len(expected), len(actual)) + 1
        missing = "<end of file>"
        old = expected[number - 1] if number <= len(expected) else missing
        new = actual[number - 1] if number <= len(actual) else missing
        return number, old, new
    return None


def play_only(lines: list[str]) -> list[str]:
    """The lines without their digests: a step's number, player, action and legal-action count,
    each game's outcome."""
    out = []
    for line in lines:
        if " | " in line and not line.startswith("step "):
            out.append(" | ".join(line.split(" | ")[:2]))
        elif not line.startswith("events "):
            out.append(line)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the files, write nothing")
    parser.add_argument("--play", action="store_true",
                        help="with --check: compare the play only, not the view and event digests")
    parser.add_argument("--only", default="", help="only the files whose name starts with this")
    args = parser.parse_args(argv)
    if args.play and not args.check:
        parser.error("--play compares; give --check too")
    failed = False
    chosen = [spec for spec in PLAYTHROUGHS if spec.name.startswith(args.only)]
    if not chosen:
        parser.error(f"no playthrough's name starts with {args.only!r}")
    for spec in chosen:
        lines = generate(spec)
        if args.check:
            recorded = spec.path.read_text().splitlines() if spec.path.exists() else []
            if args.play:
                recorded, lines = play_only(recorded), play_only(lines)
            diff = first_difference(recorded, lines)
            if diff is not None:
                failed = True
                number, old, new = diff
                print(f"{spec.path.relative_to(ROOT)}:{number}\n  recorded:    {old}\n  regenerated: {new}")
        else:
            spec.path.write_text("\n".join(lines) + "\n")
    known = {spec.path for spec in PLAYTHROUGHS}
    for stray in sorted(set(FOLDER.glob("*.txt")) - known):
        failed = True
        print(f"{stray.relative_to(ROOT)}: no playthrough of that name in scripts/playthroughs.py")
    if args.check and not failed:
        print(f"{len(chosen)} playthrough files match" + (" in their play" if args.play else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
