"""The pages' own strings (issue 25): every ``t('key', 'English')`` of the page modules is a
message of the browser's catalogues (read from the modules by ``server/client_words.py``),
translated in Portuguese, Spanish and Chinese, and served by ``GET /api/words``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tcgkit.kernel.words import LANGUAGES, problems
from tcgkit.server.client_words import BROWSER, FOLDER, INTERFACE, STATIC, InterfaceError, interface

CALLS = re.compile(r"(?<![\w.])t\('([a-z][\w.]*)'")


def test_every_t_call_of_the_pages_is_a_message() -> None:
    keys = {key for path in STATIC.glob("*.js") for key in CALLS.findall(path.read_text(encoding="utf-8"))}
    assert len(keys) > 120 and keys == set(INTERFACE)
    assert INTERFACE["table.log"].text == "Log"
    assert INTERFACE["app.language.auto"].text == "the browser's"  # an escaped quote read as one


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_every_interface_string_is_translated(lang: str) -> None:
    assert list(problems(BROWSER, FOLDER, lang)) == []


def test_a_new_string_without_a_translation_is_found(tmp_path: Path) -> None:
    (tmp_path / "page.js").write_text("const a = t('table.log', 'Log');\n"
                                      "const b = t('page.new', 'Words nobody translated');\n")
    found = [p for p in problems(interface(tmp_path), FOLDER, "pt") if "page.new" in p]
    assert found and "not translated" in found[0]


@pytest.mark.parametrize(("source", "said"), [
    ("const k = 'a.b';\nt(k, 'Log');\n", "page.js:2: t() takes a key and its English as string literals"),
    ("t('a.b', 'One');\nt('a.b', 'Two');\n", "page.js:2: 'a.b' is 'Two' here and 'One' at page.js:1"),
])
def test_a_t_call_that_cannot_be_read_is_refused(tmp_path: Path, source: str, said: str) -> None:
    (tmp_path / "page.js").write_text(source)
    with pytest.raises(InterfaceError, match=re.escape(said)):
        interface(tmp_path)


def test_the_strings_are_served_in_the_language_asked(client: Any) -> None:
    pt = client.get("/api/words?lang=pt").json()
    assert pt["lang"] == "pt" and pt["plural"] == ["one", "many", "other"]
    assert pt["strings"]["table.log"] == "Registro"
    assert pt["strings"]["decks.count"] == "{n} {n:carta|de cartas|cartas}"
    assert set(pt["strings"]) == set(INTERFACE)
    zh = client.get("/api/words", headers={"Accept-Language": "zh-TW,zh;q=0.8"}).json()
    assert zh["lang"] == "zh" and zh["strings"]["nav.lobby"] == "大廳"
    english = client.get("/api/words", headers={"Accept-Language": "de"}).json()
    assert english["lang"] == "en" and english["strings"] == {}  # the pages keep their own English
    refused = client.get("/api/words?lang=fr")
    assert refused.status_code == 400 and "fr" in refused.json()["error"]


def test_the_servers_own_results_read_translated_in_the_browser_and_the_terminal() -> None:
    """A clock run out or a claimed absence ends a match with a fixed reason: a word of the
    table's and of the terminal's, the same English in both."""
    from tcgkit.kernel.registry import load_game
    from tcgkit.kernel.words import Words
    from tcgkit.server.client_words import CLAIMED, CLIENT, TIMED_OUT
    from tcgkit.terminal.render import Renderer
    from tcgkit.terminal.seats import Seats
    from tcgkit.terminal.words import TERMINAL

    assert (TERMINAL["term.reason.time"].text, TERMINAL["term.reason.claimed"].text) == (TIMED_OUT, CLAIMED)
    assert Words(CLIENT, "pt", (FOLDER,)).word(TIMED_OUT) == "o perdedor ficou sem tempo"
    renderer = Renderer(load_game("triple-triad"), Seats.numbered(2), "zh")
    ended = {"scores": [1, 0], "winner": 0, "ranks": [0, 1], "reason": CLAIMED, "details": {}}
    assert "落敗方離開了對局" in renderer.outcome(ended)[0]
