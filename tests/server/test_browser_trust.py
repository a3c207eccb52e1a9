"""Issue 38 in the browser: the lobby under the server's own Content-Security-Policy (no test
allowance), an invitation declined there, and the match's rules shown before it is taken."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import httpx
import pytest

sync_api = pytest.importorskip("playwright.sync_api",
                               reason="the browser tests need the browser extra: pip install -e '.[browser]'")

from tcgkit.server.accounts import CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE  # noqa: E402
from tcgkit.server.service import CSP  # noqa: E402

from .conftest import fast, serving  # noqa: E402

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
pytestmark = [pytest.mark.timeout(240),
              pytest.mark.skipif(not Path(CHROMIUM).exists() and not os.environ.get("CI"),
                                 reason="no chromium (apt-get install chromium)")]


@pytest.fixture
def strict(db: str) -> Iterator[str]:
    """The app with the Content-Security-Policy it is served with (no test allowance): its URL."""
    with serving(replace(fast(db), content_security_policy=CSP)) as (url, _app):
        yield url


def test_an_invitation_shows_its_rules_and_is_declined_in_the_lobby(strict: str) -> None:
    url = strict
    ana = httpx.post(url + "/api/signup", json={"name": "ana", "password": "correct horse"})
    rui = httpx.post(url + "/api/signup", json={"name": "rui", "password": "correct horse"})
    made = httpx.post(url + "/api/matches", json={
        "game": "triple-triad", "options": {"trade": "none"},
        "seats": [{"kind": "me"}, {"kind": "invite", "name": "rui"}]},
        headers={CSRF_HEADER: ana.json()["csrf"],
                 "cookie": f"{SESSION_COOKIE}={ana.cookies[SESSION_COOKIE]}"})
    assert made.status_code == 201, made.text
    match_id = made.json()["id"]
    refused: list[str] = []
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        try:
            context = browser.new_context(locale="en-US")
            context.add_cookies([{"name": SESSION_COOKIE, "value": rui.cookies[SESSION_COOKIE], "url": url},
                                 {"name": CSRF_COOKIE, "value": rui.json()["csrf"], "url": url}])
            page = context.new_page()
            page.on("console", lambda m: refused.append(m.text) if "Security Policy" in m.text else None)
            page.goto(url + "/")
            row = page.locator(f"li[data-match='{match_id}']")
            row.wait_for(timeout=30_000)
            text = row.inner_text()
            assert "out of time: the player loses" in text and "the others may claim the win" in text
            assert row.get_by_role("button", name="Accept").is_visible()
            row.get_by_role("button", name="Decline").click()
            row.wait_for(state="detached", timeout=30_000)
        finally:
            browser.close()
    assert httpx.get(f"{url}/api/matches/{match_id}").json()["status"] == "cancelled"
    assert refused == []  # the page needs nothing the policy forbids
