"""Events in a real browser: an event created in the lobby and joined by clicking, started by
its creator, its page (entrants, the round's tables with their links, standings) drawn at a
phone's and a desktop's width without overflowing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .test_browser import as_guest, new_page, overflows
from .test_browser import browser as browser  # the module's fixtures: one server, one browser
from .test_browser import live as live
from .test_browser import shots as shots

pytestmark = pytest.mark.timeout(240)


def create_event(page: Any, name: str, shot: Path) -> str:
    page.locator("details.new-event summary").click()
    page.locator("#event-name").fill(name)
    page.locator("#event-game").select_option("triple-triad")
    page.locator("#event-rounds").fill("2")
    page.locator("#opt-event-triple-triad-trade").select_option("none")
    page.screenshot(path=str(shot), full_page=True)
    assert overflows(page) == []  # the lobby with the new event's form open
    page.get_by_role("button", name="Create the event").click()
    page.locator("section.event").wait_for()
    event_id: str = page.evaluate("location.hash").split("/")[-1]
    return event_id


@pytest.mark.parametrize("width", [360, 1280])
def test_an_event_is_created_joined_and_started_by_clicking(live: tuple[str, Any], browser: Any, shots: Path,
                                                            width: int) -> None:
    url, _app = live
    host, problems = new_page(browser, width)
    guest, guest_problems = new_page(browser, width)
    as_guest(host, url)
    as_guest(guest, url)
    name = f"Friday {width}"
    event_id = create_event(host, name, shots / f"event-{width}-form.png")
    host.get_by_role("button", name="Join").click()
    host.locator("ul.entrants li").first.wait_for()
    # the other person finds it in the lobby's list and joins it from its page
    listed = guest.locator(f"li[data-event='{event_id}']")
    listed.wait_for()
    assert name in listed.inner_text()
    listed.get_by_role("link", name="Open").click()
    guest.get_by_role("button", name="Join").click()
    guest.locator("ul.entrants li").nth(1).wait_for()
    assert guest.get_by_role("button", name="Start the event").count() == 0  # the creator's alone
    host.get_by_role("button", name="Start the event").click()
    host.locator("section.event[data-status=running] .event-round li[data-table] a").wait_for()
    host.locator(".event-standings table").wait_for()
    guest.locator(".event-round li[data-table] a").wait_for(timeout=10_000)
    play = guest.locator(".event-round li[data-table] a")
    assert play.inner_text().strip() == "Play"
    assert play.get_attribute("href").startswith("#/match/")
    for who, page in (("host", host), ("guest", guest)):
        page.screenshot(path=str(shots / f"event-{width}-{who}.png"), full_page=True)
        assert overflows(page) == [], who
    play.click()
    guest.locator(".table").wait_for()
    assert problems == [] and guest_problems == []
    host.close()
    guest.close()
