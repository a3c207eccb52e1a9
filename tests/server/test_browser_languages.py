"""The browser table in Portuguese and Chinese (issue 25): the language chooser reloads the
table in the language chosen, its sentences and seat names translated, no message id left."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .test_browser import MY_CARDS, as_guest, browser, new_page, start  # noqa: F401 (fixture)

pytest.importorskip("playwright.sync_api", reason="the browser tests need: pip install -e '.[web,browser]'")
pytestmark = [pytest.mark.timeout(240)]
MESSAGE_ID = re.compile(r"\b(tt|client)\.[a-z_]+")


def log_in(page: Any, lang: str) -> list[str]:
    page.locator("#language").select_option(lang)  # the choice reloads the page, the match resumes
    page.wait_for_function(f"document.documentElement.lang.startsWith('{lang}')")
    page.locator(".log li").first.wait_for()
    page.locator(MY_CARDS).first.wait_for()
    lines: list[str] = page.locator(".log li").all_inner_texts()
    return lines


def chinese_guest(chromium: Any, url: str) -> tuple[Any, list[str]]:
    """A guest's page at 1280 px switched to Chinese (the lobby's heading read in it), and the
    page's problems as they come."""
    page, problems = new_page(chromium, 1280)
    as_guest(page, url)
    page.locator("#language").select_option("zh")
    page.get_by_role("heading", name="新對局").wait_for()
    return page, problems


def test_the_table_speaks_portuguese_and_chinese(live: tuple[str, Any], browser: Any) -> None:  # noqa: F811
    url, _app = live
    page, problems = new_page(browser, 1280)
    as_guest(page, url)
    start(page, "triple-triad")
    page.locator(MY_CARDS).first.click()
    page.locator("button.cell.clickable").first.click()
    page.locator(".log li", has_text="You play").wait_for()
    portuguese = log_in(page, "pt")
    assert any(line.startswith("Você joga ") for line in portuguese), portuguese
    assert any(" joga " in line and not line.startswith("Você") for line in portuguese), portuguese
    assert not [line for line in portuguese if MESSAGE_ID.search(line) or " plays " in line], portuguese
    # a counter's label, from the catalogue
    assert "placar" in " ".join(page.locator(".seat").all_inner_texts())
    chinese = log_in(page, "zh")
    assert any(line.startswith("你 把 ") for line in chinese), chinese
    assert not [line for line in chinese if MESSAGE_ID.search(line) or "play" in line], chinese
    assert page.locator("#language").input_value() == "zh"
    page.locator("#language").select_option("")  # back to the browser's own language (English here)
    page.locator(".log li", has_text="You play").first.wait_for()
    assert problems == []


def test_an_accounts_language_follows_it_to_another_browser_and_a_guest_keeps_its_own(
        live: tuple[str, Any], browser: Any) -> None:  # noqa: F811
    url, _app = live
    first = browser.new_context(viewport={"width": 360, "height": 900}, locale="en-US")
    page = first.new_page()
    page.goto(url + "/")
    page.get_by_label("Name").fill("lia")
    page.get_by_label("Password").fill("correct horse battery")
    page.get_by_role("button", name="Sign up").click()
    page.get_by_role("heading", name="New match").wait_for()
    page.locator("#language").select_option("pt")  # kept by the account, then the page reloads
    page.get_by_role("heading", name="Nova partida").wait_for()
    first.close()
    other = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    page = other.new_page()
    page.goto(url + "/")
    page.get_by_label("Name").fill("lia")  # a browser that kept nothing: its own English
    page.get_by_label("Password").fill("correct horse battery")
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("heading", name="Nova partida").wait_for()  # the account's language
    assert page.locator("#language").input_value() == "pt"
    assert page.evaluate("document.documentElement.lang") == "pt"
    other.close()
    visitor = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    page = visitor.new_page()
    as_guest(page, url)
    page.locator("#language").select_option("zh")  # a guest's choice: this browser's only
    page.get_by_role("heading", name="新對局").wait_for()
    page.reload()
    page.get_by_role("heading", name="新對局").wait_for()
    assert page.evaluate("fetch('/api/me').then((r) => r.json())")["language"] is None
    visitor.close()


def test_the_waiting_page_names_the_ai_levels_in_the_pages_language(
        live: tuple[str, Any], browser: Any) -> None:  # noqa: F811
    url, _app = live
    page, problems = chinese_guest(browser, url)
    page.locator("select[name=game]").select_option("conflictus")
    page.locator("details.more-options summary").click()
    page.locator("#opt-conflictus-players").fill("3")  # taken as typed: no change event needed
    page.locator("#seat-2").wait_for()
    page.locator("#seat-1").select_option("open")  # the match waits for this seat
    page.locator("#seat-2").select_option("ai")
    page.locator("#level-2").select_option("greedy")
    page.locator("button[type=submit]").click()
    waiting = page.locator(".waiting")
    waiting.locator("li", has_text="休閒").wait_for()  # the level's name, as the lobby gives it
    assert "greedy" not in waiting.inner_text(), waiting.inner_text()
    assert problems == []


def test_the_options_form_reads_in_the_pages_language(live: tuple[str, Any], browser: Any) -> None:  # noqa: F811
    url, _app = live
    page, problems = new_page(browser, 1280)
    as_guest(page, url)
    english = {g["name"]: g["options"]["properties"] for g in
               page.evaluate("fetch('/api/games?lang=en').then((r) => r.json())")}
    for lang, game, heading, word in (("pt", "conflictus", "Nova partida", "mons"),
                                      ("zh", "monster-collection", "新對局", "本陣")):
        page.locator("#language").select_option(lang)
        page.get_by_role("heading", name=heading).wait_for()
        page.locator("select[name=game]").select_option(game)
        page.locator("details.more-options summary").click()
        form = page.locator("fieldset.options").first
        form.locator("small").first.wait_for()
        shown = form.locator("small").all_inner_texts()
        labels = form.locator("label").all_inner_texts()
        untranslated = {p["description"] for p in english[game].values() if "description" in p}
        assert len(shown) == len(untranslated) and not set(shown) & untranslated, shown
        assert not {label.strip() for label in labels} & {p["title"] for p in english[game].values()
                                                          if p["title"] != "Mulligan"}, labels
        assert any(word in text for text in shown), shown  # the rulebook's own word
    assert problems == []


def test_monster_collection_names_its_cards_in_chinese_and_keeps_the_english_at_hand(
        live: tuple[str, Any], browser: Any) -> None:  # noqa: F811
    url, _app = live
    page, problems = chinese_guest(browser, url)
    page.locator("select[name=game]").select_option("monster-collection")
    page.locator("button[type=submit]").click()
    page.locator(".table").wait_for()
    names = page.locator("[data-area^=hand] .card.up .name")
    names.first.wait_for()
    shown = names.all_inner_texts()
    english = [names.nth(i).get_attribute("title") for i in range(names.count())]
    # the Chinese name, its "#id" only where two cards on the table share the name (it tells
    # the copies apart); the English as the notation types it, id and all, at hand
    assert shown and all(CJK.search(name) for name in shown), shown
    assert all(e and not CJK.search(e) and e.rpartition("#")[2].isdigit() for e in english), english
    assert all(s.rpartition("#")[2] == e.rpartition("#")[2] for s, e in zip(shown, english, strict=True)
               if "#" in s), (shown, english)
    label = page.locator("[data-area^=hand] .card.up").first.get_attribute("aria-label") or ""
    assert f"({english[0]})" in label  # the English name, for a screen reader too
    log = " ".join(page.locator(".log li").all_inner_texts())
    named = [s.partition("#")[0] for s in shown]
    assert any(n in log for n in named), log  # a card a sentence names, as its face does
    assert not any(e in log for e in english), log
    assert problems == []


CJK = re.compile(r"[\u4e00-\u9fff]")
