"""The browser client's files as the server serves them: the page at ``/``, its modules, the
vendored library unchanged from its npm package, and each game's words for its sentences."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from tcgkit.server.web import STATIC, css_style

VENDORED = STATIC / "vendor" / "htm-preact-standalone.module.js"
# htm 3.1.1, preact/standalone.module.js (vendor/README.md): change both together.
VENDORED_SHA256 = "72284e8e9079c87817145df1110f74e8a2aa040b2fc384922e18dfcb46fc1fd7"


def test_the_vendored_library_is_the_npm_file_unchanged() -> None:
    assert hashlib.sha256(VENDORED.read_bytes()).hexdigest() == VENDORED_SHA256
    readme = (STATIC / "vendor" / "README.md").read_text()
    assert VENDORED_SHA256 in readme and "htm 3.1.1" in readme
    assert (STATIC / "vendor" / "htm-LICENSE.txt").read_text().lstrip().startswith("Apache License")
    assert "MIT License" in (STATIC / "vendor" / "preact-LICENSE.txt").read_text()


def test_the_page_and_its_modules_are_served_at_the_root(client: Any) -> None:
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert '<script type="module" src="/app.js">' in page.text
    for name in ("app.js", "table.js", "words.js", "style.css", "vendor/htm-preact-standalone.module.js"):
        served = client.get(f"/{name}")
        assert served.status_code == 200, name
        assert served.content == (STATIC / name).read_bytes()
    kind = client.get("/app.js").headers["content-type"]
    assert kind.startswith(("text/javascript", "application/javascript"))
    assert client.get("/api/games").status_code == 200  # the API is not shadowed by the files
    assert client.get("/no-such-file.js").status_code == 404


def test_no_module_loads_anything_from_another_site() -> None:
    for path in Path(STATIC).rglob("*"):
        if path.suffix in (".js", ".html", ".css") and path != VENDORED:
            text = path.read_text()
            assert "http://" not in text and "https://" not in text, path
            for line in text.splitlines():
                if line.startswith("import "):
                    assert "from './" in line, (path, line)


def test_each_game_gives_its_words(client: Any) -> None:
    words = client.get("/api/games/triple-triad/words").json()
    assert words["title"] == "Triple Triad" and words["lang"] == "en"
    assert words["messages"]["tt.place"]["text"] == "{player} plays {card} at {cell}"
    assert words["messages"]["tt.place"]["you"] == "{player} play {card} at {cell}"
    assert words["messages"]["tt.flips"]["joins"] == "; "
    styles = client.get("/api/games/conflictus/words").json()["styles"]
    assert styles["faction:luz"] == {"color": "#808000", "bold": True}
    missing = client.get("/api/games/no-such-game/words")
    assert missing.status_code == 404 and "no-such-game" in missing.json()["error"]


def test_a_terminal_style_becomes_a_colour_and_a_weight() -> None:
    assert css_style("bold red") == {"color": "#800000", "bold": True}
    assert css_style("dim") == {"dim": True}
    assert css_style("#12ab34") == {"color": "#12ab34"}
    assert css_style("not a style at all") == {}
