"""Whole matches in the browser, people against people and against the AI, every one of
them checked afterwards against the server's record: no card a player could not see was ever
in a WebSocket frame that player received, nor in their page's DOM at that version.

One server and one browser serve the whole module (each person is a browser context of
their own: their own cookies); the matches are shortened by their options (Brasa, a few
rodadas, a turn limit) so the module takes about two minutes here.
"""

from __future__ import annotations

import functools
import json
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tcgkit.kernel.limits import Tally, play
from tcgkit.kernel.registry import load_game

from .test_browser import CHROMIUM, as_guest, overflows
from .test_browser import browser as browser  # the module's fixtures: one server, one browser
from .test_browser import live as live
from .test_browser import shots as shots

pytestmark = [pytest.mark.timeout(300), pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                                            reason="no chromium (apt-get install chromium)")]

# Every main.match render leaves a copy of the page, by the version it drew.
RECORD_DOM = """(() => {
  window.__dom = [];
  new MutationObserver(() => {
    const main = document.querySelector('main.match');
    if (!main || !main.dataset.version) return;
    const last = window.__dom[window.__dom.length - 1];
    const html = document.body.innerHTML;
    if (!last || last[1] !== html) window.__dom.push([location.hash, Number(main.dataset.version), html]);
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})();"""


@pytest.fixture(scope="module")
def url(live: tuple[str, Any]) -> str:
    return live[0]


@dataclass
class Person:
    """One browser context: its page, what went wrong in it, and every frame it received."""

    context: Any
    page: Any
    problems: list[str]
    frames: list[tuple[str, str]] = field(default_factory=list)  # (the socket's address, the frame)

    def version(self) -> int:
        return int(self.page.locator("main.match").get_attribute("data-version") or -1)

    def doms(self, match: str) -> list[tuple[int, str]]:
        return [(int(v), html) for at, v, html in self.page.evaluate("window.__dom") if at.endswith(match)]


def person(browser: Any, url: str, width: int = 1280) -> Person:
    context = browser.new_context(viewport={"width": width, "height": 900}, reduced_motion="reduce")
    context.add_init_script(RECORD_DOM)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda exc: problems.append(f"page error: {exc}"))
    page.on("console", lambda msg: problems.append(f"console: {msg.text}") if msg.type == "error" else None)
    found = Person(context, page, problems)

    def on_socket(ws: Any) -> None:
        ws.on("framereceived", lambda payload: found.frames.append(
            (ws.url, payload if isinstance(payload, str) else payload.decode())))

    page.on("websocket", on_socket)
    as_guest(page, url)
    return found


def create(who: Person, game: str, options: dict[str, str], seats: list[tuple[str, str]]) -> str:
    """A match made through the lobby's form: the game, its options typed into the form built
    from its schema, each seat's kind (and AI level)."""
    page = who.page
    page.locator("select[name=game]").select_option(game)
    page.locator("details.more-options summary").click()
    for name, value in options.items():
        box = page.locator(f"#opt-{game}-{name}")
        if box.evaluate("(e) => e.tagName") == "SELECT":
            box.select_option(value)
        else:
            box.fill(value)
    for number, (kind, level) in enumerate(seats):
        page.locator(f"#seat-{number}").select_option(kind)
        if kind == "ai":
            page.locator(f"#level-{number}").select_option(level)
    page.get_by_role("button", name="Start").click()
    page.wait_for_url(re.compile(r"#/match/"))
    return page.url.rsplit("/", 1)[1]


def join_from_lobby(who: Person, match: str) -> None:
    """Another person finds the match in their lobby's list (it refreshes itself) and joins."""
    who.page.locator(f"li[data-match='{match}'] button", has_text="Join").click()
    who.page.locator("main.match").wait_for()


PLAYABLE = "button.clickable, button.target"


def move(who: Person) -> int:
    """One move by clicking: the first thing to click, then the next, until a move is sent
    (a menu when several fit), and then until the server's answer is drawn. Returns the
    clicks it took."""
    page = who.page
    main = page.locator("main.match")
    before, sent = who.version(), main.get_attribute("data-sent")
    for clicks in range(1, 9):
        playable = page.locator(PLAYABLE)
        menu = page.locator(".menu button")
        target = (menu if clicks > 1 and menu.count() else playable if playable.count()
                  else menu if menu.count() else None)
        if target is None:
            table = page.locator(".table").inner_text()[-300:]
            raise AssertionError(f"nothing to click at {who.version()}: {table}")
        first = target.first
        if "cell-target" in (first.get_attribute("class") or ""):  # a cell with a party on it:
            box = first.bounding_box()  # its name's strip at the foot, which no creature covers
            first.click(position={"x": 6, "y": box["height"] - 5})
        else:
            first.click()
        page.wait_for_timeout(30)  # what a click narrows is drawn at once
        if main.get_attribute("data-sent") != sent:
            page.wait_for_function(f"document.querySelector('main.match').dataset.version !== '{before}'")
            return clicks
    raise AssertionError("no move was sent after 8 clicks")


def yours(who: Person) -> bool:
    return bool(who.page.locator(".pending.yours").count()) and not who.page.locator(".outcome").count()


def play_out(people: list[Person], seconds: float, each: Any = None) -> list[int]:
    """Each person moves when it is their turn until the match is over; the clicks of each move."""
    deadline = time.monotonic() + seconds
    clicks: list[int] = []
    while not all(p.page.locator(".outcome").count() for p in people):
        assert time.monotonic() < deadline, f"no end: {people[0].page.locator('.table').inner_text()[-500:]}"
        acted = False
        for who in people:
            if yours(who):
                if each is not None:
                    each(who)
                clicks.append(move(who))
                acted = True
        if not acted:
            people[0].page.wait_for_timeout(50)
    return clicks


# -- the check against the server's record ----------------------------------------------------------
INSTANCE = re.compile(r"^\S(.*\S)?#(\d+)$")  # an instance game's card: Name#id


def pool_names(game: Any) -> list[str]:
    table = game.card_table()
    names = {str(row.get("label") or row.get("name")) for row in table.rows} if table else set()
    return sorted(names, key=len, reverse=True)


def strings(data: Any) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from strings(value)
    elif isinstance(data, list):
        for value in data:
            yield from strings(value)


def told(record: dict[str, Any], viewer: int | None) -> tuple[Any, list[set[str]], list[set[str]]]:
    """Replayed from the record: for each version, the cards in the whole state (names, and
    each instance's ``Name#id``) and the ones ``viewer`` was told by then (its views and its
    events, from the start)."""
    game = load_game(record["game"], record["options"])
    names = pool_names(game)
    state = game.new_state(record["seed"], record["decks"])
    tally = Tally()
    everything: list[set[str]] = []
    known: list[set[str]] = []
    seen: set[str] = set()

    def cards(data: Any) -> set[str]:
        text = json.dumps(data, ensure_ascii=False)
        return {n for n in names if n in text} | {s for s in strings(data) if INSTANCE.match(s)}

    mark = 0

    def look() -> None:
        nonlocal mark
        seen.update(cards([state.view(viewer), state.events_since(mark, viewer)]))  # the new events
        mark = state.event_count()
        everything.append(cards(state.to_json()))
        known.append(set(seen))

    look()
    for notation in record["actions"]:
        mover = state.to_move
        play(state, state.parse_action(notation, mover), mover, tally)
        look()
    return game, everything, known


@functools.lru_cache(maxsize=64)
def leak_pattern(hidden: frozenset[str]) -> re.Pattern[str] | None:
    """One pattern for every way of naming a hidden card: its name or ``Name#id`` as a word,
    or an instance's ref (``{"kind":"card","id":N}`` in a frame, ``data-ref="card:N"`` in the
    DOM), each alternative a group named by the card's index in ``sorted(hidden)``."""
    parts = []
    for number, card in enumerate(sorted(hidden)):
        ways = [r"(?<![\w#])" + re.escape(card) + r"(?![\w#])"]
        instance = INSTANCE.match(card)
        if instance:
            ref = instance.group(2)
            ways.append(r'"kind": ?"card", ?"id": ?' + ref + r"\b|card:" + ref + '"')
        parts.append(f"(?P<c{number}>{'|'.join(ways)})")
    return re.compile("|".join(parts)) if parts else None


def leaks(text: str, hidden: set[str]) -> list[str]:
    """The hidden cards ``text`` names (by name, ``Name#id`` or ref)."""
    pattern = leak_pattern(frozenset(hidden))
    if pattern is None:
        return []
    cards = sorted(hidden)
    return sorted({cards[int(m.lastgroup[1:])] for m in pattern.finditer(text) if m.lastgroup})


def assert_nothing_hidden_leaked(who: Person, record: dict[str, Any], viewer: int | None) -> int:
    """Every frame ``who`` received and every DOM their page drew holds no card name the
    record says they could not know at that version. Returns how many were checked."""
    _game, everything, known = told(record, viewer)
    checked = 0
    version = -1
    match = record["match"]
    for address, frame in who.frames:
        if f"/api/matches/{match}/" not in address:
            continue
        data = json.loads(frame)
        version = data.get("version") if data.get("version") is not None else version
        if version < 0:
            continue
        hidden = everything[version] - known[version]
        assert leaks(frame, hidden) == [], (viewer, version, leaks(frame, hidden))
        checked += 1
    for version, html in who.doms(match):
        hidden = everything[version] - known[version]
        assert leaks(html, hidden) == [], (viewer, version, "DOM", leaks(html, hidden))
        checked += 1
    return checked


def record_of(who: Person, match: str) -> dict[str, Any]:
    # read as text: the seed is a 62-bit integer, more than a JavaScript number holds exactly
    text = who.page.evaluate(f"fetch('/api/matches/{match}/record').then((r) => r.text())")
    found: dict[str, Any] = json.loads(text)
    assert found["actions"], found
    return {**found, "match": match}


# -- the matches ------------------------------------------------------------------------------------
def test_forge_fury_between_two_people_with_secret_picks_and_a_spectator(
        url: str, browser: Any, shots: Path) -> None:
    ana, rui = person(browser, url), person(browser, url)
    match = create(ana, "forge-fury", {"mode": "brasa"}, [("me", ""), ("open", "")])
    ana.page.locator(".waiting").wait_for()  # the socket is refused until the seat is taken
    join_from_lobby(rui, match)
    ana.page.locator(".table").wait_for()
    watcher = person(browser, url, 360)
    watcher.page.locator(f"li[data-match='{match}'] a", has_text="Watch").click()
    watcher.page.locator(".table").wait_for()
    assert watcher.page.locator(".viewer").inner_text() == "watching"
    sealed_seen: list[str] = []

    def before_each(who: Person) -> None:  # the other side's sealed pick shows as made
        other = rui if who is ana else ana
        mark = who.page.locator(f".sealed[data-sealed='{1 if who is ana else 0}']")
        if mark.count() and other.page.locator(".pending").count():
            sealed_seen.append(mark.inner_text())

    clicks = play_out([ana, rui], 150, before_each)
    assert len(clicks) >= 20  # every round, a sealed pick by each
    assert sealed_seen and all("chose in secret" in s for s in sealed_seen)
    watcher.page.locator(".outcome").wait_for()
    watcher.page.screenshot(path=str(shots / "forge-fury-spectator-over-360.png"), full_page=True)
    assert overflows(watcher.page) == []
    record = record_of(ana, match)
    counts = [assert_nothing_hidden_leaked(ana, record, 0), assert_nothing_hidden_leaked(rui, record, 1),
              assert_nothing_hidden_leaked(watcher, record, None)]
    assert min(counts) > 20, counts
    for who in (ana, rui, watcher):
        assert who.problems == []
        who.context.close()


def test_conflictus_with_three_seats_two_people_and_an_ai(
        url: str, browser: Any, shots: Path) -> None:
    ana, rui = person(browser, url), person(browser, url)
    match = create(ana, "conflictus", {"players": "3", "round_limit": "3"},
                   [("me", ""), ("open", ""), ("ai", "greedy")])
    join_from_lobby(rui, match)
    ana.page.locator(".table").wait_for()
    assert ana.page.locator(".seat").count() == 3
    play_out([ana, rui], 150)
    ana.page.screenshot(path=str(shots / "conflictus-three-seats-over-1280.png"), full_page=True)
    log = ana.page.locator(".log li").all_inner_texts()
    assert any(line.startswith("AI") for line in log), log[-10:]
    record = record_of(rui, match)
    assert len(record["actions"]) > 5
    assert assert_nothing_hidden_leaked(ana, record, 0) > 5
    assert assert_nothing_hidden_leaked(rui, record, 1) > 5
    assert ana.problems == [] and rui.problems == []
    ana.context.close()
    rui.context.close()


def test_final_fantasy_against_the_ai_to_the_end_choosing_targets_by_clicking(
        url: str, browser: Any, shots: Path) -> None:
    ana = person(browser, url)
    match = create(ana, "ff-tcg", {"skulls_to_lose": "3", "villains_to_defeat": "2", "turn_limit": "40"},
                   [("me", ""), ("ai", "greedy")])
    ana.page.locator(".table").wait_for()
    for _ in range(3):  # a game the AI wins at once may ask for no target: a rematch then
        clicks = play_out([ana], 200)
        print(f"ff-tcg: {len(clicks)} moves, {sum(c > 1 for c in clicks)} of them by two clicks or more")
        if max(clicks) >= 2:  # a card, then what it acts on
            break
        ana.page.get_by_role("button", name="Rematch").click()
        ana.page.wait_for_function(f"!location.href.endsWith({json.dumps(match)})")
        match = ana.page.url.rsplit("/", 1)[1]
        ana.page.locator(".table").wait_for()
    ana.page.screenshot(path=str(shots / "ff-tcg-over-1280.png"), full_page=True)
    assert max(clicks) >= 2, ana.page.locator(".log").inner_text()
    assert ana.page.locator(".outcome").inner_text().startswith("The game is over")
    record = record_of(ana, match)
    assert assert_nothing_hidden_leaked(ana, record, 0) > 5
    _game, everything, known = told(record, 0)
    hidden = everything[0] - known[0]  # the AI's hand and deck, at the deal
    assert len(hidden) >= 5 and leaks(f"... {sorted(hidden)[0]} ...", hidden)  # the check can fail
    # the replay: any seat's view, stepped back and forth
    ana.page.get_by_role("link", name="Replay this match").click()
    view = ana.page.locator(".replay-view")
    view.wait_for()
    last = int(view.get_attribute("data-version") or 0)
    assert last == len(record["actions"])
    ana.page.get_by_role("button", name="◀◀ start").click()
    ana.page.wait_for_function("document.querySelector('.replay-view').dataset.version === '0'")
    ana.page.get_by_role("button", name="forward ▶").focus()
    ana.page.keyboard.press("Enter")
    ana.page.wait_for_function("document.querySelector('.replay-view').dataset.version === '1'")
    ana.page.keyboard.press("ArrowLeft")
    ana.page.wait_for_function("document.querySelector('.replay-view').dataset.version === '0'")
    mine = set(ana.page.locator("[data-area=hand0] .card.up .name").all_inner_texts())
    assert mine and ana.page.locator("[data-area=hand1] .card.up").count() == 0
    ana.page.screenshot(path=str(shots / "ff-tcg-replay-1280.png"), full_page=True)
    ana.page.locator("#replay-seat").select_option("1")
    ana.page.wait_for_function("document.querySelector('#replay-seat').value === '1' && "
                               "document.querySelectorAll('[data-area=hand1] .card.up').length > 0")
    assert ana.problems == []
    ana.context.close()


# -- the pages --------------------------------------------------------------------------------------
FOCUSABLE = "a[href], button:not([disabled]), input, select, textarea, summary, [tabindex='0']"


def tab_through(page: Any, limit: int = 80) -> list[str]:
    """Tab from the page's first control round to it again: each control reached (it must
    show a visible focus ring, the style's outline)."""
    page.locator(FOCUSABLE).first.focus()
    reached: list[str] = []
    unseen: list[str] = []
    for _ in range(limit):
        found = page.evaluate("""() => {
          const e = document.activeElement;
          if (!e || e === document.body) return null;
          const style = getComputedStyle(e);
          const name = e.id || e.getAttribute('name') || e.textContent.trim().slice(0, 30) || e.tagName;
          return [name, style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2];
        }""")
        if found is not None:
            if reached and found[0] == reached[0]:  # round again, by the keyboard this time
                if found[1] and unseen[:1] == reached[:1]:
                    unseen.pop(0)
                break
            reached.append(found[0])
            if not found[1]:
                unseen.append(found[0])
        page.keyboard.press("Tab")
    assert unseen == [], f"no visible focus on {unseen}"
    return reached


def test_the_deck_editor_shows_the_games_problems_by_line_and_the_deck_is_played(
        url: str, browser: Any, shots: Path) -> None:
    ana = person(browser, url, 360)
    page = ana.page
    page.get_by_role("link", name="Decks").click()
    page.locator("#deck-game").select_option("ff-tcg")
    page.locator("#deck-text").fill("Asp\nNo Such Card\n// a comment\nWolf")
    problem = page.locator(".deck-problems li[data-line='2']")
    problem.wait_for()
    assert "no card named 'No Such Card'" in problem.inner_text()
    assert page.locator(".deck-problems li[data-line='']").count() >= 1  # the deck's size
    problem.get_by_role("button").click()  # the line, selected in the text
    focus = page.evaluate("[document.activeElement.id, document.activeElement.selectionStart]")
    assert focus == ["deck-text", 4]
    page.locator("#deck-start").select_option("warriors")
    page.locator(".deck-problems .legal").wait_for()
    page.locator("#deck-add").fill("Asp")
    page.get_by_role("button", name="Add", exact=True).click()
    page.locator(".deck-problems li").first.wait_for()  # 61 cards: too many
    assert "61" in page.locator(".deck-problems").inner_text()
    page.locator("#deck-start").select_option("warriors")
    page.locator(".deck-problems .legal").wait_for()
    page.locator("#deck-name").fill("my warriors")
    page.get_by_role("button", name="Save").click()
    page.locator(".saved-decks li[data-deck='my warriors']").wait_for()
    page.screenshot(path=str(shots / "deck-editor-360.png"), full_page=True)
    reached = tab_through(page)
    assert {"deck-game", "deck-name", "deck-start", "deck-text", "deck-add"} <= set(reached), reached
    # the lobby's "me" seat plays it
    page.get_by_role("link", name="Lobby").click()
    page.locator("select[name=game]").select_option("ff-tcg")
    page.locator("#deck-0").select_option("my warriors")
    page.get_by_role("button", name="Start").click()
    page.locator(".table").wait_for()
    warriors = set(json.loads(page.evaluate("fetch('/api/games/ff-tcg/cards').then((r) => r.text())"))
                   ["named_decks"]["warriors"])
    hand = page.locator("[data-area=hand0] .card.up .name").all_inner_texts()
    assert hand and {name.split("#")[0] for name in hand} <= warriors
    assert ana.problems == []
    ana.context.close()


def test_the_lobby_form_a_clock_a_rematch_the_history_and_the_cards(
        url: str, browser: Any, shots: Path) -> None:
    ana = person(browser, url, 360)
    page = ana.page
    page.locator("select[name=game]").select_option("forge-fury")
    page.locator("details.more-options summary").click()
    files = page.locator("#opt-forge-fury-card_files")  # a list field: what is typed stays typed
    files.press_sequentially("ab, ")
    page.wait_for_timeout(300)
    assert files.input_value() == "ab, "
    files.fill("")
    page.wait_for_timeout(300)  # "ab" is no shipped card file: the lobby's rules check was refused
    ana.problems[:] = [p for p in ana.problems if "status of 422" not in p]
    page.locator("select[name=game]").select_option("triple-triad")
    # against an AI no card is staked unless the player asks for a trade
    assert page.locator("#opt-triple-triad-trade").input_value() == "none"
    page.locator("#opt-triple-triad-trade").select_option("one")
    page.locator("#opt-triple-triad-trade").select_option("none")
    page.locator("#opt-triple-triad-open").check()
    page.locator("#clock").select_option("chess")
    page.locator("#clock-seconds").fill("300")
    page.wait_for_timeout(2500)  # the match list refreshes meanwhile: what was typed must stay
    page.screenshot(path=str(shots / "lobby-360.png"), full_page=True)
    reached = tab_through(page)
    assert {"game", "seat-0", "seat-1", "level-1", "opt-triple-triad-same", "clock",
            "clock-seconds"} <= set(reached)
    page.get_by_role("button", name="Start").click()
    page.locator(".table").wait_for()
    first = page.url
    clock = page.locator(".seat.mine .clock.running[role=timer]")  # the server's clock, counting down
    clock.wait_for()
    before = clock.inner_text()
    page.wait_for_timeout(1300)
    assert clock.inner_text() != before and "4:5" in clock.inner_text()
    assert "running" in (clock.get_attribute("aria-label") or "")  # said, not only drawn
    assert page.locator("[data-area=hand1] .card.up").count() >= 4  # Open: the AI's hand (it may have moved)
    play_out([ana], 60)
    page.get_by_role("button", name="Rematch").click()
    page.wait_for_function(f"location.href !== {json.dumps(first)}")
    page.locator(".table").wait_for()
    page.locator("[data-area=hand1] .card.up").first.wait_for()  # the same options: Open
    page.get_by_role("link", name="History").click()
    rows = page.locator(".history li")
    rows.nth(1).wait_for()
    assert rows.count() == 2
    assert "playing" in rows.first.inner_text()
    assert rows.nth(1).get_by_role("link", name="Replay").count() == 1
    page.screenshot(path=str(shots / "history-360.png"), full_page=True)
    assert overflows(page) == []
    page.get_by_role("link", name="Collection").click()
    cards = page.locator("table.owned tbody tr")
    cards.first.wait_for()
    owned = cards.count()
    assert owned == 22  # a new account's: every level-1 and level-2 card once
    page.locator("#collection-level").select_option("1")
    assert 0 < cards.count() < owned
    assert overflows(page) == []
    assert ana.problems == []
    ana.context.close()


def test_the_pages_small_functions(url: str, browser: Any) -> None:
    """Who shows as having chosen in secret over a run of sealed decisions; the interface
    strings' plurals; the options sent are those that differ from the schema's defaults."""
    page = browser.new_page()
    page.goto(url + "/")
    found = page.evaluate("""async () => {
      const { secretMarks } = await import('/table.js');
      const { t } = await import('/ui.js');
      const { changed, fieldKind } = await import('/lobby.js');
      const secret = (p) => ({ player: p, secret: true });
      const open = (p) => ({ player: p, secret: false });
      let marks = new Set();
      const runs = [];
      for (const [before, after] of [[secret(0), secret(1)], [secret(1), secret(2)], [secret(2), secret(0)],
                                     [secret(0), secret(1)], [secret(1), open(0)]]) {
        marks = secretMarks(marks, before, after);
        runs.push([...marks].sort());
      }
      const schema = { properties: { a: { type: 'integer', default: 2 }, b: { anyOf: [{ type: 'integer' },
        { type: 'null' }], default: null }, c: { enum: ['x', 'y'], default: 'x' } } };
      const plural = (n) => t('k', '{n} {n:move|moves}', { n });
      return { runs, one: plural(1), more: plural(3), sent: changed(schema, { a: 2, b: 5, c: 'y' }),
               kept: changed(schema, { a: 2, b: null, c: 'x' }), nullable: fieldKind(schema.properties.b) };
    }""")
    # three players seal in turn (the third's answer ends the run: the first is asked again), then two
    assert found["runs"] == [[0], [0, 1], [], [0], []]
    assert (found["one"], found["more"]) == ("1 move", "3 moves")
    assert found["sent"] == {"b": 5, "c": "y"} and found["kept"] == {}
    assert found["nullable"]["kind"] == "number" and found["nullable"]["nullable"] is True
    page.close()


def test_the_deck_editor_keeps_the_chosen_games_cards_when_an_earlier_answer_comes_late(
        url: str, browser: Any) -> None:
    """The editor asks for the first game's cards as it opens; a reader who picks another game
    at once must keep that game's cards when the first answer comes back last (it replaced them,
    and the other game's starting decks were no longer offered)."""
    ana = person(browser, url, 1280)
    page = ana.page
    held: list[Any] = []

    def hold_all_but_ff_tcg(route: Any) -> None:
        if "/api/games/ff-tcg/" in route.request.url:
            route.continue_()
        else:
            held.append(route)  # answered below, after ff-tcg's

    cards = re.compile(r".*/api/games/[^/]+/cards$")
    page.route(cards, hold_all_but_ff_tcg)
    page.get_by_role("link", name="Decks").click()
    page.locator("#deck-game").select_option("ff-tcg")
    page.locator("#deck-start option[value='warriors']").wait_for(state="attached")
    assert held, "the first game's cards were asked for first"
    for route in held:
        route.continue_()
    page.wait_for_timeout(800)  # the late answer has come back
    assert page.locator("#deck-start option[value='warriors']").count() == 1
    assert page.locator("#deck-game").input_value() == "ff-tcg"
    page.unroute(cards)
