"""The conformance suite as a list of checks, and ``check_game`` to run it on any game class.

Each check takes a ``Game`` made from one option set, plays random games from fixed seeds, and
raises ``Failure`` saying what broke (or ``Skipped`` when the game has nothing it can look at).
``check_game`` runs every check on every example option set of the class and returns a
``Report``; it raises ``ConformanceError`` (carrying the report) when a check failed.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from ..kernel import registry
from ..kernel.errors import UnknownGame
from ..kernel.game import Game
from . import contract, secrets, words
from .play import Failure, Skipped


@dataclass(frozen=True)
class Check:
    name: str
    run: Callable[[Game], None]

    @property
    def doc(self) -> str:
        return (self.run.__doc__ or "").strip().split("\n\n")[0]


CHECKS: tuple[Check, ...] = tuple(Check(f.__name__, f) for f in (
    contract.games_terminate_with_an_outcome,
    contract.legal_actions_apply_and_round_trip_their_notation,
    contract.illegal_actions_raise_and_change_nothing,
    contract.only_the_player_to_move_may_act,
    contract.same_seed_and_actions_give_the_same_game,
    contract.notation_and_json_round_trip,
    contract.replay_records_round_trip_and_verify,
    contract.decisions_have_a_prompt_and_a_legal_default,
    contract.every_action_adds_one_to_the_version,
    contract.events_from_a_cursor_add_up_to_the_whole_log,
    contract.bad_options_are_clear_errors,
    secrets.views_and_events_hide_what_a_viewer_cannot_see,
    secrets.events_and_public_fields_after_a_redealt_step,
    secrets.scenes_show_nothing_hidden_and_every_sentence_reads,
    secrets.determinized_states_give_the_same_view,
    secrets.a_sealed_choice_looks_the_same_whatever_was_chosen,
    secrets.what_a_player_is_told_does_not_depend_on_what_they_cannot_see,
    secrets.random_text_gets_the_same_answer_after_a_redeal,
    secrets.refusals_name_no_hidden_card_for_the_games_own_words,
    secrets.encodable_actions_are_refused_exactly_when_not_legal,
    words.messages_are_translated,
))
ONCE = frozenset({"bad_options_are_clear_errors", "messages_are_translated",
                  "refusals_name_no_hidden_card_for_the_games_own_words"})
"""Checks run on the first option set only: of the class, not of its options, or too costly to
repeat for what options change (the game's words are the same whatever its options)."""
BY_NAME = {check.name: check for check in CHECKS}


@dataclass(frozen=True)
class Result:
    check: str
    options: dict[str, Any]
    status: str  # "passed", "failed" or "skipped"
    detail: str = ""
    seconds: float = 0.0


@dataclass
class Report:
    game: str
    results: list[Result] = field(default_factory=list)

    @property
    def failures(self) -> list[Result]:
        return [r for r in self.results if r.status == "failed"]

    @property
    def ok(self) -> bool:
        return not self.failures

    def __str__(self) -> str:
        counts = {s: sum(r.status == s for r in self.results) for s in ("passed", "failed", "skipped")}
        lines = [f"{self.game}: " + ", ".join(f"{n} {s}" for s, n in counts.items())]
        for r in self.results:
            if r.status != "passed":
                lines.append(f"  {r.status.upper()} {r.check} {r.options}: {r.detail}")
        return "\n".join(lines)


class ConformanceError(AssertionError):
    """A game failed some checks; ``report`` holds every result."""

    def __init__(self, report: Report) -> None:
        super().__init__(str(report))
        self.report = report


def option_sets(cls: type[Game]) -> list[dict[str, Any]]:
    """The option sets a class is checked with: its ``example_options`` (or the defaults)."""
    return [dict(options) for options in cls.example_options] or [{}]


def cases(cls: type[Game]) -> Iterator[tuple[int, dict[str, Any], Check]]:
    """Each (option set's number, options, check) ``check_game`` runs for ``cls``: what a
    pytest run parametrises over, one test per case."""
    for i, options in enumerate(option_sets(cls)):
        for check in CHECKS:
            if i == 0 or check.name not in ONCE:
                yield i, options, check


@contextmanager
def findable(cls: type[Game]) -> Iterator[None]:
    """``cls`` found by its name while the checks run (a replay looks its game up by name):
    a class not registered (a game under development) is registered for the while."""
    try:
        known = registry.find_game(cls.name).cls is cls
    except UnknownGame:
        known = False
    if known:
        yield
        return
    with registry.registered_for_now(cls):
        yield


def run_check(cls: type[Game], options: dict[str, Any], check: Check) -> Result:
    """One check on one option set, as a ``Result`` (an error of the game a failure too)."""
    start = time.perf_counter()
    try:
        with findable(cls):
            check.run(cls(options))
    except Skipped as why:
        return Result(check.name, options, "skipped", str(why), time.perf_counter() - start)
    except Failure as failure:
        return Result(check.name, options, "failed", str(failure), time.perf_counter() - start)
    except Exception as error:  # the game crashed during a check: say where
        where = "".join(traceback.format_exception(error)[-4:]).strip()
        return Result(check.name, options, "failed", f"{type(error).__name__}: {error}\n{where}",
                      time.perf_counter() - start)
    return Result(check.name, options, "passed", "", time.perf_counter() - start)


def check_game(cls: type[Game], options: Sequence[dict[str, Any]] | None = None,
               checks: Sequence[str] | None = None, *, raise_on_failure: bool = True) -> Report:
    """Run the conformance suite on the game class ``cls``: every check (or those named in
    ``checks``) on every option set (``options``, by default the class's
    ``example_options``). Returns the ``Report``; raises ``ConformanceError`` with it when a
    check failed, unless ``raise_on_failure`` is false."""
    unknown = [name for name in checks or () if name not in BY_NAME]
    if unknown:
        raise ValueError(f"no check named {', '.join(unknown)}; the checks: {', '.join(BY_NAME)}")
    chosen = [BY_NAME[name] for name in checks] if checks is not None else list(CHECKS)
    sets = option_sets(cls) if options is None else [dict(o) for o in options]
    report = Report(cls.name)
    for i, opts in enumerate(sets):
        for check in chosen:
            if i == 0 or check.name not in ONCE:
                report.results.append(run_check(cls, opts, check))
    if raise_on_failure and not report.ok:
        raise ConformanceError(report)
    return report
