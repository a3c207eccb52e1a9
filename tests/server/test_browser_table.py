"""The table as a player meets it: every game played to its end against the AI by clicking
only, at a desktop's width and (Triple Triad, Monster Collection) a phone's; at the start and
mid-game the board and the viewer's hand on screen together, no text over other text inside a
card; at every move nothing wider than the screen, no card or part of the table over another;
the AI's last move marked; the result dialog at the end.
And for a mid-game scene of every game, every legal move made by clicks alone.

Screenshots of each game at both sizes go to ``TCGKIT_SCREENSHOTS`` (CI keeps them).
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest

from tcgkit.kernel.limits import Tally, play
from tcgkit.kernel.registry import load_game
from tcgkit.kernel.rng import Rng
from tcgkit.server import service

from .test_browser import CHROMIUM, overflows
from .test_browser import browser as browser  # the module's fixtures: one server, one browser
from .test_browser import live as live
from .test_browser import shots as shots
from .test_browser_play import Person, create, move, play_out, yours

pytestmark = [pytest.mark.timeout(420), pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                                            reason="no chromium (apt-get install chromium)")]

DESKTOP = (1280, 800)
PHONE = (360, 740)

# Each game against the AI, shortened by its options so that a whole game takes a minute or two.
GAMES: dict[str, dict[str, str]] = {
    "triple-triad": {},
    "forge-fury": {"mode": "brasa"},
    "ff-tcg": {"skulls_to_lose": "3", "villains_to_defeat": "2", "turn_limit": "24"},
    "conflictus": {"round_limit": "4"},
    "monster-collection": {"turn_limit": "8"},
}

# The deal each match plays. The browser tests' server deals each test the same cards in every
# run (conftest.same_deals); these choose theirs, each to meet a state that once broke the table
# (with drawn seeds one run in a few met it and failed, the next passed), and check it is met:
# Final Fantasy TCG's fight with both sides' luck on the table (at a desktop it lay over the
# hand; at a phone's width it pushed the hand off the screen), Triple Triad's AI opening with a
# thunder card on a small cell (its badge ran over the ranks).
DESKTOP_DEALS = {"triple-triad": 3, "forge-fury": 3, "ff-tcg": 45, "conflictus": 3, "monster-collection": 3}
PHONE_DEALS = {"triple-triad": 1, "forge-fury": 3, "ff-tcg": 45, "conflictus": 3, "monster-collection": 3}
# what each deal must put on the table at some point of the game (or of its first six moves)
DESKTOP_MEETS = {"ff-tcg": "[data-area^=luck]"}
PHONE_MEETS = {"ff-tcg": "[data-area^=luck]", "triple-triad": ".cell .c-badge:has-text('thunder')"}


@pytest.fixture
def deal(monkeypatch: pytest.MonkeyPatch) -> Any:
    """``deal(seed)``: the next matches the server makes are dealt from ``seed``."""
    return lambda seed: monkeypatch.setattr(service, "draw_seed", lambda: seed)


@pytest.fixture(scope="module")
def url(live: tuple[str, Any]) -> str:
    return live[0]


def person(browser: Any, url: str, size: tuple[int, int]) -> Person:
    """A guest at a screen of ``size`` (the lobby's one-click sign-in)."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, reduced_motion="reduce")
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda exc: problems.append(f"page error: {exc}"))
    page.on("console", lambda msg: problems.append(f"console: {msg.text}") if msg.type == "error" else None)
    page.goto(url + "/")
    page.get_by_role("button", name="Play as a guest").click()
    page.get_by_role("heading", name="New match").wait_for()
    page.locator("select[name=game] option[value=triple-triad]").wait_for(state="attached")
    return Person(context, page, problems)


# What the player must see at once: the board (or, in a game without one, the cards in play)
# and their own hand, both inside the viewport, the page scrolled to the board.
ON_SCREEN = """() => {
  const board = document.querySelector('.centre .role-board') || document.querySelector('.my-side');
  const hand = document.querySelector('.dock .role-hand');
  if (!board || !hand) return [`board ${!!board}, hand ${!!hand}`];
  board.scrollIntoView({ block: 'start' });
  const out = [];
  const high = window.innerHeight, wide = document.documentElement.clientWidth;
  for (const [name, e] of [['board', board], ['hand', hand]]) {
    const r = e.getBoundingClientRect();
    if (r.top < -1 || r.bottom > high + 1 || r.left < -1 || r.right > wide + 1)
      out.push(`${name} at ${[r.left, r.top, r.right, r.bottom].map(Math.round)} outside ${wide}x${high}`);
  }
  return out;
}"""

# Text boxes inside one card that overlap (a name over a number, the text over the stats).
TEXT_OVERLAPS = """() => {
  const out = [];
  const parts = ['.name', '.c-cost', '.c-corner', '.c-type', '.c-text', '.c-stat', '.edge', '.c-badge',
    '.owner-tag', '.mark', '.corner', '.field'].join(', ');
  for (const card of document.querySelectorAll('.card.up')) {
    const boxes = [...card.querySelectorAll(parts)].filter((e) => e.closest('.card') === card)
      .map((e) => [e, e.getBoundingClientRect()]).filter(([e, r]) => r.width > 0 && r.height > 0
        && getComputedStyle(e).visibility !== 'hidden');
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
      const [a, p] = boxes[i], [b, q] = boxes[j];
      if (a.contains(b) || b.contains(a)) continue;
      const x = Math.min(p.right, q.right) - Math.max(p.left, q.left);
      const y = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
      if (x > 1 && y > 1) out.push(`${card.getAttribute('aria-label')}: ${a.className} / ${b.className}`);
    }
  }
  return out;
}"""


# At a desktop the opponents' row and your side are kept short and scroll, so that the board or
# a fight keeps its height. Beside a board, the first face-up card of each of their areas is still
# seen whole (a full-size card was cut at its art there); without one, each side's first line of
# cards is (a fight's cards took both sides half their cards' height). A phone's page scrolls.
CUT_BESIDE_THE_BOARD = """() => {
  if (document.documentElement.clientWidth < 900) return [];
  const out = [];
  for (const side of document.querySelectorAll('.opponents, .my-side')) {
    const row = side.getBoundingClientRect();
    const areas = [...side.querySelectorAll('.area')].map((area) => [area, area.getBoundingClientRect()]);
    const firstLine = Math.min(...areas.map(([, r]) => r.top));
    const board = !!side.closest('.with-board');
    for (const [area, box] of areas) {
      const card = area.querySelector('.card.up');
      const r = card && card.getBoundingClientRect();
      if (!r || !r.height || (!board && box.top > firstLine + 2)) continue;
      if (r.top < row.top - 1 || r.bottom > row.bottom + 1)
        out.push(`${area.dataset.area}: ${card.getAttribute('aria-label')} cut by its row`);
    }
    // a rival's hidden cards (a hand, face-down cards, a deck) are seen: their heading and count
    for (const [area, box] of areas) {
      if (side.matches('.opponents') && area.querySelector('.row.hidden') && box.bottom > row.bottom + 1)
        out.push(`${area.dataset.area}: its backs cut by their row`);
    }
  }
  return out;
}"""


def looks_right(who: Person, shot: Path) -> None:
    page = who.page
    page.wait_for_timeout(800)  # the last move's motion settles
    page.screenshot(path=str(shot))
    assert page.evaluate(ON_SCREEN) == [], shot.name
    assert page.evaluate(TEXT_OVERLAPS) == [], shot.name
    wide = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert wide[0] <= wide[1], f"{shot.name}: the page is {wide[0]} px wide in {wide[1]}"
    assert overflows(page) == [], shot.name
    assert page.evaluate(CUT_BESIDE_THE_BOARD) == [], shot.name


def play_against_the_ai(browser: Any, url: str, shots: Path, game: str, size: tuple[int, int],
                        meets: str | None) -> None:
    who = person(browser, url, size)
    create(who, game, GAMES[game], [("me", ""), ("ai", "greedy")])
    page = who.page
    page.locator(".table").wait_for()
    page.locator(".dock .role-hand").wait_for()
    name = f"{game}-{size[0]}"
    looks_right(who, shots / f"{name}-start.png")
    moves = 0
    marked = False
    met = meets is None or page.locator(meets).count() > 0

    def each(_: Person) -> None:
        nonlocal moves, marked, met
        moves += 1
        if moves == 6:
            looks_right(who, shots / f"{name}-mid.png")
        assert overflows(page) == [], f"move {moves}"  # (with the cells' holding)
        # the AI's last move is marked on the table once the AI has moved
        marked = marked or page.locator(".lit").count() > 0
        met = met or page.locator(str(meets)).count() > 0

    play_out([who], 360, each)
    assert moves >= 3, page.locator(".log").inner_text()
    assert marked, "no move was marked on the table"
    assert met, f"the deal never put {meets} on the table"
    result = page.locator(".result")
    result.wait_for()
    page.wait_for_timeout(500)
    page.screenshot(path=str(shots / f"{name}-end.png"))
    title = result.locator("h2").inner_text()
    assert title in ("You won!", "You lost", "A draw") or title.endswith(" won"), title
    for button in ("Rematch", "Replay this match", "Lobby"):
        assert result.get_by_text(button).count() == 1, button
    assert page.evaluate(ON_SCREEN.replace("board.scrollIntoView({ block: 'start' });", "")) is not None
    # the dialog can be set aside to look at the last table, and brought back
    result.get_by_role("button", name="Look at the table").click()
    assert page.locator(".result").count() == 0
    page.get_by_role("button", name="Result").click()
    assert page.locator(".result").count() == 1
    assert not yours(who)
    assert who.problems == []
    who.context.close()


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_to_its_end_by_clicking_on_a_desktop(url: str, browser: Any, shots: Path, deal: Any,
                                                        game: str) -> None:
    deal(DESKTOP_DEALS[game])
    play_against_the_ai(browser, url, shots, game, DESKTOP, DESKTOP_MEETS.get(game))


@pytest.mark.parametrize("game", ["triple-triad", "monster-collection"])
def test_triple_triad_and_monster_collection_to_their_end_on_a_phone(url: str, browser: Any, shots: Path,
                                                                     deal: Any, game: str) -> None:
    deal(PHONE_DEALS[game])
    play_against_the_ai(browser, url, shots, game, PHONE, PHONE_MEETS.get(game))


@pytest.mark.parametrize("game", ["forge-fury", "ff-tcg", "conflictus"])
def test_the_other_games_at_their_start_and_mid_game_on_a_phone(url: str, browser: Any, shots: Path,
                                                                 deal: Any, game: str) -> None:
    """The board (or the cards in play) and the hand on one phone screen, at the start and after
    six moves by clicking."""
    deal(PHONE_DEALS[game])
    who = person(browser, url, PHONE)
    create(who, game, GAMES[game], [("me", ""), ("ai", "greedy")])
    page = who.page
    page.locator(".dock .role-hand").wait_for()
    looks_right(who, shots / f"{game}-360-start.png")
    for _ in range(6):
        deadline = time.monotonic() + 30
        while not yours(who):
            assert time.monotonic() < deadline and not page.locator(".result").count(), "the game ended early"
            page.wait_for_timeout(50)
        move(who)
    meets = PHONE_MEETS.get(game)
    assert meets is None or page.locator(meets).count(), f"six moves in, no {meets} on the table"
    looks_right(who, shots / f"{game}-360-mid.png")
    assert who.problems == []
    who.context.close()


def test_a_card_is_read_whole_by_hovering_or_a_long_press(url: str, browser: Any) -> None:
    """Hovering a card shows it whole beside the table on a desktop; a right click (a long
    press on a phone) opens it over the table, and Escape closes it."""
    who = person(browser, url, DESKTOP)
    create(who, "ff-tcg", GAMES["ff-tcg"], [("me", ""), ("ai", "greedy")])
    page = who.page
    card = page.locator(".dock .role-hand .card.up").first
    card.wait_for()
    name = card.locator(".name").inner_text()
    card.hover()
    inspector = page.locator(".panel .inspector")
    inspector.wait_for()
    assert name in inspector.locator("h4").inner_text()
    assert inspector.locator(".full-field.text").count() == 1  # the rules text, whole
    card.click(button="right")
    zoom = page.locator(".zoom")
    zoom.wait_for()
    assert name in zoom.locator("h4").inner_text()
    page.keyboard.press("Escape")
    assert page.locator(".zoom").count() == 0
    assert who.problems == []
    who.context.close()


# In the page: the table of a scene drawn alone, as seat 0 sees it, in the game's words, once a
# frame and the tasks after it have run.
RENDER_TABLE = """async ([scene, game]) => {
  const { html, render } = await import('/vendor/htm-preact-standalone.module.js');
  const { Table } = await import('/table.js');
  const { loadWords } = await import('/words.js');
  const words = await loadWords(game);
  const root = document.createElement('main');
  document.body.replaceChildren(root);
  render(html`<${Table} scene=${scene} words=${words} ctx=${{ viewer: 0, names: {} }} log=${[]}
    onAct=${() => {}} />`, root);
  await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
}"""


def test_a_card_whose_name_another_card_shares_is_read_whole_with_its_id(url: str, browser: Any) -> None:
    """Two cards on the table with one name show their ids, on the card and in the inspector, so
    the card read whole is told apart from its copy."""
    game = load_game("ff-tcg", {})
    scene = next(s for s in (game.new_state(seed).scene(0, 0).to_json() for seed in range(1, 60))
                 if shared_names(s))
    page = browser.new_page(viewport={"width": DESKTOP[0], "height": DESKTOP[1]})
    page.goto(url + "/")
    page.evaluate(RENDER_TABLE, [scene, "ff-tcg"])
    card = page.locator(".card.up:has(.card-id)").first
    card.wait_for()
    name = card.locator(".name").inner_text()
    assert "#" in name and name.split("#")[0] in shared_names(scene), name
    card.hover()
    assert page.locator(".inspector h4").inner_text().startswith(name)
    page.close()


def shared_names(scene: dict[str, Any]) -> set[str]:
    """The card names two or more faces of the scene share (without their ids)."""
    names = re.findall(r'"name": "([^"]+)#\d+"', json.dumps(scene))
    return {name for name in names if names.count(name) > 1}


# -- every move by clicks ------------------------------------------------------------------------
def mid_game_scene(name: str, seed: int, steps: int,
                   options: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """A scene of a random game after ``steps`` random moves, as its mover sees it (None when
    the game ended before)."""
    game = load_game(name, options or {})
    state = game.new_state(seed)
    rng = Rng(seed)
    tally = Tally()
    for _ in range(steps):
        if state.is_terminal:
            return None
        mover = state.to_move
        actions = state.legal_actions()
        play(state, actions[rng.below(len(actions))], mover, tally)
    if state.is_terminal:
        return None
    return state.scene(state.to_move, 0).to_json()


# In the page: each move of the scene made by clicks: its refs in turn (whatever is drawn for
# them, clickable), then the menu when a click leaves several moves. Returns the moves whose
# clicks made another move, or none.
CLICK_EVERY_MOVE = """async ([scene, game]) => {
  const { html, render } = await import('/vendor/htm-preact-standalone.module.js');
  const { Table } = await import('/table.js');
  const { loadWords } = await import('/words.js');
  const words = await loadWords(game);
  // a frame and then the tasks after it: a render's effects have run
  const tick = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  const root = document.createElement('main');
  document.body.replaceChildren(root);
  const wrong = [];
  for (const [number, move] of scene.moves.entries()) {
    let played = null;
    render(null, root);
    render(html`<${Table} key=${number} scene=${scene} words=${words}
      ctx=${{ viewer: scene.viewer, names: {} }} log=${[]} onAct=${(n) => { played = n; }} />`, root);
    await tick();
    for (const ref of move.refs || []) {
      if (played !== null) break;
      const target = root.querySelector(`.clickable[data-ref="${ref.kind}:${ref.id}"]`);
      if (!target) break;  // not drawn to click: the menu offers it
      if (!target.getClientRects().length) {  // drawn but hidden: no one can click it
        wrong.push(`${move.notation}: ${ref.kind}:${ref.id} is hidden`);
        break;
      }
      target.click();
      await tick();
    }
    if (played === null) {
      const item = [...root.querySelectorAll('.menu button')]
        .find((b) => b.dataset.notation === move.notation);
      if (item) { item.click(); await tick(); }
    }
    if (played !== move.notation) wrong.push(`${move.notation}: ${played}`);
  }
  return wrong;
}"""


@pytest.mark.parametrize("game", list(GAMES))
def test_every_legal_move_of_a_mid_game_scene_is_made_by_clicks(url: str, browser: Any, game: str) -> None:
    page = browser.new_page(viewport={"width": DESKTOP[0], "height": DESKTOP[1]})
    page.goto(url + "/")
    checked = 0
    for seed in range(1, 40):
        scene = mid_game_scene(game, seed, steps=3 + (seed * 7) % (6 if game == "triple-triad" else 40))
        if scene is None or len(scene["moves"]) < 2:
            continue
        assert page.evaluate(CLICK_EVERY_MOVE, [scene, game]) == [], json.dumps(scene["moves"])[:800]
        checked += 1
        if checked == 3:
            break
    assert checked == 3
    page.close()


# In the page: a scene's table drawn alone (the match page's part that holds it), at rest.
DRAW_TABLE = """async ([scene, game]) => {
  const { html, render } = await import('/vendor/htm-preact-standalone.module.js');
  const { Table } = await import('/table.js');
  const { loadWords } = await import('/words.js');
  const words = await loadWords(game);
  const tick = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  let root = document.querySelector('main.page.match');
  if (!root) {
    root = document.createElement('main');
    root.className = 'page match';
    document.body.replaceChildren(root);
  }
  render(null, root);
  render(html`<${Table} scene=${scene} words=${words} ctx=${{ viewer: scene.viewer, names: {} }}
    log=${[]} onAct=${() => {}} />`, root);
  await tick();
  await tick();
}"""


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_many_scenes_of_every_game_are_drawn_apart(url: str, browser: Any, size: tuple[int, int]) -> None:
    """Scenes of random games of every game after a varied number of random moves, each drawn at
    a phone's and a desktop's size: nothing wider than the screen, no card or part of the table
    over another, no text over other text inside a card, no card beside the board or a fight cut
    by its row's edge, nor a rival's hidden cards' count. The games played out above meet one
    deal each; these meet many states (a terrain on a short cell, a long element on a small one,
    the seats' long names, a discard beside the board)."""
    page = browser.new_page(viewport={"width": size[0], "height": size[1]}, reduced_motion="reduce")
    page.goto(url + "/")
    for game in GAMES:
        for seed in range(1, 26):
            scene = mid_game_scene(game, seed, steps=(seed * 7) % (9 if game == "triple-triad" else 80))
            if scene is None:
                continue
            page.evaluate(DRAW_TABLE, [scene, game])
            problems = overflows(page) + page.evaluate(TEXT_OVERLAPS) + page.evaluate(CUT_BESIDE_THE_BOARD)
            assert problems == [], f"{game}, seed {seed}"
    page.close()


# Each rival's cards in play at a desktop: [their heights, how many share the first card's line]
# per area in a row that holds two or more (a set, a warrior with what is attached to it, is a
# column by design).
RIVALS_CARDS_IN_PLAY = """() => [...document.querySelectorAll('.opponents .side .role-play.layout-row')]
  .map((area) => {
    const cards = [...area.querySelectorAll('.card.up')].map((card) => card.getBoundingClientRect());
    const firstLine = cards.filter((r) => Math.abs(r.top - cards[0].top) < 2).length;
    return [cards.map((r) => Math.round(r.height)), firstLine];
  }).filter(([heights]) => heights.length > 1)"""


def test_three_rivals_cards_in_play_stand_two_a_line_at_a_desktop(url: str, browser: Any) -> None:
    """At four, a rival's side is a third of the table's width beside the others': a card they
    play there is one line, its name and numbers (the zoom has the rest), two to a line, so a
    rival's sources, warriors and relics stay in view; at full size one card took the side's
    height and the rest were cut by the row."""
    page = browser.new_page(viewport={"width": DESKTOP[0], "height": DESKTOP[1]}, reduced_motion="reduce")
    page.goto(url + "/")
    seen = 0
    for seed, steps in ((8, 200), (15, 240), (21, 40)):  # random games where a rival has a row of two
        scene = mid_game_scene("conflictus", seed, steps, options={"players": 4})
        assert scene is not None
        page.evaluate(DRAW_TABLE, [scene, "conflictus"])
        for heights, first_line in page.evaluate(RIVALS_CARDS_IN_PLAY):
            seen += 1
            assert max(heights) <= 32 and first_line >= 2, (seed, heights, first_line)
    assert seen >= 3, "the scenes no longer hold a rival's two cards in one area"
    page.close()


def ref_key(ref: dict[str, Any]) -> str:
    return f"{ref['kind']}:{ref['id']}"


def drawn(area: dict[str, Any]) -> list[Any]:
    """The faces the table draws of an area: a pile its top card (the menu offers the rest)."""
    items = area.get("items") or []
    return items[-1:] if area["layout"] == "pile" else items


def pile_choice_scene(game_name: str) -> dict[str, Any]:
    """A scene of a random game whose mover chooses a card drawn in a pile (the top card of a
    deck searched)."""
    game = load_game(game_name, {})
    for seed in range(1, 100):
        state = game.new_state(seed)
        rng = Rng(seed)
        tally = Tally()
        while not state.is_terminal:
            scene = state.scene(state.to_move, 0).to_json()
            in_piles = {ref_key(face["ref"]) for area in scene["areas"] if area.get("role") == "pile"
                        for face in drawn(area) if face and face.get("ref")}
            if any(ref_key(r) in in_piles for move in scene["moves"] for r in move.get("refs", [])):
                return scene
            actions = state.legal_actions()
            play(state, actions[rng.below(len(actions))], state.to_move, tally)
    raise AssertionError(f"no {game_name} game in 99 chose a card of a pile")


def test_a_card_to_choose_from_a_pile_is_shown_on_a_phone(url: str, browser: Any) -> None:
    """A phone draws a pile as its heading and count, except while one of its cards is to be
    chosen: a Final Fantasy TCG deck search shows the deck's cards, and each is clicked (the
    match could not go on on a phone before)."""
    scene = pile_choice_scene("ff-tcg")
    page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
    page.goto(url + "/")
    assert page.evaluate(CLICK_EVERY_MOVE, [scene, "ff-tcg"]) == [], json.dumps(scene["moves"])[:800]
    page.close()


# -- motion ---------------------------------------------------------------------------------------
def test_the_last_move_is_animated_unless_the_reader_asks_for_less_motion(url: str, browser: Any) -> None:
    """A Triple Triad placement that flips a card: the placed card and the flipped one are
    marked and move; with reduced motion they are marked and still."""
    game = load_game("triple-triad", {"same": True})
    for seed in range(1, 200):
        state = game.new_state(seed)
        rng = Rng(seed)
        tally = Tally()
        while not state.is_terminal:
            since = state.event_count()
            mover = state.to_move
            actions = state.legal_actions()
            play(state, actions[rng.below(len(actions))], mover, tally)
            scene = state.scene(0, since).to_json()
            kinds = {c["kind"] for c in scene["changes"]}
            if {"placed", "flipped"} <= kinds:
                break
        else:
            continue
        break
    else:
        raise AssertionError("no placement flipped a card in 200 games")
    names: dict[str, Any] = {}
    for motion in ("no-preference", "reduce"):
        page = browser.new_page(viewport={"width": DESKTOP[0], "height": DESKTOP[1]}, reduced_motion=motion)
        page.goto(url + "/")
        page.evaluate(RENDER_TABLE, [scene, "triple-triad"])
        names[motion] = page.evaluate("""() => Object.fromEntries(
          ['.card.just-placed', '.card.just-flipped'].map((s) => [s,
            [...document.querySelectorAll(s)].map((e) => getComputedStyle(e).animationName)]))""")
        page.close()
    moving, still = names["no-preference"], names["reduce"]
    assert moving[".card.just-placed"] == ["placed"] and moving[".card.just-flipped"], moving
    assert set(moving[".card.just-flipped"]) == {"flipped"}, moving
    assert still[".card.just-placed"] == ["none"] and set(still[".card.just-flipped"]) == {"none"}, still


# -- a move the server makes for a player ---------------------------------------------------------
def test_a_move_the_server_makes_when_time_runs_out_is_marked_in_the_log(url: str, browser: Any) -> None:
    """Alone against the AI with two seconds a decision: the guest waits, the server plays the
    decision's default for them, and the table's log says so at that move."""
    who = person(browser, url, DESKTOP)
    page = who.page
    page.locator("select[name=game]").select_option("triple-triad")
    page.locator("details.more-options summary").click()
    page.locator("#clock").select_option("decision")
    page.locator("#clock-seconds").fill("2")
    page.get_by_role("button", name="Start").click()
    page.locator(".table").wait_for()
    marked = page.locator(".log li", has_text="was made by the server: the player ran out of time")
    marked.first.wait_for(timeout=20_000)
    assert re.match(r"Move [12] ", marked.first.inner_text())  # the guest's first move
    assert who.problems == []
    who.context.close()
