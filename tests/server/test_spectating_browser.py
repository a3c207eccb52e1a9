"""Watching and correspondence in the browser (Debian's chromium, at 360 and 1280 px): the
lobby's live list and its Watch link, a spectator's page (it says it watches and how far
behind, offers no move, follows the match a move behind, and never received or drew a hidden
card), and the list of the matches where it is your turn with its count in the navigation."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from .test_browser import CHROMIUM, overflows
from .test_browser import browser as browser  # the module's fixtures: one server, one browser
from .test_browser import live as live
from .test_browser import shots as shots
from .test_browser_play import PLAYABLE, assert_nothing_hidden_leaked, move, person, play_out, record_of
from .test_browser_play import url as url

pytestmark = [pytest.mark.timeout(300), pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                                            reason="no chromium (apt-get install chromium)")]


def new_match(page: Any, options: dict[str, str], seats: list[str], more: dict[str, str]) -> str:
    """A Triple Triad match made through the lobby's form: its options, each seat's kind, and
    the clock and spectator fields (by id) as typed."""
    page.locator("select[name=game]").select_option("triple-triad")
    page.locator("details.more-options summary").click()
    for name, value in options.items():
        box = page.locator(f"#opt-triple-triad-{name}")
        if box.evaluate("(e) => e.tagName") == "SELECT":
            box.select_option(value)
        else:
            box.fill(value)
    for number, kind in enumerate(seats):
        page.locator(f"#seat-{number}").select_option(kind)
    assert page.locator("input[name=spectators]").is_checked()  # open to spectators unless unticked
    for field, value in more.items():
        box = page.locator(f"#{field}")
        if box.evaluate("(e) => e.tagName") == "SELECT":
            box.select_option(value)
        else:
            box.fill(value)
    page.get_by_role("button", name="Start").click()
    page.wait_for_url(re.compile(r"#/match/"))
    return str(page.url.rsplit("/", 1)[1])


@pytest.mark.parametrize("width", [360, 1280])
def test_a_spectator_finds_a_live_match_in_the_lobby_and_watches_it_a_move_behind(
        url: str, browser: Any, shots: Path, width: int) -> None:
    ana, watcher = person(browser, url), person(browser, url, width)
    match = new_match(ana.page, {"first_player": "0", "trade": "none"}, ["me", "ai"],
                      {"spectator-delay": "1"})
    ana.page.locator(".table").wait_for()
    move(ana)
    page = watcher.page
    listed = page.locator(f"li[data-live][data-match='{match}']")
    listed.wait_for()  # the live list refreshes itself
    text = listed.inner_text()
    assert "shown 1 move behind" in text and re.search(r"\d moves? played", text) and "AI" in text
    page.screenshot(path=str(shots / f"lobby-live-{width}.png"), full_page=True)
    assert overflows(page) == []
    listed.get_by_role("link", name="Watch").click()
    banner = page.locator(".watching")
    banner.wait_for()
    assert "1 move behind" in banner.inner_text() and page.locator(".viewer").inner_text() == "watching"
    page.wait_for_function(f"document.querySelector('main.match')?.dataset.version === '{ana.version() - 1}'")
    assert page.locator(PLAYABLE).count() == 0 and page.locator(".moves button").count() == 0
    page.screenshot(path=str(shots / f"spectator-{width}.png"), full_page=True)
    assert overflows(page) == []
    move(ana)
    page.wait_for_function(f"document.querySelector('main.match').dataset.version === '{ana.version() - 1}'")
    play_out([ana], 120)
    page.locator(".outcome").wait_for()  # at its end, the whole match
    assert watcher.version() == ana.version()
    record = record_of(ana, match)
    assert assert_nothing_hidden_leaked(watcher, record, None) > 5
    assert ana.problems == [] and watcher.problems == []
    ana.context.close()
    watcher.context.close()


def test_your_turn_is_listed_with_its_time_left_and_counted_in_the_navigation(
        url: str, browser: Any, shots: Path) -> None:
    ana, rui = person(browser, url, 360), person(browser, url, 1280)
    match = new_match(ana.page, {"first_player": "0", "trade": "none"}, ["me", "open"],
                      {"clock": "decision", "clock-seconds": "2", "clock-unit": "days", "absence": "wait"})
    rui.page.locator(f"li[data-match='{match}'] button", has_text="Join").click()
    rui.page.locator("main.match").wait_for()
    ana.page.locator(".seat.mine .clock.running[role=timer]").wait_for()
    clock = ana.page.locator(".seat.mine .clock").inner_text()
    assert re.search(r"2 d 0:00:00|1 d 23:59:\d\d", clock), clock  # two days, counting down
    ana.page.goto(url + "/#/")
    mine = ana.page.locator(f".your-turn li[data-turn='{match}']")
    mine.wait_for()
    assert "time left: 1 d 23 h" in mine.inner_text()
    assert ana.page.locator(".top nav .turns").inner_text() == "1"
    ana.page.screenshot(path=str(shots / "your-turn-360.png"), full_page=True)
    assert overflows(ana.page) == []
    rui.page.goto(url + "/#/")
    rui.page.get_by_role("heading", name="Live matches").wait_for()
    assert rui.page.locator(".your-turn").count() == 0 and rui.page.locator(".top nav .turns").count() == 0
    mine.get_by_role("link", name="Play").click()
    ana.page.locator(".table").wait_for()
    move(ana)
    theirs = rui.page.locator(f".your-turn li[data-turn='{match}']")
    theirs.wait_for(timeout=15_000)  # the list asks again every few seconds
    rui.page.locator(".top nav .turns", has_text="1").wait_for(timeout=15_000)
    rui.page.screenshot(path=str(shots / "your-turn-1280.png"), full_page=True)
    ana.page.goto(url + "/#/")
    ana.page.get_by_role("heading", name="Live matches").wait_for()
    ana.page.wait_for_timeout(500)
    assert ana.page.locator(".your-turn").count() == 0
    assert ana.problems == [] and rui.problems == []
    ana.context.close()
    rui.context.close()
