"""Help against the AI, the Triple Triad collection and the pages' languages in the browser
(issue 25): a hint played with one click and an undo, in Portuguese; a trading match's hands
picked from the collections when it is made and when it is joined; the lobby and a Monster
Collection table in Chinese and in Portuguese with no English left."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tcgkit.kernel.registry import find_game, list_games
from tcgkit.kernel.words import Words, folder_of
from tcgkit.server.client_words import FOLDER, INTERFACE, LOBBY, LOBBY_FOLDERS

from .test_browser import CHROMIUM, overflows
from .test_browser import browser as browser  # the module's fixtures: one server, one browser
from .test_browser import live as live
from .test_browser import shots as shots
from .test_browser_play import Person, person

pytestmark = [pytest.mark.timeout(240), pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                                            reason="no chromium (apt-get install chromium)")]
NAME_ID = re.compile(r"#\d+$")
BETWEEN_PLACES = re.compile(r"\{[^{}]*\}")  # a template's places: what is not one is its words


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
    assert hint.inner_text().startswith("A IA escolheria: ")
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


def test_a_late_answer_for_another_game_does_not_hide_the_hand_picker(url: str, browser: Any) -> None:
    """The lobby asks the server whether a match takes hands each time the game or its options
    change; an answer for the game shown before, arriving after Triple Triad's, is dropped."""
    ana = person(browser, url, 1280)
    page = ana.page
    late = re.compile(r"/api/games/(?!triple-triad/)[^/]+/hands$")
    page.route(late, lambda route: (page.wait_for_timeout(1500), route.continue_()))
    page.locator("select[name=game]").select_option("conflictus")
    page.locator("select[name=game]").select_option("triple-triad")
    page.locator("#seat-1").select_option("open")
    page.wait_for_timeout(2500)  # every delayed answer has come back by now
    assert page.locator(".new-match .hand-pool button:enabled").count() > 0
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


def english_left(text: str, lang: str, game: str | None = None) -> list[str]:
    """The English left in ``text`` though it is translated: each string of the interface and
    of the lobby's listing, and with ``game`` each word of the game's and each part of its
    sentences between places (``placed by`` of ``placed by {player}``). The games' own titles
    aside ("Monster Collection TCG" is no "Collection"), and the names of guests and cards."""
    for entry in list_games():
        text = text.replace(entry.cls.title, "")
        if not entry.cls.__module__.startswith("tcgkit.games."):  # a plugin's words are its own:
            text = text.replace(entry.summary, "")  # Brawl, the test plugin, speaks English only
    text = re.sub(r"guest-\d+", "", text)  # a guest's account name
    catalogues = [(INTERFACE, (FOLDER,)), (LOBBY, LOBBY_FOLDERS)]
    if game is not None:
        made = find_game(game).cls()
        for name in sorted(made.card_names(), key=len, reverse=True):
            text = text.replace(name, "")
        catalogues.append((made.messages(), (folder_of(made),)))
    said = [(english, Words(english, lang, folders)) for english, folders in catalogues]
    native = " ".join(words[key].text for english, words in said for key in words.translated)
    left = set()
    for english, words in said:
        for key, message in english.items():
            if key not in words.translated:
                continue
            for part in BETWEEN_PLACES.split(message.text):
                part = part.strip(" ,.:;()|")
                found = rf"(?<!\w){re.escape(part)}(?!\w)"
                if len(part) > 3 and not re.search(found, native) and re.search(found, text):
                    left.add(part)  # English the language itself does not use ("deck" is Portuguese too)
    return sorted(left)


# The table's text but the cards' text (shown in the languages the card data holds: some
# Monster Collection cards have no Chinese text) and the moves' notation (one for every language).
TABLE_TEXT = """() => {
  const apart = [...document.querySelectorAll('[data-card-text], .moves .menu')];
  apart.forEach((e) => { e.style.display = 'none'; });
  const text = document.body.innerText;
  apart.forEach((e) => { e.style.display = ''; });
  return text;
}"""


@pytest.mark.parametrize("lang", ["zh", "pt"])
def test_the_lobby_and_a_monster_collection_table_in_chinese_and_portuguese(
        url: str, browser: Any, shots: Path, lang: str) -> None:
    """The lobby (its listing of the games and AI levels too) and a Monster Collection table
    against the AI with no English left: its cells, parties, counters and values translated."""
    said = Words(INTERFACE, lang, (FOLDER,))
    mei = person(browser, url, 360)
    page = mei.page
    speak(mei, lang)
    page.get_by_role("heading", name=said["lobby.new"].text).wait_for()
    page.locator("details.more-options summary").click()
    summary = page.locator(".new-match .summary")
    summary.wait_for()  # the listing of the games, in the page's language
    page.locator("#level-1 option[value=greedy]").wait_for(state="attached")
    assert english_left(page.locator("body").inner_text(), lang) == []
    assert page.get_by_role("link", name=said["nav.lobby"].text).count() == 1
    page.screenshot(path=str(shots / f"lobby-{lang}-360.png"), full_page=True)
    page.locator("select[name=game]").select_option("monster-collection")
    assert ("本陣" if lang == "zh" else "QG") in summary.inner_text()
    greedy = page.locator("#level-1 option[value=greedy]").inner_text()
    assert greedy == ("休閒" if lang == "zh" else "Casual")
    page.get_by_role("button", name=said["lobby.start"].text).click()
    page.locator(".table [data-area=board] .cell-mark").first.wait_for()
    page.locator(".log li").first.wait_for()
    marks = page.locator(".cell-mark").all_inner_texts()
    assert any(("本陣" if lang == "zh" else " QG ") in mark for mark in marks), marks
    assert any(mark.endswith("空地" if lang == "zh" else " vazia") for mark in marks), marks
    shown = page.evaluate(TABLE_TEXT)
    left = english_left(shown, lang, "monster-collection")
    assert left == [], [line for line in shown.splitlines() if any(word in line for word in left)]
    assert page.locator(".log h3").inner_text() == said["table.log"].text
    page.screenshot(path=str(shots / f"monster-collection-{lang}-360.png"), full_page=True)
    assert overflows(page) == []
    assert mei.problems == []
    mei.context.close()


def test_a_hint_gives_the_chance_to_win_and_why_and_never_a_hidden_card(
        live: tuple[str, Any], browser: Any, shots: Path) -> None:
    """Hands face down: the hint names the seat's chance to win before and after the move (a
    percentage), what it does and the alternatives, and no card of the AI's hidden hand."""
    url, app = live
    ana = person(browser, url, 1280)
    page = ana.page
    page.locator("select[name=game]").select_option("triple-triad")
    page.locator("details.more-options summary").click()
    page.locator("#opt-triple-triad-trade").select_option("none")
    page.locator("#seat-1").select_option("ai")
    page.locator("#level-1").select_option("random")
    page.locator(".new-match button[type=submit]").click()
    page.locator(".table").wait_for()
    page.get_by_role("button", name="Hint").click()
    hint = page.locator(".hint[data-hint]")
    hint.wait_for()
    page.screenshot(path=str(shots / "hint-reasons-1280.png"), full_page=True)
    text = hint.inner_text()
    chances = re.search(r"Your chance to win: (\d+)% now, (\d+)% after this move\.", text)
    assert chances, text
    now, after = map(int, chances.groups())
    assert 0 <= now <= 100 and 0 <= after <= 100
    assert re.search(r"Next best: .+ \(\d+%\)", text)
    assert "It does: You play " in text
    match_id = page.url.rsplit("/", 1)[-1]
    room = app.state.server.rooms[match_id]
    seat = room.state.to_move
    def names_in(hand: list[int]) -> set[str]:
        return {room.game.cards[card].name for card in hand}

    # The AI's cards by name, less the names the seat holds too (a copy in its own hand may
    # be the hint's move: "Fastitocalon@5").
    names = names_in(room.state.hands[1 - seat]) - names_in(room.state.hands[seat])  # type: ignore[attr-defined]
    hints = [frame for _, frame in ana.frames if '"type":"hint"' in frame.replace(" ", "")]
    assert names and hints
    assert not [name for name in names if name in text or any(name in frame for frame in hints)]
    assert ana.problems == []
    ana.context.close()
