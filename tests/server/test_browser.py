"""The browser table in a real browser: Debian's chromium driven headless, against the server
on a real port (the ``live`` fixture). A guest plays a whole Triple Triad game against the AI
by clicking; every registered game's table opens and draws at a desktop's and a phone's width.

Screenshots go to ``TCGKIT_SCREENSHOTS`` when set (CI keeps them), else to the test's folder.
"""

from __future__ import annotations

import os
import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sync_api = pytest.importorskip("playwright.sync_api",
                               reason="the browser tests need: pip install -e '.[web,browser]'")

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]

MESSAGE_ID = re.compile(r"(^|[\s:])[a-z]+\.[a-z_]+(\.[a-z_/]+)*($|[\s:])")  # tt.flips.basic, untranslated
MY_CARDS = "[data-area^=hand] button.card.clickable"  # the cards of a hand a click may play
pytestmark = [pytest.mark.timeout(240),
              pytest.mark.skipif(not Path(CHROMIUM).exists() and not os.environ.get("CI"),
                                 reason="no chromium (apt-get install chromium)")]


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    """One server for the module (each test's people are guests of their own), dealing each
    test the same cards in every run: (its URL, the app)."""
    from tcgkit.server import service

    from .conftest import fast, same_deals, serving

    with pytest.MonkeyPatch.context() as patch, \
            serving(fast(f"sqlite:///{tmp_path_factory.mktemp('server') / 'server.db'}")) as running:
        patch.setattr(service, "draw_seed", same_deals())
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        print(f"chromium {launched.version}")
        yield launched
        launched.close()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("TCGKIT_SCREENSHOTS") or tmp_path / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def new_page(browser: Any, width: int, height: int = 900) -> tuple[Any, list[str]]:
    # The motion off (as a reader who asks for less motion has it): what is measured is the
    # table at rest, not a card half-way through its flip.
    page = browser.new_page(viewport={"width": width, "height": height}, reduced_motion="reduce")
    problems: list[str] = []
    page.on("pageerror", lambda exc: problems.append(f"page error: {exc}"))
    page.on("console", lambda msg: problems.append(f"console: {msg.text}") if msg.type == "error" else None)
    page.on("request", lambda req: problems.append(f"outside request: {req.url}")
            if not req.url.startswith(("http://127.0.0.1", "ws://127.0.0.1")) else None)
    return page, problems


def as_guest(page: Any, url: str) -> None:
    page.goto(url + "/")
    page.get_by_role("button", name="Play as a guest").click()
    page.get_by_role("heading", name="New match").wait_for()
    page.locator("select[name=game] option[value=triple-triad]").wait_for(state="attached")


def start(page: Any, game: str) -> None:
    page.locator("select[name=game]").select_option(game)
    page.get_by_role("button", name="Start").click()
    page.locator(".table").wait_for()


# Every card on a cell inside its cell, and every creature standing there shown (at least a
# line's slice of it, its centre not covered by anything else): on a small board a crowded
# cell once pushed the creature a move named out of sight under the next cell.
CELLS_HOLD = """() => {
  const out = [];
  for (const cell of document.querySelectorAll('.cell')) {
    const c = cell.getBoundingClientRect();
    for (const card of cell.querySelectorAll('.card')) {
      const r = card.getBoundingClientRect();
      const name = card.getAttribute('aria-label');
      if (r.left < c.left - 1 || r.top < c.top - 1 || r.right > c.right + 1 || r.bottom > c.bottom + 1)
        out.push(`${name} leaves its cell: ${[r.left, r.top, r.right, r.bottom].map(Math.round)}`
                 + ` in ${[c.left, c.top, c.right, c.bottom].map(Math.round)}`);
      const standing = card.closest('.standing');
      if (!standing) continue;
      const s = standing.getBoundingClientRect();
      const top = Math.max(r.top, s.top), bottom = Math.min(r.bottom, s.bottom);
      if (bottom - top < 10) out.push(`${name} shown ${Math.round(bottom - top)} px tall`);
      const x = (r.left + r.right) / 2, y = (top + bottom) / 2;
      const hit = document.elementFromPoint(x, y);  // null off the screen: not judged there
      if (hit && !card.contains(hit) && bottom - top >= 10
          && getComputedStyle(card).pointerEvents !== 'none')
        out.push(`${name} covered by ${hit.className || hit.tagName}`);
    }
  }
  return out;
}"""


def cells_hold(page: Any) -> list[str]:
    found: list[str] = page.evaluate(CELLS_HOLD)
    return found


def overflows(page: Any) -> list[str]:
    """What is drawn outside the viewport's width, over another card or another part of the
    table (a seat, a button, a heading), or too small to tap."""
    found: list[str] = page.evaluate("""() => {
      const out = [];
      const width = document.documentElement.clientWidth;
      const wide = document.documentElement.scrollWidth;
      if (wide > width) out.push(`page ${wide} > ${width}`);
      // What is seen of an element: its box cut by every scrolling box around it (a part of a
      // zone scrolled out of sight is not on the screen, over another part or not).
      const seen = (e) => {
        const r = e.getBoundingClientRect();
        let [left, top, right, bottom] = [r.left, r.top, r.right, r.bottom];
        for (let p = e.parentElement; p; p = p.parentElement) {
          if (getComputedStyle(p).overflow === 'visible') continue;
          const c = p.getBoundingClientRect();
          left = Math.max(left, c.left); top = Math.max(top, c.top);
          right = Math.min(right, c.right); bottom = Math.min(bottom, c.bottom);
        }
        return right - left < 1 || bottom - top < 1 ? null
          : { left, top, right, bottom, width: right - left, height: bottom - top, full: r };
      };
      const boxes = [...document.querySelectorAll('.card, .cell, .seat, .moves, button')].map(
        (e) => [e, seen(e)]).filter(([, r]) => r && r.width > 0);
      for (const [e, r] of boxes) if (r.left < -0.5 || r.right > width + 0.5)
        out.push(`${e.className} at ${Math.round(r.left)}..${Math.round(r.right)}`);
      // (a creature standing on a cell, or beside a crowded one, is a one-line chip: a click on
      // the cell offers its moves in words; so is, at a desktop, a pile's card or a card in play
      // beside a board, which the zoom shows whole)
      const chip = (e) => !!e.closest('.standing, .crowd') || (width >= 900 && !!e.closest(
        '.role-pile, .with-board :is(.opponents, .my-side) .role-play'));
      for (const [e, { full: r }] of boxes)
        if (e.matches('.cell, .card:not(.mini)') && !chip(e)
            && (r.width < 40 || r.height < 40))
          out.push(`${e.className} too small to read or tap: ${Math.round(r.width)}x${Math.round(r.height)}`);
      // the table's parts apart: seats, buttons, headings, what is asked, the clocks
      // (overlays laid over the table by design are left out: a cell's target under what
      // stands on it, the result and the zoom)
      const overlay = (e) => e.matches('.cell-target') || !!e.closest('.result, .zoom');
      const parts = [...document.querySelectorAll(
        '.seat, button, .area > h3, .pending, .outcome, .status p, .log h3')]
        .filter((e) => !overlay(e))
        .map((e) => [e, seen(e)]).filter(([, r]) => r && r.width > 0);
      const said = (e) => `${e.className || e.tagName} "${e.textContent.slice(0, 20)}"`;
      for (let i = 0; i < parts.length; i++) for (let j = i + 1; j < parts.length; j++) {
        const [a, p] = parts[i], [b, q] = parts[j];
        if (a.contains(b) || b.contains(a)) continue;
        const x = Math.min(p.right, q.right) - Math.max(p.left, q.left);
        const y = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
        if (x > 1 && y > 1) out.push(`overlap: ${said(a)} / ${said(b)}`);
      }
      const cards = boxes.filter(([e]) => e.matches('.card') && !e.parentElement.closest('.card')
        && !overlay(e));
      for (let i = 0; i < cards.length; i++) for (let j = i + 1; j < cards.length; j++) {
        const [a, p] = cards[i], [b, q] = cards[j];
        if (a.contains(b) || b.contains(a)) continue;
        // a party standing on its terrain
        if (a.closest('.cell') && a.closest('.cell') === b.closest('.cell')) continue;
        const x = Math.min(p.right, q.right) - Math.max(p.left, q.left);
        const y = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
        const name = (e) => e.getAttribute('aria-label');
        if (x > 1 && y > 1) out.push(`cards overlap: ${name(a)} / ${name(b)}`);
      }
      return out;
    }""")
    return found + cells_hold(page)


def test_a_guest_plays_triple_triad_to_the_end_by_clicking(live: tuple[str, Any], browser: Any,
                                                          shots: Path) -> None:
    url, _app = live
    page, problems = new_page(browser, 1280)
    as_guest(page, url)
    start(page, "triple-triad")
    clicks = taken = 0
    deadline = time.monotonic() + 60
    while not page.locator(".outcome").is_visible():
        if time.monotonic() > deadline:
            page.screenshot(path=str(shots / "triple-triad-stuck-1280.png"), full_page=True)
            raise AssertionError("the game did not end: " + page.locator(".table").inner_text()[-600:])
        cell = page.locator("button.cell.clickable")
        if cell.count() and page.locator(".card.chosen").count() and page.locator(".pending.yours").count():
            # a card chosen already: its click raced a new frame, which kept the choice
            before = page.locator("main").get_attribute("data-version")
            cell.first.click()
            clicks += 1
            page.wait_for_function(f"document.querySelector('main').dataset.version !== '{before}'")
            continue
        hand = page.locator(MY_CARDS)
        if hand.count():
            if clicks == 0:
                page.screenshot(path=str(shots / "triple-triad-first-move-1280.png"))
            before = page.locator("main").get_attribute("data-version")
            changed = f"document.querySelector('main').dataset.version !== '{before}'"
            hand.first.click()  # a card to place, or (a trade rule, after the game) one to take
            page.wait_for_function(f"document.querySelector('button.cell.clickable') || {changed}")
            cell = page.locator("button.cell.clickable")
            if cell.count():
                assert page.locator(".card.chosen").count() >= 1  # picked (with any copy of it)
                cell.first.click()
                clicks += 1
                page.wait_for_function(changed)
            elif not page.locator(".card.chosen").count():  # not a card chosen: one taken
                taken += 1
                page.wait_for_function(changed)
            continue
        won = page.locator("[data-area=board] button.card.clickable")  # a trade rule's pick of a card
        if won.count() and page.locator(".pending.yours").count():     # the loser placed (no hand left)
            before = page.locator("main").get_attribute("data-version")
            won.first.click()
            try:  # a click on a card the next frame redraws is lost: click again (the deadline holds)
                page.wait_for_function(f"document.querySelector('main').dataset.version !== '{before}'",
                                       timeout=5000)
            except sync_api.TimeoutError:
                continue
            taken += 1
            continue
        menu = page.locator(".menu button")  # a trade rule's pick after the game
        if menu.count() and page.locator(".pending.yours").count():
            menu.first.click()
            continue
        page.wait_for_timeout(100)
    page.screenshot(path=str(shots / "triple-triad-over-1280.png"), full_page=True)
    assert page.locator(".log ol").evaluate("(o) => o.scrollTop + o.clientHeight >= o.scrollHeight - 1")
    assert clicks >= 4  # five cards each: the guest placed at least four of them
    assert taken <= 1
    board = page.locator("[data-area=board] .card")
    assert board.count() == 9
    log = page.locator(".log li").all_inner_texts()
    assert any(line.startswith("You play ") for line in log), log
    assert any("AI plays " in line for line in log), log
    assert not [line for line in log if line.startswith("tt.")], log  # every id has its sentence
    assert problems == []
    assert overflows(page) == []


def test_a_move_typed_as_notation_is_played(live: tuple[str, Any], browser: Any) -> None:
    url, _app = live
    page, problems = new_page(browser, 1280)
    as_guest(page, url)
    start(page, "triple-triad")
    page.locator(MY_CARDS).first.wait_for()
    notation = page.locator("#notations option").first.get_attribute("value")
    page.locator("#notation-input").fill("no such card@0")
    page.get_by_role("button", name="play", exact=True).click()
    page.locator(".error").wait_for()  # refused, with the server's reason
    page.locator("#notation-input").fill(notation)
    page.get_by_role("button", name="play", exact=True).click()
    page.locator(".log li", has_text=f"You play {notation.partition('@')[0]} at ").wait_for()
    assert [p for p in problems if "console" not in p] == []


@pytest.mark.parametrize("width", [1280, 360])
def test_every_game_opens_a_table(live: tuple[str, Any], browser: Any, shots: Path, width: int) -> None:
    url, _app = live
    page, problems = new_page(browser, width, 800 if width == 360 else 900)
    as_guest(page, url)
    games = page.locator("select[name=game] option").evaluate_all("(os) => os.map((o) => o.value)")
    assert {"triple-triad", "forge-fury", "conflictus"} <= set(games), games
    for game in games:
        start(page, game)
        page.locator(".seat").first.wait_for()
        assert page.locator(".area").count() >= 1
        page.wait_for_timeout(300)
        page.screenshot(path=str(shots / f"{game}-{width}.png"), full_page=True)
        assert overflows(page) == [], game
        texts = page.locator(".status p, .pending, .log li").all_inner_texts()
        untranslated = [t for t in texts if MESSAGE_ID.search(t)]
        assert untranslated == [], (game, untranslated)
        page.get_by_role("link", name="Lobby").click()
        page.locator("select[name=game] option[value=triple-triad]").wait_for(state="attached")
    assert problems == []


def player(p: int) -> dict[str, Any]:
    return {"kind": "player", "id": p}


BLADE = {"kind": "card", "id": 1}
REFS = "(found) => found.map((e) => e.dataset.ref)"
HARNESS_WORDS = {"title": "Harness", "styles": {"faction:luz": {"color": "#808000", "bold": True}},
                 "messages": {
                     "x.draws": {"text": "{player} draws {count} {count:card|cards}",
                                 "you": "{player} draw {count} {count:card|cards}", "subject": "player",
                                 "joins": "", "first": None},
                     "x.ask": {"text": "play a card or pass", "you": "", "subject": "player", "joins": "",
                               "first": None}}}
HARNESS_SCENE = {
    "game": "harness", "viewer": 0,
    "seats": [{"player": 0, "counters": [{"key": "life", "label": "life", "value": 5}], "to_move": True},
              {"player": 1, "counters": [{"key": "life", "label": "life", "value": 3}]}],
    "areas": [
        {"key": "field", "label": "field", "layout": "grid", "rows": 2, "cols": 2, "turns": {"0": 2},
         "items": [{"name": "Wall", "ref": {"kind": "card", "id": 5}, "owner": 1}, None, None, None],
         "refs": [{"kind": "cell", "id": c} for c in range(4)], "cell_marks": ["fire", None, None, None]},
        {"key": "hand0", "label": "hand", "owner": 0, "layout": "row", "count": 2, "items": [
            {"name": "Blade", "ref": BLADE, "owner": 0, "style": ["faction:luz"], "marks": ["wounded"],
             "fields": [{"key": "power", "label": "power", "value": 3}]},
            {"up": False}]},
        {"key": "deck1", "label": "deck", "owner": 1, "layout": "pile", "count": 30, "hidden": True,
         "items": []},
    ],
    "stack": [{"face": {"name": "Bolt", "ref": {"kind": "card", "id": 9}}, "player": 1}],
    "pending": {"player": 0, "kind": "main", "prompt": {"id": "x.ask", "args": {}}},
    "status": [{"id": "x.draws", "args": {"player": player(0), "count": 1}},
               {"id": "x.draws", "args": {"player": player(1), "count": 2}}],
    "moves": [{"notation": "play Blade@2 fast", "refs": [BLADE, {"kind": "cell", "id": 2}]},
              {"notation": "play Blade@2 slow", "refs": [BLADE, {"kind": "cell", "id": 2}]},
              {"notation": "attack P1", "refs": [BLADE, player(1)]},
              {"notation": "pass", "refs": []}],
}


def test_the_renderer_draws_a_scene_and_turns_clicks_into_moves(live: tuple[str, Any], browser: Any,
                                                                shots: Path) -> None:
    """The table drawn from a made-up scene: a grid rotated for the seat across, a face-down
    card, a style colour and a mark, a hidden pile, the stack, sentences in their "you" form
    and plurals; a card then a cell that fit two moves open a menu, a card then a seat plays;
    a cell clicked first narrows the moves as well."""
    url, _app = live
    page, problems = new_page(browser, 360)
    page.goto(url + "/")
    page.evaluate("""async ([scene, words]) => {
      const { html, render } = await import('/vendor/htm-preact-standalone.module.js');
      const { Table } = await import('/table.js');
      window.played = [];
      const root = document.createElement('main');
      document.body.replaceChildren(root);
      render(html`<${Table} scene=${scene} words=${words} ctx=${{ viewer: 0, names: { 1: 'Rui' } }}
        log=${[]} onAct=${(n) => window.played.push(n)} />`, root);
    }""", [HARNESS_SCENE, HARNESS_WORDS])
    page.locator(".table").wait_for()
    page.screenshot(path=str(shots / "renderer-harness-360.png"), full_page=True)
    cells = page.locator("[data-area=field] .cell").evaluate_all(REFS)
    assert cells == ["cell:3", "cell:2", "cell:1", "cell:0"]  # upside down for this seat
    assert page.locator("[data-area=field] .cell-mark").inner_text() == "fire"
    assert page.locator("[data-area=field] .owner-tag").inner_text() == "Rui"
    assert page.locator(".status p").all_inner_texts() == ["You draw 1 card", "Rui draws 2 cards"]
    assert page.locator(".pending").inner_text() == "You: play a card or pass"
    blade = page.locator("button[data-ref='card:1']")
    assert blade.get_attribute("style") is not None and "#808000" in blade.get_attribute("style")
    assert "wounded" in blade.inner_text() and "power" in blade.inner_text()
    assert blade.locator(".tag").inner_text() == "luz"  # the faction in words, not colour alone
    assert page.locator("[data-area=hand0] .card.back").count() == 1
    assert page.locator("[data-area=deck1] .card.back").count() == 1  # a pile: one back, its count
    assert page.locator("[data-area=deck1] .count").inner_text() == "30"
    assert "Bolt" in page.locator(".stack-area").inner_text()
    assert page.locator(".menu button").all_inner_texts() == ["pass"]  # a move with no refs
    clickable = page.locator("button.clickable").evaluate_all(REFS)
    assert clickable == ["player:1", "cell:2", "card:1"]  # every ref of a move, in any order
    blade.focus()
    page.keyboard.press("Enter")  # by keyboard: a card is a button
    assert page.locator("button.cell.clickable").evaluate_all(REFS) == ["cell:2"]
    assert page.locator("button.seat[data-ref='player:1']").count() == 1
    page.locator("button.cell.clickable").click()
    assert page.locator(".menu button").all_inner_texts() == ["play Blade@2 fast", "play Blade@2 slow"]
    page.get_by_role("menuitem", name="play Blade@2 slow").click()
    assert page.evaluate("window.played") == ["play Blade@2 slow"]
    blade.click()
    page.locator("button.seat[data-ref='player:1']").click()
    assert page.evaluate("window.played") == ["play Blade@2 slow", "attack P1"]
    page.locator("button.cell[data-ref='cell:2']").click()  # the cell first, then the card
    assert page.locator("button.clickable").evaluate_all(REFS) == ["card:1"]
    blade.click()
    assert page.locator(".menu button").count() == 2
    page.get_by_role("button", name="cancel").click()
    assert page.locator(".menu button").all_inner_texts() == ["pass"]
    assert overflows(page) == []
    assert problems == []


def test_a_reload_mid_match_comes_back_to_the_same_table(live: tuple[str, Any], browser: Any) -> None:
    url, _app = live
    page, problems = new_page(browser, 1280)
    as_guest(page, url)
    start(page, "triple-triad")
    page.locator(MY_CARDS).first.click()
    page.locator("button.cell.clickable").first.click()
    page.locator(".log li", has_text="You play").wait_for()
    page.locator(MY_CARDS).first.wait_for()  # the AI has answered: the guest's turn again
    before = page.locator(".log li").all_inner_texts()
    address = page.url
    page.reload()
    page.locator(MY_CARDS).first.wait_for()
    assert page.url == address and "#/match/" in address
    assert page.locator(".log li").all_inner_texts() == before  # the whole log, told once
    played = [line for line in before if line.startswith(("You play ", "AI plays "))]
    assert page.locator("[data-area=board] .card").count() == len(played) >= 2
    assert page.locator(".pending.yours").count() == 1
    assert problems == []


def test_another_guest_watches_and_sees_no_hand(live: tuple[str, Any], browser: Any) -> None:
    url, _app = live
    page, problems = new_page(browser, 1280)
    as_guest(page, url)
    start(page, "triple-triad")
    page.locator(MY_CARDS).first.wait_for()
    mine = page.locator("[data-area^=hand] .card.up .name").all_inner_texts()
    assert len(mine) == 5 - page.locator(".log li", has_text="You play").count()
    watcher = browser.new_context()  # another person: their own cookies
    other = watcher.new_page()
    as_guest(other, url)
    other.goto(page.url)
    other.locator(".table").wait_for()
    assert other.locator(".viewer").inner_text() == "watching"
    assert other.locator(".moves").count() == 0  # a spectator is offered no move
    assert other.locator("[data-area^=hand] .card.up").count() == 0  # both hands are backs
    on_board = set(other.locator("[data-area=board] .name").all_inner_texts())
    hidden = [name for name in mine if name not in on_board]
    assert hidden and not [name for name in hidden if name in other.content()]
    placed = len(on_board)
    page.locator(MY_CARDS).first.click()
    page.locator("button.cell.clickable").first.click()
    other.wait_for_function(f"document.querySelectorAll('[data-area=board] .card').length > {placed}")
    assert other.locator(".log li", has_text=" plays ").count() >= 1  # told in sentences, by name
    watcher.close()
    assert problems == []


def test_a_result_the_server_gives_ends_the_table(live: tuple[str, Any], browser: Any) -> None:
    """A person's clock runs out (one second a decision, lost on time): the table says who
    won and why, and offers no more moves."""
    url, _app = live
    page, problems = new_page(browser, 1280)
    as_guest(page, url)
    made = page.evaluate("""async () => {
      const csrf = document.cookie.split('; ').find((c) => c.startsWith('tcgkit_csrf=')).split('=')[1];
      const r = await fetch('/api/matches', { method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
        body: JSON.stringify({ game: 'triple-triad', options: { trade: 'none' },  // trading: not lost on time
                               seats: [{ kind: 'me' }, { kind: 'ai', level: 'greedy' }],
                               rules: { clock: 'decision', seconds: 1, on_timeout: 'lose' } }) });
      return r.json();
    }""")
    page.goto(f"{url}/#/match/{made['id']}")
    page.locator(".outcome").wait_for(timeout=20_000)
    assert page.locator(".outcome").inner_text().startswith("The game is over: AI won (")
    assert page.locator(".moves").count() == 0
    assert problems == []


def test_sign_up_log_out_and_log_in_again(live: tuple[str, Any], browser: Any) -> None:
    url, _app = live
    page, problems = new_page(browser, 360)
    page.goto(url + "/")
    page.get_by_label("Name").fill("ana")
    page.get_by_label("Password").fill("short")
    page.get_by_role("button", name="Sign up").click()
    page.locator(".error").wait_for()  # the server's reason, shown
    page.get_by_label("Password").fill("correct horse battery")
    page.get_by_role("button", name="Sign up").click()
    page.locator(".who", has_text="ana").wait_for()
    page.get_by_role("button", name="Log out").click()
    page.get_by_role("button", name="Log in").wait_for()
    page.get_by_label("Name").fill("ana")
    page.get_by_label("Password").fill("correct horse battery")
    page.get_by_role("button", name="Log in").click()
    page.locator(".who", has_text="ana").wait_for()
    assert page.locator(".who").inner_text() == "ana"  # an account, not a guest
    assert [p for p in problems if "console" not in p] == []  # the refused sign-up logs a 422
