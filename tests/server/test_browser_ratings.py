"""Ratings in a real browser, at a desktop's and a phone's size: a rated match made by
clicking in the lobby (the choice offered only when every seat is an account's), joined by
another account who sees it marked rated with the players' ratings, played to its end; then
the ratings page (the game's table of accounts and AI levels, provisional ratings with "?")
and an account's page with its history. Nothing wider than the screen; screenshots go to the
shots folder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tcgkit.server.client import Client

from .test_browser import browser as browser  # the module's fixtures: one server, one browser
from .test_browser import live as live
from .test_browser import new_page, overflows
from .test_browser import pytestmark as pytestmark  # chromium's skip and the timeout
from .test_browser import shots as shots

PASSWORD = "correct horse battery"


def signed_up(browser: Any, url: str, name: str, width: int) -> tuple[Any, list[str]]:
    page, problems = new_page(browser, width, 800)
    page.goto(url + "/")
    page.get_by_label("Name").fill(name)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()
    page.get_by_role("heading", name="New match").wait_for()
    return page, problems


def play_to_the_end(url: str, match_id: str, names: list[str]) -> dict[str, Any]:
    """The two accounts' first legal moves, through the test client, to the end."""
    tables = {}
    for seat, name in enumerate(names):
        client = Client(url)
        client.log_in(name, PASSWORD)
        tables[seat] = client.connect(match_id)
    while not all(t.over for t in tables.values()):
        mover = next((t for t in tables.values() if t.my_turn), None)
        if mover is None:
            next(t for t in tables.values() if not t.over).receive()
            continue
        mover.act(mover.scene["moves"][0]["notation"])
        for other in tables.values():
            while other.version < mover.version:
                other.receive()
    outcome: dict[str, Any] = tables[0].scene["outcome"]
    for table in tables.values():
        table.close()
    return outcome


@pytest.mark.parametrize("width", [1280, 360])
def test_a_rated_match_made_by_clicking_then_the_ratings_pages(live: tuple[str, Any], browser: Any,
                                                               shots: Path, width: int) -> None:
    url, _app = live
    ana_name, rui_name = f"ana{width}", f"rui{width}"
    ana, ana_problems = signed_up(browser, url, ana_name, width)
    rui, rui_problems = signed_up(browser, url, rui_name, width)
    ana.locator("select[name=game]").select_option("triple-triad")
    rated = ana.locator("input[name=rated]")
    assert rated.count() == 0  # seat 2 is an AI's: a rated match seats accounts only
    ana.locator("#seat-1").select_option("open")
    rated.check()
    ana.get_by_role("button", name="Start").click()
    ana.wait_for_function("location.hash.startsWith('#/match/')")
    match_id = ana.url.rsplit("/", 1)[1]
    assert ana.request.get(f"{url}/api/matches/{match_id}").json()["rated"]
    # rui sees it in the lobby, rated, ana with her provisional rating, and joins it
    listed = rui.locator(f"li[data-match='{match_id}']")
    listed.wait_for()
    assert "rated" in listed.inner_text() and f"{ana_name} (1500?)" in listed.inner_text()
    assert overflows(rui) == []
    rui.screenshot(path=str(shots / f"ratings-lobby-{width}.png"), full_page=True)
    listed.get_by_role("button", name="Join").click()
    listed.locator(".join-with-hand").click()  # Triple Triad trades by default: rui's hand first
    rui.wait_for_function(f"location.hash === '#/match/{match_id}'")
    outcome = play_to_the_end(url, match_id, [ana_name, rui_name])
    # the ratings page: accounts and AI levels on one scale
    ana.goto(url + "/#/ratings")
    ana.get_by_role("heading", name="Ratings").wait_for()
    ana.locator("select[name=ratings-game]").select_option("triple-triad")
    table = ana.locator(".ratings-table[data-game=triple-triad]")
    table.locator("tr.account", has_text=rui_name).wait_for()
    board = {e["name"]: e for e in ana.request.get(f"{url}/api/ratings/triple-triad").json()["accounts"]}
    for name in (ana_name, rui_name):
        row = table.locator("tr.account", has_text=name)
        assert board[name]["shown"] in row.inner_text() and board[name]["shown"].endswith("?")
    if outcome["winner"] is not None:
        assert board[(ana_name, rui_name)[outcome["winner"]]]["rating"] > 1500
    levels = table.locator("tr.ai-level")
    assert levels.count() == 6 and "1000" in table.locator("tr.ai-level", has_text="anchor").inner_text()
    assert overflows(ana) == []
    ana.screenshot(path=str(shots / f"ratings-table-{width}.png"), full_page=True)
    # an account's page: its rating and the history, its own matches' replays linked
    table.get_by_role("link", name=ana_name).click()
    ana.get_by_role("heading", name=f"Ratings of {ana_name}").wait_for()
    section = ana.locator("section.rating[data-game=triple-triad]")
    assert board[ana_name]["shown"] in section.locator(".shown").inner_text()
    history = section.locator("tbody tr")
    assert history.count() == 1 and "1500?" in history.inner_text()
    assert section.get_by_role("link", name="Replay").count() == 1
    assert overflows(ana) == []
    ana.screenshot(path=str(shots / f"ratings-account-{width}.png"), full_page=True)
    assert ana_problems == [] and rui_problems == []
