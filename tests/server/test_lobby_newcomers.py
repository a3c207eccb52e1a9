"""The lobby for a newcomer (issue 36): the AI levels by name, weakest first, one line each,
the engine's names kept for "Advanced"; in every language."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from own_games import built_in_games
from tcgkit.server import levels
from tcgkit.server.levels import LADDERS, LEVELS, strength_order

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
    shipped = json.loads((LADDERS / "triple-triad.json").read_text())  # the measured ladder
    played = next(rating["games"] for rating in shipped["ratings"] if rating["agent"] == "random")
    assert first == {"level": "random", "name": "Beginner", "about": "plays at random",
                     "engine": "uniform over the legal actions", "same_as": [],
                     "rating": {"rating": 1000, "low": 1000, "high": 1000, "games": played}}
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


# -- each game's rules page ------------------------------------------------------------------------
GAMES = built_in_games()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["pt", "es", "zh"])
def test_each_games_rules_are_written_in_every_language(client: Any, game: str, lang: str) -> None:
    from tcgkit.server.rules_page import RULES
    assert (RULES / f"{game}.{lang}.md").is_file()
    english = client.get(f"/api/games/{game}/rules").json()
    ours = client.get(f"/api/games/{game}/rules?lang={lang}").json()
    assert ours["lang"] == ours["written"] == lang
    assert [bool(s["heading"]) for s in ours["sections"]] == [bool(s["heading"]) for s in english["sections"]]
    assert all(s["heading"] and s["paragraphs"] for s in ours["sections"])
    for theirs, mine in zip(english["sections"], ours["sections"], strict=True):
        assert mine["heading"] != theirs["heading"] and mine["paragraphs"] != theirs["paragraphs"]
    text = str(ours["sections"])
    assert bool(CJK.search(text)) == (lang == "zh")
    if game == "conflictus":  # the rulebook's own terms, in every language
        assert "mons" in text and "rodada" in text
    if game == "monster-collection" and lang == "zh":  # the rulebook's Chinese terms
        assert all(term in text for term in ("本陣", "進軍", "地形配置", "手牌整理", "判定"))


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_its_rules_in_english_and_portuguese(client: Any, game: str) -> None:
    english = client.get(f"/api/games/{game}/rules").json()
    pt = client.get(f"/api/games/{game}/rules?lang=pt").json()
    assert english["written"] == "en" and pt["written"] == "pt" and pt["lang"] == "pt"
    assert len(english["sections"]) == len(pt["sections"]) >= 3
    assert all(s["heading"] and s["paragraphs"] for s in pt["sections"])
    assert pt["sections"][0]["heading"] != english["sections"][0]["heading"]
    assert pt["summary"] != english["summary"]
    assert {o["name"] for o in pt["options"]} == {o["name"] for o in english["options"]}
    for page in (english, pt):
        assert not CJK.search(str(page))


def test_rules_not_written_in_the_language_asked_come_in_english_and_say_so(
        client: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tcgkit.server import rules_page
    english = client.get("/api/games/triple-triad/rules").json()
    (tmp_path / "triple-triad.en.md").write_text((rules_page.RULES / "triple-triad.en.md").read_text("utf-8"))
    monkeypatch.setattr(rules_page, "RULES", tmp_path)  # the English alone
    zh = client.get("/api/games/triple-triad/rules", headers={"Accept-Language": "zh-TW"}).json()
    assert zh["lang"] == "zh" and zh["written"] == "en"  # the page says the rules are in English
    assert zh["sections"] == english["sections"]
    assert CJK.search(zh["summary"])  # the summary is translated all the same


def test_the_rules_of_an_unknown_game_are_a_404_naming_it(client: Any) -> None:
    refused = client.get("/api/games/chess/rules")
    assert refused.status_code == 404 and "chess" in refused.json()["error"]
    assert client.get("/api/games/triple-triad/rules?lang=fr").status_code == 400


def test_a_rules_file_is_read_as_headings_and_paragraphs() -> None:
    from tcgkit.server.rules_page import sections
    assert sections("## One\nfirst line\nsame paragraph\n\nsecond\n\n## Two\nthird") == [
        {"heading": "One", "paragraphs": ["first line same paragraph", "second"]},
        {"heading": "Two", "paragraphs": ["third"]}]


# -- a hint in words ---------------------------------------------------------------------------------
# Chances to win in percent, read as the table shows them (whole, half up): 16.6 and 17.2 are
# both 17%, 16.4 and 16.6 are 16% and 17%.
@pytest.mark.parametrize(("before", "after", "said"), [
    (54.0, 54.0, "same"), (54.0, 67.1, "better"), (50.0, 50.4, "same"), (61.5, 40.0, "worse"),
    (16.6, 17.2, "same"), (16.4, 16.6, "better"), (16.5, 17.4, "same")])
def test_a_hints_estimates_are_put_in_words(before: float, after: float, said: str) -> None:
    from tcgkit.server.assist import in_words
    assert in_words(before, after) == said


# -- the options' words, one language per page ---------------------------------------------------
GLOSS = re.compile(r"[(（]([^()（）\d:：]+)[)）]")  # a parenthesised phrase of words alone
RAW_CHOICES = re.compile(r"\b[a-z_]+/[a-z_]+/[a-z_]+")  # none/one/difference: the engine's values


def option_texts(game: dict[str, Any]) -> str:
    props = game["options"]["properties"].values()
    return " ".join(" ".join([p.get("title", ""), p.get("description", ""), *p.get("x-choices", {}).values()])
                    for p in props)


@pytest.mark.parametrize("lang", ["en", "pt", "es", "zh"])
def test_the_options_are_described_in_one_language(client: Any, lang: str) -> None:
    pages = {other: listing(client, other) for other in ("en", "pt", "es", "zh")}
    for name, game in pages[lang].items():
        ours = option_texts(game)
        others = [option_texts(pages[other][name]) for other in pages if other != lang]
        # a phrase every language writes is a name (FFVIII); one only another writes, a gloss
        glosses = [g for g in map(str.strip, GLOSS.findall(ours))
                   if any(g in text for text in others) and not all(g in text for text in others)]
        assert glosses == [], (lang, name, glosses)  # "Same (Igual)", "Aberto (Abierto)"
        assert not RAW_CHOICES.search(ours), (lang, name)
        if lang in ("en", "pt"):
            assert not CJK.search(ours), (lang, name)


@pytest.mark.parametrize("lang", ["pt", "es", "zh"])
def test_each_choice_of_an_option_is_shown_in_words_of_the_language(client: Any, lang: str) -> None:
    english, ours = listing(client), listing(client, lang)
    seen = 0
    for name, game in ours.items():
        for field, prop in game["options"]["properties"].items():
            theirs = english[name]["options"]["properties"][field]
            if "enum" not in prop and not any("enum" in k for k in prop.get("anyOf", [])):
                assert "x-choices" not in prop
                continue
            values = prop.get("enum") or next(k["enum"] for k in prop["anyOf"] if "enum" in k)
            assert list(prop["x-choices"]) == values
            for value in values:
                assert prop["x-choices"][value] != theirs["x-choices"][value], (name, field, value)
                seen += 1
    assert seen >= 25
    trade = ours["triple-triad"]["options"]["properties"]["trade"]["x-choices"]
    if lang == "pt":
        assert trade["none"] == "nenhuma" and trade["one"] == "uma"


def test_every_built_in_choice_has_its_english_words() -> None:
    from tcgkit.kernel.about import choices
    from tcgkit.kernel.registry import list_games

    for entry in list_games():
        if entry.cls.__module__.startswith("tcgkit.games."):
            written = {f"{field}.{value}" for field, prop in
                       entry.cls.Options.model_json_schema()["properties"].items() for value in choices(prop)}
            # a new value needs its words (and no words outlive theirs)
            assert written == set(entry.cls.choice_words), entry.name


def test_each_level_shows_its_rating_from_the_games_measured_ladder(client: Any) -> None:
    """Triple Triad's ladder (server/ladders/) was measured under the default rules: its
    levels carry their ratings."""
    ladder = json.loads((LADDERS / "triple-triad.json").read_text(encoding="utf-8"))
    games = listing(client)
    rated = {level["level"]: level["rating"] for level in games["triple-triad"]["levels"]}
    for row in ladder["ratings"]:
        shown = rated[row["agent"]]
        assert shown["rating"] == round(row["rating"]) and shown["games"] == row["games"]
        assert shown["low"] <= shown["rating"] <= shown["high"]


def test_a_level_the_ladder_left_out_carries_no_rating(
    client: Any, tmp_path: Path, monkeypatch: Any
) -> None:
    """A ladder measured without one of the lobby's levels (``--levels``) rates the others and
    leaves that one without a rating, not with a guess."""
    ladder = json.loads((LADDERS / "ff-tcg.json").read_text(encoding="utf-8"))
    ladder["ratings"] = [row for row in ladder["ratings"] if row["agent"] != "hard"]
    (tmp_path / "ff-tcg.json").write_text(json.dumps(ladder), encoding="utf-8")
    monkeypatch.setattr(levels, "LADDERS", tmp_path)
    levels.measured.cache_clear()
    try:
        shown = {level["level"]: level["rating"] for level in listing(client)["ff-tcg"]["levels"]}
    finally:
        levels.measured.cache_clear()
    assert shown["hard"] is None
    assert all(shown[level] is not None for level in ("random", "greedy", "easy", "normal"))


def test_a_ladder_measured_under_other_rules_is_not_shown(tmp_path: Path, monkeypatch: Any) -> None:
    ladder = json.loads((LADDERS / "triple-triad.json").read_text(encoding="utf-8"))
    for key, value in (("options", {"open": True}), ("rules", "open"), ("mode", None)):
        (tmp_path / "triple-triad.json").write_text(json.dumps({**ladder, key: value}), encoding="utf-8")
        monkeypatch.setattr(levels, "LADDERS", tmp_path)
        levels.measured.cache_clear()
        try:
            assert bool(levels.measured("triple-triad")) is (value is None), key
        finally:
            levels.measured.cache_clear()
    (tmp_path / "triple-triad.json").write_text("{not json", encoding="utf-8")
    levels.measured.cache_clear()
    assert levels.measured("triple-triad") == {}  # an unreadable file is no rating, not an error
    levels.measured.cache_clear()
