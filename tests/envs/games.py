"""The game configurations the environment tests run over: every registered game (and the
fixture games) under its example options, and every player count it allows."""

from __future__ import annotations

import pytest

from nplayer import HighCard
from own_games import own_games


def configs() -> list[tuple[type, dict]]:
    out = []
    for cls in [*(entry.cls for entry in own_games()), HighCard]:
        options = [dict(o) for o in cls.example_options] or [{}]
        counts = {o.get("players", cls.min_players) for o in options}
        options += [{"players": n} for n in range(cls.min_players, cls.max_players + 1) if n not in counts]
        out += [(cls, o) for o in options]
    return out


def _params() -> list:
    count: dict[str, int] = {}
    out = []
    for cls, options in configs():
        i = count[cls.name] = count.get(cls.name, -1) + 1
        out.append(pytest.param(cls, options, id=f"{cls.name}-{i}"))
    return out


CONFIGS = _params()
