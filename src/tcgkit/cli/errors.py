"""One clear line on stderr and an exit code, never a traceback, for every bad input.

Exit codes: 2 for a usage problem (unknown game, bad rules, bad position, conflicting
flags), 1 for a runtime problem (unreadable file, corrupt profile, replay mismatch).
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
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
