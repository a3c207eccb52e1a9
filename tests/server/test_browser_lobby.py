"""The lobby for a newcomer in a real browser (issue 36), at a desktop's and a phone's size: the
AI levels by name, weakest first, the engines' names kept under a closed "Advanced"; each
game's rules page opened from the lobby's "Rules" link, in English and in Portuguese, one
language per page and nothing wider than the screen. Screenshots go to the shots folder.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from own_games import built_in_games

from .test_browser import as_guest, new_page, overflows
from .test_browser import browser as browser  # the module's fixtures: one server, one browser
from .test_browser import live as live
from .test_browser import pytestmark as pytestmark  # chromium's skip and the timeout
from .test_browser import shots as shots

CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
GAMES = built_in_games()
SIZES = [(1280, 800), (360, 740)]
SENTENCE = re.compile(r"[A-Za-z][a-z']*(?:[ ,:;]+[A-Za-z][a-z']*){2,}")  # three words or more

# the page's text as a reader sees it, without the language chooser (each language's name is
# written in that language: 中文 stays on every page)
PAGE_TEXT = """() => {
  const copy = document.body.cloneNode(true);
  copy.querySelectorAll('#language').forEach((e) => e.remove());
  document.body.appendChild(copy);
  copy.style.position = 'absolute';
  const text = copy.innerText;
  copy.remove();
  return text;
}"""


def listed(page: Any, url: str, lang: str = "en") -> dict[str, dict[str, Any]]:
    return {g["name"]: g for g in page.request.get(f"{url}/api/games?lang={lang}").json()}


def page_text(page: Any) -> str:
    text: str = page.evaluate(PAGE_TEXT)
    return text


def open_rules_from_the_lobby(page: Any, game: str, title: str) -> None:
    page.locator("select[name=game]").select_option(game)
    page.locator(".rules-link").click()
    page.locator(f".rules-page[data-game={game}] h2", has_text=title).wait_for()


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_lobby_names_the_ai_levels_weakest_first_and_keeps_the_engines_under_advanced(
        live: tuple[str, Any], browser: Any, shots: Path, width: int, height: int) -> None:
    url, _app = live
    page, problems = new_page(browser, width, height)
    as_guest(page, url)
    games = listed(page, url)
    for name in ("triple-triad", "conflictus"):
        page.locator("select[name=game]").select_option(name)
        levels = games[name]["levels"]
        chooser = page.locator("#level-1")  # seat 2 is the AI's by default
        chooser.wait_for()
        shown = chooser.locator("option").evaluate_all("(os) => os.map((o) => [o.value, o.textContent])")
        assert shown == [[lv["level"], lv["name"]] for lv in levels]  # weakest first, by name
        assert all("\n" not in lv["name"] + lv["about"] for lv in levels)
        about = page.locator("#level-1-about")
        for level in levels:  # the line under the chooser is the chosen level's, on one line
            chooser.select_option(level["level"])
            assert about.inner_text() == level["about"]
            rating = page.locator("#level-1-rating")  # and its measured rating, where there is one
            if level["rating"] is None:
                assert rating.count() == 0, level
            else:
                assert str(level["rating"]["rating"]) in rating.inner_text(), level
            if width >= 1280:
                box = about.bounding_box()
                line = about.evaluate("(e) => parseFloat(getComputedStyle(e).lineHeight)")
                assert box["height"] <= line * 1.5, (level, box)
        advanced = page.locator("details.advanced-levels")
        assert advanced.get_attribute("open") is None
        engines = advanced.locator("code")
        assert engines.count() == len(levels)
        assert not engines.first.is_visible()  # the engines' names wait for "Advanced"
        assert "ismcts" not in page.locator("form.new-match").inner_text()
        page.screenshot(path=str(shots / f"lobby-{name}-{width}.png"), full_page=True)
        advanced.locator("summary").click()
        assert engines.first.is_visible() and engines.first.inner_text() == "random"
        assert overflows(page) == []
        advanced.locator("summary").click()
    assert problems == []


def english_sentences(text: str) -> set[str]:
    return {found.group(0) for found in SENTENCE.finditer(text)}


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_each_games_rules_open_from_the_lobby_in_english_and_portuguese(
        live: tuple[str, Any], browser: Any, shots: Path, width: int, height: int) -> None:
    url, _app = live
    page, problems = new_page(browser, width, height)
    as_guest(page, url)
    english: dict[str, str] = {}
    titles = listed(page, url)
    for game in GAMES:
        title = titles[game]["title"]
        open_rules_from_the_lobby(page, game, title)
        text = page_text(page)
        assert page.locator(".rules-page").get_attribute("lang") == "en"
        assert not CJK.search(text), (game, CJK.findall(text))
        assert page.locator(".rules-page section h3").count() >= 3
        assert overflows(page) == [], game
        page.screenshot(path=str(shots / f"rules-{game}-en-{width}.png"), full_page=True)
        english[game] = text
        page.locator(".rules-page a[href='#/']").click()
        page.locator("select[name=game] option[value=triple-triad]").wait_for(state="attached")

    # Portuguese: by the page's chooser at a desktop's size, by ?lang=pt at a phone's
    if width >= 1280:
        with page.expect_navigation():
            page.locator("#language").select_option("pt")
    else:
        page.goto(url + "/?lang=pt")
    page.locator("select[name=game] option[value=triple-triad]").wait_for(state="attached")
    titles = listed(page, url, "pt")
    for game in GAMES:
        title = titles[game]["title"]
        open_rules_from_the_lobby(page, game, title)
        text = page_text(page)
        assert page.locator(".rules-page").get_attribute("lang") == "pt"
        assert not page.locator(".rules-page .note").count()  # written in Portuguese, not a fallback
        assert not CJK.search(text), (game, CJK.findall(text))
        left = sorted(s for s in english_sentences(english[game]) if s in text)
        assert left == [], (game, left)  # no English sentence of the interface or the rules left
        assert overflows(page) == [], game
        page.screenshot(path=str(shots / f"rules-{game}-pt-{width}.png"), full_page=True)
        page.locator(".rules-page a[href='#/']").click()
        page.locator("select[name=game] option[value=triple-triad]").wait_for(state="attached")
    assert problems == []
