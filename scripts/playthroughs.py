"""Playthrough files: seeded random games of every game, one line per step, as test data.

Each file in ``tests/playthroughs/`` is one game under one option set, as the game declares it
(``Game.playthroughs``: ``kernel/about.py``): a header (game,
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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tcgkit.kernel import Game, Playthrough, Rng, list_games
from tcgkit.kernel.decks import read_deck
from tcgkit.kernel.rng import derive_seed

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "tests" / "playthroughs"
DATA = FOLDER / "data"
TESTS = ROOT / "tests"
AGENT_STREAM = 0x9A7E  # the random agent's stream of a game's seed, apart from the game's own


FIXTURES = ("tcgkit_brawl:Brawl",)
"""Test fixture games under tests/ (never registered) recorded beside the registered games:
Brawl, the kernel's test game, a game package of its own (tests/plugins)."""


@dataclass(frozen=True)
class PlaythroughFile:
    """One file: a game's declared ``Playthrough`` (``Game.playthroughs``)."""

    cls: type[Game]
    declared: Playthrough

    @property
    def name(self) -> str:
        return f"{self.game.replace('-', '_')}-{self.declared.name}"

    @property
    def game(self) -> str:
        return self.cls.name

    @property
    def options(self) -> dict[str, Any]:
        return dict(self.declared.options)

    @property
    def seeds(self) -> range:
        return range(self.declared.seeds)

    @property
    def decks(self) -> tuple[str, ...]:
        return self.declared.decks

    @property
    def path(self) -> Path:
        return FOLDER / f"{self.name}.txt"


def fixture(name: str) -> type[Game]:
    """A test fixture game's class, ``module:Class`` under tests/ or tests/plugins/."""
    for folder in (TESTS, TESTS / "plugins"):
        if str(folder) not in sys.path:
            sys.path.insert(0, str(folder))
    module, _, attribute = name.partition(":")
    found: type[Game] = getattr(importlib.import_module(module), attribute)
    return found


def declared() -> list[PlaythroughFile]:
    """Every playthrough tcgkit's games (and the fixtures) declare; a game installed beside
    tcgkit (a plugin's) records its own."""
    own = [entry.cls for entry in list_games() if entry.cls.__module__.startswith("tcgkit.games.")]
    return [PlaythroughFile(cls, one) for cls in [*own, *map(fixture, FIXTURES)] for one in cls.playthroughs]


PLAYTHROUGHS: list[PlaythroughFile] = declared()


def digest(data: Any) -> str:
    """8 hex digits of the canonical JSON of ``data``."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:8]


def view_digest(state: Any, viewer: int | None) -> str:
    # The options are in the header; in the view they hold card files' content hashes.
    view = state.view(viewer)
    view.pop("options", None)
    return digest(view)


def load(spec: PlaythroughFile) -> Game:
    """The game, with the option values that name data files resolved under ``data/``."""
    options = dict(spec.options)
    if "card_files" in options:  # named by content, like every card file an option names
        options["card_files"] = tuple(DATA / name for name in options["card_files"])
    return spec.cls(**options)


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


def generate(spec: PlaythroughFile) -> list[str]:
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
        print(f"{stray.relative_to(ROOT)}: no game declares a playthrough of that name (Game.playthroughs)")
    if args.check and not failed:
        print(f"{len(chosen)} playthrough files match" + (" in their play" if args.play else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
