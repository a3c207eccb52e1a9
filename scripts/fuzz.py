"""Fuzz every game: seeded random play that checks the engine after every action.

Each game is played over its example option sets, every value of every enumerated option
(``Literal`` and ``bool`` fields, one at a time over the defaults) and every player count
from ``min_players`` to ``max_players``. A seeded random agent picks among
``legal_actions()``; after every action the fuzzer checks

- ``check_invariants()`` (cards lost, duplicated, misplaced; decisions out of step),
- that the action's notation reads back as the action (records depend on it),
- that a game with no legal action is over and one that is over has an outcome;

and every seventh step it tries an action that is legal one step later but not now, which
must be refused and leave ``to_json()`` as it was. A break is shrunk to a short record
(``kernel/replay.py``'s Record) written to ``--out``: ``tcgkit replay`` reads it, and
``python scripts/fuzz.py --check FILE`` replays it with every check and names the break.

Every registered game is fuzzed, so a game added later joins by registering; the kernel's
test games join too: Brawl (``tests/plugins``, found by its entry point) and High Card
(``tests/nplayer``, through ``FIXTURES``).

    python scripts/fuzz.py --seconds 60            # the CI run: about a minute in all
    python scripts/fuzz.py --games 1000000 --game triple-triad
    python scripts/fuzz.py --games 500000 --first 500000 --workers 2 --game forge-fury
    python scripts/fuzz.py --list                  # the configurations played

Game ``i`` of a configuration is played with seed ``derive_seed(--seed, configuration, i)``,
so a run is reproducible whatever the time budget cuts it at. Game numbers interleave the
configurations (number ``g`` is game ``g // C`` of configuration ``g % C``), so a long run may
be played in pieces (``--first``) and in several processes (``--workers``) and still plays
exactly the games one process would.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import importlib
import json
import multiprocessing
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

import tcgkit
from tcgkit.kernel import Rng, registry
from tcgkit.kernel.errors import IllegalAction, TcgkitError
from tcgkit.kernel.game import Game, State
from tcgkit.kernel.replay import MatchRecord
from tcgkit.kernel.rng import derive_seed

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
FIXTURES = ("nplayer.highcard:HighCard",)  # test-only games, "module:Class"
PLUGINS = TESTS / "plugins"  # Brawl: a game package of its own, found by its entry point
if str(PLUGINS) not in sys.path:
    sys.path.insert(0, str(PLUGINS))
PROBE_EVERY = 7
MAX_STEPS = 100_000  # a random game longer than this counts as one that never ends
AGENT_STREAM = 0xF0225


# -- what is played ------------------------------------------------------------------------
@dataclass(frozen=True)
class Config:
    """One game class under one option set (``players`` included when it varies)."""

    cls: type[Game]
    options: tuple[tuple[str, Any], ...]

    @property
    def label(self) -> str:
        return f"{self.cls.name} {json.dumps(dict(self.options), sort_keys=True)}"

    def load(self) -> Game:
        return self.cls(dict(self.options))


def enumerated_values(annotation: Any) -> tuple[Any, ...]:
    """The values of a ``Literal`` or ``bool`` option field; empty for any other field."""
    if annotation is bool:
        return (False, True)
    if get_origin(annotation) is Literal:
        return get_args(annotation)
    return ()


def option_sets(cls: type[Game]) -> list[dict[str, Any]]:
    """Defaults, the examples, each enumerated value over the defaults, each player count."""
    sets: list[dict[str, Any]] = [{}, *cls.example_options]
    for name, info in cls.Options.model_fields.items():
        sets.extend({name: value} for value in enumerated_values(info.annotation) if value != info.default)
    sets.extend({"players": n} for n in range(cls.min_players + 1, cls.max_players + 1))
    unique: dict[str, dict[str, Any]] = {}
    for options in sets:
        unique.setdefault(json.dumps(options, sort_keys=True), options)
    return list(unique.values())


def fixture_classes() -> list[type[Game]]:
    if str(TESTS) not in sys.path:
        sys.path.insert(0, str(TESTS))
    classes = []
    for spec in FIXTURES:
        module, _, name = spec.partition(":")
        classes.append(getattr(importlib.import_module(module), name))
    return classes


def game_classes(fixtures: bool) -> list[type[Game]]:
    classes = [entry.cls for entry in tcgkit.list_games()]
    return classes + (fixture_classes() if fixtures else [])


def configs_of(cls: type[Game]) -> list[Config]:
    return [Config(cls, tuple(sorted(options.items()))) for options in option_sets(cls)]


# -- one game --------------------------------------------------------------------------------
@dataclass
class Break:
    """What went wrong, after which actions (as notation), and the refused action if any."""

    kind: str
    message: str
    actions: list[str]
    probe: str | None = None


@dataclass
class Tally:
    games: int = 0
    steps: int = 0
    probes: int = 0
    seconds: float = 0.0
    breaks: list[tuple[Config, int, Break]] = field(default_factory=list)


def first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0] if text else ''}"


def check_after(state: State[Any], action: Any, actions: list[str]) -> Break | None:
    """The checks after each action; ``actions`` ends with the one just played."""
    try:
        state.check_invariants()
    except Exception as exc:  # an AssertionError, or a crash while checking
        return Break("invariant", first_line(exc), actions)
    if state.is_terminal != (state.outcome is not None):
        return Break("outcome", f"is_terminal {state.is_terminal}, outcome {state.outcome}", actions)
    if not state.is_terminal and not state.legal_actions():
        return Break("stuck", "no legal action in a game that goes on", actions)
    return None


def probe_action(state: State[Any], chosen: Any, legal: list[Any], rng: Rng) -> Any | None:
    """An action legal after ``chosen`` is played but not legal now, or ``None``."""
    after = state.clone()
    after.apply_unchecked(chosen)
    now = set(legal)
    later = [a for a in after.legal_actions() if a not in now]
    return later[rng.below(len(later))] if later else None


def check_refusal(state: State[Any], probe: Any, actions: list[str]) -> Break | None:
    before = state.to_json()
    try:
        state.apply(probe, state.to_move)
    except IllegalAction:
        after = state.to_json()
        if after != before:
            return Break("changed", f"refusing {probe} changed the state", actions, str(probe))
        return None
    except Exception as exc:
        return Break("crash", f"refusing {probe}: {first_line(exc)}", actions, str(probe))
    return Break("accepted", f"{probe} was accepted though it was not legal", actions, str(probe))


def play(game: Game, seed: int, tally: Tally) -> Break | None:
    """One seeded random game with every check; the first break, or ``None``."""
    state = game.new_state(seed)
    rng = Rng(derive_seed(seed, AGENT_STREAM))
    actions: list[str] = []
    step = 0
    while not state.is_terminal:
        if step >= MAX_STEPS:
            return Break("endless", f"no end after {MAX_STEPS} actions", actions)
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        if step % PROBE_EVERY == PROBE_EVERY - 1:
            probe = probe_action(state, action, legal, rng)
            if probe is not None:
                tally.probes += 1
                broken = check_refusal(state, probe, list(actions))
                if broken:
                    return broken
        text = str(action)
        actions.append(text)
        try:
            player = state.to_move
            read = state.parse_action(text, player)
            if read != action:
                return Break("notation", f"{text!r} reads back as {read}", actions)
            state.apply(action, player)
        except Exception as exc:
            return Break("refused" if isinstance(exc, IllegalAction) else "crash", first_line(exc), actions)
        broken = check_after(state, action, actions)
        if broken:
            return broken
        step += 1
    tally.steps += step
    return None


# -- replaying and shrinking a break --------------------------------------------------------
def reproduce(game: Game, seed: int, actions: list[str], probe: str | None) -> Break | None:
    """Replay ``actions`` from the seed with every check, then the refused ``probe`` if any.

    ``None`` when the replay runs clean; a break of kind ``"invalid"`` when an action does
    not replay (a shrinking step that dropped something the rest needs).
    """
    try:
        state = game.new_state(seed)
    except Exception as exc:
        return Break("crash", f"new_state: {first_line(exc)}", [])
    for number, text in enumerate(actions):
        player = state.to_move
        try:
            action = state.parse_action(text, player)
        except TcgkitError as exc:
            return Break("invalid", first_line(exc), actions[: number + 1])
        if state.is_terminal or state.illegal_reason(action, player) is not None:
            return Break("invalid", f"{text} is not legal here", actions[: number + 1])
        try:
            if str(action) != text or state.parse_action(str(action), player) != action:
                return Break("notation", f"{text!r} does not read back", actions[: number + 1])
            state.apply(action, player)
        except Exception as exc:
            kind = "refused" if isinstance(exc, IllegalAction) else "crash"
            return Break(kind, first_line(exc), actions[: number + 1])
        broken = check_after(state, action, actions[: number + 1])
        if broken:
            return broken
    if probe is None:
        return None
    try:
        probe_action_ = state.parse_action(probe, state.to_move)
    except TcgkitError:
        return None  # the probe does not even read here: it is refused, nothing to show
    return check_refusal(state, probe_action_, actions)


def shrink(game: Game, seed: int, broken: Break, seconds: float = 60.0) -> Break:
    """Drop chunks of actions (halves, quarters ... single ones) while the same kind of break
    still shows; stops after ``seconds`` with the shortest found so far."""
    best = broken
    deadline = time.monotonic() + seconds
    size = max(1, len(best.actions) // 2)
    while size >= 1 and time.monotonic() < deadline:
        start = 0
        while start < len(best.actions) and time.monotonic() < deadline:
            trial = best.actions[:start] + best.actions[start + size:]
            again = reproduce(game, seed, trial, best.probe)
            if again is not None and again.kind == best.kind:
                best = again
            else:
                start += size
        size //= 2
    return best


def save_break(out: Path, config: Config, seed: int, broken: Break) -> Path:
    game = config.load()
    record = MatchRecord.start(game, seed, None)
    record.actions = list(broken.actions) + ([broken.probe] if broken.probe else [])
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{game.name}-{seed}.json"
    record.save(path)
    path.with_suffix(".txt").write_text(
        f"{config.label} seed {seed}\n{broken.kind}: {broken.message}\n"
        + (f"the last action of the record must be refused: {broken.probe}\n" if broken.probe else "")
    )
    return path


def check_record(path: Path) -> int:
    """Replay a saved break with every check (the last action as the probe when the record's
    note says so); exit status 1 while the break still shows."""
    record = MatchRecord.load(path)
    note = path.with_suffix(".txt")
    has_probe = note.exists() and "must be refused" in note.read_text()
    with fixtures_registered():
        game = registry.load_game(record.game, record.options)
        actions = record.actions[:-1] if has_probe else record.actions
        broken = reproduce(game, record.seed, actions, record.actions[-1] if has_probe else None)
    if broken is None:
        print(f"{path}: replays clean")
        return 0
    print(f"{path}: {broken.kind}: {broken.message} (after {len(broken.actions)} actions)")
    return 1


class fixtures_registered:
    """The test games in the registry while fuzzing (records name their game), out after."""

    def __enter__(self) -> None:
        self.saved = dict(registry._ENTRIES), dict(registry._LOOKUP)
        for cls in fixture_classes():
            if cls.name not in registry._ENTRIES:
                registry.register(cls, summary="a kernel test game (tests/)")

    def __exit__(self, *exc: object) -> None:
        registry._ENTRIES.clear()
        registry._ENTRIES.update(self.saved[0])
        registry._LOOKUP.clear()
        registry._LOOKUP.update(self.saved[1])


# -- the run -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Budget:
    """Whether to play game number ``number``: below ``end`` (``--first + --games``) and within
    ``share`` seconds of ``start`` (each worker plays at least one game). A class, not a
    closure: workers receive it pickled."""

    end: int | None
    share: float | None
    start: float

    def __call__(self, number: int, played: int) -> bool:
        if self.end is not None and number >= self.end:
            return False
        return self.share is None or time.monotonic() - self.start < self.share or played == 0


def fuzz_game(
    configs: list[Config], master: int, budget: Budget, out: Path,
    report: Callable[[str], None], first: int = 0, step: int = 1,
) -> Tally:
    """Plays game numbers ``first``, ``first + step``, ... until ``budget`` says stop.

    Game number ``g`` is game ``g // len(configs)`` of option set ``g % len(configs)``: the
    option sets take turns, and a run cut at any point covered them evenly. Workers take
    interleaved numbers (``step`` = their count), so together they play what one would.
    """
    tally = Tally()
    games = [config.load() for config in configs]
    start = time.monotonic()
    number = first
    while budget(number, tally.games):
        which, count = number % len(configs), number // len(configs)
        number += step
        seed = derive_seed(master, configs_index(configs[which]), count)
        try:
            broken = play(games[which], seed, tally)
        except Exception as exc:  # a crash outside an action: new_state, legal_actions, clone
            broken = Break("crash", first_line(exc) + "\n" + traceback.format_exc(limit=3), [])
        tally.games += 1
        if broken is not None:
            small = shrink(games[which], seed, broken)
            path = save_break(out, configs[which], seed, small)
            tally.breaks.append((configs[which], seed, small))
            report(f"BREAK {configs[which].label} seed {seed}: {small.kind}: {small.message} "
                   f"({len(broken.actions)} actions, shrunk to {len(small.actions)}) -> {path}")
    tally.seconds = time.monotonic() - start
    return tally


def fuzz_in_workers(
    configs: list[Config], args: argparse.Namespace, budget: Budget,
) -> Tally:
    """``fuzz_game`` in ``args.workers`` processes (forked: the test games stay registered),
    their tallies summed; ``seconds`` is the wall time."""
    start = time.monotonic()
    report = functools.partial(print, flush=True)
    if args.workers == 1:
        return fuzz_game(configs, args.seed, budget, args.out, report, args.first)
    jobs = [(configs, args.seed, budget, args.out, report, args.first + w, args.workers)
            for w in range(args.workers)]
    with multiprocessing.get_context("fork").Pool(args.workers) as pool:
        tallies = pool.starmap(fuzz_game, jobs)
    total = Tally(seconds=time.monotonic() - start)
    for tally in tallies:
        total.games += tally.games
        total.steps += tally.steps
        total.probes += tally.probes
        total.breaks += tally.breaks
    return total


def configs_index(config: Config) -> int:
    """A stable number for a configuration's seed stream: 48 bits of its label's hash."""
    return int(hashlib.sha256(config.label.encode()).hexdigest()[:12], 16)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, help="time for the whole run, shared evenly by the games")
    parser.add_argument("--games", type=int, help="games per game (over its configurations)")
    parser.add_argument("--first", type=int, default=0,
                        help="the first game number: a long run continued from where another stopped")
    parser.add_argument("--workers", type=int, default=1, help="processes playing each game's share")
    parser.add_argument("--game", action="append", help="fuzz only this game (repeatable)")
    parser.add_argument("--seed", type=int, default=0, help="the run's master seed")
    parser.add_argument("--match", help="only the option sets whose label (see --list) holds this text")
    parser.add_argument("--no-fixtures", action="store_true", help="leave out the test games")
    parser.add_argument("--out", type=Path, default=Path("fuzz-breaks"), help="where breaks are saved")
    parser.add_argument("--list", action="store_true", help="print the configurations and stop")
    parser.add_argument("--check", type=Path, help="replay a saved break with every check")
    args = parser.parse_args(argv)
    if args.check:
        return check_record(args.check)
    if args.workers < 1 or args.first < 0:
        parser.error("--workers must be at least 1 and --first at least 0")
    classes = game_classes(not args.no_fixtures)
    if args.game:
        wanted = {registry._key(name) for name in args.game}
        classes = [c for c in classes if registry._key(c.name) in wanted]
        if not classes:
            parser.error(f"no game among {', '.join(args.game)}")
    def configs_for(cls: type[Game]) -> list[Config]:
        return [c for c in configs_of(cls) if args.match is None or args.match in c.label]

    classes = [cls for cls in classes if configs_for(cls)]
    if args.list:
        for cls in classes:
            for config in configs_for(cls):
                print(config.label)
        return 0
    if args.seconds is None and args.games is None:
        parser.error("give --seconds or --games")
    broken = 0
    with fixtures_registered():
        for number, cls in enumerate(classes):
            configs = configs_for(cls)
            budget = make_budget(args, len(classes) - number, time.monotonic())
            tally = fuzz_in_workers(configs, args, budget)
            rate = tally.games / tally.seconds if tally.seconds else 0.0
            print(f"{cls.name}: {tally.games} games (numbers from {args.first}) over {len(configs)} "
                  f"option sets, {tally.steps} actions, {tally.probes} refusals checked, "
                  f"{len(tally.breaks)} breaks, {tally.seconds:.1f}s ({rate:.1f} games/s, "
                  f"{args.workers} worker{'s' * (args.workers > 1)})", flush=True)
            broken += len(tally.breaks)
            args.seconds = None if args.seconds is None else max(0.0, args.seconds - tally.seconds)
    return 1 if broken else 0


def make_budget(args: argparse.Namespace, games_left: int, start: float) -> Budget:
    """This game's budget: ``--games`` from ``--first``, an even share of the seconds left."""
    return Budget(None if args.games is None else args.first + args.games,
                  None if args.seconds is None else args.seconds / games_left, start)


if __name__ == "__main__":
    sys.exit(main())
