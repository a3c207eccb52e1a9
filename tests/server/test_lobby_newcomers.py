"""The lobby for a newcomer (issue 36): the AI levels by name, weakest first, one line each,
the engine's names kept for "Advanced"; in every language."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tcgkit.server.levels import LEVELS, strength_order

CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]")


def listing(client: Any, lang: str = "en") -> dict[str, dict[str, Any]]:
    return {g["name"]: g for g in client.get(f"/api/games?lang={lang}").json()}


def test_the_levels_come_weakest_first_with_a_name_and_a_line(client: Any) -> None:
    games = listing(client)
    tt = [level["level"] for level in games["triple-triad"]["levels"]]
    assert tt == ["random", "greedy", "easy", "normal", "hard", "perfect"]  # ismcts is normal's
    assert [level["level"] for level in games["forge-fury"]["levels"]] == [
        "random", "greedy", "easy", "normal", "mixed", "hard"]
    first = games["triple-triad"]["levels"][0]
    assert first == {"level": "random", "name": "Beginner", "about": "plays at random",
                     "engine": "uniform over the legal actions", "same_as": []}
    normal = next(level for level in games["conflictus"]["levels"] if level["level"] == "normal")
    assert normal["same_as"] == ["ismcts"] and "100 iterations" in normal["engine"]
    for game in games.values():  # every level a seat may take is reachable by name
        listed = {level["level"] for level in game["levels"]} | {
            alias for level in game["levels"] for alias in level["same_as"]}
        assert listed == set(game["ai_levels"])
        assert all(level["name"] != level["level"] for level in game["levels"])
    assert games["triple-triad"]["level_names"]["ismcts"] == "Normal"


@pytest.mark.parametrize(("lang", "beginner"), [("pt", "Iniciante"), ("es", "Principiante"), ("zh", "新手")])
def test_the_levels_are_named_in_the_language_asked(client: Any, lang: str, beginner: str) -> None:
    games = listing(client, lang)
    english = listing(client)
    for name, game in games.items():
        assert [lv["level"] for lv in game["levels"]] == [lv["level"] for lv in english[name]["levels"]]
        for ours, theirs in zip(game["levels"], english[name]["levels"], strict=True):
            if lang != "zh":
                assert not CJK.search(ours["name"] + ours["about"])
            assert ours["about"] != theirs["about"]  # translated, not the English left
    assert games["triple-triad"]["levels"][0]["name"] == beginner


def test_a_level_the_lobby_does_not_know_comes_last() -> None:
    assert strength_order(["policy:x", "hard", "ismcts", "random", "greedy"]) == [
        "random", "greedy", "hard", "policy:x"]
    assert list(LEVELS)[0] == "random" and list(LEVELS)[-1] == "perfect"
