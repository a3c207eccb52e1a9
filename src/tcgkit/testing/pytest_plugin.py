"""pytest plugin: ``pytest -p tcgkit.testing.pytest_plugin --tcgkit-game NAME`` runs the
conformance suite on an installed game, one test per check and option set
(``tcgkit[<game>-<options>-<check>]``), beside the tests pytest collects anyway.
``--tcgkit-check NAME`` (repeatable) runs only the named checks. A project names it once in its
pytest configuration (``addopts = "-p tcgkit.testing.pytest_plugin"``) or its conftest.py
(``pytest_plugins = ["tcgkit.testing.pytest_plugin"]``).

Named, not a ``pytest11`` entry point: an entry-point plugin is imported by every pytest run in
the environment, which would import tcgkit before the run sets up its paths (mutation testing
runs tcgkit's tests on a mutated copy of the sources, which must be the first tcgkit imported)
and make every other project's test run load tcgkit. pytest stays out of tcgkit's
dependencies (the ``testing`` extra), and ``tcgkit.testing`` itself never imports it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from ..kernel.game import Game


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("tcgkit", "tcgkit's conformance suite")
    group.addoption("--tcgkit-game", action="append", default=[], metavar="NAME",
                    help="run tcgkit's conformance suite on the installed game NAME (repeatable)")
    group.addoption("--tcgkit-check", action="append", default=[], metavar="CHECK",
                    help="with --tcgkit-game: only this check (repeatable; names in tcgkit.testing.CHECKS)")


class ConformanceItem(pytest.Item):
    """One check of one game on one option set."""

    def __init__(self, *, game: type[Game], options: dict[str, Any], check: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game, self.options, self.check = game, options, check

    def runtest(self) -> None:
        from . import check_game

        result = check_game(self.game, options=[self.options], checks=[self.check],
                            raise_on_failure=False).results[0]
        if result.status == "skipped":
            pytest.skip(result.detail)
        if result.status == "failed":
            raise CheckFailed(result.detail)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, CheckFailed):
            return f"{self.check} {self.options}:\n{excinfo.value}"
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Any, int | None, str]:
        return self.path, None, f"{self.game.name} {self.options}: {self.check}"


class CheckFailed(Exception):
    """A conformance check failed; its message is the check's report."""


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config,
                                  items: list[pytest.Item]) -> None:
    names = config.getoption("tcgkit_game")
    if not names:
        return
    from ..kernel.registry import find_game
    from . import BY_NAME, cases

    only = config.getoption("tcgkit_check")
    unknown = [name for name in only if name not in BY_NAME]
    if unknown:
        raise pytest.UsageError(f"no tcgkit check named {', '.join(unknown)}; "
                                f"the checks: {', '.join(BY_NAME)}")
    for name in names:
        cls = find_game(name).cls
        for i, options, check in cases(cls):
            if only and check.name not in only:
                continue
            items.append(ConformanceItem.from_parent(session, name=f"tcgkit[{cls.name}-{i}-{check.name}]",
                                                     game=cls, options=options, check=check.name))
