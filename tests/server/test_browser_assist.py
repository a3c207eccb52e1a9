"""Help against the AI, the Triple Triad collection and the pages' languages in the browser
(issue 25): a hint played with one click and an undo, in Portuguese; a trading match's hands
picked from the collections when it is made and when it is joined; the lobby and the table
in Chinese with no interface string left in English."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tcgkit.kernel.registry import list_games
from tcgkit.kernel.words import Words
from tcgkit.server.client_words import FOLDER, INTERFACE

from .test_browser import CHROMIUM, overflows
from .test_browser import browser as browser  # the module's fixtures: one server, one browser
from .test_browser import live as live
from .test_browser import shots as shots
from .test_browser_play import Person, person

pytestmark = [pytest.mark.timeout(240), pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                                            reason="no chromium (apt-get install chromium)")]
NAME_ID = re.compile(r"#\d+$")


@pytest.fixture(scope="module")
def url(live: tuple[str, Any]) -> str:
    return live[0]


def speak(who: Person, lang: str) -> None:
    """Choose the page's language (the page reloads in it; a match resumes)."""
    who.page.locator("#language").select_option(lang)
    who.page.wait_for_function(f"document.documentElement.lang.startsWith('{lang}')")


def start_open_triple_triad(who: Person) -> None:
    """Against the AI, every hand face up and nothing traded: undo is offered."""
    page = who.page
    page.locator("select[name=game]").select_option("triple-triad")
    page.locator("details.more-options summary").click()
    page.locator("#opt-triple-triad-trade").select_option("none")
    page.locator("#opt-triple-triad-open").check()
    page.locator("#seat-1").select_option("ai")
    page.locator("#level-1").select_option("random")
    page.locator(".new-match button[type=submit]").click()
    page.locator(".table").wait_for()


def board(who: Person) -> list[str]:
    texts: list[str] = who.page.locator("[data-area=board] .cell").all_inner_texts()
    return texts


def test_a_hint_played_by_one_click_and_an_undo_in_portuguese(url: str, browser: Any, shots: Path) -> None:
    ana = person(browser, url, 360)
    page = ana.page
    start_open_triple_triad(ana)
    speak(ana, "pt")
    ask = page.get_by_role("button", name="Dica")
    ask.wait_for()  # shown when it is the seat's move
    version, before = ana.version(), board(ana)
    ask.click()
    hint = page.locator(".hint[data-hint]")
    hint.wait_for()
    assert hint.inner_text().startswith("A IA jogaria ")
    hinted = hint.get_attribute("data-hint")
    page.screenshot(path=str(shots / "hint-pt-360.png"), full_page=True)
    assert overflows(page) == []
    hint.get_by_role("button", name="Jogar esta").click()
    page.wait_for_function(f"Number(document.querySelector('main.match').dataset.version) >= {version + 2}")
    ask.wait_for()  # the AI answered: the seat's move again
    answered, lines = board(ana), page.locator(".log li").count()
    page.get_by_role("button", name="Desfazer minha última jogada").click()
    page.locator(".assist .note", has_text="2 jogadas desfeitas.").wait_for()
    assert ana.version() == version and board(ana) == before
    assert page.locator(".log li").count() == lines - 2  # the log drawn anew from the deal
    ask.click()  # the same position, the same hint; and the AI answers it as it did
    page.locator(f".hint[data-hint='{hinted}']").get_by_role("button", name="Jogar esta").click()
    page.wait_for_function(f"Number(document.querySelector('main.match').dataset.version) >= {version + 2}")
    ask.wait_for()
    assert board(ana) == answered
    assert ana.problems == []
    ana.context.close()


def test_trading_hands_are_picked_from_the_collections_when_made_and_joined(
        url: str, browser: Any, shots: Path) -> None:
    ana, rui = person(browser, url, 1280), person(browser, url, 360)
    page = ana.page
    page.locator("select[name=game]").select_option("triple-triad")  # its default rule trades one card
    page.locator("#seat-1").select_option("open")
    pool = page.locator(".new-match .hand-pool button:enabled")
    pool.first.wait_for()
    picked = []
    for _ in range(5):
        button = pool.first
        picked.append(button.get_attribute("data-card"))
        button.click()
    assert page.locator(".hand-chosen .hand-card").count() == 5
    assert pool.count() == 0  # a hand is five cards: nothing more to add
    page.locator(".new-match button[type=submit]").click()
    page.wait_for_url(re.compile(r"#/match/"))
    match = page.url.rsplit("/", 1)[1]
    rui.page.locator(f"li[data-match='{match}'] button", has_text="Join").click()
    joining = rui.page.locator(".joining .hand-picker")
    joining.wait_for()  # the joiner is asked for a hand too
    rui.page.screenshot(path=str(shots / "join-hand-picker-360.png"), full_page=True)
    assert overflows(rui.page) == []
    assert "strongest" in joining.locator(".hand-chosen").inner_text()
    rui.page.get_by_role("button", name="Join with this hand").click()  # none picked: the strongest
    rui.page.locator("main.match").wait_for()
    names = page.locator("[data-area=hand0] .card.up .name")
    names.first.wait_for()
    hand = [NAME_ID.sub("", name) for name in names.all_inner_texts()]
    assert sorted(hand) == sorted(picked)
    page.get_by_role("link", name="Collection").click()
    rows = page.locator("table.owned tbody tr")
    rows.first.wait_for()
    owned = rows.count()
    assert 5 <= owned < 110  # the account's cards, not the whole card table
    assert "5 held by your trading matches in progress" in page.locator(".collection-summary").inner_text()
    for name in picked:
        row = page.locator(f"table.owned tr[data-card='{name}'] td")
        assert int(row.nth(6).inner_text()) == int(row.nth(5).inner_text()) - picked.count(name)
    page.locator("#collection-level").select_option("1")
    assert 0 < rows.count() < owned
    page.screenshot(path=str(shots / "collection-1280.png"), full_page=True)
    assert ana.problems == [] and rui.problems == []
    ana.context.close()
    rui.context.close()


def english_left(text: str, lang: str) -> list[str]:
    """The interface's English strings (those without places, translated otherwise) in
    ``text``, the games' own titles aside ("Monster Collection TCG" is no "Collection")."""
    for entry in list_games():
        text = text.replace(entry.cls.title, "")
    words = Words(INTERFACE, lang, (FOLDER,))
    return sorted(m.text for key, m in INTERFACE.items() if "{" not in m.text and len(m.text) > 3
                  and words[key].text != m.text and re.search(rf"(?<!\w){re.escape(m.text)}(?!\w)", text))


def test_the_lobby_and_the_table_in_chinese(url: str, browser: Any, shots: Path) -> None:
    mei = person(browser, url, 360)
    page = mei.page
    speak(mei, "zh")
    page.get_by_role("heading", name="新對局").wait_for()
    page.locator("details.more-options summary").click()
    assert english_left(page.locator("body").inner_text(), "zh") == []
    assert page.get_by_role("link", name="大廳").count() == 1
    page.screenshot(path=str(shots / "lobby-zh-360.png"), full_page=True)
    page.locator("select[name=game]").select_option("monster-collection")
    page.get_by_role("button", name="開始").click()
    page.locator(".table").wait_for()
    page.locator(".log li").first.wait_for()
    # the page's text less the cells' marks, which are the game's own ("E6 empty")
    shown = page.evaluate("""() => {
      const marks = [...document.querySelectorAll('.cell-mark')];
      marks.forEach((m) => { m.hidden = true; });
      const text = document.body.innerText;
      marks.forEach((m) => { m.hidden = false; });
      return text;
    }""")
    assert english_left(shown, "zh") == []
    assert page.locator(".log h3").inner_text() == "紀錄"
    page.screenshot(path=str(shots / "monster-collection-zh-360.png"), full_page=True)
    assert overflows(page) == []
    assert mei.problems == []
    mei.context.close()
