"""A replay link opened in the browser (``static/replay.js``), by someone not signed in, at 360
and 1280 px: it opens at the move and seat the link names, steps forward, back, to the start
and the end and jumps to a move by clicking and by keys, copies the link at the move it
shows, and downloads the record (whose digest checks). A spectator's replay holds no card a
spectator could not know at that move, in any answer the page was sent or any DOM it drew,
until the end."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tcgkit.kernel.record import MatchRecord
from tcgkit.server.client import Client

from .test_browser import CHROMIUM, overflows
from .test_browser import browser as browser  # the module's fixtures: one server, one browser
from .test_browser import live as live
from .test_browser import shots as shots
from .test_browser_play import leaks, told
from .test_replay_terminal import played_out

pytestmark = [pytest.mark.timeout(240), pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                                           reason="no chromium (apt-get install chromium)")]

# Every replay render leaves a copy of the page, by the move it drew.
RECORD_DOM = """(() => {
  window.__dom = [];
  new MutationObserver(() => {
    const view = document.querySelector('.replay-view');
    if (!view) return;
    const last = window.__dom[window.__dom.length - 1];
    const html = document.body.innerHTML;
    if (!last || last[1] !== html) window.__dom.push([Number(view.dataset.version), html]);
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})();"""


@pytest.fixture(scope="module")
def finished(live: tuple[str, Any]) -> tuple[str, str, int, dict[str, Any]]:
    """A hidden-hands Triple Triad match played to its end: (the server, its id, its moves, its record)."""
    client, match, last = played_out(live[0])
    record = client.record(match)
    client.close()
    return live[0], match, last, record


def visitor(browser: Any, width: int) -> tuple[Any, Any, list[str], list[Any]]:
    """A browser context of someone not signed in: its page, what went wrong, the replay answers."""
    context = browser.new_context(viewport={"width": width, "height": 900}, reduced_motion="reduce")
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    context.add_init_script(RECORD_DOM)
    page = context.new_page()
    problems: list[str] = []
    answers: list[Any] = []  # read once the steps are done (not inside the event)
    page.on("pageerror", lambda exc: problems.append(f"page error: {exc}"))
    page.on("console", lambda msg: problems.append(f"console: {msg.text}") if msg.type == "error" else None)
    page.on("response", lambda r: answers.append(r) if "/replay?" in r.url else None)
    return context, page, problems, answers


def at(page: Any, version: int) -> None:
    page.wait_for_function(f"document.querySelector('.replay-view')?.dataset.version === '{version}'")


@pytest.mark.parametrize("width", [360, 1280])
def test_a_replay_link_opens_at_its_move_and_steps_by_clicks_and_keys(
        finished: tuple[str, str, int, dict[str, Any]], browser: Any, shots: Path, width: int) -> None:
    url, match, last, _record = finished
    context, page, problems, _answers = visitor(browser, width)
    page.goto(f"{url}/#/replay/{match}?seat=0&at=3")
    at(page, 3)
    view = page.locator(".replay-view")
    assert view.get_attribute("data-seat") == "0"
    assert page.locator(".replay-at").inner_text() == f"move 3 of {last}"
    assert page.locator("[data-area=hand0] .card.up").count() > 0  # seat 0's own hand
    assert page.locator("[data-area=hand1] .card.up").count() == 0
    assert page.locator(".replay-move[aria-current]").inner_text().startswith("3.")
    page.screenshot(path=str(shots / f"replay-seat0-move3-{width}.png"), full_page=True)
    assert overflows(page) == []

    page.get_by_role("button", name="forward ▶").click()
    at(page, 4)
    assert page.url.endswith(f"#/replay/{match}?seat=0&at=4")  # the address is the link to what is shown
    page.get_by_role("button", name="◀ back").click()
    at(page, 3)
    page.keyboard.press("ArrowRight")
    at(page, 4)
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    at(page, 2)
    page.keyboard.press("End")
    at(page, last)
    assert page.locator(".outcome").count() == 1
    page.keyboard.press("Home")
    at(page, 0)
    page.get_by_role("button", name="end ▶▶").click()
    at(page, last)
    page.get_by_role("button", name="◀◀ start").click()
    at(page, 0)
    page.locator("input[name=replay-at]").fill("5")  # the slider
    at(page, 5)
    page.locator("li[data-move='2'] button").click()  # a move of the list
    at(page, 2)
    assert page.locator("li[data-move='2']").inner_text().startswith("2. Player 2")  # the AI moved second
    assert page.locator("li[data-move='3'] button").inner_text().strip() == "3. You"  # seen by seat 0

    page.get_by_role("button", name="Copy the link to this move").click()
    page.locator(".replay-copied").wait_for()
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == f"{url}/#/replay/{match}?seat=0&at=2"
    page.locator("#replay-seat").select_option("")  # a spectator's view, at the same move
    page.wait_for_function("document.querySelector('.replay-view').dataset.seat === ''")
    assert page.url.endswith(f"#/replay/{match}?at=2")
    assert page.locator("[data-area=hand0] .card.up").count() == 0
    assert problems == []
    context.close()


def test_a_spectators_replay_holds_no_hidden_card_before_the_end_and_the_record_downloads(
        finished: tuple[str, str, int, dict[str, Any]], browser: Any, shots: Path, tmp_path: Path) -> None:
    url, match, last, record = finished
    context, page, problems, answers = visitor(browser, 1280)
    page.goto(f"{url}/#/replay/{match}?at=0")
    at(page, 0)
    for version in range(1, last + 1):
        page.keyboard.press("ArrowRight")
        at(page, version)
    page.screenshot(path=str(shots / "replay-spectator-end-1280.png"), full_page=True)
    _game, everything, known = told({**record, "match": match}, None)
    checked = 0
    for answer in answers:
        text = answer.text()
        version = json.loads(text)["version"]
        assert re.search(rf"/api/matches/{match}/replay\?at={version}$", answer.url), answer.url
        hidden = everything[version] - known[version]
        assert version == last or hidden, version  # before the end, there is something to hide
        assert leaks(text, hidden) == [], (version, leaks(text, hidden))
        checked += 1
    for version, html in page.evaluate("window.__dom"):
        hidden = everything[version] - known[version]
        assert leaks(html, hidden) == [], (version, "DOM", leaks(html, hidden))
        checked += 1
    assert checked > 2 * last
    assert leaks(" ".join(sorted(everything[0] - known[0])), everything[0] - known[0])  # the check can fail

    with page.expect_download() as download:
        page.get_by_role("link", name="Download the record").click()
    saved = tmp_path / "downloaded.json"
    download.value.save_as(saved)
    assert download.value.suggested_filename == f"tcgkit-record-{match}.json"
    assert MatchRecord.load(saved).digest == record["digest"]  # read back, its digest checked
    assert problems == []
    context.close()


def test_a_running_match_or_a_link_past_the_end_says_why(
        finished: tuple[str, str, int, dict[str, Any]], browser: Any) -> None:
    url, match, last, _record = finished
    client = Client(url)
    client.guest()
    running = client.create("triple-triad", {"trade": "none"}, seats=[{"kind": "me"}, {"kind": "open"}])
    context, page, _problems, _answers = visitor(browser, 1280)
    page.goto(f"{url}/#/replay/{running['id']}")
    assert "it is replayed once it is over" in page.get_by_role("alert").inner_text()
    page.goto(f"{url}/#/replay/{match}?at={last + 1}")
    page.reload()
    assert f"at: 0 to {last}" in page.get_by_role("alert").inner_text()
    context.close()
    client.close()


def test_every_move_of_a_final_fantasy_replay_names_no_card_its_viewer_could_not_know(
        live: tuple[str, Any]) -> None:
    """The replay's answers the page is sent, at every move of a hidden-information game with
    hands, decks and draws, from a spectator's view and from each seat's: none names a card
    that viewer could not know by then (the move list's words included)."""
    client = Client(live[0])
    client.guest()
    made = client.create("ff-tcg", {"skulls_to_lose": 3, "villains_to_defeat": 2, "turn_limit": 40},
                         seats=[{"kind": "me"}, {"kind": "ai", "level": "random"}])
    with client.connect(made["id"]) as table:
        while not table.over:
            if table.my_turn:
                table.act(table.scene["moves"][0]["notation"])
            else:
                table.receive()
    record = {**client.record(made["id"]), "match": made["id"]}
    last = len(record["actions"])
    assert last > 20
    for viewer in (None, 0, 1):
        _game, everything, known = told(record, viewer)
        for version in sorted({*range(0, last, max(1, last // 8)), last - 1}):  # not the end: it shows all
            asked = {"at": version} if viewer is None else {"at": version, "seat": viewer}
            text = client.http.get(f"/api/matches/{made['id']}/replay", params=asked).text
            hidden = everything[version] - known[version]
            assert hidden and leaks(text, hidden) == [], (viewer, version, leaks(text, hidden))
    client.close()
