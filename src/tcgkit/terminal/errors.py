"""One clear line on stderr and an exit code, never a traceback, for every bad input.

Exit codes: 2 for a usage problem (unknown game, bad rules, bad position, conflicting
flags), 1 for a runtime problem (unreadable file, corrupt profile, replay mismatch).
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import typer

from ..kernel.errors import (
    DeckError,
    NotationError,
    OptionsError,
    TcgkitError,
    UnknownGame,
    clip,
)

USAGE = 2
RUNTIME = 1

F = TypeVar("F", bound=Callable[..., Any])


class CliError(Exception):
    """A problem to report in one line; ``code`` is the exit code."""

    def __init__(self, message: str, code: int = RUNTIME) -> None:
        super().__init__(message)
        self.code = code


def usage_error(message: str) -> CliError:
    return CliError(message, USAGE)


def exit_code_for(error: Exception) -> int:
    if isinstance(error, CliError):
        return error.code
    if isinstance(error, UnknownGame | OptionsError | NotationError | DeckError):
        return USAGE
    return RUNTIME


def report(message: str) -> None:
    print(f"tcgkit: error: {clip(message)}", file=sys.stderr, flush=True)


def fail(message: str, code: int = USAGE) -> typer.Exit:
    """Report ``message`` and the exit to raise: ``raise fail(...) from None``."""
    report(message)
    return typer.Exit(code)


@contextmanager
def run_errors(interrupted: str) -> Iterator[None]:
    """A batch of games' errors as one line and an exit code: an agent that broke the rules or
    a game that never ended (a bug: 1), a bad agent, deck or backend (2), Ctrl-C (130, with
    ``interrupted``: what was kept)."""
    from ..sim.runner import SimError  # the simulator loads only for the commands that run one

    try:
        yield
    except SimError as exc:
        raise fail(str(exc), RUNTIME) from None
    except TcgkitError as exc:
        raise fail(str(exc)) from None
    except KeyboardInterrupt:
        raise fail(interrupted, 130) from None


def reports_errors(command: F) -> F:
    """Turn a command's expected errors into one line on stderr and an exit code."""

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except (CliError, TcgkitError) as error:
            report(str(error))
            raise typer.Exit(exit_code_for(error)) from None
        except OSError as error:
            where = f"{error.filename}: " if error.filename else ""
            report(f"{where}{error.strerror or error}")
            raise typer.Exit(RUNTIME) from None

    return run  # type: ignore[return-value]
